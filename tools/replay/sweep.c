// SPDX-License-Identifier: GPL-2.0
/*
 * sweep.c - sweep traces as the evaluation sees them.
 *
 * A sweep trace holds every segment (fixed work) or epoch (fixed time) at
 * every OPP.  For segments, the busy time at an OPP is directly the time
 * the segment's work takes there.  For epochs the work done differs
 * between OPPs, so the time the base OPP's work would take at another OPP
 * is derived from that OPP's rate: busy(o) * insts(base) / insts(o).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "replay.h"
#include "sweep.h"

/* --coremem-gpu: overrides every trace's coremem-gpu header line */
struct coremem_gpu_sel replay_coremem_gpu;

/* Take --coremem-gpu @arg.  Return: 0, or EXIT_USAGE after a message. */
int replay_coremem_opt(const char *arg)
{
	char err[COREMEM_GPU_ERR_MAX];

	if (!coremem_gpu_select(arg, &replay_coremem_gpu, err, sizeof(err)))
		return 0;
	fprintf(stderr, "gpugov-replay: --coremem-gpu: %s\n", err);
	return EXIT_USAGE;
}

/* --pcstall-*: the pcstall model's geometry, the sysfs defaults unless set */
struct gpugov_pcstall_params replay_pcstall = {
	.entries = GPUGOV_PCSTALL_DEF_ENTRIES,
	.shift = GPUGOV_PCSTALL_DEF_SHIFT,
	.age_half = GPUGOV_PCSTALL_DEF_AGE_HALF,
};

/*
 * Take --pcstall-entries, --pcstall-shift or --pcstall-age-half (@name
 * without "--") = @arg, as the sysfs files of the same names take them.
 * Return: 0, or EXIT_USAGE after a message.
 */
int replay_pcstall_opt(const char *name, const char *arg)
{
	static const struct {
		const char *name;
		size_t off;
		const char *range;
	} f[] = {
		{ "pcstall-entries", offsetof(struct gpugov_pcstall_params, entries),
		  "a power of two in 1..1024" },
		{ "pcstall-shift", offsetof(struct gpugov_pcstall_params, shift),
		  "0..32" },
		{ "pcstall-age-half", offsetof(struct gpugov_pcstall_params, age_half),
		  "0..1024" },
	};
	static struct gpugov_pcstall_state check;	/* about 24 KiB */
	struct gpugov_pcstall_params par = replay_pcstall;
	size_t i;
	u32 v;
	int bad;

	for (i = 0; i < ARRAY_SIZE(f) && strcmp(name, f[i].name); i++)
		;
	if (i == ARRAY_SIZE(f)) {
		fprintf(stderr, "gpugov-replay: --%s is not a pcstall option\n", name);
		return EXIT_USAGE;
	}
	bad = parse_u32(arg, strlen(arg), &v);
	if (!bad) {
		*(u32 *)((char *)&par + f[i].off) = v;
		/* the model's own check, as the sysfs store makes it */
		gpugov_pcstall_init(&check);
		bad = gpugov_pcstall_set_params(&check, &par);
	}
	if (bad) {
		fprintf(stderr, "gpugov-replay: --%s '%s': give %s\n", name, arg,
			f[i].range);
		return EXIT_USAGE;
	}
	replay_pcstall = par;
	return 0;
}

/* The core+memory model's GPU description for the trace in @w. */
static int coremem_for_trace(struct sweep *w, char *err, size_t errlen)
{
	const char *name = w->t.hdr.coremem_gpu;
	char names[128];
	int id = GPUGOV_CM_GTX980;

	if (replay_coremem_gpu.set) {
		w->coremem = replay_coremem_gpu.p;
		w->coremem_gpu = replay_coremem_gpu.id;
		return 0;
	}
	if (name[0]) {
		id = gpugov_coremem_gpu_find(name, strlen(name));
		if (id < 0) {
			coremem_gpu_names(names, sizeof(names));
			snprintf(err, errlen, "%s: coremem-gpu '%s' is not a "
				 "GPU description this tool knows (%s); "
				 "--coremem-gpu overrides it", w->path, name,
				 names);
			return -1;
		}
	}
	w->coremem = gpugov_coremem_gpu(id)->p;
	w->coremem_gpu = id;
	return 0;
}

/* Load a trace of either kind, named after its file. */
int trace_load_named(struct sweep *w, const char *path, char *err, size_t errlen)
{
	const char *base = strrchr(path, '/');
	size_t len;

	memset(w, 0, sizeof(*w));
	w->path = path;
	base = base ? base + 1 : path;
	len = strcspn(base, ".");
	snprintf(w->name, sizeof(w->name), "%.*s", (int)len, base);
	if (gpugov_trace_load(path, &w->t, err, errlen))
		return -1;
	if (coremem_for_trace(w, err, errlen)) {
		gpugov_trace_free(&w->t);
		return -1;
	}
	return 0;
}

/*
 * Fresh model state: the defaults with the model options (--pcstall-*,
 * --coremem-gpu) applied.
 */
void replay_pred_init(struct gpugov_pred_state *st)
{
	gpugov_pred_init(st);
	/* valid: replay_pcstall_opt() checked it */
	gpugov_pcstall_set_params(&st->pcstall, &replay_pcstall);
	if (replay_coremem_gpu.set) {
		st->coremem = replay_coremem_gpu.p;
		st->coremem_gpu = replay_coremem_gpu.id;
	}
}

/* Fresh model state for @w: replay_pred_init(), and @w's core+memory description. */
void sweep_pred_init(struct gpugov_pred_state *st, const struct sweep *w)
{
	replay_pred_init(st);
	st->coremem = w->coremem;
	st->coremem_gpu = w->coremem_gpu;
}

int sweep_load(struct sweep *w, const char *path, char *err, size_t errlen)
{
	if (trace_load_named(w, path, err, errlen))
		return -1;
	if (w->t.hdr.kind != GPUGOV_TRACE_SWEEP) {
		snprintf(err, errlen, "%s: a sweep trace is needed, this is a %s trace",
			 path, gpugov_trace_kind_name(w->t.hdr.kind));
		gpugov_trace_free(&w->t);
		return -1;
	}
	if (!w->t.nr_seg) {
		snprintf(err, errlen, "%s: no segments", path);
		gpugov_trace_free(&w->t);
		return -1;
	}
	return 0;
}

/*
 * sweep_load() for subcommand @cmd.  Return: 0, or EXIT_FAILURE_RUN after
 * a message "gpugov-replay CMD: why".
 */
int sweep_open(struct sweep *w, const char *path, const char *cmd)
{
	char err[GPUGOV_TRACE_ERR_MAX];

	if (!sweep_load(w, path, err, sizeof(err)))
		return 0;
	fprintf(stderr, "gpugov-replay %s: %s\n", cmd, err);
	return EXIT_FAILURE_RUN;
}

void sweep_free(struct sweep *w)
{
	gpugov_trace_free(&w->t);
}

const struct gpugov_sample *sweep_sample(const struct sweep *w, u32 seg,
					 u32 opp)
{
	return &gpugov_trace_sweep_at(&w->t, seg, opp)->s;
}

u64 sweep_energy_pj(const struct sweep *w, u32 seg, u32 opp)
{
	return gpugov_trace_sweep_at(&w->t, seg, opp)->energy_pj;
}

/**
 * sweep_work_time_ns() - time the work of (@seg, @base) takes at @opp
 * @w: sweep
 * @seg: segment or epoch
 * @base: OPP whose work is meant
 * @opp: OPP at which it runs
 * @ns: out
 *
 * Return: 0, or -1 for an epoch without instruction counts.
 */
int sweep_work_time_ns(const struct sweep *w, u32 seg, u32 base, u32 opp,
		       double *ns)
{
	const struct gpugov_sample *b = sweep_sample(w, seg, base);
	const struct gpugov_sample *o = sweep_sample(w, seg, opp);

	if (w->t.hdr.interval != GPUGOV_INTERVAL_EPOCH) {
		*ns = (double)o->busy_ns;
		return 0;
	}
	if (!(w->t.hdr.caps & GPUGOV_CAP_INSTS) || !o->insts)
		return -1;
	*ns = (double)o->busy_ns * (double)b->insts / (double)o->insts;
	return 0;
}

/**
 * sweep_cost() - wall time and energy of segment @seg run at @opp
 * @w: sweep
 * @seg: segment or epoch
 * @opp: OPP
 * @ns: out, time in ns
 * @pj: out, energy in pJ
 *
 * Segments cost what was measured.  Epochs are rescaled to the work the
 * top OPP did in that epoch (see above), so that every policy is charged
 * for the same work; an epoch with no instructions at @opp costs as
 * measured.
 */
void sweep_cost(const struct sweep *w, u32 seg, u32 opp, double *ns,
		double *pj)
{
	const struct gpugov_sample *o = sweep_sample(w, seg, opp);
	u32 top = w->t.hdr.opps.nr - 1;
	double scale = 1.0;

	*ns = (double)o->interval_ns;
	*pj = (double)sweep_energy_pj(w, seg, opp);
	if (w->t.hdr.interval == GPUGOV_INTERVAL_EPOCH && o->insts)
		scale = (double)sweep_sample(w, seg, top)->insts / (double)o->insts;
	*ns *= scale;
	*pj *= scale;
}
