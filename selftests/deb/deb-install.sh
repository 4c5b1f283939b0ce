#!/bin/bash
# deb-install.sh DEB_DIR CACHE VM_DIR KVER... - the install test of the
# Debian packages (make deb-install).
#
#  1. `make deb` builds gpugov-dkms and gpugov-tools and runs lintian;
#  2. a copy of the cached bookworm chroot (selftests/deb/chroot.sh: dkms
#     and the headers of every KVER) gets both .debs with `apt-get
#     install`, whose gpugov-dkms postinst has DKMS build and install the
#     modules for every kernel with headers;
#  3. for each KVER: DKMS reports the module installed, and gpugov.ko and
#     gpugov_sim.ko are in /lib/modules/KVER/updates/dkms with KVER's
#     vermagic;
#  4. DKMS skips a kernel configured without CONFIG_PM_DEVFREQ
#     (BUILD_EXCLUSIVE_CONFIG), and a kernel older than 6.1 (a 5.10 BSP's:
#     BUILD_EXCLUSIVE_KERNEL), instead of failing;
#  5. the packages' version is VERSION+gitTIME.HASH (scripts/deb-version.sh);
#     the installed tools run and print VERSION with --version,
#     docs/man's pages and the ABI files are installed, gpugov-simblob
#     makes the packaged demo blob from the packaged demo trace;
#  6. for each KVER: Debian's kernel boots under QEMU (TCG) with the two
#     DKMS-built modules and nothing else of ours, and the guest
#     (selftests/vm/dkms/10_modprobe.sh) modprobes them and selects gpugov
#     on gpugov_sim's devfreq device, where the packaged demo blob
#     replays and gpugov decides on its work;
#  7. purging the packages removes the modules and the DKMS tree.
#
# Prints TAP ending in "RESULT deb-install: P passed, F failed".  Logs and
# the chroot of a failed run are kept in build/deb-install.
set -u

debdir=${1:?usage: deb-install.sh DEB_DIR CACHE VM_DIR KVER...}
cache=${2:?}
vmdir=${3:?}
shift 3
kvers="$*"
[ -n "$kvers" ] || { echo "deb-install: no KVER given" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$top/build/deb-install
root=$work/root
log=$work/log
version=$(cat "$top/VERSION")	# the tools'; the packages' is $pkgver

n=0
pass=0
fail=0
ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		pass=$((pass + 1))
		echo "ok $n - $2"
	else
		fail=$((fail + 1))
		echo "not ok $n - $2"
	fi
	[ "$1" = 0 ]
}
finish() {
	echo "1..$n"
	echo "RESULT deb-install: $pass passed, $fail failed"
	[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
	exit
}
# step DESCRIPTION CMD...: one check whose output goes to the log, and
# whose last lines are shown when it fails.
step() {
	local what=$1
	shift
	echo "== $what" >>"$log"
	"$@" >>"$log.step" 2>&1
	local rc=$?
	cat "$log.step" >>"$log"
	[ $rc -eq 0 ] || tail -n 15 "$log.step" | sed 's/^/# /'
	rm -f "$log.step"
	ok $rc "$what"
	return $rc
}
in_root() {
	nice chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive "$@"
}

# DKMS needs /proc (and /dev/fd through it) in the chroot.
unmount_proc() {
	! mountpoint -q "$root/proc" || umount "$root/proc"
}
unmount_proc || { echo "deb-install: cannot unmount $root/proc" >&2; exit 1; }
trap unmount_proc EXIT
trap 'exit 143' TERM INT
rm -rf "$work"
mkdir -p "$work"
: >"$log"
t0=$(date +%s)

step "make deb: both packages build, lintian reports no error or warning" \
	"${MAKE:-make}" --no-print-directory -C "$top" deb || finish
td=$(date +%s)
dkms_deb=$(ls "$debdir"/gpugov-dkms_*_all.deb)
pkgver=$(dpkg-deb -f "$dkms_deb" Version)
tools_deb=$(ls "$debdir"/gpugov-tools_"$pkgver"_"$(dpkg --print-architecture)".deb)
case $pkgver in "$version+git"[0-9]*) r=0 ;; *) r=1 ;; esac
ok $r "package version $pkgver: VERSION ($version) +git, the commit's time and hash"

base=$("$here/chroot.sh" "$cache" 2>>"$log")
ok $? "bookworm chroot with dkms and the headers of: $kvers (${base:-none})"
[ -n "$base" ] || finish
for k in $kvers; do
	[ -e "$base/usr/src/linux-headers-$k/.config" ]
	ok $? "chroot has linux-headers-$k" || finish
done
t1=$(date +%s)

cp -a "$base" "$root"
mount -t proc proc "$root/proc"
mkdir -p "$root/tmp/debs"
cp "$dkms_deb" "$tools_deb" "$root/tmp/debs/"
step "apt-get install ./$(basename "$dkms_deb") ./$(basename "$tools_deb") in the chroot" \
	in_root apt-get install -y --no-install-recommends \
	"/tmp/debs/$(basename "$dkms_deb")" "/tmp/debs/$(basename "$tools_deb")" ||
	finish
t2=$(date +%s)

for k in $kvers; do
	st=$(in_root dkms status -m gpugov -v "$pkgver" -k "$k" 2>/dev/null)
	case $st in *": installed"*) r=0 ;; *) r=1 ;; esac
	ok $r "dkms status for $k: $st"
	mkdir -p "$work/$k"
	for m in gpugov gpugov_sim; do
		f=$(find "$root/lib/modules/$k/updates/dkms" -name "$m.ko*" 2>/dev/null | head -n 1)
		case $f in
		*.ko.xz) xz -dc "$f" >"$work/$k/$m.ko" ;;
		*.ko.zst) zstd -qdc "$f" >"$work/$k/$m.ko" ;;
		*.ko) cp "$f" "$work/$k/$m.ko" ;;
		*) rm -f "$work/$k/$m.ko" ;;
		esac
		vm=$(/sbin/modinfo -F vermagic "$work/$k/$m.ko" 2>/dev/null)
		case $vm in "$k "*) r=0 ;; *) r=1 ;; esac
		ok $r "DKMS installed ${f#"$root"} for $k (vermagic: ${vm:-none})"
	done
done

# A kernel without devfreq: the 6.1 headers with CONFIG_PM_DEVFREQ unset.
k1=${kvers%% *}
nodf=/tmp/linux-headers-nodevfreq
rm -rf "$root$nodf"
cp -a "$root/usr/src/linux-headers-$k1" "$root$nodf"
sed -i '/^CONFIG_PM_DEVFREQ=/d' "$root$nodf/.config"
in_root dkms build -m gpugov -v "$pkgver" -k 0.0.0-nodevfreq \
	--kernelsourcedir "$nodf" >"$work/nodevfreq.log" 2>&1
r=$?
cat "$work/nodevfreq.log" >>"$log"
[ $r -eq 77 ] && grep -q BUILD_EXCLUSIVE "$work/nodevfreq.log"
ok $? "DKMS skips a kernel without CONFIG_PM_DEVFREQ (dkms build status $r, 77 = skipped)"

# A vendor's 5.10 kernel: the same headers (with devfreq), named 5.10.
old=/tmp/linux-headers-5.10
rm -rf "$root$old"
cp -a "$root/usr/src/linux-headers-$k1" "$root$old"
in_root dkms build -m gpugov -v "$pkgver" -k 5.10.160-rockchip-rk3588 \
	--kernelsourcedir "$old" >"$work/old.log" 2>&1
r=$?
cat "$work/old.log" >>"$log"
[ $r -eq 77 ] && grep -q BUILD_EXCLUSIVE "$work/old.log"
ok $? "DKMS skips a 5.10 kernel (dkms build status $r, 77 = skipped)"

for t in gpugov-replay gpugov-sim gpugov-simblob gpugov-status gpugov-trace gpugov-frames gpugov-ab; do
	v=$(in_root "$t" --version 2>&1)
	[ "$v" = "$t $version" ]
	ok $? "$t --version: $v (VERSION: $version)"
done
demo=/usr/share/gpugov/sim/phase-alternating
in_root gpugov-simblob "$demo.trace" /tmp/demo.blob >>"$log" 2>&1 &&
	cmp -s "$root/tmp/demo.blob" "$root$demo.blob"
ok $? "gpugov-simblob converts the packaged demo trace to the packaged blob"
for f in sysfs-class-devfreq-gpugov debugfs-gpugov; do
	[ -e "$root/usr/share/doc/gpugov-tools/ABI/testing/$f.gz" ] ||
		[ -e "$root/usr/share/doc/gpugov-tools/ABI/testing/$f" ]
	ok $? "ABI file $f installed in /usr/share/doc/gpugov-tools/ABI/testing"
done
step "gpugov-replay --help runs" in_root gpugov-replay --help
step "gpugov-trace --help runs" in_root gpugov-trace --help
for p in "$top"/drivers_glue/*/*/*.patch; do
	g=${p#"$top"/drivers_glue/}
	cmp -s "$p" "$root/usr/share/gpugov/glue/$g"
	ok $? "glue patch $g installed in /usr/share/gpugov/glue"
done
step "gpugov-sim simulates a kernel from /usr/share/gpugov" \
	in_root gpugov-sim run -g /usr/share/gpugov/gpus/fermi-15sm.gpu \
	-w /usr/share/gpugov/workloads/kernels/compute-fma.wl
for page in "$top"/docs/man/*.[1-9]; do
	[ -e "$page" ] || continue
	p=$(basename "$page")
	[ -e "$root/usr/share/man/man${p##*.}/$p.gz" ]
	ok $? "man page $p installed"
done
t3=$(date +%s)

for k in $kvers; do
	VM_KVER=$k VM_DIR=$vmdir VM_NAME=deb-install-$k "$top/tools/vm/vmtest.sh" \
		--module "$work/$k/gpugov.ko" --module "$work/$k/gpugov_sim.ko" \
		--intree governor_simpleondemand --file "$root$demo.blob:/sim-demo.blob" \
		--test "$top/selftests/vm/dkms/10_modprobe.sh" >"$work/vm-$k.tap" 2>&1
	got=0
	while IFS= read -r line; do
		case $line in
		"ok "*|"not ok "*)
			got=1
			what=${line#*ok }
			what=${what#* - }
			case $line in ok*) r=0 ;; *) r=1 ;; esac
			ok $r "$k guest: $what"
			;;
		"#"*) echo "$line" ;;
		esac
	done <"$work/vm-$k.tap"
	[ $got = 1 ] || { sed 's/^/# /' "$work/vm-$k.tap" | tail -n 20; ok 1 "$k guest ran"; }
done
t4=$(date +%s)

step "apt-get purge of both packages" \
	in_root apt-get purge -y gpugov-dkms gpugov-tools
left=$(ls -d "$root"/lib/modules/*/updates/dkms/gpugov* "$root/usr/src/gpugov-$pkgver" \
	"$root/var/lib/dkms/gpugov" 2>/dev/null)
[ -z "$left" ]
ok $? "purge leaves no module, source or DKMS tree behind${left:+: $left}"

echo "# times: make deb $((td - t0)) s, chroot $((t1 - td)) s, install+DKMS $((t2 - t1)) s," \
	"checks $((t3 - t2)) s, guests $((t4 - t3)) s, purge $(($(date +%s) - t4)) s"
unmount_proc
[ "$fail" -eq 0 ] && rm -rf "$root"
finish
