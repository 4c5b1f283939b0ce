# bench-governors-frontier.awk - the summary of OUT/frontier.csv
# (scripts/bench-governors-frontier.sh; awk -F, -f this): per policy
# under `deadline`, at each util, the cells later than 1.01 x performance
# and the mean share of the no-loss oracle's saving (as in summary.txt:
# cells where that saving is below 0.5% left out); then that share with
# the util chosen for each cell in hindsight as the one of least energy
# among those on time (the top OPP is always on time, so there is one
# unless a policy is late at every util); last, the static OPPs the same
# way.

NR == 1 {
	for (i = 1; i <= NF; i++)
		col[$i] = i
	next
}

{
	c = $col["gpu"] "/" $col["app"] "/" $col["load"]
	u = $col["util"] + 0
	p = $col["policy"]
	if (!(c in seenc)) {
		seenc[c] = 1
		cell[++ncell] = c
	}
	if ($col["util"] != "-" && !(u in seenu)) {
		seenu[u] = 1
		util[++nutil] = u
	}
	if (p == "oracle-deadline") {
		nl[c] = $col["energy"] + 0
		next
	}
	if ($col["util"] == "-") {
		if (!(p in seenf)) {
			seenf[p] = 1
			ftl[++nftl] = p
		}
		FE[c, p] = $col["energy"] + 0
		FT[c, p] = $col["time"] + 0
		next
	}
	if (p ~ /^static-/) {
		u = 0
		p = "static"
	} else if (p !~ /-deadline$/) {
		next
	}
	if (!(p in seenp)) {
		seenp[p] = 1
		pol[++npol] = p
	}
	n = ++NR_[c, p, u]
	E[c, p, u, n] = $col["energy"] + 0
	T[c, p, u, n] = $col["time"] + 0
}

# Share of the no-loss saving for energy e in cell c, or "" if left out.
function share(c, e) {
	return 1 - nl[c] < 0.005 ? "" : 100 * (1 - e) / (1 - nl[c])
}

# The least energy on time in cell c of policy p, in best, over its runs
# under the utils U[1..nu] (the static OPPs: all rows under util 0);
# returns 0 if none is on time.
function least(c, p, nu,    found, i, j) {
	found = 0
	for (i = 1; i <= nu; i++)
		for (j = 1; j <= NR_[c, p, U[i]]; j++)
			if (T[c, p, U[i], j] <= 1.01 &&
			    (!found || E[c, p, U[i], j] < best)) {
				best = E[c, p, U[i], j]
				found = 1
			}
	return found
}

END {
	printf "\n== the headroom frontier: paced cells, `deadline` with a fixed headroom (util_max = util) at util"
	for (i = 1; i <= nutil; i++)
		printf " %d", util[i]
	printf " (late: cells with T > 1.01; %%noloss as above)\n"
	printf "%-24s", "policy (late, %noloss)"
	for (i = 1; i <= nutil; i++)
		printf " %-10s", "util " util[i]
	printf "  %s\n", "util per cell in hindsight (%noloss, cells late at every util)"
	for (k = 1; k <= npol; k++) {
		p = pol[k]
		if (p == "static")
			continue
		printf "%-24s", p
		for (i = 1; i <= nutil; i++) {
			late = 0; s = 0; m = 0
			for (j = 1; j <= ncell; j++) {
				c = cell[j]
				late += T[c, p, util[i], 1] > 1.01
				v = share(c, E[c, p, util[i], 1])
				if (v != "") { s += v; m++ }
			}
			printf " %2d %7.1f", late, m ? s / m : 0
		}
		s = 0; m = 0; never = 0
		for (i = 1; i <= nutil; i++)
			U[i] = util[i]
		for (j = 1; j <= ncell; j++) {
			c = cell[j]
			if (!least(c, p, nutil))
				{ never++; best = 1 }
			v = share(c, best)
			if (v != "") { s += v; m++ }
		}
		printf "  %7.1f %2d\n", m ? s / m : 0, never
	}
	if ("static" in seenp) {
		U[1] = 0; s = 0; m = 0
		for (j = 1; j <= ncell; j++) {
			c = cell[j]
			if (!least(c, "static", 1))
				best = 1
			v = share(c, best)
			if (v != "") { s += v; m++ }
		}
		printf "%-24s %s %7.1f\n", "best static in hindsight",
		       "on time (T <= 1.01) in each cell: %noloss", m ? s / m : 0
	}
	for (k = 1; k <= nftl; k++) {
		p = ftl[k]
		late = 0; s = 0; m = 0
		for (j = 1; j <= ncell; j++) {
			c = cell[j]
			late += FT[c, p] > 1.01
			v = share(c, FE[c, p])
			if (v != "") { s += v; m++ }
		}
		printf "%-24s late %2d %%noloss %7.1f\n", p, late, m ? s / m : 0
	}
}
