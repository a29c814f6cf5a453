#!/usr/bin/env bash
# Runs each tier command given, in turn, each even when an earlier one failed (a flaky kernel
# case must not hide the package or systemd tiers), prints each one's result and time, and
# exits non-zero at the end if any failed. The README's test command names every tier:
#
#   Tests/run-tiers.sh "swift test" Tests/EndToEnd/Kernel/run.sh Tests/Package/deb.sh …
set -uo pipefail
cd "$(dirname -- "${BASH_SOURCE[0]}")/.."
(($#)) || { echo "usage: Tests/run-tiers.sh COMMAND…" >&2; exit 64; }

results=()
failed=()
for command in "$@"; do
    echo "=== tier: $command"
    started=$(date +%s)
    bash -c "$command"
    status=$?
    seconds=$(($(date +%s) - started))
    if ((status == 0)); then
        results+=("$(printf 'ok      %5d s  %s' "$seconds" "$command")")
    else
        results+=("$(printf 'FAILED  %5d s  %s (exit %d)' "$seconds" "$command" "$status")")
        failed+=("$command")
    fi
done
echo "=== tier results"
printf '%s\n' "${results[@]}"
if ((${#failed[@]})); then
    printf '=== failing tiers: %s\n' "${failed[@]}"
    exit 1
fi
echo "=== every tier ok"
