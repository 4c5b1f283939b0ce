/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtpolicy.h - governors on the real-time engine (drivers_glue/sim_rt.h):
 * performance, simple_ondemand, gpugov and the no-loss oracle, each run
 * on a driver profile's polling interval, busy/total units and, for msm,
 * its boost after a long idle.  `gpugov-replay realtime` prints them.
 */
#ifndef GPUGOV_RTPOLICY_H
#define GPUGOV_RTPOLICY_H

#include <stdio.h>
#include "govstep.h"
#include "ondemand.h"
#include "rtfrontier.h"
#include "sim_rt.h"

/**
 * struct rt_profile - what a GPU driver sets devfreq up with
 *	(docs/sim-profiles.md)
 * @name: --profile value
 * @polling_ms: devfreq polling interval
 * @od: its simple_ondemand thresholds
 * @msm: busy/total as msm reports them (us, busy from a 19.2 MHz cycle
 *	counter), and msm's boost: after an idle longer than the polling
 *	interval, a floor of twice the clock for one polling interval
 * @smu: amdgpu's bridge: the SMU firmware picks the clock under the soft
 *	maximum a governor sets (drivers_glue/sim_smu.h); busy/total are
 *	its averaged GFX activity, percent of 100
 */
struct rt_profile {
	const char *name;
	u32 polling_ms;
	struct ondemand_params od;
	bool msm;
	bool smu;
};

const struct rt_profile *rt_profile_find(const char *name);
void rt_profile_names(FILE *f);
void rt_profile_list(FILE *f);

/*
 * RT_FIRMWARE: the SMU firmware's own choice, no governor (@smu only);
 * RT_FRONTIER: the causal bound of --frontier (rtfrontier.h).
 */
enum rt_kind {
	RT_PERFORMANCE, RT_ONDEMAND, RT_GPUGOV, RT_ORACLE, RT_FIRMWARE, RT_FRONTIER
};

/**
 * struct rt_policy - one row of `realtime`
 * @kind: the governor
 * @react: RT_GPUGOV: how gpugov decides between polls (enum gpugov_react);
 *	GPUGOV_REACT_OFF: at polls only, with the tunables as given
 * @hint: RT_GPUGOV reacting: told the frame period (the hint source);
 *	else it has only what it learns
 * @fence: RT_GPUGOV: its counter source hands on each frame's fence
 *	deadline (the vsync after the frame arrived; with --vrr its arrival),
 *	kept and read at each tick as the kernel keeps and reads
 *	gpugov_source_set_deadline()'s (gpugov_fence.c); RT_ONDEMAND on msm:
 *	msm's own deadline rule, a boost 3 ms before each deadline that
 *	became its next one, unless the frame is done by then
 *	(msm_fence_set_deadline(), deadline_work())
 * @front: RT_FRONTIER: its settings
 */
struct rt_policy {
	enum rt_kind kind;
	u32 react;
	bool hint;
	bool fence;
	struct rt_frontier front;
};

/* What gpugov is given: the trace's counters, busy/total, Mali's. */
enum rt_view { RT_VIEW_COUNTERS, RT_VIEW_STOCK, RT_VIEW_MALI };

/**
 * struct rt_setup - one trace on one profile, shared by every policy
 * @w: the sweep
 * @sc: the engine's scenario (its records built from @w)
 * @prof: the profile
 * @od: simple_ondemand's thresholds
 * @view: what gpugov sees
 * @pred: gpugov's model
 * @params: gpugov's policy parameters
 * @start_opp: where a governor's run starts (the scenario's start_opp is
 *	the top OPP, performance's)
 */
struct rt_setup {
	const struct sweep *w;
	struct sim_rt_scenario sc;
	const struct rt_profile *prof;
	struct ondemand_params od;
	enum rt_view view;
	enum gpugov_pred_id pred;
	struct gpugov_policy_params params;
	u32 start_opp;
};

/**
 * struct rt_seq - where a run's decisions (--sequence) and frames (--frames) go
 * @f: the decisions' CSV being written, or NULL
 * @frames: the frames' CSV being written, or NULL
 * @workload: their workload column
 * @policy: their policy column
 */
struct rt_seq {
	FILE *f;
	FILE *frames;
	const char *workload;
	const char *policy;
};

int rt_setup_init(struct rt_setup *su, const struct sweep *w, u64 period_ns,
		  u64 poll_ns, u32 load_pct, u32 segs_per_frame, char *err,
		  size_t errlen);
void rt_setup_free(struct rt_setup *su);
int rt_policy_run(const struct rt_setup *su, const struct rt_policy *pol,
		  const struct rt_seq *seq, struct sim_rt_result *res);

#endif /* GPUGOV_RTPOLICY_H */
