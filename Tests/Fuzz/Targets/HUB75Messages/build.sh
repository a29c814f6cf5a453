#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds fuzz-hub75-messages: the HUB75 driver's serve() (deploy/hub75) under the
# harness next to this file, against the quiet stub of the LED library (Tests/EndToEnd/HUB75/stub).
#
#   Tests/Fuzz/Targets/HUB75Messages/build.sh OUT_DIR           corpus replayer (CC, default cc),
#                                                                AddressSanitizer on: what the tests run
#   Tests/Fuzz/Targets/HUB75Messages/build.sh OUT_DIR --fuzz    libFuzzer target (clang with libFuzzer,
#                                                                -fsanitize=fuzzer,address): run-fuzzers.sh
#
# writes OUT_DIR/fuzz-hub75-messages. Prints nothing on success; the compiler's
# message and a non-zero exit otherwise.
set -euo pipefail

if (($# < 1 || $# > 2)) || { (($# == 2)) && [[ $2 != --fuzz ]]; }; then
    echo "usage: $0 OUT_DIR [--fuzz]" >&2
    exit 64
fi
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
root=$(cd -- "$here/../../../.." && pwd)
out_dir=$1
mkdir -p -- "$out_dir"

# The driver's own flags (Tests/EndToEnd/HUB75/build-stub-driver.sh); its start-up code goes unused here.
flags=(-std=c11 -g -O1 -Wall -Wextra -Werror -Wno-unused-function -DHUB75_STUB_QUIET
       -I "$root/deploy/hub75" -I "$root/Tests/EndToEnd/HUB75/stub")
sources=("$here/fuzz-hub75-messages.c" "$root/Tests/EndToEnd/HUB75/stub/led-matrix-stub.c")
if (($# == 2)); then
    # The Swift toolchain's clang carries libFuzzer; lld, as gold warns about ASan's symbols.
    "${FUZZ_CC:-clang}" "${flags[@]}" -fsanitize=fuzzer,address -fuse-ld=lld -pthread \
        -o "$out_dir/fuzz-hub75-messages" "${sources[@]}"
else
    "${CC:-cc}" "${flags[@]}" -fsanitize=address -fno-omit-frame-pointer -pthread \
        -o "$out_dir/fuzz-hub75-messages" "${sources[@]}" "$here/replay-main.c"
fi
