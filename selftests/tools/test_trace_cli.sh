#!/bin/sh
# test_trace_cli.sh BINARY - gpugov-trace's options, read before anything is
# loaded (so no root, no BPF): a bad value exits 2 naming the option and
# what it takes; a good one is taken (-h then prints the help, exit 0).
set -u
bin=$1
# shellcheck source-path=SCRIPTDIR source=tap.sh
. "$(dirname "$0")/tap.sh"

# refused OPT VALUE NAME: exit 2, "-OPT/--NAME: bad value 'VALUE' (accepted: ...)"
refused() {
	run 2 "-$1" "$2" -h && grep -q -- "-$1/--$3: bad value '$2' (accepted: " "$tmp/err"
}

for v in ' -1' '+5' ' 7' '7 ' 0 -1 x 18446744073709551616; do
	check "-c '$v' refused, exit 2, -c/--count and its range named" refused c "$v" count
done
check "-c 18446744073709551615 taken" run 0 -c 18446744073709551615 -h
check "-c 7 taken" run 0 -c 7 -h
for v in ' 3' '+3' 0 18446744074; do
	check "-D '$v' refused, exit 2, -D/--duration and its range named" refused D "$v" duration
done
check "-D 18446744073 taken (seconds in an unsigned long of ns)" run 0 -D 18446744073 -h
check "-a fast refused, exit 2, its three modes named" \
	sh -c "\"$bin\" -a fast -h 2>&1 >/dev/null | grep -q -- \"-a/--attach: bad value 'fast' (accepted: auto, raw_tp or tp_btf)\""
check "-d with a name of 32 characters refused, exit 2, the limit named" \
	refused d 0123456789abcdef0123456789abcdef device
check "-d with a name of 31 characters taken" run 0 -d 0123456789abcdef0123456789abcde -h

echo "1..$n"
echo "RESULT trace-cli: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
