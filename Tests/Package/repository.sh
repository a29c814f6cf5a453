#!/usr/bin/env bash
# Tests deploy/repository.sh as a sign meets its owner's repository: publishes a .deb into a
# repository signed by a throwaway key, serves its public/ folder over real HTTP on 127.0.0.1,
# and points a real apt-get at it through a private APT configuration (its own sources, keys,
# lists and cache; the machine's own APT setup is neither read nor changed), using the
# departure-board.sources file of the keyring package publish built, which dpkg installs into a
# root of its own. A tampered InRelease and a repository signed by another key must be refused.
# Root or not; as root, APT runs as nobody.
#
#   Tests/Package/repository.sh [DEB]      (without DEB: the newest .build-deb/*.deb)
set -euo pipefail

repo_root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)
publish=("$repo_root/deploy/repository.sh" publish)
failures=0
pass() { printf 'ok    %s\n' "$1"; }
fail() { printf 'FAIL  %s\n' "$1"; failures=$((failures + 1)); }
check() { local what=$1; shift; if "$@" >/dev/null 2>&1; then pass "$what"; else fail "$what"; fi; }

deb=${1:-$(find "$repo_root/.build-deb" -maxdepth 1 -name 'departure-board_*.deb' -printf '%T@ %p\n' 2>/dev/null | sort -rn | sed -n '1s/^[^ ]* //p' || true)}
[[ -n $deb && -f $deb ]] || { echo "repository.sh: no DEB given and none in .build-deb (deploy/build-package.sh builds one)" >&2; exit 66; }
deb=$(readlink -f "$deb")
version=$(dpkg-deb --field "$deb" Version)
# reprepro and gnupg come from the one list (a no-op when all are there); python3 serves.
"$repo_root/deploy/prepare.sh" --package >&2
command -v python3 >/dev/null || { echo "repository.sh: python3 missing (deploy/prepare.sh --tests)" >&2; exit 69; }

t=$(mktemp -d)
server=''
cleanup() {
    [[ -z $server ]] || kill "$server" 2>/dev/null || true
    for home in "$t"/gnupg*; do
        if [[ -d $home ]]; then gpgconf --homedir "$home" --kill gpg-agent 2>/dev/null || true; fi
    done
    rm -rf "$t"
}
trap cleanup EXIT
chmod 0755 "$t"    # APT reads the key and writes its lists as nobody (root) or this user
url=https://signs.example.org/departure-board

# 1. Publish, timed, into a new repository with a new key.
started=$(date +%s%N)
"${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$deb" > "$t/publish.log" 2> "$t/publish.err" || true
elapsed=$((($(date +%s%N) - started) / 1000000))
public=$t/repo/public
check "publish makes a repository and a key" test -s "$public/dists/stable/InRelease" -a -s "$public/dists/stable/Release.gpg"
check "publish says it made a key, on stderr" grep -q 'held no secret key: made [0-9A-F]\{40\}' "$t/publish.err"
check "publish prints the fingerprint and the folder to serve" sh -c \
    "grep -q '^signed by:  [0-9A-F]\{40\}$' '$t/publish.log' && grep -qx 'serve this folder: $public' '$t/publish.log'"
echo "note  publish took ${elapsed} ms; public/ is $(du -sh "$public" | cut -f1) ($(du -sb "$deb" | cut -f1) bytes of .deb)"
check "the public key is binary OpenPGP, and public only" sh -c \
    "! grep -q 'BEGIN PGP' '$public/departure-board-archive-keyring.pgp' && gpg --show-keys --with-colons '$public/departure-board-archive-keyring.pgp' | grep -q '^pub' \
     && ! grep -rlq 'PRIVATE KEY' '$public' && ! gpg --show-keys --with-colons '$public/departure-board-archive-keyring.pgp' | grep -q '^sec'"

# 2. The keyring package, installed by dpkg into a root of its own (no maintainer scripts to
# run): the key, and a deb822 source naming it, as a conffile.
keyring=$public/departure-board-archive-keyring.deb
root=$t/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
: > "$root/var/lib/dpkg/status"; : > "$root/var/lib/dpkg/available"
dpkg_root=(dpkg --root="$root" --log=/dev/null)
[[ $(id -u) -eq 0 ]] || dpkg_root+=(--force-not-root)
check "dpkg installs the keyring package (in a root of its own)" "${dpkg_root[@]}" -i "$keyring"
sources=$root/etc/apt/sources.list.d/departure-board.sources
check "it installs the published key" cmp "$root/usr/share/keyrings/departure-board-archive-keyring.pgp" "$public/departure-board-archive-keyring.pgp"
check "its .sources file is deb822 with Signed-By" sh -c "grep -qx 'Types: deb' '$sources' && grep -qx 'URIs: $url' '$sources' \
    && grep -qx 'Suites: stable' '$sources' && grep -qx 'Components: main' '$sources' \
    && grep -qx 'Signed-By: /usr/share/keyrings/departure-board-archive-keyring.pgp' '$sources'"
check "the .sources file is a conffile" sh -c "${dpkg_root[*]} --status departure-board-archive-keyring | grep -q '^ /etc/apt/sources.list.d/departure-board.sources [0-9a-f]'"
check "the keyring package is in the repository for amd64 and arm64" sh -c \
    "grep -q '^Package: departure-board-archive-keyring' '$public/dists/stable/main/binary-amd64/Packages' && grep -q '^Package: departure-board-archive-keyring' '$public/dists/stable/main/binary-arm64/Packages'"
if command -v lintian >/dev/null; then
    check "lintian: no error or warning in the keyring package" lintian --fail-on error,warning "$keyring"
fi

# 3. Publishing the same .deb again changes nothing.
tree() { (cd "$t/repo" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
tree > "$t/tree.before"
check "publishing the same DEB again succeeds" "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$deb"
tree > "$t/tree.after"
check "publishing the same DEB again changes no file" cmp "$t/tree.before" "$t/tree.after"

# 4. Serve www/ (departure-board -> the published tree) and subscribe a private APT to it.
mkdir "$t/www"
ln -s "$public" "$t/www/departure-board"
# Python's file server, minus If-Modified-Since: the test swaps trees within one second, which
# a date to the second would call unchanged (a real server sees no such swaps).
python3 -u -c 'import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def send_head(self):
        del self.headers["If-Modified-Since"]
        return super().send_head()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
print("serving on port", server.server_address[1], "now", flush=True)
server.serve_forever()' "$t/www" > "$t/server.log" 2>&1 &
server=$!
port=''
for _ in $(seq 50); do port=$(sed -nE 's/.* port ([0-9]+) .*/\1/p' "$t/server.log"); [[ -n $port ]] && break; sleep 0.1; done
[[ -n $port ]] || { echo "repository.sh: the HTTP server did not start" >&2; cat "$t/server.log" >&2; exit 69; }
apt_dir=$t/apt
mkdir -p "$apt_dir"/{apt.conf.d,sources.list.d,trusted.gpg.d,preferences.d,state/lists/partial,cache/archives/partial,log,download}
: > "$apt_dir/sources.list"; : > "$apt_dir/state/status"
install -m 0644 "$root/usr/share/keyrings/departure-board-archive-keyring.pgp" "$apt_dir/keyring.pgp"
sed -e "s|^URIs: .*|URIs: http://127.0.0.1:$port/departure-board|" -e "s|^Signed-By: .*|Signed-By: $apt_dir/keyring.pgp|" \
    "$sources" > "$apt_dir/sources.list.d/departure-board.sources"
# Every Dir APT reads or writes, here: nothing from /etc/apt, no other key trusted.
cat > "$apt_dir/apt.conf" <<EOF
Dir::Etc::main "/dev/null";
Dir::Etc::parts "$apt_dir/apt.conf.d";
Dir::Etc::sourcelist "$apt_dir/sources.list";
Dir::Etc::sourceparts "$apt_dir/sources.list.d";
Dir::Etc::trusted "$apt_dir/trusted.gpg";
Dir::Etc::trustedparts "$apt_dir/trusted.gpg.d";
Dir::Etc::preferences "$apt_dir/preferences";
Dir::Etc::preferencesparts "$apt_dir/preferences.d";
Dir::State "$apt_dir/state";
Dir::State::status "$apt_dir/state/status";
Dir::Cache "$apt_dir/cache";
Dir::Log "$apt_dir/log";
EOF
as_user=()
if [[ $(id -u) -eq 0 ]]; then
    chown -R nobody:nogroup "$apt_dir"
    as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups)
fi
apt() { (cd "$apt_dir/download" && "${as_user[@]}" env APT_CONFIG="$apt_dir/apt.conf" "$@"); }
# Error-Mode=any: any error (a refused signature included) is apt-get's exit status.
update() { apt apt-get update -o APT::Update::Error-Mode=any > "$t/update.log" 2>&1; }

if update && ! grep -q '^[WE]:' "$t/update.log"; then pass "apt-get update succeeds with no warning"; else fail "apt-get update succeeds with no warning"; sed 's/^/  /' "$t/update.log"; fi
check "apt-cache policy: candidate $version" sh -c "APT_CONFIG='$apt_dir/apt.conf' apt-cache policy departure-board | grep -qx '  Candidate: $version'"
check "apt-cache policy: the keyring package's candidate is 1" sh -c "APT_CONFIG='$apt_dir/apt.conf' apt-cache policy departure-board-archive-keyring | grep -qx '  Candidate: 1'"
apt apt-get download -q departure-board > "$t/download.log" 2>&1 || true
fetched=("$apt_dir"/download/departure-board_*.deb)
check "apt-get download fetches it, sha256 as published" sh -c "[ \"\$(sha256sum < '${fetched[0]}')\" = \"\$(sha256sum < '$deb')\" ]"

# 5. A staged rollout: --phased puts the field in the DEB's stanza, and only there.
# stanza_has PACKAGE LINE: the published amd64 index gives PACKAGE's stanza that LINE.
stanza_has() { awk -v p="$1" '/^Package: /{on = ($2 == p)} on' "$public/dists/stable/main/binary-amd64/Packages" | grep -qx "$2"; }
lacks() { ! "$@"; }
"${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" --phased 30 "$deb" >/dev/null 2>&1 || fail "publish --phased 30"
check "--phased 30: the stanza holds Phased-Update-Percentage: 30" stanza_has departure-board 'Phased-Update-Percentage: 30'
check "--phased 30: the keyring package's stanza has no such field" lacks stanza_has departure-board-archive-keyring 'Phased-Update-Percentage: .*'
if update && ! grep -q '^[WE]:' "$t/update.log"; then pass "apt-get update takes the phased repository"; else fail "apt-get update takes the phased repository"; sed 's/^/  /' "$t/update.log"; fi
check "APT sees Phased-Update-Percentage: 30" sh -c "APT_CONFIG='$apt_dir/apt.conf' apt-cache show departure-board | grep -qx 'Phased-Update-Percentage: 30'"
"${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$deb" >/dev/null 2>&1 || fail "publish without --phased"
check "without --phased the field is gone again" lacks stanza_has departure-board 'Phased-Update-Percentage: .*'

# 6. Refusals, on a sign that already holds good lists: one changed byte in InRelease's hashes,
# then a repository of the same packages signed by another key.
cp -a "$public" "$t/tampered"
line=$(grep -n -m1 -E '^ [0-9a-f]{64} ' "$t/tampered/dists/stable/InRelease" | cut -d: -f1)
awk -v n="$line" 'NR == n { $0 = " " (substr($0, 2, 1) == "0" ? "1" : "0") substr($0, 3) } { print }' \
    "$public/dists/stable/InRelease" > "$t/tampered/dists/stable/InRelease"
check "the tampered InRelease differs in one byte" sh -c "[ \$(cmp -l '$public/dists/stable/InRelease' '$t/tampered/dists/stable/InRelease' | wc -l) -eq 1 ]"
ln -sfn "$t/tampered" "$t/www/departure-board"
if update; then fail "a tampered InRelease is refused"; sed 's/^/  /' "$t/update.log"
elif grep -qiE 'signature|BADSIG|not signed' "$t/update.log"; then pass "a tampered InRelease is refused, naming the signature"; grep -m1 '^E:' "$t/update.log" | cut -c1-150 | sed 's/^/      /'
else fail "a tampered InRelease is refused, naming the signature"; sed 's/^/  /' "$t/update.log"; fi
"${publish[@]}" --repo "$t/other" --gpg-home "$t/gnupg-other" --url "$url" "$deb" >/dev/null 2>&1 || fail "publish with another key"
ln -sfn "$t/other/public" "$t/www/departure-board"
if update; then fail "a repository signed by another key is refused"; sed 's/^/  /' "$t/update.log"
elif grep -qiE 'NO_PUBKEY|public key is not available|not signed' "$t/update.log"; then pass "a repository signed by another key is refused, naming the key"; grep -m1 '^E:' "$t/update.log" | cut -c1-150 | sed 's/^/      /'
else fail "a repository signed by another key is refused, naming the key"; sed 's/^/  /' "$t/update.log"; fi
ln -sfn "$public" "$t/www/departure-board"
if update && ! grep -q '^[WE]:' "$t/update.log"; then pass "the genuine repository is taken again"; else fail "the genuine repository is taken again"; sed 's/^/  /' "$t/update.log"; fi

# 7. Key rotation as deploy/UPDATES.md tells it: a second key in the home signs beside the
# first, and the keyring package carries both; a sign still on the old keyring updates. Then the
# old key goes, and a sign on the new keyring updates.

old_key=$(sed -n 's/^signed by:  //p' "$t/publish.log")
gpg --homedir "$t/gnupg" --batch --quiet --passphrase '' --quick-generate-key 'departure-board archive 2 <owner@localhost>' ed25519 sign never 2>/dev/null
"${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$deb" > "$t/rotate.log" 2>&1 || fail "publish with a second key"
check "rotation: two keys sign, and the keyring package (version 2) carries both" sh -c \
    "grep -q '^keyring: .* 2 ' '$t/rotate.log' && [ \$(gpg --show-keys --with-colons '$public/departure-board-archive-keyring.pgp' | grep -c '^pub') -eq 2 ] \
     && [ \$(sed -n '/^-----BEGIN PGP SIGNATURE/,\$p' '$public/dists/stable/InRelease' | gpg --list-packets 2>/dev/null | grep -c '^:signature packet') -eq 2 ]"
if update && ! grep -q '^[WE]:' "$t/update.log"; then pass "rotation: a sign still on the old keyring updates with no warning"; else fail "rotation: a sign still on the old keyring updates with no warning"; sed 's/^/  /' "$t/update.log"; fi
install -m 0644 "$public/departure-board-archive-keyring.pgp" "$apt_dir/keyring.pgp"
gpg --homedir "$t/gnupg" --batch --yes --delete-secret-and-public-key "$old_key" 2>/dev/null
"${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$deb" > "$t/rotate.log" 2>&1 || fail "publish with the old key gone"
check "rotation: the old key gone, the keyring package (version 3) carries the new one" sh -c \
    "grep -q '^keyring: .* 3 ' '$t/rotate.log' && [ \$(gpg --show-keys --with-colons '$public/departure-board-archive-keyring.pgp' | grep -c '^pub') -eq 1 ]"
if update && ! grep -q '^[WE]:' "$t/update.log"; then pass "rotation: a sign on the two-key keyring updates with no warning"; else fail "rotation: a sign on the two-key keyring updates with no warning"; sed 's/^/  /' "$t/update.log"; fi

check "purging the keyring package takes the key and the source away" sh -c \
    "${dpkg_root[*]} --purge departure-board-archive-keyring && ! [ -e '$sources' ] && ! [ -e '$root/usr/share/keyrings/departure-board-archive-keyring.pgp' ]"

# 8. publish's own refusals, with the project's exit codes.
code() { local want=$1; shift; local got=0; "$@" >/dev/null 2>&1 || got=$?; [[ $got -eq $want ]]; }
check "a missing DEB exits 66" code 66 "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$t/none.deb"
check "a file that is not a DEB exits 65" code 65 "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$t/publish.log"
check "--phased 101 exits 64" code 64 "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" --phased 101 "$deb"
# A stand-in package of the same name: older than the published one, then the same version.
fake() {
    mkdir -p "$t/fake/DEBIAN"
    printf 'Package: departure-board\nVersion: %s\nArchitecture: %s\nSection: misc\nPriority: optional\nMaintainer: test <test@example.org>\nDescription: stand-in\n stand-in\n' \
        "$1" "$(dpkg-deb --field "$deb" Architecture)" > "$t/fake/DEBIAN/control"
    dpkg-deb --root-owner-group --build "$t/fake" "$t/fake.deb" >/dev/null
}
tree > "$t/tree.before"
fake 0.0.1-1
check "an older version than the published one exits 65" code 65 "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" "$t/fake.deb"
fake "$version"
check "the published version with other contents exits 65" code 65 "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" --url "$url" --phased 40 "$t/fake.deb"
tree > "$t/tree.after"
check "and neither changed the repository (its conf/ included)" cmp "$t/tree.before" "$t/tree.after"
check "no --url exits 64" code 64 "${publish[@]}" --repo "$t/repo" --gpg-home "$t/gnupg" "$deb"

if command -v shellcheck >/dev/null; then
    check "shellcheck: deploy/repository.sh and this test" shellcheck -x "$repo_root/deploy/repository.sh" "$0"
fi

if ((failures)); then echo "repository.sh: $failures check(s) failed"; exit 1; fi
echo "repository.sh: all checks passed"
