#!/bin/sh
# test_replay_cli.sh BINARY - command-line behaviour of gpugov-replay:
# results of `predict`, and clear errors (exit 2) on malformed input.
set -u
bin=$1
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"

fig6="--opps 500000,1000000,2000000 interval_ns=31 busy_ns=31 core_khz=1000000 lcp_cyc=20 load_stall_cyc=3 store_stall_cyc=1"
# shellcheck disable=SC2086
check "predict: CRISP fig. 6 through the CLI: 54 at f/2, 31 at f, 26 at 2f" \
	sh -c "\"$bin\" predict $fig6 --predictor crisp --csv | \
	       awk -F, 'NR>1 { t[\$3] = \$7 } END { exit !(t[0] == 54000 && t[1] == 31000 && t[2] == 26000) }'"
# shellcheck disable=SC2086
check "predict: the load path all in the core clock domain (lcp_core_cyc=20): 60 at f/2" \
	sh -c "\"$bin\" predict $fig6 lcp_core_cyc=20 --predictor crisp --csv | \
	       awk -F, 'NR>1 { t[\$3] = \$7 } END { exit !(t[0] == 60000 && t[1] == 31000) }'"
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
check "missing sample file: the message names it" \
	sh -c "\"$bin\" predict --opps 1000 --sample /nonexistent/x 2>&1 | grep -q '/nonexistent/x'"

# ---- evaluation subcommands on a small generated sweep trace ----
gen=$(dirname "$bin")/mk_small_sweep
"$gen" >"$tmp/small.trace"
check "run: closed-loop result equals the golden file" \
	sh -c "\"$bin\" run --csv \"$tmp/small.trace\" | diff -u \"$here/golden/run_small.csv\" -"
check "accuracy: result equals the golden file" \
	sh -c "\"$bin\" accuracy --csv \"$tmp/small.trace\" | diff -u \"$here/golden/accuracy_small.csv\" -"
check "run: performance is 1.0 on every metric, never switches nor overruns" \
	sh -c "\"$bin\" run --csv \"$tmp/small.trace\" | grep -q '^small,performance,1.0000,1.0000,1.0000,1.0000,0.0,0,-,0$'"
check "run: the top static OPP is performance" \
	sh -c "\"$bin\" run --csv \"$tmp/small.trace\" | grep -q '^small,static-3,1.0000,1.0000,1.0000,1.0000,0.0,0,-,0$'"
check "run: the EDP oracle captures 100% of its own gain" \
	sh -c "\"$bin\" run --csv \"$tmp/small.trace\" | grep -q '^small,oracle-edp,.*,100.0,[0-9]*,-,[0-9]*$'"
check "run --json: one table object with rows" \
	sh -c "\"$bin\" run --json \"$tmp/small.trace\" | grep -q '^\[{\"table\": \"closed loop, relative to performance\", \"rows\": \[{\"workload\": \"small\", \"policy\": \"performance\", \"energy\": 1.0000'"
check "run --sequence: one row per policy and segment" \
	sh -c "\"$bin\" run --objective edp --predictor crisp --sequence \"$tmp/seq.csv\" \"$tmp/small.trace\" >/dev/null && \
	       [ \$(grep -c ',gpugov-crisp-edp,' \"$tmp/seq.csv\") -eq 18 ]"
check "run --record then run on the recording: every decision reproduced" \
	sh -c "\"$bin\" run --predictor stall --objective ed2p --record \"$tmp/rec.trace\" \"$tmp/small.trace\" >/dev/null && \
	       grep -q '^kind sample' \"$tmp/rec.trace\" && \
	       \"$bin\" run --csv --predictor stall --objective ed2p \"$tmp/rec.trace\" | grep -q '^rec,gpugov-stall-ed2p,18,17,0$'"
check "run on a recording with another policy: differences are counted" \
	sh -c "\"$bin\" run --csv --predictor crit --objective edp \"$tmp/rec.trace\" | grep -q '^rec,gpugov-crit-edp,18,[0-9]*,[1-9][0-9]*$'"
sed '13s/ 364000 / 36x000 /' "$tmp/small.trace" >"$tmp/bad.trace"
check "accuracy: malformed trace names file and line, exit 1" \
	sh -c "\"$bin\" accuracy \"$tmp/bad.trace\" 2>&1 >/dev/null | grep -q 'bad.trace:13:'; \
	       \"$bin\" accuracy \"$tmp/bad.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]"
check "accuracy: --base beyond the trace's OPPs refused, exit 2" run 2 accuracy --base 50 "$tmp/small.trace"
check "run: missing trace, exit 1" run 1 run "$tmp/nonexistent.trace"
check "run: unknown objective, exit 2" run 2 run --objective fastest "$tmp/small.trace"
check "run --util 50 --slack 200: exit 2 naming --slack and its range" \
	sh -c "\"$bin\" run --util 50 --slack 200 \"$tmp/small.trace\" 2>&1 >/dev/null |
	       grep -qx \"gpugov-replay run: --slack: bad value '200' (accepted: 0..100)\""
# Every option with a fixed set of values, given one it does not take,
# names itself and what it takes.
bad=0
for c in "run predictor objective start-opp power-model allowed max-slowdown util util-max slack hysteresis dyn-uw static-uw uncore-uw idle-uw idle-static-uw target" \
	 "accuracy predictor" "nextepoch predictor" "sensitivity predictor objective slack" \
	 "settle predictor target window band phase-change goal hysteresis" "predict predictor slack target" \
	 "pace period load idle-uw idle-static-uw"; do
	# shellcheck disable=SC2086 # the words of $c
	set -- $c
	cmd=$1
	shift
	for opt; do
		"$bin" "$cmd" --"$opt" zz "$tmp/small.trace" >/dev/null 2>"$tmp/err"
		st=$?
		if [ $st -ne 2 ] || grep -q "see --help)" "$tmp/err" ||
		   ! grep -q "^gpugov-replay $cmd: --$opt: bad value 'zz' (accepted: ..*)\$" "$tmp/err"; then
			bad=$((bad + 1))
			echo "# $cmd --$opt zz: exit $st, $(head -c 120 "$tmp/err")"
		fi
	done
done
check "every option's bad value: exit 2, the option and what it takes named ($bad not)" [ $bad -eq 0 ]
check "--objective names what it takes: every objective of the kernel's sysfs" \
	sh -c "\"$bin\" run --objective zz \"$tmp/small.trace\" 2>&1 >/dev/null |
	       grep -q '(accepted: performance edp ed2p energy target deadline)'"
check "sensitivity --objective performance refused, naming the objectives a model steers" \
	sh -c "\"$bin\" sensitivity --objective performance \"$tmp/small.trace\" 2>&1 >/dev/null |
	       grep -qx \"gpugov-replay sensitivity: --objective: bad value 'performance' (accepted: edp ed2p energy target deadline)\""
check "run --objective performance, listed in --help, is taken: gpugov at the top OPP throughout" \
	sh -c "\"$bin\" run --help | grep -q '^Objectives.*: performance ' &&
	       \"$bin\" run --csv --predictor crisp --objective performance \"$tmp/small.trace\" |
	       grep -qx 'small,gpugov-crisp-performance,1.0000,1.0000,1.0000,1.0000,-,0,-,0'"
check "run: target 50%: the oracle and every policy meet it (shortfall 0)" \
	sh -c "\"$bin\" run --csv --objective target --target 50% \"$tmp/small.trace\" | \
	       awk -F, '/target/ { n++; if (\$9 != \"0.00\") bad++ } END { exit !(n >= 6 && !bad) }'"
check "run --external: a given sequence costs what the same policy costs" \
	sh -c "\"$bin\" run --predictor crisp --objective edp --sequence \"$tmp/sq.csv\" \"$tmp/small.trace\" >/dev/null && \
	       sed 's/gpugov-crisp-edp/given/' \"$tmp/sq.csv\" | grep -E 'workload|given' >\"$tmp/ext.csv\" && \
	       \"$bin\" run --csv --predictor crisp --objective edp --external \"$tmp/ext.csv\" \"$tmp/small.trace\" >\"$tmp/ext.out\" && \
	       [ \"\$(grep ',given,' \"$tmp/ext.out\" | cut -d, -f3-)\" = \"\$(grep ',gpugov-crisp-edp,' \"$tmp/ext.out\" | cut -d, -f3-)\" ]"
head -5 "$tmp/seq.csv" >"$tmp/short.csv"
check "run --external: a sequence of the wrong length is refused, exit 2" \
	run 2 run --external "$tmp/short.csv" "$tmp/small.trace"

# ---- row files (--allowed-schedule, --external, plot) and --sample ----
# A comment line longer than a 512-byte buffer: its tail was once read as
# a row or a key ("3,0,0" capped the device, "busy_ns=5" changed the
# sample).
pad=$(awk 'BEGIN { while (n++ < 509) printf "x" }')
"$bin" run --csv "$tmp/small.trace" >"$tmp/free.csv"
printf 'segment,lo,hi\n# %s3,0,0\n' "$pad" >"$tmp/longc.csv"
check "run --allowed-schedule: a long comment holding '3,0,0' stays a comment" \
	sh -c "\"$bin\" run --csv --allowed-schedule \"$tmp/longc.csv\" \"$tmp/small.trace\" |
	       diff \"$tmp/free.csv\" -"
printf 'interval_ns=100\ncore_khz=1000\nbusy_ns=50\n# %sbusy_ns=5\n' "$pad" >"$tmp/longc.sample"
"$bin" predict --opps 1000,2000 --sample "$tmp/good.sample" --csv >"$tmp/good.pred"
check "predict --sample: a long comment holding 'busy_ns=5' stays a comment" \
	sh -c "\"$bin\" predict --opps 1000,2000 --sample \"$tmp/longc.sample\" --csv |
	       diff \"$tmp/good.pred\" -"
# Empty fields are fields: "5,,1,2" is four, not the valid row "5,1,2".
printf 'segment,lo,hi\n0,0,3\n5,,1,2\n' >"$tmp/empty.csv"
check "run --allowed-schedule: '5,,1,2' refused, exit 2" \
	run 2 run --allowed-schedule "$tmp/empty.csv" "$tmp/small.trace"
check "... naming FILE:LINE" grep -q 'empty.csv:3: unexpected row' "$tmp/err"
sed '3s/,given,/,given,,/' "$tmp/ext.csv" >"$tmp/ext-empty.csv"
check "run --external: a row with an empty field refused, exit 2" \
	run 2 run --external "$tmp/ext-empty.csv" "$tmp/small.trace"
printf 'segment,lo,hi\n0,0,1\000,junk\n' >"$tmp/nul.csv"
check "run --allowed-schedule: a NUL byte in a row refused, exit 2" \
	run 2 run --allowed-schedule "$tmp/nul.csv" "$tmp/small.trace"
check "... naming FILE:LINE" grep -q 'nul.csv:2: NUL byte' "$tmp/err"
# A file that cannot be read is an I/O error (exit 1), not an empty file.
mkdir "$tmp/dir"
check "run --allowed-schedule DIR: exit 1" run 1 run --allowed-schedule "$tmp/dir" "$tmp/small.trace"
check "... 'Is a directory'" grep -q '/dir: read error: Is a directory' "$tmp/err"
check "run --external DIR: exit 1" run 1 run --external "$tmp/dir" "$tmp/small.trace"
check "... 'Is a directory'" grep -q '/dir: read error: Is a directory' "$tmp/err"
check "predict --sample DIR: exit 1" run 1 predict --opps 1000 --sample "$tmp/dir" interval_ns=1 core_khz=1
check "... 'Is a directory'" grep -q '/dir: read error: Is a directory' "$tmp/err"
check "predict --sample of a missing file: exit 1" \
	run 1 predict --opps 1000 --sample "$tmp/nonexistent" interval_ns=1 core_khz=1
check "--coremem-gpu DIR: the cause named" \
	sh -c "\"$bin\" accuracy --coremem-gpu \"$tmp/dir\" \"$tmp/small.trace\" 2>&1 |
	       grep -q '/dir: read error: Is a directory'"
# Cost linear in the schedule and in the sequences: a step at each of 200k
# segments, and the sequences of 100k workloads, under a CPU-time limit
# some 20 times what each takes (a search from the first step at every
# segment, or over every sequence for each row, took minutes).
"$gen" 11112 1 >"$tmp/long.trace"
awk 'BEGIN { print "segment,lo,hi"; for (i = 0; i < 200016; i++) print i ",0," i % 2 }' \
	>"$tmp/steps.csv"
check "run --allowed-schedule: a step at each of 200k segments within 30 s of CPU" \
	sh -c "ulimit -t 30 && \"$bin\" run --csv --predictor busy --objective edp \
	       --allowed-schedule \"$tmp/steps.csv\" \"$tmp/long.trace\" | grep -q '^long,gpugov-busy-edp,'"
awk 'BEGIN { print "workload,policy,segment,opp,core_khz,mem_khz"
	     for (w = 0; w < 100000; w++) for (s = 0; s < 2; s++) print "w" w ",given," s ",0,250000,0" }' \
	>"$tmp/many.csv"
grep ',given,' "$tmp/ext.csv" >>"$tmp/many.csv"
check "run --external: the sequences of 100k workloads within 10 s of CPU" \
	sh -c "ulimit -t 10 && \"$bin\" run --csv --predictor crisp --objective edp \
	       --external \"$tmp/many.csv\" \"$tmp/small.trace\" | grep -q '^small,given,'"
awk -F, 'NR == 1 { print; next } { print $1 ",zeta," $3 "," $4 "," $5 "," $6; print }' \
	"$tmp/ext.csv" | sed 's/,given,/,alpha,/' >"$tmp/two.csv"
check "run --external: a workload's policies in the file's order, rows interleaved" \
	sh -c "\"$bin\" run --csv --external \"$tmp/two.csv\" \"$tmp/small.trace\" |
	       cut -d, -f2 | grep -x -e zeta -e alpha | tr '\\n' ' ' | grep -qx 'zeta alpha '"
# the top OPP throughout, given from outside: under a cap it runs clamped,
# as performance does, never above the cap
"$bin" run --sequence "$tmp/pf.csv" "$tmp/small.trace" >/dev/null
sed 's/,performance,/,given,/' "$tmp/pf.csv" | grep -E 'workload|,given,' >"$tmp/top.csv"
for cap in "--allowed 0:1" "--allowed-schedule $tmp/cap.csv"; do
	printf '0,0,1\n' >"$tmp/cap.csv"
	# shellcheck disable=SC2086
	check "run --external with $(echo $cap | cut -d' ' -f1): the sequence is clamped into the range, as every policy" \
		sh -c "\"$bin\" run --csv $cap --external \"$tmp/top.csv\" --sequence \"$tmp/cl.csv\" \"$tmp/small.trace\" >\"$tmp/cl.out\" && \
		       [ \"\$(grep ',given,' \"$tmp/cl.out\" | cut -d, -f3-)\" = \"\$(grep ',performance,' \"$tmp/cl.out\" | cut -d, -f3-)\" ] && \
		       awk -F, '\$2 == \"given\" { n++; if (\$4 > 1) bad++ } END { exit !(n == 18 && !bad) }' \"$tmp/cl.csv\""
done
check "pace: frames every 2x the top busy time leave the GPU half idle at the top OPP" \
	sh -c "\"$bin\" pace --load 50 --idle-uw 1000000 \"$tmp/small.trace\" \"$tmp/paced.trace\" && \
	       \"$bin\" run --csv --objective edp --predictor crisp \"$tmp/paced.trace\" | grep -q '^paced,simple_ondemand-90/5,' && \
	       awk '/^r / && \$3 == 3 { b += \$5; i += \$4 } END { exit !(i > 1.9 * b && i < 2.1 * b) }' \"$tmp/paced.trace\""
sed -E '/^opp /s/^(opp [0-9]+ [0-9]+) [0-9]+/\1 0/' "$tmp/small.trace" >"$tmp/nouv.trace"
check "pace: where the voltage is unknown, idle leakage at 1 V, as gpugov's power model" \
	sh -c "\"$bin\" pace --load 50 --idle-static-uw 1000000 \"$tmp/nouv.trace\" \"$tmp/leak.trace\" &&
	       \"$bin\" pace --load 50 --idle-uw 1000000 \"$tmp/nouv.trace\" \"$tmp/flat.trace\" &&
	       grep -c '^opp [0-9]* [0-9]* 0 ' \"$tmp/leak.trace\" | grep -qv '^0\$' &&
	       [ \"\$(grep '^r ' \"$tmp/leak.trace\" | md5sum)\" = \"\$(grep '^r ' \"$tmp/flat.trace\" | md5sum)\" ] &&
	       [ \"\$(grep '^r ' \"$tmp/leak.trace\" | md5sum)\" != \"\$(grep '^r ' \"$tmp/nouv.trace\" | md5sum)\" ]"
check "run: simple_ondemand at msm's 50/10 beside the kernel's 90/5 and panfrost's 45/5" \
	sh -c "\"$bin\" run --csv \"$tmp/small.trace\" | grep -c '^small,simple_ondemand-\(90/5\|45/5\|50/10\),' | grep -qx 3"
# overruns of each static OPP, counted from the paced trace itself: segments
# whose interval is longer than at the top OPP
awk '/^r / { t[$2, $3] = $4; if ($3 > top) top = $3 }
     END { for (k in t) { split(k, a, SUBSEP); n[a[2]] += t[k] > t[a[1], top] }
	   for (o = 0; o <= top; o++) printf "paced,static-%d,%d\n", o, n[o] }' \
	"$tmp/paced.trace" >"$tmp/overruns.want"
check "run: overruns of every static OPP = frames slower than at the top OPP (some, not all)" \
	sh -c "\"$bin\" run --csv \"$tmp/paced.trace\" | awk -F, '\$2 ~ /^static-/ { print \$1 \",\" \$2 \",\" \$10 }' |
	       diff -u \"$tmp/overruns.want\" - && grep -q ',0$' \"$tmp/overruns.want\" && grep -q ',[1-9][0-9]*$' \"$tmp/overruns.want\""
"$bin" run --csv "$tmp/paced.trace" >"$tmp/paced.csv"
check "run: the no-loss oracle (deadline) never overruns and saves energy vs performance (paced)" \
	awk -F, '$2 == "oracle-deadline" { n++; ok = $10 == 0 && $3 < 1 } END { exit !(n == 1 && ok) }' \
	"$tmp/paced.csv"
check "run: ... and no policy without overruns spends less energy (some policies overrun)" \
	awk -F, '$2 == "oracle-deadline" { e = $3 } NR > 2 { r[NR] = $3 " " $10 }
		 END { for (i in r) { split(r[i], f, " "); late += f[2] > 0
				      if (f[2] == 0 && f[1] < e) bad++ }
		       exit !(e && late && !bad) }' "$tmp/paced.csv"
# A steady game (every frame alike) at half load: the perfect model knows
# the next frame exactly, so accreac-deadline moves once, after the first
# frame, to an OPP below the top, stays there and is never late.  A model
# of the wrong OPP's times would move elsewhere or overrun.
# (bench_frames: the synthetic games' generator of make bench-governors,
# built beside the replay)
"$(dirname "$bin")/bench_frames" 30 0 1 30 >"$tmp/steady.csv"
"$bin" import csv "$tmp/steady.csv" --out "$tmp" --device steady --combined steady 2>/dev/null
"$bin" pace --load 50 "$tmp/steady.trace" "$tmp/steady-50.trace"
check "run: accreac-deadline on steady frames: one move below the top after the first frame, never late" \
	sh -c "\"$bin\" run --csv --predictor busy --objective deadline --sequence \"$tmp/pseq.csv\" \
	       \"$tmp/steady-50.trace\" >\"$tmp/steady.out\" &&
	       grep -q '^steady-50,accreac-deadline,0\\.[0-9]*,1\\.0000,.*,1,-,0\$' \"$tmp/steady.out\" &&
	       awk -F, '\$2 == \"accreac-deadline\" { n++; if (\$3 > 0) o[\$4]++; first = \$3 == 0 ? \$4 : first }
			END { for (k in o) m++; exit !(n == 30 && m == 1 && first == 5 && !(5 in o)) }' \"$tmp/pseq.csv\""
# The ratchet (issue 26): a game with a frame 3-5x heavier about every 8
# frames.  Each heavy frame had raised the miss factors of the light
# frames' OPP and every slower one, for tens of frames: their OPP climbed
# at every spike.  After a heavy frame the light frames must return to
# their OPP within 3 frames: the one 3 after it (heavy frames 4+ apart)
# runs no higher than the light frame before it, for the perfect model of
# the frame before (accreac) and the busy model, after 9 heavy frames in
# 10 at least (light frames vary by 5 %, and at 90 % load the busy model
# moves one OPP with them now and then).  Before, 4 and 5 in 15 did not,
# and the light frames' OPP climbed 3 -> 4 -> 5.
cat >"$tmp/ratchet.awk" <<'EOF'
FNR == NR { if ($2 == 543) t[n++] = $3 + 0; next }
$2 == pol { opp[$3] = $4; if ($3 > m) m = $3 }
END {
	for (k = 1; k < n; k++)
		heavy[k] = t[k] > 2 * t[k - 1]
	for (k = 1; k + 3 <= m; k++) {
		if (!heavy[k] || heavy[k + 1] || heavy[k + 2] || heavy[k + 3])
			continue
		tested++
		if (opp[k + 3] > opp[k - 1]) {
			bad++
			printf "%s: frame %d heavy, OPP %d before, %d 3 after\n", pol, k, opp[k - 1], opp[k + 3]
		}
	}
	exit !(tested >= 10 && bad * 10 <= tested)
}
EOF
for game in "0 90" "30 30"; do
	# shellcheck disable=SC2086 # two words: mem and load
	set -- $game
	"$(dirname "$bin")/bench_frames" "$1" 5 7 120 8 300 500 >"$tmp/heavy$1.csv"
	"$bin" import csv "$tmp/heavy$1.csv" --out "$tmp" --device heavy --combined "heavy$1" 2>/dev/null
	"$bin" pace --load "$2" "$tmp/heavy$1.trace" "$tmp/heavy$1-$2.trace"
	"$bin" run --stock --objective deadline --sequence "$tmp/heavy$1.seq" \
		"$tmp/heavy$1-$2.trace" >/dev/null
	check "run: heavy frames every ~8 (mem $1 %, load $2 %): the light frames' OPP back within 3 frames" \
		sh -c "awk -F, -v pol=accreac-deadline -f \"$tmp/ratchet.awk\" \"$tmp/heavy$1.csv\" \"$tmp/heavy$1.seq\" &&
		       awk -F, -v pol=gpugov-busy-deadline -f \"$tmp/ratchet.awk\" \"$tmp/heavy$1.csv\" \"$tmp/heavy$1.seq\""
done
check "run: accreac-NAME for every objective asked but target" \
	sh -c "\"$bin\" run --csv --objective edp --objective target --objective deadline \"$tmp/steady-50.trace\" |
	       cut -d, -f2 | grep '^accreac-' | tr '\\n' ' ' | grep -qx 'accreac-edp accreac-deadline '"
check "run --stock: gpugov sees busy/total only: busy rows, no counter model's" \
	sh -c "\"$bin\" run --csv --stock \"$tmp/paced.trace\" >\"$tmp/stock.csv\" &&
	       grep -q '^paced,gpugov-busy-deadline,' \"$tmp/stock.csv\" &&
	       ! grep -q '^paced,gpugov-crisp-' \"$tmp/stock.csv\" &&
	       grep -q '^paced,gpugov-crisp-deadline,' \"$tmp/paced.csv\""
grep -v gpugov- "$tmp/paced.csv" >"$tmp/paced-base.csv"
check "run --stock: the other policies' rows are unchanged by it" \
	sh -c "grep -v gpugov- \"$tmp/stock.csv\" | diff \"$tmp/paced-base.csv\" -"
check "pace: both --period and --load refused, exit 2" run 2 pace --period 5 --load 50 "$tmp/small.trace" "$tmp/x.trace"
check "run: bad target refused, exit 2" run 2 run --objective target --target 0% "$tmp/small.trace"
# the sysfs attribute's range: 2^32 once reached a u32 divisor as 0
check "run: absolute target 2^32 refused, exit 2" \
	run 2 run --objective target --target 4294967296 "$tmp/small.trace"
check "run: absolute target 2^32 - 1 accepted" \
	run 0 run --objective target --target 4294967295 "$tmp/small.trace"

# A sweep without energy columns: no ratio of energies exists.
sed -E '/^(columns|r) /s/ [^ ]+ [^ ]+$//' "$tmp/small.trace" >"$tmp/noen.trace"
check "run on a trace without energy: '-' for energy, never nan" \
	sh -c "\"$bin\" run \"$tmp/noen.trace\" >\"$tmp/noen.txt\" &&
	       ! grep -qi nan \"$tmp/noen.txt\" &&
	       grep -q '^noen  *performance  *-  *1.0000  *-  *-  ' \"$tmp/noen.txt\""
check "run --json on a trace without energy: null, never \"nan\"" \
	sh -c "\"$bin\" run --json \"$tmp/noen.trace\" >\"$tmp/noen.json\" &&
	       ! grep -qi nan \"$tmp/noen.json\" &&
	       grep -q '\"policy\": \"performance\", \"energy\": null, \"time\": 1.0000' \"$tmp/noen.json\""

# An error message at a 3800-character path (./ 1900 times) keeps its line.
long=$tmp
i=0
while [ $i -lt 1900 ]; do long=$long/.; i=$((i + 1)); done
check "accuracy: malformed trace at a 3800-character path: exit 1" \
	run 1 accuracy "$long/bad.trace"
check "accuracy: ... the message keeps the file name and line" \
	grep -q "^gpugov-replay accuracy: \.\.\..*/bad.trace:13: interval_ns: bad number" "$tmp/err"

printf 'kernel,core_mhz,mem_mhz,time_ms,power_w,insts\nk1,500,800,2.0,10,1000\nk1,1000,800,1.0,30,1000\n' >"$tmp/gen.csv"
check "import csv: one trace per kernel with measured energy" \
	sh -c "\"$bin\" import csv \"$tmp/gen.csv\" --out \"$tmp/imp\" 2>/dev/null && \
	       grep -q '^opp 1000000 800000 0 30000000' \"$tmp/imp/k1.trace\" && \
	       \"$bin\" accuracy \"$tmp/imp/k1.trace\" | grep -q '1/f.*1  *0.00'"
printf 'kernel,core_mhz,time_ms\nk1,500,2.0\nk1,1000,zz\n' >"$tmp/bad.csv"
check "import csv: bad number names file and line, exit 2" \
	sh -c "\"$bin\" import csv \"$tmp/bad.csv\" --out \"$tmp/imp2\" 2>&1 | grep -q 'bad.csv:3'; \
	       \"$bin\" import csv \"$tmp/bad.csv\" --out \"$tmp/imp2\" 2>/dev/null; [ \$? -eq 2 ]"
printf 'kernel,core_mhz,time_ms\nk1,500,2.0\nk1,500,1.0\n' >"$tmp/dup.csv"
check "import csv: a clock pair measured twice is refused" \
	sh -c "\"$bin\" import csv \"$tmp/dup.csv\" --out \"$tmp/imp3\" 2>&1 | grep -q 'measured twice'"
check "import: unknown layout, exit 2" run 2 import excel "$tmp/gen.csv" --out "$tmp/imp4"

# ---- plots (PNG through gnuplot) ----
is_png() { [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = "211PNG" ]; }
"$bin" run --csv --sequence "$tmp/seq.csv" "$tmp/small.trace" >"$tmp/run.csv"
check "plot freq writes a PNG" \
	sh -c "\"$bin\" plot freq \"$tmp/seq.csv\" --out \"$tmp/f.png\" --policies performance,oracle-edp" && is_png "$tmp/f.png"
check "plot accuracy writes a PNG" \
	sh -c "\"$bin\" plot accuracy \"$tmp/small.trace\" --out \"$tmp/a.png\"" && is_png "$tmp/a.png"
check "plot energy writes a PNG" \
	sh -c "\"$bin\" plot energy \"$tmp/run.csv\" --out \"$tmp/e.png\"" && is_png "$tmp/e.png"
check "plot freq of a file that is not a sequence: exit 2 naming the line" \
	sh -c "\"$bin\" plot freq \"$tmp/run.csv\" --out \"$tmp/x.png\" 2>&1 | grep -q 'run.csv:2: unexpected row'"
awk -F, 'NR == 1 { print; next } $2 == "performance" && $3 < 2 { l[n++] = $0 }
	END { for (i = 0; i < 25; i++) for (k = 0; k < n; k++) { split(l[k], f, ",")
		print f[1] "," f[2] "-" i "," f[3] "," f[4] "," f[5] "," f[6] } }' \
	"$tmp/seq.csv" >"$tmp/seq25.csv"
check "plot freq: a panel per policy, 25 policies refused (exit 2), --policies chooses" \
	sh -c "\"$bin\" plot freq \"$tmp/seq25.csv\" --out \"$tmp/x.png\" 2>&1 | grep -q 'more policies than panels' &&
	       \"$bin\" plot freq \"$tmp/seq25.csv\" --out \"$tmp/x.png\" --policies performance-1,performance-2" &&
	is_png "$tmp/x.png"
check "plot freq: no row of the workload, exit 2" run 2 plot freq "$tmp/seq.csv" --workload none --out "$tmp/x.png"
# The scripts plot hands gnuplot, caught by a stand-in for it on PATH.
mkdir -p "$tmp/gp"
printf '#!/bin/sh\ncat >"$GP_OUT"\n' >"$tmp/gp/gnuplot"
chmod +x "$tmp/gp/gnuplot"
gp() {	# gp SCRIPT ARGS...: plot ARGS, its gnuplot script in SCRIPT
	out=$1
	shift
	PATH="$tmp/gp:$PATH" GP_OUT="$out" "$bin" plot "$@" --out "$tmp/gp.png"
}
# every series of accuracy's plot: its line type and dash type, once each
acc_distinct() {
	gp "$tmp/acc.gp" accuracy "$tmp/small.trace" &&
	awk '/^plot / { n = split($0, s, /, \$d /)
		for (i = 1; i <= n; i++) {
			lt = match(s[i], / lt [0-9]+/) ? substr(s[i], RSTART + 4, RLENGTH - 4) : ""
			dt = match(s[i], / dt [0-9]+/) ? substr(s[i], RSTART + 4, RLENGTH - 4) : 1
			if (lt == "" || (lt, dt) in seen) bad = 1
			seen[lt, dt] = 1
		} }
		END { exit bad || n < 3 }' "$tmp/acc.gp" &&
	grep "^plot " "$tmp/acc.gp" | grep -q "lt 7 lw 3.5 title 'true'" &&
	grep -q "^set xlabel 'OPP (core MHz/memory MHz)'" "$tmp/acc.gp" &&
	grep -q '^[0-9]*/[0-9]* ' "$tmp/acc.gp"
}
check "plot accuracy: the truth and every model each in a line type and dash of its own; the x label says core/memory as the tics do" acc_distinct
check "plot: one colour-blind-safe palette, Okabe-Ito's colours but its yellow as line types 1-7" \
	sh -c "grep -c \"^set linetype [1-7] lc rgb '#\" \"$tmp/acc.gp\" | grep -qx 7 &&
	       grep -q \"^set linetype 1 lc rgb '#0072B2'\" \"$tmp/acc.gp\" && grep -q \"^set linetype 7 lc rgb '#000000'\" \"$tmp/acc.gp\""
# ten policies in a cluster whose names spread downwards, and one right of
# them just below: straight leaders from point to name crossed here
{
	echo "workload,policy,energy,time,edp,ed2p,oracle_pct,switches,shortfall_pct,overruns"
	for i in 0 1 2 3 4 5 6 7 8 9; do echo "w,c$i,0.500$i,1.0000,1,1,0,0,-,0"; done
	echo "w,b,0.4995,1.3000,1,1,0,0,-,0"
} >"$tmp/cross.csv"
check "plot energy: no two leader lines cross (a cluster and a point beside it)" \
	sh -c "PATH=\"$tmp/gp:\$PATH\" GP_OUT=\"$tmp/e.gp\" \"$bin\" plot energy \"$tmp/cross.csv\" --out \"$tmp/gp.png\" &&
	       awk -f \"$here/arrows_cross.awk\" \"$tmp/e.gp\""
check "plot energy: no two leader lines cross (the run above)" \
	sh -c "PATH=\"$tmp/gp:\$PATH\" GP_OUT=\"$tmp/e2.gp\" \"$bin\" plot energy \"$tmp/run.csv\" --out \"$tmp/gp.png\" &&
	       awk -f \"$here/arrows_cross.awk\" \"$tmp/e2.gp\""
check "plot energy: no row of the workload, exit 2" run 2 plot energy "$tmp/run.csv" --workload none --out "$tmp/x.png"

# ---- --coremem-gpu and the coremem-gpu trace header ----
cm="--opps 1000000@500000,1000000@1000000 interval_ns=1000000 busy_ns=1000000 core_khz=1000000 mem_khz=1000000 insts=300000 mem_insts=100000 l2_txn=100000 l2_hits=10000 dram_txn=90000 warps=1000 occupancy_q16=65536 --predictor coremem --csv"
# shellcheck disable=SC2086
"$bin" predict $cm >"$tmp/cm-def.csv"
# shellcheck disable=SC2086
"$bin" predict $cm --coremem-gpu v100 >"$tmp/cm-v100.csv"
check "predict --coremem-gpu v100: another time at half the memory clock than the default" \
	sh -c "grep -q '^coremem,coremem,0,' \"$tmp/cm-def.csv\" && \
	       grep -q '^coremem,coremem,0,' \"$tmp/cm-v100.csv\" && \
	       ! cmp -s \"$tmp/cm-def.csv\" \"$tmp/cm-v100.csv\""
# shellcheck disable=SC2086
check "predict --coremem-gpu gtx980 is the default" \
	sh -c "\"$bin\" predict $cm --coremem-gpu gtx980 | cmp -s - \"$tmp/cm-def.csv\""
printf '# V100 from a file\nbase = v100\n' >"$tmp/v100.gpu"
# shellcheck disable=SC2086
check "predict --coremem-gpu FILE: 'base = v100' predicts as v100" \
	sh -c "\"$bin\" predict $cm --coremem-gpu \"$tmp/v100.gpu\" | cmp -s - \"$tmp/cm-v100.csv\""
check "--coremem-gpu with an unknown name: exit 2, the names listed" \
	sh -c "\"$bin\" accuracy --coremem-gpu a100 \"$tmp/small.trace\" 2>&1 | grep -q \"'a100'.*gtx980 .*v100\" && \
	       { \"$bin\" accuracy --coremem-gpu a100 \"$tmp/small.trace\" 2>/dev/null; [ \$? -eq 2 ]; }"
printf 'base = v100\nsm_count = 4O\n' >"$tmp/bad.gpu"
check "--coremem-gpu with a bad file: exit 2, FILE:LINE named" \
	sh -c "\"$bin\" run --coremem-gpu \"$tmp/bad.gpu\" \"$tmp/small.trace\" 2>&1 | grep -q 'bad.gpu:2: sm_count' && \
	       { \"$bin\" run --coremem-gpu \"$tmp/bad.gpu\" \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 2 ]; }"
printf 'kernel,core_mhz,mem_mhz,time_ms,insts,mem_insts,l2_txn,l2_hits,dram_txn,warps,occupancy_q16\n' >"$tmp/cm.csv"
printf 'k1,1000,%s,%s,300000,100000,100000,10000,90000,1000,65536\n' \
	1000 1.0 500 1.7 >>"$tmp/cm.csv"
printf 'k1,500,%s,%s,300000,100000,100000,10000,90000,1000,65536\n' \
	1000 1.9 500 2.6 >>"$tmp/cm.csv"
"$bin" import csv "$tmp/cm.csv" --out "$tmp/cm0" 2>/dev/null
"$bin" import csv "$tmp/cm.csv" --out "$tmp/cmv" --coremem-gpu v100 2>/dev/null
check "import --coremem-gpu v100 writes the header line" grep -qx 'coremem-gpu v100' "$tmp/cmv/k1.trace"
check "import --coremem-gpu with an unknown name: exit 2" \
	run 2 import csv "$tmp/cm.csv" --out "$tmp/cmx" --coremem-gpu a100
"$bin" accuracy --predictor coremem --csv "$tmp/cm0/k1.trace" >"$tmp/acc-def.csv"
"$bin" accuracy --predictor coremem --csv --coremem-gpu v100 "$tmp/cm0/k1.trace" >"$tmp/acc-v100.csv"
check "accuracy: the header's coremem-gpu is used" \
	sh -c "grep -q '^coremem,all,3,' \"$tmp/acc-def.csv\" && \"$bin\" accuracy --predictor coremem --csv \"$tmp/cmv/k1.trace\" | cmp -s - \"$tmp/acc-v100.csv\" && \
	       ! cmp -s \"$tmp/acc-def.csv\" \"$tmp/acc-v100.csv\""
check "accuracy: --coremem-gpu overrides the header" \
	sh -c "\"$bin\" accuracy --predictor coremem --csv --coremem-gpu gtx980 \"$tmp/cmv/k1.trace\" | \
	       cmp -s - \"$tmp/acc-def.csv\""
mkdir -p "$tmp/cma"
sed 's/^coremem-gpu v100$/coremem-gpu a100/' "$tmp/cmv/k1.trace" >"$tmp/cma/k1.trace"
check "accuracy: an unknown coremem-gpu in the header: exit 1, the file named" \
	sh -c "\"$bin\" accuracy \"$tmp/cma/k1.trace\" 2>&1 | grep -q \"cma/k1.trace: coremem-gpu 'a100'\" && \
	       { \"$bin\" accuracy \"$tmp/cma/k1.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]; }"
check "accuracy: --coremem-gpu rescues a header naming an unknown GPU" \
	sh -c "\"$bin\" accuracy --predictor coremem --csv --coremem-gpu v100 \"$tmp/cma/k1.trace\" | \
	       cmp -s - \"$tmp/acc-v100.csv\""

# ---- fit-coremem: calibrate coremem's DRAM constants to the traces ----
"$bin" fit-coremem --base top --out "$tmp/fit.gpu" "$tmp/cm0/k1.trace" 2>"$tmp/fit.err"
st=$?
before=$(awk -F, '$1 == "coremem" && $2 == "all" { print $4 }' "$tmp/acc-def.csv")
check "fit-coremem: exit 0, its starting error is accuracy's coremem MAPE ($before %)" \
	sh -c "[ $st -eq 0 ] && grep -q 'MAPE $before % -> ' \"$tmp/fit.err\""
"$bin" accuracy --predictor coremem --csv --coremem-gpu "$tmp/fit.gpu" "$tmp/cm0/k1.trace" \
	>"$tmp/acc-fit.csv" 2>/dev/null
after=$(awk -F, '$1 == "coremem" && $2 == "all" { print $4 }' "$tmp/acc-fit.csv")
check "fit-coremem: the description it writes reads back, with the error it reports ($after %)" \
	sh -c "grep -q -- '-> $after % ' \"$tmp/fit.err\" && grep -q '^# on 3 moves of 1 traces' \"$tmp/fit.gpu\" &&
	       awk 'BEGIN { exit !($after < $before) }'"
check "fit-coremem: the other keys stay the starting description's (v100: 80 SMs of 64 cores, L2 193, L_INST 8)" \
	sh -c "\"$bin\" fit-coremem --base top --coremem-gpu \"$tmp/v100.gpu\" \"$tmp/cm0/k1.trace\" 2>/dev/null |
	       grep -c -x -e 'sm_count = 80' -e 'cores_sm = 64' -e 'l2_lat = 193.000000' -e 'inst_lat = 8.000000' |
	       grep -qx 4"
awk 'BEGIN {
	print "kernel,core_mhz,mem_mhz,time_ms,insts,mem_insts,l2_txn,l2_hits,dram_txn,warps,occupancy_q16"
	for (k = 1; k <= 250; k++)
		for (f = 100; f <= 6400; f += 100)
			printf "k%d,%d,1000,%.6f,300000,100000,100000,10000,90000,1000,65536\n", k, f, 0.5 + 100 / f
}' >"$tmp/big.csv"
"$bin" import csv "$tmp/big.csv" --out "$tmp/big" --combined big 2>/dev/null
check "fit-coremem: more than a million moves (250 segments x 64 OPPs, every base) refused, exit 1" \
	sh -c "\"$bin\" fit-coremem \"$tmp/big/big.trace\" 2>&1 >/dev/null | grep -q 'big.trace: more than 1000000 moves' &&
	       { \"$bin\" fit-coremem \"$tmp/big/big.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]; }"
check "fit-coremem: ... from the top OPP alone it fits" \
	sh -c "\"$bin\" fit-coremem --base top \"$tmp/big/big.trace\" 2>&1 >/dev/null | grep -q '^gpugov-replay fit-coremem: 15750 moves'"
check "fit-coremem: no trace: exit 2" run 2 fit-coremem
check "fit-coremem: --base beyond the trace's OPPs: exit 2" run 2 fit-coremem --base 9 "$tmp/cm0/k1.trace"
check "fit-coremem: --base neither an index, top nor all: exit 2" run 2 fit-coremem --base most "$tmp/cm0/k1.trace"
check "fit-coremem: a trace without coremem's counters is named and nothing is fitted: exit 1" \
	sh -c "\"$bin\" fit-coremem \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q 'small.trace: skipped' &&
	       { \"$bin\" fit-coremem \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]; }"
check "fit-coremem: malformed trace names file and line, exit 1" \
	sh -c "\"$bin\" fit-coremem \"$tmp/bad.trace\" 2>&1 | grep -q 'bad.trace:13:' &&
	       { \"$bin\" fit-coremem \"$tmp/bad.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]; }"
check "fit-coremem: an output it cannot write is named, exit 1" \
	sh -c "\"$bin\" fit-coremem --out /nonexistent/x.gpu \"$tmp/cm0/k1.trace\" 2>&1 | grep -q '/nonexistent/x.gpu' &&
	       { \"$bin\" fit-coremem --out /nonexistent/x.gpu \"$tmp/cm0/k1.trace\" 2>/dev/null; [ \$? -eq 1 ]; }"

# ---- outputs: all or nothing, write errors reported (issue 29) ----
# Every output goes to a temporary file renamed into place on success: a
# write error (a full disk: run_full), a failure later in the run or an
# output that cannot be opened leaves the old file as it was, or none, and
# no temporary file (fresh, kept, full: tap.sh); a write error on stdout
# exits 1.
check "run --sequence /dev/full: exit 1, the write error named" \
	sh -c "\"$bin\" run --sequence /dev/full \"$tmp/small.trace\" 2>&1 >/dev/null |
	       grep -q '^gpugov-replay run: /dev/full: write error: No space left on device' &&
	       { \"$bin\" run --sequence /dev/full \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]; }"
check "run --sequence on a full disk: exit 1, the old file unchanged, nothing else left" \
	full seq.csv run --sequence "$wo/seq.csv" "$tmp/small.trace"
later_fails() {
	fresh && cp "$old" "$wo/seq.csv" &&
		run 1 run --sequence "$wo/seq.csv" "$tmp/small.trace" "$tmp/nonexistent.trace" &&
		kept seq.csv
}
check "run --sequence: a later trace that does not load leaves the old file" later_fails
no_record() {
	fresh && run 1 run --predictor crisp --objective edp --sequence "$wo/seq.csv" \
		--record /dev/full/rec.trace "$tmp/small.trace" &&
		grep -q '^gpugov-replay run: --record: /dev/full/rec.trace: Not a directory' "$tmp/err" &&
		only_entries "$wo"
}
check "run --sequence: a --record that cannot be opened leaves no sequence, exit 1" no_record
check "run --record on a full disk: exit 1, the old file unchanged, nothing else left" \
	full rec.trace run --predictor crisp --objective edp --record "$wo/rec.trace" "$tmp/small.trace"
check_valgrind "run --record '': exit 1 naming the cause, nothing leaked (valgrind)" \
	sh -c "valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=3 \
	       \"$bin\" run --predictor crisp --objective edp --record '' \"$tmp/small.trace\" \
	       >/dev/null 2>\"$tmp/vg\"; [ \$? -eq 1 ] &&
	       grep -q '^gpugov-replay run: --record: empty file name' \"$tmp/vg\""
check "pace on a full disk: exit 1, the old file unchanged, nothing else left" \
	full paced.trace pace --load 50 "$tmp/small.trace" "$wo/paced.trace"
# 325893750 pJ busy + 4294967295 uW idle for 10^10 - 364000 ns: no wrap of
# the idle energy, 4.29e19 before its division by 1000
check "pace: 10 s periods at --idle-uw 4294967295 do not wrap the energy" \
	sh -c "\"$bin\" pace --period 10000000000 --idle-uw 4294967295 \"$tmp/small.trace\" \"$tmp/hot.trace\" &&
	       grep -q '^r 0 0 10000000000 364000 .* 42948109907 42948109907798370$' \"$tmp/hot.trace\""
pace_huge() {
	fresh && run 2 pace --period 18446744073709551615 --idle-uw 4294967295 \
		"$tmp/small.trace" "$wo/huge.trace" &&
		grep -q 'segment 0 at OPP 0: .* does not fit 64 bits of pJ' "$tmp/err" &&
		only_entries "$wo"
}
check "pace: an energy beyond 64 bits of pJ is refused, exit 2, nothing written" pace_huge
failed_plot() {
	fresh && cp "$tmp/a.png" "$wo/plot.png" &&
		run 2 plot freq "$tmp/run.csv" --out "$wo/plot.png" &&
		only_entries "$wo" plot.png && cmp -s "$tmp/a.png" "$wo/plot.png"
}
check "plot: a plot that fails leaves the old PNG unchanged, nothing else left" failed_plot
check "fit-coremem --out on a full disk: exit 1, the old file unchanged, nothing else left" \
	full fit.gpu fit-coremem --base top --out "$wo/fit.gpu" "$tmp/cm0/k1.trace"
full_import() {
	fresh && mkdir "$wo/imp" && cp "$old" "$wo/imp/k1.trace" &&
		run_full 1 import csv "$tmp/gen.csv" --out "$wo/imp" &&
		only_entries "$wo/imp" k1.trace && cmp -s "$old" "$wo/imp/k1.trace"
}
check "import on a full disk: exit 1, the old trace unchanged, nothing else left" full_import
# stdout: what each subcommand prints, and every subcommand's --help
check "predict, accuracy and run with stdout on /dev/full: exit 1, the error named" \
	sh -c "for c in 'predict $fig6' 'accuracy $tmp/small.trace' 'run $tmp/small.trace'; do
		\"$bin\" \$c >/dev/full 2>\"$tmp/err\"; [ \$? -eq 1 ] &&
		grep -q '^gpugov-replay: standard output: write error' \
			\"$tmp/err\" || exit 1
	       done"
subs=$("$bin" --help | awk '/^  [a-z-]+  / { s = s sep $1; sep = " " } END { print s }')
check "every subcommand's --help with stdout on /dev/full: exit 1 ($subs)" \
	sh -c "[ -n \"$subs\" ] && for s in $subs; do
		\"$bin\" \$s --help >/dev/full 2>/dev/null; [ \$? -eq 1 ] || exit 1
	       done && { \"$bin\" --help >/dev/full 2>/dev/null; [ \$? -eq 1 ]; }"
# ---- realtime: governors on the real-time engine (docs/realtime.md) ----
"$bin" realtime --csv "$tmp/small.trace" >"$tmp/rt.csv"
check "realtime: performance, simple_ondemand at panfrost's 45/5, gpugov at polls (its default given no fence), its default given fences, with each deadline source and reaction, the no-loss oracle" \
	sh -c "grep -v '^#' \"$tmp/rt.csv\" | cut -d, -f2 | tr '\n' ' ' | \
	       grep -qx 'policy performance simple_ondemand-45/5 gpugov-crisp-deadline gpugov-default gpugov-crisp-deadline+learned/timer gpugov-crisp-deadline+hint/timer gpugov-crisp-deadline+fence/timer gpugov-crisp-deadline+learned/frame gpugov-crisp-deadline+fence/frame gpugov-crisp-deadline+learned/poll gpugov-crisp-deadline+hint/poll oracle-noloss '"
check "realtime: gpugov-default is the shipped default only: --objective edp or --predictor busy with counters name their row" \
	sh -c "\"$bin\" realtime --csv --objective edp \"$tmp/small.trace\" | grep -q '^small,gpugov-crisp-edp,' &&
	       ! \"$bin\" realtime --csv --objective edp \"$tmp/small.trace\" | grep -q ',gpugov-default,' &&
	       \"$bin\" realtime --csv --predictor busy \"$tmp/small.trace\" | grep -q '^small,gpugov-busy-deadline,' &&
	       \"$bin\" realtime --csv --stock --predictor busy \"$tmp/small.trace\" | grep -q '^small,gpugov-default,'"
check "realtime: performance is 1.0, never switches nor decides, 18 frames" \
	grep -q '^small,performance,1.0000,[0-9]*,18,[0-9.]*,0,0.0$' "$tmp/rt.csv"
check "realtime: the no-loss oracle janks no more than performance, spends no more, decides once a frame (60/s)" \
	awk -F, '$2 == "performance" { j = $4; e = $3 } $2 == "oracle-noloss" { oj = $4; oe = $3; d = $8 }
		 END { exit !(oj <= j && oe <= e && d == 60.0) }' "$tmp/rt.csv"
# 18 frames at 60 Hz end at 299.99999 ms: polls at 10, 20, ... 290 ms
check "realtime: polls every 10 ms: 29 decisions in 0.3 s for simple_ondemand and gpugov at polls" \
	sh -c "\"$bin\" realtime --csv --poll-ms 10 \"$tmp/small.trace\" | \
	       awk -F, '\$2 ~ /^(simple_ondemand-45\\/5|gpugov-crisp-deadline)\$/ && \$8 == 96.7 { n++ } END { exit n != 2 }'"
check "realtime: the hint by timer decides once a frame and at checks in it: more often than the polls, at most 5 times a frame" \
	awk -F, '$2 == "gpugov-crisp-deadline+hint/timer" { d = $8 } END { exit !(d > 19.8 && d <= 300) }' "$tmp/rt.csv"
check "realtime: the hint by polling decides about once a frame: polls at 16 ms after the first at 50 ms" \
	awk -F, '$2 == "gpugov-crisp-deadline+hint/poll" { d = $8 } END { exit !(d >= 50 && d <= 66) }' "$tmp/rt.csv"
check "realtime: --frame-period-us 1999 (below 2 ms) refused, exit 2" \
	run 2 realtime --frame-period-us 1999 "$tmp/small.trace"
check "realtime: --frame-period-us 100001 refused, exit 2" \
	run 2 realtime --frame-period-us 100001 "$tmp/small.trace"
check "realtime: --react sometimes refused, exit 2" run 2 realtime --react sometimes "$tmp/small.trace"
check "realtime: --frame-period-us 0 and --react timer accepted" \
	run 0 realtime --frame-period-us 0 --react timer "$tmp/small.trace"
check "realtime: --profile msm: 50/10 and its boost, µs busy/total" \
	sh -c "\"$bin\" realtime --csv --profile msm \"$tmp/small.trace\" | grep -q '^small,simple_ondemand-50/10+boost,'"
"$bin" realtime --csv --profile amdgpu --stock "$tmp/small.trace" >"$tmp/rt-amd.csv"
check "realtime: --profile amdgpu: firmware-auto after performance, simple_ondemand at 90/5 on the bridge" \
	sh -c "grep -v '^#' \"$tmp/rt-amd.csv\" | cut -d, -f2 | tr '\n' ' ' | \
	       grep -q '^policy performance firmware-auto simple_ondemand-90/5 gpugov-default '"
check "realtime: --profile amdgpu: the firmware alone makes no governor decision, runs the 18 frames" \
	grep -q '^small,firmware-auto,[0-9.]*,[0-9]*,18,[0-9.]*,[0-9]*,0.0$' "$tmp/rt-amd.csv"
check "realtime: firmware-auto is a row of amdgpu only" \
	sh -c "! grep -q firmware-auto \"$tmp/rt.csv\""
check "realtime: --ondemand 90/5 and --stock (gpugov falls back to busy)" \
	sh -c "\"$bin\" realtime --csv --ondemand 90/5 --stock \"$tmp/small.trace\" | \
	       grep -q '^small,simple_ondemand-90/5,' && \
	       \"$bin\" realtime --csv --stock \"$tmp/small.trace\" | grep -q '^small,gpugov-default,'"
check "realtime: 120 Hz at 90 % load janks more than 30 Hz at 30 % (performance)" \
	sh -c "a=\$(\"$bin\" realtime --csv --hz 120 --load 90 --segs-per-frame 2 \"$tmp/small.trace\" | awk -F, '\$2 == \"performance\" { print \$4 }'); \
	       b=\$(\"$bin\" realtime --csv --hz 30 --load 30 \"$tmp/small.trace\" | awk -F, '\$2 == \"performance\" { print \$4 }'); \
	       [ \"\$a\" -gt \"\$b\" ]"
check "realtime --json: one table with its scenario in the title" \
	sh -c "\"$bin\" realtime --json \"$tmp/small.trace\" | grep -q '^\[{\"table\": \"real time: 60 Hz, load 60%, panfrost, polls every 50 ms'"
check "realtime: --hz 0 refused, exit 2, the option named with its range, not the trace" \
	sh -c "\"$bin\" realtime --hz 0 \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q -- \"--hz: bad value '0' (accepted: 1..10000\" && \
	       ! \"$bin\" realtime --hz 0 \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q small.trace && \
	       { \"$bin\" realtime --hz 0 \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 2 ]; }"
check "realtime: --hz 20000 (a 50 us period) refused, exit 2" run 2 realtime --hz 20000 "$tmp/small.trace"
check "realtime: --hz 1 and 10000, the range's ends, run" \
	sh -c "\"$bin\" realtime --csv --hz 1 \"$tmp/small.trace\" >/dev/null && \"$bin\" realtime --csv --hz 10000 \"$tmp/small.trace\" >/dev/null"
check "realtime: --load 0 refused, exit 2" run 2 realtime --load 0 "$tmp/small.trace"
check "realtime: --load 101 refused, exit 2" run 2 realtime --load 101 "$tmp/small.trace"
check "realtime: --poll-ms 70000 refused, exit 2, the option named with its range" \
	sh -c "\"$bin\" realtime --poll-ms 70000 \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q -- \"--poll-ms: bad value '70000' (accepted: 1..60000 ms\" && \
	       { \"$bin\" realtime --poll-ms 70000 \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 2 ]; }"
check "realtime: --poll-ms 0 (no polls: the governors would never decide) refused, exit 2, no table" \
	sh -c "\"$bin\" realtime --poll-ms 0 \"$tmp/small.trace\" 2>\"$tmp/err\" >\"$tmp/out\"; [ \$? -eq 2 ] && [ ! -s \"$tmp/out\" ] && \
	       grep -q -- \"--poll-ms: bad value '0'\" \"$tmp/err\""
check "realtime: --segs-per-frame 0 refused, exit 2, the option named" \
	sh -c "\"$bin\" realtime --segs-per-frame 0 \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q -- \"--segs-per-frame: bad value '0'\" && \
	       { \"$bin\" realtime --segs-per-frame 0 \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 2 ]; }"
check "realtime: --json --csv together refused, exit 2, named; --csv twice is one format" \
	sh -c "\"$bin\" realtime --json --csv \"$tmp/small.trace\" 2>\"$tmp/err\" >\"$tmp/out\"; [ \$? -eq 2 ] && [ ! -s \"$tmp/out\" ] && \
	       grep -q -- '--csv and --json together' \"$tmp/err\" && \
	       \"$bin\" realtime --csv --csv \"$tmp/small.trace\" | grep -q '^workload,policy,'"
check "run: --csv --json together refused too, exit 2" run 2 run --csv --json "$tmp/small.trace"
check "realtime: unknown profile refused with the list, exit 2" \
	sh -c "\"$bin\" realtime --profile adreno \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q 'panfrost 50 ms 45/5'"
check "realtime: --ondemand 50/60 (down above up) refused, exit 2" run 2 realtime --ondemand 50/60 "$tmp/small.trace"
check "realtime: --stock and --mali together refused, exit 2" run 2 realtime --stock --mali "$tmp/small.trace"
check "realtime: missing trace, exit 1" run 1 realtime "$tmp/nonexistent.trace"
"$bin" realtime --csv --sequence "$tmp/rt.seq" "$tmp/small.trace" >"$tmp/rt.csv"
check "realtime --sequence: a header, then each poll's decision of simple_ondemand and gpugov at polls, numbered, every 50 ms" \
	sh -c "head -1 \"$tmp/rt.seq\" | grep -qx 'workload,policy,decision,time_ns,event,busy,total,opp' && \
	       awk -F, 'NR > 1 && (\$2 == \"simple_ondemand-45/5\" || \$2 == \"gpugov-crisp-deadline\") {
			n[\$2]++; if (\$3 != n[\$2] - 1 || \$4 != 50000000 * n[\$2] || \$5 != \"poll\" || \$7 != 50000000) bad = 1 }
	            END { exit bad || n[\"simple_ondemand-45/5\"] < 5 || n[\"simple_ondemand-45/5\"] != n[\"gpugov-crisp-deadline\"] }' \"$tmp/rt.seq\""
check "realtime --sequence: gpugov reacting by its timer also decides between polls, numbered on, each a timer event" \
	sh -c "awk -F, '\$2 == \"gpugov-crisp-deadline+hint/timer\" { n++; if (\$3 != n - 1 || \$5 == \"other\") bad = 1; if (\$5 == \"timer\") o++ }
			END { exit bad || !o }' \"$tmp/rt.seq\""
check "realtime --sequence: with a fence deadline at each frame's vsync, gpugov decides at the vsyncs (the timer's decisions fall on the period's grid)" \
	sh -c "awk -F, '\$2 == \"gpugov-crisp-deadline+fence/timer\" && \$5 == \"timer\" { t++; if (\$4 % 16666666 == 0) v++ }
			END { exit !(v && v * 5 >= t) }' \"$tmp/rt.seq\""
check "realtime --sequence: gpugov-default, given a fence deadline with each frame, decides when the first arrives (a timer event at 0), then when the second does (no probes between); at polls, gpugov's first decision is the first poll's" \
	sh -c "awk -F, '\$2 == \"gpugov-default\" && \$3 <= 1 { d = d \$4 \",\" \$5 \" \" }
			\$2 == \"gpugov-crisp-deadline\" && \$3 == 0 { p = \$4 \",\" \$5 }
			END { exit !(d == \"0,timer 16666666,timer \" && p == \"50000000,poll\") }' \"$tmp/rt.seq\""

check "realtime --sequence: the table is the same with it" \
	sh -c "\"$bin\" realtime --csv \"$tmp/small.trace\" | cmp -s - \"$tmp/rt.csv\""
check "realtime --start-opp 0: the governors' first window is busier, performance stays 1.0" \
	sh -c "\"$bin\" realtime --csv --start-opp 0 --sequence \"$tmp/rt0.seq\" \"$tmp/small.trace\" | grep -q '^small,performance,1.0000,' && \
	       a=\$(awk -F, '\$3 == \"0\" && \$2 ~ /^simple/ { print \$6 }' \"$tmp/rt.seq\") && \
	       b=\$(awk -F, '\$3 == \"0\" && \$2 ~ /^simple/ { print \$6 }' \"$tmp/rt0.seq\") && [ \"\$b\" -gt \"\$a\" ]"
check "realtime --start-opp past the trace's OPPs refused, exit 2, named" \
	sh -c "\"$bin\" realtime --start-opp 9 \"$tmp/small.trace\" 2>&1 >/dev/null | grep -q 'start-opp 9: .*small.trace has' && \
	       { \"$bin\" realtime --start-opp 9 \"$tmp/small.trace\" >/dev/null 2>&1; [ \$? -eq 2 ]; }"
check "realtime --profile msm at 10 Hz, 30 %: boost and unboost decisions in the sequence, busy/total in us" \
	sh -c "\"$bin\" realtime --profile msm --hz 10 --load 30 --sequence \"$tmp/msm.seq\" \"$tmp/small.trace\" >/dev/null && \
	       grep -q ',boost,' \"$tmp/msm.seq\" && grep -q ',unboost,' \"$tmp/msm.seq\" && \
	       grep -q ',poll,[0-9]*,50000,[0-9]*\$' \"$tmp/msm.seq\""
rm -f "$tmp/rt.seq"
check "realtime --sequence: a run that fails later writes no file, exit 1" \
	sh -c "\"$bin\" realtime --sequence \"$tmp/rt.seq\" \"$tmp/small.trace\" \"$tmp/nonexistent.trace\" >/dev/null 2>&1; \
	       [ \$? -eq 1 ] && [ ! -e \"$tmp/rt.seq\" ]"
check "realtime --sequence into a missing directory: exit 1, named" \
	sh -c "\"$bin\" realtime --sequence \"$tmp/no/such/dir/x.csv\" \"$tmp/small.trace\" >/dev/null 2>\"$tmp/err\"; \
	       [ \$? -eq 1 ] && grep -q 'sequence' \"$tmp/err\""
sed 's/^interval segment/interval epoch/' "$tmp/small.trace" >"$tmp/epoch.trace"
check "realtime: fixed-time epochs refused (work differs per OPP), exit 2" \
	sh -c "\"$bin\" realtime \"$tmp/epoch.trace\" 2>&1 >/dev/null | grep -q 'epoch.trace: fixed-time epochs'"
check "realtime: a scale that overflows (1 J of 1 ns stretched to 1 s) refused, exit 2" \
	sh -c "awk '/^r / { \$4 = 1; \$5 = 1; \$16 = \"1000000000000\" } { print }' \"$tmp/small.trace\" >\"$tmp/tiny.trace\" && \
	       \"$bin\" realtime --hz 1 --load 100 \"$tmp/tiny.trace\" >/dev/null 2>\"$tmp/err\"; [ \$? -eq 2 ] && \
	       grep -q 'overflows' \"$tmp/err\""
# A recording with the allowed OPPs of each poll (gpugov-trace --record):
# saturated samples, so `deadline` picks the top allowed OPP; the device
# ran at each record's allowed top next.
cat >"$tmp/capped.trace" <<'EOF'
gpugov-trace 1
device d
kind sample
interval poll 1000000
opp 100000 0 600000 0
opp 200000 0 700000 0
opp 300000 0 800000 0
opp 400000 0 900000 0
columns interval_ns busy_ns core_khz allowed_lo allowed_hi
data
r 1000000 1000000 400000 0 3
r 1000000 1000000 400000 0 1
r 1000000 1000000 200000 0 1
r 1000000 1000000 200000 2 3
r 1000000 1000000 400000 0 3
r 1000000 1000000 400000 0 3
EOF
awk '/^columns/ || /^r / { $NF = ""; $(NF - 1) = "" } 1' \
	"$tmp/capped.trace" >"$tmp/uncapped.trace"
check "run on a recording: each decision among the OPPs the record allowed, 0 different" \
	sh -c "\"$bin\" run --predictor busy --objective deadline --csv \"$tmp/capped.trace\" |
	       grep -qx 'capped,gpugov-busy-deadline,6,5,0'"
check "run on the same recording without the allowed columns: every OPP allowed, 2 different" \
	sh -c "\"$bin\" run --predictor busy --objective deadline --csv \"$tmp/uncapped.trace\" |
	       grep -qx 'uncapped,gpugov-busy-deadline,6,3,2'"
check "run --allowed 0:2 on it: within both ranges (OPPs 2 1 1 2 2 2)" \
	sh -c "\"$bin\" run --predictor busy --objective deadline --allowed 0:2 --sequence \"$tmp/cap.csv\" \
	       \"$tmp/capped.trace\" >/dev/null &&
	       [ \"\$(awk -F, 'NR > 1 { printf \"%s \", \$4 }' \"$tmp/cap.csv\")\" = '2 1 1 2 2 2 ' ]"
sed 's/^r 1000000 1000000 200000 2 3$/r 1000000 1000000 200000 3 2/' "$tmp/capped.trace" >"$tmp/inv.trace"
check "a recording whose allowed range is not one: exit 1, FILE:LINE" \
	sh -c "\"$bin\" run --predictor busy \"$tmp/inv.trace\" 2>&1 | grep -q 'inv.trace:14: allowed OPPs 3..2' &&
	       { \"$bin\" run --predictor busy \"$tmp/inv.trace\" >/dev/null 2>&1; [ \$? -eq 1 ]; }"

# Every option gpugov-trace --record writes (tools/common/replay_tunables.c)
# is one `run` takes: a replay-options line with each, non-default values.
opts="--predictor pcstall --objective deadline --max-slowdown 7 --util 70 --util-max 85 --slack 3 --hysteresis 2 --target 40% --dyn-uw 2100000 --static-uw 700000 --uncore-uw 150000 --idle-uw 1000 --idle-static-uw 2000 --pcstall-entries 64 --pcstall-shift 2 --pcstall-age-half 4 --coremem-gpu p100 --frame-period-us 16666 --react timer"
sed -n 's/^[[:space:]]*{ "[a-z_]*", "\([a-z-]*\)" },$/--\1/p' "$here/../../tools/common/replay_tunables.c" | sort >"$tmp/map.opts"
echo "$opts" | tr ' ' '\n' | grep '^--' | sort >"$tmp/line.opts"
check "the test's options line names every option of the tunables map ($(wc -l <"$tmp/map.opts"))" \
	sh -c "[ -s \"$tmp/map.opts\" ] && cmp -s \"$tmp/map.opts\" \"$tmp/line.opts\""
diff "$tmp/map.opts" "$tmp/line.opts" | sed -n 's/^[<>]/#/p'
# shellcheck disable=SC2086
check "run takes every one of them" \
	sh -c "\"$bin\" run $opts --csv \"$tmp/capped.trace\" >/dev/null"
for bad in "pcstall-entries 0" "pcstall-entries 3" "pcstall-entries 2048" "pcstall-shift 33" \
	   "pcstall-age-half 1025" "pcstall-shift -1" "pcstall-entries 8x"; do
	# shellcheck disable=SC2086
	check "run --$bad: exit 2" run 2 run --$bad "$tmp/capped.trace"
	check "run --$bad: the message names the option and its range" \
		grep -q "^gpugov-replay: --${bad% *} '${bad#* }': give " "$tmp/err"
done
check "run --help lists the pcstall options" \
	sh -c "\"$bin\" run --help | grep -q -- '--pcstall-entries N' &&
	       \"$bin\" run --help | grep -q -- '--pcstall-age-half N'"

echo "1..$n"
echo "RESULT replay-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
