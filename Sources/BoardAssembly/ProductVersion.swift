/// The project's version, shown by status pages and (later) `--version`.
public enum ProductVersion {
    public static let version = "0.14.0"
}
