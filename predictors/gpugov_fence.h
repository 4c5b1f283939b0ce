/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_fence.h - the frame deadline a counter source keeps for gpugov,
 * by the dma-fence contract (gpugov_fence.c).
 */
#ifndef GPUGOV_FENCE_H
#define GPUGOV_FENCE_H

#include "gpugov_shim.h"

void gpugov_fence_set(u64 *kept_ns, u64 deadline_ns, u64 now_ns);
u64 gpugov_fence_take(u64 *kept_ns, u64 now_ns);

#endif /* GPUGOV_FENCE_H */
