/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nvdvfs.h - rows of the NV-DVFS-Benchmark measurement CSVs (kernel x
 * (core, mem) clock pairs with nvprof metrics, power where measured) as
 * gpugov samples.  The files are read from where the user keeps them;
 * nothing of them is part of this project.
 */
#ifndef GPUGOV_NVDVFS_H
#define GPUGOV_NVDVFS_H

#include <stddef.h>
#include "csvtab.h"
#include "gpugov_sample.h"

/**
 * struct nvdvfs_cols - column indices (-1: absent) of one file
 */
struct nvdvfs_cols {
	int app, kernel, arg, core, mem, time_ms, power_w;
	int warps, blocks, occ, l2r, l2w, drr, drw, shl, shs, gld, gst, ipw;
};

int nvdvfs_cols_find(const struct csvtab *t, struct nvdvfs_cols *c,
		     char *err, size_t errlen);
int nvdvfs_warps(const struct csvtab *t, size_t row,
		 const struct nvdvfs_cols *c, double *warps, char *err,
		 size_t errlen);
int nvdvfs_power_w(const struct csvtab *t, size_t row, int col,
		   double *power_w, char *err, size_t errlen);
int nvdvfs_row_sample(const struct csvtab *t, size_t row,
		      const struct nvdvfs_cols *c, struct gpugov_sample *s,
		      double *power_w, char *err, size_t errlen);

#endif /* GPUGOV_NVDVFS_H */
