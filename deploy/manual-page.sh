#!/usr/bin/env bash
# Writes departure-board(1) to stdout from the binary's own --help and --version (help2man),
# with every subcommand's help as a section, so the manual never drifts from the program.
#
#   deploy/manual-page.sh BINARY > departure-board.1
set -euo pipefail
binary=${1:?usage: manual-page.sh BINARY}
include=$(mktemp)
trap 'rm -f "$include"' EXIT
{
    echo "[COMMANDS]"
    for command in render say run validate serve gtfs bench; do
        printf '.SS "%s"\n.nf\n' "$command"
        # Lines starting with a dot or quote would be read as roff requests.
        "$binary" "$command" --help 2>&1 | sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
        printf '.fi\n'
    done
    printf '[FILES]\n'
    printf '.TP\n/etc/departure-board/board.yaml\nThe board the service runs.\n'
    printf '.TP\n/usr/share/departure-board/Boards\nExample boards for every supported panel.\n'
    printf '.TP\n/usr/share/departure-board/Fonts\nThe bundled bitmap fonts.\n'
    printf '.TP\n/var/lib/departure-board\nGTFS timetable stores.\n'
    printf '[SEE ALSO]\n/usr/share/doc/departure-board/README.md.gz\n'
} > "$include"
help2man --no-info --no-discard-stderr --section 1 \
    --name "live departure board for LED, OLED and e-paper signs" \
    --include "$include" "$binary"
