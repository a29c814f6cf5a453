# Sourced by prepare.sh, install.sh and hub75/install-hub75.sh: the one check of which
# Debian packages still need installing.

# missing_packages NAME...: prints the names dpkg does not have installed, one a line.
missing_packages() {
    local package
    for package in "$@"; do
        dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null | grep -qx installed || printf '%s\n' "$package"
    done
}
