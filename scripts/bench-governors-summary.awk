# bench-governors-summary.awk - the summary table of
# scripts/bench-governors.sh, from its matrix.csv (awk -F, -v objs=... -f
# bench-governors-matrix.awk -f this):
# one line per policy over the paced cells, then over the b2b cells, and
# the cells the default objective (the first of objs) misses.  The
# columns are explained at the top of bench-governors.sh.

BEGIN {
	nstock = split(od " simple_ondemand-45/5 simple_ondemand-50/10", stock, " ")
	split("90/5 45/5 50/10", short, " ")
	nbase = split("performance " od " simple_ondemand-45/5 simple_ondemand-50/10 " \
		      "best-static-edp oracle-edp oracle-deadline", base, " ")
	noloss = "oracle-deadline"
	nobj = split(objs, obj, " ")
}

# The no-loss oracle's saving against performance in cell @c (0 without it).
function saving(c)
{
	return (c, noloss) in has ? 1 - E[c, noloss] : 0
}

function max(a, b)
{
	return a > b ? a : b
}

# "count pct%" of @a cells out of @n
function pct(a, n)
{
	return sprintf("%3d %3.0f%%", a, 100 * a / n)
}

# One line: policy @p over the cells of class @k, late above time @tol.
function row(p, k, tol,    j, s, c, n, le, won, nl, sl, late, wt, wc, sw, swod, ni, ov, line)
{
	n = nl = sl = late = wt = sw = swod = ni = ov = 0
	wc = ""
	for (s = 1; s <= nstock; s++)
		le[s] = won[s] = 0
	for (j = 1; j <= ncell; j++) {
		c = cell[j]
		if (cls[c] != k || !((c, p) in has))
			continue
		n++
		for (s = 1; s <= nstock; s++) {
			if (E[c, p] > E[c, stock[s]])
				continue
			le[s]++
			won[s] += T[c, p] <= max(T[c, stock[s]], 1.01)
		}
		if (saving(c) >= 0.005) {
			nl++
			sl += 100 * (1 - E[c, p]) / saving(c)
		}
		late += T[c, p] > tol
		if (T[c, p] > wt) {
			wt = T[c, p]
			wc = c
		}
		sw += SW[c, p]
		swod += SW[c, od]
		ni += NI[c]
		ov += OV[c, p]
	}
	if (!n)
		return
	line = sprintf("%-23s", p)
	for (s = 1; s <= nstock; s++)
		line = line sprintf(" %s", pct(le[s], n))
	line = line sprintf(" %4d %3d %3d", won[1], won[2], won[3])
	line = line (nl ? sprintf(" %7.1f", sl / nl) : sprintf(" %7s", "-"))
	line = line sprintf(" %5d", late)
	line = line sprintf(" %6.3f", sw / ni)
	line = line (swod ? sprintf(" %5.2f", sw / swod) : sprintf(" %5s", "-"))
	print line sprintf(" %8d  %.3f %s", ov, wt, wc)
}

# The table of class @k (paced or b2b), late above time @tol.
function table(k, tol,    i, j, s, nc, skip, head)
{
	nc = skip = 0
	for (j = 1; j <= ncell; j++)
		if (cls[cell[j]] == k) {
			nc++
			skip += saving(cell[j]) < 0.005
		}
	if (!nc)
		return
	printf "\n== %s: %d cells; energy and time relative to performance; %%noloss over " \
	       "%d cells (%d left out: the no-loss oracle saves < 0.5%%)\n", \
	       (k == "b2b" ? "back-to-back" : "paced"), nc, nc - skip, skip
	head = sprintf("%-23s", "policy")
	for (s = 1; s <= nstock; s++)
		head = head sprintf(" %8s", "E<=" short[s])
	head = head " won 90 45 50"
	print head sprintf(" %7s %5s %6s %5s %8s  %s", "%noloss", "T>" tol, "sw/int", "sw/od",
			   "overruns", "worst T")
	for (i = 1; i <= nrep; i++)
		row(rep[i], k, tol)
}

# The cells where gpugov-*-@o misses: more energy than simple_ondemand-90/5
# or time > 1.01 when paced, time > 1.02 back to back.
function misses(o,    i, j, c, p, n, why)
{
	print "\n== misses of the default objective (" o "): paced E > " od \
	      "'s or T > 1.01, b2b T > 1.02\n" \
	      "   (od: " od ", nl: the no-loss oracle; E, T relative to performance)"
	n = 0
	for (i = 1; i <= nrep; i++) {
		p = rep[i]
		if (p !~ "^gpugov-.*-" o "$")
			continue
		for (j = 1; j <= ncell; j++) {
			c = cell[j]
			if (!((c, p) in has))
				continue
			why = ""
			if (cls[c] == "paced" && E[c, p] > E[c, od])
				why = why " energy"
			if (T[c, p] > (cls[c] == "paced" ? 1.01 : 1.02))
				why = why " time"
			if (why == "")
				continue
			n++
			printf "%-23s %-34s E %.3f (od %.3f nl %s) T %.3f (od %.3f) " \
			       "overruns %d (od %d) switches %d (od %d):%s\n", p, c, E[c, p],
			       E[c, od], ((c, noloss) in has ? sprintf("%.3f", E[c, noloss]) : "-"),
			       T[c, p], T[c, od], OV[c, p], OV[c, od], SW[c, p], SW[c, od], why
		}
	}
	print n " misses"
}

END {
	for (i = 1; i <= nbase; i++)
		if (base[i] in seen)
			rep[++nrep] = base[i]
	for (k = 1; k <= nobj; k++) {
		if (("accreac-" obj[k]) in seen)
			rep[++nrep] = "accreac-" obj[k]
		for (i = 1; i <= npol; i++)
			if (pol[i] ~ "^gpugov-.*-" obj[k] "$")
				rep[++nrep] = pol[i]
	}
	table("paced", 1.01)
	table("b2b", 1.02)
	misses(obj[1])
}
