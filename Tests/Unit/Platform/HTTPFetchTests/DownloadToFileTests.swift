@testable import HTTPFetch
import Foundation
import LoopbackHTTPServer
import Testing

extension LoopbackTests {
    /// Large downloads (a timetable zip) stream into a file, never into memory.
    @Suite struct DownloadsToFile {
        static let body: [UInt8] = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }

        @Test func theBodyLandsInTheFileNotInTheResponse() async throws {
            let path = NSTemporaryDirectory() + "download-\(UUID().uuidString).bin"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await withServer({ _ in .chunked(status: 200, body: Self.body, chunkSize: 65_536) }) { server in
                let result = await fetch(
                    HTTPRequest(url: server.baseURL + "/feed.zip", limits: FetchLimits(maxResponseBytes: 8 << 20), bodyFile: path))
                let response = try #require(result.response)
                #expect(response.status == 200)
                #expect(response.body.isEmpty)
                #expect(FileManager.default.contents(atPath: path) == Data(Self.body))
            }
        }

        @Test func theCapStillHolds() async throws {
            let path = NSTemporaryDirectory() + "download-\(UUID().uuidString).bin"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try await withServer({ _ in .chunked(status: 200, body: Self.body, chunkSize: 65_536) }) { server in
                let result = await fetch(
                    HTTPRequest(url: server.baseURL + "/feed.zip", limits: FetchLimits(maxResponseBytes: 1 << 20), bodyFile: path))
                #expect(result.error == .responseTooLarge(limit: 1 << 20))
            }
        }

        @Test func anUnwritableFileIsNamed() async throws {
            try await withServer({ _ in .text("x") }) { server in
                let result = await fetch(HTTPRequest(url: server.baseURL + "/feed.zip", bodyFile: "/nonexistent-dir/feed.zip"))
                #expect(result.error?.description.contains("/nonexistent-dir/feed.zip") == true)
            }
        }
    }
}
