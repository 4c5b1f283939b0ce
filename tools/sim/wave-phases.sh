#!/bin/sh
# wave-phases.sh TRACE... - how much the per-wave records of an epoch
# sweep (gpugov-sim sweep --epoch-us N) give a PC-indexed predictor to
# work with (PCSTALL sections 4.3-4.4), over the top OPP's records:
#  - waves per epoch (the device's records: every SM's resident warps,
#    sampled to 64; DIR/smNN.trace of --per-sm for one SM's) and
#    instructions per wave per epoch; the share of waves with none;
#  - for each wave record of epoch n+1 (a wave resident through epoch n
#    too: some record of epoch n ended at its start PC), the change of its
#    stall share (stall_cyc / core_cyc, absolute) and of its issue rate
#    (insts / core_cyc, relative: |a - b| / max(a, b)) predicted two ways:
#    "same wave": the record(s) of epoch n that ended at that PC (the
#    wave's own last epoch, the reactive view); "start PC": the mean of
#    every earlier record that started an epoch at that PC (a PC table
#    with one entry per instruction, no aliasing).  Only records where
#    both predictions exist are scored.
# Prints one line per trace.
set -eu
for f in "$@"; do
	awk -v name="$(basename "$f")" '
	function rel(a, b) { return a == b ? 0 : (a > b ? a - b : b - a) / (a > b ? a : b) }
	function abs(x) { return x < 0 ? -x : x }
	$1 == "opp" { nopp++ }
	$1 == "r" { top = $3 == nopp - 1; if (top) { flush(); ep++ } }
	$1 == "w" && top && $6 > 0 {
		n++; ins += $4; zero += $4 == 0
		k = cur++; ps[k] = $2; pe[k] = $3; sf[k] = $5 / $6; rt[k] = $4 / $6
	}
	function flush(   i, p, c, s, r) {
		for (i = 0; i < cur; i++) {
			p = ps[i]
			if ((p in lastn) && (p in hn)) {
				scored++
				s = lastsf[p] / lastn[p]; r = lastrt[p] / lastn[p]
				dw_s += abs(sf[i] - s); dw_r += rel(rt[i], r)
				s = hsf[p] / hn[p]; r = hrt[p] / hn[p]
				dp_s += abs(sf[i] - s); dp_r += rel(rt[i], r)
			}
		}
		delete lastn; delete lastsf; delete lastrt
		for (i = 0; i < cur; i++) {
			lastn[pe[i]]++; lastsf[pe[i]] += sf[i]; lastrt[pe[i]] += rt[i]
			hn[ps[i]]++; hsf[ps[i]] += sf[i]; hrt[ps[i]] += rt[i]
		}
		cur = 0
	}
	END {
		flush()
		printf "%s: %d epochs, %.1f waves/epoch, %.1f insts/wave/epoch, %.0f%% with none; ", \
		       name, ep, n / ep, ins / n, 100 * zero / n
		if (scored)
			printf "%d scored: stall-share change same wave %.3f, start PC %.3f; issue-rate change same wave %.1f%%, start PC %.1f%%\n", \
			       scored, dw_s / scored, dp_s / scored, 100 * dw_r / scored, 100 * dp_r / scored
		else
			printf "none scored\n"
	}' "$f"
done
