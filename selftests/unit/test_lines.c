// SPDX-License-Identifier: GPL-2.0
/*
 * test_lines.c - the tools' line reader (tools/common/lines.c):
 *  - a line of any length comes back whole, with its own line number
 *    (fixed 512-byte buffers once cut long comments and parsed their
 *    tails as data);
 *  - "\n" and "\r\n" end a line, a last line may lack one, and a "\r"
 *    inside a line stays in it;
 *  - a directory is a read error naming its cause, never an empty file;
 *    a NUL byte is refused with FILE:LINE; both errors stay;
 *  - lines_split() keeps empty fields ("5,,1,2" is four fields) and
 *    refuses more than it has room for.
 */
#include <errno.h>
#include "fixture.h"
#include "lines.h"
#include "tap.h"

#define LONG_LEN	100000

static char msg[512];

static void test_long_line(void)
{
	char *text = malloc(LONG_LEN + 64), *want;
	struct lines l = { 0 };
	const char *path;
	size_t n;
	int ok;

	if (!tap_ok(text != NULL, "memory for a %d-byte line", LONG_LEN))
		return;
	n = (size_t)sprintf(text, "first\r\n#");
	memset(text + n, 'x', LONG_LEN);
	n += LONG_LEN;
	sprintf(text + n, "3,0,0\nlast");
	want = text + strlen("first\r\n");
	path = fx_write("long.txt", text);
	ok = path && !lines_open(&l, path);
	tap_ok(ok && lines_next(&l) == 1 && l.nr == 1 && !strcmp(l.buf, "first") &&
	       l.len == 5, "line 1 without its \\r\\n");
	tap_ok(ok && lines_next(&l) == 1 && l.nr == 2 &&
	       l.len == LONG_LEN + 6 && !strncmp(l.buf, want, l.len) && !l.buf[l.len],
	       "a %d-byte comment is one line, its tail '3,0,0' in it", LONG_LEN + 6);
	tap_ok(ok && lines_next(&l) == 1 && l.nr == 3 && !strcmp(l.buf, "last"),
	       "a last line without a newline is read");
	tap_ok(ok && lines_next(&l) == 0 && lines_next(&l) == 0 && l.nr == 3,
	       "then the end of the file, again and again");
	lines_close(&l);
	free(text);
}

static void test_carriage_return(void)
{
	const char *path = fx_write("cr.txt", "a\rb\n\r\n\n");
	struct lines l = { 0 };
	int ok = path && !lines_open(&l, path);

	tap_ok(ok && lines_next(&l) == 1 && !strcmp(l.buf, "a\rb") && l.len == 3,
	       "a \\r inside a line stays in it");
	tap_ok(ok && lines_next(&l) == 1 && !l.len && lines_next(&l) == 1 && !l.len &&
	       l.nr == 3, "\\r\\n and \\n alone are empty lines");
	lines_close(&l);
}

static void test_directory(void)
{
	struct lines l = { 0 };
	int rc = lines_open(&l, fx_dir);

	if (!rc)
		rc = lines_next(&l);
	lines_error(&l, rc, msg, sizeof(msg));
	tap_ok(rc == LINES_ERR_READ && l.err == EISDIR,
	       "a directory is a read error (EISDIR), not an empty file (%d)", rc);
	tap_ok(!strncmp(msg, fx_dir, strlen(fx_dir)) &&
	       !strcmp(msg + strlen(fx_dir), ": read error: Is a directory"),
	       "... reported as 'DIR: read error: Is a directory' (%s)", msg);
	tap_ok(lines_next(&l) == LINES_ERR_READ, "... and stays an error");
	lines_close(&l);
	tap_ok(lines_open(&l, "/nonexistent/lines") == LINES_ERR_READ &&
	       l.err == ENOENT, "a missing file cannot be opened");
	lines_error(&l, LINES_ERR_READ, msg, sizeof(msg));
	tap_ok(!strcmp(msg, "/nonexistent/lines: No such file or directory"),
	       "... and says so (%s)", msg);
	lines_close(&l);
}

static void test_nul(void)
{
	static const char text[] = "ok\nbusy_ns=1\0busy_ns=5\n";
	const char *path = fx_write("nul.txt", "");
	struct lines l = { 0 };
	FILE *f = path ? fopen(path, "w") : NULL;
	int ok = f && fwrite(text, 1, sizeof(text) - 1, f) == sizeof(text) - 1;

	if (f && fclose(f))
		ok = 0;
	ok = ok && !lines_open(&l, path);
	tap_ok(ok && lines_next(&l) == 1 && lines_next(&l) == LINES_ERR_NUL && l.nr == 2,
	       "a NUL byte in line 2 is refused");
	if (ok)
		lines_error(&l, LINES_ERR_NUL, msg, sizeof(msg));
	tap_ok(ok && strstr(msg, "nul.txt:2: NUL byte"), "... naming FILE:LINE (%s)", msg);
	lines_close(&l);
}

static void test_split(void)
{
	char s[64], *f[4];
	int n;

	strcpy(s, "5,,1,2");
	n = lines_split(s, ',', f, 4);
	tap_ok(n == 4 && !strcmp(f[0], "5") && !f[1][0] && !strcmp(f[2], "1") &&
	       !strcmp(f[3], "2"), "'5,,1,2': four fields, the second empty (%d)", n);
	strcpy(s, "");
	tap_ok(lines_split(s, ',', f, 4) == 1 && !f[0][0], "'': one empty field");
	strcpy(s, ",a,");
	n = lines_split(s, ',', f, 4);
	tap_ok(n == 3 && !f[0][0] && !strcmp(f[1], "a") && !f[2][0],
	       "',a,': empty fields at both ends kept (%d)", n);
	strcpy(s, "a,b,c,d,e");
	tap_ok(lines_split(s, ',', f, 4) == -1, "five fields with room for four: -1");
	strcpy(s, "a,b,c,d");
	tap_ok(lines_split(s, ',', f, 4) == 4 && !strcmp(f[3], "d"),
	       "four fields with room for four");
}

int main(void)
{
	if (fx_init()) {
		perror("mkdtemp");
		return 1;
	}
	test_long_line();
	test_carriage_return();
	test_directory();
	test_nul();
	test_split();
	fx_done();
	return tap_done("test_lines");
}
