# bench-realtime-heatmap.awk - the gnuplot program (data inline) of the
# real-time heat map of scripts/bench-realtime.sh, from the CSV that
# `gpugov-replay realtime-summary --heat` writes (awk -F, -v png=FILE -f
# heatmap.awk -f this): a row per view and workload, a column per policy.
# The colour (heatmap.awk's palette) and the upper number: energy
# relative to the driver's simple_ondemand (mean over profiles, rates and
# loads); the lower, smaller figure: janked frames summed over them, with
# simple_ondemand's beside it; a black frame marks a cell with more
# janked frames than simple_ondemand's.  A cell without a number is
# blank (grey, n/a).
# Columns: simple_ondemand, the oracle, then the CSV's order.

# the baselines first, then the policies as they come
BEGIN {
	nrow = 0
	ncol = split("simple_ondemand oracle-noloss", col, " ")
	for (i = 1; i <= ncol; i++)
		colix[col[i]] = i - 1
	# split() counts from 1, the columns from 0
	for (i = 1; i <= ncol; i++)
		col[i - 1] = col[i]
}
NR == 1 { next }
{
	if (!($1 in rowix)) {
		rowix[$1] = nrow
		row[nrow++] = $1
	}
	if (!($2 in colix)) {
		colix[$2] = ncol
		col[ncol++] = $2
	}
	# a cell with an energy that is a number; any other is blank
	if ($3 ~ /^[0-9]+(\.[0-9]+)?$/) {
		data[++n] = colix[$2] " " rowix[$1] " " $3 " " $4 " " $5
		has[colix[$2], rowix[$1]] = 1
	}
}

END {
	printf "set terminal pngcairo size %d,%d noenhanced font ',9'\n", 320 + 96 * ncol,
	       200 + 30 * nrow
	printf "set output '%s'\n", png
	print "set title \"real time: energy relative to the driver's simple_ondemand " \
	      "(colour, upper number), mean over profiles, rates and loads\\n" \
	      "janked frames summed over them (J policy/simple_ondemand; " \
	      "black frame: more than simple_ondemand; grey n/a: no run)\""
	heat_palette("energy / energy of simple_ondemand at the driver's settings")
	print "unset key\nset tics scale 0"
	printf "set xrange [-0.5:%f]\nset yrange [%f:-0.5]\n", ncol - 0.5, nrow - 0.5
	printf "set xtics rotate by 30 right ("
	for (i = 0; i < ncol; i++)
		printf "%s'%s' %d", (i ? ", " : ""), col[i], i
	printf ")\nset ytics ("
	for (j = 0; j < nrow; j++)
		printf "%s'%s' %d", (j ? ", " : ""), row[j], j
	print ")"
	print "$map << EOD"
	for (i = 1; i <= n; i++)
		print data[i]
	print "EOD"
	nna = 0
	for (j = 0; j < nrow; j++)
		for (i = 0; i < ncol; i++)
			if (!((i, j) in has))
				na[++nna] = i " " j
	heat_blank_data(na, nna)
	print "plot " heat_blank_plot() "$map using 1:2:(0.5):(0.5):3 with boxxyerror fillstyle solid " \
	      "fillcolor palette, " \
	      "$map using 1:2:($4 > $5 ? 0.47 : 1/0):(0.47) with boxxyerror " \
	      "fillstyle empty border lc rgb 'black' lc rgb 'black' lw 2, " \
	      "$map using 1:2:(sprintf('%.2f', $3)) with labels offset 0,0.35, " \
	      "$map using 1:2:(sprintf('J %d/%d', $4, $5)) with labels offset 0,-0.45 " \
	      "font ',7'"
}
