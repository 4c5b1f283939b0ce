/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov.h - per-device state of the gpugov devfreq governor and the
 * interfaces between its files.
 *
 * Locking.  All per-device state lives in struct gpugov_dev, which is
 * devfreq->governor_data from DEVFREQ_GOV_START to DEVFREQ_GOV_STOP.
 * devfreq->lock protects every field below marked [L]: the poll path
 * (get_target_freq) runs with it held, and the sysfs stores and debugfs
 * readers take it.  Fields marked [S] are written only by START/STOP,
 * which gpugov_lifecycle_lock (gpugov_main.c) serialises, the devfreq
 * core not always (timer_store()), and are stable while the
 * sysfs group and the debugfs directory exist (both are removed, draining
 * their users, before the state is freed).
 *
 * gpugov's own timer (gpugov_tick.c, struct gpugov_timer), for decisions
 * between polls: @hrt's handler (hard interrupt context) only queues
 * @work; the work takes devfreq->lock and, if @ticking, re-decides through
 * update_devfreq(), as the devfreq monitor does.  @ticking [L] is the
 * timer's licence: the poll path arms @hrt only while it is set, and
 * suspend and STOP clear it under the lock before cancelling @hrt and then
 * @work, without the lock (the work takes it), so that neither can run or
 * re-arm once they return.  Order: devfreq->lock is never held while
 * waiting for @hrt or @work.
 */
#ifndef GPUGOV_H
#define GPUGOV_H

#include <linux/devfreq.h>
#include <linux/hrtimer.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "gpugov_devfreq_gov.h"
#include "gpugov_frame.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"

#define GPUGOV_NAME	"gpugov"

/**
 * struct gpugov_stats - decision counters and cost
 * @decisions: polls that produced a decision
 * @fallbacks: decisions made with another model than the configured one
 * @source_samples: samples that came through a counter source
 * @errors: polls that failed (driver status error)
 * @lat_min_ns: fastest decision
 * @lat_max_ns: slowest decision
 * @lat_sum_ns: sum of all decision latencies (saturating)
 */
struct gpugov_stats {
	u64 decisions;
	u64 fallbacks;
	u64 source_samples;
	u64 errors;
	u64 lat_min_ns;
	u64 lat_max_ns;
	u64 lat_sum_ns;
};

/**
 * struct gpugov_timer - gpugov's own timer (gpugov_tick.c), allocated
 *	apart from struct gpugov_dev: gpugov-trace mirrors that layout
 *	(bpf/trace_layout.c), and hrtimer and work_struct change size with
 *	the kernel's configuration (lockdep)
 * @hrt: the timer
 * @work: what it runs
 * @g: the device's state
 * @ticking: the timer may be armed [L]
 * @ticks: decisions the timer started [L]
 * @on_src: gpugov's time is the counter source's clock [L]
 * @src_armed: the timer was armed on the source since it last stood
 *	down [L]
 */
struct gpugov_timer {
	struct hrtimer hrt;
	struct work_struct work;
	struct gpugov_dev *g;
	bool ticking;
	u64 ticks;
	bool on_src;
	bool src_armed;
};

/**
 * struct gpugov_dev - gpugov's state for one devfreq device
 * @df: the device [S]
 * @predictor: configured model, enum gpugov_pred_id [L]
 * @params: policy tunables [L]
 * @table: the device's OPPs as the models see them [S]
 * @opp_hz: exact devfreq frequency of each @table entry [S]
 * @em_power: @table power comes from the kernel Energy Model [S]
 * @pred: model state [L]
 * @policy: what the objective remembers (the GRAPE controller) [L]
 * @last_ns: clock at the previous poll, 0 = none since START/RESUME [L]
 * @sample: the last interval's sample [L]
 * @scratch: what the counter source writes; copied to @sample only if
 *	the source succeeds [L]
 * @dec: the last decision [L]
 * @used: model used for @dec after capability fallback [L]
 * @have_dec: @sample and @dec are valid [L]
 * @stats: counters [L]
 * @frame: deadlines and the frame in flight (gpugov_frame.c) [L]
 * @tick: gpugov's own timer [S]
 * @debugfs: this device's debugfs directory [S]
 * @sysfs_done: the sysfs group exists [S]
 */
struct gpugov_dev {
	struct devfreq *df;
	enum gpugov_pred_id predictor;
	struct gpugov_policy_params params;
	struct gpugov_opp_table table;
	unsigned long opp_hz[GPUGOV_MAX_OPPS];
	bool em_power;
	struct gpugov_pred_state pred;
	struct gpugov_policy_state policy;
	u64 last_ns;
	struct gpugov_sample sample;
	struct gpugov_sample scratch;
	struct gpugov_decision dec;
	enum gpugov_pred_id used;
	bool have_dec;
	struct gpugov_stats stats;
	struct gpugov_frame_state frame;
	struct gpugov_timer *tick;
	struct dentry *debugfs;
	bool sysfs_done;
};

/**
 * struct gpugov_tunables - what the sysfs group lets a user set, as a
 *	device keeps it between two runs of gpugov (gpugov_keep.c)
 * @predictor: struct gpugov_dev's @predictor
 * @params: its @params
 * @pcstall: its PCSTALL table geometry
 * @coremem_gpu: its core+memory model's GPU description
 */
struct gpugov_tunables {
	u32 predictor;
	struct gpugov_policy_params params;
	struct gpugov_pcstall_params pcstall;
	u32 coremem_gpu;
};

/* The `profile` knob; CUSTOM: the tunables match none of them. */
enum gpugov_profile {
	GPUGOV_PROFILE_BATTERY,
	GPUGOV_PROFILE_BALANCED,
	GPUGOV_PROFILE_PERFORMANCE,
	GPUGOV_NR_PROFILE,
	GPUGOV_PROFILE_CUSTOM = GPUGOV_NR_PROFILE,
};

/* gpugov_names.c */
const char *gpugov_pred_name(u32 id);
const char *gpugov_objective_name(u32 id);
const char *gpugov_reason_name(u32 id);
const char *gpugov_react_name(u32 id);
const char *gpugov_dl_src_name(u32 id);

/* gpugov_keep.c */
void gpugov_keep_save(const struct gpugov_dev *g);
void gpugov_keep_restore(struct gpugov_dev *g);
void gpugov_keep_exit(void);

/* gpugov_profile.c */
void gpugov_profile_apply(struct gpugov_policy_params *p, u32 id);
u32 gpugov_profile_of(const struct gpugov_policy_params *p);
const char *gpugov_profile_name(u32 id);
int gpugov_profile_find(const char *name, size_t len);

/* gpugov_opp.c */
int gpugov_opp_build(struct gpugov_dev *g);
void gpugov_opp_allowed(const struct gpugov_dev *g,
			struct gpugov_opp_range *r);

/* gpugov_poll.c */
int gpugov_get_target_freq(struct devfreq *df, unsigned long *freq);

/* gpugov_source.c */
int gpugov_source_read(struct device *dev, struct gpugov_sample *s,
		       u64 now_ns, u64 *deadline_ns);
bool gpugov_source_clock(struct device *dev, u64 *now_ns);
bool gpugov_source_arm(struct device *dev, struct gpugov_timer *tm, u64 at_ns,
		       bool on_fence);

/* gpugov_tick.c */
int gpugov_tick_init(struct gpugov_dev *g);
void gpugov_tick_free(struct gpugov_dev *g);
void gpugov_tick_fired(struct gpugov_timer *tm);
u64 gpugov_tick_now(struct gpugov_dev *g);
void gpugov_tick_arm(struct gpugov_dev *g, u64 now_ns);
void gpugov_tick_rearm(struct gpugov_dev *g);
void gpugov_tick_resume(struct gpugov_dev *g);
void gpugov_tick_start(struct gpugov_dev *g);
void gpugov_tick_stop(struct gpugov_dev *g);

/* gpugov_sysfs.c */
int gpugov_sysfs_add(struct gpugov_dev *g);
void gpugov_sysfs_remove(struct gpugov_dev *g);
void gpugov_tunables_get(const struct gpugov_dev *g, struct gpugov_tunables *t);
int gpugov_tunables_set(struct gpugov_dev *g, const struct gpugov_tunables *t);

/* gpugov_debugfs.c */
void gpugov_debugfs_init(void);
void gpugov_debugfs_exit(void);
void gpugov_debugfs_add(struct gpugov_dev *g);
void gpugov_debugfs_remove(struct gpugov_dev *g);

#endif /* GPUGOV_H */
