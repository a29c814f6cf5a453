import GTFSSchedule
import Testing

/// One store serves many tasks at once, and a re-import never disturbs a store already open.
@Suite struct StoreSharingTests {
    @Test func manyTasksQueryOneStoreAndGetTheSerialAnswers() async throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let store = try SmallFeed().store(in: folder)
        let at = Sydney.at(2026, 4, 13, 7, 30)
        let serial = try store.scheduledDepartures(stopIDs: ["CEN"], at: at)
        #expect(serial.count == 5)

        let answers = try await withThrowingTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<20 {
                        // Interleave the board's query with the realtime side's look-ups.
                        if (task + round) % 2 == 0 {
                            guard try store.scheduledDepartures(stopIDs: ["CEN"], at: at) == serial else { return false }
                        } else {
                            guard store.stopName(stopID: "CEN2") == "Central Platform 2", store.hasTrip(tripID: "T_WK"),
                                store.stopSequence(tripID: "T_WK", stopID: "CEN1") == 3,
                                store.tripStops(tripID: "T_DAILY").map(\.stopID) == ["CEN2", "MID", "END"],
                                store.childStops(of: ["CEN"]) == ["CEN1", "CEN2"]
                            else { return false }
                        }
                    }
                    return true
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers == Array(repeating: true, count: 8))
    }

    @Test func aStoreOpenDuringAReimportKeepsReadingTheFileItOpened() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let old = try SmallFeed().store(in: folder)  // imported for CEN
        #expect(old.hasTrip(tripID: "T_WK") && !old.hasTrip(tripID: "T_OTHER"))

        // The same path imported again for another stop: renamed over the old file.
        let zip = try SmallFeed().zip(in: folder, name: "other.zip")
        try GTFSImporter(stopIDs: ["OTHER"]).importFeed(zipPath: zip, storePath: old.path)

        #expect(old.requestedStopIDs == ["CEN"])
        #expect(old.hasTrip(tripID: "T_WK") && !old.hasTrip(tripID: "T_OTHER"), "the open store still reads its own file")
        #expect(try old.scheduledDepartures(stopIDs: ["CEN"], at: Sydney.at(2026, 4, 13, 7, 30)).count == 5)
        let new = try GTFSStore(path: old.path)
        #expect(new.requestedStopIDs == ["OTHER"])
        #expect(new.hasTrip(tripID: "T_OTHER") && !new.hasTrip(tripID: "T_WK"))
    }
}
