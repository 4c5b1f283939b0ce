#!/bin/sh
# fetch-kernel.sh KVER CACHEDIR - unpack the Debian guest kernel KVER.
#
# Downloads linux-image-KVER-unsigned with `apt-get download` (no install
# scripts run) into CACHEDIR/debs and unpacks it with `dpkg -x` into
# CACHEDIR/kernel-KVER.  Both steps are skipped when already done, so
# reruns are offline and instant.  Prints the unpacked root on stdout.
#
# The stamp records how many modules were unpacked: `make clean` of an
# external kbuild module deletes every *.ko below the source tree, this
# cache included, and such a damaged tree is unpacked again.
set -eu

kver=${1:?usage: fetch-kernel.sh KVER CACHEDIR}
cache=${2:?usage: fetch-kernel.sh KVER CACHEDIR}
pkg=linux-image-$kver-unsigned
root=$cache/kernel-$kver

mkdir -p "$cache/debs"
cache=$(cd "$cache" && pwd)
root=$cache/kernel-$kver

nr_ko() {
	find "$root/lib/modules" -name '*.ko*' 2>/dev/null | wc -l
}

if [ ! -e "$root/.unpacked" ] || [ "$(cat "$root/.unpacked")" != "$(nr_ko)" ]; then
	deb=$("$(dirname "$0")/fetch-deb.sh" "$pkg" "$cache/debs")
	rm -rf "$root"
	mkdir -p "$root"
	dpkg -x "$deb" "$root"
	[ -e "$root/boot/vmlinuz-$kver" ] ||
		{ echo "fetch-kernel: no vmlinuz-$kver in $deb" >&2; exit 1; }
	nr_ko >"$root/.unpacked"
fi
echo "$root"
