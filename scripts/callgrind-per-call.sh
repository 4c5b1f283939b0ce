#!/bin/sh
# callgrind-per-call.sh BENCH N - instructions per decision of bench_decide.
#
# For every OPP count, model and objective, runs `BENCH --one ...` under
# callgrind with collection switched on only inside the decision functions
# (observe, predict, decide), and divides the instructions by N.
set -eu
bench=$1
n=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf 'opps predictor objective instructions\n'
for opps in 8 16 32; do
	for pred in stall lead crit crisp crisp_l coremem busy; do
		for obj in edp ed2p energy target; do
			valgrind --tool=callgrind --callgrind-out-file="$out" \
				--toggle-collect=gpugov_pred_observe \
				--toggle-collect=gpugov_predict \
				--toggle-collect=gpugov_decide \
				"$bench" --iters "$n" --one "$opps" "$pred" "$obj" >/dev/null 2>&1
			ir=$(sed -n 's/^summary: *//p' "$out")
			printf '%4s %-9s %-9s %8d\n' "$opps" "$pred" "$obj" $((ir / n))
		done
	done
done
