# heatmap.awk - what the heat maps of scripts/bench-governors.sh and
# scripts/bench-realtime.sh share (awk -f this -f THEIR.awk): one
# colour-blind-safe palette, and cells without a value drawn blank.
#
# The colour is an energy ratio against simple_ondemand, 1 meaning the
# same: a diverging blue-orange scale (the ends of ColorBrewer's RdBu and
# PuOr, which colour-blind readers tell apart, unlike red and green),
# blue for less energy, orange for more, near-white at 1.  A cell with no
# value is mid grey with "n/a" in it, so it cannot pass for 1.00.

# the palette, its range and the colour bar's label
function heat_palette(label) {
	print "set palette defined (0.6 '#2166ac', 0.8 '#92c5de', 1 '#f7f7f7', " \
	      "1.2 '#fdb863', 1.4 '#e66101')"
	printf "set cbrange [0.6:1.4]\nset cblabel \"%s\"\n", label
}

# data block $na: the n cells "X Y" of na[1..n] (one out of sight if none,
# so that gnuplot has a point to skip rather than an empty file)
function heat_blank_data(na, n,   i) {
	print "$na << EOD"
	if (!n)
		print "-10 -10"
	for (i = 1; i <= n; i++)
		print na[i]
	print "EOD"
}

# the plot clauses of the blank cells, to come first in the plot command
function heat_blank_plot() {
	return "$na using 1:2:(0.5):(0.5) with boxxyerror fillstyle solid noborder " \
	       "fillcolor rgb '#a0a0a0', $na using 1:2:('n/a') with labels " \
	       "textcolor rgb '#303030', "
}
