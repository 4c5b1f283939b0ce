#!/bin/bash
# trixie-check.sh CACHE - the tools and the Debian packages built and
# linted on Debian trixie, the release new board images ship (bookworm is
# oldstable): in the cached trixie chroot (selftests/deb/chroot.sh CACHE
# trixie, made by make trixie-prepare), on an overlay so the cache stays as
# it was,
#  1. `make tools` with trixie's gcc and the tree's -Werror;
#  2. dpkg-buildpackage -b of a copy (scripts/deb-source.sh) for the
#     build machine's architecture;
#  3. lintian -I --pedantic on the .changes: no tag;
#  4. the udev rule lands in /usr/lib/udev/rules.d (the /usr merge), the
#     glue series in /usr/share/gpugov/glue.
# With the chroot not built it prints one SKIP line.  TAP and
# "RESULT trixie-check: P passed, F failed".
set -u
cache=${1:?usage: trixie-check.sh CACHE}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$top/build/trixie
n=0
fail=0
skip=0
ok() {	# ok STATUS NAME
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n - $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $2"
	fi
}
finish() {
	echo "1..$n"
	echo "RESULT trixie-check: $((n - fail - skip)) passed, $fail failed$1"
	[ "$fail" -eq 0 ]
	exit
}

if ! base=$("$here/chroot.sh" "$cache" trixie --check 2>/dev/null); then
	echo "ok 1 # SKIP trixie chroot not built: run make trixie-prepare (about 15 min)"
	n=1
	skip=1
	finish ", 1 skipped"
fi

umount "$work/root" 2>/dev/null
rm -rf "$work"
mkdir -p "$work/root" "$work/up" "$work/ovl"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$work/up,workdir=$work/ovl" "$work/root" ||
	{ ok 1 "overlay on the trixie chroot"; finish ""; }
trap 'umount "$work/root"' EXIT
in_root() { chroot "$work/root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
log=$work/log
ver=$("$top/scripts/deb-version.sh")
echo "# $(in_root gcc --version | head -n 1); package $ver"

"$top/scripts/deb-source.sh" "$work/root/build/tools" trixie "$ver"
in_root make -C /build/tools -j2 --no-print-directory tools >"$log.tools" 2>&1
ok $? "make tools with trixie's gcc and -Werror" || tail -n 30 "$log.tools" | sed 's/^/# /'

"$top/scripts/deb-source.sh" "$work/root/build/pkg/gpugov-$ver" trixie "$ver"
in_root sh -c "cd /build/pkg/gpugov-$ver && DEB_BUILD_OPTIONS=parallel=2 dpkg-buildpackage -us -uc -b" \
	>"$log.deb" 2>&1
ok $? "dpkg-buildpackage -b on trixie" || { tail -n 30 "$log.deb" | sed 's/^/# /'; finish ""; }

in_root sh -c "lintian -I --pedantic --fail-on error,warning,info,pedantic /build/pkg/*.changes" \
	>"$log.lintian" 2>&1
st=$?
grep -v 'running with root privileges' "$log.lintian" | sed 's/^/# /'
! grep -q '^[EWIP]: ' "$log.lintian"
ok $((st | $?)) "lintian -I --pedantic on trixie: no tag (status $st)"

dkms_deb=$(ls "$work"/root/build/pkg/gpugov-dkms_*_all.deb)
dpkg-deb -c "$dkms_deb" >"$log.contents"
grep -q ' \./usr/lib/udev/rules\.d/70-gpugov\.rules$' "$log.contents"
ok $? "the udev rule in /usr/lib/udev/rules.d"
grep -q ' \./usr/share/gpugov/glue/panfrost/6\.12/0001-' "$log.contents"
ok $? "the glue series in /usr/share/gpugov/glue"
finish ""
