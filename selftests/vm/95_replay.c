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
#include "libref.h"

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
			compare(false, DATA_DIR "/short.blob", &c);
		}
	}
	c.predictor = "crisp";
	c.objective = "energy";
	c.hysteresis = 10;
	compare(false, DATA_DIR "/sweep.blob", &c);
	c.objective = "ed2p";
	c.hysteresis = 0;
	compare(false, DATA_DIR "/sweep.blob", &c);

	c.objective = "edp";
	vt_ok(!kernel_run(DATA_DIR "/sweep.blob", &c, a, 300) &&
	      !kernel_run(DATA_DIR "/sweep.blob", &c, b2, 300) &&
	      !memcmp(a, b2, 300), "two kernel runs give the same sequence");

	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
