#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# Builds departure-board-hub75 against the recording stub of rpi-rgb-led-matrix,
# so CI can run the driver without a panel:
#
#   Tests/EndToEnd/HUB75/build-stub-driver.sh OUT_DIR RECORD_DIR
#
# writes OUT_DIR/departure-board-hub75, whose stub records into RECORD_DIR unless
# the environment variable HUB75_STUB_RECORD_DIR names another directory at run
# time. Prints nothing on success; on failure the compiler's message and a
# non-zero exit. CC picks the compiler (default cc). Works from any directory.
set -euo pipefail

if (($# != 2)); then
    echo "usage: $0 OUT_DIR RECORD_DIR" >&2
    exit 64
fi
here=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
driver=$(cd -- "$here/../../../deploy/hub75" && pwd)/departure-board-hub75.c
out_dir=$1
record_dir=$2
# The stub may run from another directory, so its default must be absolute.
[[ $record_dir == /* ]] || record_dir=$PWD/$record_dir
if [[ $record_dir == *[\"\\]* ]]; then
    echo "$0: RECORD_DIR may not contain \" or \\ (it becomes a C string): $record_dir" >&2
    exit 64
fi

mkdir -p -- "$out_dir"
"${CC:-cc}" -std=c11 -O1 -Wall -Wextra -Werror \
    -DHUB75_STUB_RECORD_DIR="\"$record_dir\"" \
    -I "$here/stub" \
    -o "$out_dir/departure-board-hub75" \
    "$driver" "$here/stub/led-matrix-stub.c"
