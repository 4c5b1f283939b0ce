/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim_smu.h - a model of the SMU firmware's sclk DPM on an AMD GPU: the
 * firmware, not the driver, picks the graphics clock, from its own
 * averaged GFX activity, inside the soft min/max range the driver set.
 * gpugov_sim's amdgpu profile and `gpugov-replay realtime --profile
 * amdgpu` both run it (no floating point, no libc), on the real-time
 * engine's FW events (sim_rt.h), so their runs are one.
 *
 * Every behaviour and constant and where it comes from (Linux 6.1/6.12,
 * drivers/gpu/drm/amd/pm/; docs/sim-profiles.md, "amdgpu"):
 *
 * - Busy set point 30 %, up hysteresis 0, down hysteresis 100: the
 *   default profile's sclk settings the driver programs into every
 *   graphics DPM level (smu7_hwmgr.c: smu7_init_dpm_defaults() sets
 *   sclk_up_hyst 0, sclk_down_hyst 100, sclk_activity
 *   SMU7_SCLK_TARGETACTIVITY_DFLT = 30; polaris10_smumgr.c:
 *   polaris10_populate_single_graphic_level() writes them as the level's
 *   ActivityLevel, UpHyst, DownHyst), and what pp_power_profile_mode
 *   prints for it (SCLK_UP_HYST 0, SCLK_DOWN_HYST 100, SCLK_ACTIVE_LEVEL
 *   30).
 * - Evaluation every 1 ms: polaris10_init_smc_table() sets the DPM
 *   table's GraphicsInterval to 1; the driver does not give its unit: the
 *   model takes ms.  The hysteresis counts evaluations.
 * - The averaged activity is a fixed-point percentage with 8 fraction
 *   bits: the AverageGraphicsActivity soft register, which
 *   smu7_read_sensor() turns into the GPU-load percentage as
 *   (v + 0x80) >> 8, at most 100.  The firmware's averaging is not
 *   published: the model keeps an exponential mean with weight
 *   1/2^SIM_SMU_AVG_SHIFT per evaluation, chosen before any run and not
 *   tuned.
 * - The choice: the lowest level whose clock would bring the averaged
 *   activity, scaled by the clock in force over that level's clock, to
 *   the set point or under (the set point as a target activity); up at
 *   once, down only after the lower choice has held for the down
 *   hysteresis.  That reading of ActivityLevel/UpHyst/DownHyst is the
 *   model's: the firmware's code is not published.
 * - A soft range takes effect at once: the clock in force moves into it
 *   (SMU_MSG_SetSoftMinByFreq/SetSoftMaxByFreq,
 *   smu_v11_0_set_soft_freq_limited_range()).
 */
#ifndef GPUGOV_SIM_SMU_H
#define GPUGOV_SIM_SMU_H

#include "sim_rt.h"

#define SIM_SMU_EVAL_NS		1000000ULL
#define SIM_SMU_SET_POINT	30
#define SIM_SMU_UP_HYST		0
#define SIM_SMU_DOWN_HYST	100
#define SIM_SMU_AVG_SHIFT	3
/* 100 % in AverageGraphicsActivity's fixed point */
#define SIM_SMU_FULL		(100U << 8)

/**
 * struct sim_smu - the firmware's DPM state
 * @nr: graphics DPM levels
 * @khz: their clocks, ascending
 * @soft_min: lowest level the driver allows
 * @soft_max: highest level the driver allows
 * @level: the level in force
 * @avg: averaged activity, percent with 8 fraction bits
 * @up: evaluations in a row whose choice was above the level in force
 * @down: evaluations in a row whose choice was below it
 * @last_ns: time of the last evaluation
 * @last_busy_ns: busy time of the GPU up to it
 */
struct sim_smu {
	u32 nr;
	u32 khz[GPUGOV_MAX_OPPS];
	u32 soft_min;
	u32 soft_max;
	u32 level;
	u32 avg;
	u32 up;
	u32 down;
	u64 last_ns;
	u64 last_busy_ns;
};

void sim_smu_init(struct sim_smu *s, const u32 *khz, u32 nr, u32 level);
u32 sim_smu_set_range(struct sim_smu *s, u32 soft_min, u32 soft_max);
u32 sim_smu_eval(struct sim_smu *s, u64 now_ns, u64 busy_ns);
u32 sim_smu_load_pct(const struct sim_smu *s);
void sim_smu_rt_start(struct sim_smu *s, struct sim_rt *rt);
void sim_smu_rt_eval(struct sim_smu *s, struct sim_rt *rt);
void sim_smu_rt_target(struct sim_smu *s, struct sim_rt *rt, u32 soft_max);

#endif /* GPUGOV_SIM_SMU_H */
