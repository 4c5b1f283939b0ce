/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rt_bound.h - how long a real-time run can last, for the harnesses that
 * cap their work (fuzz_rt.c, fuzz_realtime.c).
 */
#ifndef GPUGOV_FUZZ_RT_BOUND_H
#define GPUGOV_FUZZ_RT_BOUND_H

#include "sim_rt.h"

u64 rt_end_bound(const struct sim_rt_scenario *sc, u32 nr_frames, u64 slack_ns);

#endif /* GPUGOV_FUZZ_RT_BOUND_H */
