#!/bin/sh
# test_sim_cli.sh BINARY - command-line behaviour of gpugov-sim around
# frame-delimited sweeps: fixed-instruction segments unchanged by them
# (a golden trace), one interval per marked frame, and clear refusals:
# interval options that exclude each other and --frames outside sweep
# (exit 2), --frames on a workload without markers and misplaced markers
# (exit 1, naming the file and line); --help (GNU: usage on stdout,
# exit 0) against usage errors (usage on stderr, exit 2); values that do
# not fit (a run count that wraps, a grid --scale makes too large, nan in
# a .gpu, options that are not decimal or out of range) refused; --per-sm
# traces that add up to the device's; nothing leaked at exit.
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

# ---- use: each file read once, however often used; cycles refused ----
# Five files, each using the next one 40 times (1.6 KB in all): read once
# each, they load in milliseconds; parsed at every mention, the last was
# read 40^4 = 2.56 million times (minutes).  The 10 s limit is far from both.
mkdir "$tmp/use"
printf '# nothing but a comment\n' >"$tmp/use/l4.wl"
for i in 3 2 1 0; do
	awk -v n=$((i + 1)) 'BEGIN { for (k = 0; k < 40; k++) print "use l" n ".wl" }' \
		>"$tmp/use/l$i.wl"
done
printf '%s\nrun k\n' "$kern" >>"$tmp/use/l0.wl"
check "uses nested 4 deep, 40 of each file: each file read once, in seconds" \
	sh -c "timeout 10 \"$bin\" run -g $gpu -w \"$tmp/use/l0.wl\" >/dev/null 2>&1"
printf '%s\n' "$kern" >"$tmp/use/k.wl"
printf 'use k.wl\n' >"$tmp/use/b.wl"
printf 'use ./k.wl\nrun k\n' >"$tmp/use/c.wl"
printf 'use b.wl\nuse c.wl\nrun k 2\n' >"$tmp/use/diamond.wl"
check "a file used by two others (a diamond) defines its kernels once" \
	run 0 run -g $gpu -w "$tmp/use/diamond.wl"
printf 'use cyc-b.wl\n%s\nrun k\n' "$kern" >"$tmp/use/cyc-a.wl"
printf 'use cyc-a.wl\n' >"$tmp/use/cyc-b.wl"
check "a use cycle: exit 1" run 1 run -g $gpu -w "$tmp/use/cyc-a.wl"
check "a use cycle: named at the use that closes it" \
	grep -q "cyc-a.wl:1: in used file: .*cyc-b.wl:1: use cyc-a.wl: a cycle" "$tmp/err"
for i in 1 2 3 4; do printf 'use d%d.wl\n' $((i + 1)) >"$tmp/use/d$i.wl"; done
printf '# end\n' >"$tmp/use/d5.wl"
printf 'use d1.wl\n%s\nrun k\n' "$kern" >"$tmp/use/deep.wl"
check "uses nested 5 deep: still refused, exit 1" run 1 run -g $gpu -w "$tmp/use/deep.wl"
check "uses nested 5 deep: the line named" grep -q 'd4.wl:1: use nested too deeply' "$tmp/err"

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
# A usage error names what was wrong before the usage.
check "unknown subcommand: named, with the accepted ones" \
	sh -c "\"$bin\" frobnicate 2>&1 >/dev/null | head -1 | \
	       grep -qx \"gpugov-sim: unknown subcommand 'frobnicate' (accepted: run, sweep, online, openloop)\""
check "unknown long option: named" \
	sh -c "\"$bin\" sweep -g $gpu -w \"$tmp/three.wl\" --bogus 2>&1 | head -1 | \
	       grep -qx \"gpugov-sim sweep: unknown option '--bogus'\""
check "unknown short option: named" \
	sh -c "\"$bin\" run -x 2>&1 | head -1 | grep -qx \"gpugov-sim run: unknown option '-x'\""
check "an option without its value: named, exit 2" \
	sh -c "\"$bin\" run --gpu 2>&1 | head -1 | grep -qx \"gpugov-sim run: option '--gpu' needs a value\" && \
	       \"$bin\" run -w 2>&1 | head -1 | grep -qx \"gpugov-sim run: option '-w' needs a value\""
check "a stray argument: named, exit 2" \
	sh -c "\"$bin\" run -g $gpu -w \"$tmp/three.wl\" extra 2>&1 | head -1 | \
	       grep -qx \"gpugov-sim run: unexpected argument 'extra'\""
check "missing -w, online without --epoch-us, openloop without a trace: each named" \
	sh -c "\"$bin\" run -g $gpu 2>&1 | head -1 | grep -qx 'gpugov-sim run: -w WORKLOAD missing' && \
	       \"$bin\" online -g $gpu -w \"$tmp/three.wl\" 2>&1 | head -1 | grep -qx 'gpugov-sim online: --epoch-us missing' && \
	       \"$bin\" openloop 2>&1 | head -1 | grep -qx 'gpugov-sim openloop: no trace given' && \
	       \"$bin\" openloop --bogus 2>&1 | head -1 | grep -qx \"gpugov-sim openloop: unknown option '--bogus'\""
# A bad name is answered with every accepted one, as online --help lists them.
check "online --help lists every predictor and objective" \
	sh -c "\"$bin\" online --help | grep -qx 'Predictors: stall lead crit crisp crisp_l coremem busy pcstall' &&
	       \"$bin\" online --help | grep -qx 'Objectives: performance edp ed2p energy target deadline'"
check "unknown --predictor: exit 2" \
	run 2 online -g $gpu -w "$tmp/three.wl" --epoch-us 10 --predictor nope
check "unknown --predictor: the accepted names" \
	grep -qx "gpugov-sim: unknown predictor 'nope' (accepted: stall lead crit crisp crisp_l coremem busy pcstall)" "$tmp/err"
check "unknown --objective: exit 2" \
	run 2 online -g $gpu -w "$tmp/three.wl" --epoch-us 10 --objective nope
check "unknown --objective: the accepted names" \
	grep -qx "gpugov-sim: unknown objective 'nope' (accepted: performance edp ed2p energy target deadline)" "$tmp/err"
check "missing -g: exit 2" run 2 sweep -w "$tmp/three.wl"

# ---- values that do not fit: refused, never wrapped (each once crashed) ----
printf '%s\nrun k\nrun k 4294967295\n' "$kern" >"$tmp/wrap.wl"
check "run count whose sum wraps 32 bits: exit 1" run 1 sweep -g $gpu -w "$tmp/wrap.wl"
check "run count whose sum wraps 32 bits: file:line and the limit" \
	grep -q 'wrap.wl:8: 4294967295 more launches after 1: more than 512 in all' "$tmp/err"
# (an accepted grid of 3.6e9 blocks would simulate for days: time-limited)
check "--scale 1e12: exit 1" \
	sh -c "timeout 60 \"$bin\" sweep -g $gpu -w \"$tmp/nomark.wl\" --scale 1e12 \
	       2>\"$tmp/err\"; [ \$? -eq 1 ]"
check "--scale 1e12: the kernel's file:line" \
	grep -q "nomark.wl:6: kernel 'k': grid 4 x scale 1e+12" "$tmp/err"
check "--scale nan: exit 2" run 2 sweep -g $gpu -w "$tmp/nomark.wl" --scale nan
check "--segment 0x10 (not decimal): exit 2" \
	run 2 sweep -g $gpu -w "$tmp/nomark.wl" --segment 0x10
check "--epoch-us beyond 10 s: exit 2" \
	run 2 sweep -g $gpu -w "$tmp/nomark.wl" --epoch-us 10000001
sed 's/^power.static_uw .*/power.static_uw nan/' $gpu >"$tmp/nan.gpu"
check "nan power in a .gpu: refused, naming file:line" \
	sh -c "\"$bin\" run -g \"$tmp/nan.gpu\" -w \"$tmp/nomark.wl\" 2>&1 >/dev/null |
	       grep -q \"nan.gpu:$(grep -n '^power.static_uw' $gpu | cut -d: -f1): 'nan'\""
# ---- input that cannot be read: the cause named, not a missing key ----
mkdir "$tmp/dir"
check "-g DIR: exit 1" run 1 run -g "$tmp/dir" -w "$tmp/nomark.wl"
check "-g DIR: 'Is a directory'" grep -q '/dir: read error: Is a directory' "$tmp/err"
check "-w DIR: exit 1" run 1 run -g $gpu -w "$tmp/dir"
check "-w DIR: 'Is a directory'" grep -q '/dir: read error: Is a directory' "$tmp/err"
printf 'kernel k\ngrid 4\000\n' >"$tmp/nul.wl"
check "a NUL byte in a .wl: refused, naming file:line" \
	sh -c "\"$bin\" run -g $gpu -w \"$tmp/nul.wl\" 2>&1 >/dev/null | grep -q 'nul.wl:2: NUL byte'"
# --per-sm: one sweep trace per SM, the device's trace unchanged by it;
# per record, the SMs' instructions and memory transactions add up to the
# device's, their energies to within a pJ per SM (rounding), and each SM
# reports every warp resident on it
mkdir "$tmp/psm"
check "--per-sm: 15 per-SM traces, domain sm ID 15" \
	sh -c "\"$bin\" sweep -g $gpu -w $apps/phase-alternating.wl --scale 0.25 \
	       --epoch-us 5 -o \"$tmp/dev.trace\" --per-sm \"$tmp/psm\" 2>/dev/null &&
	       [ \$(ls \"$tmp/psm\" | wc -l) -eq 15 ] &&
	       grep -qx 'domain sm 14 15' \"$tmp/psm/sm14.trace\""
check "--per-sm: the device's trace is the one written without it" \
	sh -c "\"$bin\" sweep -g $gpu -w $apps/phase-alternating.wl --scale 0.25 \
	       --epoch-us 5 -o \"$tmp/dev0.trace\" 2>/dev/null &&
	       cmp -s \"$tmp/dev.trace\" \"$tmp/dev0.trace\""
check "--per-sm: per record, SM instructions, transactions and energy add up" \
	awk '$1 == "columns" { for (i = 2; i <= NF; i++) col[$i] = i }
	     $1 == "r" { k = FILENAME ~ /dev.trace$/ ? "d" : "s"; r = FNR
		key = $2 " " $3; n[k, key]++
		ins[k, key] += $col["insts"]; l2[k, key] += $col["l2_txn"]
		dr[k, key] += $col["dram_txn"]; e[k, key] += $col["energy_pj"]
		keys[key] = 1 }
	     END { for (key in keys) {
		m++
		if (ins["d", key] != ins["s", key] || l2["d", key] != l2["s", key] ||
		    dr["d", key] != dr["s", key] || n["s", key] != 15) bad++
		d = e["d", key] - e["s", key]; if (d < -15 || d > 15) bad++ }
		exit !(m > 10 && !bad) }' "$tmp/dev.trace" "$tmp"/psm/sm*.trace
check "--per-sm: every resident warp of the SM has a wave line" \
	awk '$1 == "r" { if (w > 8) many++; w = 0 } $1 == "w" { w++ }
	     END { exit !many }' "$tmp/psm/sm03.trace"
check "--per-sm with run: exit 2" \
	run 2 run -g $gpu -w "$tmp/nomark.wl" --per-sm "$tmp/psm"
check "online --per-sm with -o: exit 2" \
	run 2 online -g $gpu -w "$tmp/nomark.wl" --epoch-us 5 --per-sm "$tmp/psm" \
	-o "$tmp/x.trace"
# per-SM V/f domains: a governor per SM; some epoch has SMs at different
# core clocks, and each SM's trace has one record per epoch
mkdir "$tmp/osm"
check "online --per-sm: 15 sample traces, SMs at different clocks" \
	sh -c "\"$bin\" online -g $gpu -w $apps/long-phases.wl --scale 0.25 \
	       --epoch-us 1 --predictor stall --objective ed2p \
	       --per-sm \"$tmp/osm\" >\"$tmp/out\" &&
	       [ \$(ls \"$tmp/osm\" | wc -l) -eq 15 ] &&
	       awk '\$1 == \"columns\" { for (i = 2; i <= NF; i++) c[\$i] = i }
		    \$1 == \"r\" { k[\$c[\"seg\"]] = k[\$c[\"seg\"]] \" \" \$c[\"core_khz\"]; n[FILENAME]++ }
		    END { for (e in k) { split(k[e], v); for (i in v) if (v[i] != v[1]) mixed++ }
			  for (f in n) if (n[f] != n[FILENAME]) bad++
			  exit !(mixed && !bad) }' \"$tmp\"/osm/sm*.trace"
check "--per-sm into a missing directory: exit 1, the path named" \
	sh -c "! \"$bin\" sweep -g $gpu -w \"$tmp/nomark.wl\" --per-sm \"$tmp/nodir\" \
	       -o /dev/null 2>\"$tmp/err\" && grep -q 'nodir/sm00.trace' \"$tmp/err\""
check_valgrind "sweep, run and online free everything they allocate (valgrind)" \
	sh -c "mkdir -p \"$tmp/vgsm\" &&
	       for c in 'sweep -o /dev/null --oracle /dev/null --per-sm $tmp/vgsm' run 'online --epoch-us 5' 'online --epoch-us 5 --per-sm $tmp/vgsm'; do
		valgrind -q --leak-check=full --errors-for-leak-kinds=all \
			--error-exitcode=3 \"$bin\" \$c -g $gpu -w \"$tmp/nomark.wl\" \
			>/dev/null 2>\"$tmp/vg\" || { cat \"$tmp/vg\"; exit 1; }
	       done"

# ---- outputs: all or nothing, write errors reported (issue 29) ----
# -o, --oracle and --per-sm go to temporary files renamed into place
# together when the run succeeded: a write error (a full disk: run_full),
# an output that cannot be opened or a failed run leaves every old file as
# it was, or none, and no temporary file (fresh, kept, full: tap.sh); a
# write error on stdout exits 1.
sim="-g $gpu -w $tmp/nomark.wl"
# shellcheck disable=SC2086
check "sweep -o on a full disk: exit 1, the old file unchanged, nothing else left" \
	full seg.trace sweep $sim -o "$wo/seg.trace"
# shellcheck disable=SC2086
check "sweep --oracle on a full disk: exit 1, the old file unchanged, nothing else left" \
	full seg.oracle sweep $sim --oracle "$wo/seg.oracle"
# shellcheck disable=SC2086
check "online -o on a full disk: exit 1, the old file unchanged, nothing else left" \
	full on.trace online $sim --epoch-us 5 -o "$wo/on.trace"
oracle_full() {
	# shellcheck disable=SC2086
	fresh && mkdir "$wo/psm" && cp "$old" "$wo/seg.trace" &&
		run 1 sweep $sim -o "$wo/seg.trace" --per-sm "$wo/psm" --oracle /dev/full &&
		grep -q '^gpugov-sim: /dev/full: write error: No space left on device' "$tmp/err" &&
		only_entries "$wo" psm seg.trace && only_entries "$wo/psm" &&
		cmp -s "$old" "$wo/seg.trace"
}
check "sweep --oracle /dev/full: exit 1, -o and --per-sm not written either" oracle_full
oracle_unopenable() {
	# shellcheck disable=SC2086
	fresh && mkdir "$wo/psm" &&
		run 1 sweep $sim -o "$wo/seg.trace" --per-sm "$wo/psm" --oracle /dev/full/x &&
		grep -q '^gpugov-sim: --oracle: /dev/full/x: Not a directory' "$tmp/err" &&
		only_entries "$wo" psm && only_entries "$wo/psm"
}
check "sweep --oracle that cannot be opened: exit 1, nothing written" oracle_unopenable
# DIR '' once meant /sm00.trace ...: in the filesystem's root
# shellcheck disable=SC2086
check "sweep --per-sm '': exit 2, refused as an empty directory name" \
	sh -c "\"$bin\" sweep $sim --per-sm '' 2>&1 >/dev/null |
	       grep -q \"^gpugov-sim sweep: --per-sm: empty directory name\" &&
	       { \"$bin\" sweep $sim --per-sm '' >/dev/null 2>&1; [ \$? -eq 2 ]; }"
# shellcheck disable=SC2086
check "online --per-sm '': exit 2" run 2 online $sim --epoch-us 5 --per-sm ''
# stdout_full ARGS...: with stdout on /dev/full, exit 1 and the error named
stdout_full() {
	"$bin" "$@" >/dev/full 2>"$tmp/err"
	[ $? -eq 1 ] && grep -q '^gpugov-sim: standard output: write error' "$tmp/err"
}
# shellcheck disable=SC2086
"$bin" sweep $sim --segment 20000 -o "$tmp/nomark.trace" 2>/dev/null
stdout_results() {
	# shellcheck disable=SC2086
	stdout_full run $sim && stdout_full online $sim --epoch-us 5 &&
		stdout_full openloop "$tmp/nomark.trace" && stdout_full sweep $sim -o -
}
check "run, online, openloop and sweep -o - with stdout on /dev/full: exit 1, the error named" \
	stdout_results
stdout_help() {
	for c in run sweep online openloop; do
		stdout_full $c --help || return 1
	done
	stdout_full --help
}
check "--help of the tool and of every subcommand with stdout on /dev/full: exit 1" stdout_help

echo "1..$n"
echo "RESULT sim-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
