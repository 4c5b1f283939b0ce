/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim_unaligned.h - get_unaligned_le*() moved from <asm/unaligned.h> to
 * <linux/unaligned.h> in 6.12.
 */
#ifndef GPUGOV_SIM_UNALIGNED_H
#define GPUGOV_SIM_UNALIGNED_H

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif /* GPUGOV_SIM_UNALIGNED_H */
