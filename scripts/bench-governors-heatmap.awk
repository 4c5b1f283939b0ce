# bench-governors-heatmap.awk - the gnuplot program (data inline) of the
# heat map of scripts/bench-governors.sh, from its matrix.csv (awk -F,
# -v obj=OBJECTIVE -v png=FILE -f bench-governors-matrix.awk -f
# heatmap.awk -f this): a row per cell (gpu/app/load), a column per stock
# simple_ondemand setting, oracle and gpugov-*-OBJECTIVE; the colour
# (heatmap.awk's palette) and the number are the energy relative to
# simple_ondemand-90/5 (the colour bar says so), and a smaller "T" figure
# gives the time relative to performance where it is above 1.01.  A
# policy without a run in a cell is blank (grey, n/a).

BEGIN {
	nfix = split(od " simple_ondemand-45/5 simple_ondemand-50/10 oracle-edp " \
		     "oracle-deadline", fix, " ")
}

END {
	for (i = 1; i <= nfix; i++)
		x[nx++] = fix[i]
	for (i = 1; i <= npol; i++)
		if (pol[i] ~ "^gpugov-.*-" obj "$")
			x[nx++] = pol[i]
	printf "set terminal pngcairo size %d,%d noenhanced font ',9'\n", 260 + 80 * nx,
	       160 + 26 * ncell
	printf "set output '%s'\n", png
	printf "set title 'energy relative to %s (T: time relative to performance " \
	       "where > 1.01; grey n/a: no run); gpugov: %s'\n", od, obj
	heat_palette("energy / energy of " od)
	print "unset key\nset tics scale 0"
	printf "set xrange [-0.5:%f]\nset yrange [%f:-0.5]\n", nx - 0.5, ncell - 0.5
	printf "set xtics rotate by 30 right ("
	for (i = 0; i < nx; i++)
		printf "%s'%s' %d", (i ? ", " : ""), x[i], i
	printf ")\nset ytics ("
	for (j = 1; j <= ncell; j++)
		printf "%s'%s' %d", (j > 1 ? ", " : ""), cell[j], j - 1
	print ")"
	print "$map << EOD"
	nna = 0
	for (j = 1; j <= ncell; j++)
		for (i = 0; i < nx; i++)
			if ((cell[j], x[i]) in has && E[cell[j], od] > 0)
				printf "%d %d %.4f %.3f\n", i, j - 1,
				       E[cell[j], x[i]] / E[cell[j], od], T[cell[j], x[i]]
			else
				na[++nna] = i " " j - 1
	print "EOD"
	heat_blank_data(na, nna)
	print "plot " heat_blank_plot() \
	      "$map using 1:2:(0.5):(0.5):3 with boxxyerror fillstyle solid " \
	      "fillcolor palette, " \
	      "$map using 1:2:(sprintf('%.2f', $3)) with labels offset 0,0.3, " \
	      "$map using 1:2:($4 > 1.01 ? sprintf('T%.3f', $4) : '') with labels " \
	      "offset 0,-0.45 font ',7'"
}
