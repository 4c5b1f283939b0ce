// SPDX-License-Identifier: GPL-2.0
/*
 * 44_udev.c - the packaged udev rule (tools/boot/70-gpugov.rules) and
 * /usr/lib/gpugov/gpugov-apply set each devfreq device as /etc/gpugov.conf
 * says when the device appears.
 *
 * The guest has no udevd.  This test stands in for it: it receives the
 * kernel's uevents on the netlink socket udevd reads, matches each against
 * the rule file as packaged (its == keys only: any other key or operator
 * fails the test, so that a rule this test cannot judge is not passed),
 * and runs the rule's RUN+= program as udev does: %k replaced by the
 * device's kernel name, with the event's environment (ACTION, DEVPATH,
 * SUBSYSTEM, SEQNUM, ...) and nothing else.
 */
#include <linux/netlink.h>
#include <sys/socket.h>
#include <sys/wait.h>

#include "vmtap.h"

#define RULES	DATA_DIR "/boot/70-gpugov.rules"
#define CONF	"/etc/gpugov.conf"
#define MAX_KEYS 8

static struct {
	char key[32], val[64];
} match[MAX_KEYS];
static int nr_match;
static char run[256];

/* The rule file: one rule of KEY=="VALUE" matches and one RUN+="...". */
static int parse_rules(void)
{
	static char text[4096];
	char *line, *save, *tok, *s2;
	int rules = 0;

	if (vt_read(RULES, text, sizeof(text)) <= 0)
		return -1;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || !line[strspn(line, " \t")])
			continue;
		rules++;
		for (tok = strtok_r(line, ",", &s2); tok;
		     tok = strtok_r(NULL, ",", &s2)) {
			tok += strspn(tok, " \t");
			if (sscanf(tok, "RUN+=\"%255[^\"]\"", run) == 1)
				continue;
			if (nr_match < MAX_KEYS &&
			    sscanf(tok, "%31[A-Z]==\"%63[^\"]\"", match[nr_match].key,
				   match[nr_match].val) == 2) {
				nr_match++;
			} else {
				vt_diag("rule term this test cannot judge: %s", tok);
				return -1;
			}
		}
	}
	return rules == 1 && run[0] && nr_match ? 0 : -1;
}

/* The event's value of @key ("ACTION", ...), or NULL. */
static const char *ev_get(char *const *env, int n, const char *key)
{
	size_t len = strlen(key);
	int i;

	for (i = 0; i < n; i++)
		if (!strncmp(env[i], key, len) && env[i][len] == '=')
			return env[i] + len + 1;
	return NULL;
}

/* Run the rule's program for an event; its exit status, or -1. */
static int run_rule(char **env, int n, const char *kernel)
{
	char cmd[512], *d = cmd;
	const char *s;
	int st;
	pid_t pid;

	for (s = run; *s && d < cmd + sizeof(cmd) - 64; s++) {
		if (s[0] == '%' && s[1] == 'k') {
			d += snprintf(d, 64, "%s", kernel);
			s++;
		} else {
			*d++ = *s;
		}
	}
	*d = 0;
	env[n] = "PATH=/usr/sbin:/usr/bin:/sbin:/bin";
	env[n + 1] = NULL;
	pid = fork();
	if (!pid) {
		/* udev splits RUN at spaces and executes it, no shell */
		char *argv[8], *p;
		int a = 0;

		for (p = strtok(cmd, " "); p && a < 7; p = strtok(NULL, " "))
			argv[a++] = p;
		argv[a] = NULL;
		execve(argv[0], argv, env);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int nl = -1;

/*
 * Handle uevents for up to @ms: run the rule for each that matches.  Stops
 * once @want devices have had it run.  Fills @status[i] with the exit
 * status for device gpugov_sim.i.
 */
static int handle_events(int want, unsigned int ms, int *status)
{
	static char buf[8192];
	int done = 0;

	while (done < want && ms) {
		char *env[64], *p;
		const char *kernel;
		ssize_t len = recv(nl, buf, sizeof(buf) - 1, MSG_DONTWAIT);
		int n = 0, i, dev;

		if (len <= 0) {
			vt_sleep_ms(10);
			ms -= ms < 10 ? ms : 10;
			continue;
		}
		buf[len] = 0;
		/* "ACTION@DEVPATH\0KEY=VALUE\0..." */
		for (p = buf + strlen(buf) + 1; p < buf + len && n < 60;
		     p += strlen(p) + 1)
			env[n++] = p;
		for (i = 0; i < nr_match; i++) {
			const char *v = ev_get(env, n, match[i].key);

			if (!v || strcmp(v, match[i].val))
				break;
		}
		if (i < nr_match)
			continue;
		kernel = strrchr(ev_get(env, n, "DEVPATH") ?: "/", '/') + 1;
		if (sscanf(kernel, SIM_DEV "%d", &dev) != 1 || dev < 0 || dev > 7)
			continue;
		status[dev] = run_rule(env, n, kernel);
		vt_diag("uevent %s: rule ran, exit %d", kernel, status[dev]);
		done++;
	}
	return done;
}

/* Create @path with @text; 0 or -1. */
static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int err;

	if (!f)
		return -1;
	err = fputs(text, f) < 0;
	return fclose(f) || err ? -1 : 0;
}

static bool reads(const char *path, const char *want)
{
	char got[64];

	return !vt_read_line(path, got, sizeof(got)) && !strcmp(got, want);
}

int main(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int st[8] = { -1, -1, -1, -1, -1, -1, -1, -1 };
	int rcvbuf = 1 << 20, n;

	int err = parse_rules();

	vt_ok(!err, "rule file: one rule, %d match keys, RUN %s",
	      nr_match, run);
	mkdir("/etc", 0755);
	vt_ok(!write_file(CONF,
			    "# test configuration\n"
			    SIM_DEV "0  governor=gpugov profile=battery hysteresis=4  # comment\n"
			    SIM_DEV "[01]  power_dyn_uw=1500000\n"
			    SIM_DEV "2  hysteresis=7\r\n"
			    SIM_DEV "1  governor=simple_ondemand\n"
			    SIM_DEV "2  governor=gpugov\n"),
	      CONF " written: device 0 on gpugov with settings, device 1 on simple_ondemand with a gpugov setting, device 2's setting (CRLF) before its governor=gpugov");
	nl = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);
	vt_ok(nl >= 0 && !setsockopt(nl, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)) &&
	      !bind(nl, (struct sockaddr *)&sa, sizeof(sa)),
	      "listening to kernel uevents");

	n = vt_setup("nr_devices=3") ? -1 : handle_events(3, 10000, st);
	vt_ok(n == 3, "modules load; the rule ran for each of 3 new devfreq devices (%d)",
	      n);
	vt_ok(st[0] == 0 && vt_governor_is(0, "gpugov") &&
	      reads(vt_tunable(0, "profile"), "battery") &&
	      reads(vt_tunable(0, "hysteresis"), "4") &&
	      reads(vt_tunable(0, "power_dyn_uw"), "1500000"),
	      "device 0: gpugov, battery, hysteresis 4, power_dyn_uw 1500000 (exit %d)",
	      st[0]);
	vt_ok(st[1] == 1 && vt_governor_is(1, "simple_ondemand") &&
	      !vt_exists(SYSFS_DEVFREQ "/" SIM_DEV "1/gpugov"),
	      "device 1: simple_ondemand; its gpugov setting failed, exit 1 (%d)",
	      st[1]);
	/* governor= goes first, whatever its line: the setting before it holds */
	vt_ok(st[2] == 0 && vt_governor_is(2, "gpugov") &&
	      reads(vt_tunable(2, "hysteresis"), "7"),
	      "device 2: gpugov, hysteresis 7 from the line before its governor=, without the CR (exit %d)",
	      st[2]);

	/* The driver re-creates device 0: a new device, set up again. */
	st[0] = -1;
	n = vt_set_governor(0, "simple_ondemand") ||
	    vt_load_blob(0, DATA_DIR "/short.blob", 65536) ? -1 :
	    handle_events(1, 10000, st);
	vt_ok(n == 1 && st[0] == 0 && vt_governor_is(0, "gpugov") &&
	      reads(vt_tunable(0, "profile"), "battery"),
	      "device 0 re-created: the rule sets it up again (exit %d)", st[0]);

	vt_ok(!unlink(CONF), CONF " removed");
	st[0] = -1;
	n = vt_set_governor(0, "simple_ondemand") ||
	    vt_load_blob(0, DATA_DIR "/sweep.blob", 65536) ? -1 :
	    handle_events(1, 10000, st);
	vt_ok(n == 1 && st[0] == 0 && vt_governor_is(0, "simple_ondemand"),
	      "without " CONF ": the rule does nothing (exit %d)", st[0]);
	close(nl);
	vt_ok(!vt_teardown(), "teardown");
	return vt_done();
}
