#!/usr/bin/env bash
# The README's test command after deploy/prepare.sh: every tier in turn, each run even when an
# earlier one failed (a flaky kernel case must not hide the package or systemd tiers), each
# one's result and time printed, and a non-zero exit at the end if any failed.
#
#   Tests/run-tiers.sh                 all tiers
#   Tests/run-tiers.sh unit kernel     only those (names as in the table printed at the end)
set -uo pipefail
cd "$(dirname -- "${BASH_SOURCE[0]}")/.."

tiers=(
    "unit|swift test"
    "kernel|Tests/Kernel/run.sh"
    "package|deploy/test-package.sh"
    "systemd|Tests/Systemd/run.sh"
    "libgpiod2|Tests/Kernel/libgpiod2.sh"
)
wanted=("$@")
for name in "${wanted[@]}"; do
    printf '%s\n' "${tiers[@]%%|*}" | grep -qx -- "$name" || { echo "run-tiers.sh: no tier '$name'" >&2; exit 64; }
done
results=()
failed=()
for tier in "${tiers[@]}"; do
    name=${tier%%|*} command=${tier#*|}
    if ((${#wanted[@]})) && [[ " ${wanted[*]} " != *" $name "* ]]; then continue; fi
    echo "=== tier $name: $command"
    started=$(date +%s)
    bash -c "$command"
    status=$?
    seconds=$(($(date +%s) - started))
    if ((status == 0)); then
        results+=("$(printf '%-10s ok      %5d s' "$name" "$seconds")")
    else
        results+=("$(printf '%-10s FAILED  %5d s  (exit %d: %s)' "$name" "$seconds" "$status" "$command")")
        failed+=("$name")
    fi
    echo "=== tier $name: $( ((status == 0)) && echo ok || echo "FAILED (exit $status)") after $seconds s"
done
echo "=== tier results"
printf '%s\n' "${results[@]}"
if ((${#failed[@]})); then
    echo "=== failing tiers: ${failed[*]}"
    exit 1
fi
echo "=== every tier ok"
