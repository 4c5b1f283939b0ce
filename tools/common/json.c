// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - see json.h.
 */
#include "json.h"

/* @s as a JSON string: it may hold anything (file names, sysfs values). */
void json_string(const char *s, FILE *f)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}
