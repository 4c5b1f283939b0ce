/* SPDX-License-Identifier: GPL-2.0 */
/*
 * gpugov_trace.h - tracepoints of the gpugov governor (system "gpugov").
 *
 * One gpugov_sample event per poll that produced a sample and one
 * gpugov_decision event per decision.  Fields are plain integers and
 * strings so that perf, ftrace and BPF (tp, raw_tp, tp_btf) can use them
 * without gpugov's headers.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM gpugov

#if !defined(GPUGOV_KTRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define GPUGOV_KTRACE_H

#include <linux/tracepoint.h>
#include <linux/version.h>

#include "gpugov.h"

/* __assign_str() lost its source argument in 6.10. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define gpugov_assign_str(dst, src)	__assign_str(dst)
#else
#define gpugov_assign_str(dst, src)	__assign_str(dst, src)
#endif

TRACE_EVENT(gpugov_sample,
	    TP_PROTO(const char *dev, const struct gpugov_sample *s,
		     bool source),
	    TP_ARGS(dev, s, source),
	TP_STRUCT__entry(__string(dev, dev)
		__field(u64, interval_ns)
		__field(u64, busy_ns)
		__field(u32, core_khz)
		__field(u32, mem_khz)
		__field(u32, caps)
		__field(u8, source)
		__field(u64, insts)
		__field(u64, load_stall_cyc)
		__field(u64, store_stall_cyc)
		__field(u64, lcp_cyc)
		__field(u64, load_out_cyc)
		__field(u64, energy_uj)
	),

	TP_fast_assign(gpugov_assign_str(dev, dev);
		__entry->interval_ns = s->interval_ns;
		__entry->busy_ns = s->busy_ns;
		__entry->core_khz = s->core_khz;
		__entry->mem_khz = s->mem_khz;
		__entry->caps = s->caps;
		__entry->source = source;
		__entry->insts = s->insts;
		__entry->load_stall_cyc = s->load_stall_cyc;
		__entry->store_stall_cyc = s->store_stall_cyc;
		__entry->lcp_cyc = s->lcp_cyc;
		__entry->load_out_cyc = s->load_out_cyc;
		__entry->energy_uj = s->energy_uj;
	),

	TP_printk("dev=%s interval_ns=%llu busy_ns=%llu core_khz=%u mem_khz=%u caps=0x%x source=%u insts=%llu load_stall_cyc=%llu store_stall_cyc=%llu lcp_cyc=%llu load_out_cyc=%llu energy_uj=%llu",
		  __get_str(dev), __entry->interval_ns, __entry->busy_ns,
		  __entry->core_khz, __entry->mem_khz, __entry->caps,
		  __entry->source, __entry->insts, __entry->load_stall_cyc,
		  __entry->store_stall_cyc, __entry->lcp_cyc,
		  __entry->load_out_cyc, __entry->energy_uj)
);

TRACE_EVENT(gpugov_decision,
	    TP_PROTO(const char *dev, const struct gpugov_dev *g,
		     u64 latency_ns),
	    TP_ARGS(dev, g, latency_ns),
	TP_STRUCT__entry(__string(dev, dev)
		__field(u64, seq)
		__string(wanted, gpugov_pred_name(g->predictor))
		__string(used, gpugov_pred_name(g->used))
		__string(objective, gpugov_objective_name(g->params.objective))
		__string(reason, gpugov_reason_name(g->dec.reason))
		__field(u32, cur)
		__field(u32, best)
		__field(u32, chosen)
		__field(u32, cur_khz)
		__field(u32, chosen_khz)
		__field(u32, allowed_lo)
		__field(u32, allowed_hi)
		__field(u64, time_ps)
		__field(u64, energy_pj)
		__field(u64, latency_ns)
	),

	TP_fast_assign(gpugov_assign_str(dev, dev);
		__entry->seq = g->stats.decisions;
		gpugov_assign_str(wanted, gpugov_pred_name(g->predictor));
		gpugov_assign_str(used, gpugov_pred_name(g->used));
		gpugov_assign_str(objective,
				  gpugov_objective_name(g->params.objective));
		gpugov_assign_str(reason, gpugov_reason_name(g->dec.reason));
		__entry->cur = g->dec.cur;
		__entry->best = g->dec.best;
		__entry->chosen = g->dec.chosen;
		__entry->cur_khz = g->table.opp[g->dec.cur].core_khz;
		__entry->chosen_khz = g->table.opp[g->dec.chosen].core_khz;
		__entry->allowed_lo = g->dec.lo;
		__entry->allowed_hi = g->dec.hi;
		__entry->time_ps = g->dec.time_ps[g->dec.chosen];
		__entry->energy_pj = g->dec.energy_pj[g->dec.chosen];
		__entry->latency_ns = latency_ns;
	),

	TP_printk("dev=%s seq=%llu wanted=%s used=%s objective=%s reason=%s cur=%u best=%u chosen=%u cur_khz=%u chosen_khz=%u allowed_lo=%u allowed_hi=%u time_ps=%llu energy_pj=%llu latency_ns=%llu",
		  __get_str(dev), __entry->seq, __get_str(wanted),
		  __get_str(used), __get_str(objective), __get_str(reason),
		  __entry->cur, __entry->best, __entry->chosen,
		  __entry->cur_khz, __entry->chosen_khz, __entry->allowed_lo,
		  __entry->allowed_hi, __entry->time_ps, __entry->energy_pj,
		  __entry->latency_ns)
);

#endif /* GPUGOV_KTRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE gpugov_trace
#include <trace/define_trace.h>
