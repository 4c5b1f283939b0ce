#!/bin/sh
# deb-source.sh DEST SUITE VERSION - the tree to build the Debian packages
# from: a copy of this one in DEST (what git tracks plus untracked files
# git does not ignore, as in the working tree; a tree that is no git
# checkout is copied whole but for build/), with debian/changelog written
# for VERSION (scripts/deb-version.sh) and SUITE and the commit it is built
# from.  For make deb (bookworm) and make trixie-check.
set -eu
dest=${1:?usage: deb-source.sh DEST SUITE VERSION}
suite=${2:?}
version=${3:?}
cd "$(dirname "$0")/.."
mkdir -p "$dest"
if git rev-parse --git-dir >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard |
		tar --null -T - --ignore-failed-read -cf - 2>/dev/null
else
	tar --exclude=./build -cf - .
fi | tar -xf - -C "$dest"
maint=$(sed -n 's/^Maintainer: //p' debian/control)
when=$(git log -1 --format=%aD 2>/dev/null || date -R)
from=$(git describe --always --dirty 2>/dev/null || echo "a tree without git")
printf '%s\n' "gpugov ($version) $suite; urgency=medium" "" \
	"  * Built from gpugov $from." "" " -- $maint  $when" >"$dest/debian/changelog"
