import Foundation
import Testing

/// Each program links what it uses: the server program (a sign's status page, the hub) shares
/// source assembly with the sign but none of the display stack. `ldd` lists the whole closure
/// the loader maps; the sign itself is the control, so a check that can no longer see the
/// libraries fails too.
struct LinkClosureTests {
    static let displayLibraries = ["libgpiod", "libi2c"]

    static func sharedLibraries(of program: String) async throws -> [String] {
        let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent(program)
        let run = try await CLI.run([binary.path], executable: URL(fileURLWithPath: "/usr/bin/ldd"))
        try #require(run.status == 0, "ldd \(binary.path) failed: \(run.stderr)")
        // Lines read "\tlibfoo.so.1 => /lib/…/libfoo.so.1 (0x…)": the name is the first field.
        return run.stdout.split(separator: "\n").compactMap {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
    }

    @Test func theServerProgramLinksNoDisplayLibrary() async throws {
        let libraries = try await Self.sharedLibraries(of: "departure-board-web")
        for library in Self.displayLibraries {
            #expect(!libraries.contains { $0.hasPrefix(library) }, "departure-board-web links \(library): \(libraries)")
        }
    }

    /// Loaded with dlopen when first needed (CTLSLoader, CXMLLoader, CShapingLoader,
    /// CFreeTypeLoader, CSpeechLoader, CSoundLoader), so a board that makes no https request,
    /// reads no XML, shows no text to shape, has no font but BDF ones and says nothing never
    /// maps them, nor the ICU and liblzma libxml2 brings, nor the GLib and Graphite HarfBuzz
    /// brings, nor the libpng and brotli FreeType brings, nor espeak-ng's own libraries
    /// (libpcaudio, libsonic, and the PulseAudio client libpcaudio brings), nor libasound.
    static let loadedOnDemand = [
        "libssl", "libcrypto", "libxml2", "libicu", "liblzma", "libharfbuzz", "libfribidi",
        "libglib", "libgraphite2", "libfreetype", "libpng", "libbrotli",
        "libespeak-ng", "libpcaudio", "libsonic", "libpulse", "libasound",
    ]

    @Test(arguments: ["departure-board", "departure-board-web"])
    func librariesLoadedOnDemandAreNotLinked(program: String) async throws {
        let libraries = try await Self.sharedLibraries(of: program)
        for library in Self.loadedOnDemand {
            #expect(!libraries.contains { $0.hasPrefix(library) }, "\(program) links \(library): \(libraries)")
        }
    }

    /// A SIRI board's XML is read: libxml2 is found at run time.
    @Test func theSignLoadsLibXML2ForAnXMLAnswer() async throws {
        let scratch = try ScratchDirectory()
        let answer = try scratch.write(
            "answer.xml", "<Siri xmlns=\"http://www.siri.org.uk/siri\"><ServiceDelivery><StopMonitoringDelivery/></ServiceDelivery></Siri>")
        let run = try await CLI.run(["bench", "--siri-answer", answer])
        #expect(run.status == 0 && run.stdout.contains("0 rows: median"), "\(run.stdout)\(run.stderr)")
    }

    /// `say --output x.wav` speaks: espeak-ng is found at run time.
    @Test func theSignLoadsEspeakToSpeak() async throws {
        let scratch = try ScratchDirectory()
        let run = try await CLI.run([
            "say", "--board", CLI.packageRoot.appendingPathComponent("Boards/preview.yaml").path,
            "--now", "2026-11-23T09:30:00+11:00", "--output", scratch.path("next.wav"),
        ])
        #expect(run.status == 0 && run.stdout.contains("s of speech, voice en"), "\(run.stdout)\(run.stderr)")
    }

    @Test func theSignLinksTheDisplayLibraries() async throws {
        let libraries = try await Self.sharedLibraries(of: "departure-board")
        for library in Self.displayLibraries {
            #expect(libraries.contains { $0.hasPrefix(library) }, "departure-board does not link \(library): \(libraries)")
        }
    }
}
