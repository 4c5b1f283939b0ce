#!/bin/sh
# govlayout.sh OUTDIR KDIR:SRCDIR... - build govlayout.c against each
# kernel's headers plus the real drivers/devfreq/governor.h from SRCDIR,
# print TAP and "RESULT govlayout: P passed, F failed".
#
# For each kernel: the object must build warning-free (every layout check
# holds) and must NOT build with -DGOVLAYOUT_NEGATIVE (the checks bite).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=${1:?usage: govlayout.sh OUTDIR KDIR:SRCDIR...}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
n=0 pass=0
ok() { n=$((n + 1)); pass=$((pass + 1)); echo "ok $n - $*"; }
nok() { n=$((n + 1)); echo "not ok $n - $*"; }

for pair in "$@"; do
	kdir=${pair%%:*}
	src=${pair#*:}
	name=$(basename "$kdir")
	dir=$out/$name
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$here/govlayout.c" "$dir/"
	checks=$(grep -c '^[[:space:]]*CHECK' "$here/govlayout.c")
	for mode in positive negative; do
		extra=""
		[ $mode = negative ] && extra="-DGOVLAYOUT_NEGATIVE"
		printf 'ccflags-y := -I%s/drivers/devfreq -I%s/governor %s\n' \
			"$src" "$top" "$extra" >"$dir/Kbuild"
		rm -f "$dir/govlayout.o"
		make -C "$kdir" M="$dir" govlayout.o >"$dir/$mode.log" 2>&1
		rc=$?
		if [ $mode = positive ]; then
			if [ $rc -eq 0 ] && ! grep -q 'warning:' "$dir/$mode.log"; then
				ok "$name: compat header == real governor.h ($checks compile-time checks)"
			else
				sed 's/^/# /' "$dir/$mode.log"
				nok "$name: compat header differs from real governor.h"
			fi
		elif [ $rc -ne 0 ] &&
		     [ "$(grep -c 'error: static assertion failed' "$dir/$mode.log")" = 1 ]; then
			ok "$name: a deliberate mismatch fails the build"
		else
			sed 's/^/# /' "$dir/$mode.log"
			nok "$name: deliberate mismatch was not caught"
		fi
	done
done
echo "1..$n"
echo "RESULT govlayout: $pass passed, $((n - pass)) failed"
[ $pass -eq $n ] && [ $n -gt 0 ]
