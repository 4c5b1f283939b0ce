#!/bin/bash
# run-fuzz.sh DIR SECONDS TARGET... - `make fuzz`: fuzz each target in turn.
#
# DIR holds the harness binaries (DIR/fuzz_T).  Each target runs niced for
# SECONDS in libFuzzer's fork mode, going on past crashes, timeouts and
# out-of-memory inputs (each saved to DIR/artifacts/T/), from its seed
# corpus selftests/fuzz/corpus/T (read only) plus DIR/work/T, where new
# inputs go; `make fuzz-merge` folds those into the tree.  Prints the
# executions of each target, parsed from libFuzzer's last status line, and
# the total.  The full logs are DIR/fuzz-T.log.  $FUZZ_ARGS (from make)
# are further libFuzzer options for every target.
set -u
dir=$1
secs=$2
shift 2
here=$(dirname "$0")
# stacks in UndefinedBehaviorSanitizer reports
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# the harnesses' scratch directories (left behind by crashed runs) go here
export TMPDIR=$dir/tmp
rm -rf "$TMPDIR" && mkdir -p "$TMPDIR"
trap 'rm -rf "$TMPDIR"' EXIT
total=0
for t in "$@"; do
	mkdir -p "$dir/work/$t" "$dir/artifacts/$t"
	# a target's dictionary is its format's; sim reads two formats,
	# realtime a trace and options
	formats=$t
	[ "$t" = sim ] && formats="gpu wl sim"
	[ "$t" = realtime ] && formats="trace realtime"
	dict=()
	for d in $formats; do
		[ -f "$here/$d.dict" ] && cat "$here/$d.dict"
	done >"$dir/$t.dict"
	[ -s "$dir/$t.dict" ] && dict=(-dict="$dir/$t.dict")
	log=$dir/fuzz-$t.log
	nice -n 10 "$dir/fuzz_$t" -max_total_time="$secs" -print_final_stats=1 \
		-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
		-timeout=10 -rss_limit_mb=1024 -artifact_prefix="$dir/artifacts/$t/" \
		"${dict[@]}" ${FUZZ_ARGS:-} "$dir/work/$t" "$here/corpus/$t" >"$log" 2>&1 </dev/null
	# fork mode: "#RUNS: cov: ... oom/timeout/crash: O/T/C ..."
	execs=$(sed -n 's/^#\([0-9][0-9]*\): cov: .*/\1/p' "$log" | tail -n 1)
	[ -n "$execs" ] ||
		execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	execs=${execs:-0}
	bad=$(sed -n 's|.*oom/timeout/crash: \([0-9/]*\).*|\1|p' "$log" | tail -n 1)
	arts=$(find "$dir/artifacts/$t" -type f | wc -l)
	echo "fuzz $t: $execs executions in ${secs}s, oom/timeout/crash ${bad:-0/0/0}," \
		"$arts artifacts in $dir/artifacts/$t"
	total=$((total + execs))
done
echo "fuzz total: $total executions"
