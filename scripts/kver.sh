#!/bin/sh
# kver.sh SERIES [--package] - the Debian bookworm kernel ABI of a series.
#
# 6.1:  the version linux-headers-amd64 (the bookworm metapackage) depends
#       on, e.g. 6.1.0-56-amd64; never hard-coded.
# 6.12: the newest linux-headers-6.12.*-amd64 bookworm ships.
# With --package, print the headers package name instead.
set -eu

series=${1:?usage: kver.sh 6.1|6.12 [--package]}
lists_ready() { apt-cache show linux-headers-amd64 >/dev/null 2>&1; }
lists_ready || { [ "$(id -u)" = 0 ] && apt-get update -qq; }

case "$series" in
6.1)
	pkg=$( { dpkg-query -W -f='${Depends}\n' linux-headers-amd64 2>/dev/null ||
		 apt-cache show linux-headers-amd64; } |
		sed -n 's/.*\(linux-headers-[0-9][^ ,]*-amd64\).*/\1/p' | sort -V | tail -n 1)
	;;
6.12)
	pkg=$(apt-cache pkgnames linux-headers-6.12. |
		grep -E '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' | sort -V | tail -n 1)
	;;
*)
	echo "kver.sh: unknown series '$series'" >&2
	exit 2
	;;
esac
[ -n "$pkg" ] || { echo "kver.sh: no headers package found for $series" >&2; exit 1; }
if [ "${2:-}" = --package ]; then
	echo "$pkg"
else
	echo "${pkg#linux-headers-}"
fi
