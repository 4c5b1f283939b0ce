#!/bin/sh
# chroot.sh CACHE - a Debian bookworm chroot with dkms and the headers of
# both test kernels; prints its path.
#
# The chroot is what a user's machine has before `apt install` of the
# gpugov .debs: debootstrap's minbase, dkms (which brings gcc and make),
# linux-headers-KVER for the 6.1 ABI that linux-headers-amd64 depends on
# and the 6.12 headers (both named by scripts/kver.sh), and the shared
# libraries gpugov-tools links, so installing the .debs needs no network.
#
# It is built once under CACHE/deb-chroot/KEY, where KEY hashes what goes
# into it: this script, the mirror lines, and the candidate versions of
# the packages above.  A new headers ABI, a dkms update or a change here
# gives a new key; older keys are removed.  The cached tree is never
# modified: callers copy it (selftests/deb/deb-install.sh).
#
# The mirror and suites are the host's own Debian entries (apt-get
# indextargets), so the chroot sees the packages the host's apt sees.
set -eu

cache=${1:?usage: chroot.sh CACHE}
here=$(cd "$(dirname "$0")" && pwd)
kver=$here/../../scripts/kver.sh

apt-cache show dkms >/dev/null 2>&1 || apt-get update -qq
k61=linux-headers-$("$kver" 6.1)
k612=$("$kver" 6.12 --package)
pkgs="dkms $k61 $k612 libbpf1 libelf1 zlib1g"

# "URI SUITE" of every Debian bookworm* suite the host uses.
# shellcheck disable=SC2016 # apt's own $(FIELD) placeholders
repos=$(apt-get indextargets --format '$(ORIGIN) $(CODENAME) $(REPO_URI) $(RELEASE)' \
	'Identifier: Packages' |
	awk '$1 == "Debian" && $2 ~ /^bookworm/ { print $3, $4 }' | sort -u)
mirror=$(echo "$repos" | awk '$2 == "bookworm" { print $1; exit }')
[ -n "$mirror" ] || { echo "chroot.sh: the host's apt has no Debian bookworm suite" >&2; exit 1; }

versions=$(for p in $pkgs; do
	printf '%s=%s\n' "$p" "$(apt-cache policy "$p" | awk '/Candidate:/ { print $2 }')"
done)
case $versions in
*'=(none)'*|*'='[!0-9]*) echo "chroot.sh: no candidate for: $versions" >&2; exit 1 ;;
esac
key=$( { cat "$0"; echo "$repos"; echo "$versions"; } | sha256sum | cut -c1-16)
base=$cache/deb-chroot
root=$base/$key
if [ -e "$root/.complete" ]; then
	echo "$root"
	exit 0
fi

mkdir -p "$base"
tmp=$base/$key.tmp
rm -rf "$tmp"
echo "chroot.sh: building $root (debootstrap bookworm, then: $pkgs)" >&2
debootstrap --variant=minbase --components=main bookworm "$tmp" "$mirror" \
	>"$base/$key.log" 2>&1 ||
	{ tail -n 20 "$base/$key.log" >&2; exit 1; }
echo "$repos" | awk '{ print "deb " $1 " " $2 " main" }' >"$tmp/etc/apt/sources.list"
# No daemon starts inside the chroot.
printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
chmod 755 "$tmp/usr/sbin/policy-rc.d"
# shellcheck disable=SC2086
{
	chroot "$tmp" apt-get update -qq &&
	DEBIAN_FRONTEND=noninteractive chroot "$tmp" apt-get install -y -q \
		--no-install-recommends $pkgs &&
	chroot "$tmp" apt-get clean
} >>"$base/$key.log" 2>&1 ||
	{ tail -n 20 "$base/$key.log" >&2; exit 1; }
echo "$versions" >"$tmp/.complete"
for old in "$base"/*; do
	case $old in "$tmp"|"$base/$key.log") ;; *) rm -rf "$old" ;; esac
done
mv "$tmp" "$root"
echo "$root"
