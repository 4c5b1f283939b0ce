// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_waves.c - the per-wave records gpugov-sim gives PCSTALL (seed
 * 004 section 4.4) at each interval boundary, with what each warp did in
 * the interval.  Per SM (sim_interval_end_sm(), SM 0 here):
 *  - one record per resident warp (up to 64), none for warps that exited;
 *  - age ranks 0, 1, 2, ... in record order; stall <= resident cycles <=
 *    the interval's cycles; pc_end is the warp's next instruction;
 *  - a warp resident through the whole next interval starts it where the
 *    record said it would resume: the pc_start of those records, in age
 *    order, is a subsequence of the previous boundary's pc_end;
 *  - with room for fewer records than resident warps, the records are
 *    those of the lowest warp slots, still oldest first.
 * The device's records (sim_interval_end(); PCSTALL section 4.2 sums the
 * wavefronts of every CU) come from every SM: the resident warps SM by
 * SM, oldest first, or where there are more than 64 the systematic sample
 * of that order whose record j is warp floor(j * N / 64), each with its
 * rank on its own SM.
 * A warp's stall cycles (the seed's time blocked at s_waitcnt, which
 * counts stores as well as loads) include the cycles its next instruction,
 * a global access, is held because the MSHRs or the store queue are full:
 * on a kernel of stores and no loads they are not zero; on one of
 * arithmetic alone they are.
 * Runs from the top of the tree (make check); workloads are scaled down.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "gpu.h"
#include "sm.h"

#define FERMI "tools/sim/gpus/fermi-15sm.gpu"
#define APPS "tools/sim/workloads/apps"
#define KERNELS "tools/sim/workloads/kernels"

static struct sim_gpu_desc fermi;
static struct sim_workload wl;
static struct sim_state *st;
static struct gpugov_trace_rec dev, rec, prev;

/* Is b[0..nb) (records resident all interval) a subsequence of a's pc_end? */
static int resumes(const struct gpugov_sample *a, const struct gpugov_sample *b,
		   u64 cycles, u32 *full)
{
	u32 i, j = 0;

	*full = 0;
	for (i = 0; i < b->nr_waves; i++) {
		if (b->waves[i].core_cyc != cycles)
			continue;
		(*full)++;
		while (j < a->nr_waves && a->waves[j].pc_end != b->waves[i].pc_start)
			j++;
		if (j++ >= a->nr_waves)
			return 0;
	}
	return 1;
}

struct wave_stats {
	u32 intervals, bad_count, bad_rank, bad_cyc, bad_pc, bad_resume;
	u32 exits, full, partial;
	u32 bad_dev, dev_sampled, dev_sms;
	u64 stall;
};

/*
 * The device's records against the SMs' state at the boundary: warp
 * floor(j * N / m) of the SM-major, oldest-first order of the N resident
 * warps, m = min(N, 64).
 */
static void check_device(const struct sim *x, struct wave_stats *ws)
{
	const struct sim_kernel *k = &x->w->kern[x->w->launch[x->st->launch]];
	const struct gpugov_sample *s = &dev.s;
	u32 total = 0, m, j, sm = 0, base = 0, seen = 0, last = ~0U;

	for (j = 0; j < x->g->sms; j++)
		total += x->st->sm[j].nres;
	m = total < GPUGOV_MAX_WAVES ? total : GPUGOV_MAX_WAVES;
	ws->bad_dev += s->nr_waves != m;
	ws->dev_sampled += total > m;
	for (j = 0; j < m && j < s->nr_waves; j++) {
		u32 n = (u32)((u64)j * total / m);
		const struct sim_sm *p;
		const struct sim_warp *wp;

		while (n >= base + x->st->sm[sm].nres)
			base += x->st->sm[sm++].nres;
		p = &x->st->sm[sm];
		wp = &p->warp[p->order[n - base]];
		ws->bad_dev += s->waves[j].age_rank != n - base ||
			       s->waves[j].pc_end != k->pc_base + 8 * (u64)wp->pc ||
			       s->waves[j].stall_cyc > s->waves[j].core_cyc;
		if (sm != last)
			seen++;
		last = sm;
	}
	if (seen > ws->dev_sms)
		ws->dev_sms = seen;
}

/* One record against SM 0's state at the boundary. */
static void check_record(const struct sim *x, u64 cycles, struct wave_stats *ws)
{
	const struct sim_sm *sm = &x->st->sm[0];
	const struct sim_kernel *k = &x->w->kern[x->w->launch[x->st->launch]];
	const struct gpugov_sample *s = &rec.s;
	u32 i;

	ws->bad_count += s->nr_waves != sm->nres;
	/* warps that came during the interval, minus those still there */
	ws->exits += sm->ev.warps > s->nr_waves;
	for (i = 0; i < s->nr_waves; i++) {
		const struct gpugov_wave *w = &s->waves[i];
		const struct sim_warp *wp = &sm->warp[sm->order[i]];

		ws->stall += w->stall_cyc;
		ws->bad_rank += w->age_rank != i;
		ws->bad_cyc += w->stall_cyc > w->core_cyc || w->core_cyc > cycles;
		ws->bad_pc += w->pc_end != k->pc_base + 8 * (u64)wp->pc ||
			      !wp->live;
		if (w->core_cyc == cycles)
			ws->full++;
		else
			ws->partial++;
	}
}

static void run_intervals(const char *path, u64 epoch_ns, struct wave_stats *ws)
{
	char err[SIM_ERR_MAX];
	struct sim_interval iv;
	struct sim x;
	u64 t_fs, cycles;
	u32 full;
	int have_prev = 0;

	memset(ws, 0, sizeof(*ws));
	if (sim_workload_load(&wl, path, 0.25, err)) {
		tap_diag("%s", err);
		ws->bad_count++;
		return;
	}
	sim_init(&x, &fermi, &wl, st, 1);
	while (!st->finished) {
		sim_interval_begin(&x, &iv);
		t_fs = iv.start_fs + epoch_ns * 1000000;
		if (sim_run(&x, SIM_INF, t_fs, SIM_NO_LAUNCH, err)) {
			tap_diag("%s", err);
			ws->bad_count++;
			return;
		}
		sim_interval_end(&x, &iv, 0, &dev);
		sim_interval_end_sm(&x, &iv, 0, 0, &rec);
		cycles = st->sm[0].now - iv.start_cyc[0];
		ws->intervals++;
		if (!st->finished) {
			check_record(&x, cycles, ws);
			check_device(&x, ws);
		}
		if (have_prev && !st->finished) {
			ws->bad_resume += !resumes(&prev.s, &rec.s, cycles, &full);
		}
		prev = rec;
		have_prev = !st->finished;
	}
}

static void test_records(const char *name, u64 epoch_ns)
{
	struct wave_stats ws;
	char path[256];

	snprintf(path, sizeof(path), APPS "/%s.wl", name);
	run_intervals(path, epoch_ns, &ws);
	tap_ok(ws.intervals > 3 && !ws.bad_dev && ws.dev_sms == fermi.sms,
	       "%s, %llu ns: the device's records are the resident warps of every "
	       "SM (%u of %u SMs), sampled systematically where more than 64 "
	       "(%u intervals), with their ranks on their SMs", name,
	       (unsigned long long)epoch_ns, ws.dev_sms, fermi.sms, ws.dev_sampled);
	tap_ok(ws.intervals > 3 && !ws.bad_count,
	       "%s, %llu ns: %u intervals, one record per resident warp of SM 0, "
	       "none for the warps that exited (%u intervals with exits)", name,
	       (unsigned long long)epoch_ns, ws.intervals, ws.exits);
	tap_ok(!ws.bad_rank && !ws.bad_cyc && !ws.bad_pc,
	       "%s, %llu ns: oldest first, age rank = place, stall <= resident <= "
	       "interval cycles, pc_end = next instruction (%u whole, %u partial)",
	       name, (unsigned long long)epoch_ns, ws.full, ws.partial);
	tap_ok(!ws.bad_resume,
	       "%s, %llu ns: warps resident through an interval start it at the "
	       "last boundary's pc_end (%u boundaries off)", name,
	       (unsigned long long)epoch_ns, ws.bad_resume);
}

/*
 * Stall cycles include a global access held by full MSHRs or store queue:
 * a kernel of stores alone has them, one of arithmetic alone none.
 */
static void test_held(void)
{
	struct wave_stats ws;

	run_intervals(KERNELS "/store-flood.wl", 1000, &ws);
	tap_ok(ws.intervals > 3 && !ws.bad_cyc && ws.stall > 0,
	       "store-flood (stores, no loads), 1 us: warps held by the full store "
	       "queue count as stalled (%llu cycles), stall <= resident",
	       (unsigned long long)ws.stall);
	run_intervals(KERNELS "/compute-fma.wl", 1000, &ws);
	tap_ok(ws.intervals > 3 && !ws.bad_cyc && ws.stall == 0,
	       "compute-fma (arithmetic alone), 1 us: no stall cycles (%llu)",
	       (unsigned long long)ws.stall);
}

/* Fewer records than resident warps: the lowest slots, oldest first. */
static void test_subset(void)
{
	char err[SIM_ERR_MAX];
	struct gpugov_wave out[GPUGOV_MAX_WAVES];
	struct sim_interval iv;
	struct sim x;
	const struct sim_sm *sm = &st->sm[0];
	u32 n, i, j, want = 0, bad = 0, last = 0;

	if (sim_workload_load(&wl, APPS "/particle-step.wl", 0.25, err)) {
		tap_diag("%s", err);
		tap_ok(0, "subset: workload loads");
		return;
	}
	sim_init(&x, &fermi, &wl, st, 1);
	sim_interval_begin(&x, &iv);
	sim_run(&x, SIM_INF, iv.start_fs + 3000ULL * 1000000,
		SIM_NO_LAUNCH, err);
	for (i = 0; i < sm->nres; i++)
		want += sm->order[i] < 8;
	n = sm_waves(sm, &wl.kern[wl.launch[st->launch]], sm->now, out, 8);
	for (i = 0, j = 0; i < sm->nres; i++) {
		if (sm->order[i] >= 8)
			continue;
		bad += j >= n || out[j].age_rank != i || (j && out[j].age_rank <= last);
		last = i;
		j++;
	}
	tap_ok(sm->nres > 8 && n == want && n <= 8 && !bad,
	       "room for 8 of %u resident warps: the warps of slots 0-7, oldest first, "
	       "ranks among all resident", sm->nres);
}

int main(void)
{
	char err[SIM_ERR_MAX];

	st = sim_state_alloc();
	if (!tap_ok(!sim_gpu_load(&fermi, FERMI, err), "GPU file loads"))
		tap_diag("%s", err);
	else {
		test_records("particle-step", 1000);
		test_records("particle-step", 10000);
		test_records("cnn-layer", 1000);
		test_records("cnn-layer", 5000);
		test_records("iterative-solver", 10000);
		test_subset();
		test_held();
	}
	free(st);
	return tap_done("sim_waves");
}
