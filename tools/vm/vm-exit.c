// SPDX-License-Identifier: GPL-2.0
/*
 * vm-exit.c - leave the QEMU guest through the isa-debug-exit device.
 *
 * Usage: vm-exit CODE.  QEMU exits with status (CODE << 1) | 1, so the
 * host can tell "the guest finished and said CODE" from a hang, a reboot
 * after a panic, or a clean poweroff (status 0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>

#define DEBUG_EXIT_PORT 0xf4

int main(int argc, char **argv)
{
	unsigned long code;
	char *end;

	if (argc != 2)
		return 2;
	code = strtoul(argv[1], &end, 0);
	if (*end || code > 0x7f)
		return 2;
	if (ioperm(DEBUG_EXIT_PORT, 1, 1)) {
		perror("vm-exit: ioperm");
		return 1;
	}
	outb((unsigned char)code, DEBUG_EXIT_PORT);
	return 1;	/* not reached when the device exists */
}
