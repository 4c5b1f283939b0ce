# bench-realtime-summary.awk - the summary of scripts/bench-realtime.sh
# from OUT/realtime.csv (awk -F,).  A cell is (view, profile, hz, load,
# workload).  Per view group (counters, stock, synthetic) and policy:
# cells; janked frames summed; mean energy relative to performance; cells
# with no more janked frames than simple_ondemand at the profile's
# settings (J<=od), with no more energy (E<=od), with both; and mean
# decisions per simulated second.
function group(v) { sub(/-.*/, "", v); return v }
NR == 1 { next }
{
	cell = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4 SUBSEP $5
	g = group($1)
	pol = $6
	sub(/^simple_ondemand-.*/, "simple_ondemand", pol)
	key = g SUBSEP pol
	E[cell, pol] = $7
	J[cell, pol] = $8
	if (!(key in n))
		order[++npol] = key
	n[key]++
	jank[key] += $8
	energy[key] += $7
	dps[key] += $12
	cells[cell] = g
	pols[cell, pol] = key
}
END {
	for (c in cells) {
		for (i = 1; i <= npol; i++) {
			split(order[i], kp, SUBSEP)
			if (kp[1] != cells[c] || !((c, kp[2]) in E))
				continue
			p = kp[2]
			jok = J[c, p] <= J[c, "simple_ondemand"]
			eok = E[c, p] <= E[c, "simple_ondemand"]
			jle[order[i]] += jok
			ele[order[i]] += eok
			both[order[i]] += jok && eok
		}
	}
	printf "%-10s %-40s %6s %7s %7s %6s %6s %6s %8s\n", "view", "policy", "cells",
	       "janked", "energy", "J<=od", "E<=od", "both", "dec/s"
	for (i = 1; i <= npol; i++) {
		k = order[i]
		split(k, kp, SUBSEP)
		printf "%-10s %-40s %6d %7d %7.4f %5.1f%% %5.1f%% %5.1f%% %8.1f\n", kp[1], kp[2],
		       n[k], jank[k], energy[k] / n[k], 100 * jle[k] / n[k],
		       100 * ele[k] / n[k], 100 * both[k] / n[k], dps[k] / n[k]
	}
}
