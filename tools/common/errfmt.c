// SPDX-License-Identifier: GPL-2.0
/*
 * errfmt.c - error messages that name the file and line.
 *
 * A path may be PATH_MAX (4096) bytes long and the tools' error buffers
 * are 512.  Printing the path first and the message at buf + n, where n is
 * what snprintf returned, overruns the buffer as soon as the path alone
 * does not fit: snprintf returns the length it wanted, not the length it
 * wrote, and the size left underflows.  Here the path gives way instead:
 * its head is replaced by "..." until the line number and the message
 * fit, since those say what is wrong and the file's own name is at the
 * end of the path.  Only a message too long for the buffer even beside a
 * short tail of the path is cut.
 */
#include <stdio.h>
#include <string.h>

#include "errfmt.h"

#define ELLIPSIS	"..."
#define ELLIPSIS_LEN	(sizeof(ELLIPSIS) - 1)
/* Of a path that has to be shortened, at least this much is shown. */
#define PATH_SHOW_MIN	(ELLIPSIS_LEN + 40)

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/**
 * gpugov_verr_at() - format "PATH:LINE: message" into @buf
 * @buf: output, always NUL-terminated (if @size > 0)
 * @size: its size
 * @path: the file
 * @line: its line, or 0 for "PATH: message"
 * @fmt, @ap: the message
 */
void gpugov_verr_at(char *buf, size_t size, const char *path,
		    unsigned long line, const char *fmt, va_list ap)
{
	size_t plen = strlen(path), wlen, mlen, avail, show;
	char where[32];
	int n;

	if (!size)
		return;
	n = line ? snprintf(where, sizeof(where), ":%lu: ", line) :
		   snprintf(where, sizeof(where), ": ");
	wlen = (size_t)n;	/* at most 20 digits and 4 characters */
	if (size <= wlen + PATH_SHOW_MIN) {
		/* no room for a useful path: the message alone */
		if (vsnprintf(buf, size, fmt, ap) < 0)
			buf[0] = '\0';
		return;
	}
	/* The message first, at the start of the buffer; moved right below. */
	if (vsnprintf(buf, size, fmt, ap) < 0)
		buf[0] = '\0';
	mlen = strlen(buf);
	avail = size - 1 - wlen;	/* for the path and the message */
	show = plen;
	if (plen + mlen > avail) {
		show = avail > mlen ? avail - mlen : 0;
		show = min_size(plen, show < PATH_SHOW_MIN ? PATH_SHOW_MIN : show);
		mlen = min_size(mlen, avail - show);
	}
	memmove(buf + show + wlen, buf, mlen);
	buf[show + wlen + mlen] = '\0';
	if (show == plen) {
		memcpy(buf, path, plen);
	} else {
		memcpy(buf, ELLIPSIS, ELLIPSIS_LEN);
		memcpy(buf + ELLIPSIS_LEN, path + plen - (show - ELLIPSIS_LEN),
		       show - ELLIPSIS_LEN);
	}
	memcpy(buf + show, where, wlen);
}

void gpugov_err_at(char *buf, size_t size, const char *path,
		   unsigned long line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	gpugov_verr_at(buf, size, path, line, fmt, ap);
	va_end(ap);
}
