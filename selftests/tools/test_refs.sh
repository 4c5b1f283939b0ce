#!/bin/sh
# test_refs.sh - the papers are cited by name (docs/references.md), never
# by the internal numbers the project once filed them under: no tracked
# file says "seed 000", "seeds 000 and 004", "seed #1" or names a seed
# file (NNN_ and sixteen hex digits).  Lines found are listed.
set -u
bin=
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"
cd "$(dirname "$0")/../.." || exit 1

# The ERE of an internal reference (case-insensitive).
ref='\bseeds?[[:space:]]*(#[[:space:]]*[0-9]+|0[0-9]{2}\b)|\b[0-9]{3}_[0-9a-f]{16}\b'

refs_in() {	# refs_in DIR: the matching lines of the tracked files under DIR
	git -C "$1" grep -nIEi -e "$ref" -- . ':!selftests/tools/test_refs.sh'
}

if git rev-parse --git-dir >/dev/null 2>&1; then
	refs_in . >"$tmp/found"
	check "no internal paper number in the tree$( [ -s "$tmp/found" ] && echo ": $(wc -l <"$tmp/found") lines")" \
		[ ! -s "$tmp/found" ]
	sed 's/^/# /' "$tmp/found"

	# The pattern itself finds what it is for.
	git init -q "$tmp/probe"
	printf '%s\n' "as seeds 000 (Fig. 2) and 004 say" "seed #2" \
		"see 004_a3d4bc15ee880093.txt" "--seed 1 and a seed of 42" >"$tmp/probe/f"
	git -C "$tmp/probe" add f
	check "the pattern finds the three forms (and leaves --seed 1 alone)" \
		[ "$(refs_in "$tmp/probe" | cut -d: -f2 | tr '\n' ' ')" = "1 2 3 " ]
else
	echo "ok 1 # SKIP not a git checkout"
	n=1
fi

echo "1..$n"
echo "RESULT refs-check: $((n - fail)) passed, $fail failed"
[ "$fail" -eq 0 ]
