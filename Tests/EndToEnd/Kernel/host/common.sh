# Shared settings for the kernel tier's host scripts. Sourced, not run.
set -euo pipefail
KT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_DIR="$(cd "$KT_DIR/../../.." && pwd)"
# Downloads, the extracted kernel and module builds; reused between runs of the same kernel.
KT_WORK="${KT_WORK:-/tmp/departure-board-kernel}"
mkdir -p "$KT_WORK"
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
say() { printf '[kernel-tier] %s\n' "$*"; }

# The Debian kernel ABI (e.g. 6.1.0-56-amd64) that linux-image-amd64 points at today.
kernel_abi() {
  if [ -s "$KT_WORK/abi" ]; then cat "$KT_WORK/abi"; return; fi
  apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-/ { sub("linux-image-", "", $2); print $2; exit }'
}

# QEMU's accelerator: TCG unless KT_ACCEL=kvm (KVM here cannot run a stock kernel: README).
qemu_accel() {
  case "${KT_ACCEL:-tcg}" in
    kvm) echo "-accel kvm -cpu host" ;;
    *)   echo "-accel tcg -cpu max" ;;
  esac
}

# copy_modules ROOT MODULE...: stock modules of the downloaded kernel, with the modules they
# need, into ROOT/lib/modules/<abi> with the kernel's module lists (run depmod after).
copy_modules() {
  local root=$1 abi k="$KT_WORK/kernel"; shift
  abi=$(kernel_abi)
  for module in "$@"; do
    modprobe -d "$k" -S "$abi" --show-depends "$module" | awk '$1 == "insmod" { print $2 }'
  done | sort -u | while read -r file; do
    rel="${file#"$k"/}"; mkdir -p "$root/$(dirname "$rel")"; cp "$file" "$root/$rel"
  done
  mkdir -p "$root/lib/modules/$abi"
  cp "$k/lib/modules/$abi"/modules.{order,builtin,builtin.modinfo} "$root/lib/modules/$abi/"
}
