#!/bin/sh
# need-pkg.sh PKG... - install those Debian packages that are missing.
#
# For tools the scripts/deps.sh groups do not cover (perl's full module
# set for checkpatch).  Does nothing when all are installed.
set -eu
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "need-pkg: missing Debian packages:$missing (run as root)" >&2
	exit 1
fi
echo "need-pkg: installing$missing" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
