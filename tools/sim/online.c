// SPDX-License-Identifier: GPL-2.0
/*
 * online.c - the policy in the loop.  Epoch n runs at the OPP chosen
 * from epoch n's predecessor: observe, predict every OPP's time, decide.
 * The first epoch runs at the fastest OPP, as after a governor start.
 */
#include <stdlib.h>
#include <string.h>

#include "online.h"

/*
 * --target and --idle-uw: a non-zero @target selects the objective target
 * (GRAPE) holding @target work units per busy second (GRAPE section V-A
 * gives its goals as rates); @idle_uw is the power the policy charges for
 * idle time (struct gpugov_power_params).
 */
void sim_online_target(struct gpugov_policy_params *p, u64 target, u32 idle_uw)
{
	p->power.idle_uw = idle_uw;
	if (!target)
		return;
	p->objective = GPUGOV_OBJ_TARGET;
	p->grape.mode = GPUGOV_GRAPE_ABS;
	p->grape.target = target;
}

/*
 * A governor's predictor state for a domain of @sms SMs, and the trace
 * header's coremem-gpu line: the coremem model describes the simulated
 * GPU (its SM count, warp slots) unless --coremem-gpu replaces it.
 */
static void pred_setup(const struct sim *x, const struct sim_online_opts *o,
		       u32 sms, struct gpugov_pred_state *ps,
		       struct gpugov_trace_hdr *h)
{
	gpugov_pred_init(ps);
	ps->coremem.sm_count = sms;
	ps->coremem.warps_max = x->g->warp_slots;
	ps->coremem_gpu = GPUGOV_CM_NR_GPUS;
	if (o->coremem && o->coremem->set) {
		ps->coremem = o->coremem->p;
		ps->coremem_gpu = o->coremem->id;
		snprintf(h->coremem_gpu, sizeof(h->coremem_gpu), "%s",
			 gpugov_coremem_gpu(o->coremem->id) ?
			 gpugov_coremem_gpu_name(o->coremem->id) : "");
	}
}

/* The governor's step after @rec: observe, predict, decide; the choice. */
static u32 govern(const struct sim_online_opts *o,
		  struct gpugov_pred_state *ps,
		  struct gpugov_policy_state *pol,
		  const struct gpugov_opp_table *t,
		  const struct gpugov_trace_rec *rec)
{
	struct gpugov_decision d;

	gpugov_pred_observe(ps, &rec->s);
	memset(&d, 0, sizeof(d));
	gpugov_decision_predict(ps, o->pred, &rec->s, t, &d);
	gpugov_decide(&o->policy, pol, t, &rec->s, &d);
	return d.chosen;
}

static void header_init(const struct sim *x, const struct sim_online_opts *o,
			struct gpugov_trace_hdr *h)
{
	gpugov_trace_hdr_init(h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_EPOCH,
			      o->epoch_ns);
	snprintf(h->device, sizeof(h->device), "%s", x->g->name);
	snprintf(h->source, sizeof(h->source), "%s",
		 o->source ? o->source : "");
	sim_gpu_opp_table(x->g, &h->opps);
}

int sim_online(struct sim *x, const struct sim_online_opts *o,
	       struct sim_online_result *r, char *err)
{
	struct gpugov_trace_hdr h;
	struct gpugov_pred_state ps;
	static struct gpugov_policy_state pol;
	struct gpugov_trace_rec rec;
	u32 opp = sim_nr_opp(x) - 1;

	memset(r, 0, sizeof(*r));
	header_init(x, o, &h);
	pred_setup(x, o, x->g->sms, &ps, &h);
	gpugov_policy_state_init(&pol);
	if (o->trace)
		gpugov_trace_write_header(o->trace, &h);
	while (!x->st->finished) {
		struct sim_interval iv;
		u64 epoch_fs = o->epoch_ns * 1000000;

		sim_set_opp(x, opp);
		sim_interval_begin(x, &iv);
		if (sim_run(x, SIM_INF, iv.start_fs + epoch_fs, SIM_NO_LAUNCH,
			    err))
			return -1;
		sim_interval_end(x, &iv, 0, &rec);
		rec.seg = (u32)r->epochs;
		rec.opp = opp;
		if (o->trace)
			gpugov_trace_write_rec(o->trace, &h, &rec);
		r->epochs++;
		r->insts += rec.s.insts;
		r->ns += rec.s.busy_ns;
		r->pj += rec.energy_pj;
		r->opp_epochs[opp]++;
		opp = govern(o, &ps, &pol, &h.opps, &rec);
	}
	return 0;
}

/*
 * Per-SM V/f domains (PCSTALL evaluates per CU): every SM has its own
 * governor - predictor state and policy - which sets its core clock for
 * epoch n+1 from its own sample of epoch n (sim_interval_end_sm(): its
 * counters, all its waves).  The memory clock stays at the top OPP's; an
 * SM's OPP table is the core clocks at that memory clock (index = core
 * clock index), with the device's modelled powers.  Each SM's samples go
 * to o->sm_trace[s] (header "domain sm S SMS"); every SM starts at the
 * top clock.
 */
int sim_online_per_sm(struct sim *x, const struct sim_online_opts *o,
		      struct sim_online_result *r, char *err)
{
	const struct sim_gpu_desc *g = x->g;
	struct gpugov_pred_state *ps = calloc(g->sms, sizeof(*ps));
	struct gpugov_policy_state *pol = calloc(g->sms, sizeof(*pol));
	struct gpugov_trace_hdr h;
	struct gpugov_opp_table full;
	struct gpugov_trace_rec *rec = malloc(sizeof(*rec));
	u32 core[SIM_MAX_SM], s, i;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (!ps || !pol || !rec) {
		snprintf(err, SIM_ERR_MAX, "out of memory");
		goto out;
	}
	header_init(x, o, &h);
	full = h.opps;
	h.opps.nr = g->nr_core;
	for (i = 0; i < g->nr_core; i++)
		h.opps.opp[i] = full.opp[i * g->nr_mem + g->nr_mem - 1];
	h.domain_count = g->sms;
	for (s = 0; s < g->sms; s++) {
		pred_setup(x, o, 1, &ps[s], &h);
		gpugov_policy_state_init(&pol[s]);
		core[s] = g->nr_core - 1;
		h.domain_sm = s;
		gpugov_trace_write_header(o->sm_trace[s], &h);
	}
	sim_set_opp(x, sim_nr_opp(x) - 1);
	while (!x->st->finished) {
		struct sim_interval iv;
		u64 epoch_fs = o->epoch_ns * 1000000;

		for (s = 0; s < g->sms; s++)
			sim_set_sm_core(x, s, core[s]);
		sim_interval_begin(x, &iv);
		if (sim_run(x, SIM_INF, iv.start_fs + epoch_fs, SIM_NO_LAUNCH,
			    err))
			goto out;
		for (s = 0; s < g->sms; s++) {
			sim_interval_end_sm(x, &iv, 0, s, rec);
			rec->seg = (u32)r->epochs;
			rec->opp = core[s];
			h.domain_sm = s;
			gpugov_trace_write_rec(o->sm_trace[s], &h, rec);
			r->pj += rec->energy_pj;
			r->insts += rec->s.insts;
			r->opp_epochs[core[s]]++;
			core[s] = govern(o, &ps[s], &pol[s], &h.opps, rec);
		}
		r->epochs++;
		r->ns += (x->st->now_fs - iv.start_fs) / 1e6;
	}
	rc = 0;
out:
	free(ps);
	free(pol);
	free(rec);
	return rc;
}
