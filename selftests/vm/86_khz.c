// SPDX-License-Identifier: GPL-2.0
/*
 * 86_khz.c - OPPs that are not a whole number of kHz.
 *
 * Some tables are a few Hz off whole kHz (Amlogic's Mali OPPs are
 * 124999998 Hz and the like).  gpugov takes such an OPP rounded down to
 * kHz, as its sample's clock and the Energy Model are, says so in the
 * kernel log, and still maps each decision back to the exact frequency.
 * Two OPPs in the same kHz cannot be told apart: START is refused with a
 * message naming both, not the models' generic complaint.
 *
 * gpugov_sim's hz_skew takes i * hz_skew Hz off the i-th lowest OPP: 2 Hz
 * steps off whole kHz on short.blob (5 OPPs); 99999500 on sweep.blob,
 * whose 7 OPPs are 100 MHz apart, puts them at 200000000 + 500 * i Hz,
 * the lowest two in one kHz.
 */
#include "vmtap.h"

/* Whether a kernel log record since boot contains @what. */
static bool kmsg_has(const char *what)
{
	char rec[2048];
	bool found = false;
	ssize_t n;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return false;
	while (!found && (n = read(fd, rec, sizeof(rec) - 1)) > 0) {
		rec[n] = '\0';
		found = strstr(rec, what);
	}
	close(fd);
	return found;
}

static void off_whole_khz(void)
{
	unsigned long hz[32], khz[32], cur;
	int n, i, inexact = 0, same = 0;
	bool listed = false;
	char buf[64];

	vt_ok(!vt_setup("hz_skew=2"), "modules load, OPPs 2 Hz per step off whole kHz");
	vt_ok(!vt_load_blob(0, DATA_DIR "/short.blob", 65536), "short.blob loaded");
	n = vt_read_numbers(vt_devfreq(0, "available_frequencies"), hz, 32);
	for (i = 0; i < n; i++)
		inexact += hz[i] % 1000 != 0;
	vt_ok(n == 5 && inexact == 4, "devfreq lists %d OPPs, %d of them off whole kHz (%lu Hz)",
	      n, inexact, n > 1 ? hz[1] : 0);
	vt_ok(!vt_set_governor(0, "gpugov") && vt_governor_is(0, "gpugov"),
	      "gpugov starts on them");
	vt_ok(kmsg_has("gpugov: 4 OPPs are not a whole number of kHz") &&
	      kmsg_has("each is taken rounded down to kHz"),
	      "the kernel log says they are taken rounded down");
	vt_ok(vt_gov_khz(0, khz, 32) == n, "gpugov's table has the %d OPPs", n);
	for (i = 0; i < n; i++)
		same += khz[i] == hz[i] / 1000;
	vt_ok(same == n, "each in kHz rounded down (%lu Hz -> %lu kHz)",
	      n > 1 ? hz[1] : 0, n > 1 ? khz[1] : 0);
	vt_ok(!vt_write_str(vt_devfreq(0, "polling_interval"), "1") &&
	      !vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") && vt_wait_polls(0, 20, 5000),
	      "20 polls of the replay");
	vt_ok(!vt_read_line(vt_devfreq(0, "cur_freq"), buf, sizeof(buf)),
	      "cur_freq read");
	cur = strtoul(buf, NULL, 10);
	for (i = 0; i < n; i++)
		listed |= cur == hz[i];
	vt_ok(listed, "the device runs at one of its exact frequencies (%lu Hz)", cur);
	vt_ok(vt_key(vt_govdbg(0, "stats"), "errors") == 0, "no poll errors");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
}

static void two_in_one_khz(void)
{
	vt_ok(!vt_setup("hz_skew=99999500"),
	      "modules load, OPPs at 200000000 + 500 * i Hz");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536), "sweep.blob loaded");
	/* the core restores the previous governor, and then says success */
	vt_set_governor(0, "gpugov");
	vt_ok(vt_governor_is(0, "simple_ondemand"),
	      "gpugov refuses to start, the device keeps simple_ondemand");
	vt_ok(kmsg_has("gpugov: OPPs 200000000 Hz and 200000500 Hz are in the same kHz"),
	      "the kernel log names both OPPs in one kHz");
	vt_ok(!vt_teardown(), "teardown");
}

int main(void)
{
	off_whole_khz();
	two_in_one_khz();
	return vt_done();
}
