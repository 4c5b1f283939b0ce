# arrows_cross.awk - whether any two arrows of a gnuplot script cross
# (test_replay_cli.sh, plot energy's leaders): exit 1 if two do, 0 if
# none does.  Every end is taken to graph coordinates, "first" ones
# through the script's xrange and yrange; two arrows cross where each
# one's ends lie strictly on both sides of the other (so arrows that meet
# end to end, or touch, do not count).

function coord(sys, v, lo, hi) {
	return sys == "first" ? (v - lo) / (hi - lo) : v
}

# the sign of the turn a -> b -> c
function turn(ax, ay, bx, by, cx, cy,   t) {
	t = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
	return t > 1e-12 ? 1 : t < -1e-12 ? -1 : 0
}

/^set xrange \[/ { split(substr($3, 2), r, /[:\]]/); x0 = r[1]; x1 = r[2] }
/^set yrange \[/ { split(substr($3, 2), r, /[:\]]/); y0 = r[1]; y1 = r[2] }
/^set arrow [0-9]+ from / {
	# set arrow N from SX X, SY Y to SX X, SY Y ...
	gsub(",", " ")
	n++
	ax[n] = coord($5, $6, x0, x1); ay[n] = coord($7, $8, y0, y1)
	bx[n] = coord($10, $11, x0, x1); by[n] = coord($12, $13, y0, y1)
}
END {
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++) {
			si = turn(ax[i], ay[i], bx[i], by[i], ax[j], ay[j])
			si *= turn(ax[i], ay[i], bx[i], by[i], bx[j], by[j])
			sj = turn(ax[j], ay[j], bx[j], by[j], ax[i], ay[i])
			sj *= turn(ax[j], ay[j], bx[j], by[j], bx[i], by[i])
			if (si < 0 && sj < 0)
				exit 1
		}
	# no arrow at all: nothing was checked
	exit !n * 2
}
