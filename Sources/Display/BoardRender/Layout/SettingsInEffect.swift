/// Settings a layout cannot honour on its display, so a board file can be told rather than
/// silently ignored (`rows: 9` on a 64-pixel panel, a header with no room under it).
public struct UnusedSetting: Sendable, Equatable {
    /// The `display:` key.
    public var key: String
    public var reason: String
}

extension BoardRenderer {
    /// What the layout will not do of what `options` ask; `header` is only judged when the
    /// file asked for it (its default is on, and quietly dropped on small panels).
    public func unusedSettings(headerAsked: Bool) -> [UnusedSetting] {
        let height = options.logicalSize.height
        switch options.style {
        case .ticker:
            var unused: [UnusedSetting] = []
            if options.rows != nil {
                unused.append(UnusedSetting(key: "rows", reason: "has no effect on the ticker layout (one scrolling line)"))
            }
            if headerAsked && options.header {
                unused.append(UnusedSetting(key: "header", reason: "has no effect on the ticker layout (one scrolling line)"))
            }
            return unused
        case .rows:
            let layout = RowsLayout(options: options)
            var unused: [UnusedSetting] = []
            if headerAsked && options.header && layout.headerHeight == 0 {
                unused.append(
                    UnusedSetting(
                        key: "header",
                        reason: """
                            no room: the header shows only when two departure rows fit under it, and this \
                            \(height)-pixel-high display fits \(layout.rowsFitting(height)) rows of \(layout.rowHeight) px
                            """))
            }
            let fit = max(1, layout.rowsFitting(height - layout.headerHeight))
            if let rows = options.rows, rows > fit {
                let under = layout.headerHeight > 0 ? " under the header" : ""
                unused.append(
                    UnusedSetting(
                        key: "rows",
                        reason: """
                            \(rows) rows asked for, but \(fit) fit\(under) on this \(height)-pixel-high display \
                            (a row is \(layout.rowHeight) px with this font); \(fit) show per page
                            """))
            }
            return unused
        }
    }
}
