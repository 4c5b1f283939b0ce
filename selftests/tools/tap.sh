# shellcheck shell=sh
# tap.sh - sourced by the CLI tests here, after they set $bin (the binary
# under test): a scratch directory $tmp, removed on exit, and the TAP
# helpers check (counting tests in $n, failures in $fail) and run, and
# for outputs written all or nothing run_full, only_entries, fresh, kept
# and full.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0

check() {	# check NAME COND...
	name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $name"
	else
		echo "not ok $n - $name"
		fail=$((fail + 1))
	fi
}

# run EXPECTED_STATUS ARGS...: output in $tmp/out, stderr in $tmp/err
run() {
	want=$1
	shift
	# shellcheck disable=SC2154 # $bin: set by the sourcing test
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	[ $? -eq "$want" ]
}

# run_full EXPECTED_STATUS ARGS...: run as on a full disk: every write to
# a file fails (EFBIG: file size limit 0, SIGXFSZ ignored); stdout
# discarded, stderr in $tmp/err through a pipe (not limited), then the
# line "exit STATUS"
run_full() {
	want=$1
	shift
	(ulimit -f 0 && trap '' XFSZ && "$bin" "$@" 2>&1 >/dev/null; echo "exit $?") |
		cat >"$tmp/err"
	[ "$(tail -n 1 "$tmp/err")" = "exit $want" ]
}

# only_entries DIR [NAME...]: DIR holds exactly the NAMEs, in ls order
# (no temporary or partial file beside them)
only_entries() {
	d=$1
	shift
	[ "$(ls -A "$d")" = "$(printf '%s\n' "$@")" ]
}

# Outputs written all or nothing: $wo a scratch directory for them, $old
# the content of an earlier output there that a failed run must keep.
wo=$tmp/wo
old=$tmp/old
printf 'an earlier output\n' >"$old"

# fresh: an empty $wo, whatever a test before left there
fresh() {
	rm -rf "$wo" && mkdir "$wo"
}

# kept NAME: $wo holds NAME alone, the earlier output unchanged
kept() {
	only_entries "$wo" "$1" && cmp -s "$old" "$wo/$1"
}

# full NAME ARGS...: with $wo/NAME an earlier output, ARGS run on a full
# disk (run_full) exit 1, name the file's write error and keep it as it was
full() {
	f=$1
	shift
	fresh && cp "$old" "$wo/$f" &&
		run_full 1 "$@" && grep -q "$wo/$f: write error: File too large" "$tmp/err" &&
		kept "$f"
}

# check_valgrind NAME COND...: a check that runs $bin under valgrind.
# Valgrind cannot run a sanitizer build (mk/sanitize.mk exports
# GPUGOV_SANITIZER for those runs), whose sanitizer checks the same
# there, so the check is skipped.
check_valgrind() {
	if [ -n "${GPUGOV_SANITIZER:-}" ]; then
		n=$((n + 1))
		echo "ok $n - $1 # SKIP valgrind on a $GPUGOV_SANITIZER build"
		return
	fi
	check "$@"
}
