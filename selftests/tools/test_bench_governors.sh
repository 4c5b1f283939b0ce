#!/bin/sh
# test_bench_governors.sh - the machinery of scripts/bench-governors.sh on
# one application, one GPU and two loads (one paced, one back to back):
# matrix rows, baselines, summary, heat map, output formats, the sweep
# cache and the per-frame sweep of applications with frame markers; the
# synthetic games pinned by a checksum, and the same figures under mawk
# and gawk.  Run from the top of the tree with BUILD set (make
# bench-governors-check).
set -u
export LC_ALL=C
bin=scripts/bench-governors.sh
B=${BUILD:-build}
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"
export GOVBENCH_OUT="$tmp/gb" GOVBENCH_APPS=phase-alternating GOVBENCH_GPUS=fermi-15sm \
	GOVBENCH_LOADS="60 b2b" GOVBENCH_FRAMES=0 GOVBENCH_FIT_KERNELS="stream-triad compute-fma"
m=$tmp/gb/matrix.csv
sweep=$tmp/gb/sweeps/fermi-15sm/phase-alternating.sweep

check "runs to the end and reports the elapsed time" \
	sh -c "\"$bin\" >\"$tmp/out\" 2>\"$tmp/err\" && grep -q 'elapsed [0-9]* s' \"$tmp/out\""
rt=$tmp/gb/realtime.csv
check "real time: the headline, printed before the per-frame section" \
	sh -c "grep -n '^== real time (the headline' \"$tmp/out\" | cut -d: -f1 >\"$tmp/l1\" &&
	       grep -n '^== per frame' \"$tmp/out\" | cut -d: -f1 >\"$tmp/l2\" &&
	       [ \"\$(cat \"$tmp/l1\")\" -lt \"\$(cat \"$tmp/l2\")\" ] && grep -q '^targets on gpugov-default in every view and profile' \"$tmp/out\""
check "real time: every profile realtime lists, counters and stock, 60 and 120 Hz, at the paced load" \
	sh -c "for p in \$(\"$B/gpugov-replay\" realtime --list-profiles); do for v in counters stock; do for hz in 60 120; do
		grep -q \"^\$v-fermi-15sm,\$p,\$hz,60,phase-alternating,gpugov-\" \"$rt\" || exit 1; done; done; done &&
	       ! grep -q ',b2b,' \"$rt\""
check "real time: simple_ondemand's sweep, the models and the oracle in each cell" \
	sh -c "[ \"\$(grep -c ',simple_ondemand-sweep-' \"$rt\")\" -eq \$((16 * \$(grep -c ',oracle-noloss,' \"$rt\"))) ] &&
	       grep -q '^counters-.*,gpugov-coremem-deadline,' \"$rt\" && grep -q '^counters-.*,gpugov-busy-deadline,' \"$rt\""
check "real time: the summary is realtime-summary's of realtime.csv" \
	sh -c "\"$B/gpugov-replay\" realtime-summary \"$rt\" | cmp -s - \"$tmp/gb/realtime-summary.txt\""
check "real time: a heat map PNG" \
	sh -c "[ \"\$(head -c 4 \"$tmp/gb/realtime-heatmap.png\" | od -An -c | tr -d ' ')\" = 211PNG ]"
check "matrix: the header, then two cells of rows" \
	sh -c "head -1 \"$m\" | grep -q '^gpu,app,load,intervals,workload,policy,energy,time,.*,overruns$' &&
	       [ \"\$(cut -d, -f1-4 \"$m\" | sed 1d | sort -u | wc -l)\" -eq 2 ]"
for p in performance simple_ondemand-90/5 simple_ondemand-45/5 simple_ondemand-50/10 \
	best-static-edp oracle-edp oracle-deadline accreac-deadline accreac-edp \
	gpugov-crisp-deadline gpugov-crisp-edp; do
	check "matrix: $p in both cells" \
		sh -c "[ \"\$(grep -c '^fermi-15sm,phase-alternating,[a-z0-9]*,[0-9]*,[^,]*,$p,' \"$m\")\" -eq 2 ]"
done
check "matrix: the no-loss oracle never overruns nor spends more than performance" \
	awk -F, '$6 == "oracle-deadline" { n++; bad += $14 != 0 || $7 > 1 } END { exit !(n == 2 && !bad) }' "$m"
check "coremem calibrated on the microbenchmarks, with the simulated GPU's SMs and warp slots" \
	sh -c "grep -qx 'sm_count = 15' \"$tmp/gb/coremem/fermi-15sm.cm\" &&
	       grep -qx 'warps_max = 48' \"$tmp/gb/coremem/fermi-15sm.cm\" &&
	       grep -q 'fitted  .*fermi-15sm.cm: .* moves, MAPE' \"$tmp/err\" &&
	       [ -f \"$tmp/gb/kernels/fermi-15sm/stream-triad.sweep\" ]"
check "matrix: coremem's back-to-back row is the replay's with that description" \
	sh -c "\"$B/gpugov-replay\" run --csv --objective deadline --objective edp \
	         --coremem-gpu \"$tmp/gb/coremem/fermi-15sm.cm\" --idle-static-uw 60000000 \
	         --idle-uw 10000000 \"$sweep\" | grep ',gpugov-coremem-deadline,' >\"$tmp/cm-row\" &&
	       grep ',b2b,.*,gpugov-coremem-deadline,' \"$m\" | cut -d, -f5- | cmp -s - \"$tmp/cm-row\""
check "summary: a line per gpugov predictor and objective in each class, on stdout and in summary.txt" \
	sh -c "[ \"\$(sed '/^== the headroom frontier/q' \"$tmp/gb/summary.txt\" |
	          grep -c '^gpugov-crisp-\\(deadline\\|edp\\)  *[0-9]')\" -eq 4 ] &&
	       grep -q '^== back-to-back: 1 cells' \"$tmp/out\" && grep -q '^== paced: 1 cells' \"$tmp/out\""
check "summary: simple_ondemand-90/5 matches its own energy in every cell" \
	grep -q '^simple_ondemand-90/5 *1 100%' "$tmp/gb/summary.txt"
check "heat map: a PNG" \
	sh -c "[ \"\$(head -c 4 \"$tmp/gb/heatmap.png\" | od -An -c | tr -d ' ')\" = 211PNG ]"
check "--csv prints matrix.csv on stdout, the summary on stderr" \
	sh -c "\"$bin\" --csv >\"$tmp/csv\" 2>\"$tmp/err\" && cmp -s \"$tmp/csv\" \"$m\" &&
	       grep -q '^simple_ondemand-90/5 ' \"$tmp/err\""
check "--json: one object per matrix row" \
	sh -c "\"$bin\" --json 2>/dev/null >\"$tmp/json\" &&
	       [ \"\$(grep -c '\"policy\": ' \"$tmp/json\")\" -eq \$((\$(wc -l <\"$m\") - 1)) ] &&
	       head -c 1 \"$tmp/json\" | grep -q '\\[' && tail -c 2 \"$tmp/json\" | grep -q ']'"
check "a second run keeps the cached sweep" \
	sh -c "touch -d '2000-01-01' \"$sweep\" && \"$bin\" >/dev/null 2>\"$tmp/err\" &&
	       grep -q 'cached' \"$tmp/err\" && [ \"\$(find \"$sweep\" -newermt 2001-01-01)\" = '' ]"
check "a second run keeps the calibration" grep -q 'cached  .*fermi-15sm.cm' "$tmp/err"
check "... and a changed key sweeps again" \
	sh -c "echo stale >\"$sweep.key\" && \"$bin\" >/dev/null 2>\"$tmp/err\" && grep -q 'swept' \"$tmp/err\""
printf 'kernel k\ngrid 4\nblock 64\ncode\nalu r1 *4\nendkernel\nrun k\nframe\nrun k 2\n' \
	>"$tmp/framed.wl"
check "an application with frame markers is swept a segment per frame" \
	sh -c "scripts/bench-governors-sweep.sh \"$B/gpugov-sim\" tools/sim/gpus/fermi-15sm.gpu \
	       \"$tmp/framed.wl\" \"$tmp/framed.sweep\" >/dev/null &&
	       grep -qx 'interval segment 0' \"$tmp/framed.sweep\" &&
	       [ \"\$(awk '/^r / { n = \$2 + 1 } END { print n }' \"$tmp/framed.sweep\")\" -eq 2 ]"
check "synthetic frames: 60 cells of 120 frames, busy and the baselines in each" \
	sh -c "scripts/bench-governors-frames.sh \"$B/gpugov-replay\" \"$B/bench_frames\" \"$tmp/fr\" &&
	       [ \"\$(cut -d, -f1-4 \"$tmp/fr/frames.csv\" | sed 1d | sort -u | grep -c ',120\$')\" -eq 60 ] &&
	       for p in gpugov-busy-deadline simple_ondemand-90/5 oracle-deadline; do
		       [ \"\$(grep -c \",\$p,\" \"$tmp/fr/frames.csv\")\" -eq 60 ] || exit 1; done"
check "synthetic frames: memory share 0.5 takes 0.5 + 0.5 * 543 / 266 = 1.52x as long at 266 MHz" \
	sh -c "\"$B/bench_frames\" 50 0 1 1 |
	       awk -F, '\$2 == 543 { t = \$3 } \$2 == 266 { h = \$3 } END { r = h / t; exit !(r > 1.515 && r < 1.526) }'"
# The games are written in integer arithmetic by tools/bench/bench_frames.c,
# so these are their bytes on every machine.  A change to the generator or
# to the games' parameters (bench-governors-frames.sh) moves the figures
# docs/results.md quotes from them: pin the new sum with the new figures.
games_sha256=39fea08ecc02dc14905541b66d34946f86eadf95045c9a9377220b6a82a59961
check "synthetic frames: the 15 generated games are the pinned ones (sha256)" \
	sh -c "cat \"$tmp/fr/frames/\"mem*-noise*.csv | sha256sum | grep -q '^$games_sha256 '"
for a in "-1 0 0 1" "1.5 0 0 1" "0 100 0 1" "101 0 0 1" "50 0 1" "50 0 1 x" \
	"50 0 1 9 8 300" "50 0 1 9 1 300 500" "50 0 1 9 8 99 500" "50 0 1 9 8 500 300" \
	"50 0 1 9 8 300 1001"; do
	# shellcheck disable=SC2086 # $a: the generator's arguments
	check "synthetic frames: the generator refuses '$a', exit 2" \
		sh -c "\"$B/bench_frames\" $a >/dev/null 2>&1; [ \$? -eq 2 ]"
done
# heavy frames: about every EVERY (the gap EVERY - 1 .. EVERY + 1), LO..HI %
check "synthetic frames: heavy frames every 7-9 frames, 3-5x the others" \
	sh -c "\"$B/bench_frames\" 0 0 3 200 8 300 500 |
	       awk -F, '\$2 == 543 { k = substr(\$1, 2) + 0; if (\$3 > 9) { r = \$3 / 8; if (r < 3 || r > 5) bad++
			if (n++ && (k - last < 7 || k - last > 9)) bad++; last = k } }
			END { exit !(n >= 20 && !bad) }'"
check "synthetic frames: a write error exits 1" \
	sh -c "\"$B/bench_frames\" 50 5 1 100 >/dev/full 2>/dev/null; [ \$? -eq 1 ]"
check "frontier: every util and the three causal static budgets for the paced cell" \
	sh -c "[ \"\$(grep -c '^fermi-15sm,phase-alternating,60,[0-9]*,.*,accreac-deadline,' \"$tmp/gb/frontier.csv\")\" -eq 10 ] &&
	       [ \"\$(grep -c '^fermi-15sm,phase-alternating,60,-,.*,ftl-static-' \"$tmp/gb/frontier.csv\")\" -eq 3 ] &&
	       grep -q '^== the headroom frontier' \"$tmp/gb/summary.txt\""
# The hindsight column is the largest share of the no-loss saving among
# the utils on time, recomputed here from frontier.csv.
check "frontier: the util chosen in hindsight is the best on time" \
	sh -c "awk -F, '\$6 == \"oracle-deadline\" { nl = \$7 }
		\$6 == \"accreac-deadline\" && \$8 <= 1.01 {
			v = 100 * (1 - \$7) / (1 - nl); if (!f || v > b) { b = v; f = 1 } }
		END { printf \"%.1f\\n\", f ? b : 0 }' \"$tmp/gb/frontier.csv\" >\"$tmp/best\" &&
	       sed -n '/^== the headroom frontier/,\$p' \"$tmp/gb/summary.txt\" |
	       awk '\$1 == \"accreac-deadline\" { print \$(NF - 1) }' | cmp -s - \"$tmp/best\""
printf 'opp 1 1 1 1\nopp 2 2 2 2\n' >"$tmp/ftl.trace"
for r in "0 0 12 5" "0 1 10 10" "1 0 10 5" "1 1 10 10" "2 0 10 5" "2 1 10 10"; do
	# shellcheck disable=SC2086 # $r: the four fields of a record
	set -- $r
	echo "r $1 $2 $3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 $4"
done >>"$tmp/ftl.trace"
check "follow the leader: the cheaper OPP once the frames before it fit the budget" \
	sh -c "awk -v cell=g,a,1 -v app=a -v budgets='1.000 1.200' -f scripts/bench-governors-ftl.awk \
	         \"$tmp/ftl.trace\" | cut -d, -f6- | tr '\\n' ' ' |
	       grep -qx 'ftl-static-1.000,1.0000,1.0000 ftl-static-1.200,0.6667,1.0000 '"
# No figure may depend on the machine's awk (mawk and gawk once made
# different games from the same seeds): the whole run, synthetic frames
# included, through a PATH whose `awk` is each of them.
if command -v mawk >/dev/null && command -v gawk >/dev/null; then
	for a in mawk gawk; do
		mkdir -p "$tmp/awk-$a"
		ln -s "$(command -v $a)" "$tmp/awk-$a/awk"
	done
	check "the same summary, matrix, frontier and frames under mawk and gawk" \
		sh -c "for a in mawk gawk; do
			       PATH=\"$tmp/awk-\$a:\$PATH\" GOVBENCH_FRAMES=1 \"$bin\" >/dev/null 2>&1 &&
			       mkdir \"$tmp/by-\$a\" && cp \"$tmp/gb/\"*.txt \"$tmp/gb/\"*.csv \"$tmp/by-\$a\" || exit 1
		       done && [ -s \"$tmp/by-mawk/frames.csv\" ] && diff -r \"$tmp/by-mawk\" \"$tmp/by-gawk\" >&2"
else
	n=$((n + 1))
	echo "ok $n - the same summary, matrix, frontier and frames under mawk and gawk # SKIP needs mawk and gawk"
fi
check "bad option: exit 2" sh -c "\"$bin\" --frob >/dev/null 2>&1; [ \$? -eq 2 ]"

echo "1..$n"
echo "RESULT bench-governors-check: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
