/* SPDX-License-Identifier: GPL-2.0 */
/*
 * names.h - the names an option accepts, for help texts and messages.
 */
#ifndef GPUGOV_TOOLS_NAMES_H
#define GPUGOV_TOOLS_NAMES_H

#include <stddef.h>

/* Big enough for every list below. */
#define NAMES_MAX	256

const char *name_list(const char *(*name)(int id), int first, int n,
		      char *buf, size_t len);
const char *objective_names(int first, char *buf, size_t len);
const char *predictor_names(char *buf, size_t len);

#endif
