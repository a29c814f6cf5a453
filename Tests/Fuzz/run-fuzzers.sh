#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for SECONDS (default 60), one after another.
#
#   Tests/Fuzz/run-fuzzers.sh [SECONDS] [TARGET…]     TARGET: fuzz-departures fuzz-board-file fuzz-bdf fuzz-shaping
#                                                       fuzz-gtfs-realtime fuzz-gtfs-feed fuzz-zip
#                                                       fuzz-http-response fuzz-tzif fuzz-hub75-messages fuzz-csv
#                                                       fuzz-onebusaway fuzz-siri fuzz-siri-sx fuzz-json-path fuzz-json-map
#                                                       fuzz-vehicle-positions fuzz-status-link fuzz-conditional-get fuzz-font-file
#   ASAN=1 Tests/Fuzz/run-fuzzers.sh …                 also AddressSanitizer (slower)
#
# How they are built, and why this way (Swift 6.3 on Linux):
#   1. SwiftPM compiles every module in release with coverage instrumentation:
#        swift build -c release --product fuzz-departures --scratch-path .build-fuzz \
#          -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library -Xswiftc -DFUZZING \
#          -Xcc -fsanitize=fuzzer-no-link
#      Its own link step fails, on purpose tolerated: SwiftPM renames an executable's entry
#      point (`--defsym main=fuzz_departures_main`, so tests can link executables), and a
#      -parse-as-library target has no such symbol. libFuzzer brings its own main.
#   2. The product is linked again by swiftc from the object list SwiftPM wrote:
#        swiftc -sanitize=fuzzer -o .build-fuzz/…/release/fuzz-departures \
#          @.build-fuzz/…/release/fuzz-departures.product/Objects.LinkFileList
#      (swiftc reads the autolink entries in the objects, so the C libraries come along.)
#
# fuzz-hub75-messages is C (the HUB75 driver, deploy/hub75): Tests/Fuzz/Targets/HUB75Messages/build.sh
# builds it with clang -fsanitize=fuzzer,address, AddressSanitizer always on.
#
# Each run uses a scratch copy of Tests/Fuzz/Corpus/TARGET, so the repo's corpus is not
# flooded; crash and timeout inputs are kept in the run folder and listed at the end.
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz-departures fuzz-board-file fuzz-bdf fuzz-shaping fuzz-gtfs-realtime fuzz-gtfs-feed fuzz-zip
                                     fuzz-http-response fuzz-tzif fuzz-hub75-messages fuzz-csv fuzz-onebusaway
                                     fuzz-siri fuzz-siri-sx fuzz-json-path fuzz-json-map fuzz-vehicle-positions
                                     fuzz-status-link fuzz-conditional-get fuzz-font-file)

sanitizers=fuzzer
clang_sanitizers=fuzzer-no-link
scratch=.build-fuzz
if [ "${ASAN:-0}" = 1 ]; then
    sanitizers=fuzzer,address
    clang_sanitizers=fuzzer-no-link,address
    scratch=.build-fuzz-asan
fi
release="$scratch/$(uname -m)-unknown-linux-gnu/release"

max_len() {
    case "$1" in
        fuzz-departures) echo 65536 ;;
        fuzz-board-file) echo 16384 ;;
        fuzz-bdf) echo 65536 ;;
        # Headsigns and alert lines; the first byte can repeat one to 10,000 characters.
        fuzz-shaping) echo 4096 ;;
        fuzz-gtfs-realtime) echo 65536 ;;
        # A city's vehicles (each with carriages is about 150 bytes).
        fuzz-vehicle-positions) echo 65536 ;;
        # Room for a field over CSVStream's 64 KiB cap.
        fuzz-gtfs-feed) echo 131072 ;;
        fuzz-zip) echo 65536 ;;
        # Room for a head over the reader's 16 KiB refill and a body that decodes past the 64 KiB cap.
        fuzz-http-response) echo 65536 ;;
        # Real zones are under 4 KiB.
        fuzz-tzif) echo 16384 ;;
        # Many small buffers' worth; caps come from the first byte.
        fuzz-csv) echo 16384 ;;
        # A busy stop's answer (each visit is about 600 bytes).
        fuzz-onebusaway) echo 65536 ;;
        # A busy stop's answer, XML or JSON (each visit is about 700 bytes).
        fuzz-siri) echo 65536 ;;
        # A region's situations in XML or JSON (each is about 1 KB, more with translations).
        fuzz-siri-sx) echo 65536 ;;
        # Queries are a line of a board file; room for long quoted names.
        fuzz-json-path) echo 4096 ;;
        # A status page's answer or a request with its headers.
        fuzz-status-link) echo 16384 ;;
        # Four header lines; real ones are under 200 bytes, lists of tags a few KiB.
        fuzz-conditional-get) echo 4096 ;;
        # Small fonts: the seeds are under 2 KiB, the bundled BDF fonts under 40 KiB.
        fuzz-font-file) echo 65536 ;;
        # A busy stop's answer of any JSON API.
        fuzz-json-map) echo 65536 ;;
        # A few whole frames of a small board.
        fuzz-hub75-messages) echo 65536 ;;
        *) echo "unknown target: $1" >&2; return 1 ;;
    esac
}

build() {
    local target=$1
    if [ "$target" = fuzz-hub75-messages ]; then
        mkdir -p "$release"
        Tests/Fuzz/Targets/HUB75Messages/build.sh "$release" --fuzz >"$run/$target.build.log" 2>&1 \
            || { cat "$run/$target.build.log" >&2; return 1; }
        return 0
    fi
    # The link failure described above is expected; a compile error is not.
    swift build -c release --product "$target" --scratch-path "$scratch" \
        -Xswiftc -sanitize="$sanitizers" -Xswiftc -parse-as-library -Xswiftc -DFUZZING \
        -Xcc -fsanitize="$clang_sanitizers" >"$run/$target.build.log" 2>&1
    local list="$release/$target.product/Objects.LinkFileList"
    if grep -q "error: .*\.swift" "$run/$target.build.log" || [ ! -f "$list" ]; then
        cat "$run/$target.build.log" >&2
        return 1
    fi
    # Release objects name the static Swift libraries (Package.swift), so the link is static too.
    swiftc -sanitize="$sanitizers" -static-stdlib -o "$release/$target" "@$list"
}

run=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-run.XXXXXX")
echo "fuzz run folder: $run"
passed=0
failed=0
summary=()
# Build everything first, so editing the sources during a long run cannot mix versions.
runnable=()
for target in "${targets[@]}"; do
    echo "== $target: building"
    if max_len "$target" >/dev/null && build "$target"; then
        runnable+=("$target")
    else
        failed=$((failed + 1))
        summary+=("$target: build failed")
    fi
done
# libFuzzer reports crashes itself; Swift's backtracer would only slow each one down.
export SWIFT_BACKTRACE=enable=no
for target in "${runnable[@]}"; do
    len=$(max_len "$target")
    corpus="$run/$target/corpus"
    artifacts="$run/$target/artifacts"
    mkdir -p "$corpus" "$artifacts"
    cp Tests/Fuzz/Corpus/"$target"/* "$corpus"/
    dict=()
    [ -f "Tests/Fuzz/Dictionaries/$target.dict" ] && dict=(-dict="Tests/Fuzz/Dictionaries/$target.dict")
    echo "== $target: fuzzing for ${seconds}s (log: $run/$target/fuzz.log)"
    # Keep going after a crash so one run reports every distinct finding it can reach.
    "$release/$target" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len="$len" \
        -timeout=5 -rss_limit_mb=1024 -artifact_prefix="$artifacts/" -print_final_stats=1 \
        -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 >"$run/$target/fuzz.log" 2>&1
    # -fork mode reports the total in its last "#N" status line; the final stats line otherwise.
    execs=$(grep -oE '^#[0-9]+' "$run/$target/fuzz.log" | tail -1 | tr -d '#')
    stat=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$run/$target/fuzz.log" | grep -oE '[0-9]+$' | tail -1)
    [ -n "$stat" ] && [ "${stat:-0}" -gt "${execs:-0}" ] && execs=$stat
    findings=("$artifacts"/*)
    [ -e "${findings[0]}" ] || findings=()
    line="$target: ${execs:-0} execs, ${#findings[@]} crashes"
    echo "$line"
    summary+=("$line")
    if [ ${#findings[@]} -gt 0 ]; then
        failed=$((failed + 1))
        for input in "${findings[@]}"; do
            echo "   finding: $input"
        done
        echo "   reproduce: $release/$target FILE    minimise: $release/$target -minimize_crash=1 -runs=10000 FILE"
        echo "   then copy it, with a name that says what it is, into Tests/Fuzz/Corpus/$target/ and add a regression test"
    else
        passed=$((passed + 1))
    fi
done

echo
for line in "${summary[@]}"; do echo "$line"; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
