#!/bin/sh
# test_rtbench_cli.sh BINARY - the real-time bench's rows and headline
# (scripts/bench-realtime.sh): `gpugov-replay realtime --ondemand-sweep
# --models --list-profiles`, and `gpugov-replay realtime-summary`'s
# figures on a hand-made bench CSV whose every figure is worked out below.
set -u
bin=$1
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"

"$(dirname "$bin")/mk_small_sweep" >"$tmp/small.trace"
check "realtime --list-profiles: one name a line, each one --profile takes" \
	sh -c "\"$bin\" realtime --list-profiles >\"$tmp/profiles\" && grep -qx panfrost \"$tmp/profiles\" &&
	       grep -qx msm \"$tmp/profiles\" && for p in \$(cat \"$tmp/profiles\"); do
		\"$bin\" realtime --profile \$p \"$tmp/small.trace\" >/dev/null || exit 1; done"
"$bin" realtime --csv --ondemand-sweep "$tmp/small.trace" >"$tmp/sweep.csv"
check "realtime --ondemand-sweep: upthreshold 20, 25 .. 95, each with panfrost's downdifferential 5, after the driver's own" \
	sh -c "[ \"\$(grep -o ',simple_ondemand-[^,]*' \"$tmp/sweep.csv\" | tr '\n' ' ')\" = \
',simple_ondemand-45/5 ,simple_ondemand-sweep-20/5 ,simple_ondemand-sweep-25/5 ,simple_ondemand-sweep-30/5 ,simple_ondemand-sweep-35/5 ,simple_ondemand-sweep-40/5 ,simple_ondemand-sweep-45/5 ,simple_ondemand-sweep-50/5 ,simple_ondemand-sweep-55/5 ,simple_ondemand-sweep-60/5 ,simple_ondemand-sweep-65/5 ,simple_ondemand-sweep-70/5 ,simple_ondemand-sweep-75/5 ,simple_ondemand-sweep-80/5 ,simple_ondemand-sweep-85/5 ,simple_ondemand-sweep-90/5 ,simple_ondemand-sweep-95/5 ' ]"
check "realtime --ondemand-sweep: the sweep's 45/5 is the driver's 45/5, figure for figure" \
	sh -c "a=\$(grep ',simple_ondemand-45/5,' \"$tmp/sweep.csv\" | cut -d, -f3-); \
	       b=\$(grep ',simple_ondemand-sweep-45/5,' \"$tmp/sweep.csv\" | cut -d, -f3-); [ -n \"\$a\" ] && [ \"\$a\" = \"\$b\" ]"
check "realtime --ondemand-sweep --ondemand 90/10: the sweep takes downdifferential 10, and 10 at upthreshold 20" \
	sh -c "\"$bin\" realtime --csv --ondemand-sweep --ondemand 90/10 \"$tmp/small.trace\" | grep -q ',simple_ondemand-sweep-20/10,' &&
	       \"$bin\" realtime --csv --ondemand-sweep --profile msm \"$tmp/small.trace\" | grep -q ',simple_ondemand-sweep-95/10+boost,'"
"$bin" realtime --csv --models "$tmp/small.trace" >"$tmp/models.csv"
check "realtime --models: a row per other model the trace's counters run, each once, before the oracle" \
	sh -c "grep -o ',gpugov-[a-z_]*-deadline,' \"$tmp/models.csv\" | tr '\n' ' ' | \
	       grep -qx ',gpugov-crisp-deadline, ,gpugov-stall-deadline, ,gpugov-lead-deadline, ,gpugov-crit-deadline, ,gpugov-crisp_l-deadline, ,gpugov-busy-deadline, ' &&
	       tail -1 \"$tmp/models.csv\" | grep -q ',oracle-noloss,'"
check "realtime --models --stock: busy/total runs only busy, already the default row: no more rows" \
	sh -c "[ \"\$(\"$bin\" realtime --csv --models --stock \"$tmp/small.trace\" | wc -l)\" -eq \
	        \"\$(\"$bin\" realtime --csv --stock \"$tmp/small.trace\" | wc -l)\" ]"
check "realtime --models: the busy row is --predictor busy's default row" \
	sh -c "a=\$(grep ',gpugov-busy-deadline,' \"$tmp/models.csv\" | cut -d, -f3-); \
	       b=\$(\"$bin\" realtime --csv --predictor busy \"$tmp/small.trace\" | grep ',gpugov-busy-deadline,' | cut -d, -f3-); \
	       [ -n \"\$a\" ] && [ \"\$a\" = \"\$b\" ]"

# The fence row: its source hands on each frame's deadline (the vsync
# after it arrived); two a period apart give the period, so gpugov stops
# probing busy/idle every 2 ms by the second frame (16.7 ms), where
# learning the cadence takes about 15 frames.
"$bin" realtime --sequence "$tmp/fence.seq" "$tmp/small.trace" >/dev/null
gap() {	# gap POLICY: whether POLICY's decisions before 40 ms are ever > 3 ms apart
	awk -F, -v p="$1" '$2 == p && $4 < 40000000 { if (n++ && $4 - t > 3000000) g = 1; t = $4 }
		END { exit !g }' "$tmp/fence.seq"
}
fence_early() { gap gpugov-crisp-deadline+fence/timer && ! gap gpugov-crisp-deadline+learned/timer; }
check "realtime: fence deadlines: gpugov stops probing by the second frame, learning does not" fence_early
check "realtime --stock: no fence row (fence deadlines come through a counter source)" \
	sh -c "! \"$bin\" realtime --csv --stock \"$tmp/small.trace\" | grep -q fence &&
	       \"$bin\" realtime --csv --mali \"$tmp/small.trace\" | grep -q ',gpugov-[a-z_]*-deadline+fence/timer,'"

# --vrr: every fence deadline is its frame's arrival ("now"); the boosts
# column, and on msm the row of msm's own deadline rule, which boosts at
# once for each deadline that became its next one while the frame is not
# done: every frame's, the first's too (msm's next deadline starts when
# its fence context is made, before any frame), and every one is a
# `boost` decision.
"$bin" realtime --csv --profile msm --vrr --sequence "$tmp/vrr.seq" "$tmp/small.trace" >"$tmp/vrr.csv"
"$bin" realtime --csv --profile msm "$tmp/small.trace" >"$tmp/novrr.csv"
check "realtime --vrr: a boosts column last; msm's deadline rule a row after simple_ondemand's, none without --vrr" \
	sh -c "grep -qx 'workload,policy,energy,janked,frames,worst_ms,switches,decisions_per_s,boosts' \"$tmp/vrr.csv\" &&
	       grep -A1 ',simple_ondemand-50/10+boost,' \"$tmp/vrr.csv\" | grep -q ',simple_ondemand-50/10+boost+deadline,' &&
	       ! grep -q '+deadline,\\|boosts' \"$tmp/novrr.csv\" &&
	       ! \"$bin\" realtime --csv --vrr \"$tmp/small.trace\" | grep -q '+deadline,'"
check "realtime --vrr --stock: msm's deadline rule needs no counter source: its row stays, gpugov's fence row goes" \
	sh -c "\"$bin\" realtime --csv --profile msm --vrr --stock \"$tmp/small.trace\" >\"$tmp/vrr-stock.csv\" &&
	       grep -q ',simple_ondemand-50/10+boost+deadline,' \"$tmp/vrr-stock.csv\" && ! grep -q '+fence' \"$tmp/vrr-stock.csv\""
vrr_boosts() {
	awk -F, '$2 == "simple_ondemand-50/10+boost+deadline" { b = $9; f = $5 }
		END { exit !(f == 18 && b == f) }' "$tmp/vrr.csv" &&
	[ "$(awk -F, '$2 == "simple_ondemand-50/10+boost+deadline" && $5 == "boost"' "$tmp/vrr.seq" | wc -l)" -eq 18 ]
}
check "realtime --vrr: msm's rule boosts for each of the 18 frames, each a boost decision of the sequence" vrr_boosts
check "realtime --vrr: janks still count from the vsync after arrival: performance and the oracle as without it" \
	sh -c "for p in performance oracle-noloss; do
		a=\$(grep \",\$p,\" \"$tmp/vrr.csv\" | cut -d, -f3-8); b=\$(grep \",\$p,\" \"$tmp/novrr.csv\" | cut -d, -f3-8)
		[ -n \"\$a\" ] && [ \"\$a\" = \"\$b\" ] || exit 1; done"
check "realtime --vrr --json: boosts in every row" \
	sh -c "[ \"\$(\"$bin\" realtime --json --profile msm --vrr \"$tmp/small.trace\" | grep -o '\"boosts\": [0-9]' | wc -l)\" -eq \$(grep -c '^small,' \"$tmp/vrr.csv\") ] &&
	       [ \$(grep -c '^small,' \"$tmp/vrr.csv\") -eq 10 ]"

# ---- one job of scripts/bench-realtime.sh ----
job=scripts/bench-realtime-job.sh
check "bench job: a row per profile, rate, load and policy, each prefixed with its cell" \
	sh -c "RT_PROFILES='panfrost msm' RT_LOADS='30 90' $job \"$bin\" \"$tmp/job.csv\" v 60,120 \"$tmp/small.trace\" --stock &&
	       [ \"\$(cut -d, -f1-4 \"$tmp/job.csv\" | sort -u | wc -l)\" -eq 8 ] &&
	       grep -q '^v,msm,120,90,small,simple_ondemand-sweep-95/10+boost,' \"$tmp/job.csv\" &&
	       [ \"\$(grep -c ',oracle-noloss,' \"$tmp/job.csv\")\" -eq 8 ]"
printf '#!/bin/sh\nexit 3\n' >"$tmp/failing"
chmod +x "$tmp/failing"
check "bench job: a run that fails fails the job and writes nothing (a pipe once lost such cells silently)" \
	sh -c "! RT_PROFILES=panfrost RT_LOADS=60 $job \"$tmp/failing\" \"$tmp/fail.csv\" v 60 \"$tmp/small.trace\" 2>/dev/null &&
	       [ ! -e \"$tmp/fail.csv\" ]"

# ---- realtime-summary on two cells worked by hand ----
# panfrost: gpugov 0.85 J2 against simple_ondemand 0.90 J2: both; the
#   sweep's 90/5 (0.80, J4) does not dominate it.  The hint 0.85 J0.
# lima: gpugov 0.85 J1 against 0.90 J1: both, but the sweep's 90/5 (0.80,
#   J1) dominates it.  The hint 0.95 J0: more energy, not both; nothing
#   dominates it (fewer janks than every setting).
# The oracle saves 0.30: gpugov keeps 0.15/0.30 = 50 % in both cells; the
# hint 50 % and 16.7 %: 33.3.
cat >"$tmp/b.csv" <<'CSV'
view,profile,hz,load,workload,policy,energy,janked,frames,worst_ms,switches,decisions_per_s
stock-g,panfrost,60,60,a,performance,1.0000,0,10,10.0,0,0.0
stock-g,panfrost,60,60,a,simple_ondemand-45/5,0.9000,2,10,20.0,1,20.0
stock-g,panfrost,60,60,a,simple_ondemand-sweep-45/5,0.9000,2,10,20.0,1,20.0
stock-g,panfrost,60,60,a,simple_ondemand-sweep-90/5,0.8000,4,10,30.0,2,20.0
stock-g,panfrost,60,60,a,gpugov-busy-deadline,0.8500,2,10,21.0,3,20.0
stock-g,panfrost,60,60,a,gpugov-busy-deadline+hint/timer,0.8500,0,10,16.0,4,200.0
stock-g,panfrost,60,60,a,oracle-noloss,0.7000,0,10,16.0,5,60.0
stock-g,lima,60,60,a,performance,1.0000,0,10,10.0,0,0.0
stock-g,lima,60,60,a,simple_ondemand-30/5,0.9000,1,10,20.0,1,20.0
stock-g,lima,60,60,a,simple_ondemand-sweep-30/5,0.9000,1,10,20.0,1,20.0
stock-g,lima,60,60,a,simple_ondemand-sweep-90/5,0.8000,1,10,30.0,2,20.0
stock-g,lima,60,60,a,gpugov-busy-deadline,0.8500,1,10,25.0,1,20.0
stock-g,lima,60,60,a,gpugov-busy-deadline+hint/timer,0.9500,0,10,16.0,2,200.0
stock-g,lima,60,60,a,oracle-noloss,0.7000,0,10,16.0,5,60.0
CSV
"$bin" realtime-summary --csv --heat "$tmp/heat.csv" "$tmp/b.csv" >"$tmp/sum.csv" 2>"$tmp/err"
check "realtime-summary: the driver's simple_ondemand one row over both profiles; cells, janked, J/od, energy, E/od, worst, switches, dec/s, 100 % of itself, dominated by 90/5 on lima" \
	grep -qx 'stock,simple_ondemand,2,3,1.000,0.9000,1.000,20.000,1.0,20.0,100.0,100.0,100.0,50.0,33.3' "$tmp/sum.csv"
check "realtime-summary: gpugov no worse than simple_ondemand in both cells, undominated in one, 50 % of the oracle's saving" \
	grep -qx 'stock,gpugov-busy-deadline,2,3,1.000,0.8500,0.944,25.000,2.0,20.0,100.0,100.0,100.0,50.0,50.0' "$tmp/sum.csv"
check "realtime-summary: the hint: no janks (J/od 0), as much energy in sum, both in one cell, undominated in both, 33.3 % of the oracle" \
	grep -qx 'stock,gpugov-busy-deadline+hint/timer,2,0,0.000,0.9000,1.000,16.000,3.0,200.0,100.0,50.0,50.0,100.0,33.3' "$tmp/sum.csv"
check "realtime-summary: a sweep setting is one row (without its downdifferential) and has no pareto of its own" \
	sh -c "grep -q '^stock,simple_ondemand-sweep-90,2,5,1.667,0.8000,0.889,30.000,2.0,20.0,50.0,100.0,50.0,-,66.7$' \"$tmp/sum.csv\" &&
	       [ \"\$(grep -c '^stock,simple_ondemand-sweep-' \"$tmp/sum.csv\")\" -eq 3 ]"
check "realtime-summary: targets: gpugov misses pareto on lima (0 %), meets both" \
	grep -qx 'stock,gpugov-busy-deadline,100.0 panfrost,0.0 lima,50.0,1.000,0.944,pareto' "$tmp/sum.csv"
check "realtime-summary: targets: the hint misses both on lima, meets the hint target (0 janks, no more energy)" \
	grep -qx 'stock,gpugov-busy-deadline+hint/timer,0.0 lima,100.0 panfrost,33.3,0.000,1.000,both' "$tmp/sum.csv"
sed 's|+hint/timer,0.8500,0,|+hint/timer,0.8500,2,|; s|+hint/|+fence/|' "$tmp/b.csv" >"$tmp/fence.csv"
check "realtime-summary: targets: fence rows are held to the deadlines' target too: 2 janks of 3 miss it" \
	sh -c "\"$bin\" realtime-summary --csv \"$tmp/fence.csv\" |
	       grep -qx 'stock,gpugov-busy-deadline+fence/timer,0.0 lima,100.0 panfrost,33.3,0.667,1.000,both hint'"
check "realtime-summary --heat: per view/workload and policy, energy against simple_ondemand, janked and its janked" \
	sh -c "head -1 \"$tmp/heat.csv\" | grep -qx 'row,policy,energy_od,janked,janked_od' &&
	       grep -qx 'stock-g/a,gpugov-busy-deadline,0.9444,3,3' \"$tmp/heat.csv\" &&
	       grep -qx 'stock-g/a,simple_ondemand,1.0000,3,3' \"$tmp/heat.csv\" &&
	       ! grep -q 'performance\|sweep' \"$tmp/heat.csv\""
check "heat map: simple_ondemand's column, then the oracle's, then the rest in order (the oracle's name once sat over simple_ondemand's column)" \
	sh -c "awk -F, -v png=x.png -f scripts/bench-realtime-heatmap.awk \"$tmp/heat.csv\" |
	       grep -q \"^set xtics rotate by 30 right ('simple_ondemand' 0, 'oracle-noloss' 1, 'gpugov-busy-deadline' 2, 'gpugov-busy-deadline+hint/timer' 3)\$\""
check "realtime-summary: text tables, the targets' title naming issue 26" \
	sh -c "\"$bin\" realtime-summary \"$tmp/b.csv\" | grep -q '^issue 26 targets' &&
	       \"$bin\" realtime-summary --json \"$tmp/b.csv\" | head -c 1 | grep -q '\\['"
# amdgpu's firmware row: gpugov 0.85 J1 against the firmware's 0.95 J1:
# less energy, no more janks; simple_ondemand 0.90 J2: less energy, more
# janks.  No such table without a firmware row.
cat "$tmp/b.csv" >"$tmp/fw.csv"
cat >>"$tmp/fw.csv" <<'CSV'
stock-g,amdgpu,60,60,a,performance,1.0000,0,10,10.0,0,0.0
stock-g,amdgpu,60,60,a,firmware-auto,0.9500,1,10,17.0,9,0.0
stock-g,amdgpu,60,60,a,simple_ondemand-90/5,0.9000,2,10,20.0,1,20.0
stock-g,amdgpu,60,60,a,gpugov-busy-deadline,0.8500,1,10,17.0,3,20.0
CSV
fw_table() {	# the firmware table of fw.csv's summary, and none in b.csv's
	"$bin" realtime-summary --csv "$tmp/fw.csv" | sed -n '/^# against the firmware/,$p' >"$tmp/fw.out" &&
		grep -qx 'stock,gpugov-busy-deadline,1,100.0,100.0,100.0,1,1,0.8947' "$tmp/fw.out" &&
		grep -qx 'stock,simple_ondemand,1,100.0,0.0,0.0,2,1,0.9474' "$tmp/fw.out" &&
		! grep -q '^stock,firmware-auto,' "$tmp/fw.out" &&
		! grep -q 'firmware' "$tmp/sum.csv"
}
check "realtime-summary: against the firmware's own choice: gpugov less energy and no more janks, simple_ondemand more janks" fw_table
sed 's/^stock-g,lima,60,60,a,oracle-noloss,0.7000/stock-g,lima,60,60,a,oracle-noloss,x/' "$tmp/b.csv" >"$tmp/bad.csv"
check "realtime-summary: a malformed energy refused, exit 2" run 2 realtime-summary "$tmp/bad.csv"
check "realtime-summary: ... the file and line named" grep -q 'bad.csv:15' "$tmp/err"
sed -n '1,3p;3p' "$tmp/b.csv" >"$tmp/dup.csv"
check "realtime-summary: a policy twice in one cell refused, exit 2" run 2 realtime-summary "$tmp/dup.csv"
check "realtime-summary: ... saying so" grep -q 'twice' "$tmp/err"
head -1 "$tmp/b.csv" >"$tmp/empty.csv"
check "realtime-summary: no rows refused, exit 2" run 2 realtime-summary "$tmp/empty.csv"
check "realtime-summary: a missing file, exit 1" run 1 realtime-summary "$tmp/none.csv"
check "realtime-summary: --heat to an unwritable place: exit 1" \
	run 1 realtime-summary --heat /nonexistent/dir/h.csv "$tmp/b.csv"
check "realtime-summary: ... and no table" test ! -s "$tmp/out"

echo "1..$n"
echo "RESULT rtbench-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
