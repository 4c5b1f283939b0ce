#!/bin/sh
# chroot.sh CACHE [SUITE] [--check] - a cached Debian chroot; prints its
# path.  --check: print it and exit 0 if it is built, exit 1 if not (no
# work, nothing fetched).
#
# bookworm (the default): what a user's machine has before `apt install`
# of the gpugov .debs: debootstrap's minbase, dkms (which brings gcc and
# make), linux-headers-KVER for the 6.1 ABI that linux-headers-amd64
# depends on and the 6.12 headers (both named by scripts/kver.sh), and the
# shared libraries gpugov-tools links, so installing the .debs needs no
# network (selftests/deb/deb-install.sh).
# trixie: a build machine of the next release: minbase with what building
# the tools and the packages needs (debian/control's Build-Depends, gcc,
# lintian), for make trixie-check.
#
# The chroot is built once under CACHE/deb-chroot/KEY, where KEY hashes
# what goes into it: this script, the mirror lines, and the candidate
# versions of the packages above.  A new headers ABI, a dkms update or a
# change here gives a new key; older keys of the same suite are removed.
# The cached tree is never modified: callers copy it.
#
# The mirror is the host's own Debian entry (apt-get indextargets); for
# bookworm its suites too, so the chroot sees the packages the host's apt
# sees.  The host's apt has no trixie lists: the trixie candidates are
# looked up with a private apt state under CACHE/deb-chroot (the
# machine's apt setup is left as it was).
set -eu

cache=${1:?usage: chroot.sh CACHE [SUITE] [--check]}
suite=bookworm
check=
for a in "${2:-}" "${3:-}"; do
	case $a in
	--check) check=1 ;;
	bookworm|trixie) suite=$a ;;
	"") ;;
	*) echo "chroot.sh: unknown suite or option '$a'" >&2; exit 2 ;;
	esac
done
here=$(cd "$(dirname "$0")" && pwd)
kver=$here/../../scripts/kver.sh
base=$cache/deb-chroot

# "URI SUITE" of every Debian bookworm* suite the host uses.
# shellcheck disable=SC2016 # apt's own $(FIELD) placeholders
repos=$(apt-get indextargets --format '$(ORIGIN) $(CODENAME) $(REPO_URI) $(RELEASE)' \
	'Identifier: Packages' |
	awk '$1 == "Debian" && $2 ~ /^bookworm/ { print $3, $4 }' | sort -u)
mirror=$(echo "$repos" | awk '$2 == "bookworm" { print $1; exit }')
[ -n "$mirror" ] || { echo "chroot.sh: the host's apt has no Debian bookworm suite" >&2; exit 1; }

if [ "$suite" = bookworm ]; then
	apt-cache show dkms >/dev/null 2>&1 || apt-get update -qq
	k61=linux-headers-$("$kver" 6.1)
	k612=$("$kver" 6.12 --package)
	pkgs="dkms $k61 $k612 libbpf1 libelf1 zlib1g"
	policy() { apt-cache policy "$1"; }
else
	repos="$mirror $suite"
	pkgs="build-essential debhelper dh-dkms dpkg-dev lintian bpftool clang llvm libbpf-dev libelf-dev zlib1g-dev pahole xz-utils"
	state=$base/apt-$suite
	apt_opts="-o Dir::Etc::SourceList=$state/sources.list -o Dir::Etc::SourceParts=/dev/null
		-o Dir::State::Lists=$state/lists -o Dir::Cache=$state/cache -o APT::Sandbox::User=root"
	if [ -n "$check" ] && [ ! -d "$state/lists" ]; then
		exit 1
	fi
	if [ -z "$check" ]; then
		mkdir -p "$state/lists/partial" "$state/cache/archives/partial"
		echo "deb $mirror $suite main" >"$state/sources.list"
		# shellcheck disable=SC2086 # one word per option
		apt-get -qq $apt_opts update >&2
	fi
	# shellcheck disable=SC2086
	policy() { apt-cache $apt_opts policy "$1"; }
fi
versions=$(for p in $pkgs; do
	printf '%s=%s\n' "$p" "$(policy "$p" | awk '/Candidate:/ { print $2 }')"
done)
case $versions in
*'=(none)'*|*'='[!0-9]*) echo "chroot.sh: no candidate for: $versions" >&2; exit 1 ;;
esac
key=$suite-$( { cat "$0"; echo "$repos"; echo "$versions"; } | sha256sum | cut -c1-16)
root=$base/$key
if [ -e "$root/.complete" ]; then
	echo "$root"
	exit 0
fi
[ -z "$check" ] || exit 1

mkdir -p "$base"
tmp=$base/$key.tmp
rm -rf "$tmp"
echo "chroot.sh: building $root (debootstrap $suite, then: $pkgs)" >&2
debootstrap --variant=minbase --components=main "$suite" "$tmp" "$mirror" \
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
for old in "$base/$suite"-*; do
	case $old in "$tmp"|"$base/$key.log") ;; *) rm -rf "$old" ;; esac
done
mv "$tmp" "$root"
echo "$root"
