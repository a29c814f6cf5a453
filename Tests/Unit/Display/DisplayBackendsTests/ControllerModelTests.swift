import Framebuffer
@testable import DisplayBackends
import PanelCatalog
import Testing

/// The controller models own each chip's sizes and format; the panel table states them again
/// for board-file validation (PanelCatalog knows no drivers). Here the two are kept in step.
@Suite struct ControllerModelTests {
    static let models: [any ControllerModel.Type] = [
        SSD1306Model.self, SH1106Model.self, SSD1322Model.self, SSD1680Model.self, UC8179Model.self,
        HT16K33Model.self, MAX7219Model.self,
    ]

    @Test func thePanelTableAgreesWithEveryModel() {
        for model in Self.models {
            let facts = PanelFacts.of(model.catalogEntry)
            #expect(facts.formats == [model.format], "\(model.catalogEntry)")
            #expect(facts.geometry == model.geometry, "\(model.catalogEntry)")
        }
    }

    @Test func everyPanelOnABusHasOneModel() {
        let modelled = Self.models.map { $0.catalogEntry }
        #expect(Set(modelled).count == modelled.count)
        #expect(Set(PanelFacts.all.filter { !$0.buses.isEmpty }.map(\.model)) == Set(modelled))
    }

    @Test func driversTakeTheFramesTheirModelsAndThePanelTableDescribe() throws {
        let io = TraceIO { _ in }
        let layout = try #require(MAX7219Layout(modules: 6, rows: 2))
        let drivers: [(any PanelDriver, any ControllerModel)] = [
            (SSD1306Driver(io: io, size: .oled128x64), SSD1306Model(size: .oled128x64)),
            (SSD1306Driver(io: io, size: .oled128x32), SSD1306Model(size: .oled128x32)),
            (SH1106Driver(io: io), SH1106Model()), (SSD1322Driver(io: io), SSD1322Model()),
            (SSD1680Driver(io: io), SSD1680Model()), (UC8179Driver(io: io), UC8179Model(colors: .blackWhite)),
            (HT16K33Driver(io: io), HT16K33Model()), (MAX7219ChainDriver(io: io, layout: layout), MAX7219Model(layout: layout)),
        ]
        for (driver, model) in drivers {
            let entry = type(of: model).catalogEntry
            #expect(driver.width == model.width && driver.height == model.height && driver.format == type(of: model).format, "\(entry)")
            #expect(PanelFacts.of(entry).accepts(format: driver.format, width: driver.width, height: driver.height), "\(entry)")
        }
    }

    @Test func aFrameOfAnotherSizeOrFormatIsNamedNotDrawn() throws {
        let model = SSD1306Model(size: .oled128x32)
        #expect(throws: Never.self) { try model.check(Framebuffer(width: 128, height: 32, format: .mono), device: "SSD1306") }
        let error = try #require(throws: BusError.self) {
            try model.check(Framebuffer(width: 128, height: 64, format: .mono), device: "SSD1306")
        }
        #expect(error.description == "SSD1306: frame is 128×64 mono, panel takes 128×32 mono")
        #expect(throws: BusError.self) { try model.check(Framebuffer(width: 128, height: 32, format: .gray4), device: "SSD1306") }
    }
}
