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
check "missing sample file: exit 2 with its name" \
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

echo "1..$n"
echo "RESULT replay-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
