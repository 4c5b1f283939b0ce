# bench-governors-ftl.awk - a causal static policy on one paced trace
# (awk -v cell=GPU,APP,LOAD -v budgets="1.000 1.005" -f this TRACE):
# follow the leader, each frame at the OPP that, over the frames before
# it, would have used the least energy while taking at most BUDGET x the
# top OPP's time; the first frame at the top OPP.  It learns what the best
# static OPP in hindsight knows, one frame at a time.  Prints a row per
# budget in frontier.csv's columns: cell,-,workload,ftl-static-BUDGET,E,T
# (energy and time relative to the top OPP's, from the trace's records).
/^opp / { nopp++ }
/^r / {
	t[$2, $3] = $4
	e[$2, $3] = $25
	if ($2 + 1 > nseg)
		nseg = $2 + 1
}
END {
	top = nopp - 1
	nb = split(budgets, b, " ")
	for (i = 1; i <= nb; i++) {
		split("", pt)
		split("", pe)
		tt = ee = t0 = e0 = 0
		for (k = 0; k < nseg; k++) {
			ch = top
			for (o = 0; k && o < nopp; o++)
				if (pt[o] <= b[i] * pt[top] && pe[o] < pe[ch])
					ch = o
			tt += t[k, ch]; ee += e[k, ch]
			t0 += t[k, top]; e0 += e[k, top]
			for (o = 0; o < nopp; o++) {
				pt[o] += t[k, o]
				pe[o] += e[k, o]
			}
		}
		printf "%s,-,%s,ftl-static-%s,%.4f,%.4f\n", cell, app, b[i], ee / e0, tt / t0
	}
}
