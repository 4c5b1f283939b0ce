/* SPDX-License-Identifier: GPL-2.0 */
/*
 * capnames.h - the trace columns behind GPUGOV_CAP_* bits, for messages
 * that say which counters are missing.
 */
#ifndef GPUGOV_CAPNAMES_H
#define GPUGOV_CAPNAMES_H

#include <stddef.h>
#include "gpugov_sample.h"

void caps_columns(u32 caps, char *buf, size_t len);

#endif /* GPUGOV_CAPNAMES_H */
