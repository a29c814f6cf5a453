#!/bin/bash
# The guest's root disk: the cached debootstrap root plus guest/setup.sh, as an ext4 image
# (mkfs.ext4 -d, no loop mount). Cached in $KT_WORK/systemd-image/ under a key of the root
# and the set-up files, so only a new package list or a change to the set-up rebuilds it.
#   usage: make-image.sh ROOT_DIR     prints the image's path last
source "$(dirname "$0")/common.sh"
ROOT=${1:?root dir}
key=$( { basename "$ROOT"; cat "$ST_DIR/guest/setup.sh" "$ST_DIR/guest/db-systemd-test.service"; } \
  | sha256sum | cut -c1-16)
IMAGE="$KT_WORK/systemd-image/$key.ext4"
if [ -f "$IMAGE" ]; then
  say "image $key cached" >&2
else
  rm -rf "$KT_WORK/systemd-image"; mkdir -p "$KT_WORK/systemd-image"
  stage="$KT_WORK/systemd-image/stage"
  cp -a "$ROOT" "$stage"
  "$ST_DIR/guest/setup.sh" "$stage"
  # Room for the package (45 MB installed), its store and logs; the file is sparse.
  size_mb=$(( $(du -sm "$stage" | cut -f1) + 512 ))
  mkfs.ext4 -q -F -L departure-root -m 0 -d "$stage" "$IMAGE.tmp" "${size_mb}M" > /dev/null
  mv "$IMAGE.tmp" "$IMAGE"
  rm -rf "$stage"
fi
echo "$IMAGE"
