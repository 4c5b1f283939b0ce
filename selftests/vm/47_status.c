// SPDX-License-Identifier: GPL-2.0
/*
 * 47_status.c - gpugov-status on the real sysfs and debugfs files: two
 * gpugov_sim devices, one running gpugov (a tunable off its default),
 * one on simple_ondemand; the screen, --json and --report (its tarball
 * holds the status and a recording by gpugov-trace).
 */
#include <sys/wait.h>

#include "vmtap.h"

#define OUT	"/tmp/47-out"

/* Run gpugov-status with @args, stdout in OUT; its exit status. */
static int status(const char *args)
{
	char cmd[256];
	int st;

	snprintf(cmd, sizeof(cmd), "/bin/gpugov-status %s >" OUT " 2>&1", args);
	st = system(cmd);
	return st >= 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool out_has(const char *what)
{
	static char buf[16384];

	buf[0] = 0;
	vt_read(OUT, buf, sizeof(buf));
	if (!strstr(buf, what)) {
		vt_diag("no '%s' in:\n%s", what, buf);
		return false;
	}
	return true;
}

int main(void)
{
	unsigned long khz[64];
	char line[64];
	int rc, nr, i;
	bool all;

	vt_ok(!vt_setup("nr_devices=2") && !vt_set_governor(0, "gpugov"),
	      "modules load, device 0 -> gpugov");
	vt_ok(!vt_write_str(vt_tunable(0, "util"), "100"), "util = 100");
	vt_ok(vt_wait_polls(0, 3, 5000), "device 0 polled");

	rc = status(SIM_DEV "0");
	vt_ok(rc == 0 && out_has("governor        gpugov"), "the device: exit 0, governor gpugov (%d)", rc);
	vt_ok(out_has("util = 100 (default 90)") && out_has("profile         custom"),
	      "util named as off its default, profile custom");
	vt_ok(out_has("last decision   OPP "), "the last decision");
	nr = vt_gov_khz(0, khz, 64);
	all = nr > 0;
	for (i = 0; i < nr && all; i++) {
		snprintf(line, sizeof(line), " %-3d %10lu ", i, khz[i]);
		all = out_has(line);
	}
	vt_ok(all, "every OPP of debugfs opps listed (%d)", nr);

	rc = status("");
	vt_ok(rc == 0 && out_has(SIM_DEV "1\n") &&
	      out_has("gpugov          not governing this device"),
	      "all devices: device 1 is not governed by gpugov (%d)", rc);
	rc = status("--json");
	vt_ok(rc == 0 && out_has("\"name\": \"" SIM_DEV "0\"") &&
	      out_has("\"not_default\": {\"util\": {\"value\": 100, \"default\": 90}}"),
	      "--json: the device, util off its default (%d)", rc);

	rc = status("--report -o /tmp/47.tgz --trace-seconds 1 " SIM_DEV "0");
	vt_ok(rc == 0, "--report: exit 0 (%d)", rc);
	rc = system("tar -tzf /tmp/47.tgz >" OUT);
	vt_ok(rc == 0 && out_has("gpugov-report/status.txt") &&
	      out_has("gpugov-report/dmesg.txt") &&
	      out_has("gpugov-report/" SIM_DEV "0.trace\n"),
	      "the tarball holds the status, the log and a recording");

	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
