#!/bin/bash
# Host packages for the kernel tier: QEMU, busybox for the guest, kmod for depmod, and the
# headers of the exact kernel we boot (to build the test modules). Idempotent.
source "$(dirname "$0")/common.sh"
export DEBIAN_FRONTEND=noninteractive
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
ABI=$(kernel_abi)
if [ -z "$ABI" ]; then $sudo apt-get update -qq; ABI=$(kernel_abi); fi
need=()
for p in qemu-system-x86 busybox-static cpio kmod gcc make xz-utils python3 "linux-headers-$ABI" \
         alsa-utils libasound2 libespeak-ng1 espeak-ng-data; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "$ABI" > "$KT_WORK/abi"
