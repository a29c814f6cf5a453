#!/usr/bin/env python3
"""A GTFS zip for the systemd tier: one route (T1) from stop S1 to S2, a train every 5 minutes
of every service day (00:00:00 to 27:55:00, so after midnight too), every day 2020-2099.
S2 is there so that S1 is never a trip's last stop (the board hides arrivals).
usage: make-feed.py OUTPUT.zip HEADSIGN"""
import sys
import zipfile

out, headsign = sys.argv[1], sys.argv[2]
minutes = range(0, 28 * 60, 5)


def hms(m):
    return f"{m // 60:02d}:{m % 60:02d}:00"


files = {
    "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\n"
                  "A,Test Trains,https://example.org,Australia/Sydney\n",
    "stops.txt": "stop_id,stop_name,stop_lat,stop_lon\n"
                 "S1,Test Station,-33.8832,151.2070\nS2,Far Station,-33.8000,151.1000\n",
    "routes.txt": "route_id,agency_id,route_short_name,route_long_name,route_type\n"
                  "T1,A,T1,Test Line,2\n",
    "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
                    "DAILY,1,1,1,1,1,1,1,20200101,20991231\n",
    "trips.txt": "route_id,service_id,trip_id,trip_headsign\n"
                 + "".join(f"T1,DAILY,t{m},{headsign}\n" for m in minutes),
    "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n"
                      + "".join(f"t{m},{hms(m)},{hms(m)},S1,1\nt{m},{hms(m + 10)},{hms(m + 10)},S2,2\n"
                                for m in minutes),
}
with zipfile.ZipFile(out, "w") as z:
    for name, text in files.items():
        # Stored, with a fixed date: a longer headsign is a larger file (a new ETag from nginx)
        # and the same headsign the same bytes on every run.
        z.writestr(zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0)), text)
