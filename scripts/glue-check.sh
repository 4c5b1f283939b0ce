#!/bin/bash
# glue-check.sh [--prepare | --check] - compile-test the panfrost glue
# (drivers_glue/panfrost/) against Debian's linux-source-6.1 and 6.12 for
# arm64, with the project's gpugov.ko built against the same trees, and
# the amdgpu series (drivers_glue/amdgpu/) against the same sources for
# amd64 (the "amdgpu" section below).
#
#   --prepare [V...]  unpack and configure each tree once, into
#              ${GPUGOV_CACHE:-$HOME/.cache/gpugov}/glue/KEY, and record
#              the unpatched panfrost build's W=1 and sparse findings
#              there (the baseline); prints the directories
#   --prepare-arm64 V, --prepare-amd64 V  the same for one tree
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
#
# amdgpu: the amd64 trees (Debian's amd64 config, DRM_AMDGPU=m) are
# prepared and keyed the same way, by amd_tree_key().  Building all of
# amdgpu takes the better part of an hour on 2 cores, so the check builds
# only the objects the series adds or changes, each with W=1 C=2, and
# compares their findings with those of the same objects built from the
# unpatched files (recorded once per tree, object and build command, in
# KEY/baseline-*/).
# A header the series changes (amdgpu.h) reaches every amdgpu object; the
# objects not rebuilt are not checked.  --check reports the arm64 and the
# amd64 trees alike: with either missing, make glue-check SKIPs.
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

# The linux-config-V .deb of the source package's version for ARCH
# (default arm64).
config_deb() {
	local v=$1 ver=$2 arch=${3:-arm64} apt=$cache/apt
	local debs=$apt/debs/$v-$ver
	local opts=(-o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
		-o "APT::Architectures::=$arch" -o APT::Sandbox::User=root)
	[ "$arch" = arm64 ] || debs=$apt/debs/$arch-$v-$ver
	if ! ls "$debs"/*.deb >/dev/null 2>&1; then
		mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$debs"
		apt-get -qq "${opts[@]}" update >&2
		(cd "$debs" && apt-get -qq "${opts[@]}" download "linux-config-$v:$arch=$ver") >&2
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
		sed -n '/^unpack_tree()/,/^}/p; /^prepare_tree()/,/^}/p' "$here/scripts/glue-check.sh"
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

# Unpack linux-source-V into DIR/tree with Debian's ARCH configuration of
# version VER, debug info off (only build time) and no BTF (it needs
# vmlinux).
unpack_tree() {
	local v=$1 ver=$2 dir=$3 arch=$4 deb
	rm -rf "$dir/tree" "$dir/pristine"
	mkdir -p "$dir/tree"
	tar -xf "/usr/src/linux-source-$v.tar.xz" -C "$dir/tree" --strip-components=1
	deb=$(config_deb "$v" "$ver" "$arch")
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO --wildcards "*/config.${arch}_none_${arch}.xz" | xz -d >"$dir/tree/.config"
	(cd "$dir/tree" && scripts/config -d DEBUG_INFO_BTF -e DEBUG_INFO_NONE \
		-d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT -d DEBUG_INFO_DWARF4 -d DEBUG_INFO_DWARF5)
}

prepare_tree() {
	local v=$1 dir=$2 ver start
	ver=$(srcver "$v")
	start=$(date +%s)
	echo "glue-check: preparing linux-source-$v $ver for arm64 in $dir" >&2
	unpack_tree "$v" "$ver" "$dir" arm64
	cd "$dir/tree"
	scripts/config -m DRM_PANFROST
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

# Prepare kernel V if needed; prints its directory.  KIND "amd_" takes
# the amd64 tree (amd_tree_key, amd_prepare_tree).
prepare() {
	local v=$1 kind=${2:-} key dir
	"$here/scripts/deps.sh" glue
	key=$("${kind}tree_key" "$v")
	dir=$cache/$key
	if [ ! -e "$dir/.done" ]; then
		mkdir -p "$cache"
		exec 9>"$dir.lock"
		flock 9
		[ -e "$dir/.done" ] || ("${kind}prepare_tree" "$v" "$dir") >&2
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

# Make the sources of directory TO (.[ch], Kconfig, Makefile) those of
# its pristine copy FROM: a file FROM lacks is removed with its object, a
# restored file is touched so that kbuild rebuilds what depends on it,
# and untouched objects stay valid.
restore_dir() {
	local from=$1 to=$2 f
	for f in "$to"/*.c "$to"/*.h "$to"/Kconfig "$to"/Makefile; do
		[ -e "$from/${f##*/}" ] || rm -f "$f" "${f%.c}.o"
	done
	for f in "$from"/*; do
		cmp -s "$f" "$to/${f##*/}" || { cp "$f" "$to/"; touch "$to/${f##*/}"; }
	done
}

# Apply the PATCHES to TREE and report it as check LABEL; LOG gets
# git's output.  Fails if they do not apply.
tap_apply() {
	local label=$1 tree=$2 log=$3
	shift 3
	if (cd "$tree" && git apply --whitespace=error-all "$@") >"$log" 2>&1; then
		tap ok "$label: the series applies ($# patches)"
	else
		tap "not ok" "$label: the series applies" "$log"
		return 1
	fi
}

check_one() {
	local v=$1 dir=$2 series=$here/drivers_glue/panfrost/$1 work=$2/work
	local pf=$dir/tree/drivers/gpu/drm/panfrost log=$2/work/log
	mkdir -p "$work"

	restore_dir "$dir/pristine" "$pf"
	tap_apply "$v" "$dir/tree" "$log" "$series"/*.patch || return 0

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

# ---- amdgpu (amd64) ----------------------------------------------------

amd_kmake() {
	nice -n 10 make -s -j"$jobs" "$@"
}

amd_tree_key() {
	local v=$1 ver
	ver=$(srcver "$v") || return 0
	{
		echo "linux-source-$v $ver linux-config-$v:amd64 $ver"
		gcc --version | head -n 1
		sparse --version
		sed -n '/^unpack_tree()/,/^}/p; /^amd_prepare_tree()/,/^}/p' "$here/scripts/glue-check.sh"
	} | sha256sum | cut -d' ' -f1
}

# The directories the series may touch, relative to the tree.
amd_dirs="drivers/gpu/drm/amd/amdgpu drivers/gpu/drm/amd/pm"

amd_prepare_tree() {
	local v=$1 dir=$2 ver start d
	ver=$(srcver "$v")
	start=$(date +%s)
	echo "glue-check: preparing linux-source-$v $ver for amd64 in $dir" >&2
	rm -rf "$dir"/baseline-*
	unpack_tree "$v" "$ver" "$dir" amd64
	cd "$dir/tree"
	scripts/config -m DRM_AMDGPU
	amd_kmake olddefconfig
	if ! grep -qx 'CONFIG_DRM_AMDGPU=m' .config || ! grep -qx 'CONFIG_PM_DEVFREQ=y' .config; then
		echo "glue-check: CONFIG_DRM_AMDGPU=m, CONFIG_PM_DEVFREQ=y did not stick" >&2
		return 1
	fi
	amd_kmake modules_prepare
	# Pristine copies of the files directly in the series' directories.
	for d in $amd_dirs; do
		mkdir -p "$dir/pristine/$d"
		find "$d" -maxdepth 1 -type f \( -name '*.[ch]' -o -name Kconfig -o -name Makefile \) \
			-exec cp -p {} "$dir/pristine/$d/" \;
	done
	echo $(( $(date +%s) - start )) >"$dir/prepare-seconds"
	touch "$dir/.done"
	echo "glue-check: prepared $v for amd64 in $(cat "$dir/prepare-seconds") s" >&2
}

# The kbuild target of a .c file of the series: amdgpu's Makefile names
# the pm files as ../pm/X.o.
amd_target() {
	local c=${1%.c}.o
	case $c in
	drivers/gpu/drm/amd/amdgpu/*) echo "$c" ;;
	*) echo "drivers/gpu/drm/amd/amdgpu/../${c#drivers/gpu/drm/amd/}" ;;
	esac
}

# Build the objects of the .c files given, W=1 C=2, each compiled anew.
# sparse sizes struct amd_sriov_msg_vf2pf_info differently from gcc and
# fails amdgv_sriovmsg.h's static assertion in every amdgpu object; after
# an error it reports no warning at all.  So sparse (CF, sparse only)
# sees static assertions as nothing: gcc still checks each of them.
amd_build() {
	local c targets=()
	for c in "$@"; do
		rm -f "${c%.c}.o"
		targets+=("$(amd_target "$c")")
	done
	amd_kmake W=1 C=2 CF="-D'_Static_assert(e,m)='" GPUGOV_DIR="$here" \
		"${targets[@]}" 2>&1 || true
}

# Where the baseline findings live: per tree and per version of
# amd_build(), which decides what they are.
amd_baseline() {
	echo "$1/baseline-$(sed -n '/^amd_build()/,/^}/p' "$here/scripts/glue-check.sh" |
		sha256sum | cut -c1-16)"
}

amd_findings() {
	findings | grep '^drivers/gpu/drm/amd/' || true
}

amd_check_one() {
	local v=$1 dir=$2 series=$here/drivers_glue/amdgpu/$1 work=$2/work
	local log=$2/work/log tree=$2/tree d f c changed=() added=() missing=()
	local base
	base=$(amd_baseline "$dir")
	mkdir -p "$work" "$base"

	for d in $amd_dirs; do
		restore_dir "$dir/pristine/$d" "$tree/$d"
	done

	# The .c files the series changes, and those it adds.
	while read -r f; do
		if [ -e "$dir/pristine/$f" ]; then changed+=("$f"); else added+=("$f"); fi
	done < <(sed -n 's|^+++ b/\(.*\.c\)$|\1|p' "$series"/*.patch | sort -u)
	# Findings of the unpatched objects, once per tree and object.
	for c in "${changed[@]}"; do
		[ -e "$base/${c//\//_}.log" ] || missing+=("$c")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		(cd "$tree" && amd_build "${missing[@]}") >"$log"
		for c in "${missing[@]}"; do
			if [ -e "$tree/${c%.c}.o" ]; then
				cp "$log" "$base/${c//\//_}.log"
			fi
		done
	fi

	tap_apply "$v amd64: amdgpu" "$tree" "$log" "$series"/*.patch || return 0

	(cd "$tree" && scripts/config -e DRM_AMDGPU_DEVFREQ -e DRM_AMDGPU_GPUGOV &&
		amd_kmake olddefconfig && amd_kmake modules_prepare) >"$log" 2>&1 || true
	if grep -qx 'CONFIG_DRM_AMDGPU_DEVFREQ=y' "$tree/.config" &&
	   grep -qx 'CONFIG_DRM_AMDGPU_GPUGOV=y' "$tree/.config"; then
		tap ok "$v amd64: CONFIG_DRM_AMDGPU_DEVFREQ=y, CONFIG_DRM_AMDGPU_GPUGOV=y with DRM_AMDGPU=m"
	else
		tap "not ok" "$v amd64: CONFIG_DRM_AMDGPU_DEVFREQ/GPUGOV=y did not stick" "$log"
		return
	fi

	(cd "$tree" && amd_build "${changed[@]}" "${added[@]}") >"$log"
	cat "$base"/*.log 2>/dev/null | amd_findings >"$work/baseline"
	amd_findings <"$log" | comm -23 - "$work/baseline" >"$work/new"
	for c in "${changed[@]}" "${added[@]}"; do
		[ -e "$tree/${c%.c}.o" ] || echo "not built: $c" >>"$work/new"
	done
	if [ -n "${changed[*]}${added[*]}" ] && [ ! -s "$work/new" ]; then
		tap ok "$v amd64: ${#changed[@]} changed and ${#added[@]} new amdgpu objects with W=1 C=2: no finding the unpatched objects lack ($(wc -l <"$work/baseline") in both)"
	else
		[ -s "$work/new" ] || tail -n 30 "$log" >"$work/new"
		tap "not ok" "$v amd64: amdgpu objects with W=1 C=2" "$work/new"
	fi

	# FILE_PATH_CHANGES asks whether MAINTAINERS needs updating: the
	# new files are under amdgpu's existing F: entry.
	local new=()
	while read -r f; do
		[ -e "$dir/pristine/$f" ] || new+=("$f")
	done < <(sed -n 's|^+++ b/\(.*\.[ch]\)$|\1|p' "$series"/*.patch | sort -u)
	if perl "$tree/scripts/checkpatch.pl" --strict --terse --no-tree \
		--ignore FILE_PATH_CHANGES "$series"/*.patch >"$log" 2>&1 &&
	   (cd "$tree" && perl scripts/checkpatch.pl --strict --terse --no-tree \
		-f "${new[@]}") >>"$log" 2>&1; then
		tap ok "$v amd64: checkpatch --strict clean (patches, new files)"
	else
		tap "not ok" "$v amd64: checkpatch --strict" "$log"
	fi
}

case ${1:-} in
--check)
	for v in $versions; do
		for kind in "" amd_; do
			key=$("${kind}tree_key" "$v")
			[ -n "$key" ] && [ -e "$cache/$key/.done" ] || exit 1
			echo "$cache/$key"
		done
	done
	exit 0
	;;
--prepare)
	shift
	for v in ${*:-$versions}; do
		prepare "$v"
		prepare "$v" amd_
	done
	exit 0
	;;
--prepare-arm64)
	prepare "$2"
	exit 0
	;;
--prepare-amd64)
	prepare "$2" amd_
	exit 0
	;;
"") ;;
*)
	echo "usage: glue-check.sh [--prepare [V...] | --prepare-arm64 V | --prepare-amd64 V | --check]" >&2
	exit 2
	;;
esac

# One check at a time per cache: runs from several clones share the trees.
mkdir -p "$cache"
exec 8>"$cache/check.lock"
flock 8
start=$(date +%s)
for kind in arm64 amd64; do
	for v in $versions; do
		# A process of its own, so that set -e holds while preparing.
		if ! dir=$("$here/scripts/glue-check.sh" --prepare-$kind "$v"); then
			tap "not ok" "$v $kind: tree prepared"
		elif [ $kind = arm64 ]; then
			check_one "$v" "$dir"
			check_msm "$v" "$dir"
		else
			amd_check_one "$v" "$dir"
		fi
	done
done
echo "1..$n"
echo "# glue-check: $(( $(date +%s) - start )) s"
echo "RESULT glue-check: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
