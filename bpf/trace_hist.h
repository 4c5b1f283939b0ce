/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_hist.h - gpugov-trace --hist: print the histograms the BPF side
 * summed (frequency residency, prediction error).
 */
#ifndef GT_TRACE_HIST_H
#define GT_TRACE_HIST_H

#include <stdio.h>

int gt_hist_print_residency(FILE *f, int map_fd);
int gt_hist_print_prederr(FILE *f, int map_fd);

#endif /* GT_TRACE_HIST_H */
