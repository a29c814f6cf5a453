extension String {
    /// Without the blanks and line breaks around it: a key file's newline, XML text's
    /// indentation.
    public var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
