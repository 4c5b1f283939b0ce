# bench-realtime-vsfw.awk - amdgpu's cells of scripts/bench-realtime.sh's
# OUT/realtime.csv (awk -F,) against the SMU firmware's own choice
# (firmware-auto).  Per view group (counters, stock, synthetic) and policy:
# cells; cells with less energy than firmware-auto (E<fw), with no more
# janked frames (J<=fw), with both; janked frames summed and mean energy
# relative to firmware-auto's.
function group(v) { sub(/-.*/, "", v); return v }
NR == 1 || $2 != "amdgpu" { next }
{
	cell = $1 SUBSEP $3 SUBSEP $4 SUBSEP $5
	pol = $6
	sub(/^simple_ondemand-.*/, "simple_ondemand", pol)
	E[cell, pol] = $7
	J[cell, pol] = $8
	key = group($1) SUBSEP pol
	if (!(key in n))
		order[++npol] = key
	n[key]++
	rows[key, n[key]] = cell
}
END {
	printf "%-10s %-40s %6s %6s %6s %6s %7s %8s\n", "view", "policy", "cells",
	       "E<fw", "J<=fw", "both", "janked", "E/fw"
	for (i = 1; i <= npol; i++) {
		k = order[i]
		split(k, kp, SUBSEP)
		p = kp[2]
		el = jl = bo = js = er = 0
		for (r = 1; r <= n[k]; r++) {
			c = rows[k, r]
			e = E[c, p] < E[c, "firmware-auto"]
			j = J[c, p] <= J[c, "firmware-auto"]
			el += e
			jl += j
			bo += e && j
			js += J[c, p]
			er += E[c, "firmware-auto"] > 0 ? E[c, p] / E[c, "firmware-auto"] : 0
		}
		printf "%-10s %-40s %6d %5.1f%% %5.1f%% %5.1f%% %7d %8.4f\n", kp[1], p, n[k],
		       100 * el / n[k], 100 * jl / n[k], 100 * bo / n[k], js, er / n[k]
	}
}
