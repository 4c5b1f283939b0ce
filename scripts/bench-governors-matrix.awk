# bench-governors-matrix.awk - reads the matrix.csv of
# scripts/bench-governors.sh for its summary and heat map (awk -F, -f this
# -f the other): the cells c = "gpu/app/load" in order in cell[1..ncell]
# (cls[c]: paced or b2b; NI[c]: intervals), the policies in order of
# appearance in pol[1..npol], and for each cell and policy has[c, p] and
# energy, time, switches and overruns in E, T, SW, OV[c, p].

BEGIN {
	od = "simple_ondemand-90/5"
}

NR == 1 {
	for (i = 1; i <= NF; i++)
		col[$i] = i
	next
}

{
	c = $col["gpu"] "/" $col["app"] "/" $col["load"]
	p = $col["policy"]
	if (!(c in cls)) {
		cls[c] = $col["load"] == "b2b" ? "b2b" : "paced"
		cell[++ncell] = c
		NI[c] = $col["intervals"] + 0
	}
	if (!(p in seen)) {
		seen[p] = 1
		pol[++npol] = p
	}
	has[c, p] = 1
	E[c, p] = $col["energy"] + 0
	T[c, p] = $col["time"] + 0
	SW[c, p] = $col["switches"] + 0
	OV[c, p] = $col["overruns"] + 0
}
