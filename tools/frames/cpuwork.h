/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpuwork.h - the --cpu path's frame work: a calibrated spin, then the
 * frame drawn into a dumb buffer.
 */
#ifndef GPUGOV_FRAMES_CPUWORK_H
#define GPUGOV_FRAMES_CPUWORK_H
#include <stddef.h>
#include <stdint.h>

double cpu_unit_ns(void);
void cpu_work(uint64_t units);
void cpu_fill(void *buf, uint32_t pitch, uint32_t height, unsigned long frame);
#endif /* GPUGOV_FRAMES_CPUWORK_H */
