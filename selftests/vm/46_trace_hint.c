// SPDX-License-Identifier: GPL-2.0
/*
 * 46_trace_hint.c - gpugov-trace -r names the real reason when gpugov's
 * debugfs directory is missing: with debugfs unmounted it says so (and how
 * to mount it), not "is the device running gpugov?"; that hint stays for
 * a device that does not run gpugov.
 */
#include <sys/mount.h>
#include <sys/wait.h>

#include "vmtap.h"

#define ERR	"/tmp/46-err"

/* Run gpugov-trace -r with @args; its exit status, stderr in ERR. */
static int record(const char *args)
{
	char cmd[256];
	int st;

	snprintf(cmd, sizeof(cmd), "/bin/gpugov-trace -r /tmp/46.trace %s 2>" ERR, args);
	st = system(cmd);
	return st >= 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static bool err_has(const char *what)
{
	static char buf[1024];

	buf[0] = 0;
	vt_read(ERR, buf, sizeof(buf));
	vt_diag("stderr: %s", buf);
	return strstr(buf, what);
}

int main(void)
{
	int rc;

	vt_ok(!vt_setup(NULL) && !vt_set_governor(0, "gpugov"),
	      "modules load, device -> gpugov");
	vt_ok(!umount2("/sys/kernel/debug", MNT_DETACH), "debugfs unmounted");
	rc = record("-d " SIM_DEV "0");
	vt_ok(rc == 1 && err_has("debugfs is not mounted: mount -t debugfs") &&
	      !err_has("running gpugov"),
	      "-d " SIM_DEV "0: exit 1, 'debugfs is not mounted' and how to mount it (%d)", rc);
	rc = record("");
	vt_ok(rc == 1 && err_has("debugfs is not mounted") &&
	      !err_has("no device runs gpugov"),
	      "no -d: exit 1, 'debugfs is not mounted', not 'no device runs gpugov' (%d)", rc);
	vt_ok(!mount("none", "/sys/kernel/debug", "debugfs", 0, NULL) &&
	      vt_exists(DEBUGFS_GOV "/" SIM_DEV "0"), "debugfs mounted again");
	rc = record("-d " SIM_DEV "5");
	vt_ok(rc == 1 && err_has("is the device running gpugov?"),
	      "a device not running gpugov: exit 1, 'is the device running gpugov?' (%d)", rc);
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
