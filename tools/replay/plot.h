/* SPDX-License-Identifier: GPL-2.0 */
/*
 * plot.h - what the kinds of `gpugov-replay plot` share (cmd_plot.c):
 * gnuplot fed through a pipe, its data inline, and the rows chosen.
 */
#ifndef GPUGOV_PLOT_H
#define GPUGOV_PLOT_H

#include <stdbool.h>
#include <stdio.h>
#include "rows.h"

/* line types 1..PLOT_NR_COLOURS: the colour-blind-safe set of cmd_plot.c */
#define PLOT_NR_COLOURS	7
#define PLOT_BLUE	1
#define PLOT_VERMILLION	4
#define PLOT_BLACK	7

/**
 * struct plot_opts - the command line
 * @out: the PNG gnuplot writes (the temporary file of outfile.h)
 * @workload: --workload, or NULL for the first row's
 * @policies: --policies, comma-separated, or NULL for all
 * @sequence: --sequence, a timeline's decisions, or NULL
 * @trace: --trace, the trace whose OPP table a timeline's OPPs index
 */
struct plot_opts {
	const char *out, *workload, *policies, *sequence, *trace;
};

/* Rows of one workload (--workload, or the first row's) written to @g. */
struct rows_ctx {
	const struct plot_opts *o;
	FILE *g;
	char workload[128];
};

FILE *gnuplot_open(const struct plot_opts *o, const char *title,
		   const char *xlabel, const char *ylabel);
int gnuplot_close(FILE *g);
int gnuplot_rows(FILE *g, const char *path, const char *header, rows_fn row,
		 void *ctx);
bool row_wanted(struct rows_ctx *r, char **f);
int plot_timeline(const char *path, const struct plot_opts *o);

#endif /* GPUGOV_PLOT_H */
