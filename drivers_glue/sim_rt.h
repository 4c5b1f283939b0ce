/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim_rt.h - the real-time engine (DESIGN.md section 7a): frames paced by
 * vsync, a GPU that runs their work in order at the OPP in force, and
 * polls at the device's own interval.
 *
 * One piece of C for gpugov-replay and gpugov_sim.ko: no floating point,
 * no libc, no allocation (the caller owns every buffer), and integer
 * arithmetic that cannot overflow for any scenario sim_rt_init() accepts.
 * The workload is a sweep in gpugov_sim's record layout
 * (gpugov_simblob.h): segment s measured at OPP k is the record
 * rec[(s * nr_opps + k) * GPUGOV_SB_NR_FIELDS], whose busy time is the
 * time the segment's work takes at k.  docs/realtime.md has the model.
 *
 * The caller drives it: sim_rt_step() runs the GPU up to the next event
 * (a frame arrives, the GPU starts or finishes a frame, the governor's
 * timer, a poll, the end) and returns it; the caller reacts (takes the
 * poll's window, sets an OPP, arms its timer) and steps again.
 */
#ifndef GPUGOV_SIM_RT_H
#define GPUGOV_SIM_RT_H

#include "gpugov_simblob.h"

/* Refresh periods from 10 kHz down to 0.1 Hz; polls from 0.1 ms to 60 s. */
#define SIM_RT_PERIOD_MIN_NS	100000ULL
#define SIM_RT_PERIOD_MAX_NS	10000000000ULL
#define SIM_RT_POLL_MIN_NS	100000ULL
#define SIM_RT_POLL_MAX_NS	60000000000ULL
/* Simulated time stays below 2^62 ns (146 years) whatever happens. */
#define SIM_RT_TIME_MAX_NS	BIT_ULL(62)
/* Progress through one segment: SIM_RT_ONE is all of it. */
#define SIM_RT_ONE		BIT_ULL(48)
/* No timer armed, no event pending. */
#define SIM_RT_NEVER		(~0ULL)

/**
 * struct sim_rt_scenario - what to run
 * @rec: nr_segs * nr_opps records of GPUGOV_SB_NR_FIELDS values, as
 *	measured (unscaled); a record's BUSY_NS is its work's time
 * @nr_segs: segments, at least 1
 * @nr_opps: OPPs, 1..GPUGOV_MAX_OPPS
 * @segs_per_frame: consecutive segments that make one frame (the last
 *	frame takes what is left)
 * @period_ns: refresh period: frame f arrives at f * period_ns and is due
 *	at the next vsync, (f + 1) * period_ns
 * @poll_ns: polling interval, 0 for none
 * @scale_num: every value of every record is multiplied by
 *	@scale_num / @scale_den, so all ratios stay those measured
 * @scale_den: see @scale_num
 * @start_opp: OPP in force at time 0
 * @idle_uw: power while idle at each OPP, uW
 * @frame_done_ns: optional (NULL), one entry per frame: when it finished
 * @vrr: a variable-refresh display: the fence deadline of a frame
 *	(sim_rt_event.fence_ns) is its arrival, "now" when the compositor
 *	sets it, as the atomic helper's vblank-start deadline is on a VRR
 *	display; the frame is still due at the vsync after it arrived
 */
struct sim_rt_scenario {
	const u64 *rec;
	u32 nr_segs;
	u32 nr_opps;
	u32 segs_per_frame;
	u64 period_ns;
	u64 poll_ns;
	u64 scale_num;
	u64 scale_den;
	u32 start_opp;
	u64 idle_uw[GPUGOV_MAX_OPPS];
	u64 *frame_done_ns;
	bool vrr;
};

/* Why sim_rt_init() refused a scenario (sim_rt_status_str()). */
enum sim_rt_status {
	SIM_RT_OK,
	SIM_RT_E_NO_FRAMES,
	SIM_RT_E_OPPS,
	SIM_RT_E_PERIOD,
	SIM_RT_E_POLL,
	SIM_RT_E_SCALE,
	SIM_RT_E_OVERFLOW,
	SIM_RT_E_LOAD,
	SIM_RT_E_NO_WORK,
	SIM_RT_NR_STATUS,
};

enum sim_rt_ev_kind {
	SIM_RT_EV_END,		/* every frame done and the last period over */
	SIM_RT_EV_DONE,		/* the GPU finished a frame */
	SIM_RT_EV_ARRIVE,	/* a frame arrived (vsync) */
	SIM_RT_EV_START,	/* the GPU starts a frame's work */
	SIM_RT_EV_TIMER,	/* the timer of sim_rt_set_timer() */
	SIM_RT_EV_POLL,		/* a polling interval elapsed */
	SIM_RT_EV_FW,		/* the device's firmware evaluates (sim_smu.h) */
};

/**
 * struct sim_rt_event - what sim_rt_step() stopped at
 * @kind: enum sim_rt_ev_kind
 * @now_ns: simulated time
 * @frame: DONE, ARRIVE, START: the frame
 * @deadline_ns: DONE, ARRIVE, START: its deadline (the vsync after it
 *	arrived), by which it is janked
 * @fence_ns: ARRIVE: the deadline a compositor hands the driver on its
 *	fence: @deadline_ns, or with sim_rt_scenario.vrr the arrival
 * @idle_ns: ARRIVE: how long the GPU had been idle (0: it was busy)
 * @latency_ns: DONE: finish - arrival
 */
struct sim_rt_event {
	enum sim_rt_ev_kind kind;
	u64 now_ns;
	u32 frame;
	u64 deadline_ns;
	u64 fence_ns;
	u64 idle_ns;
	u64 latency_ns;
};

/**
 * struct sim_rt_window - what the GPU did since the previous window
 * @f: GPUGOV_SB_* fields: INTERVAL_NS the window's length, BUSY_NS the
 *	time the GPU ran work in it, ENERGY_PJ its energy (busy and idle),
 *	ENERGY_UJ the same in uJ, OCCUPANCY_Q16 the busy-time-weighted
 *	mean, every other field the records' values pro rata of the work
 *	done in the window at the OPP it ran at
 * @opp: OPP in force at the end of the window
 */
struct sim_rt_window {
	u64 f[GPUGOV_SB_NR_FIELDS];
	u32 opp;
};

/**
 * struct sim_rt_result - totals of a run so far
 * @end_ns: simulated time
 * @energy_pj: busy and idle energy
 * @busy_ns: time the GPU ran work
 * @frames: frames finished
 * @janked: of those, finished after their deadline
 * @worst_latency_ns: longest finish - arrival
 * @switches: OPP changes
 * @decisions: sim_rt_set_opp() calls (a governor's decisions)
 * @polls: poll events
 * @boosts: not the engine's: a caller's count of clock boosts outside the
 *	governor's decisions (gpugov-replay realtime: msm's boosts, gpugov's
 *	raises inside a frame)
 */
struct sim_rt_result {
	u64 end_ns;
	u64 energy_pj;
	u64 busy_ns;
	u32 frames;
	u32 janked;
	u64 worst_latency_ns;
	u64 switches;
	u64 decisions;
	u64 polls;
	u64 boosts;
};

/**
 * struct sim_rt - one run (private to sim_rt.c but for @res)
 * @sc: the scenario
 * @nr_frames: frames in it
 * @now: simulated time, ns
 * @opp: OPP in force
 * @seg: the segment running or next to run
 * @base: progress of @seg when its current stint began (sim_rt.c)
 * @el: ns of the stint run
 * @started: the GPU has started @seg's frame
 * @arrived: frames arrived
 * @idle_since: when the GPU last went idle
 * @pending_done: a DONE event is due for frame @done_frame
 * @done_frame: see @pending_done
 * @done_latency: its latency
 * @poll_ns: polling interval in force
 * @next_poll: time of the next poll, SIM_RT_NEVER for none
 * @timer: time the timer fires, SIM_RT_NEVER for none
 * @end: time the run ends, once every frame is done
 * @cur: @seg's record at @opp, scaled
 * @cur_ok: @cur is up to date
 * @win: the window accumulating
 * @win_start: when it began
 * @fw_ns: the firmware's evaluation interval, 0 for no firmware
 * @next_fw: time of its next evaluation, SIM_RT_NEVER for none
 * @res: totals
 */
struct sim_rt {
	struct sim_rt_scenario sc;
	u32 nr_frames;
	u64 now;
	u32 opp;
	u32 seg;
	u64 base;
	u64 el;
	bool started;
	u32 arrived;
	u64 idle_since;
	bool pending_done;
	u32 done_frame;
	u64 done_latency;
	u64 poll_ns;
	u64 next_poll;
	u64 timer;
	u64 end;
	u64 cur[GPUGOV_SB_NR_FIELDS];
	bool cur_ok;
	struct sim_rt_window win;
	u64 win_start;
	u64 fw_ns;
	u64 next_fw;
	struct sim_rt_result res;
};

enum sim_rt_status sim_rt_load_scale(struct sim_rt_scenario *sc,
				     u32 load_pct);
enum sim_rt_status sim_rt_init(struct sim_rt *rt,
			       const struct sim_rt_scenario *sc);
const char *sim_rt_status_str(enum sim_rt_status st);
void sim_rt_step(struct sim_rt *rt, struct sim_rt_event *ev);
bool sim_rt_set_opp(struct sim_rt *rt, u32 opp);
bool sim_rt_fw_set_opp(struct sim_rt *rt, u32 opp);
void sim_rt_set_fw(struct sim_rt *rt, u64 fw_ns);
void sim_rt_set_timer(struct sim_rt *rt, u64 at_ns);
bool sim_rt_set_poll(struct sim_rt *rt, u64 poll_ns);
void sim_rt_take_window(struct sim_rt *rt, struct sim_rt_window *w);
u32 sim_rt_nr_frames(const struct sim_rt *rt);
u64 sim_rt_next_poll(const struct sim_rt *rt);
void sim_rt_frame_cost(const struct sim_rt *rt, u32 frame, u32 opp,
		       u64 *ns, u64 *pj);
void sim_rt_rec_from_sample(const struct gpugov_sample *s, u64 energy_pj,
			    u64 *r);
void sim_rt_window_sample(const struct sim_rt_window *w,
			  struct gpugov_sample *s);
void sim_rt_source_sample(const struct sim_rt_window *w, u32 core_khz,
			  u32 mem_khz, u32 caps, struct gpugov_sample *s);

#endif /* GPUGOV_SIM_RT_H */
