#!/bin/bash
# The systemd tier's checks, run as root by db-systemd-test.service once the VM is up: the
# package installed with dpkg, its unit run by the real systemd against a GTFS feed on the
# guest's nginx. One `ok`/`FAIL` line per check on the second serial port, then `DONE`;
# on any failure the boot's journal goes to the third.
OUT=/dev/ttyS1 JOURNAL_OUT=/dev/ttyS2
stty -F "$OUT" raw -echo 2>/dev/null; stty -F "$JOURNAL_OUT" raw -echo 2>/dev/null
exec 3>"$OUT"
UNIT=departure-board
BOARD=/etc/departure-board/board.yaml
STORE=/var/lib/departure-board/board.gtfs.sqlite
IMAGE=/run/departure-board/board.png
failed=0

# Durations from the boot clock: the checks move the wall clock.
up() { cut -d' ' -f1 /proc/uptime; }
since() { awk -v a="$1" -v b="$(up)" 'BEGIN { printf "%.1f", b - a }'; }
ok() { echo "ok    $*" >&3; }
fail() { echo "FAIL  $*" >&3; failed=$((failed + 1)); }
info() { echo "info  $*" >&3; }
detail() { head -n "${1:-30}" | sed 's/^/      /' >&3; }
verdict() { local what=$1; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }
begin() { SECTION=$1; SECTION_START=$(up); }
end() { info "time $SECTION $(since "$SECTION_START") s"; }
prop() { systemctl show -P "$1" "$UNIT"; }
# A journal position, and the unit's lines after it.
cursor() { journalctl -n 1 -o export | sed -n 's/^__CURSOR=//p'; }
journal_after() { journalctl -u "$UNIT" --no-pager -q -o cat --after-cursor="$1"; }
# wait_for SECONDS COMMAND...: true as soon as COMMAND is, false when the time is up.
wait_for() {
  local deadline; deadline=$(awk -v u="$(up)" -v s="$1" 'BEGIN { print u + s }'); shift
  until "$@"; do
    awk -v u="$(up)" -v d="$deadline" 'BEGIN { exit !(u > d) }' && return 1
    sleep 0.5
  done
}
# The response head of GET PATH from the guest's nginx (bash's /dev/tcp: no curl here).
http_head() {
  exec 5<>/dev/tcp/127.0.0.1/80 || return 1
  printf 'HEAD %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$1" >&5
  timeout 5 cat <&5 | tr -d '\r'
  exec 5>&-
}
etag_of() { http_head /feed.zip | sed -n 's/^[Ee][Tt]ag: //p'; }
saved_etag() { sed -n 's/^etag //p' "$STORE.source" 2>/dev/null; }
status_ok() { [[ $(prop StatusText) =~ ^ok,\ ([0-9]+)\ rows && ${BASH_REMATCH[1]} -gt 0 ]]; }
same_pid() { [ "$(prop MainPID)" = "$1" ]; }
active() { [ "$(prop ActiveState)" = active ]; }
journal_has() { journal_after "$1" | grep -q -- "$2"; }
# The repository (host/make-repos.sh) in state $1 at http://127.0.0.1/repo, and apt's view of
# it alone (the VM has no network for the Debian archive).
serve_repo() { ln -sfn "/payload/repos/$1" /var/www/html/repo; }
apt_update() {
  apt-get update -q -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
    -o Dir::Etc::sourcelist=/etc/apt/sources.list.d/departure-board.sources \
    -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 > /tmp/apt-update.log 2>&1
}

info "test driver started at uptime $(up) s"

begin install
# From the project's repository on the guest's nginx, as a subscribed sign installs it (apt
# resolves the dependencies, all installed here: the VM has no network). Its .deb stays in
# apt's cache, where the updater finds the version to roll back to. The keyring with dpkg:
# apt would build its cache of the whole archive twice (40 s under TCG).
systemctl start nginx
serve_repo n
# No network here: the Debian archive's lists debootstrap left can never be refreshed, and
# every apt run would rebuild its cache of them (a minute or two under TCG). The installed
# packages meet every dependency from dpkg's status.
rm -f /var/lib/apt/lists/*_dists_* /var/cache/apt/*.bin
t=$(up)
if dpkg -i /payload/repos/n/departure-board-archive-keyring.deb > /tmp/dpkg.log 2>&1 && t1=$(up) && apt_update \
   && t2=$(up) && apt-get install -y -q departure-board >> /tmp/dpkg.log 2>&1; then
  ok "apt-get install departure-board $(dpkg-query -W -f='${Version}' departure-board) from the repository ($(since "$t") s:" \
     "keyring $(awk -v a="$t" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s, update $(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.1f", b - a }') s, install $(since "$t2") s)"
else
  fail "apt-get install departure-board from the repository"; cat /tmp/apt-update.log /tmp/dpkg.log | detail 40
fi
verdict "the service user departure-board exists" getent passwd departure-board
if systemd-analyze verify "$UNIT.service" > /tmp/verify.log 2>&1; then
  ok "systemd-analyze verify $UNIT.service"
  [ -s /tmp/verify.log ] && detail < /tmp/verify.log
else
  fail "systemd-analyze verify $UNIT.service"; detail < /tmp/verify.log
fi
end

begin nginx
install -m 644 /payload/feed.zip /var/www/html/feed.zip
verdict "nginx is active" systemctl -q is-active nginx
ETAG1=$(etag_of)
if http_head /feed.zip | grep -q '^HTTP/1.1 200' && [ -n "$ETAG1" ]; then
  ok "nginx serves http://127.0.0.1/feed.zip with ETag $ETAG1"
else
  fail "nginx serves http://127.0.0.1/feed.zip with an ETag"; http_head /feed.zip | detail
fi
end

begin start
install -m 644 /payload/board.yaml "$BOARD"
# The owner's check, as the service's user and judged by the unit's sandbox, before starting.
if runuser -u departure-board -- departure-board validate --service "$BOARD" > /tmp/validate.log 2>&1; then
  ok "validate --service as departure-board: $(tail -n 1 /tmp/validate.log)"
else
  fail "validate --service as departure-board"; detail < /tmp/validate.log
fi
t=$(up)
if timeout 180 systemctl enable --now "$UNIT" > /tmp/start.log 2>&1; then
  ok "systemctl enable --now $UNIT returned (active, first frame drawn) after $(since "$t") s"
else
  fail "systemctl enable --now $UNIT (after $(since "$t") s)"; detail < /tmp/start.log
  systemctl status --no-pager -n 20 "$UNIT" | detail 40
fi
verdict "ActiveState=active" active
# READY=1 comes with the first frame, which may be "loading" while the timetable downloads.
wait_for 20 test -f "$STORE"
if [ -f "$STORE" ] && [ "$(stat -c %U "$STORE")" = departure-board ]; then
  ok "the board's store is $STORE, owned by departure-board"
else
  fail "the board's store is $STORE, owned by departure-board"
  ls -l /var/lib/departure-board /etc/departure-board | detail
fi
verdict "the board's image $IMAGE is written" test -s "$IMAGE"
if wait_for 10 status_ok; then
  ok "departures on the panel $(since "$t") s after the start command: StatusText '$(prop StatusText)'"
else
  fail "StatusText starts 'ok, N rows' (it is '$(prop StatusText)')"
fi
no_lines() {  # no_lines WHAT PATTERN...: the unit's journal of this boot has none of them
  local what=$1; shift
  if journalctl -b -u "$UNIT" --no-pager -q -o cat | grep -i "$@" > /tmp/lines.log; then
    fail "the unit's journal has no $what"; sort -u /tmp/lines.log | detail 5
  else
    ok "the unit's journal has no $what"
  fi
}
no_lines "'permission denied'" -e "permission denied"
# EPERM is what the unit's SystemCallFilter= answers (SystemCallErrorNumber=EPERM).
no_lines "call refused with EPERM" -e "operation not permitted" -e "errno=1\b"
end

begin refresh
# A check is due when (last check + schedule_refresh (1h)) <= the wall clock: move it 2 h on.
# Its outcome is the first of these lines after the jump.
outcome() { journal_after "$c" | grep -o -m 1 -e "timetable unchanged" -e "timetable updated" -e "timetable update failed"; }
checked() { [ -n "$(outcome)" ]; }
c=$(cursor); date -s '+2 hours' > /dev/null; t=$(up)
wait_for 60 checked
if [ "$(outcome)" = "timetable unchanged" ]; then
  ok "2 h later the unchanged zip is checked ($(since "$t") s) and not imported again"
else
  fail "2 h later the unchanged zip is checked and not imported again ($(outcome || echo no check))"
  journal_after "$c" | grep -i timetable | detail
fi
install -m 644 /payload/feed2.zip /var/www/html/feed.zip.new
mv -f /var/www/html/feed.zip.new /var/www/html/feed.zip
ETAG2=$(etag_of)
verdict "nginx gives the new zip a new ETag ($ETAG2)" test -n "$ETAG2" -a "$ETAG2" != "$ETAG1"
c=$(cursor); date -s '+2 hours' > /dev/null; t=$(up)
wait_for 60 checked
if [ "$(outcome)" = "timetable updated" ] && [ "$(saved_etag)" = "$ETAG2" ]; then
  ok "2 h later the changed zip is imported ($(since "$t") s) and its ETag saved"
else
  fail "2 h later the changed zip is imported and its ETag saved ($(outcome || echo no check); saved ETag '$(saved_etag)')"
  journal_after "$c" | grep -i timetable | detail
fi
verdict "the store holds the new timetable (headsign Refreshed)" grep -qa Refreshed "$STORE"
end

begin reload
pid=$(prop MainPID)
cp "$BOARD" /tmp/good-board.yaml
install -m 644 /payload/broken-board.yaml "$BOARD"
c=$(cursor); systemctl reload "$UNIT"
if wait_for 30 journal_has "$c" "reload failed" && journal_after "$c" | grep "reload failed" | grep -q "$BOARD"; then
  ok "a reload with a broken board logs an error naming $BOARD"
else
  fail "a reload with a broken board logs an error naming $BOARD"; journal_after "$c" | detail
fi
verdict "after the broken reload: active, same MainPID $pid" eval 'active && same_pid "$pid"'
install -m 644 /tmp/good-board.yaml "$BOARD"
c=$(cursor); systemctl reload "$UNIT"
verdict "the good board reloads (board reloaded)" wait_for 30 journal_has "$c" "board reloaded"
verdict "after the good reload: active, same MainPID $pid" eval 'active && same_pid "$pid"'
end

begin watchdog
mkdir -p "/etc/systemd/system/$UNIT.service.d"
printf '[Service]\nWatchdogSec=6s\n' > "/etc/systemd/system/$UNIT.service.d/test.conf"
systemctl daemon-reload
c=$(cursor)
timeout 120 systemctl restart "$UNIT"
pid=$(prop MainPID)
verdict "the drop-in sets WatchdogUSec=6s" test "$(prop WatchdogUSec)" = 6s
sleep 20
verdict "20 s on WatchdogSec=6s: active, same MainPID $pid, NRestarts=0" \
  eval 'active && same_pid "$pid" && [ "$(prop NRestarts)" = 0 ]'
if journal_has "$c" "[Ww]atchdog timeout"; then
  fail "no watchdog timeout in the journal"; journal_after "$c" | grep -i watchdog | detail
else
  ok "no watchdog timeout in the journal"
fi
verdict "StatusText still 'ok, N rows' ('$(prop StatusText)')" status_ok
end

source /payload/update-checks.sh

begin stop
limit=$(prop TimeoutStopUSec)
t=$(up); timeout 60 systemctl stop "$UNIT"; took=$(since "$t")
secs=$(systemd-analyze timespan "$limit" 2>/dev/null | sed -n 's/^ *μs: *//p')
verdict "systemctl stop returned in $took s (TimeoutStopSec=$limit)" \
  awk -v t="$took" -v l="${secs:-10000000}" 'BEGIN { exit !(t * 1000000 < l) }'
verdict "stopped: ActiveState=$(prop ActiveState), Result=$(prop Result), exit status $(prop ExecMainStatus)" \
  eval '[ "$(prop ActiveState)" = inactive ] && [ "$(prop Result)" = success ] && [ "$(prop ExecMainStatus)" = 0 ]'
end

info "checks done at uptime $(up) s"
[ "$failed" -eq 0 ] || journalctl -b --no-pager -o short-monotonic > "$JOURNAL_OUT"
echo "DONE failed=$failed" >&3
