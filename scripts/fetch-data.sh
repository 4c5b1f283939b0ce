#!/bin/sh
# fetch-data.sh [--print-dir] - download the public GTX 980 DVFS
# measurements `make validate` reads into a cache outside the clone.
#
# Every file of scripts/fetch-data.manifest is taken from the pinned commit
# of the authors' repository and checked against its SHA-256; the cache
# directory appears only when all files are there and correct, so a DATA
# directory found in the cache is always complete.
#
#   scripts/fetch-data.sh              fetch (once; later runs re-check it)
#   scripts/fetch-data.sh --print-dir  print the cache directory, no network
#   make validate                      then finds it there by itself
#
# Environment:
#   GPUGOV_CACHE          cache root (default $HOME/.cache/gpugov); the data
#                         go to $GPUGOV_CACHE/data/<manifest id>
#   GPUGOV_DATA_REPO      repository to clone (default the GitHub one; a
#                         file:// mirror works the same)
#   GPUGOV_DATA_MANIFEST  manifest file (default next to this script)
# Needs git and sha256sum.  Exit status: 0 done, 1 failed (said why), 2 usage.
set -eu

here=$(dirname "$0")
repo=${GPUGOV_DATA_REPO:-https://github.com/blackjack2015/NV-DVFS-Benchmark.git}
manifest=${GPUGOV_DATA_MANIFEST:-$here/fetch-data.manifest}
cache=${GPUGOV_CACHE:-${HOME:?set HOME or GPUGOV_CACHE}/.cache/gpugov}

die() {
	echo "fetch-data: $*" >&2
	exit 1
}

[ -r "$manifest" ] || die "cannot read the manifest $manifest"
# The pins, without comments; the cache is keyed by them, so changing a pin
# fetches into a new directory and never mixes two data sets.
pins=$(grep -v '^[[:space:]]*\(#\|$\)' "$manifest")
id=$(printf '%s\n' "$pins" | sha256sum | cut -c1-16)
dir=$cache/data/$id

case "${1:-}" in
--print-dir)
	echo "$dir"
	exit 0
	;;
"") ;;
*)
	echo "usage: $0 [--print-dir]" >&2
	exit 2
	;;
esac

# check_sums DIR: every file of the manifest under DIR has its checksum.
check_sums() {
	printf '%s\n' "$pins" | while read -r sum commit path file; do
		[ -f "$1/$file" ] || die "$1/$file: missing"
		got=$(sha256sum <"$1/$file" | cut -d' ' -f1)
		[ "$got" = "$sum" ] ||
			die "$1/$file: SHA-256 $got, but $commit:$path is pinned at $sum"
	done
}

if [ -d "$dir" ]; then
	check_sums "$dir" || die "the cache $dir is damaged: remove it and run $0 again"
	echo "fetch-data: already there, checked: $dir"
	exit 0
fi

command -v git >/dev/null || die "needs git"
command -v sha256sum >/dev/null || die "needs sha256sum"
mkdir -p "$cache/data"
tmp=$(mktemp -d "$cache/data/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "fetch-data: cloning $repo (history only, files on demand)"
git clone --quiet --filter=blob:none --no-checkout "$repo" "$tmp/repo" ||
	die "cannot clone $repo (offline? set GPUGOV_DATA_REPO to a mirror)"
printf '%s\n' "$pins" | while read -r sum commit path file; do
	full=$(git -C "$tmp/repo" rev-parse --verify --quiet "$commit^{commit}") ||
		die "commit $commit is not in $repo"
	mkdir -p "$tmp/data/$(dirname "$file")"
	git -C "$tmp/repo" cat-file blob "$full:$path" >"$tmp/data/$file" ||
		die "$repo has no $path at $full"
	echo "fetch-data: $file <- $full:$path"
done
check_sums "$tmp/data"
# -T: never into an existing directory (a fetch running beside this one)
mv -T "$tmp/data" "$dir" 2>/dev/null || check_sums "$dir" ||
	die "cannot create $dir"
echo "fetch-data: done, checked: $dir"
echo "fetch-data: make validate finds it; or: make validate DATA=$dir"
