#!/bin/sh
# test_eval_cli.sh BINARY - gpugov-replay's `sensitivity` and `settle` on
# small generated epoch sweep traces: results against hand-worked values
# and golden files, cross-checks with `run`, and usage errors (exit 2).
set -u
bin=$1
here=$(dirname "$0")
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$here/tap.sh"

# gen KIND PHASES > trace: an epoch sweep of 1000 ns epochs at 0.5, 1 and
# 2 GHz, one epoch per letter of PHASES.  C: compute-bound, 1000 * f_GHz
# instructions, no stalls.  M: memory-bound, 400 instructions at every
# clock, all cycles but 200 stalled on loads.  Two waves of half the work
# each, both of age rank 0 (so that PCSTALL's age weighting is neutral); a
# wave's PC is 0x1000 in C and MPC (default 0x2000) in M, and its next PC
# is the next epoch's, or LOWPC in the records below the top OPP if given
# (the top OPP's run is the one the sweep continues from).  Energy: the
# OPP's power (EM) for 1000 ns.  KIND: epoch or segment (the latter only to
# be refused).  gen KIND PHASES [MPC [LOWPC]]
gen() {
	awk -v kind="$1" -v ph="$2" -v mpc="${3:-8192}" -v lowpc="${4:-0}" 'BEGIN {
		split("500000 1000000 2000000", khz); split("800000 900000 1000000", uv)
		split("560000 855000 1500000", pw)
		print "gpugov-trace 1\ndevice test\nkind sweep\ninterval " kind " 1000"
		for (o = 1; o <= 3; o++) print "opp", khz[o], 0, uv[o], pw[o]
		print "columns seg opp interval_ns busy_ns core_khz insts load_stall_cyc " \
		      "store_stall_cyc lcp_cyc energy_pj"
		print "wave-columns pc_start pc_end insts stall_cyc core_cyc age_rank\ndata"
		for (e = 0; e < length(ph); e++) {
			p = substr(ph, e + 1, 1)
			nx = e + 1 < length(ph) ? substr(ph, e + 2, 1) : p
			for (o = 1; o <= 3; o++) {
				cyc = khz[o] / 1000
				ins = p == "C" ? cyc : 400
				st = p == "C" ? 0 : cyc - 200
				print "r", e, o - 1, 1000, 1000, khz[o], ins, st, 0, st, pw[o]
				for (w = 0; w < 2; w++)
					printf "w %d %d %d %d %d %d\n", p == "C" ? 4096 : mpc,
					       lowpc && o < 3 ? lowpc : nx == "C" ? 4096 : mpc,
					       ins / 2, st, cyc, 0
			}
		}
	}'
}

gen epoch CCCCCCCCCCCCCCCCCCCCCCCC >"$tmp/steady.trace"
gen epoch CCCCCCCCMMMMMMMMCCCCCCCC >"$tmp/phases.trace"
gen segment CCCC >"$tmp/seg.trace"
gen epoch CCCCCCCCMMMMMMMMCCCCCCCC 8192 36864 >"$tmp/lowpc.trace"
gen epoch CCCCMMMMCCCCMMMMCCCC 8208 >"$tmp/repeat.trace"

# ---- sensitivity ----
check "sensitivity --help exits 0 and documents exit codes" \
	sh -c "\"$bin\" sensitivity --help | grep -q 'Exit status'"
check "sensitivity: no trace: exit 2" run 2 sensitivity
check "sensitivity: unknown model: exit 2" run 2 sensitivity --predictor frob "$tmp/steady.trace"
check "sensitivity: objective performance refused: exit 2" \
	run 2 sensitivity --objective performance "$tmp/steady.trace"
check "sensitivity: a segment sweep is refused: exit 2" run 2 sensitivity "$tmp/seg.trace"
check "sensitivity: ... and the message says why" grep -q 'fixed-time epochs' "$tmp/err"
check "sensitivity: missing trace: exit 1" run 1 sensitivity /nonexistent/x.trace
check "sensitivity: result equals the golden file" \
	sh -c "\"$bin\" sensitivity --csv \"$tmp/steady.trace\" \"$tmp/phases.trace\" |
	       diff -u \"$here/golden/eval_sensitivity.csv\" -"
# Compute-bound work (I proportional to f): every model predicts it exactly.
check "sensitivity: compute-bound epochs are predicted exactly by every model" \
	sh -c "\"$bin\" sensitivity --csv \"$tmp/steady.trace\" | awk -F, '
		\$1 == \"steady\" && NF == 8 { n++; if (\$3 != 23 || \$4 != 100.0 || \$6 != 100.0) bad++ }
		END { exit !(n == 5 && !bad) }'"
# ACCREAC on phases (edp runs C at 2 GHz, M at 0.5 GHz): exact but for the
# epochs after the changes: epoch 8 predicted 2000, actually 400 (accuracy
# 0), epoch 16 predicted 400, actually 500 (0.8): (21 + 0.8) / 23 = 94.8%.
check "sensitivity: accreac misses only the epochs after a phase change" \
	sh -c "\"$bin\" sensitivity --predictor accreac --objective edp --csv \"$tmp/phases.trace\" |
	       grep -q '^phases,accreac,23,94.8,'"
# The closed loop is run's: crisp with ed2p, ED2P over the best static.
check "sensitivity: vs_best_static equals run's ED2P over the best static OPP" \
	sh -c "r=\$(\"$bin\" run --csv --predictor crisp --objective ed2p \"$tmp/phases.trace\" |
		    awk -F, '\$2 ~ /^static-/ && (!b || \$6 < b) { b = \$6 }
			     \$2 == \"gpugov-crisp-ed2p\" { p = \$6 } END { printf \"%.4f\", p / b }')
	       s=\$(\"$bin\" sensitivity --csv --predictor crisp \"$tmp/phases.trace\" |
		    awk -F, '\$1 == \"phases\" { print \$7 }')
	       [ \"\$r\" = \"\$s\" ]"
# PCSTALL's closed loop runs the memory phase at 0.5 GHz; the sweep goes
# on from the 2 GHz run, so the next epoch starts at the top record's next
# PCs: records below the top naming another next PC (0x9000, never a start)
# change nothing, and every lookup after the first epoch of each phase hits.
check "sensitivity: pcstall runs some epochs below the top OPP on phases" \
	sh -c "\"$bin\" run --predictor pcstall --objective ed2p --sequence \"$tmp/seq.csv\" \
		\"$tmp/phases.trace\" >/dev/null 2>&1 &&
	       awk -F, '\$2 ~ /pcstall/ && \$4 == 0 { n++ } END { exit !n }' \"$tmp/seq.csv\""
check "sensitivity: pcstall looks up the PCs where the sweep's next epoch starts" \
	sh -c "a=\$(\"$bin\" sensitivity --predictor pcstall --csv \"$tmp/phases.trace\" |
		    grep '^phases,')
	       b=\$(\"$bin\" sensitivity --predictor pcstall --csv \"$tmp/lowpc.trace\" |
		    grep '^lowpc,' | sed 's/^lowpc,/phases,/')
	       [ -n \"\$a\" ] && [ \"\$a\" = \"\$b\" ]"
check "sensitivity --json: three tables" \
	sh -c "\"$bin\" sensitivity --json \"$tmp/steady.trace\" | grep -c '\"table\": ' | grep -qx 3"

# ---- nextepoch ----
check "nextepoch --help exits 0 and documents exit codes" \
	sh -c "\"$bin\" nextepoch --help | grep -q 'Exit status'"
check "nextepoch: no trace: exit 2" run 2 nextepoch
check "nextepoch: unknown model: exit 2" run 2 nextepoch --predictor frob "$tmp/steady.trace"
check "nextepoch: a segment sweep is refused: exit 2" run 2 nextepoch "$tmp/seg.trace"
check "nextepoch: missing trace: exit 1" run 1 nextepoch /nonexistent/x.trace
check "nextepoch: compute-bound epochs: every model exact in work and slope" \
	sh -c "\"$bin\" nextepoch --csv \"$tmp/steady.trace\" | awk -F, '
		\$1 == \"steady\" { n++; if (\$3 != 23 || \$4 != 100.0 || \$5 != 100.0) bad++ }
		END { exit !(n == 5 && !bad) }'"
# ACCREAC on repeat (C 4 epochs, M 4, ...; 19 scored): wrong after each of
# the 4 changes.  C->M: predicted 500, 1000, 2000, actually 400 at every
# clock (accuracy 0.75, 0, 0: 0.25); M->C: predicted 400, actually 500,
# 1000, 2000 (0.8, 0.4, 0.2: 0.467); slope wrong there (0).  Work
# (15 + 2 * 0.25 + 2 * 0.467) / 19 = 86.5 %, slope 15 / 19 = 78.9 %.
# ACCPC's table knows both phases' lines (0x100 and 0x201: no collision)
# after the first change and is wrong only there: (18 + 0.25) / 19 = 96.1 %,
# slope 18 / 19 = 94.7 %.
check "nextepoch: accreac is wrong after every phase change" \
	sh -c "\"$bin\" nextepoch --predictor accreac --csv \"$tmp/repeat.trace\" |
	       grep -q '^repeat,accreac,19,86.5,78.9,'"
check "nextepoch: accpc is wrong only at the first change" \
	sh -c "\"$bin\" nextepoch --predictor accpc --csv \"$tmp/repeat.trace\" |
	       grep -q '^repeat,accpc,19,96.1,94.7,'"
check "nextepoch: pcstall's table hits once both phases are in it" \
	sh -c "\"$bin\" nextepoch --predictor pcstall --csv \"$tmp/repeat.trace\" |
	       awk -F, '\$1 == \"repeat\" { exit !(\$7 >= 85) }'"
check "nextepoch --json: two tables" \
	sh -c "\"$bin\" nextepoch --json \"$tmp/steady.trace\" | grep -c '\"table\": ' | grep -qx 2"

# ---- settle ----
check "settle --help exits 0 and documents exit codes" \
	sh -c "\"$bin\" settle --help | grep -q 'Exit status'"
check "settle: bad target: exit 2" run 2 settle --target 101% "$tmp/steady.trace"
check "settle: bad --goal: exit 2" run 2 settle --goal frob "$tmp/steady.trace"
check "settle: bad --band: exit 2" run 2 settle --band x "$tmp/steady.trace"
check "settle: zero --window: exit 2" run 2 settle --window 0 "$tmp/steady.trace"
check "settle: a segment sweep is refused: exit 2" run 2 settle "$tmp/seg.trace"
check "settle: result equals the golden file" \
	sh -c "\"$bin\" settle --window 4 --idle-uw 300000 --csv \"$tmp/phases.trace\" |
	       diff -u \"$here/golden/eval_settle.csv\" -"
check "settle: the phase changes at epochs 8 and 16 are found" \
	sh -c "\"$bin\" settle --window 4 --predictor stall --target 50% --csv \"$tmp/phases.trace\" |
	       awk -F, '\$5 == \"change\" { c = c \$4 \",\" } END { exit c != \"8,16,\" }'"
# At 100% only the top OPP meets the goal: the best static is race-to-idle.
check "settle: at 100% the best static OPP is race-to-idle itself" \
	sh -c "\"$bin\" settle --window 4 --predictor stall --target 100% --csv \"$tmp/phases.trace\" |
	       grep -q '^phases,stall,100%,[0-9.]*,[0-9.]*,1.0000,'"
# --goal phase is run's percent mode; with no idle power race-to-idle is
# the top OPP, so energy_vs_race is run's energy relative to performance.
check "settle: shortfall and energy equal run's for the same policy" \
	sh -c "r=\$(\"$bin\" run --csv --predictor crisp --objective target --target 75% \
		    \"$tmp/phases.trace\" | awk -F, '\$2 == \"gpugov-crisp-target\" { print \$9, \$3 }')
	       s=\$(\"$bin\" settle --csv --goal phase --predictor crisp --target 75% \
		    \"$tmp/phases.trace\" | awk -F, '\$1 == \"phases\" { print \$4, \$5; exit }')
	       [ -n \"\$r\" ] && [ \"\$r\" = \"\$s\" ]"
check "settle --json: three tables" \
	sh -c "\"$bin\" settle --json \"$tmp/steady.trace\" | grep -c '\"table\": ' | grep -qx 3"

echo "RESULT eval-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
