/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sim_model.h - the arithmetic of gpugov_sim's msm busy counter and of its
 * Mali counter mode, free of kernel dependencies: gpugov_sim.ko counts
 * with it, and the VM tests' reference (selftests/vm) computes from it
 * what the device reported for each segment of a trace.
 */
#ifndef GPUGOV_SIM_MODEL_H
#define GPUGOV_SIM_MODEL_H

#include "gpugov_mali.h"
#include "gpugov_simblob.h"

/*
 * msm: msm_devfreq_get_dev_status() (drivers/gpu/drm/msm/msm_gpu_devfreq.c)
 * reports total_time as the microseconds since its last call
 * (ktime_us_delta()) and busy_time as the growth of the GPU's busy-cycle
 * counter since then, converted with its sample rate:
 * busy_us = cycles * USEC_PER_SEC / sample_rate.  a6xx_gpu_busy() reads
 * the GMU's always-on counter, which ticks at 19.2 MHz.
 */
#define SIM_MSM_SAMPLE_HZ	19200000ULL

/* Busy cycles counted over @busy_ns of busy time in all: 19.2e6 / 1e9 = 12 / 625. */
static inline u64 sim_msm_cycles(u64 busy_ns)
{
	return div64_u64(busy_ns * 12, 625);
}

/* msm's busy_time for a growth of @cycles: whole microseconds, rounded down. */
static inline u64 sim_msm_busy_us(u64 cycles)
{
	return div64_u64(cycles * 1000000, SIM_MSM_SAMPLE_HZ);
}

/*
 * msm_devfreq_active(): after the GPU idled longer than the polling
 * interval, both in whole ms, msm boosts the clock (a PM QoS floor of
 * twice the clock in force for one polling interval).
 */
static inline bool sim_msm_boosts(u64 idle_ns, u64 poll_ns)
{
	return poll_ns && div64_u64(idle_ns, 1000000) > div64_u64(poll_ns, 1000000);
}

/*
 * The decisions of a governor on gpugov_sim's real-time engine, one line
 * each, as gpugov_sim's rt_log shows them and `gpugov-replay realtime
 * --sequence` writes them: decision index, simulated time (ns), what
 * asked for it, busy and total as get_dev_status() reported them (the
 * profile's units), the OPP chosen.
 */
enum sim_rt_cause {
	SIM_RT_POLL,		/* the devfreq monitor's poll */
	SIM_RT_BOOST,		/* msm's boost floor set */
	SIM_RT_UNBOOST,		/* msm's boost floor dropped */
	SIM_RT_OTHER,		/* anything else (a sysfs or QoS change) */
	SIM_RT_TIMER,		/* gpugov's own timer, on the device's clock */
};

#define SIM_RT_LOG_FMT	"%u,%llu,%s,%llu,%llu,%u"

static inline const char *sim_rt_cause_name(enum sim_rt_cause c)
{
	switch (c) {
	case SIM_RT_POLL:
		return "poll";
	case SIM_RT_BOOST:
		return "boost";
	case SIM_RT_UNBOOST:
		return "unboost";
	case SIM_RT_TIMER:
		return "timer";
	default:
		return "other";
	}
}

/*
 * Mali counters.  The job manager, tiler, L2 and shader-core blocks count
 * events in 32-bit counters that the GPU clears when it powers down.  The
 * sim keeps one running total per field of GPUGOV_MALI_CAPS and derives it
 * from the sweep record of the segment the GPU ran:
 *
 *   insts           shader-core instructions executed   <- insts
 *   load_stall_cyc  shader-core cycles waiting on memory <- load_stall_cyc
 *   dram_txn        L2 external read + write beats      <- dram_txn
 *   l2_txn          L2 lookups                          <- l2_txn
 *   l2_hits         L2 lookups that hit                 <- l2_hits
 *   gld_txn         load/store unit reads               <- gld_txn
 *   gst_txn         load/store unit writes              <- gst_txn
 *   mem_insts       load/store unit issues              <- mem_insts
 *
 * one simulated event per counted event (the sweep's DRAM transactions
 * stand in for external beats one for one).  Every
 * other field of the record (CRISP's critical path, store stalls, LEAD
 * and CRIT latencies, warps, per-wave records, the memory clock, energy)
 * has no Mali counter and is not given.
 *
 * A read hands over the growth of each total since the previous read.  It
 * gives no sample when that growth cannot be trusted: a total below its
 * previous value (the counter wrapped, or was cleared), the GPU powered
 * down since the previous read (counters cleared, events lost), or more
 * than one segment ran since the previous read (the growth would sum
 * several intervals against one interval's busy time).
 */
enum sim_mali_ctr {
	SIM_MALI_INSTS,
	SIM_MALI_LOAD_STALL,
	SIM_MALI_DRAM,
	SIM_MALI_L2_TXN,
	SIM_MALI_L2_HITS,
	SIM_MALI_GLD,
	SIM_MALI_GST,
	SIM_MALI_MEM_INSTS,
	SIM_MALI_NR,
};

/**
 * struct sim_mali - the Mali counters of one simulated GPU
 * @total: counter values, wrapping at 2^32
 * @prev: their values at the previous read
 * @lost: cleared by a power-down, or overflowed by more than 2^32 - 1
 *	events in one segment, since the previous read
 * @unread: segments run since the previous read
 */
struct sim_mali {
	u32 total[SIM_MALI_NR];
	u32 prev[SIM_MALI_NR];
	bool lost;
	u32 unread;
};

/* Sweep-record field a Mali counter is derived from. */
static inline u32 sim_mali_field(enum sim_mali_ctr c)
{
	switch (c) {
	case SIM_MALI_INSTS:
		return GPUGOV_SB_INSTS;
	case SIM_MALI_LOAD_STALL:
		return GPUGOV_SB_LOAD_STALL_CYC;
	case SIM_MALI_DRAM:
		return GPUGOV_SB_DRAM_TXN;
	case SIM_MALI_L2_TXN:
		return GPUGOV_SB_L2_TXN;
	case SIM_MALI_L2_HITS:
		return GPUGOV_SB_L2_HITS;
	case SIM_MALI_GLD:
		return GPUGOV_SB_GLD_TXN;
	case SIM_MALI_GST:
		return GPUGOV_SB_GST_TXN;
	default:
		return GPUGOV_SB_MEM_INSTS;
	}
}

/* Counters and read state at power-on: all zero. */
static inline void sim_mali_init(struct sim_mali *m)
{
	memset(m, 0, sizeof(*m));
}

/* The GPU ran the segment of sweep record @rec: the counters advance. */
static inline void sim_mali_count(struct sim_mali *m, const u64 *rec)
{
	int c;

	for (c = 0; c < SIM_MALI_NR; c++) {
		u64 ev = rec[sim_mali_field(c)];

		if (ev > U32_MAX)
			m->lost = true;
		m->total[c] += (u32)ev;
	}
	m->unread++;
}

/* Runtime suspend: the GPU powers down and its counters clear. */
static inline void sim_mali_power_down(struct sim_mali *m)
{
	memset(m->total, 0, sizeof(m->total));
	m->lost = true;
}

/* Start counting from the values now, without a sample (a new reader). */
static inline void sim_mali_rebase(struct sim_mali *m)
{
	memcpy(m->prev, m->total, sizeof(m->prev));
	m->lost = false;
	m->unread = 0;
}

/**
 * sim_mali_read() - the counters' growth since the previous read into @s
 * @m: counters
 * @s: sample: the GPUGOV_MALI_CAPS fields are set on success, nothing
 *	is changed otherwise
 * @caps: GPUGOV_CAP_* of the trace: the sample claims the Mali fields
 *	the trace has (a trace without memory transactions leaves them 0)
 *
 * Return: true with a sample, false when the growth cannot be trusted
 * (see above); either way the next read counts from the values now.
 */
static inline bool sim_mali_read(struct sim_mali *m, struct gpugov_sample *s,
				 u32 caps)
{
	u64 d[SIM_MALI_NR];
	bool ok = !m->lost && m->unread == 1;
	int c;

	for (c = 0; c < SIM_MALI_NR; c++) {
		if (m->total[c] < m->prev[c])
			ok = false;
		d[c] = (u32)(m->total[c] - m->prev[c]);
	}
	sim_mali_rebase(m);
	if (!ok)
		return false;
	s->insts = d[SIM_MALI_INSTS];
	s->load_stall_cyc = d[SIM_MALI_LOAD_STALL];
	s->dram_txn = d[SIM_MALI_DRAM];
	s->l2_txn = d[SIM_MALI_L2_TXN];
	s->l2_hits = d[SIM_MALI_L2_HITS];
	s->gld_txn = d[SIM_MALI_GLD];
	s->gst_txn = d[SIM_MALI_GST];
	s->mem_insts = d[SIM_MALI_MEM_INSTS];
	s->caps |= GPUGOV_MALI_CAPS & caps;
	return true;
}

#endif /* GPUGOV_SIM_MODEL_H */
