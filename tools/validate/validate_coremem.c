// SPDX-License-Identifier: GPL-2.0
/*
 * validate_coremem - the fixed-point Wang & Chu model against the authors'
 * own per-row results on their GTX 980 measurements.
 *
 * usage: validate_coremem [-v] [--tol REL] [--data DIR]
 *
 * DIR (default $GPUGOV_DATA, else ../shared/data) holds nvdvfs-gtx980/;
 * see its README.  Two reference sets are recomputed row by row:
 *
 *  36 pairs: reference/gtx980-low-dvfs-real-small-workload-features.csv
 *	(the authors' per-warp inputs) and ...-qiang2018-cycles.csv (their
 *	intermediates), with the authors' later constants.  The kernels their
 *	code treats specially (convolutionTexture: texture delay added to
 *	mem_del; reduction: branch delay added to sm_del) are excluded from
 *	the score, and the validator checks that this is indeed the
 *	difference.
 *
 *  49 pairs: gtx980-49pairs-20kernels.csv (raw nvprof metrics; the
 *	per-warp inputs are derived as the authors derive them) and
 *	reference/gtx980-dvfs-real-qiang2018-cycles.csv, with the 2018
 *	constants.  The same rows also go through struct gpugov_sample and
 *	gpugov_coremem_inputs(), the predictor's own path.
 *
 * Prints the number of rows within the tolerance for every intermediate
 * and exits non-zero if fewer than 640 of the 648 model rows of the
 * 36-pair set (or the same fraction of the 49-pair set) match mem_del and
 * sm_del.  Files are read, never copied.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpugov_coremem.h"
#include "gpugov_fixed.h"
#include "gpugov_sample.h"
#include "csvtab.h"
#include "nvdvfs.h"

#define ERRLEN 512
#define MAX_KERNELS 64
#define TIGHT 1e-6

enum quantity {
	Q_COLD, Q_AGL_LAT, Q_AGL_DEL, Q_MEM_DEL, Q_MEM_LAT, Q_SHM_DEL,
	Q_SHM_LAT, Q_SHM_OFF, Q_COMP_DEL, Q_COMP_LAT, Q_COMP_OFF, Q_DP_DEL,
	Q_SM_DEL, Q_SM_LAT, Q_MODELLED, Q_ROUNDS, NR_Q,
};

static const char *const qcol[NR_Q] = {
	[Q_COLD] = "cold_miss",
	[Q_AGL_LAT] = "avg_mem_lat",
	[Q_AGL_DEL] = "avg_mem_del",
	[Q_MEM_DEL] = "mem_del",
	[Q_MEM_LAT] = "mem_lat",
	[Q_SHM_DEL] = "shm_del",
	[Q_SHM_LAT] = "shm_lat",
	[Q_SHM_OFF] = "shm_offset",
	[Q_COMP_DEL] = "compute_del",
	[Q_COMP_LAT] = "compute_lat",
	[Q_COMP_OFF] = "compute_offset",
	[Q_DP_DEL] = "dp_del",
	[Q_SM_DEL] = "sm_del",
	[Q_SM_LAT] = "sm_lat",
	[Q_MODELLED] = "modelled_cycle",
	[Q_ROUNDS] = "exec_rounds",
};

static const char *const qeq[NR_Q] = {
	[Q_COLD] = "eq. 4",
	[Q_AGL_LAT] = "eq. 5a",
	[Q_AGL_DEL] = "eq. 5b",
	[Q_MEM_DEL] = "eqs. 11, 17",
	[Q_COMP_DEL] = "eqs. 7b, 9",
	[Q_COMP_OFF] = "eq. 7",
	[Q_SHM_DEL] = "eqs. 16-21",
	[Q_MODELLED] = "eqs. 8-15",
	[Q_ROUNDS] = "eq. 6",
};

struct stat {
	int present;
	unsigned long n, ok, tight;
	double max_err;
	char worst[96];
};

struct kstat {
	char name[64];
	unsigned long rows, bad[NR_Q], nocold;
};

struct report {
	struct stat q[NR_Q];
	struct kstat k[MAX_KERNELS];
	int nk;
};

static double tol = 1e-3;
static int verbose;

static double rel_err(double got, double want)
{
	double d = fabs(got - want);

	return want != 0.0 ? d / fabs(want) : d;
}

static double q20(u64 v)
{
	return v == U64_MAX ? INFINITY : (double)v / GPUGOV_CM_CYC_ONE;
}

static u64 to_q(double x, int shift)
{
	double v = ldexp(x, shift);

	if (!(v > 0.0))
		return 0;
	if (v >= 18446744073709549568.0)
		return U64_MAX;
	return (u64)(v + 0.5);
}

static u32 to_frac(double x)
{
	if (!(x > 0.0))
		return 0;
	if (x >= 1.0)
		return GPUGOV_CM_FRAC_ONE;
	return (u32)to_q(x, GPUGOV_CM_FRAC_SHIFT);
}

static double model_value(const struct gpugov_coremem_out *o, enum quantity q)
{
	switch (q) {
	case Q_COLD: return q20(o->l_dm);
	case Q_AGL_LAT: return q20(o->agl_lat);
	case Q_AGL_DEL: return q20(o->agl_del);
	case Q_MEM_DEL: return q20(o->mem_del);
	case Q_MEM_LAT: return q20(o->mem_lat);
	case Q_SHM_DEL: return q20(o->shm_del);
	case Q_SHM_LAT: return q20(o->shm_lat);
	case Q_SHM_OFF: return q20(o->shm_offset);
	case Q_COMP_DEL: return q20(o->compute_del);
	case Q_COMP_LAT: return q20(o->compute_lat);
	case Q_COMP_OFF: return q20(o->avr_comp);
	case Q_DP_DEL: return q20(o->dp_del);
	case Q_SM_DEL: return q20(o->sm_del);
	case Q_SM_LAT: return q20(o->sm_lat);
	case Q_MODELLED: return q20(o->modelled);
	default: return NAN;
	}
}

static struct kstat *kernel(struct report *r, const char *name)
{
	int i;

	for (i = 0; i < r->nk; i++)
		if (!strcmp(r->k[i].name, name))
			return &r->k[i];
	if (r->nk == MAX_KERNELS) {
		fprintf(stderr, "validate_coremem: more than %d kernels\n",
			MAX_KERNELS);
		exit(2);
	}
	snprintf(r->k[r->nk].name, sizeof(r->k[0].name), "%s", name);
	return &r->k[r->nk++];
}

/* Score one quantity of one row; returns 1 if within the tolerance. */
static int score(struct report *r, struct kstat *k, enum quantity q,
		 double got, double want, const char *where)
{
	struct stat *s = &r->q[q];
	double e = rel_err(got, want);

	s->present = 1;
	s->n++;
	if (e <= tol)
		s->ok++;
	else
		k->bad[q]++;
	if (e <= TIGHT)
		s->tight++;
	if (!(e <= s->max_err)) {
		s->max_err = e;
		snprintf(s->worst, sizeof(s->worst), "%s", where);
	}
	if (verbose > 1 || (verbose && e > tol))
		printf("    %-40s %-15s model %.9g reference %.9g rel %.2e\n",
		       where, qcol[q], got, want, e);
	return e <= tol;
}

static void print_report(const struct report *r, const char *title)
{
	int q, i, any = 0;

	printf("  %-20s %-12s %14s %14s   %-9s  %s\n", title, "", "within tol",
	       "within 1e-6", "max rel", "worst row");
	for (q = 0; q < NR_Q; q++) {
		const struct stat *s = &r->q[q];
		char a[32], b[32];

		if (!s->present)
			continue;
		snprintf(a, sizeof(a), "%lu/%lu", s->ok, s->n);
		snprintf(b, sizeof(b), "%lu/%lu", s->tight, s->n);
		printf("  %-20s %-12s %14s %14s   %-9.2e  %s\n", qcol[q],
		       qeq[q] ? qeq[q] : "", a, b, s->max_err, s->worst);
	}
	for (i = 0; i < r->nk; i++) {
		const struct kstat *k = &r->k[i];
		int bad = 0;

		for (q = 0; q < NR_Q; q++)
			bad |= k->bad[q] != 0;
		if (!bad && !verbose)
			continue;
		if (!any++)
			printf("  kernels with rows outside the tolerance:\n");
		printf("    %-24s %3lu rows:", k->name, k->rows);
		for (q = 0; q < NR_Q; q++)
			if (k->bad[q])
				printf(" %s %lu", qcol[q], k->bad[q]);
		if (k->nocold)
			printf(" (modelled_cycle = model - cold_miss in %lu: "
			       "cold miss not added)", k->nocold);
		printf("\n");
	}
}

static int col_or_die(const struct csvtab *t, const char *name)
{
	char err[ERRLEN];
	int c = csvtab_need(t, name, err, sizeof(err));

	if (c < 0) {
		fprintf(stderr, "validate_coremem: %s\n", err);
		exit(2);
	}
	return c;
}

static double num_or_die(const struct csvtab *t, size_t row, int col)
{
	char err[ERRLEN];
	double v;

	if (csvtab_num(t, row, col, &v, err, sizeof(err))) {
		fprintf(stderr, "validate_coremem: %s\n", err);
		exit(2);
	}
	return v;
}

static void load_or_die(struct csvtab *t, const char *dir, const char *name)
{
	char path[4096], err[ERRLEN];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (csvtab_load(t, path, err, sizeof(err))) {
		fprintf(stderr, "validate_coremem: %s\n", err);
		exit(2);
	}
}

struct key {
	const char *app;
	long core, mem;
};

static struct key row_key(const struct csvtab *t, size_t row)
{
	struct key k;

	k.app = csvtab_str(t, row, col_or_die(t, "appName"));
	k.core = lround(num_or_die(t, row, col_or_die(t, "coreF")));
	k.mem = lround(num_or_die(t, row, col_or_die(t, "memF")));
	if (k.core <= 0 || k.mem <= 0 || k.core > 4000000 || k.mem > 4000000) {
		fprintf(stderr, "validate_coremem: %s:%zu: clock out of range\n",
			t->path, t->line[row]);
		exit(2);
	}
	return k;
}

static long find_row(const struct csvtab *t, struct key want)
{
	size_t i;

	for (i = 0; i < t->nrows; i++) {
		struct key k = row_key(t, i);

		if (k.core == want.core && k.mem == want.mem &&
		    !strcmp(k.app, want.app))
			return (long)i;
	}
	return -1;
}

/*
 * Compare every intermediate the reference file has with the model's, and
 * note a modelled_cycle that is the model's without the cold miss.
 */
static void compare_row(struct report *r, struct kstat *k,
			const struct csvtab *cyc, size_t row,
			const struct gpugov_coremem_out *o, const char *where)
{
	int q;

	for (q = 0; q < Q_ROUNDS; q++) {
		int c = csvtab_col(cyc, qcol[q]);

		if (c < 0)
			continue;
		if (!score(r, k, q, model_value(o, q), num_or_die(cyc, row, c),
			   where) && q == Q_MODELLED &&
		    rel_err(q20(o->modelled - o->l_dm),
			    num_or_die(cyc, row, c)) <= tol)
			k->nocold++;
	}
}

static int is_excluded(const char *app)
{
	return !strcmp(app, "convolutionTexture") || !strcmp(app, "reduction");
}

/* ---- 36 pairs: the authors' features file ------------------------------ */

static int check_low(const char *dir, unsigned long *model_rows,
		     unsigned long *mem_ok, unsigned long *sm_ok)
{
	struct csvtab feat, cyc;
	struct gpugov_coremem_params p;
	struct report rep, excl;
	unsigned long tex_ok = 0, tex_n = 0, br_ok = 0, br_n = 0, nexcl = 0;
	unsigned long ldm_ok = 0, ddm_ok = 0;
	int c_gld, c_gst, c_shl, c_shs, c_ins, c_hit, c_act, c_dp, c_ldm, c_ddm;
	int c_tex, c_br;
	size_t i;

	memset(&rep, 0, sizeof(rep));
	memset(&excl, 0, sizeof(excl));
	gpugov_coremem_defaults_2019(&p);
	load_or_die(&feat, dir,
		    "reference/gtx980-low-dvfs-real-small-workload-features.csv");
	load_or_die(&cyc, dir,
		    "reference/gtx980-low-dvfs-real-small-workload-qiang2018-cycles.csv");
	c_gld = col_or_die(&feat, "n_gld");
	c_gst = col_or_die(&feat, "n_gst");
	c_shl = col_or_die(&feat, "n_shm_ld");
	c_shs = col_or_die(&feat, "n_shm_st");
	c_ins = col_or_die(&feat, "insts");
	c_hit = col_or_die(&feat, "l2_hit");
	c_act = col_or_die(&feat, "act_util");
	c_dp = csvtab_col(&feat, "dp_insts");
	c_ldm = csvtab_col(&feat, "L_DM");
	c_ddm = csvtab_col(&feat, "D_DM");
	c_tex = csvtab_col(&cyc, "tex_del");
	c_br = csvtab_col(&cyc, "branch_del");

	printf("36-pair set: %s/reference/gtx980-low-dvfs-real-small-workload-"
	       "{features,qiang2018-cycles}.csv\n  constants: the authors' "
	       "later ones (GPU description gtx980-2019, "
	       "gpugov_coremem_defaults_2019())\n", dir);

	for (i = 0; i < cyc.nrows; i++) {
		struct key key = row_key(&cyc, i);
		long f = find_row(&feat, key);
		struct gpugov_coremem_in in;
		struct gpugov_coremem_out o;
		struct report *r;
		struct kstat *k;
		char where[96];

		if (f < 0) {
			fprintf(stderr, "validate_coremem: %s:%zu: %s %ld/%ld "
				"has no row in %s\n", cyc.path, cyc.line[i],
				key.app, key.core, key.mem, feat.path);
			exit(2);
		}
		in.gmem_q = to_q(num_or_die(&feat, f, c_gld) +
				 num_or_die(&feat, f, c_gst), GPUGOV_CM_CYC_SHIFT);
		in.shm_q = to_q(num_or_die(&feat, f, c_shl) +
				num_or_die(&feat, f, c_shs), GPUGOV_CM_CYC_SHIFT);
		in.insts_q = to_q(num_or_die(&feat, f, c_ins),
				  GPUGOV_CM_CYC_SHIFT);
		in.dp_insts_q = c_dp < 0 ? 0 :
			to_q(num_or_die(&feat, f, c_dp), GPUGOV_CM_CYC_SHIFT);
		in.l2_hit_f = to_frac(num_or_die(&feat, f, c_hit));
		in.occ_f = to_frac(num_or_die(&feat, f, c_act));
		gpugov_coremem_eval(&p, &in, (u32)key.core * 1000,
				    (u32)key.mem * 1000, &o);
		snprintf(where, sizeof(where), "%s:%zu %s %ld/%ld", "cycles",
			 cyc.line[i], key.app, key.core, key.mem);

		if (is_excluded(key.app)) {
			nexcl++;
			r = &excl;
		} else {
			r = &rep;
			if (c_ldm >= 0 &&
			    rel_err(q20(o.l_dm), num_or_die(&feat, f, c_ldm)) <= tol)
				ldm_ok++;
			if (c_ddm >= 0 &&
			    rel_err(q20(o.d_dm), num_or_die(&feat, f, c_ddm)) <= tol)
				ddm_ok++;
		}
		k = kernel(r, key.app);
		k->rows++;
		compare_row(r, k, &cyc, i, &o, where);

		/* What the kernel-specific code adds, for the excluded rows. */
		if (r == &excl && c_tex >= 0 &&
		    rel_err(q20(o.mem_del), num_or_die(&cyc, i,
				col_or_die(&cyc, "mem_del"))) > tol) {
			tex_n++;
			tex_ok += rel_err(q20(o.mem_del) +
					  num_or_die(&cyc, i, c_tex),
					  num_or_die(&cyc, i,
						     col_or_die(&cyc, "mem_del")))
				  <= tol;
		}
		if (r == &excl && c_br >= 0 &&
		    rel_err(q20(o.sm_del), num_or_die(&cyc, i,
				col_or_die(&cyc, "sm_del"))) > tol) {
			br_n++;
			br_ok += rel_err(q20(o.sm_del) + num_or_die(&cyc, i, c_br),
					 num_or_die(&cyc, i,
						    col_or_die(&cyc, "sm_del")))
				 <= tol;
		}
	}

	*model_rows = cyc.nrows - nexcl;
	*mem_ok = rep.q[Q_MEM_DEL].ok;
	*sm_ok = rep.q[Q_SM_DEL].ok;
	printf("  rows %zu; excluded (kernel-specific code): %lu "
	       "(convolutionTexture, reduction); model rows %lu\n",
	       cyc.nrows, nexcl, *model_rows);
	print_report(&rep, "model rows");
	if (c_ldm >= 0 && c_ddm >= 0)
		printf("  %-20s %-12s %14lu/%lu\n  %-20s %-12s %14lu/%lu\n",
		       "features L_DM", "eq. 4", ldm_ok, *model_rows,
		       "features D_DM", "eq. 5b", ddm_ok, *model_rows);
	printf("  excluded rows: %lu/%lu match mem_del, %lu/%lu sm_del; of the "
	       "others, mem_del = model + tex_del in %lu/%lu, sm_del = model "
	       "+ branch_del in %lu/%lu\n",
	       excl.q[Q_MEM_DEL].ok, nexcl, excl.q[Q_SM_DEL].ok, nexcl,
	       tex_ok, tex_n, br_ok, br_n);
	if (verbose)
		print_report(&excl, "excluded rows");
	csvtab_free(&feat);
	csvtab_free(&cyc);
	return 0;
}

/* ---- 49 pairs: raw nvprof metrics ---------------------------------------- */

static int check_49(const char *dir, unsigned long *model_rows,
		    unsigned long *mem_ok, unsigned long *sm_ok)
{
	struct csvtab raw, cyc;
	struct gpugov_coremem_params p;
	struct report rep, smp, none;
	struct nvdvfs_cols c;
	char err[256];
	unsigned long noin = 0;
	size_t i;
	int j;

	memset(&rep, 0, sizeof(rep));
	memset(&smp, 0, sizeof(smp));
	memset(&none, 0, sizeof(none));
	gpugov_coremem_defaults(&p);
	load_or_die(&raw, dir, "gtx980-49pairs-20kernels.csv");
	load_or_die(&cyc, dir, "reference/gtx980-dvfs-real-qiang2018-cycles.csv");
	if (nvdvfs_cols_find(&raw, &c, err, sizeof(err))) {
		fprintf(stderr, "validate_coremem: %s\n", err);
		exit(2);
	}
	printf("\n49-pair set: %s/gtx980-49pairs-20kernels.csv (raw metrics, "
	       "per-warp inputs derived as the authors do)\n  and "
	       "%s/reference/gtx980-dvfs-real-qiang2018-cycles.csv\n  "
	       "constants: 2018 (GPU description gtx980, "
	       "gpugov_coremem_defaults())\n", dir, dir);

	for (i = 0; i < cyc.nrows; i++) {
		struct key key = row_key(&cyc, i);
		long f = find_row(&raw, key);
		struct gpugov_coremem_in in;
		struct gpugov_coremem_out o;
		struct gpugov_sample s;
		struct kstat *k;
		double w, pw, l2r, l2w, dram, shl, shs, ipw, occ, miss, ng, insts;
		char where[96];
		int rc;

		if (f < 0) {
			kernel(&none, key.app)->rows++;
			noin++;
			continue;
		}
		if (nvdvfs_row_sample(&raw, f, &c, &s, &pw, err, sizeof(err)) ||
		    nvdvfs_warps(&raw, f, &c, &w, err, sizeof(err))) {
			fprintf(stderr, "validate_coremem: %s\n", err);
			exit(2);
		}
		l2r = num_or_die(&raw, f, c.l2r);
		l2w = num_or_die(&raw, f, c.l2w);
		dram = num_or_die(&raw, f, c.drr) + num_or_die(&raw, f, c.drw);
		shl = num_or_die(&raw, f, c.shl);
		shs = num_or_die(&raw, f, c.shs);
		ipw = num_or_die(&raw, f, c.ipw);
		occ = num_or_die(&raw, f, c.occ);

		/* the authors' features: per warp, mem_insts counts stores / 4 */
		ng = (l2r + l2w) / w;
		miss = l2r + l2w > 0 ? fmin(1.0, dram / (l2r + l2w)) : 1.0;
		insts = fmax(0.0, ipw - (ng + shl / w + shs / w / 4.0));
		in.gmem_q = to_q(ng, GPUGOV_CM_CYC_SHIFT);
		in.shm_q = to_q((shl + shs) / w, GPUGOV_CM_CYC_SHIFT);
		in.insts_q = to_q(insts, GPUGOV_CM_CYC_SHIFT);
		in.dp_insts_q = 0;
		in.l2_hit_f = to_frac(1.0 - miss);
		in.occ_f = to_frac(occ);
		gpugov_coremem_eval(&p, &in, (u32)key.core * 1000,
				    (u32)key.mem * 1000, &o);
		snprintf(where, sizeof(where), "cycles:%zu %s %ld/%ld",
			 cyc.line[i], key.app, key.core, key.mem);
		k = kernel(&rep, key.app);
		k->rows++;
		compare_row(&rep, k, &cyc, i, &o, where);
		if (csvtab_col(&cyc, "exec_rounds") >= 0)
			score(&rep, k, Q_ROUNDS,
			      q20(gpugov_coremem_rounds_q20(&p, (u64)llround(w),
							    in.occ_f)),
			      num_or_die(&cyc, i, col_or_die(&cyc, "exec_rounds")),
			      where);

		/* the same row as a counter sample, through the predictor's path */
		k = kernel(&smp, key.app);
		k->rows++;
		rc = gpugov_coremem_inputs(&s, &in) &&
		     gpugov_coremem_eval(&p, &in, s.core_khz, s.mem_khz, &o);
		if (!rc)
			memset(&o, 0, sizeof(o));
		score(&smp, k, Q_MEM_DEL, q20(o.mem_del),
		      num_or_die(&cyc, i, col_or_die(&cyc, "mem_del")), where);
		score(&smp, k, Q_SM_DEL, q20(o.sm_del),
		      num_or_die(&cyc, i, col_or_die(&cyc, "sm_del")), where);
		score(&smp, k, Q_MODELLED, q20(o.modelled),
		      num_or_die(&cyc, i, col_or_die(&cyc, "modelled_cycle")),
		      where);
	}
	*model_rows = cyc.nrows - noin;
	*mem_ok = rep.q[Q_MEM_DEL].ok;
	*sm_ok = rep.q[Q_SM_DEL].ok;
	printf("  rows %zu; without inputs in the raw file: %lu (", cyc.nrows,
	       noin);
	for (j = 0; j < none.nk; j++)
		printf("%s%s %lu", j ? ", " : "", none.k[j].name,
		       none.k[j].rows);
	printf("); model rows %lu\n", *model_rows);
	print_report(&rep, "model rows");
	printf("  through struct gpugov_sample and gpugov_coremem_inputs() "
	       "(integer counters, Q16 occupancy):\n");
	print_report(&smp, "sample path");
	csvtab_free(&raw);
	csvtab_free(&cyc);
	return 0;
}

static int need(const char *what, unsigned long ok, unsigned long min,
		unsigned long of, int *passed, int *failed)
{
	int good = ok >= min;

	printf("%sok - %s: %lu of %lu rows within %g (need %lu)\n",
	       good ? "" : "not ", what, ok, of, tol, min);
	if (good)
		(*passed)++;
	else
		(*failed)++;
	return good;
}

static void usage(void)
{
	fprintf(stderr, "usage: validate_coremem [-v] [--tol REL] [--data DIR]\n"
		"  DIR holds nvdvfs-gtx980/ (default $GPUGOV_DATA, else "
		"../shared/data)\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *data = getenv("GPUGOV_DATA");
	char dir[4096];
	unsigned long lr, lm, ls, br, bm, bs, bmin;
	int i, passed = 0, failed = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v")) {
			verbose++;
		} else if (!strcmp(argv[i], "--tol") && i + 1 < argc) {
			char *end;

			tol = strtod(argv[++i], &end);
			if (*end || !(tol >= 0.0))
				usage();
		} else if (!strcmp(argv[i], "--data") && i + 1 < argc) {
			data = argv[++i];
		} else {
			usage();
		}
	}
	if (!data || !*data)
		data = "../shared/data";
	snprintf(dir, sizeof(dir), "%s/nvdvfs-gtx980", data);

	printf("coremem: fixed-point Wang & Chu model vs. the authors' per-row "
	       "results, tolerance %g relative\n\n", tol);
	check_low(dir, &lr, &lm, &ls);
	check_49(dir, &br, &bm, &bs);

	printf("\n");
	need("36-pair mem_del", lm, 640, lr, &passed, &failed);
	need("36-pair sm_del", ls, 640, lr, &passed, &failed);
	bmin = (br * 640 + 647) / 648;
	need("49-pair mem_del", bm, bmin, br, &passed, &failed);
	need("49-pair sm_del", bs, bmin, br, &passed, &failed);
	printf("RESULT validate-coremem: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
