// SPDX-License-Identifier: GPL-2.0
/*
 * bench_decide.c - cost of one governor decision (observe, predict at
 * every OPP, then choose) per model and objective, at 8, 16, 32 and 110
 * OPPs (110: the core clocks a firmware-governed GPU lists, such as
 * NVIDIA's H200).
 *
 * usage: bench_decide [--iters N] [--csv] [--list]
 *		       [--one OPPS PREDICTOR OBJECTIVE]
 *
 * Prints ns per decision measured with CLOCK_MONOTONIC over N decisions on
 * a rotating set of pseudo-random samples.  Run it under
 * `valgrind --tool=callgrind` with a small N to count instructions instead
 * (the make target `bench-decide` does both; --list prints the cells it
 * runs, one "OPPS PREDICTOR OBJECTIVE" a line).  Samples carry every
 * counter; per-wave records only for PCSTALL, the one model that reads
 * them, all GPUGOV_MAX_WAVES of them (the most a decision can cost).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpugov_predict.h"
#include "gpugov_policy.h"

#define NSAMPLES 64

/* Code regions of the synthetic waves: more than fit PCSTALL's table. */
#define NREGIONS 160

static struct gpugov_sample samples[NSAMPLES];
static const u32 sizes[] = { 8, 16, 32, 110 };

static u64 next_rand(u64 *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Waves resident for part of the epoch's @cyc cycles, PCs in NREGIONS. */
static void make_waves(struct gpugov_sample *s, u64 cyc, u64 *x)
{
	u32 i;

	s->nr_waves = GPUGOV_MAX_WAVES;
	for (i = 0; i < GPUGOV_MAX_WAVES; i++) {
		struct gpugov_wave *w = &s->waves[i];

		w->pc_start = (next_rand(x) % NREGIONS) << 4;
		w->pc_end = (next_rand(x) % NREGIONS) << 4;
		w->core_cyc = cyc / 2 + next_rand(x) % (cyc / 2 + 1);
		w->stall_cyc = next_rand(x) % (w->core_cyc + 1);
		w->insts = w->core_cyc - w->stall_cyc + next_rand(x) % 64;
		w->age_rank = i;
	}
}

static void make_inputs(struct gpugov_opp_table *t, u32 nr)
{
	u64 x = 88172645463325252ULL;
	u32 i;

	memset(t, 0, sizeof(*t));
	t->nr = nr;
	for (i = 0; i < nr; i++) {
		t->opp[i].core_khz = 100000 + i * (1500000 / nr);
		t->opp[i].uv = 550000 + i * (450000 / nr);
	}
	for (i = 0; i < NSAMPLES; i++) {
		struct gpugov_sample *s = &samples[i];
		u64 cyc;

		s->interval_ns = 10000 + next_rand(&x) % 1000000;
		s->busy_ns = s->interval_ns / 2 + next_rand(&x) % (s->interval_ns / 2);
		s->core_khz = t->opp[next_rand(&x) % nr].core_khz;
		cyc = s->busy_ns * s->core_khz / 1000000;
		s->lcp_cyc = next_rand(&x) % (cyc + 1);
		s->load_stall_cyc = next_rand(&x) % (s->lcp_cyc + 1);
		s->store_stall_cyc = next_rand(&x) % (cyc - s->lcp_cyc + 1);
		s->load_out_cyc = s->lcp_cyc;
		s->lead_cyc = s->load_stall_cyc;
		s->crit_cyc = s->lcp_cyc / 2;
		s->insts = cyc * 2;
		s->mem_insts = cyc / 4;
		s->gld_txn = s->mem_insts * 3;
		s->gst_txn = s->mem_insts;
		s->l2_txn = s->gld_txn + s->gst_txn;
		s->l2_hits = s->l2_txn / 3;
		s->dram_txn = s->l2_txn - s->l2_hits;
		s->warps = 1024;
		s->occupancy_q16 = 40000;
		s->mem_khz = 1000000;
		make_waves(s, cyc, &x);
	}
}

/* Only PCSTALL gets the waves, so that the others pay no table update. */
static void set_waves(bool on)
{
	u32 i;

	for (i = 0; i < NSAMPLES; i++)
		samples[i].caps = on ? GPUGOV_CAP_ALL :
				  GPUGOV_CAP_ALL & ~GPUGOV_CAP_WAVES;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	static struct gpugov_decision d;
	static struct gpugov_policy_state ps;
	struct gpugov_policy_params p;
	struct gpugov_pred_state st;
	struct gpugov_opp_table t;
	long iters = 200000, i;
	int csv = 0, list = 0, a, pred, obj, one_pred = -1, one_obj = -1;
	u32 one_opps = 0;
	const u32 *sz = sizes;
	size_t z, nsz = ARRAY_SIZE(sizes);
	volatile u32 sink = 0;

	for (a = 1; a < argc; a++) {
		if (!strcmp(argv[a], "--iters") && a + 1 < argc)
			iters = strtol(argv[++a], NULL, 10);
		else if (!strcmp(argv[a], "--csv"))
			csv = 1;
		else if (!strcmp(argv[a], "--list"))
			list = 1;
		else if (!strcmp(argv[a], "--one") && a + 3 < argc) {
			one_opps = (u32)strtoul(argv[a + 1], NULL, 10);
			one_pred = gpugov_predictor_find(argv[a + 2], strlen(argv[a + 2]));
			one_obj = gpugov_objective_find(argv[a + 3], strlen(argv[a + 3]));
			a += 3;
			if (one_pred < 0 || one_obj < 0 || !one_opps ||
			    one_opps > GPUGOV_MAX_OPPS) {
				fprintf(stderr, "bench_decide: bad --one arguments\n");
				return 2;
			}
		} else {
			fprintf(stderr, "usage: bench_decide [--iters N] [--csv] "
				"[--list] [--one OPPS PREDICTOR OBJECTIVE]\n");
			return 2;
		}
	}
	if (iters < 1)
		iters = 1;
	if (list) {
		for (z = 0; z < ARRAY_SIZE(sizes); z++)
			for (pred = 0; pred < GPUGOV_NR_PRED; pred++)
				for (obj = 0; obj < GPUGOV_NR_OBJ; obj++)
					printf("%u %s %s\n", sizes[z],
					       gpugov_predictor(pred)->name,
					       gpugov_objective_names[obj]);
		return 0;
	}
	printf(csv ? "opps,predictor,objective,ns_per_decision\n" :
	       "ns per decision (predict at every OPP + choose), %ld decisions each\n"
	       "opps predictor objective        ns\n", iters);
	if (one_opps) {
		sz = &one_opps;
		nsz = 1;
	}
	for (z = 0; z < nsz; z++) {
		make_inputs(&t, sz[z]);
		for (pred = 0; pred < GPUGOV_NR_PRED; pred++) {
			set_waves(pred == GPUGOV_PRED_PCSTALL);
			for (obj = 0; obj < GPUGOV_NR_OBJ; obj++) {
				double t0;

				if (one_opps && (pred != one_pred || obj != one_obj))
					continue;
				gpugov_policy_defaults(&p);
				p.objective = obj;
				gpugov_pred_init(&st);
				gpugov_policy_state_init(&ps);
				t0 = now_ns();
				for (i = 0; i < iters; i++) {
					const struct gpugov_sample *s = &samples[i % NSAMPLES];

					gpugov_pred_observe(&st, s);
					gpugov_decision_predict(&st, pred, s, &t,
								&d);
					gpugov_decide(&p, &ps, &t, s, &d);
					sink += d.chosen;
				}
				printf(csv ? "%u,%s,%s,%.1f\n" : "%4u %-9s %-11s %7.1f\n",
				       sz[z], gpugov_predictor(pred)->name,
				       gpugov_objective_names[obj], (now_ns() - t0) / iters);
			}
		}
	}
	return sink == 0xffffffff;
}
