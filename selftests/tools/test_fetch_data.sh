#!/bin/sh
# test_fetch_data.sh SCRIPT - scripts/fetch-data.sh against a local git
# mirror (file://) with its own manifest: the pinned commit's content, not
# the head's; checksums enforced; nothing left in the cache on failure;
# the cache re-checked on later runs.  Then the real manifest against the
# data of $DATA, when that is there.
set -u
script=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"

up=$tmp/upstream
git init -q "$up"
g() { git -C "$up" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$up/csvs/raw"
printf 'a,b\r\n1,2\r\n' >"$up/csvs/raw/perf.csv"
printf 'k,ape\n' >"$up/csvs/aver.csv"
g add -A && g commit -qm one
pinned=$(g rev-parse HEAD)
printf 'a,b\r\n1,3\r\n' >"$up/csvs/raw/perf.csv"
g commit -qam two
sum() { sha256sum "$1" | cut -d' ' -f1; }
printf 'a,b\r\n1,2\r\n' >"$tmp/want.csv"

short=$(echo "$pinned" | cut -c1-8)
{
	echo "# test manifest"
	echo "$(sum "$tmp/want.csv") $short csvs/raw/perf.csv nvdvfs-gtx980/perf.csv"
	echo "$(sum "$up/csvs/aver.csv") $pinned csvs/aver.csv nvdvfs-gtx980/reference/aver.csv"
} >"$tmp/manifest"

fetch() {	# fetch MANIFEST [ARGS]: output in $tmp/out, $tmp/err
	m=$1
	shift
	GPUGOV_CACHE=$tmp/cache GPUGOV_DATA_REPO=file://$up GPUGOV_DATA_MANIFEST=$m \
		"$script" "$@" >"$tmp/out" 2>"$tmp/err"
}

fetch "$tmp/manifest" --print-dir
dir=$(cat "$tmp/out")
check "--print-dir: a directory under \$GPUGOV_CACHE/data, nothing fetched" \
	sh -c "case \"$dir\" in \"$tmp/cache/data/\"?*) [ ! -e \"$dir\" ] ;; *) false ;; esac"

fetch "$tmp/manifest"; st=$?
check "fetch from a file:// mirror: exit 0" [ "$st" -eq 0 ]
check "the file is the pinned commit's (abbreviated hash), byte for byte, not the head's" \
	cmp -s "$tmp/want.csv" "$dir/nvdvfs-gtx980/perf.csv"
check "files land under the names make validate reads" \
	[ -f "$dir/nvdvfs-gtx980/reference/aver.csv" ]
check "no temporary directory left in the cache" \
	sh -c "[ -z \"\$(ls -A \"$tmp/cache/data\" | grep -v '^$(basename "$dir")\$')\" ]"

GPUGOV_CACHE=$tmp/cache GPUGOV_DATA_REPO=file://$tmp/nowhere GPUGOV_DATA_MANIFEST=$tmp/manifest \
	"$script" >"$tmp/out" 2>&1; st=$?
check "a second run re-checks the cache without the network" \
	sh -c "[ $st -eq 0 ] && grep -q 'already there, checked' \"$tmp/out\""

echo x >>"$dir/nvdvfs-gtx980/perf.csv"
fetch "$tmp/manifest"; st=$?
check "a damaged cache is refused, naming the file" \
	sh -c "[ $st -eq 1 ] && grep -q 'perf.csv: SHA-256' \"$tmp/err\" && grep -q 'remove it' \"$tmp/err\""

sed "s/^$(sum "$tmp/want.csv")/$(printf '%064d' 0)/" "$tmp/manifest" >"$tmp/bad-sum"
fetch "$tmp/bad-sum"; st=$?
bad_dir=$(GPUGOV_CACHE=$tmp/cache GPUGOV_DATA_MANIFEST=$tmp/bad-sum "$script" --print-dir)
check "a checksum mismatch: exit 1, both sums named, no cache directory" \
	sh -c "[ $st -eq 1 ] && grep -q \"perf.csv: SHA-256 $(sum "$tmp/want.csv"), but $short:csvs/raw/perf.csv is pinned at 0000\" \"$tmp/err\" && \
	       [ ! -e \"$bad_dir\" ] && [ -z \"\$(ls -A \"$tmp/cache/data\" | grep '^\\.fetch')\" ]"

sed "s/ $short / 0123abcd /" "$tmp/manifest" >"$tmp/bad-commit"
fetch "$tmp/bad-commit"; st=$?
check "an unknown commit: exit 1, named" \
	sh -c "[ $st -eq 1 ] && grep -q 'commit 0123abcd is not in' \"$tmp/err\""

fetch "$tmp/manifest" --frobnicate; st=$?
check "unknown option: exit 2" [ "$st" -eq 2 ]

# make validate-data: DATA given but without the data fails, saying how to
# get them; with them, it goes on.
root=$(dirname "$script")/..
make --no-print-directory -s -C "$root" validate-data DATA="$tmp/none" >"$tmp/mk" 2>&1; st=$?
check "make validate-data without the data: fails, printing the fetch command" \
	sh -c "[ $st -ne 0 ] && grep -qx '    scripts/fetch-data.sh' \"$tmp/mk\""
mkdir -p "$tmp/fake/nvdvfs-gtx980"
check "make validate-data with DATA holding the data: goes on" \
	sh -c "make --no-print-directory -s -C \"$root\" validate-data DATA=\"$tmp/fake\" >/dev/null"

# The real pins: well-formed, and the checksums of the data `make validate`
# has been run on (skipped where $DATA is not there).
real=$(dirname "$script")/fetch-data.manifest
check "the real manifest: every line is SHA256 COMMIT PATH nvdvfs-gtx980/FILE" \
	sh -c "grep -v '^[[:space:]]*\\(#\\|\$\\)' \"$real\" | \
	       awk 'length(\$1) != 64 || \$1 !~ /^[0-9a-f]+\$/ || length(\$2) < 7 || length(\$2) > 40 || \$2 !~ /^[0-9a-f]+\$/ || \$4 !~ /^nvdvfs-gtx980\\// || NF != 4 { bad++ } END { exit bad || NR != 8 }'"
data=${DATA:-../shared/data}
if [ -d "$data/nvdvfs-gtx980" ]; then
	check "the real manifest's checksums are those of $data" \
		sh -c "grep -v '^[[:space:]]*\\(#\\|\$\\)' \"$real\" | while read -r s c p f; do \
		       [ \"\$(sha256sum <\"$data/\$f\" | cut -d' ' -f1)\" = \"\$s\" ] || exit 1; done"
else
	n=$((n + 1))
	echo "ok $n - the real manifest's checksums # SKIP no $data"
fi

echo "RESULT fetch-data: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
