/* SPDX-License-Identifier: GPL-2.0 */
/*
 * version.h - the project's version, for every tool's --version.
 */
#ifndef GPUGOV_TOOLS_VERSION_H
#define GPUGOV_TOOLS_VERSION_H

#include <stdbool.h>

/* The top-level VERSION file's text, compiled in (Makefile). */
extern const char gpugov_version[];

bool is_version_opt(const char *arg);
int print_version(const char *tool);

#endif
