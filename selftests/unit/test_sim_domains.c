// SPDX-License-Identifier: GPL-2.0
/*
 * test_sim_domains.c - per-SM V/f domains (sim_set_sm_core()): SMs at
 * different core clocks in one run.
 *  - compute only, one block per SM: each SM takes the same number of its
 *    own cycles, so the run lasts as long as at the slowest SM's clock
 *    alone (to a cycle of it), and one slow SM among fast ones makes the
 *    run that slow;
 *  - in a fixed time (20 us), an SM commits instructions in proportion
 *    to its clock (within 2 %);
 *  - with memory traffic and mixed clocks (stream-triad, SM s at core
 *    clock s mod 7), every SM's cycle classes partition its own cycles,
 *    load stall <= adjusted LCP <= its cycles, and the SMs' instructions
 *    add up to the device's;
 *  - every SM set to one clock gives the trace of sim_set_opp().
 * Runs from the top of the tree (make check).
 */
#include <string.h>

#include "fixture.h"
#include "tap.h"
#include "gpu.h"

#define FERMI "tools/sim/gpus/fermi-15sm.gpu"
#define TRIAD "tools/sim/workloads/kernels/stream-triad.wl"

/* 15 blocks of 2 warps: one per SM; four independent FMA chains. */
static const char compute_wl[] =
	"kernel k\ngrid 15\nblock 64\ncode\nloop 2000\n"
	"alu r1 r1 r2\nalu r3 r3 r2\nalu r4 r4 r2\nalu r5 r5 r2\n"
	"endloop\nendkernel\nrun k\n";

static struct sim_gpu_desc gpu;
static struct sim_workload wl;
static struct sim_state *st;
static struct gpugov_trace_rec rec;
static char err[SIM_ERR_MAX];

/*
 * Run the loaded workload with SM s at core clock @core[s] until @stop_fs
 * (SIM_INF: the end); returns the busy time in fs, 0 on failure.
 */
static u64 run_mixed(const u32 *core, u64 stop_fs, struct sim_interval *iv,
		     struct sim *x)
{
	u32 s;

	sim_init(x, &gpu, &wl, st, 1);
	for (s = 0; s < gpu.sms; s++)
		sim_set_sm_core(x, s, core[s]);
	sim_interval_begin(x, iv);
	if (sim_run(x, SIM_INF, stop_fs, SIM_NO_LAUNCH, err)) {
		tap_diag("%s", err);
		return 0;
	}
	return st->now_fs - iv->start_fs;
}

static void test_compute(void)
{
	u32 core[SIM_MAX_SM], s, top = gpu.nr_core - 1;
	struct sim_interval iv;
	struct sim x;
	u64 t_slow, t_mixed, t_one, t_fast, period = 1000000000000ULL / 100000;
	u64 insts[SIM_MAX_SM];
	int prop = 1;

	if (!fx_write("c.wl", compute_wl) ||
	    sim_workload_load(&wl, fx_write("c.wl", compute_wl), 1.0, err)) {
		tap_diag("%s", err);
		return;
	}
	for (s = 0; s < gpu.sms; s++)
		core[s] = 0;
	t_slow = run_mixed(core, SIM_INF, &iv, &x);
	for (s = 0; s < gpu.sms; s++)
		core[s] = top;
	t_fast = run_mixed(core, SIM_INF, &iv, &x);
	for (s = 0; s < gpu.sms; s++)
		core[s] = s % gpu.nr_core;
	t_mixed = run_mixed(core, SIM_INF, &iv, &x);
	for (s = 0; s < gpu.sms; s++)
		core[s] = s == 3 ? 0 : top;
	t_one = run_mixed(core, SIM_INF, &iv, &x);
	tap_ok(t_slow && t_fast < t_slow && t_mixed + period >= t_slow &&
	       t_mixed <= t_slow + period && t_one + period >= t_slow &&
	       t_one <= t_slow + period,
	       "compute: mixed clocks last as long as the slowest SM's clock "
	       "(%.0f, %.0f, %.0f ns; all fast %.0f ns)", t_slow / 1e6,
	       t_mixed / 1e6, t_one / 1e6, t_fast / 1e6);

	/* 20 us: every SM busy all along; SM s at clock s mod 7 */
	for (s = 0; s < gpu.sms; s++)
		core[s] = s % gpu.nr_core;
	if (!run_mixed(core, 20000000000ULL, &iv, &x))
		return;
	for (s = 0; s < gpu.sms; s++)
		insts[s] = st->sm[s].ev.insts;
	for (s = 1; s < gpu.sms; s++) {
		double want = (double)insts[0] * gpu.core_khz[core[s]] /
			      gpu.core_khz[core[0]];

		if (insts[s] < 0.98 * want || insts[s] > 1.02 * want) {
			tap_diag("SM %u: %llu instructions, want %.0f", s,
				 (unsigned long long)insts[s], want);
			prop = 0;
		}
	}
	tap_ok(prop, "compute, 20 us: each SM's instructions in proportion to "
	       "its clock (within 2%%)");
}

static void test_memory(void)
{
	u32 core[SIM_MAX_SM], s, c;
	struct sim_interval iv;
	struct sim x;
	u64 sum = 0, t;
	int bad = 0;

	if (sim_workload_load(&wl, TRIAD, 0.5, err)) {
		tap_diag("%s", err);
		return;
	}
	for (s = 0; s < gpu.sms; s++)
		core[s] = s % gpu.nr_core;
	t = run_mixed(core, 20000000000ULL, &iv, &x);
	sim_interval_end(&x, &iv, 0, &rec);
	for (s = 0; s < gpu.sms; s++) {
		const struct crisp_ctr *cc = &st->sm[s].cc;
		u64 cycles = st->sm[s].now - iv.start_cyc[s], part = 0;

		for (c = 0; c < CRISP_NR_CLASS; c++)
			part += cc->cyc[c];
		bad += part != cycles;
		bad += cc->lcp < (s64)cc->cyc[CRISP_LOAD_STALL];
		bad += cc->lcp > (s64)cycles;
		sum += st->sm[s].ev.insts;
	}
	tap_ok(t && !bad, "stream-triad, mixed clocks: every SM's classes "
	       "partition its own cycles, stall <= LCP <= cycles");
	tap_ok(sum == rec.s.insts && rec.s.dram_txn > 0,
	       "stream-triad, mixed clocks: SM instructions add up to the "
	       "device's (%llu)", (unsigned long long)sum);
}

static void test_uniform(void)
{
	struct gpugov_trace_rec a;
	struct sim_interval iv;
	u32 core[SIM_MAX_SM], s;
	struct sim x;

	memset(&a, 0, sizeof(a));
	memset(&rec, 0, sizeof(rec));
	if (sim_workload_load(&wl, TRIAD, 0.25, err)) {
		tap_diag("%s", err);
		return;
	}
	for (s = 0; s < gpu.sms; s++)
		core[s] = 2;
	run_mixed(core, SIM_INF, &iv, &x);
	sim_interval_end(&x, &iv, 0, &a);
	sim_init(&x, &gpu, &wl, st, 1);
	sim_set_opp(&x, 2);
	sim_interval_begin(&x, &iv);
	sim_run(&x, SIM_INF, SIM_INF, SIM_NO_LAUNCH, err);
	sim_interval_end(&x, &iv, 0, &rec);
	tap_ok(!memcmp(&a, &rec, sizeof(a)),
	       "every SM at one clock: the record of sim_set_opp()");
}

int main(void)
{
	st = sim_state_alloc();
	if (!tap_ok(st && !fx_init() && !sim_gpu_load(&gpu, FERMI, err),
		    "setup")) {
		tap_diag("%s", err);
		return tap_done("sim_domains");
	}
	test_compute();
	test_memory();
	test_uniform();
	fx_done();
	free(st);
	return tap_done("sim_domains");
}
