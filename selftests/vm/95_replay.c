// SPDX-License-Identifier: GPL-2.0
/*
 * 95_replay.c - the kernel's decisions are the library's, bit for bit.
 *
 * For every predictor and objective, gpugov runs a trace on gpugov_sim
 * and the OPP sequence the device logged is compared with the sequence
 * that the same predictors/ code, built for userspace and linked into
 * this program, computes from the same blob: same samples, same model
 * state, same tunables.  The kernel's sequence also repeats exactly when
 * run twice.
 */
#include "vmtap.h"
#include "simrun.h"
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "blobread.h"

/* Userspace: OPP of every segment, starting at @first. */
static void reference(const struct blob *b, const struct config *c,
		      u32 first, unsigned char *out)
{
	static struct gpugov_sample s;
	static struct gpugov_decision d;
	static struct gpugov_policy_state ps;
	struct gpugov_pred_state st;
	struct gpugov_policy_params p;
	int pid = gpugov_predictor_find(c->predictor, strlen(c->predictor));
	u32 seg, opp = first;

	gpugov_pred_init(&st);
	gpugov_policy_state_init(&ps);
	gpugov_policy_defaults(&p);
	p.objective = gpugov_objective_find(c->objective, strlen(c->objective));
	p.max_slowdown_pct = c->max_slowdown;
	p.hysteresis_pct = c->hysteresis;
	if (c->target) {
		p.grape.mode = strchr(c->target, '%') ? GPUGOV_GRAPE_PCT : GPUGOV_GRAPE_ABS;
		p.grape.target = strtoull(c->target, NULL, 10);
	}
	for (seg = 0; seg < b->nr_segs; seg++) {
		out[seg] = opp;
		sample_of(b, seg, opp, &s);
		gpugov_pred_observe(&st, &s);
		gpugov_predict(&st, pid, &s, &b->table, d.time_ps);
		gpugov_decide(&p, &ps, &b->table, &s, &d);
		opp = d.chosen;
	}
}

static void compare(const char *blobpath, const struct config *c)
{
	static unsigned char kern[1 << 16], ref[1 << 16];
	struct blob b;
	u32 i, changes = 0;

	if (blob_read(blobpath, &b) || b.nr_segs > sizeof(kern)) {
		vt_ok(0, "%s: blob readable", blobpath);
		return;
	}
	if (kernel_run(blobpath, c, kern, b.nr_segs)) {
		vt_ok(0, "%s %s/%s: kernel run", blobpath, c->predictor,
		      c->objective);
		return;
	}
	reference(&b, c, kern[0], ref);
	for (i = 0; i < b.nr_segs && kern[i] == ref[i]; i++)
		;
	for (changes = 0, i = 1; i < b.nr_segs; i++)
		changes += kern[i] != kern[i - 1];
	vt_ok(i == b.nr_segs,
	      "%s %s/%s slowdown %u hysteresis %u: kernel = library over %u segments (%u OPP changes)%s",
	      blobpath, c->predictor, c->objective, c->max_slowdown,
	      c->hysteresis, b.nr_segs, changes,
	      i == b.nr_segs ? "" : ", first difference below");
	if (i < b.nr_segs)
		vt_diag("segment %u: kernel OPP %u, library OPP %u", i, kern[i],
			ref[i]);
}

int main(void)
{
	static const char *const objectives[] = { "performance", "edp", "ed2p",
		"energy", "target", "deadline" };
	static unsigned char a[1 << 16], b2[1 << 16];
	struct config c = { "crisp", "edp", 5, 0, "50%" };
	char list[1024], *tok, *save;
	size_t o;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	vt_ok(!vt_read_line(vt_path(SYSFS_DEVFREQ "/%s/%s", 0, "available_governors"),
			    list, sizeof(list)), "governors listed");
	vt_ok(!vt_set_governor(0, "gpugov") &&
	      !vt_read_line(vt_tunable(0, "available_predictors"), list,
			    sizeof(list)), "predictors listed: %s", list);

	for (tok = strtok_r(list, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		for (o = 0; o < sizeof(objectives) / sizeof(objectives[0]); o++) {
			c.predictor = tok;
			c.objective = objectives[o];
			compare(DATA_DIR "/short.blob", &c);
		}
	}
	c.predictor = "crisp";
	c.objective = "energy";
	c.hysteresis = 10;
	compare(DATA_DIR "/sweep.blob", &c);
	c.objective = "ed2p";
	c.hysteresis = 0;
	compare(DATA_DIR "/sweep.blob", &c);

	c.objective = "edp";
	vt_ok(!kernel_run(DATA_DIR "/sweep.blob", &c, a, 300) &&
	      !kernel_run(DATA_DIR "/sweep.blob", &c, b2, 300) &&
	      !memcmp(a, b2, 300), "two kernel runs give the same sequence");

	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
