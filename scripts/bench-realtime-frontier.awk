# bench-realtime-frontier.awk - why gpugov's default misses "no more janks
# and no more energy than simple_ondemand" (scripts/bench-realtime.sh's
# OUT/realtime.csv, awk -F,): per view and gpugov default row (react off,
# learned and hint timer), the cells that miss it with more janks (and of
# them, those where simple_ondemand was on time as the no-loss oracle),
# and those that miss it on energy alone (and of them, those where
# simple_ondemand janked more than the oracle: it saved energy by janking);
# then per view the oracle's own share of cells with no more janks and no
# more energy than simple_ondemand, the frontier of any policy.
NR == 1 { next }
{
	v = $1 ~ /^counters/ ? "counters" : ($1 ~ /^stock/ ? "stock" : $1)
	k = $1 FS $2 FS $3 FS $4 FS $5
	view[k] = v
	if ($6 ~ /^simple_ondemand/) { oj[k] = $8; oe[k] = $7 }
	if ($6 == "oracle-noloss") { xj[k] = $8; xe[k] = $7 }
	if ($6 ~ /-deadline(\+(learned|hint)\/timer)?$/) {
		r = v " " substr($6, index($6, "deadline"))
		j[r, k] = $8; e[r, k] = $7; rows[r] = v
	}
}
END {
	for (r in rows) {
		n = both = mj = mjx = me = meo = 0
		for (k in view) {
			if (!((r, k) in j))
				continue
			n++
			if (j[r, k] <= oj[k] && e[r, k] <= oe[k])
				both++
			else if (j[r, k] > oj[k]) {
				mj++
				mjx += xj[k] >= oj[k]
			} else {
				me++
				meo += oj[k] > xj[k]
			}
		}
		printf "%-30s cells %4d both %5.1f%%  more janks %4d (od on time as the oracle %4d)  energy only %4d (od janked more than the oracle %4d)\n", \
			r, n, 100 * both / n, mj, mjx, me, meo
	}
	for (k in view) {
		c[view[k]]++
		ob[view[k]] += xj[k] <= oj[k] && xe[k] <= oe[k]
		oj_more[view[k]] += oj[k] > xj[k]
	}
	for (v in c)
		printf "%-30s oracle-noloss both %5.1f%%, simple_ondemand janks more than it in %5.1f%% of cells\n", \
			v, 100 * ob[v] / c[v], 100 * oj_more[v] / c[v]
}
