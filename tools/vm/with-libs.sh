#!/bin/sh
# with-libs.sh BIN... - the --file SRC:DST arguments of tools/vm/vmtest.sh
# that put dynamically linked host programs into the guest: each program,
# every shared library ldd finds for it, and the dynamic loader, at the
# paths the loader looks for them (SRC resolved, so links are not copied
# as dangling links).
set -eu
for bin in "$@"; do
	[ -x "$bin" ] || { echo "with-libs: $bin is not an executable" >&2; exit 1; }
	echo "--file $(readlink -f "$bin"):$bin"
	ldd "$bin" | awk '
		$2 == "=>" && $3 ~ /^\// { print $3 }
		$1 ~ /^\// { print $1 }' |
	while read -r lib; do
		echo "--file $(readlink -f "$lib"):$lib"
	done
done | sort -u
