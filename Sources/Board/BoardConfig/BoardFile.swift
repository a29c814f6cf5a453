import SystemFiles

/// A validated board file. All values are filled in: defaults are applied during parsing.
public struct BoardFile: Sendable, Equatable {
    /// The path as given to the loader (not normalised).
    public var path: String
    public var name: String
    public var timezone: String
    /// False when `timezone` is the default: a GTFS board then takes its agency's zone.
    public var timezoneIsExplicit: Bool = false
    /// `language:` (BCP 47): which of a feed's translations riders read (alerts, headsigns);
    /// nil takes the feed's untranslated text.
    public var language: String?
    /// `sources:`, or `source:` as a list of one; never empty.
    public var sources: [SourceSettings]
    public var departures: DepartureSettings
    public var display: DisplaySettings
    /// Where frames go; nil for boards that are only rendered to files.
    public var output: OutputSettings?
    public var schedule: ScheduleSettings
    /// How bright the panel is (the sun's modes); nil without a `brightness:` section.
    public var brightness: BrightnessSettings?
    /// GPIO buttons; nil without a `buttons:` section.
    public var buttons: ButtonSettings?
    /// When the board speaks by itself; nil without an `announce:` section.
    public var announce: AnnounceSettings?
    /// The status page; nil without a `status:` section (no server, no port).
    public var status: StatusSettings?
    /// The voice (`speech:`); its defaults without the section.
    public var speech = SpeechSettings()
    /// When the package updater may install (`updates:`); its default window without the section.
    public var updates = UpdateSettings()

    public init(
        path: String, name: String, timezone: String,
        source: SourceSettings, departures: DepartureSettings, display: DisplaySettings = DisplaySettings(),
        output: OutputSettings? = nil, schedule: ScheduleSettings = ScheduleSettings(), buttons: ButtonSettings? = nil
    ) {
        self.path = path
        self.name = name
        self.timezone = timezone
        self.sources = [source]
        self.departures = departures
        self.display = display
        self.output = output
        self.schedule = schedule
        self.buttons = buttons
    }

    /// The first source: a one-source board's only one.
    public var source: SourceSettings {
        get { sources[0] }
        set { sources[0] = newValue }
    }

    /// How messages name a source's section: `source` on a board of one, else `sources[1]`.
    public func sectionName(ofSource index: Int) -> String {
        sources.count == 1 ? "source" : "sources[\(index)]"
    }

    /// The sources of `kind: gtfs`, by their place in `sources:`.
    public var gtfsSourceIndices: [Int] { sources.indices.filter { sources[$0].kind == .gtfs } }

    /// The board as one of its sources sees it: that source alone (`source` is it).
    public func withSource(_ index: Int) -> BoardFile {
        var one = self
        one.sources = [sources[index]]
        return one
    }

    /// Default zone when a board gives none.
    public static let defaultTimezone = "Australia/Sydney"
}

public enum SourceKind: String, Sendable, Equatable, CaseIterable {
    case demo, api, file, gtfs, onebusaway, siri, json
}

public enum APIKeySource: Sendable, Equatable {
    /// Name of the environment variable holding the key.
    case environment(String)
    /// Path of the file holding the key, resolved against the board file's folder.
    case file(String)
}

/// One source of a board: its kind's own settings, and beside them the keys every kind takes.
public struct SourceSettings: Sendable, Equatable {
    public var kindSettings: SourceKindSettings
    public var refreshInterval: Duration
    /// `label:`, a short name for the place ("Bay A", "Tram"); nil when the file gives none.
    public var label: String?
    /// `walk:`, from the sign to this source's stop.
    public var walk: Duration = .zero
    /// `stale_limit:` for this source alone; nil: the board's `departures.stale_limit`.
    public var staleLimit: Duration?

    public init(_ kindSettings: SourceKindSettings, refreshInterval: Duration = .seconds(30)) {
        self.kindSettings = kindSettings
        self.refreshInterval = refreshInterval
    }

    public var kind: SourceKind { kindSettings.kind }
}

public struct DepartureSettings: Sendable, Equatable {
    public var limit: Int
    public var departedGrace: Duration
    public var staleLimit: Duration
    public var maxBackoff: Duration
    /// `unreachable:` what to do with a departure too soon to walk to.
    public var unreachable: Unreachable = .hide

    public enum Unreachable: String, Sendable, Equatable, CaseIterable {
        case hide, show
    }

    public init(
        limit: Int = 20, departedGrace: Duration = .seconds(60),
        staleLimit: Duration = .seconds(15 * 60), maxBackoff: Duration = .seconds(5 * 60)
    ) {
        self.limit = limit
        self.departedGrace = departedGrace
        self.staleLimit = staleLimit
        self.maxBackoff = maxBackoff
    }
}

/// The folders the installed service may write (`deploy/departure-board.service`): everything
/// else is read-only to it (`ProtectSystem=strict`) and /home, /root, /run/user hidden
/// (`ProtectHome=yes`). Fixed rather than read from `$STATE_DIRECTORY`, so the service and an
/// owner's `gtfs import` or `validate` outside it name the same store.
public enum ServiceFolders {
    /// `StateDirectory=`: timetable stores.
    public static let state = "/var/lib/departure-board"
    /// `RuntimeDirectory=`: an image board's picture.
    public static let runtime = "/run/departure-board"
    /// What `ProtectHome=yes` hides from it.
    public static let hidden = ["/home", "/root", "/run/user"]
}

/// Board file paths: name defaults and resolution of relative paths.
enum BoardPath {
    /// "Boards/preview.yaml" -> "preview"; a leading dot (".board") is not treated as an extension.
    static func defaultName(for path: String) -> String {
        let last = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return last }
        return String(last[..<dot])
    }

    /// Where a GTFS store lives when the board names none: beside the board, unless the board
    /// is in /etc or /usr. Those hold configuration and installed files, never variable data
    /// (FHS), and the service sees them read-only (`ProtectSystem=strict`), so that store lives
    /// in the state folder: /etc/departure-board/board.yaml -> /var/lib/departure-board/board.gtfs.sqlite.
    static func defaultStore(for boardPath: String) -> String {
        defaultStateFile(".gtfs.sqlite", for: boardPath)
    }

    /// The board's name with `suffix`, beside the board or in the state folder, as the store above.
    static func defaultStateFile(_ suffix: String, for boardPath: String) -> String {
        let name = defaultName(for: boardPath) + suffix
        let systemFolders = ["/etc/", "/usr/"]
        let absolute = Folders.absolute(boardPath)
        if systemFolders.contains(where: { absolute.hasPrefix($0) }) { return ServiceFolders.state + "/" + name }
        return resolve(name, against: boardPath)
    }

    /// Resolves `relative` against the folder holding `boardPath`; absolute paths pass through.
    static func resolve(_ relative: String, against boardPath: String) -> String {
        if relative.hasPrefix("/") { return relative }
        guard let slash = boardPath.lastIndex(of: "/") else { return relative }
        return String(boardPath[...slash]) + relative
    }
}
