#!/bin/sh
# vkms.sh [--check] SERIES KVER CACHE - vkms.ko for Debian's kernel KVER,
# built from linux-source-SERIES against its headers; prints its path.
#
# vkms emulates vblanks with an hrtimer at the mode's refresh rate, so a
# client paced by page flips gets a real vsync to miss in a guest without
# a GPU (QEMU's display devices complete flips at once, with no vblank of
# their own).  Debian leaves CONFIG_DRM_VKMS out; the module's sources
# need no more than the headers package and the drm, drm_kms_helper and
# drm_shmem_helper modules Debian ships.  The build (about a minute: the
# tarball's unpacking is most of it) is cached in CACHE/vkms, keyed by
# its inputs.  --check builds nothing: exit 1 when the cache is cold, as
# when the source or the headers are not installed.
set -eu
check=
[ "${1:-}" != --check ] || { check=1; shift; }
series=${1:?usage: vkms.sh [--check] SERIES KVER CACHE}
kver=${2:?}
cache=${3:?}
tarball=/usr/src/linux-source-$series.tar.xz
hdr=/usr/src/linux-headers-$kver
[ -r "$tarball" ] && [ -d "$hdr" ] || exit 1
key=$( { echo "$series $kver"; stat -c '%s %Y' "$tarball" "$hdr/Makefile"; cat "$0"; } |
	sha256sum | cut -c1-16)
out=$cache/vkms/$key
[ ! -e "$out/vkms.ko" ] || { echo "$out/vkms.ko"; exit 0; }
[ -z "$check" ] || exit 1

work=$cache/vkms/$key.tmp
rm -rf "$work" && mkdir -p "$work"
src=linux-source-$series/drivers/gpu/drm/vkms
tar -xJf "$tarball" -C "$work" --wildcards "$src/*" >&2
make -C "$hdr" M="$work/$src" CONFIG_DRM_VKMS=m modules >"$work/build.log" 2>&1 ||
	{ tail -n 20 "$work/build.log" >&2; exit 1; }
mkdir -p "$out"
cp "$work/$src/vkms.ko" "$out/vkms.ko.tmp"
mv "$out/vkms.ko.tmp" "$out/vkms.ko"
rm -rf "$work"
echo "$out/vkms.ko"
