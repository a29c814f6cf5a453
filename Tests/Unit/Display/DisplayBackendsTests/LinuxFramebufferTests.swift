import Testing
import Framebuffer
@testable import DisplayBackends

@Suite struct LinuxFramebufferTests {
    @Test(arguments: FBLayout.all)
    func fullPresentWritesExactBytesInsidePaddedLines(layout: FBLayout) throws {
        let file = FBTempFile(size: layout.fileSize)
        let fb = try LinuxFramebuffer(path: file.path, geometry: layout.geometry)
        try fb.present(FBScene.frame())
        fb.close()
        // The 4x3 frame lands at the visible area's top-left; column 4, row 3, the line
        // padding, the lines above yoffset and the tail all keep 0xAA.
        #expect(file.contents() == layout.expected(FBScene.pixels()))
    }

    @Test(arguments: FBLayout.all)
    func damageWritesOnlyTheDamagedPartOfDamagedRows(layout: FBLayout) throws {
        let file = FBTempFile(size: layout.fileSize)
        let fb = try LinuxFramebuffer(path: file.path, geometry: layout.geometry)
        let damage = [Rect(x: 1, y: 1, width: 2, height: 1), Rect(x: 3, y: 2, width: 9, height: 9)]
        try fb.present(FBScene.frame(), damage: damage)
        let expected = layout.expected(FBScene.pixels(in: damage[0]) + FBScene.pixels(in: Rect(x: 3, y: 2, width: 1, height: 1)))
        #expect(file.contents() == expected)
    }

    @Test func emptyDamageWritesNothing() throws {
        let layout = FBLayout.all[3]
        let file = FBTempFile(size: layout.fileSize)
        let fb = try LinuxFramebuffer(path: file.path, geometry: layout.geometry)
        try fb.present(FBScene.frame(), damage: [])
        try fb.present(FBScene.frame(), damage: [Rect(x: -5, y: 0, width: 3, height: 3), .zero])
        #expect(file.contents() == layout.expected([]))
    }

    @Test(arguments: FBLayout.all)
    func largerFramesAreClippedToTheVisibleArea(layout: FBLayout) throws {
        let file = FBTempFile(size: layout.fileSize)
        let fb = try LinuxFramebuffer(path: file.path, geometry: layout.geometry)
        let frame = Framebuffer(width: 9, height: 8, format: .rgb888, fill: PixelFormat.rgb888.value(for: .white))
        try fb.present(frame)
        var pixels: [(x: Int, y: Int, color: RGB)] = []
        for y in 0..<4 { for x in 0..<5 { pixels.append((x, y, .white)) } }
        #expect(file.contents() == layout.expected(pixels))
    }

    @Test(arguments: FBLayout.all)
    func blankFillsTheVisibleAreaBlack(layout: FBLayout) throws {
        let file = FBTempFile(size: layout.fileSize)
        let fb = try LinuxFramebuffer(path: file.path, geometry: layout.geometry)
        try fb.present(FBScene.frame())
        try fb.blank()
        var pixels: [(x: Int, y: Int, color: RGB)] = []
        for y in 0..<4 { for x in 0..<5 { pixels.append((x, y, .black)) } }
        #expect(file.contents() == layout.expected(pixels))
        #expect(!fb.isDevice)
        // Drawing after a blank works as before.
        try fb.present(FBScene.frame(), damage: [Rect(x: 0, y: 0, width: 1, height: 1)])
        pixels[0] = (0, 0, RGB(255, 0, 0))
        #expect(file.contents() == layout.expected(pixels))
    }

    @Test func closedFramebufferRefusesToDraw() throws {
        let layout = FBLayout.all[0]
        let file = FBTempFile(size: layout.fileSize)
        let fb = try LinuxFramebuffer(path: file.path, geometry: layout.geometry)
        fb.close()
        fb.close()
        #expect(throws: BusError.self) { try fb.present(FBScene.frame()) }
        #expect(throws: BusError.self) { try fb.blank() }
        #expect(file.contents() == layout.expected([]))
    }
}
