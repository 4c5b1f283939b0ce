/* SPDX-License-Identifier: GPL-2.0 */
/*
 * import.h - the pieces of `gpugov-replay import`: the generic CSV layout
 * (import_csv.c), output file names and all-or-nothing output
 * (import_out.c).  The NV-DVFS-Benchmark layout is tools/common/nvdvfs.c.
 */
#ifndef GPUGOV_IMPORT_H
#define GPUGOV_IMPORT_H

#include <stdbool.h>
#include <stdio.h>
#include "csvtab.h"
#include "nvdvfs.h"
#include "outfile.h"
#include "gpugov_sample.h"

/**
 * struct import_row - one measurement (kernel at one clock pair): what the
 * checks of the whole file and the grouping need.  The full sample (3 KB
 * with its wave slots) is converted again from the table for the record
 * that is written (import_row_sample()), so that a row costs tens of
 * bytes, not a sample.
 * @key: the kernel's name (allocated)
 * @core_khz, @mem_khz: its clock pair
 * @caps: its sample's GPUGOV_CAP_* bits: only the groups whose every
 *	given column has a value on this row
 * @interval_ns: its time
 * @power_w: mean power, 0 where not measured
 * @pair: its clock pair's index in struct import's @pp
 */
struct import_row {
	char *key;
	u32 core_khz, mem_khz, caps;
	u64 interval_ns;
	double power_w;
	size_t pair;
};

/**
 * struct import_csv - columns of a generic CSV (import_csv_header())
 * @kernel, @core, @mem, @time, @power, @busy: column indices, -1 if absent
 * @cap: GPUGOV_CAP_* of each column (sample field columns), else 0
 */
struct import_csv {
	int kernel, core, mem, time, power, busy;
	u32 *cap;
};

int import_csv_header(const struct csvtab *t, struct import_csv *c, char *err,
		      size_t errlen);
void import_csv_free(struct import_csv *c);
int import_csv_key(const struct csvtab *t, size_t r, const struct import_csv *c,
		   char **key, char *err, size_t errlen);
int import_csv_row(const struct csvtab *t, size_t r, const struct import_csv *c,
		   struct gpugov_sample *s, double *power_w, char *err, size_t errlen);
void import_csv_warn_dropped(const struct csvtab *t, const struct import_csv *c,
			     const size_t *scope, size_t of, u32 dropped, const char *dest);
void import_warn_lines(const struct csvtab *t, const char *what, const size_t *rows,
		       size_t n, size_t of, const char *then);

/**
 * struct pair_power - the power measured at one clock pair, all kernels
 */
struct pair_power {
	double sum_w;
	unsigned long n;
};

/**
 * struct import - one input file being imported
 * @t: its table
 * @nvdvfs: the NV-DVFS-Benchmark layout, else the generic one
 * @nc, @gc: its columns in that layout
 * @rows: one per data row
 * @nk: the kernels, numbered in the order of their first rows
 * @order: every row's index, grouped by kernel: kernel k's rows are
 *	order[kstart[k]] .. order[kstart[k + 1] - 1], in file order
 * @kstart: nk + 1 offsets into @order
 * @pp: the power at each clock pair
 * @power: every row has power: the traces carry it
 * @device: the device name for the traces
 */
struct import {
	const struct csvtab *t;
	bool nvdvfs;
	struct nvdvfs_cols nc;
	struct import_csv gc;
	struct import_row *rows;
	size_t nk;
	size_t *order, *kstart;
	struct pair_power *pp;
	bool power;
	const char *device;
	const char *coremem_gpu;
};

int import_read_rows(struct import *im, char *err, size_t errlen);
void import_free_rows(struct import *im);
int import_row_sample(const struct import *im, size_t r, struct gpugov_sample *s,
		      double *power_w, char *err, size_t errlen);
long import_kernel_pairs(const struct import *im, size_t k, size_t *idx, char *err,
			 size_t errlen);
double import_pair_power(const struct import *im, size_t r);
u32 import_scope_caps(const struct import *im, const size_t *scope, size_t n,
		      const char *dest);

/**
 * struct import_out - trace files written all or nothing
 * @dir: output directory
 * @made_dir: it was created by this import (removed again on failure)
 * @nr: files so far
 * @cap: room in @files
 * @files: each file being written
 */
struct import_out {
	const char *dir;
	bool made_dir;
	size_t nr, cap;
	struct outfile *files;
};

int import_names(const char *const *keys, const size_t *lines, size_t n,
		 const char *src, char **names, char *err, size_t errlen);
int import_out_begin(struct import_out *o, const char *dir, char *err,
		     size_t errlen);
FILE *import_out_open(struct import_out *o, const char *name, char *err,
		      size_t errlen);
int import_out_close(struct import_out *o, char *err, size_t errlen);
int import_out_commit(struct import_out *o, char *err, size_t errlen);
void import_out_abort(struct import_out *o);

#endif /* GPUGOV_IMPORT_H */
