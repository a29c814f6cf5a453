public import Foundation

/// The checkout the tests were built from, for tests that read its files (boards, fonts) or
/// run its scripts: the nearest folder above this file that holds `Package.swift`. Found by
/// looking rather than by counting parent folders, so a test folder can move without every
/// test that reads the checkout pointing at a folder that is not there.
public enum PackageRoot {
    public static let path: String = {
        var folder = #filePath
        repeat {
            guard let slash = folder.lastIndex(of: "/") else { fatalError("no Package.swift above \(#filePath)") }
            folder = String(folder[..<slash])
        } while !FileManager.default.fileExists(atPath: folder + "/Package.swift")
        return folder.isEmpty ? "/" : folder
    }()

    public static var url: URL { URL(fileURLWithPath: path, isDirectory: true) }
}
