#!/bin/sh
# kernel-problem.sh LOG [MAX] - the first kernel problem in a guest log,
# condensed to what identifies it: the test program that was running,
# the report line, task, workqueue, RIP and the call trace's function
# names (at most MAX lines, default 30).  Prints nothing when the log has
# no oops, BUG, WARNING, panic or kmemleak report.  CI shows only the tail
# of a run, so .ci/run prints this last.
set -eu
log=${1:?usage: kernel-problem.sh LOG [MAX]}
max=${2:-30}

tr -d '\r' <"$log" | awk -v max="$max" '
/^GPUGOV-VM: begin / { prog = $3 }
/^GPUGOV-VM: end / { prog = "" }
!start && /(Oops|BUG:|WARNING:|Kernel panic|general protection fault|UBSAN:|KASAN|unreferenced object 0x)/ {
	start = 1
	print "# kernel: first problem " (prog != "" ? "while " prog " ran" : "outside the test programs")
}
start && shown < max && (/(Oops|BUG:|WARNING:|Kernel panic|general protection|UBSAN:|KASAN|unreferenced object 0x|Comm:|Workqueue:|RIP:)/ ||
			 /^(\[ *[0-9.]+\] )? +(\[<[0-9a-f]+>\] )?[A-Za-z_][A-Za-z0-9_.]*\+0x[0-9a-f]+\/0x[0-9a-f]+/) {
	sub(/^\[ *[0-9.]+\] /, "")
	print "# kernel: " $0
	shown++
}'
