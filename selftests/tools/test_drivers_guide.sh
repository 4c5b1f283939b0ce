#!/bin/bash
# test_drivers_guide.sh GUIDE - run the board owner's guide (docs/drivers.md)
# as printed, once per walk: a kernel series (6.1, 6.12: bookworm's two)
# and a driver (panfrost, msm: arm64 boards; amdgpu: an amd64 desktop).
# A walk runs every "$ " command of the guide's blocks marked
# "<!-- runnable -->" and "<!-- runnable DRIVER -->", in order, in one
# shell; blocks marked "<!-- runnable DRIVER long -->" (amdgpu.ko, about
# 6-9 min a walk on 2 cores, and its install) only with GUIDE_LONG=1.  The names
# the guide sets first are stand-ins:
#
#   GPUGOV         a copy of this tree (what git tracks, plus untracked
#                  files it does not ignore), one per walk, so the builds
#                  leave the tree alone
#   KVER           the series' Debian release (scripts/kver.sh; arm64:
#                  the same with -arm64), e.g. 6.1.0-57-arm64
#   BOARD_CONFIG   arm64: Debian's arm64 configuration of that version,
#                  from the linux-config package make glue-prepare
#                  fetched; amd64: the installed headers' .config
#   BOARD_SYMVERS  arm64: the Module.symvers of the tree make glue-prepare
#                  prepared (its kernel's exports, CRCs 0: that tree has
#                  no vmlinux); amd64: the installed headers' own
#
# That arm64 Module.symvers is made from the tree's EXPORT_SYMBOL lines
# and misses what macros export (_dev_err, param_ops_uint, ...), which a
# board's real one lists: arm64 walks have KBUILD_MODPOST_WARN=1 in their
# environment (as glue-check builds), so modpost warns of those instead
# of failing; the modules' symbol versions are still checked.
#
# "sudo" commands (amdgpu's install) run as the harness (root) inside a
# private mount namespace whose /lib/modules, /etc/modprobe.d and /boot
# are overlays onto scratch directories: what they install lands there,
# the machine's own files stay as they were.  No runnable block may
# reboot.
#
# Then each walk's modules are objects of its architecture with its
# release in their vermagic and symbol versions, and hold the glue.  A walk
# whose inputs are missing (no linux-source or headers package) is one
# SKIP line, and so is every walk of a series make glue-prepare has not
# prepared (its arm64 tree, or its amd64 one for amdgpu): a fresh machine's
# make test spends no time here, as glue-check.
# GUIDE_WALKS="6.1:panfrost 6.12:msm" runs only those walks.  Scratch
# space: about 2 GB per walk in a directory of this run's own under the
# cache (another run's, even of an older version of this script, is left
# alone), removed after it.
set -u
guide=$1
here=$(cd "$(dirname "$0")/../.." && pwd)
cache=${GPUGOV_CACHE:-$HOME/.cache/gpugov}
long=${GUIDE_LONG:-0}
n=0
fail=0
skip=0
tap() {
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $2"
	fi
}
skip() {
	n=$((n + 1))
	skip=$((skip + 1))
	echo "ok $n # SKIP $1"
}

# cmds DRIVER: the "$ " commands of the walk for DRIVER, one per line.
cmds() {
	awk -v drv="$1" -v long="$long" '
	/^<!-- runnable( [a-z0-9]+)* -->$/ {
		want = 1
		for (i = 3; i < NF; i++)
			if ($i != drv && !($i == "long" && long == 1))
				want = 0
		inblk = 0
		next
	}
	want && /^    / { inblk = 1; if (sub(/^    \$ /, "")) print; next }
	want && inblk && !/^    / { want = inblk = 0 }' "$guide"
}

# The series' Debian release for ARCH (kver.sh names the amd64 one).
release() {
	local r
	r=$("$here/scripts/kver.sh" "$1") || return 1
	[ "$2" = amd64 ] && echo "$r" || echo "${r%-amd64}-arm64"
}

# The tree make glue-prepare prepared for series S and CONFIG_ option
# ARCH (ARM64, X86_64); an arm64 one has the Module.symvers it made.
glue_tree() {
	local d pl=${1#*.}
	for d in "$cache"/glue/*/; do
		[ -e "$d.done" ] && grep -qx "PATCHLEVEL = $pl" "$d/tree/Makefile" 2>/dev/null &&
			grep -q "^CONFIG_$2=y" "$d/tree/.config" &&
			{ [ "$2" != ARM64 ] || [ -s "$d/tree/Module.symvers" ]; } &&
			echo "$d/tree" && return
	done
}

# check_ko KO ELF-ARCH KVER: an object of that architecture, with KVER in
# its vermagic and symbol versions.
check_ko() {
	local name="$s $drv: ${1##*/}"
	if file "$1" | grep -q "ELF 64-bit LSB relocatable, $2" &&
		[ "$(modinfo -F vermagic "$1" | cut -d' ' -f1)" = "$3" ] &&
		[ -n "$(modprobe --dump-modversions "$1" 2>/dev/null)" ]; then
		tap ok "$name: $2, vermagic $3, with symbol versions"
	else
		tap "not ok" "$name: $2, vermagic $3, with symbol versions"
		file "$1" | sed 's/^/# /'
	fi
}

check_file() {	# check_file PATH WHAT
	if [ -e "$1" ]; then tap ok "$2"; else tap "not ok" "$2"; fi
}

# walk SERIES DRIVER: set up the stand-ins, run the walk's commands, check
# what they built.
walk() {
	local s=$1 drv=$2 arch=arm64 elf=aarch64 kver cmds w tree cfgdeb out status ksrc
	local mods=drivers/gpu/drm/$drv
	[ "$drv" != amdgpu ] || { arch=amd64; elf=x86-64; mods=drivers/gpu/drm/amd/amdgpu; }
	elf=${elf/aarch64/ARM aarch64}
	if [ ! -e "/usr/src/linux-source-$s.tar.xz" ] || ! kver=$(release "$s" "$arch" 2>/dev/null); then
		skip "$s $drv: no linux-source-$s or no $s release: run make glue-prepare"
		return
	fi
	if [ ! -d "$here/drivers_glue/$drv/$s" ]; then
		skip "$s $drv: the $drv glue has no $s series"
		return
	fi
	w=$scratch/$s-$drv
	mkdir -p "$w/run" "$w/gpugov"
	if [ "$arch" = arm64 ]; then
		tree=$(glue_tree "$s" ARM64)
		cfgdeb=$(find "$cache/glue/apt/debs" -path "*/$s-*/linux-config-${s}_*_arm64.deb" 2>/dev/null |
			sort | tail -n 1)
		if [ -z "$tree" ] || [ -z "$cfgdeb" ] || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
			skip "$s $drv: no prepared linux-source-$s arm64 tree: run make glue-prepare (10 min)"
			rm -rf "$w"
			return
		fi
		dpkg-deb --fsys-tarfile "$cfgdeb" |
			tar -xO --wildcards '*/config.arm64_none_arm64.xz' | xz -d >"$w/board.config"
		cp "$tree/Module.symvers" "$w/board.symvers"
	else
		# Its tree is not used, but without one make test's time on a
		# fresh machine stays as it was: the walk SKIPs, as the arm64 ones.
		if [ -z "$(glue_tree "$s" X86_64)" ]; then
			skip "$s $drv: no prepared linux-source-$s amd64 tree: run make glue-prepare (10 min)"
			rm -rf "$w"
			return
		fi
		if [ ! -s "/usr/src/linux-headers-$kver/Module.symvers" ]; then
			skip "$s $drv: no linux-headers-$kver: run scripts/deps.sh module"
			rm -rf "$w"
			return
		fi
		cp "/usr/src/linux-headers-$kver/.config" "$w/board.config"
		cp "/usr/src/linux-headers-$kver/Module.symvers" "$w/board.symvers"
	fi
	# update-initramfs in the install needs the kernel installed, as on
	# the desktop that runs it.
	local long=$long
	if [ "$long" = 1 ] && [ "$arch" = amd64 ] && [ ! -e "/boot/vmlinuz-$kver" ]; then
		skip "$s $drv: amdgpu.ko and its install: no linux-image-$kver here"
		long=0
	fi
	(cd "$here" && git ls-files -co --exclude-standard -z |
		rsync -a --from0 --files-from=- ./ "$w/gpugov/")
	cmds=$(cmds "$drv")
	if echo "$cmds" | grep -qw reboot; then
		tap "not ok" "$s $drv: a runnable block reboots"
		return
	fi
	tap ok "$s $drv: the walk has $(echo "$cmds" | wc -l) runnable commands (KVER=$kver)"

	# The commands run in one shell, each checked, so that cd and
	# variables carry over as they do for a reader; the first failure
	# stops the walk.
	{
		[ "$arch" = amd64 ] || echo "export KBUILD_MODPOST_WARN=1"
		echo "GPUGOV=$w/gpugov KVER=$kver"
		echo "BOARD_CONFIG=$w/board.config BOARD_SYMVERS=$w/board.symvers"
		echo 'sudo() { "$@"; }'
		echo "cd $w/run"
		local i=0 c q
		while IFS= read -r c; do
			i=$((i + 1))
			q=$(printf '%s' "$c" | sed "s/'/'\\\\''/g")
			printf "if { %s\n} >>%s/log 2>&1; then echo 'ok - %s %s: %s'\n" "$c" "$w" "$s" "$drv" "$q"
			printf "else echo 'not ok - %s %s: %s'; tail -n 30 %s/log | sed 's/^/# /'; exit 1; fi\n" \
				"$s" "$drv" "$q" "$w"
		done <<<"$cmds"
		# shellcheck disable=SC2016 # expanded by the generated script
		echo 'echo "KSRC=$KSRC"'
	} >"$w/guide.sh"
	if echo "$cmds" | grep -q '^sudo \|| sudo '; then
		# The machine's install locations, as overlays onto scratch.
		local m o setup=
		for m in /lib/modules /etc/modprobe.d /boot; do
			o=$w/root/${m//\//-}
			mkdir -p "$o/up" "$o/work"
			setup="$setup mount -t overlay overlay -o lowerdir=$m,upperdir=$o/up,workdir=$o/work $m &&"
		done
		out=$(nice -n 10 unshare -m bash -c "$setup exec bash $w/guide.sh")
	else
		out=$(nice -n 10 bash "$w/guide.sh")
	fi
	status=$?
	while IFS= read -r line; do
		case "$line" in
		"ok - "*) tap ok "${line#ok - }" ;;
		"not ok - "*) tap "not ok" "${line#not ok - }" ;;
		KSRC=*) ksrc=${line#KSRC=} ;;
		*) echo "$line" ;;
		esac
	done <<<"$out"
	if [ $status -eq 0 ]; then
		check_ko "$w/gpugov/gpugov.ko" "$elf" "$kver"
		case "$drv" in
		amdgpu)
			if grep -qx 'CONFIG_DRM_AMDGPU_DEVFREQ=y' "$ksrc/.config" &&
				grep -qx 'CONFIG_DRM_AMDGPU_GPUGOV=y' "$ksrc/.config"; then
				tap ok "$s amdgpu: DRM_AMDGPU_DEVFREQ and DRM_AMDGPU_GPUGOV are on"
			else
				tap "not ok" "$s amdgpu: DRM_AMDGPU_DEVFREQ and DRM_AMDGPU_GPUGOV are on"
			fi
			if [ "$long" = 1 ]; then
				check_ko "$ksrc/$mods/amdgpu.ko" "$elf" "$kver"
				check_file "$ksrc/$mods/amdgpu_devfreq.o" "$s amdgpu: amdgpu.ko holds the bridge (amdgpu_devfreq.o)"
				check_file "$w/root/-lib-modules/up/$kver/updates/amdgpu.ko" \
					"$s amdgpu: amdgpu.ko installed into the staging root's updates/"
				check_file "$w/root/-etc-modprobe.d/up/amdgpu-devfreq.conf" \
					"$s amdgpu: the devfreq=1 option in the staging root's modprobe.d"
			fi
			;;
		*)
			check_ko "$ksrc/$mods/$drv.ko" "$elf" "$kver"
			check_file "$ksrc/$mods/${drv}_gpugov.o" "$s $drv: $drv.ko holds the glue (${drv}_gpugov.o)"
			;;
		esac
	fi
	rm -rf "$w"
}

walks=${GUIDE_WALKS:-6.1:panfrost 6.1:amdgpu 6.12:panfrost 6.12:msm 6.12:amdgpu}
mkdir -p "$cache"
scratch=$(mktemp -d "$cache/guide.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
for wk in $walks; do
	walk "${wk%%:*}" "${wk#*:}"
done
echo "1..$n"
echo "RESULT guide-check: $((n - fail - skip)) passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
