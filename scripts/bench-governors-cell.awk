# bench-governors-cell.awk - one matrix cell's rows from `gpugov-replay run
# --csv` (awk -v cell=GPU,APP,LOAD,INTERVALS -v hdr=0|1 -f this): each row
# prefixed with the cell, the header (prefixed with the cell's column
# names) only when hdr is 1, comment lines dropped.
/^#/ { next }
$1 ~ /^workload,/ {
	if (hdr)
		print "gpu,app,load,intervals," $0
	next
}
{ print cell "," $0 }
