/// A small Swiss-style feed in German (`feed_lang` de) with French, Italian and English
/// translations, as SBB's feed carries them: a stop name and a trip headsign by record_id,
/// a call's stop_headsign by record_id and record_sub_id (its stop_sequence), and rows the
/// import skips (another field, a stop no kept trip calls at, a repeated row).
///
/// The board's stop is Bern (BN); on weekdays of 2026 IC1 T1 leaves at 08:02 for Genf
/// Flughafen, T2 at 08:32 for the last stop "Zürich HB" (no trip_headsign), T3 at 08:40
/// with the call's own headsign "Zürich Flughafen".
public enum MultilingualFeed {
    public static let swiss: [String: String] = [
        "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nSBB,SBB,https://example.invalid,Europe/Zurich\n",
        "feed_info.txt": "feed_publisher_name,feed_publisher_url,feed_lang,default_lang\nSBB,https://example.invalid,de,en\n",
        "stops.txt": """
        stop_id,stop_name,location_type,parent_station
        ZUE,Zürich HB,1,
        ZUEP,Zürich HB,0,ZUE
        BN,Bern,0,
        GVA,Genf Flughafen,0,
        ZRH,Zürich Flughafen,0,
        LS,Lausanne,0,

        """,
        "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\nIC1,SBB,IC1,,2\nIR,SBB,,InterRegio,2\n",
        "calendar.txt": """
        service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        WK,1,1,1,1,1,0,0,20260101,20261231

        """,
        "trips.txt": """
        route_id,service_id,trip_id,trip_headsign
        IC1,WK,T1,Genf Flughafen
        IC1,WK,T2,
        IR,WK,T3,Zürich HB

        """,
        "stop_times.txt": """
        trip_id,arrival_time,departure_time,stop_id,stop_sequence,stop_headsign
        T1,07:00:00,07:00:00,ZUEP,1,
        T1,08:02:00,08:02:00,BN,2,
        T1,09:45:00,09:45:00,GVA,3,
        T2,08:32:00,08:32:00,BN,1,
        T2,09:28:00,09:28:00,ZUEP,2,
        T3,08:40:00,08:40:00,BN,1,Zürich Flughafen
        T3,09:50:00,09:50:00,ZRH,2,

        """,
        "translations.txt": """
        table_name,field_name,language,translation,record_id,record_sub_id,field_value
        stops,stop_name,fr,Zurich HB,ZUEP,,
        stops,stop_name,it,Zurigo HB,ZUEP,,
        stops,stop_name,en,Zurich HB,ZUEP,,
        trips,trip_headsign,fr,Genève Aéroport,T1,,
        trips,trip_headsign,it,Ginevra Aeroporto,T1,,
        trips,trip_headsign,en,Geneva Airport,T1,,
        stop_times,stop_headsign,fr,Zurich Aéroport,T3,1,
        routes,route_long_name,fr,InterRégio,IR,,
        stops,stop_name,fr,Lausanne,LS,,
        agency,agency_name,fr,CFF,SBB,,
        stops,stop_name,fr,Zurich HB,ZUEP,,

        """,
    ]
}
