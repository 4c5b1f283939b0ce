/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim.h - gpugov_sim.ko internals: a simulated GPU devfreq device that
 * replays a sweep trace, in one of two modes.
 *
 * Per segment (the default): each poll of the devfreq core consumes the
 * next segment of the trace at the OPP currently set: get_dev_status()
 * reports its busy/total time and the counter source hands gpugov its
 * counters.
 *
 * Real time (sim_realtime.c): frames paced by vsync run on the real-time
 * engine (sim_rt.h) in simulated time, and each devfreq poll advances it
 * by one polling interval.
 *
 * Nothing depends on wall-clock time, so a run is a pure function of the
 * trace, the initial OPP and the governor, and can be replayed bit for
 * bit in userspace.
 *
 * Locking.  ctl_lock (mutex) serialises the control operations (trace
 * load, which re-creates the devfreq device; source registration;
 * suspend/resume) and protects @df and @source_on.  lock (spinlock)
 * protects the run state below it, which the devfreq callbacks (under
 * devfreq->lock) and the counter source (under RCU) read and advance.
 * Order: ctl_lock, then devfreq->lock, then lock.
 */
#ifndef GPUGOV_SIM_H
#define GPUGOV_SIM_H

#include <linux/devfreq.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/pm_qos.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "gpugov_simblob.h"
#include "gpugov_source.h"
#include "sim_model.h"
#include "sim_rt.h"
#include "sim_smu.h"

#define SIM_NAME	"gpugov_sim"
#define SIM_MAX_DEVICES	8

struct sim_dev;

enum sim_ctl { SIM_CTL_RUN, SIM_CTL_LOOP, SIM_CTL_STOCK, SIM_CTL_SUSPEND,
	       SIM_CTL_SOURCE_FAIL, SIM_CTL_MALI, SIM_CTL_GPU_IDLE,
	       SIM_CTL_SUSPEND_FAIL, SIM_NR_CTL };

/* How a profile's get_dev_status() computes busy/total (sim_profile.c). */
enum sim_busy {
	SIM_BUSY_RECORD,	/* the record's busy and interval, ns */
	SIM_BUSY_KTIME,		/* ns accumulated by job hooks, reset on read */
	SIM_BUSY_MSM,		/* us since the last read, busy from cycles */
	SIM_BUSY_SMU,		/* the SMU firmware's averaged activity, % */
};

/*
 * power_dpm_force_performance_level as amdgpu takes it (the amdgpu
 * profile's force_level file): auto and manual leave the soft range to
 * the driver (the bridge), low and high force the lowest or highest level
 * (smu_v11_0_set_performance_level()).
 */
enum sim_force_level { SIM_FORCE_AUTO, SIM_FORCE_LOW, SIM_FORCE_HIGH,
		       SIM_FORCE_MANUAL, SIM_NR_FORCE };

/* Why amdgpu's devfreq bridge stands down (sim_dev.smu_down). */
#define SIM_SMU_DOWN_FORCED	BIT(0)	/* the user forced low or high */
#define SIM_SMU_DOWN_SUSPEND	BIT(1)	/* the device is suspended */

/* Which devfreq_cooling registration a profile's driver uses. */
enum sim_cooling {
	SIM_COOL_PLAIN,		/* devfreq_cooling_register() */
	SIM_COOL_EM,		/* devfreq_cooling_em_register(df, NULL) */
	SIM_COOL_OF,		/* of_devfreq_cooling_register(of_node, df) */
};

/**
 * struct sim_profile - the devfreq setup of one GPU driver
 * @name: value of the profile parameter
 * @polling_ms: devfreq polling interval, 0 = the polling_ms parameter
 * @upthreshold: simple_ondemand gov_data, 0 = no gov_data (its 90/5)
 * @downdifferential: simple_ondemand gov_data
 * @own_table: the profile hands devfreq a frequency table; otherwise
 *	devfreq builds it from the OPPs (freq_table NULL, max_state 0)
 * @get_cur_freq: the profile has a get_cur_freq callback
 * @busy: how busy/total are computed
 * @cooling: how the cooling device is registered
 * @msm_pm: msm's devfreq power management: the device starts suspended
 *	and the gpu_idle control runs msm_devfreq_idle()/_active()
 * @smu: amdgpu's devfreq bridge: the SMU firmware (sim_smu.h) picks the
 *	clock inside the soft range target() sets (sim_amdgpu.c)
 */
struct sim_profile {
	const char *name;
	unsigned int polling_ms;
	unsigned int upthreshold;
	unsigned int downdifferential;
	bool own_table;
	bool get_cur_freq;
	enum sim_busy busy;
	enum sim_cooling cooling;
	bool msm_pm;
	bool smu;
};

/**
 * struct sim_ctl_file - what a boolean control file in debugfs controls
 * @sd: device
 * @ctl: which control
 */
struct sim_ctl_file {
	struct sim_dev *sd;
	enum sim_ctl ctl;
};

/**
 * struct sim_trace - a parsed blob, immutable once installed
 * @nr_opps: OPPs
 * @nr_segs: segments
 * @caps: GPUGOV_CAP_* of the counters
 * @opp: the OPPs
 * @hz: their frequencies in Hz, ascending
 * @rec: nr_segs * nr_opps records of GPUGOV_SB_NR_FIELDS values
 */
struct sim_trace {
	u32 nr_opps;
	u32 nr_segs;
	u32 caps;
	struct gpugov_simblob_opp opp[GPUGOV_MAX_OPPS];
	unsigned long hz[GPUGOV_MAX_OPPS];
	u64 *rec;
};

/* Decisions a real-time run logs (rt_log in debugfs). */
#define SIM_RTLOG_CAP	32768

/**
 * struct sim_rtlog - one decision of a real-time run
 * @time_ns: simulated time
 * @busy: busy_time get_dev_status() reported (the profile's units)
 * @total: total_time it reported
 * @cause: enum sim_rt_cause
 * @opp: the OPP chosen
 */
struct sim_rtlog {
	u64 time_ns;
	u64 busy;
	u64 total;
	u8 cause;
	u8 opp;
};

/**
 * struct sim_rtdev - the real-time mode of a device (sim_realtime.c);
 *	every field under sim_dev.lock but @log's allocation (ctl_lock)
 * @hz: refresh rate of the next run, 0: per-segment mode
 * @load: the mean frame at the top OPP, % of the period
 * @segs_per_frame: segments a frame
 * @on: a run is going: the engine below is live
 * @ended: the last run ran to its end
 * @paused: the device is suspended: nothing is decided out of band
 * @rt: the engine
 * @ahead: a copy of it, run ahead to find msm's boosts (sim_realtime.c)
 * @win: the window the last get_dev_status() took
 * @have_win: @win belongs to the decision under way
 * @full: scratch: @win as a sample with every counter
 * @frame: the frame the GPU last started
 * @deadline_ns: its deadline, the vsync after it arrived: what a fence
 *	deadline hint would say
 * @log: the run's decisions, SIM_RTLOG_CAP of them
 * @log_len: entries in @log
 * @log_open: the last entry waits for its target()
 * @log_dropped: decisions past SIM_RTLOG_CAP
 * @oob_pending: @oob_work is to run the engine to msm's boost or its
 *	end, or to gpugov's timer, at @oob_at, before the next poll
 * @oob_at: its simulated time
 * @oob_cause: SIM_RT_BOOST, SIM_RT_UNBOOST or SIM_RT_TIMER
 * @oob_work: sim_rtdev_oob()
 * @fence: hand gpugov each frame's vsync deadline as it arrives
 * @vrr: a variable-refresh display: that deadline is the frame's arrival
 *	(sim_rt_scenario.vrr)
 * @gov_ns: when gpugov's timer fires (simulated), SIM_RT_NEVER for never
 * @boost_end_ns: when msm's boost ends, SIM_RT_NEVER for no boost
 * @deciding: a decision took its window and waits for its target()
 * @tick_due: the engine stands at gpugov's timer; the next
 *	get_dev_status() but a poll's is gpugov's decision there
 * @fired: gpugov_source_timer_fired() while the source is registered
 * @set_deadline: gpugov_source_set_deadline_at() likewise (the simulated
 *	time is "now"; sim_fence_in() outside a run: CLOCK_MONOTONIC's)
 */
struct sim_rtdev {
	u32 hz;
	u32 load;
	u32 segs_per_frame;
	bool on;
	bool ended;
	bool paused;
	struct sim_rt rt;
	struct sim_rt ahead;
	struct sim_rt_window win;
	bool have_win;
	struct gpugov_sample full;
	u32 frame;
	u64 deadline_ns;
	struct sim_rtlog *log;
	u32 log_len;
	bool log_open;
	u64 log_dropped;
	bool oob_pending;
	u64 oob_at;
	enum sim_rt_cause oob_cause;
	struct work_struct oob_work;
	bool fence;
	bool vrr;
	u64 gov_ns;
	u64 boost_end_ns;
	bool deciding;
	bool tick_due;
	void (*fired)(struct gpugov_source *src);
	void (*set_deadline)(struct gpugov_source *src, ktime_t deadline,
			     u64 now_ns);
};

/**
 * struct sim_dev - one simulated GPU
 * @pdev: its platform device
 * @ctl_lock: see sim.h
 * @df: devfreq device [ctl_lock]
 * @profile: devfreq profile of @df (the core writes polling_ms/timer)
 * @freq_table: @profile's frequency table: the trace's frequencies,
 *	ascending, or descending with sim_descending [ctl_lock]
 * @src: counter source
 * @source_on: @src is registered [ctl_lock]
 * @suspended: devfreq_suspend_device() was called [ctl_lock]
 * @suspend_fail: the next suspend fails before devfreq is stood down
 *	[ctl_lock]
 * @debugfs: control directory
 * @ctl: its boolean control files
 * @lock: see sim.h
 * @trace: current trace [lock to change; freed under ctl_lock]
 * @cur: index of the OPP set [lock]
 * @pos: next segment [lock]
 * @running: polls consume segments [lock]
 * @loop: wrap around at the end instead of stopping [lock]
 * @source_fail: the counter source fills the sample's counters, then
 *	fails with -EIO, as a driver whose counter read fails half way [lock]
 * @mali: the counter source gives the Mali fields only, from @mali_ctr
 *	[lock]
 * @mali_ctr: the Mali counters [lock]
 * @clock_ns: simulated time: the intervals of every poll so far [lock]
 * @busy_sum_ns: the busy time of those polls [lock]
 * @acc_busy_ns: SIM_BUSY_KTIME's busy accumulator [lock]
 * @acc_idle_ns: its idle accumulator [lock]
 * @msm_time_ns: SIM_BUSY_MSM: @clock_ns at its last read [lock]
 * @msm_cycles: the busy-cycle counter at its last read [lock]
 * @msm_idle_hz: msm's idle_freq: while the GPU idles, the frequency
 *	devfreq believes in force, 0 when active [lock]
 * @msm_idle_at: when the GPU went idle, ktime ns [lock]
 * @last: record consumed by the last poll, NULL if it was idle [lock]
 * @polls: polls since the last start [lock]
 * @consumed: segments consumed since the last start [lock]
 * @time_ns: busy time of those segments [lock]
 * @energy_pj: their energy [lock]
 * @meter_pj: energy since probe, never reset: hwmon's energy1_input
 *	(sim_hwmon.c) [lock]
 * @meter_rt: the real-time engine's energy is not yet in @meter_pj [lock]
 * @log: OPP index each of them ran at, @log_len entries [lock]
 * @log_cap: capacity of @log
 * @prof: the driver profile
 * @gov_data: simple_ondemand's thresholds for @prof
 * @cdev: the devfreq cooling device, NULL if it could not register
 *	[ctl_lock]
 * @boost_req: msm's boost_freq PM QoS minimum-frequency request
 * @boost_end: msm_devfreq_boost_work(): drops the boost request
 * @rtd: the real-time mode
 * @smu: amdgpu: the SMU firmware; @cur is its level [lock]
 * @force: amdgpu: the user's power_dpm_force_performance_level [lock]
 * @smu_down: amdgpu: SIM_SMU_DOWN_* while the bridge stands down [lock]
 * @smu_req: amdgpu: the OPP of the bridge's last target() [lock]
 */
struct sim_dev {
	struct platform_device *pdev;
	struct mutex ctl_lock;		/* control operations */
	struct devfreq *df;
	struct devfreq_dev_profile profile;
	unsigned long freq_table[GPUGOV_MAX_OPPS];
	struct gpugov_source src;
	bool source_on;
	bool suspended;
	bool suspend_fail;
	struct dentry *debugfs;
	struct sim_ctl_file ctl[SIM_NR_CTL];

	spinlock_t lock;		/* run state below */
	struct sim_trace *trace;
	u32 cur;
	u32 pos;
	bool running;
	bool loop;
	bool source_fail;
	const u64 *last;
	u64 polls;
	u64 consumed;
	u64 time_ns;
	u64 energy_pj;
	u64 meter_pj;
	bool meter_rt;
	u8 *log;
	u32 log_len;
	u32 log_cap;
	bool mali;
	struct sim_mali mali_ctr;
	u64 clock_ns;
	u64 busy_sum_ns;
	u64 acc_busy_ns;
	u64 acc_idle_ns;
	u64 msm_time_ns;
	u64 msm_cycles;
	unsigned long msm_idle_hz;
	u64 msm_idle_at;

	const struct sim_profile *prof;
	struct devfreq_simple_ondemand_data gov_data;
	struct thermal_cooling_device *cdev;
	struct dev_pm_qos_request boost_req;
	struct delayed_work boost_end;
	struct sim_rtdev rtd;
	struct sim_smu smu;
	enum sim_force_level force;
	u32 smu_down;
	u32 smu_req;
};

extern unsigned int sim_polling_ms;
extern char *sim_governor;
extern bool sim_descending;
extern unsigned int sim_hz_skew;
extern bool sim_mali;
extern const struct sim_profile *sim_prof;

/* sim_blob.c */
struct sim_trace *sim_trace_parse(const u8 *buf, size_t len);
struct sim_trace *sim_trace_default(void);
void sim_trace_free(struct sim_trace *t);
const u64 *sim_trace_rec(const struct sim_trace *t, u32 seg, u32 opp);

/* sim_hwmon.c */
void sim_meter_add(struct sim_dev *sd, u64 pj);
void sim_meter_fold_rt(struct sim_dev *sd, bool live);
void sim_hwmon_add(struct sim_dev *sd);

/* sim_devfreq.c */
u32 sim_opp_index(const struct sim_trace *t, unsigned long hz);
void sim_profile_init(struct sim_dev *sd);
int sim_devfreq_attach(struct sim_dev *sd, struct sim_trace *t,
		       const char *gov);
void sim_devfreq_detach(struct sim_dev *sd);
int sim_install_trace(struct sim_dev *sd, struct sim_trace *t);
int sim_set_running(struct sim_dev *sd, bool run);
int sim_set_source(struct sim_dev *sd, bool on);
int sim_set_suspended(struct sim_dev *sd, bool suspend);
/* sim_fence_in(): an hour either way */
#define SIM_FENCE_MAX_NS	(3600LL * NSEC_PER_SEC)
int sim_fence_in(struct sim_dev *sd, s64 in_ns);

/* sim_profile.c */
const struct sim_profile *sim_profile_find(const char *name);
void sim_profile_setup(struct sim_dev *sd);
int sim_profile_attach(struct sim_dev *sd);
void sim_profile_detach(struct sim_dev *sd);
void sim_profile_reset(struct sim_dev *sd);
void sim_profile_resumed(struct sim_dev *sd);
void sim_profile_status(struct sim_dev *sd, u64 busy_ns, u64 total_ns,
			struct devfreq_dev_status *stat);
int sim_msm_set_idle(struct sim_dev *sd, bool idle);

/* sim_amdgpu.c */
void sim_amdgpu_reset(struct sim_dev *sd);
void sim_amdgpu_target(struct sim_dev *sd, u32 soft_min, u32 soft_max);
void sim_amdgpu_status(struct sim_dev *sd, struct devfreq_dev_status *stat);
int sim_amdgpu_force(struct sim_dev *sd, enum sim_force_level level);
void sim_amdgpu_suspend(struct sim_dev *sd, bool suspend);
extern const char *const sim_force_names[SIM_NR_FORCE];

/* sim_realtime.c */
int sim_rtdev_params_ok(void);
void sim_rtdev_setup(struct sim_dev *sd);
int sim_rtdev_configure(struct sim_dev *sd, u32 hz, u32 load,
			u32 segs_per_frame);
int sim_rtdev_start(struct sim_dev *sd);
void sim_rtdev_stop(struct sim_dev *sd);
void sim_rtdev_free(struct sim_dev *sd);
void sim_rtdev_pause(struct sim_dev *sd, bool pause);
int sim_rtdev_status(struct sim_dev *sd, struct devfreq_dev_status *stat);
void sim_rtdev_target(struct sim_dev *sd);
int sim_rtdev_source_read(struct sim_dev *sd, struct gpugov_sample *s);
bool sim_rtdev_clock(struct gpugov_source *src, u64 *now_ns);
void sim_rtdev_arm_timer(struct gpugov_source *src, u64 at_ns);

/* sim_debugfs.c */
void sim_debugfs_init(void);
void sim_debugfs_exit(void);
void sim_debugfs_add(struct sim_dev *sd);
void sim_debugfs_remove(struct sim_dev *sd);

#endif /* GPUGOV_SIM_H */
