public import DeparturesCore
import SwiftProtobuf
import ZoneInfo

/// How full a trip's vehicle is, as a VehiclePosition tells it.
public struct Crowding: Sendable, Hashable {
    public var occupancy: Occupancy?
    public var percent: Int?
    /// Front to back by carriage_sequence; nil for a carriage without data.
    public var carriages: [Occupancy?]?

    public init(occupancy: Occupancy? = nil, percent: Int? = nil, carriages: [Occupancy?]? = nil) {
        self.occupancy = occupancy
        self.percent = percent
        self.carriages = carriages
    }

    var isEmpty: Bool { occupancy == nil && percent == nil && carriages == nil }
}

/// Crowding by trip from VehiclePosition entities (a VehiclePositions feed, or the
/// vehicles a combined feed carries beside its TripUpdates). A vehicle names its trip by
/// trip_id; where it gives start_date, only that day's instance of the trip is matched.
public struct VehicleCrowding: Sendable {
    struct Entry: Sendable {
        var startDate: CivilDate?
        var crowding: Crowding
    }

    var byTrip: [String: [Entry]] = [:]

    public init() {}

    /// The feeds in order of trust: a trip's vehicles are taken from the first feed that has any.
    public init(_ feeds: [TransitRealtime_FeedMessage]) {
        for feed in feeds {
            var found: [String: [Entry]] = [:]
            for entity in feed.entity where entity.hasVehicle && !entity.isDeleted {
                let vehicle = entity.vehicle
                guard vehicle.hasTrip, vehicle.trip.hasTripID, !TripIdentity.isPlaceholder(vehicle.trip.tripID),
                    byTrip[vehicle.trip.tripID] == nil
                else { continue }
                let crowding = Self.crowding(of: vehicle)
                guard !crowding.isEmpty else { continue }
                let day = vehicle.trip.hasStartDate ? GTFSText.date(fromYYYYMMDD: vehicle.trip.startDate) : nil
                found[vehicle.trip.tripID, default: []].append(Entry(startDate: day, crowding: crowding))
            }
            byTrip.merge(found) { held, _ in held }
        }
    }

    public var isEmpty: Bool { byTrip.isEmpty }

    /// The crowding of the row's vehicle; nil when no vehicle of its trip (and day) says.
    public func crowding(for row: RowIdentity) -> Crowding? {
        guard let entries = byTrip[row.tripID] else { return nil }
        return entries.first { entry in
            guard let date = entry.startDate, let day = row.serviceDay else { return true }
            return date == day
        }?.crowding
    }

    /// `departures` (each with its `identities` entry) with their vehicle's crowding; a
    /// cancelled row has no vehicle to be full.
    public func applied(to departures: [Departure], identities: [RowIdentity]) -> [Departure] {
        guard !byTrip.isEmpty else { return departures }
        return zip(departures, identities).map { departure, identity in
            guard !departure.isCancelled, let crowding = crowding(for: identity) else { return departure }
            var departure = departure
            departure.occupancy = crowding.occupancy
            departure.occupancyPercent = crowding.percent
            departure.carriages = crowding.carriages
            return departure
        }
    }

    static func crowding(of vehicle: TransitRealtime_VehiclePosition) -> Crowding {
        let unknown = [UInt8](vehicle.unknownFields.data)
        // Values later than the committed proto (7 NO_DATA_AVAILABLE, 8 NOT_BOARDABLE) land in unknown fields.
        let status =
            vehicle.hasOccupancyStatus
            ? UInt64(vehicle.occupancyStatus.rawValue)
            : WireScan.lastVarint(field: 9, in: unknown)
        // The reference allows above 100 (crushed loads); the API carries up to 999.
        let percent = vehicle.hasOccupancyPercentage && vehicle.occupancyPercentage < 1_000 ? Int(vehicle.occupancyPercentage) : nil
        return Crowding(occupancy: status.flatMap(occupancy), percent: percent, carriages: carriages(in: unknown))
    }

    /// GTFS-Realtime's OccupancyStatus values; NO_DATA_AVAILABLE (7) and unknown values are no data.
    static func occupancy(_ raw: UInt64) -> Occupancy? {
        switch raw {
        case 0: .empty
        case 1: .manySeats
        case 2: .fewSeats
        case 3: .standing
        case 4: .crushed
        case 5: .full
        case 6, 8: .notAccepting  // 8 NOT_BOARDABLE: an engine or a service car, never boarded
        default: nil
        }
    }

    /// The most carriages a row lists: a longer list is not a train a board can draw, and a
    /// sequence number from a broken feed must not size an array.
    public static let maxCarriages = 64

    /// VehiclePosition.multi_carriage_details (field 11), each CarriageDetails with
    /// occupancy_status (3, default NO_DATA_AVAILABLE) and carriage_sequence (5, from 1).
    /// Placed by sequence when every carriage has a distinct one in range, else in the order
    /// given; nil when no carriage has data.
    static func carriages(in unknown: [UInt8]) -> [Occupancy?]? {
        var details: [(sequence: UInt64?, level: Occupancy?)] = []
        WireScan.walk(unknown) { number, value in
            guard number == 11, case .bytes(let payload) = value, details.count < maxCarriages else { return }
            let status = WireScan.lastVarint(field: 3, in: payload)
            details.append((WireScan.lastVarint(field: 5, in: payload), status.flatMap(occupancy)))
        }
        guard details.contains(where: { $0.level != nil }) else { return nil }
        let sequences = details.compactMap(\.sequence)
        guard sequences.count == details.count, Set(sequences).count == sequences.count,
            let last = sequences.max(), sequences.allSatisfy({ (1...UInt64(maxCarriages)).contains($0) })
        else { return details.map(\.level) }
        var ordered = [Occupancy?](repeating: nil, count: Int(last))
        for detail in details { if let sequence = detail.sequence { ordered[Int(sequence - 1)] = detail.level } }
        return ordered
    }
}
