# Sourced by the tiers that mount in a namespace of their own (Tests/Package/deb.sh,
# Tests/EndToEnd/Kernel/libgpiod2.sh). `unshare --mount` makes every mount private, which
# the kernel refuses (EINVAL) when `/` is not a mount point: the root of a plain chroot,
# such as one debootstrap made. Say that in words instead of unshare's
# "cannot change root filesystem propagation".
#   need_private_mounts NAME   (NAME: the script, for the message)
need_private_mounts() {
    mountpoint -q / && return 0
    echo "$1: / is not a mount point here (a chroot?), so unshare cannot make this test's mounts private;" \
        "bind-mount the root onto itself before entering it (mount --bind ROOT ROOT), as Tests/Package/CleanRoot/run.sh does" >&2
    exit 69
}
