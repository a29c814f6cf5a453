import Foundation
@testable import GTFSRealtime
import Testing
import ZoneInfo

struct GTFSTextTests {
    @Test(arguments: [("08:10:00", 29_400), ("8:10:00", 29_400), ("25:15:35", 90_935), ("00:00:00", 0)])
    func times(text: String, seconds: Int) {
        #expect(GTFSText.seconds(fromTime: text) == seconds)
    }

    @Test(arguments: ["", "8:10", "08:60:00", "08:10:61", "ab:cd:ef", "08:1:00", "-1:00:00", "08:10:00:00"])
    func badTimes(text: String) {
        #expect(GTFSText.seconds(fromTime: text) == nil)
    }

    @Test func dates() {
        #expect(GTFSText.date(fromYYYYMMDD: "20261122") == CivilDate(year: 2026, month: 11, day: 22))
        #expect(GTFSText.date(fromYYYYMMDD: "20240229") == CivilDate(year: 2024, month: 2, day: 29))
        for bad in ["20250229", "20261131", "20261301", "20260000", "2026-11-22", "2026112", "202611223"] {
            #expect(GTFSText.date(fromYYYYMMDD: bad) == nil, "\(bad)")
        }
    }

    @Test func unknownFieldScanFindsTheLastValueAndSurvivesJunk() {
        let data: [UInt8] = [0x0A, 0x02, 0x41, 0x42, 0x20, 0x06, 0x15, 1, 2, 3, 4, 0x20, 0x07]
        #expect(WireScan.lastVarint(field: 4, in: .init(data)) == 7)
        #expect(WireScan.lastVarint(field: 4, in: .init([0x0A, 0x7F, 0x01])) == nil, "truncated length")
        #expect(WireScan.lastVarint(field: 4, in: .init([0x20, 0x07, 0x23])) == 7, "a group ends the scan")
    }
}
