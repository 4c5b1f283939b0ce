/* SPDX-License-Identifier: GPL-2.0 */
/*
 * coremem_gpu.h - choosing the GPU description of the core+memory model in
 * the userspace tools: a built-in name (predictors/gpugov_coremem_gpus.c)
 * or a key=value file (format in docs/coremem.md), read strictly.
 */
#ifndef GPUGOV_COREMEM_GPU_H
#define GPUGOV_COREMEM_GPU_H

#include <stddef.h>
#include <stdio.h>
#include "gpugov_coremem.h"

#define COREMEM_GPU_ERR_MAX	512

/**
 * struct coremem_gpu_sel - a chosen description
 * @set: something was chosen
 * @id: enum gpugov_coremem_gpu_id, GPUGOV_CM_NR_GPUS for a file
 * @p: its parameters
 * @what: the name, or the file's path, for messages
 */
struct coremem_gpu_sel {
	bool set;
	u32 id;
	struct gpugov_coremem_params p;
	char what[256];
};

int coremem_gpu_parse_file(const char *path, struct gpugov_coremem_params *p,
			   char *err, size_t errlen);
int coremem_gpu_select(const char *arg, struct coremem_gpu_sel *sel,
		       char *err, size_t errlen);
void coremem_gpu_names(char *buf, size_t len);
int coremem_gpu_key_find(const char *name);
double coremem_gpu_key_get(const struct gpugov_coremem_params *p, int i);
void coremem_gpu_key_set(struct gpugov_coremem_params *p, int i, double v);
int coremem_gpu_write(FILE *f, const struct gpugov_coremem_params *p);

#endif /* GPUGOV_COREMEM_GPU_H */
