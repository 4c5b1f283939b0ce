#!/bin/bash
# replay.sh DIR TARGET... - the fuzz-replay check suite.
#
# Runs every seed/corpus input (selftests/fuzz/corpus/T, in one process)
# and every crash reproducer (selftests/fuzz/crashes/T, each in its own
# process, so that all still-failing ones are named) through DIR/fuzz_T,
# the sanitizer build of target T.  One TAP line per target; a target
# fails if any input crashes, trips a sanitizer or breaks an invariant.
set -u
dir=$1
shift
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# stacks in UndefinedBehaviorSanitizer reports
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# scratch directories of the harnesses, which a crash leaves behind
export TMPDIR=$tmp
n=0
fail=0
for t in "$@"; do
	n=$((n + 1))
	bin=$dir/fuzz_$t
	bad=()
	mapfile -t corpus < <(find "$here/corpus/$t" -type f 2>/dev/null | sort)
	mapfile -t crashes < <(find "$here/crashes/$t" -type f 2>/dev/null | sort)
	if [ ${#corpus[@]} -gt 0 ] &&
	   ! "$bin" -timeout=30 "${corpus[@]}" >"$tmp/log" 2>&1 </dev/null; then
		bad+=("corpus/$t: $(sed -n 's/^Running: //p' "$tmp/log" | tail -n 1)")
		grep -m 3 -E '^SUMMARY|invariant violated|runtime error' "$tmp/log" |
			sed 's/^/# /'
	fi
	for f in "${crashes[@]}"; do
		if ! "$bin" -timeout=30 "$f" >"$tmp/log" 2>&1 </dev/null; then
			bad+=("crashes/$t/$(basename "$f")")
			grep -m 2 -E '^SUMMARY|invariant violated|runtime error' "$tmp/log" |
				sed 's/^/# /'
		fi
	done
	what="$t: ${#corpus[@]} corpus inputs, ${#crashes[@]} reproducers"
	if [ ${#bad[@]} -eq 0 ]; then
		echo "ok $n - fuzz-replay $what"
	else
		echo "not ok $n - fuzz-replay $what; failing: ${bad[*]}"
		fail=$((fail + 1))
	fi
done
echo "RESULT fuzz-replay: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
