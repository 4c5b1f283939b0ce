#!/bin/sh
# run_sanitized.sh KIND REPORTS unit BIN...
# run_sanitized.sh KIND REPORTS cli REPLAY SIM
#
# Runs sanitizer builds (mk/sanitize.mk) and prints TAP: in `unit` one
# check per unit test binary, SAN_JOBS (default: the CPUs) at a time; in
# `cli` the command-line suites run against the sanitized gpugov-replay
# and gpugov-sim, one check per suite.  A check passes only if what it
# ran passed AND the sanitizers wrote no report: every report goes to a
# file under REPORTS (log_path), so an error is caught even where a CLI
# test expected the tool to fail.  KIND (asan or msan) is exported as
# GPUGOV_SANITIZER, which makes the CLI suites skip their valgrind checks
# (valgrind cannot run a sanitizer build; the sanitizer checks the same
# there).
set -u
kind=$1
reports=$2
mode=$3
shift 3
here=$(dirname "$0")
n=0
fail=0
san_env() {
	export GPUGOV_SANITIZER="$kind"
	export ASAN_OPTIONS="log_path=$1/asan:detect_leaks=1:exitcode=86"
	export UBSAN_OPTIONS="log_path=$1/ubsan:print_stacktrace=1:halt_on_error=1"
	export MSAN_OPTIONS="log_path=$1/msan:exitcode=86"
}

# one I BIN (unit's xargs, below): unit test I alone, its output, exit
# status and sanitizer reports kept apart in REPORTS/run-I*
if [ "$mode" = one ]; then
	dir=$reports/run-$1
	mkdir -p "$dir"
	san_env "$dir"
	"$2" >"$dir.out" 2>&1
	echo $? >"$dir.rc"
	exit 0
fi

rm -rf "$reports"
mkdir -p "$reports"
reports=$(cd "$reports" && pwd)
san_env "$reports"

# report NAME STATUS OUTFILE [DIR]: one TAP line; on failure the run's
# failed checks and the first lines of each sanitizer report in DIR
# (default REPORTS), then the reports are moved aside so the next check
# starts clean.
report() {
	n=$((n + 1))
	rdir=${4:-$reports}
	set -- "$1" "$2" "$3" "$(ls "$rdir" | grep -v '^seen-' || true)"
	if [ "$2" -eq 0 ] && [ -z "$4" ]; then
		echo "ok $n - $1 under $kind"
		return
	fi
	fail=$((fail + 1))
	echo "not ok $n - $1 under $kind (exit status $2)"
	grep -E '^(not ok|RESULT)' "$3" | sed 's/^/#   /'
	shown=0
	for r in $4; do
		# the first three in full; a repeated report adds nothing
		if [ $shown -lt 3 ]; then
			echo "#   sanitizer report $r:"
			head -n 40 "$rdir/$r" | sed 's/^/#     /'
		else
			echo "#   sanitizer report $r (not shown)"
		fi
		shown=$((shown + 1))
		mv "$rdir/$r" "$reports/seen-$n-$r"
	done
}

case $mode in
unit)
	# SAN_JOBS (default: the CPUs) at a time, each with its own reports
	# (under MSan the unit tests take three minutes one after another);
	# reported in order
	i=0
	for t in "$@"; do
		i=$((i + 1))
		echo "$i $t"
	done | xargs -L 1 -P "${SAN_JOBS:-$(nproc 2>/dev/null || echo 1)}" \
		"$0" "$kind" "$reports" one
	i=0
	for t in "$@"; do
		i=$((i + 1))
		report "$(basename "$t")" "$(cat "$reports/run-$i.rc" 2>/dev/null || echo 1)" \
			"$reports/run-$i.out" "$reports/run-$i"
	done ;;
cli)
	replay=$1
	sim=$2
	for s in replay-cli:test_replay_cli.sh:$replay sim-cli:test_sim_cli.sh:$sim \
		 import-cli:test_import_cli.sh:$replay eval-cli:test_eval_cli.sh:$replay \
		 rtbench-cli:test_rtbench_cli.sh:$replay; do
		name=${s%%:*}
		rest=${s#*:}
		"$here/${rest%%:*}" "${rest#*:}" >"$reports/seen-out" 2>&1
		report "$name" $? "$reports/seen-out"
	done ;;
*)
	echo "run_sanitized.sh: unknown mode '$mode'" >&2
	exit 2 ;;
esac
echo "1..$n"
echo "RESULT $mode-$kind: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
