# Sourced by memory.sh: a scratch folder ($work) holding SSD1322 boards of every source kind
# (demo, api-http, api-https, gtfs with its store imported, siri-http, onebusaway-http, json-http), the local http and https servers
# they read (stopped on exit), and trust.pem: the system's CA bundle plus the https server's
# certificate, so an https board loads as many roots as users' boards do (SSL_CERT_FILE).
# Needs $repo and $binary.
work=$(mktemp -d)
servers=()
trap 'kill "${servers[@]}" 2>/dev/null || true; [[ -n ${MEMORY_KEEP:-} ]] && echo "kept $work" || rm -rf "$work"' EXIT
cd "$work"

# The API answer and a GTFS feed (one stop, a trip every 5 minutes all day, every day).
mkdir -p www/api/v1/stops/200060
cp "$repo/Boards/hub/saved-departures.json" www/api/v1/stops/200060/departures
python3 - <<'EOF'
import zipfile
rows = {
    "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Bench,https://example.org,Australia/Sydney\n",
    "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\n200060,Central,-33.8832,151.2070\n200070,Town Hall,-33.8731,151.2069\n",
    "routes.txt": "route_id,agency_id,route_short_name,route_type\nT1,A,T1,2\n",
    "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nS,1,1,1,1,1,1,1,20260101,20271231\n",
}
trips, times = ["route_id,service_id,trip_id,trip_headsign"], ["trip_id,arrival_time,departure_time,stop_id,stop_sequence"]
for n in range(288):
    t = n * 300
    trips.append(f"T1,S,trip{n},Emu Plains")
    for seq, (stop, offset) in enumerate((("200060", 0), ("200070", 180))):
        clock = f"{(t + offset) // 3600:02d}:{(t + offset) // 60 % 60:02d}:00"
        times.append(f"trip{n},{clock},{clock},{stop},{seq + 1}")
rows["trips.txt"] = "\n".join(trips) + "\n"
rows["stop_times.txt"] = "\n".join(times) + "\n"
with zipfile.ZipFile("www/feed.zip", "w", zipfile.ZIP_DEFLATED) as archive:
    for name, text in rows.items():
        archive.writestr(name, text)
# A FeedMessage with only its header (version "2.0", incrementality FULL_DATASET).
open("www/tripupdates.pb", "wb").write(bytes([0x0a, 0x07, 0x0a, 0x03]) + b"2.0" + bytes([0x10, 0x00]))

# The same feed's ServiceAlerts (five alerts: its route, its stop, one trip, one in three
# languages, one outside its period) and VehiclePositions (the 24 trips around now, each with
# its load and eight carriages), written with a few lines of protobuf wire format.
import datetime, time, zoneinfo
def varint(n):
    out = b""
    while True:
        out += bytes([(n & 0x7f) | (0x80 if n > 0x7f else 0)])
        n >>= 7
        if not n:
            return out
def field(number, value):
    if isinstance(value, int):
        return varint(number << 3) + varint(value)
    data = value.encode() if isinstance(value, str) else value
    return varint(number << 3 | 2) + varint(len(data)) + data
def text(*pairs):
    return b"".join(field(1, field(1, t) + (field(2, lang) if lang else b"")) for t, lang in pairs)
now = int(time.time())
header = field(1, field(1, "2.0") + field(2, 0) + field(3, now))
alerts = [
    ("t1-works", [field(2, "T1")], 1, 9, 4, text(("No T1 trains to Emu Plains", None)), [(now - 3600, now + 86400)]),
    ("lift", [field(5, "200060")], 2, 11, 2, text(("Lift to platform 18 out of service", None)), []),
    ("trip", [field(4, field(1, "trip100"))], 1, 2, 3, text(("This trip ends at Town Hall", None)), []),
    ("three", [field(2, "T1")], 12, 8, 2, text(("Track work", None), ("Travaux", "fr"), ("Gleisarbeiten", "de")), []),
    ("later", [field(2, "T1")], 10, 1, 4, text(("Storm: no trains tomorrow", None)), [(now + 86400, now + 2 * 86400)]),
]
entities = b""
for ident, selectors, cause, effect, severity, header_text, periods in alerts:
    alert = b"".join(field(1, field(1, start) + field(2, end)) for start, end in periods)
    alert += b"".join(field(5, s) for s in selectors) + field(6, cause) + field(7, effect) + field(10, header_text) + field(14, severity)
    entities += field(2, field(1, ident) + field(5, alert))
open("www/alerts.pb", "wb").write(header + entities)
sydney = datetime.datetime.fromtimestamp(now, zoneinfo.ZoneInfo("Australia/Sydney"))
today = sydney.strftime("%Y%m%d")
first = (sydney.hour * 3600 + sydney.minute * 60) // 300
vehicles = b""
for n in range(max(0, first - 4), min(288, first + 20)):
    carriages = b"".join(field(11, field(3, (n + c) % 5) + field(5, c + 1)) for c in range(8))
    vehicle = field(1, field(1, f"trip{n}") + field(3, today) + field(5, "T1")) + field(9, n % 5) + field(10, (n * 13) % 110) + carriages
    vehicles += field(2, field(1, f"v{n}") + field(4, vehicle))
open("www/vehicles.pb", "wb").write(header + vehicles)

# SIRI StopMonitoring answers: a stop's 40 visits from now, a minute apart, in XML; and 500,
# in XML and in SIRI Lite JSON, for `bench --siri-answer`.
import datetime, json, os
os.makedirs("www/siri", exist_ok=True)
def visit(n, start):
    aimed = (start + datetime.timedelta(minutes=n)).strftime("%Y-%m-%dT%H:%M:%SZ")
    expected = (start + datetime.timedelta(minutes=n, seconds=30 * (n % 5))).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"ItemIdentifier": f"visit-{n}", "MonitoringRef": "200060", "MonitoredVehicleJourney": {
        "LineRef": f"LINE:T{n % 9 + 1}", "FramedVehicleJourneyRef": {"DataFrameRef": "2026-11-23", "DatedVehicleJourneyRef": f"trip-{n}"},
        "PublishedLineName": f"T{n % 9 + 1}", "DirectionName": "Outbound", "DestinationName": "Emu Plains", "Occupancy": "seatsAvailable",
        "MonitoredCall": {"StopPointRef": "200060", "AimedDepartureTime": aimed, "ExpectedDepartureTime": expected,
                          "DepartureStatus": "onTime", "DeparturePlatformName": str(n % 20 + 1)}}}
def xml(value):
    return "".join(f"<{k}>{xml(v)}</{k}>" for k, v in value.items()) if isinstance(value, dict) else value
def answers(count, name):
    start = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    visits = [visit(n, start) for n in range(count)]
    body = "".join("<MonitoredStopVisit>" + xml(v) + "</MonitoredStopVisit>\n" for v in visits)
    open(f"www/siri/{name}.xml", "w").write('<?xml version="1.0" encoding="UTF-8"?>\n<Siri xmlns="http://www.siri.org.uk/siri" version="2.0">'
        + '<ServiceDelivery><StopMonitoringDelivery version="2.0">\n' + body + "</StopMonitoringDelivery></ServiceDelivery></Siri>\n")
    lite = {"Siri": {"ServiceDelivery": {"StopMonitoringDelivery": [{"MonitoredStopVisit": visits}]}}}
    open(f"www/siri/{name}.json", "w").write(json.dumps(lite))
answers(40, "sm")
answers(500, "sm-500")

# A OneBusAway stop's 40 arrivals and departures, and a JSON API's 40 predictions (kind: json),
# from now, a minute apart.
now_ms = int(datetime.datetime.now(datetime.timezone.utc).timestamp()) * 1000
oba = [{"routeId": "1_100", "tripId": f"1_trip{n}", "serviceDate": now_ms, "stopId": "1_200060", "routeShortName": f"E{n % 9}",
        "tripHeadsign": "Downtown", "arrivalEnabled": True, "departureEnabled": True,
        "scheduledArrivalTime": now_ms + n * 60000, "scheduledDepartureTime": now_ms + n * 60000, "predicted": True,
        "predictedArrivalTime": now_ms + n * 60000 + 30000, "predictedDepartureTime": now_ms + n * 60000 + 30000,
        "status": "default"} for n in range(40)]
os.makedirs("www/api/where/arrivals-and-departures-for-stop", exist_ok=True)
open("www/api/where/arrivals-and-departures-for-stop/1_200060.json", "w").write(json.dumps({"code": 200, "currentTime": now_ms,
    "text": "OK", "version": 2, "data": {"entry": {"stopId": "1_200060", "arrivalsAndDepartures": oba},
    "references": {"routes": [{"id": "1_100", "shortName": "E", "longName": "E Line"}]}}}))
predictions = [{"$type": "Prediction", "id": str(n), "vehicleId": f"V{n}", "naptanId": "200060", "lineName": f"T{n % 9 + 1}",
                "platformName": str(n % 20 + 1), "destinationName": "Emu Plains", "timeToStation": n * 60,
                "expectedArrival": datetime.datetime.fromtimestamp(now_ms / 1000 + n * 60, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
               for n in range(40)]
os.makedirs("www/json", exist_ok=True)
open("www/json/arrivals.json", "w").write(json.dumps(predictions))
# A busy stop's 500 predictions, for `bench --json-answer` (about 100 bytes of JSON each).
open("www/json/arrivals-500.json", "w").write(json.dumps([dict(p, id=str(n), vehicleId=f"V{n}",
    expectedArrival=datetime.datetime.fromtimestamp(now_ms / 1000 + n * 20, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
    for n, p in enumerate(predictions * 13)][:500]))
EOF

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
    -keyout key.pem -out cert.pem 2>/dev/null
cat /etc/ssl/certs/ca-certificates.crt cert.pem > trust.pem
cat > serve.py <<'EOF'
import http.server, ssl, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def guess_type(self, path):
        return "application/json" if "departures" in path else "application/octet-stream"
    def log_message(self, *args):
        pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: Handler(*a, directory="www"))
if sys.argv[1] == "https":
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain("cert.pem", "key.pem")
    server.socket = context.wrap_socket(server.socket, server_side=True)
print(server.server_address[1], flush=True)
server.serve_forever()
EOF
# Started here, not in a $(...) subshell, so the EXIT trap knows and stops them.
python3 serve.py http > port-http & servers+=($!)
python3 serve.py https > port-https & servers+=($!)
for _ in $(seq 100); do [[ -s port-http && -s port-https ]] && break; sleep 0.1; done
http_port=$(cat port-http)
https_port=$(cat port-https)

panel=$(sed -n '/^display:/,$p' "$repo/Boards/ssd1322-spi.yaml")
board() {  # name, source section
    printf 'name: Central Station\ntimezone: Australia/Sydney\nsource:\n%s\n%s\n' "$2" "$panel" > "$1.yaml"
}
board demo "  kind: demo"
board api-http "  kind: api
  base_url: http://127.0.0.1:$http_port
  stop_id: \"200060\""
board api-https "  kind: api
  base_url: https://127.0.0.1:$https_port
  stop_id: \"200060\""
board siri-http "  kind: siri
  url: http://127.0.0.1:$http_port/siri/sm.xml
  stop_id: \"200060\""
board onebusaway-http "  kind: onebusaway
  base_url: http://127.0.0.1:$http_port
  stop_id: \"1_200060\""
board json-http "  kind: json
  url: http://127.0.0.1:$http_port/json/arrivals.json
  rows: \$[*]
  fields: {route: \$.lineName, headsign: \$.destinationName, departure: \$.expectedArrival, platform: \$.platformName}"
board gtfs "  kind: gtfs
  store: $work/store.sqlite
  stop_ids: [\"200060\"]
  trip_updates_url: http://127.0.0.1:$http_port/tripupdates.pb"
(cd "$repo" && "$binary" gtfs import "$work/www/feed.zip" --board "$work/gtfs.yaml") > import.log 2>&1 || { cat import.log; exit 1; }
# The same board with alerts and vehicle positions polled too (every 30 s, as trip updates).
board gtfs-alerts-vp "  kind: gtfs
  store: $work/store.sqlite
  stop_ids: [\"200060\"]
  trip_updates_url: http://127.0.0.1:$http_port/tripupdates.pb
  alerts_url: http://127.0.0.1:$http_port/alerts.pb
  vehicle_positions_url: http://127.0.0.1:$http_port/vehicles.pb"


# Several sources (issue 30): two GTFS feeds with their own stores and realtime, and an API stop.
printf 'name: Home\ntimezone: Australia/Sydney\nsources:\n%s\n%s\n' "  - kind: gtfs
    store: $work/store-a.sqlite
    stop_ids: [\"200060\"]
    trip_updates_url: http://127.0.0.1:$http_port/tripupdates.pb
    label: Train
    walk: 9m
  - kind: gtfs
    store: $work/store-b.sqlite
    stop_ids: [\"200070\"]
    trip_updates_url: http://127.0.0.1:$http_port/tripupdates.pb
    label: Metro
    walk: 6m
  - kind: api
    base_url: http://127.0.0.1:$http_port
    stop_id: \"200060\"
    label: Bus
    walk: 3m" "$panel" > several.yaml
for source in 0 1; do
    (cd "$repo" && "$binary" gtfs import "$work/www/feed.zip" --board "$work/several.yaml" --source $source) >> import.log 2>&1 \
        || { cat import.log; exit 1; }
done
