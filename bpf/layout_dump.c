// SPDX-License-Identifier: GPL-2.0
/*
 * layout_dump.c - print the struct gpugov_dev layout gpugov-trace was
 * built for ("size N", then "MEMBER OFFSET" per member), for
 * bpf/layout-check.sh to compare with the module's DWARF.
 */
#include <stdio.h>

#include "trace_layout.h"

int main(void)
{
	size_t i;

	printf("size %zu\n", gt_dev_size);
	for (i = 0; i < gt_nr_dev_members; i++)
		printf("%s %zu\n", gt_dev_members[i].name, gt_dev_members[i].off);
	return 0;
}
