#!/usr/bin/env bash
# Builds and signs the Debian repository signs install departure-board from (reprepro), and
# the departure-board-archive-keyring package that subscribes a sign to it. How to publish,
# serve, subscribe and rotate the key: deploy/UPDATES.md.
#
#   deploy/repository.sh publish --repo DIR --gpg-home DIR --url URL [--phased PERCENT] DEB...
#   deploy/repository.sh subscribe-help --url URL
#
# publish puts each DEB in suite stable, component main (amd64 and arm64; Architecture: all in both),
# replacing the version there. DIR holds reprepro's state (conf/, db/); DIR/public is the tree a web
# server serves. Every secret key in the gpg home signs (one is made when there is none);
# only public keys leave it. --phased gives the DEBs' stanzas Phased-Update-Percentage.
# Exit codes: 64 usage, 65 a DEB that is not one or clashes, 66 a DEB missing, 69 a tool
# missing, 78 a key that cannot sign unattended.
set -euo pipefail

script_dir=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
keyring_package=departure-board-archive-keyring
# shellcheck source=deploy/packages.sh
. "$script_dir/packages.sh"
suite=stable

die() { local code=$1; shift; echo "repository.sh: $*" >&2; exit "$code"; }
usage() { sed -n '6,7p' "$0" | sed 's/^# */usage: /' >&2; exit 64; }

# require PACKAGE...: installs what is missing when root (as prepare.sh does), else names it.
require() {
    local missing
    mapfile -t missing < <(missing_packages "$@")
    ((${#missing[@]})) || return 0
    if [[ $(id -u) -eq 0 ]]; then
        echo "repository.sh: installing ${missing[*]}" >&2
        { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; } >&2 ||
            die 69 "could not install ${missing[*]}"
    else
        die 69 "${missing[*]} missing (sudo apt install ${missing[*]}, or deploy/prepare.sh --package)"
    fi
}

subscribe_help() {
    cat <<EOF
# On the sign (Debian 12 or Raspberry Pi OS bookworm), as root:
curl -fsSLO $url/$keyring_package.deb
dpkg-deb --fsys-tarfile $keyring_package.deb | tar -xO ./usr/share/keyrings/$keyring_package.pgp | gpg --show-keys
#   compare the fingerprint with the one \`repository.sh publish\` printed, then:
apt install ./$keyring_package.deb
apt update && apt install departure-board
EOF
}

# The secret keys in the gpg home that can sign (not expired or revoked), one fingerprint a line.
signing_keys() {
    gpg --homedir "$gpg_home" --batch --with-colons --list-secret-keys 2>/dev/null |
        awk -F: '$1 == "sec" { usable = ($2 !~ /[erd]/) } $1 == "fpr" && usable { print $10; usable = 0 }'
}

# keyring_deb VERSION OUT: the keyring package, from deploy/keyring/ and this run's key and URL.
keyring_deb() {
    local version=$1 out=$2 root=$work/keyring-root doc
    rm -rf "$root"
    doc=$root/usr/share/doc/$keyring_package
    install -d -m 0755 "$root/DEBIAN" "$root/usr/share/keyrings" "$root/etc/apt/sources.list.d" "$doc" \
        "$root/usr/share/lintian/overrides"
    install -m 0644 "$work/key.pgp" "$root/usr/share/keyrings/$keyring_package.pgp"
    install -m 0644 "$work/sources" "$root/etc/apt/sources.list.d/departure-board.sources"
    install -m 0644 "$script_dir/keyring/copyright" "$doc/copyright"
    install -m 0644 "$script_dir/keyring/lintian-overrides" "$root/usr/share/lintian/overrides/$keyring_package"
    { printf '%s (%s) %s; urgency=medium\n\n' "$keyring_package" "$version" "$suite"
      sed 's/^/  * Key /' "$work/fingerprints"
      printf '  * Repository %s\n\n -- departure-board developers <departure-board@example.org>  %s\n' "$url" "$(date -R)"
    } | gzip -9n > "$doc/changelog.gz"
    chmod 0644 "$doc/changelog.gz"
    install -m 0644 "$script_dir/keyring/conffiles" "$root/DEBIAN/conffiles"
    sed -e "s|@VERSION@|$version|" -e "s|@URL@|$url|" \
        -e "s|@SIZE@|$(du -sk --exclude=DEBIAN "$root" | cut -f1)|" "$script_dir/keyring/control" > "$root/DEBIAN/control"
    (cd "$root" && find usr etc -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
    chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
    dpkg-deb --root-owner-group -Zxz --build "$root" "$out" >/dev/null
}

command=${1:-}
(($#)) && shift
repo='' gpg_home='' url='' phased=''
debs=()
while (($#)); do
    case $1 in
        --repo|--gpg-home|--url|--phased) (($# >= 2)) || die 64 "$1 needs a value" ;;&
        --repo) repo=$2; shift 2 ;;
        --gpg-home) gpg_home=$2; shift 2 ;;
        --url) url=${2%/}; shift 2 ;;
        --phased) phased=$2; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
        -*) die 64 "unknown option $1" ;;
        *) debs+=("$1"); shift ;;
    esac
done
[[ -z $url || $url =~ ^https?://[^/[:space:]]+(/[^[:space:]]*)?$ ]] || die 64 "--url must be an http:// or https:// URL, not '$url'"
case $command in
    subscribe-help) [[ -n $url ]] || usage; subscribe_help; exit 0 ;;
    publish) ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) usage ;;
esac
[[ -n $repo && -n $gpg_home && -n $url ]] || die 64 "publish needs --repo, --gpg-home and --url"
((${#debs[@]})) || die 64 "publish needs at least one DEB"
if [[ -n $phased ]]; then
    [[ $phased =~ ^[0-9]{1,3}$ && $((10#$phased)) -le 100 ]] || die 64 "--phased takes a percentage from 0 to 100, not '$phased'"
    phased=$((10#$phased))
fi

names=()
for deb in "${debs[@]}"; do
    [[ -f $deb && -r $deb ]] || die 66 "no readable DEB at $deb"
    fields=$(dpkg-deb --field "$deb" Package Architecture Section Priority 2>/dev/null) || die 65 "$deb is not a Debian package"
    name=$(sed -n 's/^Package: //p' <<<"$fields")
    arch=$(sed -n 's/^Architecture: //p' <<<"$fields")
    # reprepro files a package by them and skips one without.
    if ! grep -q '^Section: ' <<<"$fields" || ! grep -q '^Priority: ' <<<"$fields"; then
        die 65 "$deb has no Section or no Priority field"
    fi
    [[ $arch =~ ^(amd64|arm64|all)$ ]] || die 65 "$deb is for $arch; the repository carries amd64, arm64 and all"
    [[ $name != "$keyring_package" ]] || die 65 "$deb: the keyring package is built by publish itself"
    names+=("$name")
done

require reprepro gnupg
mkdir -p "$repo/conf" "$gpg_home"
repo=$(cd "$repo" && pwd) gpg_home=$(cd "$gpg_home" && pwd)
chmod 0700 "$gpg_home"
export GNUPGHOME=$gpg_home    # reprepro signs through gpgme, which reads it
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

signing_keys > "$work/fingerprints"
if ! [[ -s $work/fingerprints ]]; then
    gpg --homedir "$gpg_home" --batch --quiet --passphrase '' \
        --quick-generate-key 'departure-board archive <owner@localhost>' ed25519 sign never 2>/dev/null ||
        die 69 "gpg could not make a key in $gpg_home"
    signing_keys > "$work/fingerprints"
    echo "repository.sh: $gpg_home held no secret key: made $(cat "$work/fingerprints") (ed25519, no passphrase)." \
         "Back up that folder and keep it off the web server: it signs every update." >&2
fi
# reprepro signs unattended: a key whose passphrase is not cached in gpg-agent would fail
# there, after the packages went in, with a message about gpgme.
while read -r fingerprint; do
    echo probe | gpg --homedir "$gpg_home" --batch --pinentry-mode error --local-user "$fingerprint" --sign >/dev/null 2>&1 ||
        die 78 "key $fingerprint in $gpg_home cannot sign unattended (a passphrase?): cache it in gpg-agent, or use a key without one"
done < "$work/fingerprints"

reprepro=(reprepro --basedir "$repo" --export=changed)
# Refused before anything is written (reprepro would skip an older version without failing, and
# refuse a changed copy only after taking the DEBs before it): an older version, since APT never
# downgrades, and the published version with other contents, which signs could not tell apart.
# shellcheck disable=SC2016 # dpkg-deb's and reprepro's own ${field} formats
for deb in "${debs[@]}"; do
    read -r name version arch < <(dpkg-deb --show --showformat '${Package} ${Version} ${Architecture}\n' "$deb")
    filter=(); [[ $arch == all ]] || filter=(-A "$arch")
    while read -r published_arch published filekey; do
        if dpkg --compare-versions "$version" lt "$published"; then
            die 65 "$deb is $version, older than the $published published for $published_arch; signs never downgrade, so publish a higher version"
        elif [[ $version == "$published" ]] && ! cmp -s "$deb" "$repo/public/$filekey"; then
            die 65 "$deb is $version, published for $published_arch with other contents; a rebuilt package needs a new version"
        fi
    done < <("${reprepro[@]}" "${filter[@]}" --list-format '${$architecture} ${version} ${$filekey}\n' list "$suite" "$name" 2>/dev/null || true)
done

# reprepro's configuration, written each time so a new key or URL takes effect. A publish that
# fails from here on puts the old one back, so the next one sees the change again and exports.
mkdir "$work/old"
for file in distributions options deb.override; do
    if [[ -f $repo/conf/$file ]]; then cp -p "$repo/conf/$file" "$work/old/"; fi
done
restore_conf() {
    local file
    for file in distributions options deb.override; do
        if [[ -f $work/old/$file ]]; then cp -p "$work/old/$file" "$repo/conf/"; else rm -f "$repo/conf/$file"; fi
    done
}
trap 'code=$?; if ((code)) && [[ -d $work/old ]]; then restore_conf; fi; rm -rf "$work"' EXIT
cat > "$work/distributions" <<EOF
Origin: departure-board
Label: departure-board
Codename: $suite
Architectures: amd64 arm64
Components: main
Description: departure-board for signs
SignWith: $(paste -sd' ' "$work/fingerprints")
DebOverride: deb.override
EOF
echo "outdir +b/public" > "$work/options"
conf_changed=false
for file in distributions options; do
    cmp -s "$work/$file" "$repo/conf/$file" || { cp "$work/$file" "$repo/conf/$file"; conf_changed=true; }
done
# Phased-Update-Percentage goes in through reprepro's override file: set for the DEBs given
# with --phased, removed ($Delete) for those given without; other packages keep theirs.
{
    if [[ -f $work/old/deb.override ]]; then
        awk -v given=" ${names[*]} " 'index(given, " " $1 " ") == 0' "$work/old/deb.override"
    fi
    for name in $(printf '%s\n' "${names[@]}" | sort -u); do
        if [[ -n $phased ]]; then echo "$name Phased-Update-Percentage $phased"
        else echo "$name \$Delete Phased-Update-Percentage"; fi
    done
} | sort > "$work/deb.override"
override_changed=false
cmp -s "$work/deb.override" "$repo/conf/deb.override" || { cp "$work/deb.override" "$repo/conf/deb.override"; override_changed=true; }

# The keyring package: rebuilt only when the key or the URL changed, one version up.
mapfile -t fingerprints < "$work/fingerprints"
gpg --homedir "$gpg_home" --batch --export "${fingerprints[@]}" > "$work/key.pgp"
sed -e "s|@URL@|$url|" "$script_dir/keyring/departure-board.sources" > "$work/sources"
# shellcheck disable=SC2016 # reprepro's own ${field} format
current=$("${reprepro[@]}" --list-format '${version}\t${$filekey}\n' list "$suite" "$keyring_package" 2>/dev/null | sed -n 1p || true)
keyring_version=${current%%$'\t'*} keyring_deb=$repo/public/${current#*$'\t'}
unpacked() { dpkg-deb --fsys-tarfile "$keyring_deb" 2>/dev/null | tar -xO ".$1" 2>/dev/null; }
if [[ -z $current ]] || ! cmp -s "$work/key.pgp" <(unpacked "/usr/share/keyrings/$keyring_package.pgp") ||
   ! cmp -s "$work/sources" <(unpacked /etc/apt/sources.list.d/departure-board.sources); then
    keyring_version=$((${keyring_version:-0} + 1))
    keyring_deb=$work/${keyring_package}_${keyring_version}_all.deb
    keyring_deb "$keyring_version" "$keyring_deb"
fi

if ! "${reprepro[@]}" includedeb "$suite" "$keyring_deb" "${debs[@]}" 2> "$work/reprepro.log"; then
    cat "$work/reprepro.log" >&2
    die 65 "reprepro refused the packages (its reasons above; a version already published with other contents needs a new version number)"
fi
grep -v '^Exporting indices\|^Skipping inclusion of .* as it has already' "$work/reprepro.log" >&2 || true
# A DEB already in the suite is not read again: the override is applied to what is there.
if $override_changed; then "${reprepro[@]}" reoverride "$suite" >&2; fi
if $conf_changed || $override_changed || ! [[ -f $repo/public/dists/$suite/InRelease ]]; then
    "${reprepro[@]}" export "$suite" >&2
fi

# The key (binary OpenPGP, for Signed-By) and the keyring package under fixed names, for signs
# to fetch before they trust anything.
for pair in "$work/key.pgp:$keyring_package.pgp" "$keyring_deb:$keyring_package.deb"; do
    cmp -s "${pair%%:*}" "$repo/public/${pair#*:}" || install -m 0644 "${pair%%:*}" "$repo/public/${pair#*:}"
done

echo "signed by:  $(paste -sd' ' "$work/fingerprints")"
echo "keyring:    $keyring_package $keyring_version ($url)"
"${reprepro[@]}" list "$suite" | sed 's/^/published:  /'
echo "serve this folder: $repo/public"
