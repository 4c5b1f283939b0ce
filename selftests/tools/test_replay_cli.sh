#!/bin/sh
# test_replay_cli.sh BINARY - command-line behaviour of gpugov-replay:
# results of `predict`, and clear errors (exit 2) on malformed input.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0

check() {	# check NAME COND...
	name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		fail=$((fail + 1))
	fi
}

# run EXPECTED_STATUS ARGS...: output in $tmp/out, stderr in $tmp/err
run() {
	want=$1
	shift
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq "$want" ]
}

fig6="--opps 500000,1000000,2000000 interval_ns=31 busy_ns=31 core_khz=1000000 lcp_cyc=20 load_stall_cyc=3 store_stall_cyc=1"
# shellcheck disable=SC2086
check "predict: seed 000 fig. 6 through the CLI: 54 at f/2, 31 at f, 26 at 2f" \
	sh -c "\"$bin\" predict $fig6 --predictor crisp --csv | \
	       awk -F, 'NR>1 { t[\$3] = \$7 } END { exit !(t[0] == 54000 && t[1] == 31000 && t[2] == 26000) }'"
# shellcheck disable=SC2086
check "predict: all applicable models listed (stall, crisp, busy; no lead)" \
	sh -c "\"$bin\" predict $fig6 | grep -c '^predictor' | grep -qx 3 && \
	       ! \"$bin\" predict $fig6 | grep -q '^predictor lead'"
check "predict: fallback is stated when counters are missing" \
	sh -c "\"$bin\" predict --opps 1000,2000 interval_ns=10 busy_ns=5 core_khz=1000 --predictor crisp | grep -q 'falls back to busy'"
check "predict --help exits 0 and documents exit codes" \
	sh -c "\"$bin\" predict --help | grep -q 'Exit status'"
check "no subcommand: usage, exit 2" run 2
check "unknown subcommand: exit 2" run 2 frobnicate
check "missing --opps: exit 2" run 2 predict interval_ns=1 core_khz=1
check "malformed OPP: exit 2" run 2 predict --opps 1000,abc interval_ns=1 core_khz=1
check "malformed OPP: the message names it" grep -q "OPP 2 'abc'" "$tmp/err"
check "descending OPPs rejected: exit 2" run 2 predict --opps 2000,1000 interval_ns=1 core_khz=1
check "negative value rejected: exit 2" run 2 predict --opps 1000 interval_ns=-5 core_khz=1000
check "64-bit overflow rejected: exit 2" run 2 predict --opps 1000 interval_ns=18446744073709551616 core_khz=1000
check "32-bit field overflow rejected: exit 2" run 2 predict --opps 1000 interval_ns=1 core_khz=4294967296
check "unknown field rejected: exit 2" run 2 predict --opps 1000 interval_ns=1 core_khz=1 bogus=3
check "out-of-range hysteresis rejected: exit 2" run 2 predict --opps 1000 interval_ns=1 core_khz=1 --hysteresis 101

printf 'interval_ns=100\n# a comment\ncore_khz=1000 # trailing\nbusy_ns=12x\n' >"$tmp/bad.sample"
check "sample file error names file and line" \
	sh -c "\"$bin\" predict --opps 1000 --sample \"$tmp/bad.sample\" 2>&1 | grep -q 'bad.sample:4: busy_ns'"
printf 'interval_ns=100\ncore_khz=1000\nbusy_ns=50\n' >"$tmp/good.sample"
check "sample file read, arguments override it" \
	sh -c "\"$bin\" predict --opps 1000,2000 --sample \"$tmp/good.sample\" busy_ns=100 --csv | grep -q '^busy,busy,0,1000,0,0,100000,'"
check "missing sample file: exit 2 with its name" \
	sh -c "\"$bin\" predict --opps 1000 --sample /nonexistent/x 2>&1 | grep -q '/nonexistent/x'"

echo "1..$n"
echo "RESULT replay-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
