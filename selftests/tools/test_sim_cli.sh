#!/bin/sh
# test_sim_cli.sh BINARY - command-line behaviour of gpugov-sim around
# frame-delimited sweeps: fixed-instruction segments unchanged by them
# (a golden trace), one interval per marked frame, and clear refusals:
# interval options that exclude each other and --frames outside sweep
# (exit 2), --frames on a workload without markers and misplaced markers
# (exit 1, naming the file and line); --help (GNU: usage on stdout,
# exit 0) against usage errors (usage on stderr, exit 2).
# The golden is phase-alternating (no markers) swept as
#   gpugov-sim sweep -g tools/sim/gpus/fermi-15sm.gpu \
#	-w tools/sim/workloads/apps/phase-alternating.wl --scale 0.25 \
#	--segment 20000 -o selftests/tools/golden/sim_segment.trace
# and must change only with the timing model.
set -u
bin=$1
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"
gpu=tools/sim/gpus/fermi-15sm.gpu
apps=tools/sim/workloads/apps

check "--segment sweep byte-identical to the golden" \
	sh -c "\"$bin\" sweep -g $gpu -w $apps/phase-alternating.wl --scale 0.25 \
	       --segment 20000 -o \"$tmp/seg.trace\" 2>/dev/null && \
	       cmp -s \"$tmp/seg.trace\" \"$here/golden/sim_segment.trace\""

kern='kernel k
grid 4
block 64
code
alu r1 *4
endkernel'
printf '%s\nrun k\nframe\nrun k 2\nframe\nrun k\n' "$kern" >"$tmp/three.wl"
check "--frames: one segment per frame, the trailing launches the last" \
	sh -c "\"$bin\" sweep -g $gpu -w \"$tmp/three.wl\" --frames -o - 2>/dev/null |
	       awk '/^interval / { h = \$0 } /^r / { n = \$2 + 1 }
		    END { exit !(h == \"interval segment 0\" && n == 3) }'"

check "--frames with --segment: exit 2" \
	run 2 sweep -g $gpu -w "$tmp/three.wl" --frames --segment 1000
check "--frames with --segment: the message says why" \
	grep -q -- '--segment, --epoch-us and --frames' "$tmp/err"
check "--frames with --epoch-us: exit 2" \
	run 2 sweep -g $gpu -w "$tmp/three.wl" --epoch-us 10 --frames
check "--segment with --epoch-us: exit 2" \
	run 2 sweep -g $gpu -w "$tmp/three.wl" --epoch-us 10 --segment 1000
check "run --frames: exit 2" run 2 run -g $gpu -w "$tmp/three.wl" --frames
check "run --frames: the message says sweep only" \
	grep -q 'gpugov-sim run: --frames is for sweep only' "$tmp/err"
check "online --frames: exit 2" \
	run 2 online -g $gpu -w "$tmp/three.wl" --epoch-us 10 --frames

printf '%s\nrun k\n' "$kern" >"$tmp/nomark.wl"
check "--frames without markers: exit 1" \
	run 1 sweep -g $gpu -w "$tmp/nomark.wl" --frames
check "--frames without markers: the message names the file" \
	grep -q "nomark.wl: no 'frame' marker" "$tmp/err"

printf 'kernel k\ngrid 4\nblock 64\ncode\nalu r1\nframe\nendkernel\nrun k\n' >"$tmp/inkern.wl"
check "frame inside a kernel: exit 1" run 1 sweep -g $gpu -w "$tmp/inkern.wl"
check "frame inside a kernel: file:line" \
	grep -q "inkern.wl:6: 'frame' belongs to the launch sequence" "$tmp/err"
printf '%s\nrun k\nframe 2\n' "$kern" >"$tmp/args.wl"
check "frame with arguments: exit 1" run 1 sweep -g $gpu -w "$tmp/args.wl"
check "frame with arguments: file:line" \
	grep -q 'args.wl:8: frame takes no arguments' "$tmp/err"
printf '%s\nframe\nrun k\n' "$kern" >"$tmp/empty.wl"
check "frame before any run: exit 1" run 1 sweep -g $gpu -w "$tmp/empty.wl"
check "frame before any run: file:line" \
	grep -q 'empty.wl:7: empty frame' "$tmp/err"

# --help, of the tool and of every subcommand: the usage on stdout, exit 0
# (GNU); a usage error: the usage on stderr, exit 2.
for args in "--help" "-h" "run --help" "sweep --help" "online --help" \
	    "openloop --help" "sweep -g $gpu --help"; do
	# shellcheck disable=SC2086 # $args: words
	check "$args: exit 0" run 0 $args
	check "$args: usage on stdout, nothing on stderr" \
		sh -c "grep -q '^usage: gpugov-sim' \"$tmp/out\" && ! [ -s \"$tmp/err\" ]"
done
check "sweep --help: lists --frames and --oracle" \
	sh -c "grep -q -- '--frames' \"$tmp/out\" && grep -q -- '--oracle' \"$tmp/out\""
check "no subcommand: exit 2" run 2
check "no subcommand: usage on stderr only" \
	sh -c "grep -q '^usage: gpugov-sim' \"$tmp/err\" && ! [ -s \"$tmp/out\" ]"
check "unknown subcommand: exit 2" run 2 frobnicate --help
check "unknown subcommand: usage on stderr only" \
	sh -c "grep -q '^usage: gpugov-sim' \"$tmp/err\" && ! [ -s \"$tmp/out\" ]"
check "unknown option: exit 2" run 2 sweep -g $gpu -w "$tmp/three.wl" --bogus
check "unknown option: usage on stderr only" \
	sh -c "grep -q '^usage: gpugov-sim sweep' \"$tmp/err\" && ! [ -s \"$tmp/out\" ]"
check "missing -g: exit 2" run 2 sweep -w "$tmp/three.wl"

echo "1..$n"
echo "RESULT sim-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
