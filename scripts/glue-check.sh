#!/bin/bash
# glue-check.sh [--prepare | --check] - compile-test the panfrost glue
# (drivers_glue/panfrost/) against Debian's linux-source-6.1 and 6.12 for
# arm64, with the project's gpugov.ko built against the same trees.
#
#   --prepare [V...]  unpack and configure each tree once, into
#              ${GPUGOV_CACHE:-$HOME/.cache/gpugov}/glue/KEY, and record
#              the unpatched panfrost build's W=1 and sparse findings
#              there (the baseline); prints the directories
#   --check    exit 0 if every tree is prepared, 1 if not (no work)
#   (none)     prepare if needed, then for each kernel: apply the series
#              to the tree's panfrost directory (restored from the
#              pristine copy first, so reruns are idempotent), enable
#              DRM_PANFROST_GPUGOV, build panfrost.ko with W=1 C=2 and
#              fail on any finding the baseline does not have, build
#              gpugov.ko with C=2 and fail on any finding, and run
#              checkpatch --strict on the patches and the new file.
#              TAP and "RESULT glue-check: P passed, F failed".
#
# KEY is the sha256 of what a prepared tree depends on: the versions of
# linux-source-V and of the arm64 linux-config-V package, the
# cross-compiler and sparse versions, and the prepare code of this script.
# The arm64 config comes from Debian's arm64 linux-config-V package of the
# same version as the source package; apt fetches it with a private state
# directory under the cache (the amd64 linux-config-V package holds only
# amd64 configs), so the machine's apt setup is left as it was.
set -eu
shopt -s inherit_errexit

here=$(cd "$(dirname "$0")/.." && pwd)
cache=${GPUGOV_CACHE:-$HOME/.cache/gpugov}/glue
jobs=${GLUE_JOBS:-2}
versions=${GLUE_VERSIONS:-6.1 6.12}
cross=aarch64-linux-gnu-

kmake() {
	nice -n 10 make -s ARCH=arm64 CROSS_COMPILE=$cross -j"$jobs" "$@"
}

# ---- prepare -----------------------------------------------------------

srcver() {
	dpkg-query -W -f='${Version}' "linux-source-$1" 2>/dev/null
}

# The arm64 linux-config-V .deb of the source package's version.
config_deb() {
	local v=$1 ver=$2 apt=$cache/apt
	local debs=$apt/debs/$v-$ver
	local opts=(-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
		-o "APT::Architectures::=arm64" -o APT::Sandbox::User=root)
	if ! ls "$debs"/*.deb >/dev/null 2>&1; then
		mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$debs"
		apt-get -qq "${opts[@]}" update >&2
		(cd "$debs" && apt-get -qq "${opts[@]}" download "linux-config-$v:arm64=$ver") >&2
	fi
	ls "$debs"/*.deb
}

# Tree directory for kernel V; empty when linux-source-V is not installed.
tree_key() {
	local v=$1 ver
	ver=$(srcver "$v") || return 0
	{
		echo "linux-source-$v $ver linux-config-$v:arm64 $ver"
		${cross}gcc --version | head -n 1
		sparse --version
		sed -n '/^prepare_tree()/,/^}/p' "$here/scripts/glue-check.sh"
	} | sha256sum | cut -d' ' -f1
}

# The panfrost build whose findings are compared: every object of the
# directory, panfrost.ko and its modpost, W=1, sparse on every file.
build_panfrost() {
	kmake W=1 C=2 KBUILD_MODPOST_WARN=1 M=drivers/gpu/drm/panfrost "$@" modules 2>&1
}

# Compiler and sparse findings without line numbers (a hook moves the
# lines below it), sorted.
findings() {
	grep -E 'warning:|error:|WARNING:' |
		sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/; s/ \[[^]]*\.ko\] undefined!/ undefined!/' | sort -u
}

prepare_tree() {
	local v=$1 dir=$2 ver tarball deb start
	ver=$(srcver "$v")
	tarball=/usr/src/linux-source-$v.tar.xz
	start=$(date +%s)
	echo "glue-check: preparing linux-source-$v $ver for arm64 in $dir" >&2
	rm -rf "$dir/tree" "$dir/pristine"
	mkdir -p "$dir/tree"
	tar -xf "$tarball" -C "$dir/tree" --strip-components=1
	deb=$(config_deb "$v" "$ver")
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO --wildcards '*/config.arm64_none_arm64.xz' | xz -d >"$dir/tree/.config"
	cd "$dir/tree"
	# No debug info (only build time), no BTF (it needs vmlinux).
	scripts/config -m DRM_PANFROST -d DEBUG_INFO_BTF -e DEBUG_INFO_NONE \
		-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -d DEBUG_INFO_DWARF4 -d DEBUG_INFO_DWARF5
	kmake olddefconfig
	grep -qx 'CONFIG_DRM_PANFROST=m' .config ||
		{ echo "glue-check: CONFIG_DRM_PANFROST=m did not stick" >&2; return 1; }
	kmake modules_prepare
	cp -a drivers/gpu/drm/panfrost "$dir/pristine"
	# The tree has no vmlinux, so no Module.symvers: one from the
	# tree's export macros lets modpost name what is really missing.
	grep -rhoE --include='*.[chS]' 'EXPORT_SYMBOL(_NS)?(_GPL)?\( *[A-Za-z0-9_]+ *(, *"?[A-Za-z0-9_]+"? *)?\)' . |
		awk -F'[(), "]+' '{ t = $1; sub(/_NS/, "", t);
			printf "0x00000000\t%s\tvmlinux\t%s\t%s\n", $2, t, $3 }' |
		sort -t "$(printf '\t')" -k2,2 -u >Module.symvers
	build_panfrost >"$dir/baseline.log" || true
	echo $(( $(date +%s) - start )) >"$dir/prepare-seconds"
	touch "$dir/.done"
	echo "glue-check: prepared $v in $(cat "$dir/prepare-seconds") s" >&2
}

# Prepare kernel V if needed; prints its directory.
prepare() {
	local v=$1 key dir
	"$here/scripts/deps.sh" glue
	key=$(tree_key "$v")
	dir=$cache/$key
	if [ ! -e "$dir/.done" ]; then
		mkdir -p "$cache"
		exec 9>"$dir.lock"
		flock 9
		[ -e "$dir/.done" ] || (prepare_tree "$v" "$dir") >&2
		exec 9>&-
	fi
	echo "$dir"
}

# ---- check -------------------------------------------------------------

n=0
pass=0
fail=0
tap() {
	n=$((n + 1))
	if [ "$1" = ok ]; then
		pass=$((pass + 1))
		echo "ok $n - $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $2"
		[ -z "${3:-}" ] || sed 's/^/# /' "$3" | head -n 60
	fi
}

check_one() {
	local v=$1 dir=$2 series=$here/drivers_glue/panfrost/$1 work=$2/work
	local pf=$dir/tree/drivers/gpu/drm/panfrost log=$2/work/log f
	mkdir -p "$work"

	# Restore the pristine directory; a restored file is touched so
	# that kbuild rebuilds it, untouched objects stay valid.
	for f in "$pf"/*.c "$pf"/*.h "$pf"/Kconfig "$pf"/Makefile; do
		[ -e "$dir/pristine/${f##*/}" ] || rm -f "$f" "${f%.c}.o"
	done
	for f in "$dir"/pristine/*; do
		cmp -s "$f" "$pf/${f##*/}" || { cp "$f" "$pf/"; touch "$pf/${f##*/}"; }
	done

	if (cd "$dir/tree" && git apply --whitespace=error-all "$series"/*.patch) >"$log" 2>&1; then
		tap ok "$v: the series applies ($(ls "$series"/*.patch | wc -l) patches)"
	else
		tap "not ok" "$v: the series applies" "$log"
		return
	fi

	(cd "$dir/tree" && scripts/config -m DRM_PANFROST -e DRM_PANFROST_GPUGOV &&
		kmake olddefconfig && kmake modules_prepare) >"$log" 2>&1 || true
	if grep -qx 'CONFIG_DRM_PANFROST_GPUGOV=y' "$dir/tree/.config"; then
		tap ok "$v: CONFIG_DRM_PANFROST_GPUGOV=y with DRM_PANFROST=m"
	else
		tap "not ok" "$v: CONFIG_DRM_PANFROST_GPUGOV=y did not stick" "$log"
		return
	fi

	(cd "$dir/tree" && build_panfrost GPUGOV_DIR="$here") >"$log" 2>&1 || true
	findings <"$dir/baseline.log" >"$work/baseline"
	findings <"$log" | comm -23 - "$work/baseline" >"$work/new"
	if [ -e "$pf/panfrost.ko" ] && [ -e "$pf/panfrost_gpugov.o" ] && [ ! -s "$work/new" ]; then
		tap ok "$v: panfrost.ko with W=1 C=2: no finding the unpatched tree lacks ($(wc -l <"$work/baseline") in both)"
	else
		[ -s "$work/new" ] || tail -n 30 "$log" >"$work/new"
		tap "not ok" "$v: panfrost.ko with W=1 C=2" "$work/new"
		# Objects built with findings must not pass a rerun unseen.
		rm -f "$pf"/*.o
	fi

	# gpugov.ko from a copy of the module sources, so the native
	# objects next to them are left alone.
	rsync -a --checksum --delete --exclude=panfrost/ --include='*/' \
		--include='*.[ch]' --include=Kbuild --exclude='*' --prune-empty-dirs \
		"$here/Kbuild" "$here/governor" "$here/predictors" "$here/drivers_glue" \
		"$work/gpugov/"
	(cd "$dir/tree" && kmake C=2 KBUILD_MODPOST_WARN=1 M="$work/gpugov" modules) >"$log" 2>&1 || true
	# modpost's undefined list is left out here: symbols exported
	# through macros (param_ops_uint, bpf_trace_run3, per-CPU ones)
	# are missing from the generated Module.symvers, and module-check
	# links gpugov.ko against Debian's real one.
	findings <"$log" | grep -v ' undefined!$' >"$work/new" || true
	if [ -e "$work/gpugov/gpugov.ko" ] && [ ! -s "$work/new" ]; then
		tap ok "$v: gpugov.ko for arm64 with C=2: no warning"
	else
		[ -s "$work/new" ] || tail -n 30 "$log" >"$work/new"
		tap "not ok" "$v: gpugov.ko for arm64 with C=2" "$work/new"
		find "$work/gpugov" -name '*.o' -delete
	fi

	# FILE_PATH_CHANGES asks whether MAINTAINERS needs updating: the
	# new files are under panfrost's existing F: entry.
	if perl "$dir/tree/scripts/checkpatch.pl" --strict --terse --no-tree \
		--ignore FILE_PATH_CHANGES "$series"/*.patch >"$log" 2>&1 &&
	   perl "$dir/tree/scripts/checkpatch.pl" --strict --terse --no-tree \
		-f "$pf/panfrost_gpugov.c" "$pf/panfrost_gpugov.h" >>"$log" 2>&1; then
		tap ok "$v: checkpatch --strict clean (patches, panfrost_gpugov.[ch])"
	else
		tap "not ok" "$v: checkpatch --strict" "$log"
	fi
}

# msm's fence deadlines to gpugov (drivers_glue/msm/V, where it exists:
# 6.12): the series on msm as the tarball has it, in the prepared tree
# (Debian's arm64 config builds DRM_MSM=m), the objects it touches built
# with W=1 C=2 before and after it, no finding the unpatched ones lack;
# checkpatch --strict.  The tree's msm directory is put back as it was.
check_msm() {
	local v=$1 dir=$2 series=$here/drivers_glue/msm/$1 work=$2/work/msm
	local msm=$dir/tree/drivers/gpu/drm/msm log=$2/work/msm.log
	local objs=(msm_fence.o msm_gpu_devfreq.o)
	[ -d "$series" ] || return 0
	rm -rf "$work" && mkdir -p "$work"
	tar -xf "/usr/src/linux-source-$v.tar.xz" -C "$work" --strip-components=4 \
		--wildcards '*/drivers/gpu/drm/msm/*'
	rsync -a --delete "$work/msm/" "$msm/"
	(cd "$dir/tree" && grep -qx 'CONFIG_DRM_MSM=m' .config &&
		kmake W=1 C=2 M=drivers/gpu/drm/msm "${objs[@]}") >"$work/base.log" 2>&1 || true
	if (cd "$dir/tree" && git apply --whitespace=error-all "$series"/*.patch &&
	    scripts/config -e DRM_MSM_GPUGOV && kmake olddefconfig &&
	    grep -qx 'CONFIG_DRM_MSM_GPUGOV=y' .config && kmake modules_prepare) >"$log" 2>&1; then
		tap ok "$v: msm series applies, CONFIG_DRM_MSM_GPUGOV=y with DRM_MSM=m"
		(cd "$dir/tree" && kmake W=1 C=2 M=drivers/gpu/drm/msm GPUGOV_DIR="$here" \
			"${objs[@]}" msm_gpugov.o) >"$log" 2>&1 || true
		findings <"$log" | comm -23 - <(findings <"$work/base.log") >"$work/new"
		if [ -e "$msm/msm_gpugov.o" ] && [ -e "$msm/msm_fence.o" ] && [ ! -s "$work/new" ]; then
			tap ok "$v: msm_gpugov.o, msm_fence.o, msm_gpu_devfreq.o with W=1 C=2: no new finding"
		else
			[ -s "$work/new" ] || tail -n 30 "$log" >"$work/new"
			tap "not ok" "$v: msm objects with W=1 C=2" "$work/new"
		fi
		if perl "$dir/tree/scripts/checkpatch.pl" --strict --terse --no-tree \
			--ignore FILE_PATH_CHANGES "$series"/*.patch >"$log" 2>&1; then
			tap ok "$v: msm series checkpatch --strict clean"
		else
			tap "not ok" "$v: msm series checkpatch --strict" "$log"
		fi
	else
		tap "not ok" "$v: msm series applies, CONFIG_DRM_MSM_GPUGOV=y" "$log"
	fi
	rsync -a --delete "$work/msm/" "$msm/"
	(cd "$dir/tree" && scripts/config -d DRM_MSM_GPUGOV && kmake olddefconfig &&
		kmake modules_prepare) >/dev/null 2>&1 || true
}

case ${1:-} in
--check)
	for v in $versions; do
		key=$(tree_key "$v")
		[ -n "$key" ] && [ -e "$cache/$key/.done" ] || exit 1
		echo "$cache/$key"
	done
	exit 0
	;;
--prepare)
	shift
	for v in ${*:-$versions}; do
		prepare "$v"
	done
	exit 0
	;;
"") ;;
*)
	echo "usage: glue-check.sh [--prepare | --check]" >&2
	exit 2
	;;
esac

# One check at a time per cache: runs from several clones share the trees.
mkdir -p "$cache"
exec 8>"$cache/check.lock"
flock 8
start=$(date +%s)
for v in $versions; do
	# A process of its own, so that set -e holds while preparing.
	if dir=$("$here/scripts/glue-check.sh" --prepare "$v"); then
		check_one "$v" "$dir"
		check_msm "$v" "$dir"
	else
		tap "not ok" "$v: tree prepared"
	fi
done
echo "1..$n"
echo "# glue-check: $(( $(date +%s) - start )) s"
echo "RESULT glue-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
