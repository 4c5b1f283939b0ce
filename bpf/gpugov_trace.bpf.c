// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_trace.bpf.c - BPF side of gpugov-trace.
 *
 * Two handlers, each attached to one of the governor's tracepoints in one
 * of two ways; user space loads one set:
 *   raw_tp/gpugov_*   any kernel: the program gets TP_PROTO's raw
 *                     arguments, no BTF of the module is needed (6.1);
 *   tp_btf/gpugov_*   where the module has BTF (/sys/kernel/btf/gpugov).
 * Both read the governor's memory with bpf_probe_read_kernel():
 * struct gpugov_sample has the layout of predictors/gpugov_sample.h, the
 * very header the module is built with, and the fields of struct
 * gpugov_dev are at the offsets user space put in @layout.  No kernel type
 * is used, so the object needs no vmlinux.h and no kernel BTF, and it is
 * the same object for every kernel.
 *
 * Decisions go to user space through the ring buffer, without wakeups
 * (user space drains it on a timer, see trace_loop() in gpugov_trace.c);
 * with want_hist they
 * are also summed into the residency and prediction-error maps here, so
 * the histograms are exact even if the ring buffer overflows.  With
 * want_samples every sample is sent whole (for --record).
 */
#include <stdbool.h>
#include <linux/types.h>
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

#include "gpugov_trace.h"

/* Set by user space before load. */
const volatile struct gt_layout layout = {};
const volatile char dev_filter[GT_DEV_LEN] = {};	/* "" = every device */
const volatile bool want_samples = false;
const volatile bool want_hist = false;
const volatile __u64 max_decisions = 0;			/* 0 = no limit */

/* Read by user space (mmap'ed .bss). */
__u64 nr_decisions = 0;		/* decisions of matching devices */
__u64 nr_samples = 0;		/* samples sent */
__u64 nr_lost = 0;		/* events the full ring buffer refused */

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4 << 20);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, struct gt_res_key);
	__type(value, struct gt_res_val);
} residency SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, struct gt_err_key);
	__type(value, struct gt_err_hist);
} prederr SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 256);
	__type(key, char[GT_DEV_LEN]);
	__type(value, struct gt_last);
} lastpred SEC(".maps");

/* Decision being assembled: too big for the 512-byte stack. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct gt_decision);
} scratch SEC(".maps");

static __always_inline bool dev_match(const char *dev)
{
	int i;

	if (!dev_filter[0])
		return true;
	for (i = 0; i < GT_DEV_LEN; i++) {
		if (dev[i] != dev_filter[i])
			return false;
		if (!dev[i])
			break;
	}
	return true;
}

static __always_inline __u32 rd32(const void *base, __u32 off)
{
	__u32 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), base + off);
	return v;
}

static __always_inline __u64 rd64(const void *base, __u32 off)
{
	__u64 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), base + off);
	return v;
}

/* Slot 0: 0; slot k: [2^(k-1), 2^k), the last slot open-ended. */
static __always_inline __u32 log2_slot(__u64 v)
{
	__u32 slot = 0;
	int i;

	for (i = 0; i < GT_ERR_SLOTS - 1 && v; i++) {
		v >>= 1;
		slot++;
	}
	return slot;
}

static __always_inline void add_residency(const struct gt_decision *e)
{
	struct gt_res_key k = {};
	struct gt_res_val *v, zero = {};

	__builtin_memcpy(k.dev, e->dev, GT_DEV_LEN);
	k.khz = e->s.core_khz;
	v = bpf_map_lookup_elem(&residency, &k);
	if (!v) {
		bpf_map_update_elem(&residency, &k, &zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&residency, &k);
		if (!v)
			return;
	}
	__sync_fetch_and_add(&v->intervals, 1);
	__sync_fetch_and_add(&v->time_ns, e->s.interval_ns);
	if (e->s.busy_ns) {
		__sync_fetch_and_add(&v->busy_intervals, 1);
		__sync_fetch_and_add(&v->busy_ns, e->s.busy_ns);
	}
}

/*
 * The previous decision predicted how long the work of its interval would
 * take at the OPP it chose.  If this interval ran there and was busy, its
 * busy time is what the prediction is judged against (the governor's own
 * assumption: the next interval's work is like the last one's).
 */
static __always_inline void add_prederr(const struct gt_decision *e)
{
	struct gt_err_key k = {};
	struct gt_err_hist *h, zero = {};
	struct gt_last *last, now = {};
	__u64 actual, diff;
	__u32 slot;

	last = bpf_map_lookup_elem(&lastpred, e->dev);
	if (last && last->time_ps && e->s.busy_ns &&
	    last->khz == e->s.core_khz) {
		actual = e->s.busy_ns * 1000;
		k.over = last->time_ps > actual;
		diff = k.over ? last->time_ps - actual : actual - last->time_ps;
		slot = log2_slot(diff * 1000 / actual);
		__builtin_memcpy(k.dev, e->dev, GT_DEV_LEN);
		k.predictor = last->predictor;
		h = bpf_map_lookup_elem(&prederr, &k);
		if (!h) {
			bpf_map_update_elem(&prederr, &k, &zero, BPF_NOEXIST);
			h = bpf_map_lookup_elem(&prederr, &k);
		}
		if (h && slot < GT_ERR_SLOTS)
			__sync_fetch_and_add(&h->slot[slot], 1);
	}
	now.time_ps = e->time_ps;
	now.khz = e->chosen_khz;
	now.predictor = e->used;
	bpf_map_update_elem(&lastpred, e->dev, &now, BPF_ANY);
}

static __always_inline int on_decision(const char *devp, const void *g,
				       __u64 latency_ns)
{
	__u32 zero = 0, chosen, cur;
	struct gt_decision *e;
	__u64 n;

	/*
	 * Never NULL, but from 6.12 on (raw_tp arguments marked
	 * PTR_MAYBE_NULL) the verifier refuses offsets from a tp_btf
	 * pointer argument that was not checked.
	 */
	if (!g)
		return 0;
	e = bpf_map_lookup_elem(&scratch, &zero);
	if (!e)
		return 0;
	__builtin_memset(e->dev, 0, GT_DEV_LEN);
	bpf_probe_read_kernel_str(e->dev, GT_DEV_LEN, devp);
	if (!dev_match(e->dev))
		return 0;
	n = __sync_fetch_and_add(&nr_decisions, 1);
	if (max_decisions && n >= max_decisions)
		return 0;

	/* Clamped like the governor's own debugfs reads of the table. */
	cur = rd32(g, layout.cur) & (GPUGOV_MAX_OPPS - 1);
	chosen = rd32(g, layout.chosen) & (GPUGOV_MAX_OPPS - 1);
	e->kind = GT_EV_DECISION;
	e->wanted = rd32(g, layout.predictor);
	e->used = rd32(g, layout.used);
	e->objective = rd32(g, layout.objective);
	e->reason = rd32(g, layout.reason);
	e->cur = cur;
	e->best = rd32(g, layout.best);
	e->chosen = chosen;
	e->cur_khz = rd32(g, layout.table_opp + cur * layout.opp_size);
	e->chosen_khz = rd32(g, layout.table_opp + chosen * layout.opp_size);
	e->allowed_lo = rd32(g, layout.lo);
	e->allowed_hi = rd32(g, layout.hi);
	e->ts_ns = bpf_ktime_get_ns();
	e->seq = rd64(g, layout.decisions);
	e->time_ps = rd64(g, layout.time_ps + chosen * sizeof(__u64));
	e->energy_pj = rd64(g, layout.energy_pj + chosen * sizeof(__u64));
	e->metric_q16 = rd64(g, layout.metric_q16 + chosen * sizeof(__u64));
	e->latency_ns = latency_ns;
	bpf_probe_read_kernel(&e->s, __builtin_offsetof(struct gpugov_sample, waves),
			      g + layout.sample);

	if (want_hist) {
		add_residency(e);
		add_prederr(e);
	}
	if (bpf_ringbuf_output(&events, e, GT_DECISION_SIZE, BPF_RB_NO_WAKEUP))
		__sync_fetch_and_add(&nr_lost, 1);
	return 0;
}

static __always_inline int on_sample(const char *devp, const void *s,
				     bool source)
{
	char dev[GT_DEV_LEN] = {};
	struct gt_sample *e;

	if (!want_samples)
		return 0;
	bpf_probe_read_kernel_str(dev, sizeof(dev), devp);
	if (!dev_match(dev))
		return 0;
	/* The decision of this poll follows; it must not be the one over. */
	if (max_decisions && nr_decisions >= max_decisions)
		return 0;
	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e) {
		__sync_fetch_and_add(&nr_lost, 1);
		return 0;
	}
	e->kind = GT_EV_SAMPLE;
	e->source = source;
	e->ts_ns = bpf_ktime_get_ns();
	__builtin_memcpy(e->dev, dev, GT_DEV_LEN);
	bpf_probe_read_kernel(&e->s, sizeof(e->s), s);
	bpf_ringbuf_submit(e, BPF_RB_NO_WAKEUP);
	__sync_fetch_and_add(&nr_samples, 1);
	return 0;
}

/* TP_PROTO(const char *dev, const struct gpugov_sample *s, bool source) */
SEC("raw_tp/gpugov_sample")
int BPF_PROG(raw_sample, const char *dev, const void *s, bool source)
{
	return on_sample(dev, s, source);
}

/* TP_PROTO(const char *dev, const struct gpugov_dev *g, u64 latency_ns) */
SEC("raw_tp/gpugov_decision")
int BPF_PROG(raw_decision, const char *dev, const void *g, __u64 latency_ns)
{
	return on_decision(dev, g, latency_ns);
}

SEC("tp_btf/gpugov_sample")
int BPF_PROG(btf_sample, const char *dev, const void *s, bool source)
{
	return on_sample(dev, s, source);
}

SEC("tp_btf/gpugov_decision")
int BPF_PROG(btf_decision, const char *dev, const void *g, __u64 latency_ns)
{
	return on_decision(dev, g, latency_ns);
}

char LICENSE[] SEC("license") = "GPL";
