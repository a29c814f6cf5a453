import DeparturesCore
import Foundation
import GTFSRealtime
import Testing

/// Trip-level rules: cancellation, service-day and start-time matching, staleness.
struct ApplierTripTests {
    let departsAt = RT.secs(9, 40)

    @Test func canceledTripIsACancelledRow() throws {
        let feed = RT.feed([RT.trip("t1", .canceled)])
        let result = RT.apply([RT.row("t1", at: departsAt, platform: "4"), RT.row("t2", at: departsAt)], feed)
        #expect(result.departures.map(\.tripID) == ["t1", "t2"])
        let cancelled = try #require(result.departures.first)
        #expect(cancelled.isCancelled && cancelled.live == (departsAt, 0, true))
        #expect(cancelled.scheduledTimeSecs == departsAt && cancelled.platform == "4")
        #expect(!result.departures[1].isCancelled)
    }

    @Test func deletedTripFromANewerSpecIsDropped() throws {
        let result = RT.apply(
            [RT.row("t1", at: departsAt), RT.row("t2", at: departsAt)],
            RT.feed([try RT.trip("t1", rawRelationship: 7)]))
        #expect(result.departures.map(\.tripID) == ["t2"])
    }

    @Test func duplicatedAndAddedTripsLeaveTheScheduledOneAlone() throws {
        var duplicated = try RT.trip("t1", rawRelationship: 6)
        duplicated.delay = 600
        let added = RT.trip("t2", .added, delay: 600)
        let result = RT.apply([RT.row("t1", at: departsAt), RT.row("t2", at: departsAt)], RT.feed([duplicated, added]))
        #expect(result.departures.map(\.isRealtime) == [false, false])
    }

    @Test func startDatePicksYesterdaysTripPastMidnight() throws {
        // 00:20 on Monday: Sunday's 24:30 run and Monday's 24:30 run share the trip id.
        let now = RT.instant("2026-11-23T00:20:00+11:00")
        let rows = [RT.row("night", day: RT.yesterday, at: RT.secs(24, 30)), RT.row("night", day: RT.today, at: RT.secs(24, 30))]
        let update = RT.trip("night", startDate: "20261122", stops: [RT.stop(seq: 5, departure: RT.event(delay: 300))])
        let result = RT.apply(rows, RT.feed(at: now, [update]), now: now)
        #expect(result.departures.map(\.live).elementsEqual([(RT.secs(24, 35), 300, true), (RT.secs(24, 30), 0, false)], by: ==))

        let tomorrows = RT.trip("night", startDate: "20261123", stops: [RT.stop(seq: 5, departure: RT.event(delay: 60))])
        let other = RT.apply(rows, RT.feed(at: now, [tomorrows]), now: now)
        #expect(other.departures.map(\.isRealtime) == [false, true])
    }

    @Test func withoutStartDateTheInstanceNearestNowIsUpdated() {
        let now = RT.instant("2026-11-23T00:20:00+11:00")
        let rows = [RT.row("night", day: RT.yesterday, at: RT.secs(24, 30)), RT.row("night", day: RT.today, at: RT.secs(24, 30))]
        let update = RT.trip("night", stops: [RT.stop(seq: 5, departure: RT.event(delay: 300))])
        let result = RT.apply(rows, RT.feed(at: now, [update]), now: now)
        #expect(result.departures.map(\.isRealtime) == [true, false])
    }

    @Test func absoluteTimeOfYesterdaysTripCountsFromYesterday() throws {
        let now = RT.instant("2026-11-23T00:20:00+11:00")
        let time = RT.posix(RT.secs(24, 33), on: RT.yesterday)
        let update = RT.trip("night", startDate: "20261122", stops: [RT.stop(seq: 5, departure: RT.event(time: time))])
        let result = RT.apply([RT.row("night", day: RT.yesterday, at: RT.secs(24, 30))], RT.feed(at: now, [update]), now: now)
        #expect(try #require(result.departures.first).live == (RT.secs(24, 33), 180, true))
    }

    @Test func malformedStartDateMatchesNothing() {
        let update = RT.trip("t1", startDate: "2026-11-23", delay: 60)
        #expect(RT.apply([RT.row("t1", at: departsAt)], RT.feed([update])).departures.map(\.isRealtime) == [false])
    }

    @Test func frequencyTripsMatchByStartTime() {
        let rows = [
            RT.row("freq", at: RT.secs(9, 35), startTime: "08:00:00"),
            RT.row("freq", at: RT.secs(9, 45), startTime: "08:10:00"),
        ]
        let update = RT.trip("freq", startTime: "8:10:00", stops: [RT.stop(seq: 5, departure: RT.event(delay: 60))])
        let result = RT.apply(rows, RT.feed([update]))
        #expect(result.departures.map(\.isRealtime) == [false, true])
        #expect(result.departures[1].live == (RT.secs(9, 46), 60, true))

        let untimed = RT.trip("freq", delay: 60)
        #expect(
            RT.apply(rows, RT.feed([untimed])).departures.map(\.isRealtime) == [false, false],
            "a frequency trip needs start_time to be matched")
    }

    @Test func staleFeedIsIgnoredAndReported() {
        let feed = RT.feed(age: 600, [RT.trip("t1", .canceled), RT.trip("t2", delay: 60)])
        let result = RT.apply([RT.row("t1", at: departsAt), RT.row("t2", at: departsAt)], feed)
        #expect(result.isStale)
        #expect(result.departures.map(\.live).elementsEqual([(departsAt, 0, false), (departsAt, 0, false)], by: ==))
        #expect(result.feedTimestamp == RT.now.addingTimeInterval(-600))
        #expect(result.note?.contains("600 s old") == true)
    }

    @Test func staleLimitIsConfigurable() {
        let feed = RT.feed(age: 120, [RT.trip("t1", delay: 60)])
        #expect(RT.apply([RT.row("t1", at: departsAt)], feed, staleLimit: .seconds(60)).isStale)
        #expect(!RT.apply([RT.row("t1", at: departsAt)], feed).isStale)
    }

    @Test func missingHeaderTimestampIsStale() {
        let result = RT.apply([RT.row("t1", at: departsAt)], RT.feed(age: nil, [RT.trip("t1", delay: 60)]))
        #expect(result.isStale)
        #expect(result.feedTimestamp == nil)
        #expect(result.departures.map(\.isRealtime) == [false])
        #expect(result.note?.contains("no header timestamp") == true)
    }

    @Test func noFeedMeansTheTimetable() {
        let result = RT.apply([RT.row("t1", at: departsAt)], nil)
        #expect(!result.isStale)
        #expect(result.note == "no realtime feed")
        #expect(result.departures.map(\.live).elementsEqual([(departsAt, 0, false)], by: ==))
    }

    @Test func deletedEntitiesAreIgnored() {
        var feed = RT.feed([RT.trip("t1", .canceled)])
        feed.entity[0].isDeleted = true
        #expect(RT.apply([RT.row("t1", at: departsAt)], feed).departures.count == 1)
    }
}
