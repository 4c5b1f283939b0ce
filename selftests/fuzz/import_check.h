/* SPDX-License-Identifier: GPL-2.0 */
/*
 * import_check.h - what an accepted `gpugov-replay import` must have written.
 */
#ifndef GPUGOV_FUZZ_IMPORT_CHECK_H
#define GPUGOV_FUZZ_IMPORT_CHECK_H

void import_check(const char *layout, const char *csv, const char *dir);

#endif /* GPUGOV_FUZZ_IMPORT_CHECK_H */
