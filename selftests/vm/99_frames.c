// SPDX-License-Identifier: GPL-2.0
/*
 * 99_frames.c - gpugov-frames --cpu on a KMS device with a vsync: vkms
 * (built by vmtest when cold, tools/vm/vkms.sh; SKIP without it),
 * whose hrtimer raises a vblank at the mode's refresh rate.
 *
 * A steady run at a light load is paced by the flip events: its flips
 * fall a whole number of periods apart (how many one period apart is the
 * emulated CPU's speed: reported, not required).  A run
 * the test stops (SIGSTOP) for 200 ms, past many vsyncs, counts the frame
 * it stalled as janked, late by about the stall.  Then the whole kit:
 * gpugov-ab's default workloads (gpugov-frames --cpu on vkms, steady and
 * spiky, calibrated once) under simple_ondemand and gpugov on gpugov_sim,
 * every run's frames counted.
 */
#include <signal.h>
#include <sys/wait.h>

#include "vmtap.h"

#define CARD	"/dev/dri/card0"

/* the flips of a CSV: intervals near a period, on the grid, jank */
struct flips {
	unsigned long n, one, on_grid, janked;
	unsigned long long worst_late_ns;
};

static int read_flips(const char *csv, unsigned long long period, struct flips *s)
{
	FILE *f = fopen(csv, "r");
	char line[512];
	unsigned long long prev = 0;

	memset(s, 0, sizeof(*s));
	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		unsigned long long due, sub, done, flip, k;
		unsigned long i;
		double w;
		int j;

		if (sscanf(line, "%lu,%lf,%llu,%llu,%llu,%llu,%d", &i, &w, &due, &sub, &done,
			   &flip, &j) != 7)
			break;
		if (prev && flip > prev) {
			unsigned long long d = flip - prev;

			k = (d + period / 2) / period;
			s->one += k == 1;
			/* 1 ms: the vblank timestamps' jitter in a TCG guest */
			s->on_grid += k && (d > k * period ? d - k * period : k * period - d) < 1000000;
		}
		if (j) {
			s->janked++;
			if (flip - due > s->worst_late_ns)
				s->worst_late_ns = flip - due;
		}
		prev = flip;
		s->n++;
	}
	fclose(f);
	return 0;
}

static unsigned long long period_ns(const char *summary)
{
	unsigned long long v = 0;
	char buf[1024];
	char *p;

	if (vt_read(summary, buf, sizeof(buf)) > 0 && (p = strstr(buf, "period_ms ")))
		v = (unsigned long long)(strtod(p + 10, NULL) * 1e6);
	return v;
}

int main(void)
{
	struct flips s = { 0 };
	unsigned long long period;
	pid_t pid;
	int st, i;

	if (!vt_exists("/data/vkms.ko")) {
		vt_ok(1, "gpugov-frames on vkms # SKIP vkms not built (make vkms-prepare)");
		return vt_done();
	}
	vt_ok(!system("modprobe drm_kms_helper && modprobe drm_shmem_helper && insmod /data/vkms.ko"),
	      "vkms loads");
	for (i = 0; i < 50 && !vt_exists(CARD); i++)
		vt_sleep_ms(100);
	vt_ok(vt_exists(CARD), CARD " appears");

	vt_ok(!system("gpugov-frames --cpu --card " CARD " --load 10 --frames 120 "
		      "--csv /tmp/f1.csv >/tmp/f1.out 2>&1"), "a steady run of 120 frames");
	if (system("cat /tmp/f1.out"))
		vt_diag("no summary");
	period = period_ns("/tmp/f1.out");
	vt_ok(period > 5000000 && period < 50000000, "the mode's period: %llu ns", period);
	st = period ? read_flips("/tmp/f1.csv", period, &s) : -1;
	/*
	 * Pacing by flip events puts every flip on the vsync grid.  How many
	 * make the very next vsync depends on how fast the emulated CPU runs
	 * the client (119 of 119 alone; 98, then 48, with another guest on
	 * the host's two cores), so that count is reported, not required.
	 */
	vt_ok(!st && s.n == 120 && s.on_grid >= 110,
	      "paced by flip events: %lu of 119 intervals on the vsync grid, %lu one period, "
	      "%lu janked", s.on_grid, s.one, s.janked);

	pid = fork();
	if (!pid) {
		execlp("gpugov-frames", "gpugov-frames", "--cpu", "--card", CARD, "--load", "10",
		       "--seconds", "4", "--quiet", "--csv", "/tmp/f2.csv", (char *)NULL);
		_exit(127);
	}
	vt_sleep_ms(2000);
	kill(pid, SIGSTOP);
	vt_sleep_ms(200);
	kill(pid, SIGCONT);
	vt_ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && !WEXITSTATUS(st),
	      "a run stalled for 200 ms ends well");
	st = read_flips("/tmp/f2.csv", period, &s);
	vt_ok(!st && s.janked >= 1 && s.worst_late_ns >= 150000000ull,
	      "the stall counted: %lu janked, the worst %llu ms late", s.janked,
	      s.worst_late_ns / 1000000);

	vt_ok(!vt_setup(NULL), "gpugov and gpugov_sim load");
	vt_ok(!system("gpugov-ab --device gpugov_sim.0 --seconds 3 --repeat 1 --settle 0 "
		      "--no-trace --frames-args '--cpu --card " CARD " --load 20' --out /tmp/abf "
		      ">/tmp/abf.log 2>&1"), "gpugov-ab with its default workloads");
	if (system("cat /tmp/abf.log /tmp/abf/runs.csv"))
		vt_diag("no log");
	vt_ok(!system("awk -F, 'NR > 1 && !($7 > 0 && $6 != \"-\") { bad = 1 } "
		      "END { if (bad || NR != 5) exit 1 }' /tmp/abf/runs.csv"),
	      "4 runs (steady, spikes x 2 governors), each with its frames and janked count");
	vt_ok(vt_governor_is(0, "simple_ondemand"), "the device's governor restored");
	vt_ok(!vt_teardown(), "teardown");
	vt_ok(!system("rmmod vkms"), "vkms unloads");
	return vt_done();
}
