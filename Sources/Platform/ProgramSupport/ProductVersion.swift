/// The project's version and the commit it was built from, for `--version`, the status page
/// and bug reports. The commit comes from Plugins/BuildCommit ("unknown" outside a checkout).
public enum ProductVersion {
    public static let version = "0.24.0"
    public static let commit = BuildCommit.id

    /// One line a bug report can carry: what was built, from which commit, how and for what.
    public static var description: String {
        "\(version) (commit \(commit), \(configuration) build, \(architecture) Linux)"
    }

    private static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    private static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "aarch64"
        #elseif arch(arm)
        "armv7"
        #else
        "other"
        #endif
    }
}
