// SPDX-License-Identifier: GPL-2.0
/*
 * 92_target.c - objective `target` (the GRAPE controller) on a sim device
 * holds the work rate it is asked for.
 *
 * gpugov runs the 300-segment sweep with target 50%; from the OPPs the
 * device logged and the blob's busy times, the achieved rate (work per
 * busy second) is compared with the rate the top OPP gives for the same
 * work.  It must not fall short by more than 2% (the GRAPE paper reports 0.75%
 * mean error), and the controller must actually have slowed down.  Its
 * state is visible in debugfs.
 */
#include "simrun.h"
#include "blobread.h"

#define SEGS	300

int main(void)
{
	static unsigned char opp[SEGS];
	struct config c = { "crisp", "target", 5, 0, "50%" };
	double top_busy = 0, run_busy = 0, ratio;
	const char *tgt;
	struct blob b = { 0 };
	u32 s, top;

	vt_ok(!vt_setup(NULL), "modules load");
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1"),
	      "polling every 1 ms");
	blob_read(DATA_DIR "/sweep.blob", &b);
	if (!vt_ok(b.nr_segs == SEGS && b.nr_opps, "sweep blob read: %u segments",
		   b.nr_segs))
		return vt_done();
	vt_ok(!kernel_run(DATA_DIR "/sweep.blob", &c, opp, SEGS),
	      "crisp/target 50%%: kernel run of %u segments", SEGS);
	top = b.nr_opps - 1;
	for (s = 0; s < SEGS; s++) {
		top_busy += field(&b, s, top, GPUGOV_SB_BUSY_NS);
		run_busy += field(&b, s, opp[s], GPUGOV_SB_BUSY_NS);
	}
	ratio = run_busy > 0 ? top_busy / run_busy : 0;
	vt_ok(ratio >= 0.5 * 0.98, "achieved rate %.1f%% of the top OPP's (goal 50%%, <= 2%% short)",
	      100 * ratio);
	vt_ok(ratio < 0.95, "the controller slowed down (%.1f%% of the top rate)",
	      100 * ratio);
	tgt = vt_govdbg(0, "target");
	vt_ok(vt_key(tgt, "active") == 1 && vt_key(tgt, "steps") >= SEGS - 1 &&
	      vt_key(tgt, "measured_rate") > 0 && vt_key(tgt, "user_goal_rate") > 0,
	      "debugfs target: active, %llu steps, goal %llu/s, measured %llu/s",
	      vt_key(tgt, "steps"), vt_key(tgt, "user_goal_rate"),
	      vt_key(tgt, "measured_rate"));
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
