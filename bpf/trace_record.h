/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_record.h - gpugov-trace --record: a v1 sample trace of one device
 * (docs/trace-format.md) that `gpugov-replay run` checks.
 */
#ifndef GT_TRACE_RECORD_H
#define GT_TRACE_RECORD_H

#include <stdio.h>
#include "gpugov_trace.h"
#include "trace.h"

/**
 * struct gt_recorder - an open recording
 * @f: the trace file
 * @path: its name
 * @hdr: the header written: device, OPP table, all counter columns
 * @records: records written
 */
struct gt_recorder {
	FILE *f;
	const char *path;
	struct gpugov_trace_hdr hdr;
	unsigned long long records;
};

int gt_record_open(struct gt_recorder *r, const char *path, const char *dev,
		   char *err, size_t errlen);
int gt_record_sample(struct gt_recorder *r, const struct gpugov_sample *s,
		     const struct gt_decision *d);
int gt_record_close(struct gt_recorder *r);

#endif /* GT_TRACE_RECORD_H */
