#!/bin/sh
# callgrind-per-call.sh BENCH N - instructions per decision of bench_decide.
#
# For every cell `BENCH --list` names (OPP count, model, objective), runs
# `BENCH --one ...` under callgrind with collection switched on only inside
# the three calls the governor makes per decision (gpugov_poll.c):
# gpugov_pred_observe, gpugov_decision_predict (the prediction and whether
# it is a bound) and gpugov_decide (energies, metrics, the objective's
# choice, and `deadline`'s learning and expectation), with everything
# they call; the inputs' setup lies outside them.  Divides by N.
set -eu
bench=$1
n=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf 'opps predictor objective   instructions\n'
"$bench" --list | while read -r opps pred obj; do
	valgrind --tool=callgrind --callgrind-out-file="$out" \
		--toggle-collect=gpugov_pred_observe \
		--toggle-collect=gpugov_decision_predict \
		--toggle-collect=gpugov_decide \
		"$bench" --iters "$n" --one "$opps" "$pred" "$obj" >/dev/null 2>&1
	ir=$(sed -n 's/^summary: *//p' "$out")
	printf '%4s %-9s %-11s %8d\n' "$opps" "$pred" "$obj" $((ir / n))
done
