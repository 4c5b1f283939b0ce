#!/bin/sh
# deb-version.sh - the Debian package version of this tree: the top-level
# VERSION, then "+git" and the UTC time of the commit and its hash, e.g.
# 0.1.0+git20261207041500.e9011a7, so that every commit's packages
# upgrade the previous ones (`apt install ./gpugov-tools_...deb`).  A tree
# with uncommitted changes takes the time of the build instead of the
# commit's (and ".dirty"), a tree without git the time of the build alone.
# The tools' --version stays VERSION.
set -eu
cd "$(dirname "$0")/.."
base=$(cat VERSION)
if hash=$(git rev-parse --short=7 HEAD 2>/dev/null); then
	if [ -z "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
		when=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S)
		echo "$base+git$when.$hash"
	else
		echo "$base+git$(date -u +%Y%m%d%H%M%S).$hash.dirty"
	fi
else
	echo "$base+git$(date -u +%Y%m%d%H%M%S)"
fi
