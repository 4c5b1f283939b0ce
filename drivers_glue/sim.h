/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim.h - gpugov_sim.ko internals: a simulated GPU devfreq device that
 * replays a sweep trace.
 *
 * Each poll of the devfreq core consumes the next segment of the trace
 * at the OPP currently set: get_dev_status() reports its busy/total time
 * and the counter source hands gpugov its counters.  Nothing depends on
 * wall-clock time, so a run is a pure function of the trace, the initial
 * OPP and the governor, and can be replayed bit for bit in userspace.
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
#include <linux/spinlock.h>

#include "gpugov_simblob.h"
#include "gpugov_source.h"

#define SIM_NAME	"gpugov_sim"
#define SIM_MAX_DEVICES	8

struct sim_dev;

enum sim_ctl { SIM_CTL_RUN, SIM_CTL_LOOP, SIM_CTL_STOCK, SIM_CTL_SUSPEND,
	       SIM_CTL_SOURCE_FAIL, SIM_NR_CTL };

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
 * @last: record consumed by the last poll, NULL if it was idle [lock]
 * @polls: polls since the last start [lock]
 * @consumed: segments consumed since the last start [lock]
 * @time_ns: busy time of those segments [lock]
 * @energy_pj: their energy [lock]
 * @log: OPP index each of them ran at, @log_len entries [lock]
 * @log_cap: capacity of @log
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
	u8 *log;
	u32 log_len;
	u32 log_cap;
};

extern unsigned int sim_polling_ms;
extern char *sim_governor;
extern bool sim_descending;

/* sim_blob.c */
struct sim_trace *sim_trace_parse(const u8 *buf, size_t len);
struct sim_trace *sim_trace_default(void);
void sim_trace_free(struct sim_trace *t);
const u64 *sim_trace_rec(const struct sim_trace *t, u32 seg, u32 opp);

/* sim_devfreq.c */
void sim_profile_init(struct sim_dev *sd);
int sim_devfreq_attach(struct sim_dev *sd, struct sim_trace *t,
		       const char *gov);
void sim_devfreq_detach(struct sim_dev *sd);
int sim_install_trace(struct sim_dev *sd, struct sim_trace *t);
void sim_set_running(struct sim_dev *sd, bool run);
int sim_set_source(struct sim_dev *sd, bool on);
int sim_set_suspended(struct sim_dev *sd, bool suspend);

/* sim_debugfs.c */
void sim_debugfs_init(void);
void sim_debugfs_exit(void);
void sim_debugfs_add(struct sim_dev *sd);
void sim_debugfs_remove(struct sim_dev *sd);

#endif /* GPUGOV_SIM_H */
