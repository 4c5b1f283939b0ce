// SPDX-License-Identifier: GPL-2.0
/*
 * 75_stock_replay.c - on a device without a counter source (an unmodified
 * driver: busy/total only), the kernel's decisions are the library's from
 * busy time, interval and clock alone, under the default objective
 * `deadline` and under `edp`, whatever model is configured (it falls back
 * to the busy-only one).  The kernel measures the interval on its own,
 * jittery clock and scales busy/total to it; only ratios may matter.
 */
#include "libref.h"

int main(void)
{
	static const char *const objectives[] = { "deadline", "edp" };
	static const char *const blobs[] = { DATA_DIR "/short.blob",
					     DATA_DIR "/sweep.blob" };
	struct config c = { "busy", "deadline", 5, 0, NULL };
	size_t o, i;

	vt_ok(!vt_setup("stock=1"), "modules load, sim stock");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	for (i = 0; i < sizeof(blobs) / sizeof(blobs[0]); i++)
		for (o = 0; o < sizeof(objectives) / sizeof(objectives[0]); o++) {
			c.predictor = "busy";
			c.objective = objectives[o];
			compare(true, blobs[i], &c);
		}
	c.predictor = "crisp";
	c.objective = "deadline";
	compare(true, DATA_DIR "/sweep.blob", &c);
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
