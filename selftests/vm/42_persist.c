// SPDX-License-Identifier: GPL-2.0
/*
 * 42_persist.c - a device keeps its gpugov tunables across a switch to
 * another governor and back (and across a `timer` flip, which stops and
 * starts the governor), per device; a new devfreq device, one re-created
 * while it runs gpugov, and a reloaded gpugov start from the defaults;
 * removing devices it kept tunables for, then unloading gpugov, leaves
 * nothing behind.
 */
#include "vmtap.h"

struct setting {
	const char *file;
	const char *value;
	const char *dflt;
};

/* One value per kind of tunable, none of them the default. */
static const struct setting settings[] = {
	{ "predictor", "pcstall", "crisp" },
	{ "objective", "energy", "deadline" },
	{ "max_slowdown", "17", "5" },
	{ "util", "80", "90" },
	{ "util_max", "95", "100" },
	{ "slack", "3", "1" },
	{ "hysteresis", "2", "0" },
	{ "frame_period_us", "16667", "0" },
	{ "react", "timer", "fence" },
	{ "target", "40%", "100%" },
	{ "power_dyn_uw", "1234567", "2000000" },
	{ "power_static_uw", "700001", "800000" },
	{ "power_uncore_uw", "150000", "200000" },
	{ "power_idle_uw", "1000", "0" },
	{ "power_idle_static_uw", "2000", "0" },
	{ "pcstall_entries", "64", "128" },
	{ "pcstall_shift", "6", "4" },
	{ "pcstall_age_half", "3", "8" },
	{ "coremem_gpu", "p100", "gtx980" },
};

#define NR_SETTINGS	(sizeof(settings) / sizeof(settings[0]))

/* Files of device @dev that do not read @set's value (or default). */
static int differing(int dev, bool set, char *list, size_t size)
{
	char got[64];
	size_t i, n = 0;
	int bad = 0;

	list[0] = 0;
	for (i = 0; i < NR_SETTINGS; i++) {
		const char *want = set ? settings[i].value : settings[i].dflt;

		if (vt_read_line(vt_tunable(dev, settings[i].file), got,
				 sizeof(got)))
			snprintf(got, sizeof(got), "(unreadable)");
		else if (!strcmp(got, want))
			continue;
		bad++;
		if (n < size)
			n += snprintf(list + n, size - n, " %s=%s", settings[i].file,
				      got);
	}
	return bad;
}

static int set_all(int dev)
{
	size_t i;
	int err = 0;

	for (i = 0; i < NR_SETTINGS && !err; i++)
		err = vt_write_str(vt_tunable(dev, settings[i].file),
				   settings[i].value);
	return err;
}

static void expect(int dev, bool set, const char *what)
{
	char list[1024];
	int bad = differing(dev, set, list, sizeof(list));

	vt_ok(!bad, "%s: all %zu tunables read %s%s%s", what, NR_SETTINGS,
	      set ? "the values written" : "their defaults",
	      bad ? "; not:" : "", list);
}

int main(void)
{
	vt_ok(!vt_setup("nr_devices=2"), "modules load, 2 devices");
	vt_ok(!vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) &&
	      !vt_load_blob(1, DATA_DIR "/short.blob", 65536),
	      "traces loaded");
	vt_ok(!vt_set_governor(0, "gpugov") && !vt_set_governor(1, "gpugov"),
	      "both devices -> gpugov");
	vt_ok(!set_all(0), "device 0: %zu tunables written", NR_SETTINGS);

	vt_ok(!vt_set_governor(0, "simple_ondemand") &&
	      !vt_set_governor(0, "gpugov"), "device 0 -> simple_ondemand -> gpugov");
	expect(0, true, "device 0 after the switch");
	expect(1, false, "device 1, never written");
	vt_ok(vt_key(vt_govdbg(0, "pcstall"), "entries") == 64 &&
	      vt_key(vt_govdbg(0, "pcstall"), "shift") == 6,
	      "the kept PCSTALL geometry is the model's (debugfs pcstall)");
	vt_ok(!vt_write_str(vt_simdbg(0, "loop"), "1") &&
	      !vt_write_str(vt_simdbg(0, "run"), "1") &&
	      vt_wait_polls(0, 3, 5000) &&
	      vt_key(vt_govdbg(0, "stats"), "decisions") > 0,
	      "device 0 decides with them");

	vt_ok(!vt_write_str(vt_devfreq(0, "timer"), "delayed") &&
	      !vt_write_str(vt_devfreq(0, "timer"), "deferrable"),
	      "timer flipped (the core stops and starts gpugov)");
	expect(0, true, "device 0 after the timer flip");

	vt_ok(!vt_write_str(vt_tunable(0, "util"), "81") &&
	      !vt_set_governor(0, "simple_ondemand") &&
	      !vt_set_governor(0, "gpugov") &&
	      !vt_write_str(vt_tunable(0, "util"), "80"),
	      "a second switch keeps the latest value (util 81)");

	/* Re-created while on simple_ondemand: a new device. */
	vt_ok(!vt_set_governor(0, "simple_ondemand") &&
	      !vt_load_blob(0, DATA_DIR "/short.blob", 65536) &&
	      !vt_set_governor(0, "gpugov"),
	      "device 0 re-created on simple_ondemand, -> gpugov");
	expect(0, false, "the new device 0");

	/* Re-created while on gpugov: STOP keeps, the removal forgets. */
	vt_ok(!set_all(1) && !vt_load_blob(1, DATA_DIR "/sweep.blob", 65536),
	      "device 1 written, then re-created under gpugov");
	vt_ok(vt_governor_is(1, "gpugov") ||
	      (!vt_set_governor(1, "simple_ondemand") &&
	       !vt_set_governor(1, "gpugov")), "the new device 1 on gpugov");
	expect(1, false, "the new device 1");

	/*
	 * Remove the devices with tunables kept, then unload gpugov (which
	 * gpugov_sim's devices cannot outlive: it uses gpugov's symbols).
	 */
	vt_ok(!set_all(0) && !set_all(1) &&
	      !vt_set_governor(0, "simple_ondemand") &&
	      !vt_set_governor(1, "simple_ondemand"),
	      "both devices written, -> simple_ondemand");
	vt_ok(!vt_unload("gpugov_sim") && !vt_unload("gpugov") &&
	      !vt_module_loaded("gpugov"),
	      "their driver unloads, then gpugov");
	vt_ok(!vt_setup(NULL) && !vt_set_governor(0, "gpugov"),
	      "both reloaded, a device -> gpugov");
	expect(0, false, "that device");
	vt_ok(!vt_set_governor(0, "simple_ondemand"), "back to simple_ondemand");
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
