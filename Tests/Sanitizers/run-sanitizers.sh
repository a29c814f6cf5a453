#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and ThreadSanitizer, each in its own
# build folder (.build-address, .build-thread; ignored by git). Too slow for every CI run
# on 2 cores, so it is run by hand before releases (and leak-check-run.sh beside it):
#
#   Tests/Sanitizers/run-sanitizers.sh            # both
#   Tests/Sanitizers/run-sanitizers.sh thread     # one
set -uo pipefail
cd "$(dirname "$0")/../.."

sanitizers=("$@")
[ ${#sanitizers[@]} -eq 0 ] && sanitizers=(address thread)

passed=0
failed=0
for sanitizer in "${sanitizers[@]}"; do
    log=".build-$sanitizer.log"
    # Shadow memory multiplies a process's footprint, so the GTFS import's memory budget is
    # not the product's under a sanitizer (the only test skipped). The soaks run 600 cycles
    # instead of 2,000: thousands of HTTP round trips take many minutes under TSan.
    skip="--skip largeFeedImportStaysWithinItsMemoryBudget"
    echo "== swift test --sanitize=$sanitizer (log: $log)"
    start=$(date +%s)
    # halt_on_error so the first report fails the run; TSan's report lands in the log.
    # Leaks are LeakSanitizer's job in leak-check-run.sh, over a running sign.
    if ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1 SOAK_CYCLES=600 \
        swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" $skip >"$log" 2>&1 \
        && ! grep -q "Sanitizer" "$log"; then
        passed=$((passed + 1))
        result=clean
    else
        failed=$((failed + 1))
        result="FAILED (see $log)"
    fi
    echo "$sanitizer: $result in $(( $(date +%s) - start )) s; $(grep -E 'Test run with' "$log" | tail -1)"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
