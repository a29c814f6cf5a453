#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import ZoneInfo

/// Where the sun stands, by NOAA's solar calculator equations (Meeus, simplified: good to a
/// minute or so for rise and set between 1901 and 2099, plenty for a sign's brightness).
public struct SolarPosition: Sendable, Equatable {
    public var latitude: Double
    /// East positive.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The centre of the sun's disc above the horizon, in degrees, without refraction.
    public func elevation(atUnixSeconds t: Int64) -> Double {
        let sun = Sun(atUnixSeconds: Double(t))
        // True solar time in minutes of the UTC day, then the hour angle from local noon.
        let utcMinutes = Double(((t % 86_400) + 86_400) % 86_400) / 60
        var solarMinutes = (utcMinutes + sun.equationOfTime + 4 * longitude).truncatingRemainder(dividingBy: 1440)
        if solarMinutes < 0 { solarMinutes += 1440 }
        let hourAngle = solarMinutes / 4 - 180
        let cosZenith =
            sin(radians(latitude)) * sin(radians(sun.declination))
            + cos(radians(latitude)) * cos(radians(sun.declination)) * cos(radians(hourAngle))
        return 90 - degrees(acos(min(1, max(-1, cosZenith))))
    }

    /// When the sun's centre crosses `altitude` going up (`rising`) or down on the civil
    /// `date` in `zone`: the crossing nearest that day's solar noon.
    public func crossing(_ altitude: Double, rising: Bool, on date: CivilDate, zone: TimeZoneRules) -> SunEvent {
        let localNoon = zone.unixSeconds(for: LocalDateTime(date: date, hour: 12, minute: 0, second: 0))
        var noon = transit(near: localNoon)
        var at = noon
        // Declination and equation of time move a little between noon and the event: evaluate
        // them at the last estimate; three rounds settle it well inside a minute.
        for _ in 0..<3 {
            let sun = Sun(atUnixSeconds: Double(at))
            noon = transit(near: at, equationOfTime: sun.equationOfTime)
            let cosHourAngle =
                (sin(radians(altitude)) - sin(radians(latitude)) * sin(radians(sun.declination)))
                / (cos(radians(latitude)) * cos(radians(sun.declination)))
            if cosHourAngle > 1 { return .alwaysBelow }
            if cosHourAngle < -1 { return .alwaysAbove }
            let offset = Int64((degrees(acos(cosHourAngle)) * 4 * 60).rounded())
            at = rising ? noon - offset : noon + offset
        }
        return .at(unixSeconds: at)
    }

    /// Sunrise and sunset: the upper limb on the horizon, refraction included (−0.833°).
    public static let horizon = -0.833
    /// Civil dawn and dusk: the centre 6° below the horizon.
    public static let civilTwilight = -6.0

    /// The solar noon nearest `t`.
    func transit(near t: Int64, equationOfTime: Double? = nil) -> Int64 {
        let eot = equationOfTime ?? Sun(atUnixSeconds: Double(t)).equationOfTime
        let minutes = 720 - 4 * longitude - eot
        let day = t - ((t % 86_400) + 86_400) % 86_400
        let candidates = (-1...1).map { day + Int64($0) * 86_400 + Int64((minutes * 60).rounded()) }
        return candidates.min { abs($0 - t) < abs($1 - t) }!
    }
}

/// A sun crossing on one day, or why there is none.
public enum SunEvent: Sendable, Equatable {
    case at(unixSeconds: Int64)
    /// Polar day (for the horizon): the sun stays above all day.
    case alwaysAbove
    /// Polar night: the sun stays below all day.
    case alwaysBelow
}

/// The sun's declination and the equation of time at an instant (NOAA's spreadsheet columns).
struct Sun {
    /// Degrees.
    var declination: Double
    /// Minutes: apparent minus mean solar time.
    var equationOfTime: Double

    init(atUnixSeconds t: Double) {
        let julianDay = t / 86_400 + 2_440_587.5
        let century = (julianDay - 2_451_545) / 36_525
        let meanLongitude = (280.46646 + century * (36000.76983 + century * 0.0003032))
            .truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + century * (35999.05029 - 0.0001537 * century)
        let eccentricity = 0.016708634 - century * (0.000042037 + 0.0000001267 * century)
        let m = radians(meanAnomaly)
        let centre =
            sin(m) * (1.914602 - century * (0.004817 + 0.000014 * century))
            + sin(2 * m) * (0.019993 - 0.000101 * century) + sin(3 * m) * 0.000289
        let omega = radians(125.04 - 1934.136 * century)
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - century * (46.815 + century * (0.00059 - century * 0.001813))) / 60) / 60
        let obliquity = radians(meanObliquity + 0.00256 * cos(omega))
        declination = degrees(asin(sin(obliquity) * sin(radians(apparentLongitude))))
        let y = tan(obliquity / 2) * tan(obliquity / 2)
        let l0 = radians(meanLongitude)
        equationOfTime =
            4
            * degrees(
                y * sin(2 * l0) - 2 * eccentricity * sin(m)
                    + 4 * eccentricity * y * sin(m) * cos(2 * l0)
                    - 0.5 * y * y * sin(4 * l0) - 1.25 * eccentricity * eccentricity * sin(2 * m))
    }
}

private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
