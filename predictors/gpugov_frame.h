/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_frame.h - decisions in real time: frame deadlines from a hint, a
 * fence or the learned cadence, and re-decisions inside a frame
 * (gpugov_frame.c).
 */
#ifndef GPUGOV_FRAME_H
#define GPUGOV_FRAME_H

#include "gpugov_cadence.h"
#include "gpugov_policy.h"

/* Where the deadline comes from; the higher wins (hint > fence > learned). */
enum gpugov_dl_src {
	GPUGOV_DL_NONE,
	GPUGOV_DL_LEARNED,
	GPUGOV_DL_FENCE,
	GPUGOV_DL_HINT,
	GPUGOV_NR_DL,
};

/* How gpugov gets to decide between the device's polls. */
enum gpugov_react {
	GPUGOV_REACT_OFF,	/* at the device's polls only */
	GPUGOV_REACT_TIMER,	/* its own timer: vsyncs and checks in frames */
	GPUGOV_REACT_FRAME,	/* its timer at vsyncs, one check if at risk */
	GPUGOV_REACT_FENCE,	/* as frame on fences (or a hint), else off */
	GPUGOV_REACT_POLL,	/* a shorter polling interval: a frame's */
	GPUGOV_NR_REACT,
};

/* What a tick did (gpugov_frame_step()). */
enum gpugov_frame_act {
	GPUGOV_FRAME_KEEP,	/* nothing to decide: the OPP stays */
	GPUGOV_FRAME_DECIDED,	/* a decision of the objective */
	GPUGOV_FRAME_RAISED,	/* a frame running late: a faster OPP */
};

/* Ticks while learning the cadence with no deadline known. */
#define GPUGOV_FRAME_PROBE_NS	2000000ULL
/* The hint's range: 2 ms to 100 ms (the cadence's), 0 for none. */
#define GPUGOV_FRAME_HINT_MIN_US	2000U
#define GPUGOV_FRAME_HINT_MAX_US	100000U

/**
 * struct gpugov_frame_state - real-time state of one device
 * @cad: the learned cadence
 * @acc: the windows since the last decision, summed (no per-wave records)
 * @chk: scratch: the predictions of a check inside a frame
 * @src: the deadline source of the last tick, enum gpugov_dl_src
 * @period_ns: the frame period in use, 0 for none
 * @fence_ns: the deadline a fence gave, 0 for none (gpugov_frame_fence())
 * @fence_prev_ns: the one before it
 * @fence_new: @fence_ns has not been a frame boundary yet
 * @next_vsync_ns: when the next frame decision is due, 0 for at once
 * @deadline_ns: the deadline of the frame in flight
 * @check_ns: the next check inside it, U64_MAX for none
 * @work_hi_ps: recent frames' work at the top OPP, a maximum that decays
 *	by a quarter a frame
 * @plan_opp: the OPP the frame in flight was decided at
 * @plan_ps: @work_hi_ps at @plan_opp, by the frame decision's predictions
 * @held: GPUGOV_REACT_FRAME: the learned cadence's phase is held, no
 *	probes: the windows are frames, not onsets to learn from
 * @held_frames: vsyncs since the phase was held
 * @probe_onset_ns: the cadence's last onset when probing began again
 * @opp: the OPP gpugov last asked for
 * @raises: decisions inside a frame that raised the clock
 */
struct gpugov_frame_state {
	struct gpugov_cadence cad;
	struct gpugov_sample acc;
	struct gpugov_decision chk;
	u32 src;
	u64 period_ns;
	u64 fence_ns;
	u64 fence_prev_ns;
	bool fence_new;
	u64 next_vsync_ns;
	u64 deadline_ns;
	u64 check_ns;
	u64 work_hi_ps;
	u32 plan_opp;
	u64 plan_ps;
	bool held;
	u32 held_frames;
	u64 probe_onset_ns;
	u32 opp;
	u64 raises;
};

/**
 * struct gpugov_frame_tick - one window, as the governor sees it
 * @w: its sample
 * @now_ns: when it ended (the governor's clock)
 * @poll_ns: the device's own polling interval: how often gpugov decides
 *	when it knows no deadline
 */
struct gpugov_frame_tick {
	const struct gpugov_sample *w;
	u64 now_ns;
	u64 poll_ns;
};

/**
 * struct gpugov_frame_ctx - what a decision works with
 * @p: tunables
 * @st: the models' state
 * @ps: the objectives' state
 * @wanted: the model configured
 * @t: OPP table
 * @r: the OPPs allowed now
 */
struct gpugov_frame_ctx {
	const struct gpugov_policy_params *p;
	struct gpugov_pred_state *st;
	struct gpugov_policy_state *ps;
	enum gpugov_pred_id wanted;
	const struct gpugov_opp_table *t;
	const struct gpugov_opp_range *r;
};

extern const char *const gpugov_dl_src_names[GPUGOV_NR_DL];
extern const char *const gpugov_react_names[GPUGOV_NR_REACT];

int gpugov_react_find(const char *name, size_t len);
void gpugov_frame_init(struct gpugov_frame_state *fs, u32 opp);
void gpugov_frame_restart(struct gpugov_frame_state *fs);
void gpugov_frame_fence(struct gpugov_frame_state *fs, u64 deadline_ns);
enum gpugov_frame_act gpugov_frame_step(struct gpugov_frame_state *fs,
					const struct gpugov_frame_ctx *c,
					const struct gpugov_frame_tick *tk,
					struct gpugov_decision *d,
					enum gpugov_pred_id *used);
u32 gpugov_frame_raise_to(const struct gpugov_decision *k,
			  const struct gpugov_opp_range *r, u32 cur, u64 rem,
			  u64 left, u64 whole);
u64 gpugov_frame_next_ns(const struct gpugov_frame_state *fs,
			 const struct gpugov_policy_params *p, u64 now_ns);
bool gpugov_frame_fence_wakes(const struct gpugov_frame_state *fs,
			      const struct gpugov_policy_params *p, u64 now_ns);
u64 gpugov_frame_poll_ns(const struct gpugov_frame_state *fs,
			 const struct gpugov_policy_params *p, u64 poll_ns);

#endif /* GPUGOV_FRAME_H */
