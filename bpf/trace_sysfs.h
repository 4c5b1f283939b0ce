/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_sysfs.h - the governor's files gpugov-trace reads: module state,
 * devices running gpugov (debugfs), tunables (sysfs).
 */
#ifndef GT_TRACE_SYSFS_H
#define GT_TRACE_SYSFS_H

#include <stdbool.h>
#include <stddef.h>

#define GT_SYS_MODULE	"/sys/module/gpugov"
#define GT_MODULE_BTF	"/sys/kernel/btf/gpugov"
#define GT_DEBUGFS_ROOT	"/sys/kernel/debug"
#define GT_DEBUGFS	GT_DEBUGFS_ROOT "/gpugov"
#define GT_DEVFREQ	"/sys/class/devfreq"

int gt_read_file(const char *path, char *buf, size_t size);
int gt_read_word(const char *path, char *buf, size_t size);
bool gt_module_loaded(void);
int gt_only_device(char *dev, size_t size);
const char *gt_debugfs_why(const char *dev);

#endif /* GT_TRACE_SYSFS_H */
