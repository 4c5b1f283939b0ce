#!/bin/sh
# fetch-deb.sh PKG DEBDIR - the path of PKG's .deb in DEBDIR, downloaded
# with `apt-get download` (nothing is installed, no scripts run) unless a
# copy is already there, so reruns are offline.
set -eu

pkg=${1:?usage: fetch-deb.sh PKG DEBDIR}
dir=${2:?usage: fetch-deb.sh PKG DEBDIR}
mkdir -p "$dir"
deb=$(ls "$dir/${pkg}_"*.deb 2>/dev/null | tail -n 1 || true)
if [ -z "$deb" ]; then
	echo "fetch-deb: downloading $pkg" >&2
	apt-cache show "$pkg" >/dev/null 2>&1 || apt-get update -qq
	# apt's sandbox user must be able to write the target dir.
	(cd "$dir" && apt-get download -q "$pkg" 2>&1 |
		grep -v 'unsandboxed' >&2 || true)
	deb=$(ls "$dir/${pkg}_"*.deb 2>/dev/null | tail -n 1 || true)
	[ -n "$deb" ] || { echo "fetch-deb: download of $pkg failed" >&2; exit 1; }
fi
echo "$deb"
