// SPDX-License-Identifier: GPL-2.0
/*
 * 78_amdgpu.c - gpugov_sim's amdgpu profile (drivers_glue/sim_amdgpu.c):
 * a devfreq bridge in front of the SMU firmware model (sim_smu.h), in
 * real time.  94_realtime checks its runs against gpugov-replay's, poll
 * by poll (simple_ondemand suspended mid-run among them); here:
 *
 * - the profile: 50 ms polls, busy/total the firmware's averaged activity
 *   in % (total 100), force_level auto, the sim's cooling device;
 * - caps: under a max_freq cap and a min_freq floor, the bridge's soft
 *   range is the devfreq range and the firmware's clock stays in it,
 *   under gpugov and simple_ondemand; under a thermal cap (the cooling
 *   device's cur_state 2: OPP 4 at most) likewise (SKIP on a kernel
 *   without CONFIG_DEVFREQ_THERMAL);
 * - coexistence with a user's forced level: high and low move the clock
 *   at once and the bridge stands down (the governor's targets do not
 *   reach the firmware: every decision keeps the forced level); manual and
 *   auto give the range back, and the next poll sets it again; a bad
 *   level is refused and changes nothing; other profiles have no
 *   force_level;
 * - suspend: the bridge stands down while suspended (with a forced level
 *   too) and comes back on resume; a level written meanwhile applies;
 * - a failed suspend (suspend_fail: as amdgpu_device_suspend() failing to
 *   evict VRAM, before its stand-down, drivers_glue/amdgpu/ patch 0003)
 *   leaves devfreq and the bridge up: the write fails with EBUSY, the
 *   decisions go on and set the bridge's range, the next suspend works.
 */
#include "vmtap.h"

#define MAX_LINES	4096

static char logbuf[MAX_LINES * 64];

static unsigned long long st(const char *key)
{
	return vt_key(vt_simdbg(0, "status"), key);
}

/* OPP @k's frequency in Hz, from the device's opps file (0 if none). */
static unsigned long long opp_hz(unsigned int k)
{
	char buf[4096], *p = buf;
	unsigned int i, khz;

	if (vt_read(vt_simdbg(0, "opps"), buf, sizeof(buf)) <= 0)
		return 0;
	while (p && *p) {
		if (sscanf(p, "%u %u", &i, &khz) == 2 && i == k)
			return (unsigned long long)khz * 1000;
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return 0;
}

static int write_u(const char *path, unsigned long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%llu", v);
	return vt_write_str(path, buf);
}

/*
 * The OPPs of rt_log's decisions from line @from on: their lowest and
 * highest; the number of lines.
 */
static unsigned int log_range(unsigned int from, unsigned int *lo, unsigned int *hi)
{
	unsigned int n = 0, i, opp;
	unsigned long long t, b, tot;
	char ev[16], *p = logbuf;

	*lo = ~0U;
	*hi = 0;
	if (vt_read(vt_simdbg(0, "rt_log"), logbuf, sizeof(logbuf)) <= 0)
		return 0;
	while (p && *p) {
		if (sscanf(p, "%u,%llu,%15[^,],%llu,%llu,%u", &i, &t, ev, &b, &tot,
			   &opp) == 6 && i >= from) {
			*lo = opp < *lo ? opp : *lo;
			*hi = opp > *hi ? opp : *hi;
			n++;
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return n;
}

/* Fresh device under @gov, idle polls to OPP 0, then a real-time run. */
static int start(const char *gov)
{
	return vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) ||
	       vt_set_governor(0, gov) || !vt_wait_polls(0, 2, 10000) ||
	       st("cur") != 0 || vt_write_str(vt_simdbg(0, "run"), "1");
}

static void profile(void)
{
	char v[32];

	vt_ok(!vt_read_line(vt_devfreq(0, "polling_interval"), v, sizeof(v)) &&
	      !strcmp(v, "50"), "amdgpu: polls every 50 ms (%s)", v);
	vt_ok(!vt_read_line(vt_simdbg(0, "force_level"), v, sizeof(v)) &&
	      !strcmp(v, "auto") && st("smu_down") == 0,
	      "amdgpu: force_level auto, the bridge up (%s)", v);
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_set_governor(0, "simple_ondemand") && vt_wait_polls(0, 3, 10000) &&
	      st("smu_load") == 0 && st("cur") == 0 && st("smu_soft_max") == 0,
	      "amdgpu: idle, the load sensor reads 0 %% and simple_ondemand's soft max is the lowest level");
}

static void caps(const char *gov)
{
	unsigned int lo, hi, n, from;
	int err;

	err = start(gov) || !vt_wait_polls(0, 6, 10000) ||
	      write_u(vt_devfreq(0, "max_freq"), opp_hz(3)) ||
	      write_u(vt_devfreq(0, "min_freq"), opp_hz(1));
	/* the decisions from here on: both requests in force */
	from = (unsigned int)st("rt_log_len");
	if (!vt_ok(!err, "%s: run under a max_freq cap (OPP 3) and a min_freq floor (OPP 1)", gov))
		return;
	vt_ok(st("smu_soft_min") == 1 && st("smu_soft_max") <= 3 && st("smu_soft_max") >= 1,
	      "%s: the bridge's soft range is devfreq's: %llu..%llu", gov,
	      st("smu_soft_min"), st("smu_soft_max"));
	vt_ok(vt_wait_done(0, 300000), "%s: the run ends", gov);
	n = log_range(from, &lo, &hi);
	vt_ok(n >= 30 && lo >= 1 && hi <= 3,
	      "%s: the firmware's clock stays in OPPs 1..3 over %u decisions (%u..%u)",
	      gov, n, lo, hi);
	write_u(vt_devfreq(0, "min_freq"), 0);
	write_u(vt_devfreq(0, "max_freq"), opp_hz(6));
}

/* A run under the cooling device's cur_state 2: the clock at OPP 4 at most. */
static void thermal(void)
{
	const char *cdev = vt_cooling_dir();
	char path[600];
	unsigned int lo, hi, n, from;

	if (!cdev) {
		vt_ok(1, "thermal cap # SKIP no devfreq cooling device (status: cooling none)");
		return;
	}
	snprintf(path, sizeof(path), "%s/cur_state", cdev);
	if (!vt_ok(!start("gpugov") && vt_wait_polls(0, 4, 10000) &&
		   !write_u(path, 2), "gpugov: run under a thermal cap (cur_state 2)"))
		return;
	from = (unsigned int)st("rt_log_len");
	vt_ok(st("smu_soft_max") <= 4 && st("cur") <= 4,
	      "thermal cap: the soft max at once under it (OPP %llu)", st("smu_soft_max"));
	vt_ok(vt_wait_done(0, 300000), "thermal cap: the run ends");
	n = log_range(from, &lo, &hi);
	vt_ok(n >= 30 && hi <= 4, "thermal cap: the firmware's clock at OPP 4 at most over %u decisions (%u..%u)",
	      n, lo, hi);
	write_u(path, 0);
}

/*
 * The bridge's range is in force: soft min 0 and soft max its last
 * request, from one read of status (a poll may come between two).
 */
static bool bridge_range(unsigned long long *max)
{
	static char buf[4096];

	if (vt_read(vt_simdbg(0, "status"), buf, sizeof(buf)) <= 0)
		return false;
	*max = vt_snap_key(buf, "smu_soft_max");
	return vt_snap_key(buf, "smu_soft_min") == 0 &&
	       *max == vt_snap_key(buf, "smu_req");
}

/* Wait for @n more decisions in rt_log; its length, 0 on timeout. */
static unsigned int wait_decisions(unsigned int n)
{
	unsigned long long want = st("rt_log_len") + n;
	unsigned int t;

	for (t = 0; t < 20000; t += 20) {
		if (st("rt_log_len") >= want)
			return (unsigned int)want;
		vt_sleep_ms(20);
	}
	return 0;
}

static void coexist(void)
{
	unsigned int lo, hi, from, top = 6;
	unsigned long long len, max = 0;
	bool quiet;
	char v[32];

	if (!vt_ok(!start("gpugov") && wait_decisions(10), "gpugov: a real-time run"))
		return;
	vt_ok(!vt_write_str(vt_simdbg(0, "force_level"), "high") &&
	      st("cur") == top && st("smu_down") == 1 && st("smu_soft_min") == top,
	      "force_level high: the top level at once, the bridge stands down");
	from = (unsigned int)st("rt_log_len");
	vt_ok(wait_decisions(10) && log_range(from, &lo, &hi) >= 10 && lo == top &&
	      hi == top && st("cur") == top,
	      "forced high: gpugov's decisions keep the top level (last request OPP %llu)",
	      st("smu_req"));
	vt_ok(!vt_write_str(vt_simdbg(0, "force_level"), "low\n") && st("cur") == 0 &&
	      st("smu_soft_max") == 0, "force_level low: the lowest level at once");
	from = (unsigned int)st("rt_log_len");
	vt_ok(wait_decisions(5) && log_range(from, &lo, &hi) >= 5 && hi == 0,
	      "forced low: every decision keeps the lowest level");
	vt_ok(vt_write_str(vt_simdbg(0, "force_level"), "turbo") == -EINVAL &&
	      vt_write_str(vt_simdbg(0, "force_level"), "") == -EINVAL &&
	      !vt_read_line(vt_simdbg(0, "force_level"), v, sizeof(v)) &&
	      !strcmp(v, "low") && st("smu_down") == 1,
	      "force_level refuses a bad level and keeps low");
	/*
	 * Suspended, no poll can set the range behind the checks' back.  The
	 * log's length is read once the suspend has returned: a poll may still
	 * come before it (it did on the debug kernel's slower guest).
	 */
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1") && st("smu_down") == 3,
	      "suspended while forced: the bridge stands down for both");
	len = st("rt_log_len");
	vt_ok(!vt_write_str(vt_simdbg(0, "force_level"), "high") &&
	      !vt_write_str(vt_simdbg(0, "force_level"), "manual") &&
	      st("smu_down") == 2 && st("smu_soft_min") == top && st("cur") == top,
	      "high, then manual: the range as high left it, the bridge down only for the suspend");
	vt_sleep_ms(200);
	quiet = st("rt_log_len") == len;
	/* resumed whatever the check finds, so that the checks after it run */
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "0") && quiet && st("smu_down") == 0,
	      "resumed: no decision while suspended, the bridge back");
	vt_ok(wait_decisions(2) && bridge_range(&max),
	      "manual: the next poll sets the bridge's range (0..%llu)", max);
	vt_ok(!vt_write_str(vt_simdbg(0, "force_level"), "auto") &&
	      st("smu_down") == 0 && wait_decisions(2) && bridge_range(&max),
	      "force_level auto: the bridge sets the range again (0..%llu)", max);
	vt_write_str(vt_simdbg(0, "run"), "0");
}

static void failed_suspend(void)
{
	unsigned long long max = 0;
	int err = -1;
	char v[32];

	if (!vt_ok(!start("gpugov") && wait_decisions(5), "gpugov: a real-time run"))
		return;
	if (!vt_write_str(vt_simdbg(0, "suspend_fail"), "1"))
		err = vt_write_str(vt_simdbg(0, "suspend"), "1");
	vt_ok(err == -EBUSY && st("suspended") == 0 && st("smu_down") == 0 &&
	      !vt_read_line(vt_simdbg(0, "suspend_fail"), v, sizeof(v)) &&
	      !strcmp(v, "0"),
	      "a failing suspend: EBUSY (%d), not suspended, the bridge up, suspend_fail spent",
	      err);
	vt_ok(wait_decisions(5) && bridge_range(&max),
	      "after it the decisions go on and set the bridge's range (0..%llu)", max);
	vt_ok(!vt_write_str(vt_simdbg(0, "suspend"), "1") && st("suspended") == 1 &&
	      st("smu_down") == 2 && !vt_write_str(vt_simdbg(0, "suspend"), "0") &&
	      st("smu_down") == 0 && wait_decisions(2),
	      "the next suspend and resume work");
	vt_write_str(vt_simdbg(0, "run"), "0");
}

int main(void)
{
	if (vt_ok(!vt_setup("profile=amdgpu rt_hz=30 rt_load=60 rt_segs_per_frame=2"),
		  "modules load: profile=amdgpu")) {
		profile();
		caps("gpugov");
		caps("simple_ondemand");
		thermal();
		coexist();
		failed_suspend();
		vt_set_governor(0, "simple_ondemand");
		vt_ok(!vt_teardown(), "teardown");
	}
	if (vt_ok(!vt_setup("profile=panfrost"), "modules load: profile=panfrost")) {
		vt_ok(!vt_exists(vt_simdbg(0, "force_level")),
		      "panfrost: no force_level");
		vt_ok(!vt_teardown(), "teardown");
	}
	return vt_done();
}
