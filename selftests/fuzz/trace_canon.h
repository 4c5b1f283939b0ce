/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_canon.h - rewrite a trace's numbers the way docs/trace-format.md
 * defines them: "unsigned decimal (0x hex is accepted)".
 */
#ifndef GPUGOV_FUZZ_TRACE_CANON_H
#define GPUGOV_FUZZ_TRACE_CANON_H

#include <stddef.h>

char *trace_canon(const char *text, size_t len, size_t *outlen);

#endif /* GPUGOV_FUZZ_TRACE_CANON_H */
