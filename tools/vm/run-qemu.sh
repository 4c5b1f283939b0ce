#!/bin/sh
# run-qemu.sh KERNEL INITRD LOG [TIMEOUT_S] - boot the test guest once.
#
# TCG only (KVM hangs on the CI machines), serial console to LOG, no
# reboot (a panic with panic=-1 ends QEMU instead of looping; a soft
# lockup panics too, so a hung guest ends at once with its trace), and the
# isa-debug-exit device through which the guest reports.  Exits with
# QEMU's status: 33 = guest said success (0x10), 35 = guest said
# failure, 124 = timeout, 0 = guest powered off or paniced.  VM_MEM sets
# the guest's memory (default 512M), VM_APPEND extra kernel arguments.
#
# Two vCPUs, but one host thread runs both (thread=single).  Under
# multi-threaded TCG, QEMU 7.2 (bookworm's) lets a vCPU execute a stale
# int3 after the kernel's text_poke_bp() has finished patching a static
# branch on the other vCPU: toggling any tracepoint while devfreq polls
# oopses the guest within seconds ("Oops: int3", in gpugov or in
# __schedule alike), while 9,000 toggles in 120 s under thread=single
# ran clean.  The guest still interleaves its two CPUs, at
# translation-block granularity.  VM_TCG=multi brings MTTCG back.
set -u

kernel=${1:?usage: run-qemu.sh KERNEL INITRD LOG [TIMEOUT_S]}
initrd=${2:?}
log=${3:?}
tmo=${4:-600}

rm -f "$log"
timeout --foreground -k 10 "$tmo" qemu-system-x86_64 \
	-accel tcg,thread=${VM_TCG:-single} -cpu max -smp 2 -m "${VM_MEM:-512M}" \
	-display none -monitor none -serial "file:$log" \
	-no-reboot \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 rdinit=/init panic=-1 loglevel=4 nokaslr tsc=reliable no_timer_check softlockup_panic=1 ${VM_APPEND:-}" \
	</dev/null
