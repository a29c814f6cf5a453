#!/bin/bash
# The repositories the update checks subscribe the guest to: successive snapshots of one
# reprepro repository, made with deploy/repository.sh and a throwaway key, as a project would
# publish N, then N+1 (staged at 0 %, then to everyone), a broken N+2 and a good N+3 whose
# InRelease was tampered with on the way. N+1.. are the built package with a new Debian
# revision (0.23.0-1 -> 0.23.0-1+t1); N+2's unit runs a command that exits 1 at start.
#   usage: make-repos.sh DEB OUT     OUT/<state>/ for each state, served at http://127.0.0.1/repo
source "$(dirname "$0")/common.sh"
DEB=$(readlink -f "${1:?package}"); OUT=${2:?output folder}
URL=http://127.0.0.1/repo
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
version=$(dpkg-deb -f "$DEB" Version); arch=$(dpkg-deb -f "$DEB" Architecture)

# revision N SUFFIX [broken]: the package as N+SUFFIX, its unit broken on demand.
revision() {
  local new="$version+t$1" tree="$work/tree-$1" unit
  rm -rf "$tree"; dpkg-deb -R "$DEB" "$tree"
  sed -i "s/^Version: .*/Version: $new/" "$tree/DEBIAN/control"
  if [ "${2:-}" = broken ]; then
    unit=lib/systemd/system/departure-board.service
    [ -f "$tree/$unit" ] || unit=usr/$unit
    sed -i "s|^ExecStart=.*|ExecStart=/bin/sh -c 'echo \"departure-board: this build is broken on purpose\" >\&2; exit 1'|" "$tree/$unit"
    (cd "$tree" && sed -i "\# $unit\$#d" DEBIAN/md5sums && md5sum "$unit" >> DEBIAN/md5sums)
  fi
  dpkg-deb --root-owner-group -Zxz -z1 -b "$tree" "$work/departure-board_${new}_$arch.deb" > /dev/null
  echo "$work/departure-board_${new}_$arch.deb"
}

# publish STATE [repository.sh options] DEB: one more release, its public tree kept as STATE.
publish() {
  local state=$1; shift
  "$REPO_DIR/deploy/repository.sh" publish --repo "$work/repo" --gpg-home "$work/gnupg" --url "$URL" "$@" \
    > "$work/publish.log" 2>&1 || { cat "$work/publish.log" >&2; say "repository.sh publish failed ($state)" >&2; exit 1; }
  cp -a "$work/repo/public" "$OUT/$state"
  # Each state a second newer than the last: two publishes within one second would give the
  # same Last-Modified, and nginx would answer apt's If-Modified-Since with 304 (no change).
  find "$OUT/$state" -exec touch -h -d "@$((stamp += 1))" {} +
}
stamp=$(date +%s)

rm -rf "$OUT"; mkdir -p "$OUT"
n1=$(revision 1); n2=$(revision 2 broken); n3=$(revision 3)
publish n "$DEB"
publish n1-phased0 --phased 0 "$n1"
publish n1 "$n1"
publish n2 "$n2"
publish n3-tampered "$n3"
# A byte of the signed text changed, as a mirror or a man in the middle could: the
# signature no longer matches (the Packages hashes listed are still the real ones).
sed -i 's/^Description: .*/& (tampered)/' "$OUT/n3-tampered/dists/stable/InRelease"
grep -q 'tampered' "$OUT/n3-tampered/dists/stable/InRelease" || { say "could not tamper with InRelease" >&2; exit 1; }
# Only InRelease: apt would not fall back to them for a bad signature, but leave it no choice.
rm -f "$OUT/n3-tampered/dists/stable/Release" "$OUT/n3-tampered/dists/stable/Release.gpg"
say "repositories: $(cd "$OUT" && echo *) ($version, +t1, +t2 broken, +t3 tampered)" >&2
