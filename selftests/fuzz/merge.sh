#!/bin/bash
# merge.sh DIR TARGET... - `make fuzz-merge`: minimise each target's corpus.
#
# libFuzzer's -merge=1 keeps the smallest set of inputs of
# selftests/fuzz/corpus/T and DIR/work/T (what `make fuzz` found) that
# covers all they cover; that set replaces selftests/fuzz/corpus/T.  Seeds
# that survive keep their names, new inputs are named by their SHA-1 and
# kept only up to 1 KiB, so that the corpus stays small in the tree.
# Inputs that crash today are dropped: the corpus must replay clean, and a
# crash belongs, reduced and named after its defect, in selftests/fuzz/crashes/T.
set -eu
dir=$1
shift
here=$(dirname "$0")
# stacks in UndefinedBehaviorSanitizer reports
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
export TMPDIR=$dir/tmp
mkdir -p "$TMPDIR"
for t in "$@"; do
	bin=$dir/fuzz_$t
	out=$dir/merged/$t
	rm -rf "$out"
	mkdir -p "$out" "$dir/work/$t" "$here/corpus/$t" "$dir/merge-artifacts/$t"
	nice -n 10 "$bin" -merge=1 -timeout=10 -rss_limit_mb=1024 \
		-artifact_prefix="$dir/merge-artifacts/$t/" "$out" \
		"$here/corpus/$t" "$dir/work/$t" >"$dir/merge-$t.log" 2>&1 </dev/null
	for f in "$here/corpus/$t"/*; do
		[ -f "$f" ] || continue
		h=$(sha1sum "$f" | cut -d' ' -f1)
		if [ -f "$out/$h" ] && [ "$h" != "$(basename "$f")" ]; then
			mv "$out/$h" "$out/$(basename "$f")"
		fi
	done
	# found inputs above 1 KiB cost more repository than they add
	find "$out" -type f -size +1023c -regextype posix-extended \
		-regex '.*/[0-9a-f]{40}$' -delete
	dropped=0
	for f in "$out"/*; do
		[ -f "$f" ] || continue
		if ! nice -n 10 "$bin" -timeout=10 "$f" >/dev/null 2>&1 </dev/null; then
			rm "$f"
			dropped=$((dropped + 1))
		fi
	done
	rm -rf "${here:?}/corpus/$t"
	cp -r "$out" "$here/corpus/$t"
	echo "fuzz-merge $t: $(find "$here/corpus/$t" -type f | wc -l) inputs," \
		"$(du -sk "$here/corpus/$t" | cut -f1) KiB; $dropped crashing inputs dropped"
done
rm -rf "$TMPDIR"
