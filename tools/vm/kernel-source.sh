#!/bin/sh
# kernel-source.sh SERIES CACHEDIR - the few files of the Debian kernel
# source that gpugov's checks need, unpacked into CACHEDIR/linux-source-SERIES.
#
#   drivers/devfreq/governor.h       the private header the compat copy
#                                    in governor/ must match (layout test)
#   scripts/checkpatch.pl (+ data)   kernel coding style check
#
# 6.1 comes from linux-source-6.1 (installed by scripts/deps.sh source);
# other series are fetched with `apt-get download` into CACHEDIR/debs and
# only the files above are extracted.  Prints the directory.
set -eu

series=${1:?usage: kernel-source.sh SERIES CACHEDIR}
cache=${2:?usage: kernel-source.sh SERIES CACHEDIR}
mkdir -p "$cache/debs"
cache=$(cd "$cache" && pwd)
out=$cache/linux-source-$series
files="linux-source-$series/drivers/devfreq/governor.h
linux-source-$series/scripts/checkpatch.pl
linux-source-$series/scripts/spelling.txt
linux-source-$series/scripts/const_structs.checkpatch"

[ -e "$out/.done" ] && { echo "$out"; exit 0; }

tarball=/usr/src/linux-source-$series.tar.xz
if [ ! -e "$tarball" ]; then
	deb=$("$(dirname "$0")/fetch-deb.sh" "linux-source-$series" "$cache/debs")
	rm -rf "$cache/deb-$series"
	dpkg -x "$deb" "$cache/deb-$series"
	tarball=$(ls "$cache/deb-$series"/usr/src/linux-source-*.tar.* | head -n 1)
fi
rm -rf "$out.tmp"
mkdir -p "$out.tmp"
# shellcheck disable=SC2086
tar -xf "$tarball" -C "$out.tmp" $files
rm -rf "$out"
mv "$out.tmp/linux-source-$series" "$out"
rm -rf "$out.tmp" "$cache/deb-$series"
touch "$out/.done"
echo "$out"
