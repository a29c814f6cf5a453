# Shared settings for the systemd tier's host scripts. Sourced, not run. Builds on the
# kernel tier's (Tests/EndToEnd/Kernel: KT_WORK, the kernel ABI, now/elapsed); only the prefix of
# `say` differs.
source "$(dirname "${BASH_SOURCE[0]}")/../../../EndToEnd/Kernel/host/common.sh"
ST_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ST_SUITE=bookworm
say() { printf '[systemd-tier] %s\n' "$*"; }

# The Debian archive this machine's apt uses for $ST_SUITE (one-line or deb822 sources),
# so debootstrap goes where apt-get goes; ST_MIRROR overrides it.
debian_mirror() {
  if [ -n "${ST_MIRROR:-}" ]; then echo "$ST_MIRROR"; return; fi
  local found
  found=$( { awk -v s="$ST_SUITE" '$1 == "deb" && $3 == s { print $2; exit }' /etc/apt/sources.list \
               /etc/apt/sources.list.d/*.list 2>/dev/null
             awk -v s="$ST_SUITE" 'BEGIN { RS = "" }
               { uri = ""; ok = 0
                 n = split($0, lines, "\n")
                 for (i = 1; i <= n; i++) {
                   if (lines[i] ~ /^URIs:/) { split(lines[i], f, /[ \t]+/); uri = f[2] }
                   if (lines[i] ~ /^Suites:/ && (" " lines[i] " ") ~ (" " s " ")) ok = 1
                 }
                 if (ok && uri != "") { print uri; exit } }' /etc/apt/sources.list.d/*.sources 2>/dev/null
           } | head -n 1)
  echo "${found:-http://deb.debian.org/debian}"
}
