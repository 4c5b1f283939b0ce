// SPDX-License-Identifier: GPL-2.0
/*
 * 94_realtime.c - gpugov_sim in real time: the kernel's decisions equal
 * `gpugov-replay realtime`'s, poll by poll.
 *
 * The host (selftests/vm/mkexpect_rt.sh) put in /data/expect-rt one file
 * per trace, scenario, driver profile and governor, named
 * TRACE_HZ_LOAD_SEGS__PROFILE[__UP_DOWN]__GOVERNOR.rtseq, with every
 * decision the replay took: "index,time_ns,event,busy,total,opp".  Here
 * gpugov_sim loads with that profile and scenario, the governor (the
 * kernel's simple_ondemand module, or gpugov with its defaults and the
 * sim's counter source) runs the trace from OPP 0 (where idle polls leave
 * it), and the device's rt_log must be that file, line for line.  The
 * devfreq monitor polls at the profile's own interval, in real time too:
 * the simulated clock advances one interval a poll, so the run is the
 * same however fast the guest is.  UP_DOWN names the simple_ondemand
 * thresholds of one kernel only (msm: 90/5 before 6.12, 50/10 from 6.12
 * on, docs/sim-profiles.md); the other's file is skipped.
 *
 * GOVERNOR gpugov-SOURCE-timer is gpugov reacting by its own timer
 * (react timer), which runs on the device's simulated clock through the
 * counter source, so its ticks equal the replay's too: SOURCE learned
 * (the cadence from busy/idle), hint (frame_period_us, the true period)
 * or fence (gpugov_sim's rt_fence: each frame's vsync handed on as its
 * fence deadline; Linux 6.4+ only, skipped before), or vrr (rt_fence with
 * rt_vrr: each frame's fence deadline its arrival, as on a variable-
 * refresh display; realtime --vrr's fence row).  Those runs start at
 * a resume (suspend, start the run, resume), as a GPU's work after an
 * idle does: gpugov restarts its frame state and arms its timer there, as
 * the replay's gpugov starts at time 0.  GOVERNOR gpugov-SOURCE-frame is
 * the same with react frame (SOURCE learned or fence), and
 * gpugov-SOURCE-fence with react fence, the default (SOURCE fence or
 * vrr): deciding at polls until the first fence deadline wakes it.
 *
 * Also: the realtime control refuses bad scenarios and changes during a
 * run, and status gives the frame's vsync deadline; a runtime suspend in
 * the middle of a simple_ondemand run (panfrost, and amdgpu, whose
 * firmware evaluates in simulated time too) stops polls and simulated
 * time, and the run still equals the replay's.
 */
#include <dirent.h>
#include <sys/utsname.h>

#include "vmtap.h"

#define EXPECT_DIR	DATA_DIR "/expect-rt"
#define MAX_LINES	4096

static char kern[MAX_LINES * 64], want[MAX_LINES * 64];

/* The kernel's simple_ondemand thresholds for msm (sim_profile.c). */
static const char *msm_thresholds(void)
{
	struct utsname u;
	unsigned int major = 0, minor = 0;

	uname(&u);
	sscanf(u.release, "%u.%u", &major, &minor);
	return major > 6 || (major == 6 && minor >= 12) ? "" : "90_5";
}

/* The kernel has fence deadlines (Linux 6.4+). */
static bool have_fences(void)
{
	struct utsname u;
	unsigned int major = 0, minor = 0;

	uname(&u);
	sscanf(u.release, "%u.%u", &major, &minor);
	return major > 6 || (major == 6 && minor >= 4);
}

/* A line of @buf at a time: the first differing one, -1 if none. */
static int first_diff(const char *a, const char *b, unsigned int *lines)
{
	unsigned int n = 0;
	size_t la, lb;

	for (;;) {
		la = strcspn(a, "\n");
		lb = strcspn(b, "\n");
		if (!la && !lb) {
			*lines = n;
			return -1;
		}
		if (la != lb || memcmp(a, b, la))
			return (int)n;
		n++;
		a += la + !!a[la];
		b += lb + !!b[lb];
	}
}

/* The run's status key @key (~0 if absent). */
static unsigned long long st(const char *key)
{
	return vt_key(vt_simdbg(0, "status"), key);
}

/*
 * Load @blob fresh under @gov, let idle polls bring it to OPP 0, run it
 * in real time; with @suspend, suspend and resume in the middle.  With
 * @period_us (gpugov only; 0: none), gpugov reacts by its timer as
 * @react says (timer or frame), told that frame period unless it is 1
 * (learned or fenced), and the run starts at a resume.
 * Return: 0 with the log in kern[].
 */
static int rt_run(const char *blob, const char *gov, bool msm, bool suspend,
		  unsigned int period_us, const char *react)
{
	unsigned long long t0;
	char fp[16];

	snprintf(fp, sizeof(fp), "%u", period_us > 1 ? period_us : 0);
	if (vt_load_blob(0, blob, 65536) ||
	    (msm && vt_write_str(vt_simdbg(0, "suspend"), "0")) ||
	    vt_set_governor(0, gov) ||
	    (period_us && (vt_write_str(vt_tunable(0, "react"), react) ||
			   vt_write_str(vt_tunable(0, "frame_period_us"), fp))) ||
	    !vt_wait_polls(0, 2, 10000) || st("cur") != 0)
		return -1;
	if (period_us) {
		if (vt_write_str(vt_simdbg(0, "suspend"), "1") ||
		    vt_write_str(vt_simdbg(0, "run"), "1") ||
		    vt_write_str(vt_simdbg(0, "suspend"), "0"))
			return -1;
	} else if (vt_write_str(vt_simdbg(0, "run"), "1")) {
		return -1;
	}
	if (suspend) {
		if (!vt_wait_polls(0, 10, 10000) ||
		    vt_write_str(vt_simdbg(0, "suspend"), "1"))
			return -1;
		t0 = st("rt_time_ns");
		vt_sleep_ms(300);
		vt_ok(st("rt_time_ns") == t0 && !st("done"),
		      "suspended mid-run: simulated time stands at %llu ns", t0);
		if (vt_write_str(vt_simdbg(0, "suspend"), "0"))
			return -1;
	}
	if (!vt_wait_done(0, 300000) ||
	    vt_read(vt_simdbg(0, "rt_log"), kern, sizeof(kern)) <= 0)
		return -1;
	return 0;
}

/* One expected file: its run, and its log against it. */
static void check(const char *file)
{
	char name[256], trace[32], prof[32], thr[32], gov[32], params[160];
	char blob[128], path[512], *dot, *src;
	unsigned int hz, load, segs, i, lines = 0, period_us = 0;
	bool msm, suspend, fence = false, vrr = false;
	const char *react = "timer";
	int n, d;

	snprintf(name, sizeof(name), "%s", file);
	for (i = 0; name[i]; i++)
		if (name[i] == '_' && name[i + 1] == '_')
			name[i] = name[i + 1] = ' ';
	for (i = 0; name[i] && name[i] != ' '; i++)
		if (name[i] == '_')
			name[i] = ' ';
	n = sscanf(name, "%31s %u %u %u %31s %31s %31s", trace, &hz, &load,
		   &segs, prof, thr, gov);
	if (n == 6)
		strcpy(gov, thr);	/* no thresholds: the profile's */
	dot = strstr(gov, ".rtseq");
	if ((n != 6 && n != 7) || !dot) {
		vt_ok(0, "%s: file name parses", file);
		return;
	}
	*dot = 0;
	if (!strcmp(prof, "msm") && strcmp(n == 7 ? thr : "", msm_thresholds())) {
		vt_ok(1, "%s # SKIP another kernel's simple_ondemand thresholds", file);
		return;
	}
	src = !strncmp(gov, "gpugov-", 7) ? gov + 7 : NULL;
	if (src) {
		vrr = !strncmp(src, "vrr-", 4);
		fence = vrr || !strncmp(src, "fence-", 6);
		period_us = !strcmp(src, "hint-timer") ? 1000000 / hz : 1;
		if (strstr(src, "-frame"))
			react = "frame";
		else if (strstr(src, "-fence"))
			react = "fence";
		if (fence && !have_fences()) {
			vt_ok(1, "%s # SKIP no fence deadlines before Linux 6.4", file);
			return;
		}
	}
	msm = !strcmp(prof, "msm");
	suspend = (!strcmp(prof, "panfrost") || !strcmp(prof, "amdgpu")) &&
		  !strcmp(gov, "simple_ondemand");
	snprintf(params, sizeof(params),
		 "profile=%s rt_hz=%u rt_load=%u rt_segs_per_frame=%u%s%s", prof,
		 hz, load, segs, fence ? " rt_fence=1" : "", vrr ? " rt_vrr=1" : "");
	snprintf(blob, sizeof(blob), DATA_DIR "/%s.blob", trace);
	snprintf(path, sizeof(path), EXPECT_DIR "/%s", file);
	if (!vt_ok(!vt_setup(params), "modules load: %s", params))
		return;
	if (vt_read(path, want, sizeof(want)) <= 0 ||
	    rt_run(blob, strncmp(gov, "gpugov", 6) ? "simple_ondemand" : "gpugov",
		   msm, suspend, period_us, react)) {
		vt_ok(0, "%s: real-time run", file);
		vt_dump_device(0);
	} else {
		d = first_diff(kern, want, &lines);
		vt_ok(d < 0, "%s %s %u Hz load %u%%%s: kernel = gpugov-replay realtime, %u decisions (%llu frames, %llu janked)",
		      prof, gov, hz, load, suspend ? ", suspended mid-run" : "",
		      lines, st("rt_frames_done"), st("rt_janked"));
		if (d >= 0) {
			char *k = kern, *w = want;

			for (i = 0; i < (unsigned int)d; i++) {
				k = strchr(k, '\n') + 1;
				w = strchr(w, '\n') + 1;
			}
			k[strcspn(k, "\n")] = 0;
			w[strcspn(w, "\n")] = 0;
			vt_diag("decision %d: kernel '%s', gpugov-replay '%s'", d, k, w);
		}
	}
	vt_set_governor(0, "simple_ondemand");
	vt_ok(!vt_teardown(), "%s: teardown", prof);
}

/* The realtime control, and status during a run. */
static void controls(void)
{
	static const char *const bad[] = { "0 5", "60 0 1", "60 101 1", "60 60 0",
		"20000 60 1", "4294967356 60 1", "60 60", "60 60 1 1", "x" };
	char cur[64], dl[64];
	unsigned long long frame, deadline;
	size_t i;
	bool ok = true;

	if (!vt_ok(!vt_setup("profile=panfrost"), "modules load"))
		return;
	vt_ok(!vt_read_line(vt_simdbg(0, "realtime"), cur, sizeof(cur)) &&
	      !strcmp(cur, "0 60 1") && st("realtime") == 0,
	      "real time off by default (realtime '%s')", cur);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ok &= vt_write_str(vt_simdbg(0, "realtime"), bad[i]) == -EINVAL;
	vt_ok(ok && !vt_read_line(vt_simdbg(0, "realtime"), cur, sizeof(cur)) &&
	      !strcmp(cur, "0 60 1"),
	      "realtime refuses %zu malformed or out-of-range scenarios, keeps its value",
	      sizeof(bad) / sizeof(bad[0]));
	vt_ok(!vt_write_str(vt_simdbg(0, "realtime"), "120 50 3\n") &&
	      !vt_read_line(vt_simdbg(0, "realtime"), cur, sizeof(cur)) &&
	      !strcmp(cur, "120 50 3"), "realtime 120 50 3 accepted");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_polls(0, 3, 10000),
	      "a real-time run starts");
	vt_ok(vt_write_str(vt_simdbg(0, "realtime"), "60 60 1") == -EBUSY,
	      "realtime refused during a run (EBUSY)");
	vt_read(vt_simdbg(0, "status"), kern, sizeof(kern));
	frame = vt_snap_key(kern, "rt_frame");
	deadline = vt_snap_key(kern, "rt_deadline_ns");
	snprintf(dl, sizeof(dl), "%llu", deadline);
	vt_ok(frame != ~0ULL && deadline == (frame + 1) * (1000000000ULL / 120) &&
	      vt_snap_key(kern, "rt_time_ns") >= 50000000,
	      "status: frame %llu due at its vsync, %s ns", frame, dl);
	vt_ok(!vt_write_str(vt_simdbg(0, "run"), "0") && !st("running") &&
	      !vt_write_str(vt_simdbg(0, "realtime"), "0") && st("realtime") == 0,
	      "stopped; back to one segment a poll");
	vt_ok(!vt_teardown(), "teardown");
	vt_ok(vt_setup("rt_hz=60 rt_load=0") == -EINVAL &&
	      !vt_module_loaded("gpugov_sim") && !vt_teardown(),
	      "rt_load=0: gpugov_sim refuses to load (EINVAL)");
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int is_rtseq(const struct dirent *d)
{
	size_t len = strlen(d->d_name);

	return len > 6 && !strcmp(d->d_name + len - 6, ".rtseq");
}

int main(void)
{
	struct dirent **list;
	int n, i;

	controls();
	n = scandir(EXPECT_DIR, &list, is_rtseq, by_name);
	vt_ok(n > 0, "gpugov-replay realtime sequences present (%d)", n);
	for (i = 0; i < n; i++) {
		check(list[i]->d_name);
		free(list[i]);
	}
	if (n > 0)
		free(list);
	return vt_done();
}
