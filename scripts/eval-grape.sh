#!/bin/sh
# eval-grape.sh SIM GPU_DIR WL_DIR OUTDIR - GRAPE evaluated as GRAPE section V
# evaluates it, by re-execution: the objective `target` runs in the
# simulator's loop (`gpugov-sim online --target`), every epoch executed at
# the OPP the controller chose (docs/results-pcstall-grape.md, Figure 3).
#
# Workloads: WL_DIR/*-x*.wl (the looped suite applications that
# eval-pcstall-grape.sh writes).  Goal (GRAPE section V-A, "X% of the
# maximum performance"): g = X% * W / T_top, W the instructions of the
# whole run and T_top its time at the top OPP (`gpugov-sim run`), given to
# the controller as an absolute rate.  X = 25, 50, 75, 100.
#
# Power models (GPU description variants written to OUTDIR/gpu, the shipped
# files untouched):
#   fermi       GPU_DIR/fermi-15sm.gpu as shipped: 60 W*V leakage, 30 W
#               uncore; its lowest OPP alone draws 63 W, more than the
#               GTX 480's 47 W idle (GRAPE section IV-C)
#   fermi-lowbg the same with 20 W*V leakage and 10 W uncore: the lowest
#               OPP's background is 21 W, the top's 30 W, so running slowly
#               can cost less than idling after a race
#   maxwell     GPU_DIR/maxwell-16sm.gpu: every (core, memory) clock pair is
#               an OPP (4 x 3): GRAPE's memory actuator (GRAPE Alg. 3)
#   maxwell-core the same with the memory clock fixed at its top (1 GHz)
# Idle power P_idle (the policy's --idle-uw and the race-to-idle
# accounting alike): 15, 30 and 47 W on fermi-lowbg, 47 W on the others.
#
# Per run: shortfall = max(0, g - h) / g, h = W / T (only running below the
# goal counts, GRAPE section V-A); energy with idling until the deadline
# D = W / g, against race-to-idle (top OPP, then idle):
#	E_race = E_top + P_idle * max(0, D - T_top)
#	E_ctrl = E     + P_idle * max(0, D - T)
# and the cheapest static OPP that meets g (idling alike), fermi-lowbg only.
set -eu
sim=$1
gpus=$2
wls=$3
out=$4
targets="25 50 75 100"

rm -rf "$out"
mkdir -p "$out/gpu" "$out/static" "$out/online"
start=$(date +%s)
sed -e 's/^power\.static_uw .*/power.static_uw 20000000/' \
	-e 's/^power\.uncore_uw .*/power.uncore_uw 10000000/' \
	-e 's/^name .*/name fermi-15sm-lowbg/' \
	"$gpus/fermi-15sm.gpu" >"$out/gpu/fermi-lowbg.gpu"
cp "$gpus/fermi-15sm.gpu" "$out/gpu/fermi.gpu"
cp "$gpus/maxwell-16sm.gpu" "$out/gpu/maxwell.gpu"
grep -v '^mem-opp [47]00000$' "$gpus/maxwell-16sm.gpu" >"$out/gpu/maxwell-core.gpu"

# one "GPU IDLE_UW PREDICTORS EPOCHS" line per setting
settings() {
	for idle in 15000000 30000000 47000000; do
		echo "fermi-lowbg $idle crisp,pcstall 1,10"
	done
	echo "fermi 47000000 crisp,pcstall 1"
	echo "maxwell 47000000 crisp,coremem 1"
	echo "maxwell-core 47000000 crisp,coremem 1"
}

# ---- static runs: every OPP of fermi-lowbg, the top OPP of the others ----
for wl in "$wls"/*-x*.wl; do
	for g in fermi fermi-lowbg maxwell maxwell-core; do
		n=$(grep -c '^core-opp' "$out/gpu/$g.gpu")
		m=$(grep -c '^mem-opp' "$out/gpu/$g.gpu")
		top=$((n * m - 1))
		i=$top
		[ $g = fermi-lowbg ] && i=0
		while [ $i -le $top ]; do
			echo "$g $wl $i $top"
			i=$((i + 1))
		done
	done
done >"$out/static.jobs"
# shellcheck disable=SC2016
xargs -P 2 -L 1 sh -c '
	out=$0 sim=$1 g=$2 wl=$3 opp=$4 top=$5
	n=$(basename "$wl" .wl)
	"$sim" run -g "$out/gpu/$g.gpu" -w "$wl" --opp "$opp" 2>/dev/null |
		awk -v g="$g" -v n="$n" -v o="$opp" -v top="$top" "{
			for (i = 1; i < NF; i++) v[\$i] = \$(i + 1)
			print g, n, o, top, v[\"insts\"], v[\"time_ns\"], v[\"energy_uj\"] }" \
		>"$out/static/$g.$n.opp$opp"
' "$out" "$sim" <"$out/static.jobs"
cat "$out"/static/* >"$out/static.txt"	# GPU WORKLOAD OPP TOP INSTS TIME_NS ENERGY_UJ

# ---- GRAPE in the loop ----
settings | while read -r g idle preds eps; do
	awk -v g="$g" '$1 == g && $3 == $4 { print $2, $5, $6 }' "$out/static.txt" |
	while read -r wl insts tns; do
		for x in $targets; do
			goal=$(awk -v w="$insts" -v t="$tns" -v x="$x" \
				'BEGIN { printf "%.0f", x / 100 * w / (t / 1e9) }')
			for p in $(echo "$preds" | tr , ' '); do
				for ep in $(echo "$eps" | tr , ' '); do
					echo "$g $idle $p $ep $x $goal $wl"
				done
			done
		done
	done
done >"$out/online.jobs"
# shellcheck disable=SC2016
xargs -P 2 -L 1 sh -c '
	out=$0 sim=$1 wls=$2 g=$3 idle=$4 p=$5 ep=$6 x=$7 goal=$8 wl=$9
	"$sim" online -g "$out/gpu/$g.gpu" -w "$wls/$wl.wl" --epoch-us "$ep" \
		--predictor "$p" --target "$goal" --idle-uw "$idle" |
		awk -v k="$g $idle $p $ep $x $goal $wl" "{
			for (i = 1; i < NF; i++) { v[\$i] = \$(i + 1); if (\$i == \"opp_epochs\") o = i }
			printf \"%s %s %.0f %s\", k, v[\"insts\"],
			       v[\"time_us\"] * 1000, v[\"energy_uj\"]
			for (i = o + 1; i <= NF; i++) printf \" %s\", \$i
			print \"\" }" \
		>"$out/online/$g.$idle.$p.$ep.$x.$wl"
' "$out" "$sim" "$wls" <"$out/online.jobs"
# GPU IDLE PRED EPOCH_US TARGET GOAL WORKLOAD INSTS TIME_NS ENERGY_UJ
# EPOCHS_AT_OPP_0...
cat "$out"/online/* >"$out/online.txt"
echo "== GRAPE runs: $(wc -l <"$out/static.jobs") static, $(wc -l <"$out/online.jobs") in the loop, $(($(date +%s) - start)) s"

# ---- figures ----
# Per setting and target: mean shortfall % and its max over the apps,
# geometric mean over the apps of E_ctrl / E_race and of the best static
# OPP's / E_race (fermi-lowbg).  energy in pJ: uJ * 1e6; uW * ns = 1e-3 pJ.
awk 'FNR == 1 { f++ }
	f == 1 { k = $1 " " $2; st[k, $3] = $7 * 1e6; stt[k, $3] = $6
		if ($3 == $4) { top_e[k] = $7 * 1e6; top_t[k] = $6; w[k] = $5 }
		nopp[k] = $4 + 1; next }
	{ k = $1 " " $7; idle = $2; goal = $6
	  h = $8 / ($9 / 1e9); sf = goal > h ? (goal - h) / goal : 0
	  d = w[k] / goal * 1e9
	  race = top_e[k] + idle * (d > top_t[k] ? d - top_t[k] : 0) / 1000
	  e = $10 * 1e6 + idle * (d > $9 ? d - $9 : 0) / 1000
	  best = 0
	  for (i = 0; i < nopp[k]; i++) {
		if (!((k, i) in st) || w[k] / (stt[k, i] / 1e9) < goal * 0.9999) continue
		s = st[k, i] + idle * (d > stt[k, i] ? d - stt[k, i] : 0) / 1000
		if (!best || s < best) best = s }
	  s = $1 "," $2 / 1e6 "," $3 "," $4 "," $5
	  n[s]++; sfs[s] += sf; if (sf > mx[s]) mx[s] = sf
	  le[s] += log(e / race); if (best) { lb[s] += log(best / race); nb[s]++ } }
	END { for (s in n) printf "%s,%d,%.2f,%.2f,%.4f,%s\n", s, n[s], 100 * sfs[s] / n[s],
		100 * mx[s], exp(le[s] / n[s]), nb[s] ? sprintf("%.4f", exp(lb[s] / nb[s])) : "-" }' \
	"$out/static.txt" "$out/online.txt" | sort -t, -k1,1 -k2,2n -k3,3 -k4,4n -k5,5n \
	>"$out/grape.body"
{
	echo "gpu,idle_w,predictor,epoch_us,target_pct,apps,mean_shortfall_pct,max_shortfall_pct,energy_vs_race,best_static_vs_race"
	cat "$out/grape.body"
} >"$out/grape.csv"
rm "$out/grape.body"
echo "-- per setting and target (re-executed): shortfall over the 4 apps, energy"
echo "   geomean over the apps relative to race-to-idle (< 1 saves)"
column -t -s, "$out/grape.csv"
echo "-- mean over the 4 targets: goal error (mean shortfall %), energy saving % vs race"
echo "   (and over the targets below 100 %)"
awk -F, 'NR > 1 { s = $1 " idle " $2 " W " $3 " " $4 " us"; n[s]++; e[s] += $7
	l[s] += log($9); if ($5 < 100) { e3[s] += $7; l3[s] += log($9) } }
	END { for (s in n) printf "%-36s goal error %.2f %%, saving %.1f %% (%.2f %%, %.1f %%)\n",
		s, e[s] / n[s], 100 * (1 - exp(l[s] / n[s])), e3[s] / (n[s] - 1),
		100 * (1 - exp(l3[s] / (n[s] - 1))) }' "$out/grape.csv" | sort
echo "-- maxwell (OPP i = core clock i / 3, memory clock i % 3: 400, 700, 1000 MHz):"
echo "   per app and target, time, energy, share of epochs at each memory clock %"
awk '$1 == "maxwell" { t = 0; for (i = 11; i <= NF; i++) { m[(i - 11) % 3] += $i; t += $i }
	printf "%-8s %3d%% %-22s T %7.1f us  E %8.1f uJ  mem %5.1f %5.1f %5.1f\n", $3, $5, $7,
		$9 / 1000, $10, 100 * m[0] / t, 100 * m[1] / t, 100 * m[2] / t
	delete m }
     $1 == "maxwell-core" { printf "%-8s %3d%% %-22s T %7.1f us  E %8.1f uJ  core only\n",
	$3, $5, $7, $9 / 1000, $10 }' "$out/online.txt" | sort -k1,1 -k2,2n -k3,3 -k13
