/* SPDX-License-Identifier: GPL-2.0 */
/*
 * strnum.h - strict number parsing for every tool: the whole string is
 * the number, with no sign, no blanks and no overflow.  strtoull() and
 * friends accept all three, and with base 0 read "0200" as octal.
 */
#ifndef GPUGOV_STRNUM_H
#define GPUGOV_STRNUM_H

#include <stddef.h>
#include "gpugov_shim.h"

int parse_u64(const char *s, size_t len, u64 *out);
int parse_u32(const char *s, size_t len, u32 *out);
int parse_x64(const char *s, size_t len, u64 *out);
int parse_finite(const char *s, double *out);

#endif /* GPUGOV_STRNUM_H */
