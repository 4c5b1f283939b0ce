/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_layout.h - where gpugov.ko keeps the fields gpugov-trace reads
 * through the decision tracepoint's struct gpugov_dev pointer.
 */
#ifndef GT_TRACE_LAYOUT_H
#define GT_TRACE_LAYOUT_H

#include <stddef.h>
#include "gpugov_trace.h"

/* One member of struct gpugov_dev: name, offset and size in this build. */
struct gt_member {
	const char *name;
	size_t off;
	size_t size;
};

extern const struct gt_member gt_dev_members[];
extern const size_t gt_nr_dev_members;
extern const size_t gt_dev_size;

void gt_layout_fill(struct gt_layout *l);
int gt_layout_check_btf(const char *btf_path, char *err, size_t errlen);

#endif /* GT_TRACE_LAYOUT_H */
