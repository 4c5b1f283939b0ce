/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errfmt.h - "FILE:LINE: message" into a fixed-size buffer, for every
 * parser of the tools.  The buffer is never overrun, whatever the lengths
 * of the path and the message.
 */
#ifndef GPUGOV_ERRFMT_H
#define GPUGOV_ERRFMT_H

#include <stdarg.h>
#include <stddef.h>

void gpugov_verr_at(char *buf, size_t size, const char *path,
		    unsigned long line, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));
void gpugov_err_at(char *buf, size_t size, const char *path,
		   unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif /* GPUGOV_ERRFMT_H */
