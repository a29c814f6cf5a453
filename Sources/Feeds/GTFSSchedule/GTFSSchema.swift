import SQLite

/// The store's tables. A store whose `schema_version` differs is refused, not migrated:
/// it is a cache of the feed, so the fix is to import again.
enum GTFSSchema {
    static let version = 2

    static func create(_ db: Connection) throws(SQLiteError) {
        try db.execute(
            """
            CREATE TABLE schema_version (version INTEGER NOT NULL);
            INSERT INTO schema_version VALUES (\(version));
            CREATE TABLE feed_info (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE stops (
                stop_id TEXT PRIMARY KEY, name TEXT NOT NULL, parent_station TEXT, platform_code TEXT,
                -- added within format 2: stop_lat/stop_lon in degrees (where the sun is, for
                -- brightness); stores from before lack them, and are read without them
                latitude REAL, longitude REAL);
            CREATE INDEX stops_by_parent ON stops (parent_station);
            CREATE TABLE routes (
                route_id TEXT PRIMARY KEY, short_name TEXT, long_name TEXT, route_type INTEGER, color TEXT,
                -- added within format 2: stores from before lack it, and are read without it
                text_color TEXT,
                -- added within format 2 too: the route's agency_id, or the feed's only agency's
                agency_id TEXT);
            CREATE TABLE trips (
                trip_id TEXT PRIMARY KEY, route_id TEXT NOT NULL, service_id TEXT NOT NULL,
                headsign TEXT, direction_id INTEGER,
                -- first timed stop of the trip (frequency trips shift from it) and last stop (headsign fallback)
                first_secs INTEGER, last_stop_id TEXT);
            CREATE INDEX trips_by_service ON trips (service_id);
            -- Rows at the board's stops only. departure_secs is the time the board shows: the
            -- departure, or the arrival of a drop-off-only call; interpolated when estimated = 1
            -- and the feed left the call untimed; NULL when it could not be placed.
            CREATE TABLE stop_times (
                trip_id TEXT NOT NULL, stop_id TEXT NOT NULL, stop_sequence INTEGER NOT NULL,
                departure_secs INTEGER, arrival_secs INTEGER, stop_headsign TEXT,
                estimated INTEGER NOT NULL, drop_off_only INTEGER NOT NULL,
                PRIMARY KEY (trip_id, stop_sequence)) WITHOUT ROWID;
            CREATE INDEX stop_times_by_stop ON stop_times (stop_id, departure_secs);
            -- Every stop of the kept trips, to order realtime updates against the board's stop
            -- and to interpolate untimed calls; times as in the feed (NULL when untimed).
            CREATE TABLE trip_stops (
                trip_id TEXT NOT NULL, stop_id TEXT NOT NULL, stop_sequence INTEGER NOT NULL,
                departure_secs INTEGER, arrival_secs INTEGER, shape_dist REAL,
                PRIMARY KEY (trip_id, stop_sequence)) WITHOUT ROWID;
            CREATE TABLE calendar (
                service_id TEXT PRIMARY KEY,
                monday INTEGER NOT NULL, tuesday INTEGER NOT NULL, wednesday INTEGER NOT NULL,
                thursday INTEGER NOT NULL, friday INTEGER NOT NULL, saturday INTEGER NOT NULL,
                sunday INTEGER NOT NULL, start_date INTEGER NOT NULL, end_date INTEGER NOT NULL);
            CREATE TABLE calendar_dates (
                service_id TEXT NOT NULL, date INTEGER NOT NULL, exception_type INTEGER NOT NULL,
                PRIMARY KEY (service_id, date)) WITHOUT ROWID;
            CREATE INDEX calendar_dates_by_date ON calendar_dates (date, exception_type);
            CREATE TABLE frequencies (
                trip_id TEXT NOT NULL, start_secs INTEGER NOT NULL, end_secs INTEGER NOT NULL,
                headway_secs INTEGER NOT NULL, exact_times INTEGER NOT NULL);
            CREATE INDEX frequencies_by_trip ON frequencies (trip_id);
            -- added within format 2: translations.txt rows for the texts a board shows, of the
            -- kept records (record_id, record_sub_id) or by field_value; '' for what a row leaves
            -- out. Stores from before lack it, and show the feed's own texts.
            CREATE TABLE translations (
                table_name TEXT NOT NULL, field_name TEXT NOT NULL, language TEXT NOT NULL,
                record_id TEXT NOT NULL, record_sub_id TEXT NOT NULL, field_value TEXT NOT NULL,
                translation TEXT NOT NULL,
                PRIMARY KEY (table_name, field_name, language, record_id, record_sub_id, field_value)) WITHOUT ROWID;
            """)
    }

    /// Column names of calendar.txt's weekday flags, indexed by `CivilDate.weekday` (0 = Sunday).
    static let weekdayColumns = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
}
