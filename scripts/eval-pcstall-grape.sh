#!/bin/sh
# eval-pcstall-grape.sh SIM REPLAY GPU OUTDIR - the PCSTALL figures of
# docs/results-pcstall-grape.md (`make bench-pcstall-grape`; the GRAPE
# figures are scripts/eval-grape.sh's, over the workloads written here).
#
# Workloads: the suite applications (tools/sim/workloads/apps), each
# repeated in a loop until it runs >= 1 ms at the top OPP, so that even a
# 100 us epoch sees >= 10 epochs ("looped apps"); the single passes as
# shipped; the kernels (tools/sim/workloads/kernels).  GPUs: GPU cut to its
# OPPs >= 400 MHz ("4opp": a 1.75x clock range, like the PCSTALL paper's
# 1.3-2.2 GHz, section 5.4: the primary figures) and GPU as shipped
# ("7opp", 7x).  Simulations, two at a time:
#   sweep   gpugov-sim sweep --epoch-us N (fork-pre-execute at every OPP,
#           continuing from the top OPP): the traces the replay tool reads
#   online  gpugov-sim online: a gpugov policy in the loop, each epoch
#           re-executed at the OPP it chose (the PCSTALL paper's methodology)
#   oracle  gpugov-sim sweep --follow edp|ed2p: the per-epoch oracle,
#           re-executed at its choice
#   static  gpugov-sim run --opp I: the whole workload at one OPP
# Figures:
#   1. next-epoch prediction accuracy (PCSTALL section 6.1): at every OPP
#      from a fixed observation (`gpugov-replay nextepoch`), and at the
#      OPP a closed loop chose (`gpugov-replay sensitivity`)
#   2. EDP and ED2P relative to the best static OPP (PCSTALL §6.2, 6.3)
# Every table is also left in OUTDIR as CSV.
set -eu
sim=$1
replay=$2
gpu=$3
out=$4
here=$(dirname "$0")/..
apps=$here/tools/sim/workloads/apps
kernels=$here/tools/sim/workloads/kernels
models="--predictor stall --predictor lead --predictor crit --predictor crisp \
--predictor pcstall --predictor accreac --predictor accpc"
policies="stall crit crisp pcstall"

rm -rf "$out"
mkdir -p "$out/wl"
start=$(date +%s)

# ---- workloads ----
# loop APP COUNT: APP's launch sequence COUNT times, as out/wl/APP-xCOUNT.wl
loop() {
	rel=$(realpath --relative-to="$out/wl" "$apps/$1.wl")
	{
		echo "# $1 repeated $2 times (eval-pcstall-grape.sh)"
		echo "use $rel"
		i=0
		while [ $i -lt "$2" ]; do
			grep '^run' "$apps/$1.wl"
			i=$((i + 1))
		done
	} >"$out/wl/$1-x$2.wl"
}
# single passes at the top OPP: 162, 924, 296, 69 us
loop cnn-layer 7
loop iterative-solver 2
loop particle-step 4
loop phase-alternating 15
grep -v '^core-opp [123]00000 ' "$gpu" >"$out/wl/gpu-4opp.gpu"
gpu4=$out/wl/gpu-4opp.gpu

# ---- simulations ----
# One job a line: KIND SET GPU WORKLOAD EPOCH_US [ARG]; results under
# out/SET/epUS/ (static: out/SET/static/).
{
	for wl in "$out"/wl/*-x*.wl; do
		for set in 7opp 4opp; do
			g=$gpu
			eps="1 10 50 100"
			if [ $set = 4opp ]; then
				g=$gpu4
				eps="1 10 50"
			fi
			for us in $eps; do
				echo "sweep $set $g $wl $us"
				for o in edp ed2p; do
					echo "oracle $set $g $wl $us $o"
					for p in $policies; do
						echo "online $set $g $wl $us $p-$o"
					done
				done
			done
			for i in 0 1 2 3 4 5 6; do
				[ $set = 4opp ] && [ $i -gt 3 ] && continue
				echo "static $set $g $wl 0 $i"
			done
		done
	done
	for wl in "$kernels"/*.wl; do
		echo "sweep kernel $gpu $wl 1"
		echo "sweep kernel4 $gpu4 $wl 1"
	done
} >"$out/jobs"
# shellcheck disable=SC2016
xargs -P 2 -L 1 sh -c '
	out=$0 sim=$1 kind=$2 set=$3 g=$4 wl=$5 us=$6 arg=${7:-}
	name=$(basename "$wl" .wl)
	d=$out/$set/ep$us
	[ "$kind" = static ] && d=$out/$set/static
	mkdir -p "$d"
	case $kind in
	sweep)	"$sim" sweep -g "$g" -w "$wl" --epoch-us "$us" -o "$d/$name.trace" \
			2>"$d/$name.log" ;;
	oracle)	"$sim" sweep -g "$g" -w "$wl" --epoch-us "$us" --follow "$arg" \
			-o "$d/$name.follow-$arg.trace" --oracle "$d/$name.follow-$arg.oracle" \
			2>/dev/null ;;
	online)	"$sim" online -g "$g" -w "$wl" --epoch-us "$us" --predictor "${arg%-*}" \
			--objective "${arg##*-}" >"$d/$name.$arg.online" ;;
	static)	"$sim" run -g "$g" -w "$wl" --opp "$arg" >"$d/$name.opp$arg.static" 2>&1 ;;
	esac
' "$out" "$sim" <"$out/jobs"
echo "== simulations: $(wc -l <"$out/jobs") in $(($(date +%s) - start)) s (2 parallel jobs)"
for d in "$out"/4opp/ep1 "$out"/7opp/ep1; do
	awk '{ print "   " $0 }' "$d"/*.log
done

# ---- 1. prediction accuracy ----
echo
echo "== 1a. next-epoch prediction accuracy at every OPP, observed at the top OPP"
echo "   (PCSTALL §6.1, no policy): work accuracy % / slope (sensitivity) accuracy %"
for set in 4opp 7opp; do
	for d in "$out/$set"/ep*; do
		us=${d##*/ep}
		# shellcheck disable=SC2086
		"$replay" nextepoch $models --csv "$d"/*-x*[0-9].trace >"$out/next-$set-ep$us.csv"
	done
done
# shellcheck disable=SC2086
"$replay" nextepoch $models --csv "$out"/kernel/ep1/*.trace >"$out/next-kernels-7opp-ep1.csv"
# shellcheck disable=SC2086
"$replay" nextepoch $models --csv "$out"/kernel4/ep1/*.trace >"$out/next-kernels-4opp-ep1.csv"
for set in 4opp 7opp; do
	echo "-- looped apps, $set: mean over the apps (PC-table hit % in the last column)"
	printf '%-8s' model
	for us in 1 10 50 100; do
		[ -f "$out/next-$set-ep$us.csv" ] && printf '  %13s' "$us us"
	done
	printf '  %13s  %s\n' "kernels 1 us" "hits 1 us"
	for m in stall lead crit crisp pcstall accreac accpc; do
		printf '%-8s' $m
		for f in "$out/next-$set"-ep1.csv "$out/next-$set"-ep10.csv \
			"$out/next-$set"-ep50.csv "$out/next-$set"-ep100.csv \
			"$out/next-kernels-$set-ep1.csv"; do
			[ -f "$f" ] || continue
			awk -F, -v m=$m '/^# .*mean over/ { s = 1; next } /^#/ { s = 0 }
				s && $1 == m { printf "  %5.1f / %5.1f", $4, $5 }' "$f"
		done
		awk -F, -v m=$m '/^# .*mean over/ { s = 1; next } /^#/ { s = 0 }
			s && $1 == m { printf "  %s", $7 }' "$out/next-$set-ep1.csv"
		echo
	done
done

echo
echo "== 1b. next-epoch work prediction accuracy at the OPP the closed loop chose, objective ed2p"
for set in 4opp 7opp; do
	for d in "$out/$set"/ep*; do
		us=${d##*/ep}
		# shellcheck disable=SC2086
		"$replay" sensitivity $models --objective ed2p --csv "$d"/*-x*[0-9].trace \
			>"$out/sens-$set-ep$us.csv"
	done
	echo "-- looped apps, $set: accuracy % at the chosen OPP (at every OPP), mean over the apps"
	printf '%-8s' model
	for us in 1 10 50 100; do
		[ -f "$out/sens-$set-ep$us.csv" ] && printf '  %12s' "$us us"
	done
	echo
	for m in stall lead crit crisp pcstall accreac accpc; do
		printf '%-8s' $m
		for us in 1 10 50 100; do
			f=$out/sens-$set-ep$us.csv
			[ -f "$f" ] || continue
			awk -F, -v m=$m '/^# .*mean over/ { s = 1; next } /^#/ { s = 0 }
				s && $1 == m { printf "  %5.1f (%4.1f)", $4, $6 }' "$f"
		done
		echo
	done
	printf '%-8s' change
	for us in 1 10 50 100; do
		f=$out/sens-$set-ep$us.csv
		[ -f "$f" ] || continue
		awk -F, '/^# epoch-to-epoch/ { s = 1; next } s && $1 == "mean" {
			printf "  %5.1f %6.1f", $3, $4 }' "$f"
	done
	echo "   (mean change %, work and sensitivity, epoch to epoch)"
done
# shellcheck disable=SC2086
"$replay" sensitivity $models --objective ed2p --csv "$out"/kernel/ep1/*.trace \
	>"$out/sens-kernels-ep1.csv"
echo "-- kernels (single pass), 7opp, 1 us: accuracy % per kernel"
awk -F, '/^# .*per workload/ { s = 1; next } /^#/ { s = 0 } s && $1 != "workload" {
	a[$1] = a[$1] sprintf("  %s %5.1f", $2, $4) } END { for (k in a) print k ":" a[k] }' \
	"$out/sens-kernels-ep1.csv" | sort
awk -F, '/^# .*mean over/ { s = 1; next } /^#/ { s = 0 } s && $1 != "model" {
	printf "mean over %s kernels: %s %.1f\n", $2, $1, $4 }' "$out/sens-kernels-ep1.csv"

# ---- 2. EDP and ED2P relative to the best static OPP ----
# Each (time, energy) as T us, E uJ; EDP = E*T, ED2P = E*T^2; ratio to the
# smallest static-OPP value of the same workload and metric, and (re-executed
# runs) to the static OPP in the middle of the clock range, as PCSTALL
# normalises to 1.7 GHz in 1.3-2.2 GHz: 400 MHz (7opp), 500 MHz (4opp).
# The PC-phase workload (apps/long-phases: loop bodies of 139-199
# instructions switching between memory- and compute-bound sections, so
# that a wave's start PC says what its next epoch does), kept out of the
# looped-app means above: the same accuracy at 1 us on its own.
echo
echo "== 1c. next-epoch accuracy on the PC-phase workload (long-phases x6), 1 us"
mkdir -p "$out/phases"
rel=$(realpath --relative-to="$out/phases" "$apps/long-phases.wl")
{
	echo "# long-phases repeated 6 times (eval-pcstall-grape.sh)"
	echo "use $rel"
	for i in 1 2 3 4 5 6; do
		grep '^run' "$apps/long-phases.wl"
	done
} >"$out/phases/long-phases-x6.wl"
for set in 4opp 7opp; do
	g=$gpu
	[ $set = 4opp ] && g=$gpu4
	"$sim" sweep -g "$g" -w "$out/phases/long-phases-x6.wl" --epoch-us 1 \
		-o "$out/phases/$set.trace" 2>"$out/phases/$set.log"
	# shellcheck disable=SC2086
	"$replay" nextepoch $models --csv "$out/phases/$set.trace" >"$out/phases/next-$set.csv"
	echo "-- $set: work accuracy % / slope accuracy % (PC-table hit %)"
	for m in stall lead crit crisp pcstall accreac accpc; do
		awk -F, -v m=$m '/^# .*mean over/ { s = 1; next } /^#/ { s = 0 }
			s && $1 == m { printf "%-8s  %5.1f / %5.1f  %s\n", m, $4, $5, $7 }' \
			"$out/phases/next-$set.csv"
	done
done

echo
echo "== 2. EDP and ED2P relative to the best static OPP"
# closed SET US: rows "workload,policy,metric,ratio,ratio_to_middle" of the
# re-executed runs
closed() {
	set=$1 us=$2 d=$out/$1/ep$2 s=$out/$1/static mid=3
	[ "$1" = 4opp ] && mid=1
	for wl in "$out"/wl/*-x*.wl; do
		n=$(basename "$wl" .wl)
		{
			for f in "$s/$n".opp*.static; do
				i=${f%.static}
				awk -v p="static-${i##*.opp}" '{ for (i = 1; i < NF; i++) {
						if ($i == "time_ns") t = $(i + 1) / 1000
						if ($i == "energy_uj") e = $(i + 1) } }
					END { print p, t, e }' "$f"
			done
			for p in $policies; do
				for o in edp ed2p; do
					awk -v p="gpugov-$p-$o" '{ print p, $10, $12 }' "$d/$n.$p-$o.online"
				done
			done
			for o in edp ed2p; do
				# the oracle's own trajectory: its chosen record of each epoch
				awk -v o=$o -v p="oracle-$o" 'FNR == 1 { f++ }
					f == 1 && !/^#/ { c[$1] = o == "edp" ? $3 : $4 }
					f == 2 && $1 == "columns" { for (i = 2; i <= NF; i++) col[$i] = i }
					f == 2 && $1 == "r" && c[$2] == $3 { t += $col["busy_ns"]
						e += $col["energy_pj"] }
					END { print p, t / 1000, e / 1e6 }' \
					"$d/$n.follow-$o.oracle" "$d/$n.follow-$o.trace"
			done
		} | awk -v w="$n" -v mid="static-$mid" '
			{ p[NR] = $1; edp[NR] = $3 * $2; ed2p[NR] = $3 * $2 * $2 }
			$1 ~ /^static-/ && (!be || $3 * $2 < be) { be = $3 * $2 }
			$1 ~ /^static-/ && (!b2 || $3 * $2 * $2 < b2) { b2 = $3 * $2 * $2 }
			$1 == mid { me = $3 * $2; m2 = $3 * $2 * $2 }
			END { for (i = 1; i <= NR; i++) {
				if (p[i] ~ /-edp$/) printf "%s,%s,edp,%.6f,%.6f\n", w, p[i],
					edp[i] / be, edp[i] / me
				if (p[i] ~ /-ed2p$/) printf "%s,%s,ed2p,%.6f,%.6f\n", w, p[i],
					ed2p[i] / b2, ed2p[i] / m2 } }'
	done
}
# replayed SET US: the same from `gpugov-replay run` over the sweep traces
# (epochs charged at the top OPP's work), and ACCREAC from `sensitivity`
replayed() {
	set=$1 us=$2 d=$out/$1/ep$2
	"$replay" run --objective edp --objective ed2p --predictor stall --predictor crit \
		--predictor crisp --predictor pcstall --csv "$d"/*-x*[0-9].trace \
		>"$out/run-$set-ep$us.csv"
	"$replay" sensitivity --predictor accreac --objective edp --csv "$d"/*-x*[0-9].trace \
		>"$out/accreac-edp-$set-ep$us.csv"
	awk -F, '$1 == "workload" || /^#/ { next }
		{ w[NR] = $1; p[NR] = $2; edp[NR] = $5; ed2p[NR] = $6 }
		$2 ~ /^static-/ && (!($1 in be) || $5 < be[$1]) { be[$1] = $5 }
		$2 ~ /^static-/ && (!($1 in b2) || $6 < b2[$1]) { b2[$1] = $6 }
		END { for (i = 1; i <= NR; i++) {
			if (p[i] ~ /-edp$/) printf "%s,%s,edp,%.6f\n", w[i], p[i], edp[i] / be[w[i]]
			if (p[i] ~ /-ed2p$/) printf "%s,%s,ed2p,%.6f\n", w[i], p[i], ed2p[i] / b2[w[i]] } }' \
		"$out/run-$set-ep$us.csv"
	for o in edp ed2p; do
		f=$out/accreac-edp-$set-ep$us.csv
		[ $o = ed2p ] && f=$out/sens-$set-ep$us.csv
		awk -F, -v o=$o '/^# .*per workload/ { s = 1; next } /^#/ { s = 0 }
			s && $2 == "accreac" { printf "%s,accreac-%s,%s,%s\n", $1, o, o, $7 }' "$f"
	done
}
# table KIND SET COLUMN LIST: improvement % = 100 * (1 - geomean of the
# ratios in COLUMN) per epoch
table() {
	kind=$1 set=$2 col=$3
	shift 3
	printf '%-22s' policy
	for us in 1 10 50 100; do
		[ -f "$out/$kind-$set-ep$us.csv" ] && printf '  %7s' "$us us"
	done
	echo
	for p in "$@"; do
		for o in ed2p edp; do
			printf '%-22s' "$p-$o"
			for us in 1 10 50 100; do
				f=$out/$kind-$set-ep$us.csv
				[ -f "$f" ] || continue
				awk -F, -v p="$p-$o" -v c="$col" '$2 == p { s += log($c); n++ }
					END { if (n) printf "  %7.1f", 100 * (1 - exp(s / n))
					      else printf "  %7s", "-" }' "$f"
			done
			echo
		done
	done
}
for set in 4opp 7opp; do
	for d in "$out/$set"/ep*; do
		us=${d##*/ep}
		closed "$set" "$us" >"$out/closed-$set-ep$us.csv"
		replayed "$set" "$us" >"$out/replayed-$set-ep$us.csv"
	done
	echo "-- $set, re-executed in the simulator: improvement % = 100 * (1 - geomean over the looped apps of metric / best static)"
	table closed "$set" 4 oracle gpugov-stall gpugov-crit gpugov-crisp gpugov-pcstall
	echo "-- $set, re-executed, relative to the static OPP in the middle of the range instead"
	table closed "$set" 5 oracle gpugov-stall gpugov-crit gpugov-crisp gpugov-pcstall
	echo "-- $set, replayed over the sweep traces (epochs charged at the top OPP's work)"
	table replayed "$set" 4 oracle gpugov-stall gpugov-crit gpugov-crisp gpugov-pcstall accreac
done
echo "-- ED2P gain over the best static OPP as a share of the oracle's (re-executed)"
for set in 4opp 7opp; do
	for us in 1 10; do
		awk -F, -v k="$set $us us" '$3 == "ed2p" { s[$2] += log($4); n[$2]++ }
			END { o = 1 - exp(s["oracle-ed2p"] / n["oracle-ed2p"])
			      printf "%-11s oracle %5.1f %%:", k, 100 * o
			      for (p in n) if (p != "oracle-ed2p") {
				g = 1 - exp(s[p] / n[p])
				printf "  %s %.1f %%", p, 100 * g
				if (o > 0)
					printf " (%.0f %% of it)", 100 * g / o }
			      print "" }' "$out/closed-$set-ep$us.csv"
	done
done
echo "-- 7opp, 1 us, ed2p: per app, metric / best static (re-executed; replayed)"
for f in closed replayed; do
	awk -F, -v k=$f '$3 == "ed2p" { printf "%-22s %-22s %-8s %.4f\n", $1, $2, k, $4 }' \
		"$out/$f-7opp-ep1.csv"
done | sort
echo "-- 7opp, 1 us: share of epochs at each OPP (0 = lowest), re-executed, over the looped apps"
cat "$out"/7opp/ep1/*-ed2p.online | awk '{ p = "gpugov-" $4 "-ed2p"
	for (i = 1; i <= NF; i++) if ($i == "opp_epochs") o = i
	for (i = o + 1; i <= NF; i++) { c[p "," i - o - 1] += $i; n[p] += $i }; top = NF - o - 1 }
	END { for (p in n) { printf "%-22s", p
		for (i = 0; i <= top; i++) printf " %5.1f", 100 * c[p "," i] / n[p]; print "" } }' | sort
awk 'FNR == 1 { f++ } !/^#/ { c[$4]++; n++ } END { printf "%-22s", "oracle-ed2p"
	for (i = 0; i <= 6; i++) printf " %5.1f", 100 * c[i] / n; print "" }' \
	"$out"/7opp/ep1/*.follow-ed2p.oracle

echo
echo "== eval-pcstall-grape: $(($(date +%s) - start)) s in all; CSVs in $out"
