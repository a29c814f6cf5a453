# The systemd tier's update checks (issue 48, item 6), sourced by checks.sh after the
# watchdog checks: the sign installed N from the repository on the guest's nginx; each state
# of that repository (host/make-repos.sh) is served in turn and the unit the timer runs is
# started, as the timer would start it, with the board's update window around now.
UPDATE_UNIT=departure-board-update
CALIBRATION=/var/lib/departure-board/board.light-calibration
KEPT=/var/lib/departure-board-update
PIN=/etc/apt/preferences.d/departure-board-update

pkg_version() { dpkg-query -W -f='${Version}' departure-board 2>/dev/null; }
# The files an upgrade or a rollback must leave alone.
sums() { sha256sum "$BOARD" "$STORE" "$CALIBRATION" 2>&1 | awk '{ print $1 }' | paste -sd' '; }
# set_window FROM TO: the board's update window, in hours from now in the board's zone.
set_window() {
  local h; h=$(TZ=Australia/Sydney date +%-H)
  sed -i '/^updates:/,$d' "$BOARD"
  WINDOW=$(printf '%02d:00-%02d:00' $(( (h + $1 + 24) % 24 )) $(( (h + $2 + 24) % 24 )))
  printf 'updates:\n  window: "%s"\n' "$WINDOW" >> "$BOARD"
}
# run_update: starts the updater's unit; UPD_RC its exit, UPD_TOOK seconds, its lines in /tmp/update.log.
run_update() {
  local t; UPD_CURSOR=$(cursor); t=$(up)
  timeout 300 systemctl start "$UPDATE_UNIT.service" > /dev/null 2>&1
  UPD_TOOK=$(since "$t")
  # The updater's own exit status (systemctl start says only 0 or 1).
  UPD_RC=$(systemctl show -P ExecMainStatus "$UPDATE_UNIT.service")
  update_lines
}
# The updater's own lines, not systemd's about the unit. (By -u: a -t or _SYSTEMD_UNIT= match
# missed the main process's lines here.)
not_systemd() { grep -v -E "^(Starting|Finished|Stopped|Failed to start) |^$UPDATE_UNIT\.service: "; }
update_lines() { journalctl -u "$UPDATE_UNIT.service" --no-pager -q -o cat --after-cursor="$UPD_CURSOR" | not_systemd > /tmp/update.log; }
# logged PATTERN: the run logged it (journald may take a moment to read the last lines).
has_line() { update_lines; grep -q -- "$1" /tmp/update.log; }
logged() { wait_for 10 has_line "$1"; }
said() { grep -v '^  ' /tmp/update.log | tail -n 1; }   # its last line, not apt's quoted errors
sign_ok() { active && wait_for 30 status_ok; }

begin update
# The watchdog check's 6 s drop-in goes: installs under TCG are slow enough to starve a draw loop.
rm -f "/etc/systemd/system/$UNIT.service.d/test.conf"; systemctl daemon-reload
install -o departure-board -g departure-board -m 600 /dev/null "$CALIBRATION"
printf '0.4 18000\n' > "$CALIBRATION"
V0=$(pkg_version); V1="$V0+t1"; V2="$V0+t2"

if [ "$(systemctl is-enabled "$UPDATE_UNIT.timer" 2>&1)" = disabled ] && systemctl enable --now "$UPDATE_UNIT.timer" > /dev/null 2>&1 \
   && systemctl -q is-active "$UPDATE_UNIT.timer"; then
  ok "$UPDATE_UNIT.timer installed disabled; enable --now: active, next run $(systemctl show -P NextElapseUSecRealtime "$UPDATE_UNIT.timer")"
else
  fail "$UPDATE_UNIT.timer installed disabled, then enabled and active"; systemctl status --no-pager "$UPDATE_UNIT.timer" 2>&1 | detail
fi
if systemd-analyze verify "$UPDATE_UNIT.service" "$UPDATE_UNIT.timer" > /tmp/verify.log 2>&1; then
  ok "systemd-analyze verify $UPDATE_UNIT.service and .timer"
else
  fail "systemd-analyze verify $UPDATE_UNIT.service and .timer"; detail < /tmp/verify.log
fi

info "systemd-analyze security $UPDATE_UNIT.service: $(systemd-analyze security "$UPDATE_UNIT.service" 2>/dev/null | sed -n 's/.*Overall exposure level for [^:]*: //p')"

# Outside the window nothing happens, though N+1 is published to everyone.
serve_repo n1
set_window 3 5
run_update
if [ "$UPD_RC" = 0 ] && logged "outside the update window" && [ "$(pkg_version)" = "$V0" ]; then
  ok "outside the window ($WINDOW): nothing installed ($UPD_TOOK s): '$(said)'"
else
  fail "outside the window ($WINDOW): nothing installed (exit $UPD_RC, $(pkg_version))"; detail < /tmp/update.log
fi

set_window -1 2
verdict "departure-board update-window: inside $WINDOW" departure-board update-window --board "$BOARD"
# Staged rollout at 0 %: APT holds it back unless this machine draws 0 (1 in 101); then
# another machine id, one APT holds it back for, stands in (APT decides either way).
serve_repo n1-phased0
apt_update
if apt-get -s dist-upgrade 2>/dev/null | grep -q '^Inst departure-board '; then
  for id in 0123456789abcdef0123456789abcdef fedcba9876543210fedcba9876543210 00000000000000000000000000000001; do
    apt-get -s -o APT::Machine-ID="$id" dist-upgrade 2>/dev/null | grep -q '^Inst departure-board ' && continue
    echo "APT::Machine-ID \"$id\";" > /etc/apt/apt.conf.d/50phasing-test; info "this machine draws 0 for $V1; APT::Machine-ID $id instead"; break
  done
fi
run_update
if [ "$UPD_RC" = 0 ] && logged "not for this machine yet" && [ "$(pkg_version)" = "$V0" ]; then
  ok "$V1 at Phased-Update-Percentage 0: held back ($UPD_TOOK s): '$(said)'"
else
  fail "$V1 at Phased-Update-Percentage 0: held back (exit $UPD_RC, $(pkg_version))"; detail < /tmp/update.log
fi
rm -f /etc/apt/apt.conf.d/50phasing-test

before=$(sums)
serve_repo n1
run_update
if [ "$UPD_RC" = 0 ] && [ "$(pkg_version)" = "$V1" ] && logged "updated $V0 -> $V1"; then
  ok "$V1 published to all: installed and the sign restarted in $UPD_TOOK s: '$(said)'"
else
  fail "$V1 published to all: installed (exit $UPD_RC, $(pkg_version) installed)"; detail < /tmp/update.log
fi
verdict "after the update: active, departures on the panel ('$(prop StatusText)')" sign_ok
verdict "board, store and calibration unchanged by the update" test "$(sums)" = "$before"
verdict "kept in $KEPT: $V0 and $V1 ($(cd "$KEPT" && ls | paste -sd' '))" \
  eval '[ "$(ls "$KEPT" | wc -l)" = 2 ] && ls "$KEPT" | grep -qF "_${V0}_" && ls "$KEPT" | grep -qF "_${V1}_"'

# A broken N+2: its service exits at start.
serve_repo n2
run_update
# From 'updating' (the install begins) to 'rolled back'.
at() { journalctl -u "$UPDATE_UNIT.service" -o short-monotonic --no-pager -q --after-cursor="$UPD_CURSOR" | grep -m 1 -- "$1" | sed 's/^\[ *\([0-9.]*\)\].*/\1/'; }
if [ "$UPD_RC" != 0 ] && [ "$(pkg_version)" = "$V1" ] && logged "rolled back $V2 -> $V1: the service exited with status 1"; then
  took=$(awk -v a="$(at "updating $V1 -> $V2")" -v b="$(at "rolled back")" 'BEGIN { printf "%.1f", b - a }')
  verdict "broken $V2 rolled back to $V1 $took s after its install began (run $UPD_TOOK s), the unit failed: '$(said)'" \
    awk -v t="$took" 'BEGIN { exit !(t > 0 && t < 120) }'
else
  fail "broken $V2 rolled back to $V1 (exit $UPD_RC, $UPD_TOOK s, $(pkg_version) installed)"; detail < /tmp/update.log
fi
verdict "$PIN pins $V2 out (Pin-Priority: -1)" \
  eval 'grep -qx "Pin: version $V2" "$PIN" && grep -qx "Pin-Priority: -1" "$PIN"'
verdict "after the rollback: active, departures on the panel ('$(prop StatusText)')" sign_ok
verdict "board, store and calibration unchanged by the rollback" test "$(sums)" = "$before"
run_update
if [ "$UPD_RC" = 0 ] && logged "up to date: $V1" && [ "$(pkg_version)" = "$V1" ]; then
  ok "$V2 still published: the pin holds $V1 ($UPD_TOOK s): '$(said)'"
else
  fail "$V2 still published: the pin holds $V1 (exit $UPD_RC, $(pkg_version))"; detail < /tmp/update.log
fi

# A good N+3 behind an InRelease changed on the way.
serve_repo n3-tampered
kept=$(ls "$KEPT" | paste -sd' ')
run_update
if [ "$UPD_RC" = 65 ] && logged "refused: the repository's signature does not verify" && [ "$(pkg_version)" = "$V1" ]; then
  ok "tampered InRelease refused (exit 65, $UPD_TOOK s): '$(said)'"
else
  fail "tampered InRelease refused (exit $UPD_RC, $(pkg_version) installed)"; detail < /tmp/update.log
fi
verdict "after the refusal: $V1, same files and kept packages, sign active" \
  eval '[ "$(sums)" = "$before" ] && [ "$(ls "$KEPT" | paste -sd" ")" = "$kept" ] && active && status_ok'
# By hand, as UPDATES.md's `apt upgrade`: the package restarts a running sign itself (its
# maintainer scripts, not the updater), so a hand upgrade never leaves the panel dark.
pid=$(prop MainPID)
if dpkg -i --force-confold "$KEPT/departure-board_${V1}_"*.deb > /tmp/dpkg-hand.log 2>&1 && wait_for 60 active \
   && [ "$(prop MainPID)" != "$pid" ] && wait_for 30 status_ok; then
  ok "a hand upgrade (dpkg -i $V1 again) restarts the running sign: active, departures on the panel"
else
  fail "a hand upgrade restarts the running sign (pid $pid -> $(prop MainPID), $(prop ActiveState))"; detail < /tmp/dpkg-hand.log
fi
end
