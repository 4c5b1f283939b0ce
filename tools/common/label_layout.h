/* SPDX-License-Identifier: GPL-2.0 */
/*
 * label_layout.h - where to put a plot's labels in a column so that no
 * two overlap (gpugov-replay plot energy).
 */
#ifndef GPUGOV_LABEL_LAYOUT_H
#define GPUGOV_LABEL_LAYOUT_H

#include <stddef.h>

#define LABEL_LAYOUT_MAX	128

int label_layout(const double *want, double *pos, size_t n, double gap);

#endif /* GPUGOV_LABEL_LAYOUT_H */
