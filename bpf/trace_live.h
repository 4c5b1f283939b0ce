/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_live.h - gpugov-trace's default output: one line per decision.
 */
#ifndef GT_TRACE_LIVE_H
#define GT_TRACE_LIVE_H

#include <stdio.h>
#include "gpugov_trace.h"

const char *gt_pred_name(__u32 id);
void gt_live_header(FILE *f);
void gt_live_line(FILE *f, const struct gt_decision *e, __u64 start_ns);

#endif /* GT_TRACE_LIVE_H */
