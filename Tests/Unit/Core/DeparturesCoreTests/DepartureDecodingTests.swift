import DeparturesCore
import Testing

struct DepartureDecodingTests {
    static let valid = """
        {"data": [{"trip_id": "T1-1", "route_short_name": "T1", "headsign": "Emu Plains",
          "scheduled_time_secs": 34200, "realtime_time_secs": 34320, "delay_s": 120, "realtime": true,
          "vehicle_id": "A12", "occupancy": 3}]}
        """

    @Test func decodesTheContractAndIgnoresExtraKeys() throws {
        let response = try DeparturesDecoder.decode(Array(Self.valid.utf8))
        #expect(
            response.data == [
                Departure(
                    tripID: "T1-1", routeShortName: "T1", headsign: "Emu Plains",
                    scheduledTimeSecs: 34_200, realtimeTimeSecs: 34_320,
                    delaySeconds: 120, isRealtime: true)
            ])
    }

    @Test func emptyDataIsValid() throws {
        #expect(try DeparturesDecoder.decode(Array(#"{"data": []}"#.utf8)).data.isEmpty)
    }

    static let one =
        #""trip_id": "a", "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": 0"#

    @Test(arguments: [
        (
            #"{"data": [{"route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#,
            "data[0].trip_id: missing"
        ),
        (#"{"data": [{\#(one), "realtime": "yes"}]}"#, "data[0].realtime: expected true or false"),
        (#"{"data": [{\#(one), "realtime": true}, {\#(one), "realtime": null}]}"#, "data[1].realtime: null, expected true or false"),
        (
            #"{"data": [{"trip_id": 5, "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#,
            "data[0].trip_id: expected a string"
        ),
        (
            #"{"data": [{"trip_id": "a", "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1.5, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#,
            "data[0].scheduled_time_secs: expected a whole number"
        ),
        (
            #"{"data": [{"trip_id": "", "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#,
            "data[0].trip_id: empty"
        ),
        (
            #"{"data": [{"trip_id": "a", "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": -5, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#,
            "data[0].scheduled_time_secs: -5 is outside 0..<172800 (seconds from the start of a service day)"
        ),
        (
            #"{"data": [{"trip_id": "a", "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 172800, "delay_s": 0, "realtime": true}]}"#,
            "data[0].realtime_time_secs: 172800 is outside 0..<172800 (seconds from the start of a service day)"
        ),
        // Int.min used to trap in abs() (also replayed from Tests/Fuzz/Corpus/fuzz-departures/delay-int-min.json).
        (
            #"{"data": [{"trip_id": "a", "route_short_name": "T1", "headsign": "H", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": -9223372036854775808, "realtime": true}]}"#,
            "data[0].delay_s: -9223372036854775808 is a day or more"
        ),
        (#"{"data": {}}"#, "data: expected an array"),
        (#"{"departures": []}"#, "data: missing"),
        (#"[]"#, "expected an object"),
        (#"{"data": [}"#, "not valid JSON"),
        (#""#, "not valid JSON"),
    ])
    func rejectsTheWholeResponseNamingTheFirstProblem(json: String, expected: String) {
        #expect(throws: DeparturesDataError.self) { try DeparturesDecoder.decode(Array(json.utf8)) }
        do {
            _ = try DeparturesDecoder.decode(Array(json.utf8))
        } catch {
            #expect(error.description == expected)
        }
    }

    /// 513 open arrays made Foundation's JSON scanner trap (found by fuzz-departures; both
    /// findings are in Tests/Fuzz/Corpus/fuzz-departures/crash-deep-nesting-*.json).
    /// Brackets inside strings do not count.
    @Test func deepNestingIsRefusedNotATrap() throws {
        for json in [
            String(repeating: "[", count: 513), String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            #"{"data": "# + String(repeating: "[{", count: 40),
        ] {
            #expect(throws: DeparturesDataError(path: "", problem: "not valid departures JSON (nested more than 64 levels deep)")) {
                try DeparturesDecoder.decode(Array(json.utf8))
            }
        }
        // The headsign's JSON text is \"{{{…{\" : an escaped quote must not end the string.
        let braces = String(repeating: "{", count: 100)
        let bracketsInStrings =
            #"{"data": [{"trip_id": "[[[[", "route_short_name": "T1", "headsign": "\""# + braces
            + #"\"", "scheduled_time_secs": 1, "realtime_time_secs": 1, "delay_s": 0, "realtime": true}]}"#
        #expect(try DeparturesDecoder.decode(Array(bracketsInStrings.utf8)).data.first?.headsign == "\"" + braces + "\"")
    }
}
