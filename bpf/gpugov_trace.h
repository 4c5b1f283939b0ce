/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_trace.h - what the BPF side of gpugov-trace and its user space
 * share: the ring buffer events, the histogram maps' keys and values, and
 * where struct gpugov_dev keeps the fields the decision handler reads.
 *
 * Included by gpugov_trace.bpf.c (clang -target bpf, no libc) and by the
 * user-space files (C11).  Plain fixed-width types only, so both sides lay
 * the structures out the same way.
 */
#ifndef GPUGOV_TRACE_TOOL_H
#define GPUGOV_TRACE_TOOL_H

#include <linux/types.h>

#ifdef __bpf__
/*
 * predictors/gpugov_sample.h takes its integer types from gpugov_shim.h,
 * whose user-space branch includes libc headers that do not exist for the
 * BPF target.  The BPF side is that header's third environment: it gets
 * the types and macros it needs here and the shim is skipped.
 */
typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __u64 u64;
#define BIT(n)		(1UL << (n))
#define BIT_ULL(n)	(1ULL << (n))
#define GPUGOV_SHIM_H
#endif

#include "gpugov_sample.h"

/* Long enough for dev_name() of any devfreq device ("fb000000.gpu"). */
#define GT_DEV_LEN	32

/* log2 slots of the prediction-error histograms (error in permille). */
#define GT_ERR_SLOTS	32

enum gt_event_kind {
	GT_EV_DECISION = 1,
	GT_EV_SAMPLE = 2,
};

/**
 * struct gt_decision - one gpugov_decision event
 * @kind: GT_EV_DECISION
 * @wanted: configured model (enum gpugov_pred_id)
 * @used: model used after capability fallback
 * @objective: enum gpugov_objective
 * @reason: enum gpugov_reason
 * @cur: OPP index in force during the sample
 * @best: minimum of the objective before hysteresis
 * @chosen: OPP index chosen for the next interval
 * @cur_khz: frequency of @cur
 * @chosen_khz: frequency of @chosen
 * @allowed_lo: lowest OPP index the device allowed (thermal cap, PM QoS,
 *	min/max_freq); the choice was made among @allowed_lo..@allowed_hi
 * @allowed_hi: the highest
 * @ts_ns: bpf_ktime_get_ns() at the event (CLOCK_MONOTONIC)
 * @seq: decision number on the device, from 1 (gpugov's stats.decisions)
 * @time_ps: predicted busy time of the sample's work at @chosen
 * @energy_pj: predicted energy at @chosen
 * @metric_q16: objective at @chosen relative to @cur, Q16
 * @latency_ns: sample build to decision, as the tracepoint reports it
 * @dev: device name
 * @s: the sample the decision was made on; only the part before
 *	@s.waves is sent (GT_DECISION_SIZE)
 */
struct gt_decision {
	__u32 kind;
	__u32 wanted;
	__u32 used;
	__u32 objective;
	__u32 reason;
	__u32 cur;
	__u32 best;
	__u32 chosen;
	__u32 cur_khz;
	__u32 chosen_khz;
	__u32 allowed_lo;
	__u32 allowed_hi;
	__u64 ts_ns;
	__u64 seq;
	__u64 time_ps;
	__u64 energy_pj;
	__u64 metric_q16;
	__u64 latency_ns;
	char dev[GT_DEV_LEN];
	struct gpugov_sample s;
};

#define GT_DECISION_SIZE \
	(__builtin_offsetof(struct gt_decision, s) + \
	 __builtin_offsetof(struct gpugov_sample, waves))

/**
 * struct gt_sample - one gpugov_sample event, sent only with --record
 * @kind: GT_EV_SAMPLE
 * @source: 1 if the counters came from a counter source
 * @ts_ns: bpf_ktime_get_ns() at the event
 * @dev: device name
 * @s: the whole sample, per-wave records included
 */
struct gt_sample {
	__u32 kind;
	__u32 source;
	__u64 ts_ns;
	char dev[GT_DEV_LEN];
	struct gpugov_sample s;
};

/* Frequency residency: one entry per device and core clock. */
struct gt_res_key {
	char dev[GT_DEV_LEN];
	__u32 khz;
};

/**
 * struct gt_res_val - time spent at one clock
 * @intervals: samples taken at this clock
 * @busy_intervals: those with busy time
 * @time_ns: their total interval time
 * @busy_ns: their total busy time
 */
struct gt_res_val {
	__u64 intervals;
	__u64 busy_intervals;
	__u64 time_ns;
	__u64 busy_ns;
};

/*
 * Prediction error, per device, model used and sign: @over is 1 where the
 * model predicted more busy time than the next interval took.
 */
struct gt_err_key {
	char dev[GT_DEV_LEN];
	__u32 predictor;
	__u32 over;
};

struct gt_err_hist {
	__u64 slot[GT_ERR_SLOTS];
};

/* The last prediction per device, to compare with the next sample. */
struct gt_last {
	__u64 time_ps;
	__u32 khz;
	__u32 predictor;
};

/**
 * struct gt_layout - byte offsets in struct gpugov_dev (governor/gpugov.h)
 *
 * The decision tracepoint passes the governor's whole per-device state.
 * Its type is defined only in the governor's kernel headers, so user
 * space computes these offsets from a mirror of it (gpugov_layout.c) and
 * hands them to the BPF side in .rodata.
 */
struct gt_layout {
	__u32 predictor;	/* enum gpugov_pred_id */
	__u32 used;		/* enum gpugov_pred_id */
	__u32 objective;	/* params.objective */
	__u32 table_opp;	/* table.opp[0].core_khz */
	__u32 opp_size;		/* sizeof(struct gpugov_opp) */
	__u32 sample;		/* struct gpugov_sample */
	__u32 cur;		/* dec.cur */
	__u32 best;		/* dec.best */
	__u32 chosen;		/* dec.chosen */
	__u32 reason;		/* dec.reason */
	__u32 lo;		/* dec.lo */
	__u32 hi;		/* dec.hi */
	__u32 time_ps;		/* dec.time_ps[0] */
	__u32 energy_pj;	/* dec.energy_pj[0] */
	__u32 metric_q16;	/* dec.metric_q16[0] */
	__u32 decisions;	/* stats.decisions */
};

#endif /* GPUGOV_TRACE_TOOL_H */
