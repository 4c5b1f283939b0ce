// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_sim.c - libFuzzer target: a .gpu and a .wl parsed, then simulated
 * (tools/sim/gpu.c, sm.c, memsys.c, cache.c, crisp_count.c, energy.c).
 *
 * The input is a GPU description, a line starting "#fuzz-wl", then a
 * workload (both halves are valid files for the real tools: the
 * separator is a comment).  If both parse, the GPU runs the workload in
 * epochs at changing OPPs, as `gpugov-sim online` does, and the epochs
 * are written as a sample trace, fed to the models and policy of
 * predictors/, and read back.  Checks: no crash or UB; each record is
 * consistent (busy within the interval, the clocks of its OPP, occupancy
 * at most 1, waves within bounds); the trace the simulator's records
 * make is one the trace reader accepts, record for record; an epoch run
 * again from a snapshot (sim_copy(), what `sweep` does at every OPP)
 * gives the same record, byte for byte.
 *
 * The work is capped in the harness, not in the product: the epochs
 * together span at most SIM_BUDGET SM-cycles of the fastest core clock,
 * so that no input runs for long however large its grids or loops.
 * Parse errors are fuzz_gpu's and fuzz_wl's business; a deadlock the
 * simulator reports (a barrier some warps never reach) must come with a
 * message.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_sim_input.h"
#include "gpu.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"

#define SEPARATOR	"#fuzz-wl"
#define EPOCHS		8
#define RERUN_EPOCH	1		/* the epoch also run from a snapshot */
#define SIM_BUDGET	(1u << 15)	/* SM-cycles, the re-run included */

static struct sim_gpu_desc gpu;
static struct sim_workload wl;

/* The OPP of epoch @i: the fastest first, then across the table. */
static u32 epoch_opp(u32 i, u32 nopp)
{
	return i % 2 ? (i / 2 * 7) % nopp : nopp - 1 - (i / 2) % nopp;
}

static void check_rec(const struct gpugov_trace_rec *r, u32 opp)
{
	const struct gpugov_sample *s = &r->s;

	FUZZ_CHECK(s->busy_ns <= s->interval_ns);
	FUZZ_CHECK(s->core_khz == gpu.core_khz[opp / gpu.nr_mem]);
	FUZZ_CHECK(s->mem_khz == gpu.mem_khz[opp % gpu.nr_mem]);
	FUZZ_CHECK(s->caps == GPUGOV_CAP_ALL);
	FUZZ_CHECK(s->occupancy_q16 <= 1u << 16);
	FUZZ_CHECK(s->nr_waves <= GPUGOV_MAX_WAVES);
}

/* One epoch of @epoch_fs at @opp into @rec; 0, or -1 (deadlock) with @err. */
static int run_epoch(struct sim *x, u32 opp, u32 seg, u64 epoch_fs,
		     struct gpugov_trace_rec *rec, char *err)
{
	struct sim_interval iv;

	sim_set_opp(x, opp);
	sim_interval_begin(x, &iv);
	if (sim_run(x, SIM_INF, iv.start_fs + epoch_fs, SIM_NO_LAUNCH, err)) {
		FUZZ_CHECK(err[0] && memchr(err, '\0', SIM_ERR_MAX));
		return -1;
	}
	sim_interval_end(x, &iv, epoch_fs, rec);
	rec->opp = opp;
	rec->seg = seg;
	check_rec(rec, opp);
	return 0;
}

/* The governor's step on @rec, with model and objective per epoch. */
static void govern(struct gpugov_pred_state *ps, struct gpugov_policy_state *pol,
		   const struct gpugov_opp_table *t, const struct gpugov_trace_rec *rec)
{
	static struct gpugov_decision d;
	struct gpugov_policy_params p;

	gpugov_policy_defaults(&p);
	p.objective = rec->seg % GPUGOV_NR_OBJ;
	gpugov_pred_observe(ps, &rec->s);
	gpugov_decision_predict(ps, rec->seg % GPUGOV_NR_PRED, &rec->s, t, &d);
	gpugov_decide(&p, pol, t, &rec->s, &d);
	FUZZ_CHECK(d.chosen < t->nr);
}

/* The trace written must load, with as many records as were written. */
static void check_trace(char *buf, size_t len, u32 nrec)
{
	char err[GPUGOV_TRACE_ERR_MAX];
	struct gpugov_trace t;
	FILE *f = fmemopen(buf, len, "r");
	int rc;

	if (!f)
		abort();
	rc = gpugov_trace_load_file(f, "sim.trace", &t, err, sizeof(err));
	if (rc)
		fprintf(stderr, "%s\n", err);
	FUZZ_CHECK(!rc);
	FUZZ_CHECK(t.nr_rec == nrec);
	gpugov_trace_free(&t);
	fclose(f);
}

static void simulate(void)
{
	static struct gpugov_trace_rec rec, again;
	static struct gpugov_pred_state ps;
	struct gpugov_policy_state pol;
	struct gpugov_trace_hdr h;
	struct sim_state *live = sim_state_alloc(), *snap = sim_state_alloc();
	char *err = fuzz_sim_err_buf(), *buf;
	u32 nopp, i, nrec = 0;
	struct sim x;
	u64 epoch_fs;
	size_t len;
	FILE *trace;

	if (!live || !snap)
		abort();
	sim_init(&x, &gpu, &wl, live, 1);
	nopp = sim_nr_opp(&x);
	/* the cycles of the fastest core clock the budget allows an epoch */
	epoch_fs = (u64)(SIM_BUDGET / (EPOCHS + 1) / gpu.sms) *
		   (1000000000000ULL / gpu.core_khz[gpu.nr_core - 1]);
	gpugov_trace_hdr_init(&h, GPUGOV_TRACE_SAMPLE, GPUGOV_INTERVAL_EPOCH,
			      epoch_fs / 1000000);
	snprintf(h.device, sizeof(h.device), "%s", gpu.name);
	sim_gpu_opp_table(&gpu, &h.opps);
	trace = open_memstream(&buf, &len);
	if (!trace)
		abort();
	FUZZ_CHECK(!gpugov_trace_write_header(trace, &h));
	gpugov_pred_init(&ps);
	gpugov_policy_state_init(&pol);
	for (i = 0; i < EPOCHS && !live->finished; i++) {
		u32 opp = epoch_opp(i, nopp);

		if (i == RERUN_EPOCH)
			sim_copy(&x, snap, live);
		if (run_epoch(&x, opp, i, epoch_fs, &rec, err))
			break;
		if (i == RERUN_EPOCH) {
			x.st = snap;
			FUZZ_CHECK(!run_epoch(&x, opp, i, epoch_fs, &again, err));
			FUZZ_CHECK(!memcmp(&rec, &again, sizeof(rec)));
			FUZZ_CHECK(snap->insts == live->insts &&
				   snap->now_fs == live->now_fs &&
				   snap->finished == live->finished);
			x.st = live;
		}
		FUZZ_CHECK(!gpugov_trace_write_rec(trace, &h, &rec));
		nrec++;
		govern(&ps, &pol, &h.opps, &rec);
	}
	FUZZ_CHECK(!fclose(trace));
	check_trace(buf, len, nrec);
	free(buf);
	free(err);
	free(snap);
	free(live);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *sep = memmem(data, size, SEPARATOR, strlen(SEPARATOR));
	struct fuzz_opts o, wl_opts;	/* the option line is the GPU half's */
	char *gpath, *wpath, *err;
	size_t gsize;
	int ok;

	if (!sep || (sep != data && sep[-1] != '\n'))
		return 0;
	gsize = sep - data;
	gpath = fuzz_sim_file(data, gsize, "sim.gpu", &o);
	wpath = fuzz_sim_file(sep, size - gsize, "sim.wl", &wl_opts);
	if (!gpath || !wpath || o.scale <= 0) {
		free(gpath);
		free(wpath);
		return 0;
	}
	err = fuzz_sim_err_buf();
	ok = !sim_gpu_load(&gpu, gpath, err) &&
	     !sim_workload_load(&wl, wpath, o.scale, err);
	free(err);
	free(gpath);
	free(wpath);
	if (ok)
		simulate();
	return 0;
}
