#!/usr/bin/env bash
# Tests the Debian package as a Pi owner meets it (root or sudo): dpkg -i, the service user
# and folders, validate and render the default board, run the service binary as its user for
# a few seconds on a trace bus, then remove and purge and check that nothing the package made
# is left behind.
#
# All of that happens in a throwaway root: this machine's /etc, /usr and /var seen through
# overlays in a private mount and PID namespace, so a sign installed here — its edited board,
# its store, its enabled unit, its running processes — is never touched. With no package
# installed, one is first installed for real and set up as a live sign (an edited board, a
# store, the unit enabled), to check that it comes through unchanged; it is purged after.
#
#   Tests/Package/deb.sh [DEB]      (without DEB: deploy/build-package.sh builds it)
set -euo pipefail

# The package's own scripts (prepare.sh, build-package.sh) live in deploy/.
deploy_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../../deploy" && pwd)
sudo=()
[[ $(id -u) -eq 0 ]] || sudo=(sudo)
failures=0
pass() { printf 'ok    %s\n' "$1"; }
fail() { printf 'FAIL  %s\n' "$1"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@" >/dev/null 2>&1; then pass "$what"; else fail "$what"; fi; }
installed() { dpkg-query -W -f='${Status}' departure-board 2>/dev/null | grep -q "install ok installed"; }

if [[ -z ${DEPARTURE_BOARD_THROWAWAY_ROOT:-} ]]; then
    # Build tools first (idempotent), then the package: both on the real machine.
    "$deploy_dir/prepare.sh" --package
    deb=$(readlink -f "${1:-$("$deploy_dir/build-package.sh")}")
    [[ -f $deb ]] || { echo "deb.sh: no package at $deb" >&2; exit 66; }
    # Before anything is installed here: the throwaway root below needs a private mount namespace.
    # shellcheck source=Tests/Support/Shell/private-mounts.sh
    . "$deploy_dir/../Tests/Support/Shell/private-mounts.sh"
    need_private_mounts deb.sh
    # A sign's own state: its files' contents, owners and modes, the package's, the unit's links.
    fingerprint() {
        { "${sudo[@]}" find /etc/departure-board /var/lib/departure-board -xdev -printf '%p %U %G %m\n' 2>/dev/null
          "${sudo[@]}" find /etc/departure-board /var/lib/departure-board -xdev -type f -exec sha256sum {} + 2>/dev/null
          find /etc/systemd/system -name '*departure-board*' -printf '%p -> %l\n' 2>/dev/null
          dpkg-query -W -f='${Status} ${Version}\n' departure-board 2>/dev/null || true
        } | sort
    }
    staged=false
    if ! installed; then
        # Nothing installed here: install the package for real and make it a configured sign.
        "${sudo[@]}" dpkg -i "$deb" >/dev/null
        printf '\n# edited by its owner\n' | "${sudo[@]}" tee -a /etc/departure-board/board.yaml >/dev/null
        echo "a timetable" | "${sudo[@]}" tee /var/lib/departure-board/board.gtfs.sqlite >/dev/null
        "${sudo[@]}" mkdir -p /etc/systemd/system/multi-user.target.wants
        "${sudo[@]}" ln -sf /lib/systemd/system/departure-board.service /etc/systemd/system/multi-user.target.wants/
        staged=true
    fi
    before_sign=$(fingerprint)
    code=0 throwaway=$(mktemp -d)
    "${sudo[@]}" env DEPARTURE_BOARD_THROWAWAY_ROOT="$throwaway" unshare --mount --propagation private --pid --fork --mount-proc \
        bash "$0" "$deb" || code=$?
    rmdir "$throwaway" 2>/dev/null || true
    if [[ $(fingerprint) == "$before_sign" ]]; then
        pass "the sign installed on this machine is exactly as it was$($staged && echo " (staged for this test)")"
    else
        fail "the sign installed on this machine changed:"; diff <(echo "$before_sign") <(fingerprint) | sed 's/^/  /' || true
        code=1
    fi
    if $staged; then
        "${sudo[@]}" rm -f /etc/systemd/system/multi-user.target.wants/departure-board.service
        "${sudo[@]}" dpkg --purge departure-board >/dev/null
    fi
    exit "$code"
fi

# In the throwaway root: writes to /etc, /usr (and so /lib) and /var land in a tmpfs.
deb=$1
throwaway=$DEPARTURE_BOARD_THROWAWAY_ROOT
mount -t tmpfs departure-board-test "$throwaway"
for tree in etc usr var; do
    mkdir -p "$throwaway/$tree/upper" "$throwaway/$tree/work"
    mount -t overlay overlay -o "lowerdir=/$tree,upperdir=$throwaway/$tree/upper,workdir=$throwaway/$tree/work" "/$tree"
done
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB), in a throwaway root"
dpkg-deb --info "$deb" | sed -n 's/^ \(Depends\|Installed-Size\|Version\|Architecture\):/  \1:/p'

if installed; then
    dpkg --purge departure-board >/dev/null
fi

# What the file system holds before: every path under the trees a package may touch.
snapshot() {
    "${sudo[@]}" find /etc /usr /lib /var/lib -xdev \
        -path /var/lib/dpkg -prune -o -path /var/lib/apt -prune -o -path /var/lib/systemd/timers -prune -o \
        -path /var/lib/nginx -prune -o -path /etc/ld.so.cache -prune -o -print 2>/dev/null | sort
}
before=$(mktemp); after=$(mktemp); work=$(mktemp -d)
trap 'rm -rf "$before" "$after" "$work"' EXIT
snapshot > "$before"

"${sudo[@]}" dpkg -i "$deb"
check "dpkg says installed" dpkg-query -W -f='${Status}' departure-board
check "--version names version and commit" sh -c 'departure-board --version | grep -Eq "^departure-board [0-9]+\.[0-9]+\.[0-9]+ \(commit [0-9a-z-]+,"'
check "service user exists without a login shell" sh -c 'getent passwd departure-board | grep -q ":/usr/sbin/nologin$"'
for group in gpio i2c spi video audio; do
    check "service user is in group $group" sh -c "id -nG departure-board | tr ' ' '\n' | grep -qx $group"
done
check "state folder belongs to the service user" sh -c '[ "$(stat -c %U /var/lib/departure-board)" = departure-board ]'
check "board.yaml is a conffile" sh -c 'dpkg-query -W -f="\${Conffiles}" departure-board | grep -q /etc/departure-board/board.yaml'
check "unit installed, not enabled" sh -c '[ -f /lib/systemd/system/departure-board.service ] && ! [ -e /etc/systemd/system/multi-user.target.wants/departure-board.service ]'
check "unit runs the packaged binary" grep -q '^ExecStart=/usr/bin/departure-board run --board /etc/departure-board/board.yaml' /lib/systemd/system/departure-board.service
check "manual page" sh -c 'zcat /usr/share/man/man1/departure-board.1.gz | grep -q "^\.SH COMMANDS"'
check "validate the default board" departure-board validate /etc/departure-board/board.yaml
# Every program the unit runs is the package's or an Essential package's (/bin/kill is
# procps's, which a minimal system lacks), and the documents it names are shipped as named.
for program in $(sed -nE 's/^Exec[A-Za-z]+=[-@:+!]*([^ ]+).*/\1/p' /lib/systemd/system/departure-board.service | sort -u); do
    real=$(readlink -f "$program")
    owner=$(dpkg -S "$program" "$real" "${real#/usr}" 2>/dev/null | grep -v '^diversion' | head -1 | cut -d: -f1 || true)
    check "the unit's $program is the package's or Essential ($owner)" sh -c \
        "[ '$owner' = departure-board ] || [ \"\$(dpkg-query -W -f='\${Essential}' '$owner')\" = yes ]"
done
for document in $(sed -nE 's#^Documentation=.*file://([^ ]+).*#\1#p' /lib/systemd/system/departure-board.service); do
    check "the unit's Documentation= file $document is shipped" test -f "$document"
done

# As the service user, from a folder with no Boards/ or Fonts/: fonts come from /usr/share.
"${sudo[@]}" chmod 0777 "$work"
# setpriv execs the program itself as the service user (runuser would sit between, and a
# SIGTERM meant for the sign would end runuser's session instead).
as_service=("${sudo[@]}" setpriv --reuid=departure-board --regid=departure-board --init-groups)
check "render the default board as the service user" sh -c \
    "cd / && ${as_service[*]} departure-board render --board /etc/departure-board/board.yaml --output $work/board.png"
check "the rendered frame is a PNG" sh -c "head -c 8 $work/board.png | od -An -tx1 | grep -q '89 50 4e 47'"
check "without --board, the installed preview board renders from any folder" sh -c \
    "cd / && ${as_service[*]} departure-board render --output $work/preview.png && head -c 8 $work/preview.png | od -An -tx1 | grep -q '89 50 4e 47'"
# The words need no espeak-ng (only Recommended): the sign says them without it.
check "say prints the preview board's next departures" sh -c \
    "cd / && ${as_service[*]} departure-board say --now 2026-11-23T09:30:00+11:00 --output - | grep -q '^Next departures from Central Station. '"
"${as_service[@]}" /usr/bin/departure-board run --board /etc/departure-board/board.yaml \
    --trace "$work/run.trace" > "$work/run.log" 2>&1 &
runner=$!
sleep 4
if kill -0 "$runner" 2>/dev/null; then pass "run on a trace bus keeps running as the service user"; else fail "run on a trace bus keeps running as the service user"; cat "$work/run.log"; fi
# The unit's reload, as systemd runs it ($$ is a literal $; MAINPID is in its environment).
reload=$(sed -n 's/^ExecReload=//p' /lib/systemd/system/departure-board.service)
export MAINPID=$runner; eval "${reload//\$\$/\$}"; unset MAINPID
for _ in $(seq 50); do grep -q "board reloaded" "$work/run.log" && break; sleep 0.1; done
check "the unit's ExecReload reloads the sign" grep -q "board reloaded" "$work/run.log"
"${sudo[@]}" kill -TERM "$runner" 2>/dev/null || true
code=0; wait "$runner" || code=$?
[[ $code -eq 0 ]] && pass "run stops cleanly on SIGTERM" || { fail "run stops cleanly on SIGTERM (exit $code)"; cat "$work/run.log"; }
check "the trace holds panel commands" sh -c "[ \$(wc -l < $work/run.trace) -gt 10 ]"

# The HTTP server program from /usr/libexec: a sign's status page, and serve (a hub file
# with a demo stop). Ports picked high and fixed: nothing else here listens on them.
{ cat /etc/departure-board/board.yaml; printf 'status:\n  listen: 127.0.0.1:18467\n'; } > "$work/status.yaml"
"${as_service[@]}" /usr/bin/departure-board run --board "$work/status.yaml" --trace "$work/status.trace" > "$work/status.log" 2>&1 &
runner=$!
for _ in $(seq 50); do curl -sf -o /dev/null http://127.0.0.1:18467/status.json && break; sleep 0.2; done
check "the status page answers from the packaged server program" sh -c \
    'curl -sf http://127.0.0.1:18467/status.json | grep -q "\"status\":\"ok\""'
# (pgrep -f: the process name is cut to 15 characters; the pattern anchors on the path, so it
# cannot match the shell running it.)
check "its server runs from /usr/libexec as the service user" sh -c \
    '[ "$(ps -o user= -p "$(pgrep -f "^/usr/libexec/departure-board/departure-board-web status")")" = departure-board ]'
"${sudo[@]}" kill -TERM "$runner" 2>/dev/null || true
wait "$runner" || true
check "the status server ends with the sign" sh -c '! pgrep -f "^/usr/libexec/departure-board/departure-board-web"'
printf 'listen: 127.0.0.1:18468\nstops:\n  - id: central\n    timezone: Australia/Sydney\n    source:\n      kind: demo\n' > "$work/hub.yaml"
"${as_service[@]}" /usr/bin/departure-board serve "$work/hub.yaml" > "$work/hub.log" 2>&1 &
hub=$!
for _ in $(seq 50); do curl -sf -o /dev/null http://127.0.0.1:18468/status.json && break; sleep 0.2; done
check "serve answers the departures API" sh -c \
    'curl -sf http://127.0.0.1:18468/api/v1/stops/central/departures | grep -q "\"trip_id\""'
"${sudo[@]}" kill -TERM "$hub" 2>/dev/null || true
code=0; wait "$hub" || code=$?
[[ $code -eq 0 ]] && pass "serve stops cleanly on SIGTERM" || { fail "serve stops cleanly on SIGTERM (exit $code)"; cat "$work/hub.log"; }

"${sudo[@]}" dpkg -r departure-board >/dev/null
check "remove takes the binaries" sh -c '! [ -e /usr/bin/departure-board ] && ! [ -e /usr/libexec/departure-board ]'
check "remove keeps the board" test -f /etc/departure-board/board.yaml
# What an owner adds: a key file and a GTFS store. Purge takes them too.
echo "API_KEY=x" | "${sudo[@]}" tee /etc/departure-board/environment >/dev/null
"${sudo[@]}" dpkg --purge departure-board >/dev/null
check "purge forgets the package" sh -c '! dpkg-query -W -f="\${Status}" departure-board 2>/dev/null | grep -q installed'
snapshot > "$after"
left=$(comm -13 "$before" "$after")
if [[ -z $left ]]; then pass "purge leaves no file behind"; else fail "purge leaves files behind:"; printf '  %s\n' $left; fi
gone=$(comm -23 "$before" "$after")
if [[ -z $gone ]]; then pass "install and purge removed nothing else"; else fail "install and purge removed files:"; printf '  %s\n' $gone; fi
# Debian keeps system users after purge (their uid may still own files elsewhere).
getent passwd departure-board >/dev/null && echo "note  the system user departure-board remains, as Debian keeps system users"

if ((failures)); then echo "deb.sh: $failures check(s) failed"; exit 1; fi
echo "deb.sh: all checks passed"
