// SPDX-License-Identifier: GPL-2.0
/*
 * 99_ab.c - gpugov-ab on gpugov_sim, reading its hwmon energy meter.
 *
 * gpugov_sim's energy1_input (drivers_glue/sim_hwmon.c) is the hwmon ABI
 * a board's meter has, so gpugov-ab finds it next to the device as it
 * would on a board.  The workload starts the replay, lets it run, stops
 * it and appends the device's own account of the run (debugfs status:
 * energy_pj) to a file; gpugov-ab's energy of each run must be that
 * account, to the microjoule the meter counts in.  Then the device's
 * governor and gpugov's tunable come back after a normal run, a failing
 * workload and a SIGTERM, and a failed run leaves no results.  Last, the
 * meter in real-time mode: two runs to their end, each counted once,
 * the engine's energy of the first folded in before the second resets
 * it (sim_meter_fold_rt()).
 */
#include <glob.h>
#include <signal.h>
#include <sys/wait.h>

#include "vmtap.h"

#define DEV	"gpugov_sim.0"
#define WORK	"/tmp/ab-work.sh"
#define OWN	"/tmp/ab-own"

static int write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	if (fclose(f))
		return -1;
	return chmod(path, mode);
}

static bool state_is(const char *gov, const char *hyst)
{
	char g[64], h[64];
	bool ok;

	if (vt_read_line(vt_devfreq(0, "governor"), g, sizeof(g)) || strcmp(g, gov))
		return false;
	/* the tunable is read under gpugov, then the governor put back */
	ok = !vt_set_governor(0, "gpugov") &&
	     !vt_read_line(vt_tunable(0, "hysteresis"), h, sizeof(h)) && !strcmp(h, hyst);
	return !vt_set_governor(0, gov) && ok;
}

/* Each run's energy in runs.csv against the account the workload kept. */
static void check_energy(const char *csv, int runs)
{
	FILE *a = fopen(csv, "r"), *o = fopen(OWN, "r");
	char line[512];
	int n = 0, bad = 0;
	double sum = 0;

	if (a && fgets(line, sizeof(line), a)) {
		while (fgets(line, sizeof(line), a)) {
			char *f = line;
			unsigned long long pj;
			double j;
			int i;

			for (i = 0; i < 4 && f; i++) {
				f = strchr(f, ',');
				f = f ? f + 1 : NULL;
			}
			if (!f || sscanf(f, "%lf", &j) != 1 || !o || fscanf(o, "%llu", &pj) != 1) {
				bad++;
				break;
			}
			/* two reads of a counter in whole uJ: within 1 uJ of the exact */
			if (j * 1e6 - pj / 1e6 > 1.0 || pj / 1e6 - j * 1e6 > 1.0) {
				vt_diag("run %d: gpugov-ab %.6f J, the device %llu pJ", n + 1, j, pj);
				bad++;
			}
			sum += j;
			n++;
		}
	}
	if (a)
		fclose(a);
	if (o)
		fclose(o);
	vt_ok(n == runs && !bad && sum > 0,
	      "gpugov-ab's energy of each of %d runs is the device's own account (%.6f J in all)",
	      n, sum);
}

static unsigned long long meter_uj(const char *path)
{
	char buf[64];

	return vt_read_line(path, buf, sizeof(buf)) ? 0 : strtoull(buf, NULL, 10);
}

/* Real-time runs of the short trace to their end: the meter's delta each. */
static void check_realtime(const char *meter)
{
	unsigned long long e0, e1, pj = 0;
	int i;

	vt_ok(!vt_load_blob(0, DATA_DIR "/short.blob", 4096) &&
	      !vt_write_str(vt_simdbg(0, "loop"), "0") &&
	      !vt_write_str(vt_simdbg(0, "realtime"), "60 50 1"), "real time: 60 Hz, load 50 %%");
	for (i = 1; i <= 2; i++) {
		e0 = meter_uj(meter);
		vt_ok(!vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_done(0, 60000) &&
		      !vt_read_key(vt_simdbg(0, "status"), "rt_energy_pj", &pj),
		      "real-time run %d ran to its end", i);
		e1 = meter_uj(meter);
		vt_ok(pj && e1 - e0 + 1 >= pj / 1000000 && e1 - e0 <= pj / 1000000 + 1,
		      "real-time run %d: the meter moved %llu uJ, the engine's account %llu pJ",
		      i, e1 - e0, pj);
	}
	vt_ok(!vt_write_str(vt_simdbg(0, "realtime"), "0"), "real time off");
}

int main(void)
{
	glob_t g = { 0 };
	pid_t pid;
	int st;

	vt_ok(!vt_setup(NULL), "modules load");
	/* the debug guest's kernel (tinyconfig) has no hwmon: no meter */
	if (!vt_exists("/sys/class/hwmon")) {
		vt_ok(1, "gpugov-ab on gpugov_sim's meter # SKIP no hwmon in this kernel");
		vt_ok(!vt_teardown(), "teardown");
		return vt_done();
	}
	vt_ok(!glob(SYSFS_DEVFREQ "/" DEV "/device/hwmon/hwmon*/energy1_input", 0, NULL, &g) &&
	      g.gl_pathc == 1, "gpugov_sim has an hwmon energy1_input");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 4096) &&
	      !vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_devfreq(0, "polling_interval"), "10"), "trace loaded, looping");
	vt_ok(!vt_set_governor(0, "gpugov") && !vt_write_str(vt_tunable(0, "hysteresis"), "5") &&
	      !vt_set_governor(0, "simple_ondemand") && state_is("simple_ondemand", "5"),
	      "start: simple_ondemand, gpugov's hysteresis 5");
	vt_ok(!write_file(WORK, "#!/bin/sh\n"
			  "d=" DEBUGFS_SIM "/" DEV "\n"
			  "echo 1 >$d/run\nsleep 2\necho 0 >$d/run\n"
			  "awk '$1 == \"energy_pj\" { print $2 }' $d/status >>" OWN "\n", 0755),
	      "workload written");

	unlink(OWN);
	vt_ok(!system("gpugov-ab --device " DEV " --governors simple_ondemand,gpugov:hysteresis=20 "
		      "--seconds 30 --repeat 2 --settle 1 --report --out /tmp/ab1 -- " WORK
		      " >/tmp/ab1.log 2>&1"), "gpugov-ab: 2 governors x 2 repeats");
	if (system("cat /tmp/ab1.log"))
		vt_diag("no log");
	check_energy("/tmp/ab1/runs.csv", 4);
	vt_ok(!system("grep -q 'energy: meter .*/energy1_input' /tmp/ab1/summary.txt"),
	      "the meter named in the summary, not an estimate");
	vt_ok(!system("tar -tzf /tmp/ab1.tar.gz >/tmp/ab1.list && grep -q ab1/ab.json /tmp/ab1.list && "
		      "grep -q ab1/status-report.tar.gz /tmp/ab1.list && "
		      "tar -tzf /tmp/ab1/status-report.tar.gz | grep -q gpugov-report/"),
	      "--report: the bundle, with gpugov-status's report tarball in it");
	vt_ok(state_is("simple_ondemand", "5"), "restored after a normal run");

	vt_ok(WEXITSTATUS(system("gpugov-ab --device " DEV " --governors gpugov:hysteresis=20 "
				 "--seconds 30 --repeat 1 --settle 0 --out /tmp/ab2 -- "
				 "sh -c 'exit 3' >/tmp/ab2.log 2>&1")) == 1 &&
	      access("/tmp/ab2", F_OK), "a failing workload: exit 1, no results");
	vt_ok(state_is("simple_ondemand", "5"), "restored after a failing workload");

	pid = fork();
	if (!pid) {
		execlp("gpugov-ab", "gpugov-ab", "--device", DEV, "--governors",
		       "gpugov:hysteresis=20", "--seconds", "60", "--repeat", "1", "--settle", "0",
		       "--out", "/tmp/ab3", "--", "sleep", "60", (char *)NULL);
		_exit(127);
	}
	vt_sleep_ms(3000);
	vt_ok(vt_governor_is(0, "gpugov"), "gpugov-ab running under gpugov");
	kill(pid, SIGTERM);
	vt_ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 143 &&
	      access("/tmp/ab3", F_OK), "SIGTERM: exit 143, no results");
	vt_ok(state_is("simple_ondemand", "5"), "restored after SIGTERM");

	if (g.gl_pathc == 1)
		check_realtime(g.gl_pathv[0]);
	globfree(&g);
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
