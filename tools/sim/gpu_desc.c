// SPDX-License-Identifier: GPL-2.0
/*
 * gpu_desc.c - parse a .gpu description file.
 *
 * Each line is "key value...".  Integer keys are described by a table
 * (name, field, range); "core-opp KHZ UV" and "mem-opp KHZ" lines build
 * the OPP lists; "power.KEY VALUE" lines set energy coefficients.
 */
#include <stddef.h>
#include <string.h>

#include "gpu_desc.h"

/* An integer key: required, or optional with a default (@opt set). */
struct gpu_key {
	const char *name;
	size_t off;
	u32 min, max;
	u8 opt;
	u32 def;
};

#define K(f, lo, hi) { #f, offsetof(struct sim_gpu_desc, f), lo, hi, 0, 0 }
#define KOPT(f, lo, hi, d) \
	{ #f, offsetof(struct sim_gpu_desc, f), lo, hi, 1, d }

static const struct gpu_key keys[] = {
	K(sms, 1, SIM_MAX_SM),
	K(warp_slots, 1, SIM_MAX_WARPS),
	K(max_blocks, 1, SIM_MAX_BLOCKS),
	K(issue_width, 1, SIM_MAX_ISSUE),
	K(alu_lat, 1, 1000),
	K(sfu_lat, 1, 1000),
	K(sfu_interval, 1, 1000),
	K(shm_lat, 1, 1000),
	K(l1_hit_lat, 1, 1000),
	K(l1_miss_lat, 0, 10000),
	K(l1_kb, 1, SIM_L1_MAX_KB),
	K(l1_ways, 1, 64),
	K(mshrs, 1, SIM_MAX_MSHR),
	K(store_queue, 1, SIM_MAX_SQ),
	K(icnt_lat, 0, 10000),
	K(l2_kb, 1, SIM_L2_MAX_KB),
	K(l2_ways, 1, 64),
	K(l2_banks, 1, SIM_MAX_BANKS),
	K(l2_lat, 0, 10000),
	K(l2_service, 0, 1000),
	K(dram_channels, 1, SIM_MAX_BANKS),
	K(dram_lat, 1, 10000),
	K(dram_service, 1, 1000),
	/* Defaults leave the model as it was before these keys existed: no
	 * core-clock part of the L2/interconnect, no row buffers. */
	KOPT(icnt_core_lat, 0, 10000, 0),
	KOPT(l2_core_lat, 0, 10000, 0),
	KOPT(l2_core_service, 0, 1000, 0),
	KOPT(dram_banks, 0, SIM_MAX_DRAM_BANKS, 0),
	KOPT(dram_row_lines, 1, 1024, 32),
	KOPT(dram_trp, 0, 1000, 0),
	KOPT(dram_trcd, 0, 1000, 0),
};

_Static_assert(sizeof(keys) / sizeof(keys[0]) <= 64,
	       "sim_gpu_load() marks the keys seen in a u64");

/*
 * Energy coefficients have an upper bound so that every energy and power
 * the model computes stays far inside the integers it is written as: an
 * event costs at most 1 uJ at 1 V (real ones cost a few nJ), a power is
 * at most what an OPP's u32 power_uw holds.
 */
#define SIM_EVENT_PJ_MAX	1e6
#define SIM_POWER_UW_MAX	((double)U32_MAX)

struct pw_key {
	const char *name;
	size_t off;
	double max;
};

#define P(f, hi) { "power." #f, offsetof(struct sim_power, f), hi }

static const struct pw_key pw_keys[] = {
	P(inst_pj, SIM_EVENT_PJ_MAX), P(alu_pj, SIM_EVENT_PJ_MAX),
	P(sfu_pj, SIM_EVENT_PJ_MAX), P(shm_pj, SIM_EVENT_PJ_MAX),
	P(l1_pj, SIM_EVENT_PJ_MAX), P(clk_pj, SIM_EVENT_PJ_MAX),
	P(l2_pj, SIM_EVENT_PJ_MAX), P(dram_pj, SIM_EVENT_PJ_MAX),
	P(static_uw, SIM_POWER_UW_MAX), P(uncore_uw, SIM_POWER_UW_MAX),
};

static int parse_line(struct sim_lexer *lx, struct sim_gpu_desc *g)
{
	char **t = lx->tok;
	double d;
	u32 i, v;

	if (!strcmp(t[0], "name")) {
		if (lx->ntok != 2 || strlen(t[1]) >= sizeof(g->name))
			return sim_lex_err(lx, "name needs one word");
		strcpy(g->name, t[1]);
		return 0;
	}
	if (!strcmp(t[0], "sched")) {
		if (lx->ntok == 2 && !strcmp(t[1], "gto"))
			g->sched = SIM_SCHED_GTO;
		else if (lx->ntok == 2 && !strcmp(t[1], "oldest"))
			g->sched = SIM_SCHED_OLDEST;
		else
			return sim_lex_err(lx, "sched must be gto or oldest");
		return 0;
	}
	if (!strcmp(t[0], "core-opp")) {
		if (lx->ntok != 3)
			return sim_lex_err(lx, "core-opp needs KHZ UV");
		if (g->nr_core == SIM_MAX_CORE_OPP)
			return sim_lex_err(lx, "more than %d core OPPs",
					   SIM_MAX_CORE_OPP);
		if (sim_lex_u32(lx, t[1], &g->core_khz[g->nr_core]) ||
		    sim_lex_u32(lx, t[2], &g->core_uv[g->nr_core]))
			return -1;
		if (!g->core_khz[g->nr_core] || !g->core_uv[g->nr_core] ||
		    (g->nr_core &&
		     g->core_khz[g->nr_core] <= g->core_khz[g->nr_core - 1]))
			return sim_lex_err(lx, "core OPPs must be non-zero and "
					   "ascending");
		g->nr_core++;
		return 0;
	}
	if (!strcmp(t[0], "mem-opp")) {
		if (lx->ntok != 2)
			return sim_lex_err(lx, "mem-opp needs KHZ");
		if (g->nr_mem == SIM_MAX_MEM_OPP)
			return sim_lex_err(lx, "more than %d memory OPPs",
					   SIM_MAX_MEM_OPP);
		if (sim_lex_u32(lx, t[1], &g->mem_khz[g->nr_mem]))
			return -1;
		if (!g->mem_khz[g->nr_mem] ||
		    (g->nr_mem && g->mem_khz[g->nr_mem] <= g->mem_khz[g->nr_mem - 1]))
			return sim_lex_err(lx, "memory OPPs must be non-zero "
					   "and ascending");
		g->nr_mem++;
		return 0;
	}
	for (i = 0; i < sizeof(pw_keys) / sizeof(pw_keys[0]); i++) {
		if (strcmp(t[0], pw_keys[i].name))
			continue;
		if (lx->ntok != 2)
			return sim_lex_err(lx, "%s needs one value", t[0]);
		if (sim_lex_double(lx, t[1], &d))
			return -1;
		if (d > pw_keys[i].max)
			return sim_lex_err(lx, "%s must be at most %.0f", t[0],
					   pw_keys[i].max);
		*(double *)((char *)&g->pw + pw_keys[i].off) = d;
		return 0;
	}
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		if (strcmp(t[0], keys[i].name))
			continue;
		if (lx->ntok != 2)
			return sim_lex_err(lx, "%s needs one value", t[0]);
		if (sim_lex_u32(lx, t[1], &v))
			return -1;
		if (v < keys[i].min || v > keys[i].max)
			return sim_lex_err(lx, "%s must be in %u..%u", t[0],
					   keys[i].min, keys[i].max);
		*(u32 *)((char *)g + keys[i].off) = v;
		return 0;
	}
	return sim_lex_err(lx, "unknown key '%s'", t[0]);
}

/* Modelled power at core OPP @c at full ALU issue on every SM, in uW. */
static double opp_power_uw(const struct sim_gpu_desc *g, u32 c)
{
	const struct sim_power *p = &g->pw;
	double v = g->core_uv[c] / 1e6;
	double f = g->core_khz[c] * 1e3;	/* Hz */
	double dyn_pj_per_cyc = g->sms *
		(g->issue_width * (p->inst_pj + p->alu_pj) + p->clk_pj);

	/* pJ/cycle * cycles/s = pW; /1e6 -> uW */
	return dyn_pj_per_cyc * v * v * f / 1e6 + p->static_uw * v +
	       p->uncore_uw;
}

/**
 * sim_gpu_load() - read a GPU description
 * @g: filled on success
 * @path: the .gpu file
 * @err: SIM_ERR_MAX bytes for "file:line: message"
 *
 * Every required integer key must be given (optional ones default as in
 * the key table); an OPP table needs at least one core
 * and one memory OPP and at most GPUGOV_MAX_OPPS (core, mem) pairs.
 */
int sim_gpu_load(struct sim_gpu_desc *g, const char *path, char *err)
{
	struct sim_lexer lx;
	u64 seen = 0;
	u32 i;
	int n;

	memset(g, 0, sizeof(*g));
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		*(u32 *)((char *)g + keys[i].off) = keys[i].def;
	if (sim_lex_open(&lx, path, err))
		return -1;
	while ((n = sim_lex_next(&lx)) > 0) {
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!strcmp(lx.tok[0], keys[i].name))
				seen |= 1ULL << i;
		if (parse_line(&lx, g)) {
			n = -1;
			break;
		}
	}
	if (!n) {
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (!keys[i].opt && !(seen & (1ULL << i))) {
				n = sim_lex_err(&lx, "key '%s' missing",
						keys[i].name);
				break;
			}
	}
	if (!n && (!g->nr_core || !g->nr_mem ||
		   g->nr_core * g->nr_mem > GPUGOV_MAX_OPPS))
		n = sim_lex_err(&lx, "need 1..%d (core-opp x mem-opp) pairs",
				GPUGOV_MAX_OPPS);
	if (!n && !g->name[0])
		n = sim_lex_err(&lx, "name missing");
	if (!n && (g->l1_kb * 1024 / SIM_LINE_BYTES) % g->l1_ways)
		n = sim_lex_err(&lx, "l1 lines not a multiple of l1_ways");
	if (!n && (g->l2_kb * 1024 / SIM_LINE_BYTES) % g->l2_ways)
		n = sim_lex_err(&lx, "l2 lines not a multiple of l2_ways");
	for (i = 0; !n && i < g->nr_core; i++)
		if (opp_power_uw(g, i) > SIM_POWER_UW_MAX)
			n = sim_lex_err(&lx, "core-opp %u kHz: modelled power "
					"%.0f uW is more than %.0f (an OPP's "
					"u32 power_uw)", g->core_khz[i],
					opp_power_uw(g, i), SIM_POWER_UW_MAX);
	if (!n) {
		cache_geom_init(&g->l1, g->l1_kb, g->l1_ways);
		cache_geom_init(&g->l2, g->l2_kb, g->l2_ways);
		sim_div_init(&g->banks, g->l2_banks);
		sim_div_init(&g->channels, g->dram_channels);
	}
	sim_lex_close(&lx);
	return n < 0 ? -1 : 0;
}

/*
 * The devfreq view: every (core, mem) pair, ascending, with the modelled
 * power at full ALU issue on every SM as the energy-model power.
 * sim_gpu_load() has checked that every power fits the u32.
 */
void sim_gpu_opp_table(const struct sim_gpu_desc *g,
		       struct gpugov_opp_table *t)
{
	u32 c, m;

	memset(t, 0, sizeof(*t));
	for (c = 0; c < g->nr_core; c++)
		for (m = 0; m < g->nr_mem; m++) {
			struct gpugov_opp *o = &t->opp[t->nr++];

			o->core_khz = g->core_khz[c];
			o->mem_khz = g->mem_khz[m];
			o->uv = g->core_uv[c];
			o->power_uw = (u32)opp_power_uw(g, c);
		}
}

/* Peak DRAM bandwidth in bytes/s: every channel moves one line per service. */
double sim_gpu_peak_bw(const struct sim_gpu_desc *g, u32 mem_khz)
{
	return (double)g->dram_channels * SIM_LINE_BYTES * mem_khz * 1e3 /
	       g->dram_service;
}
