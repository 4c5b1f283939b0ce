// SPDX-License-Identifier: GPL-2.0
/*
 * names.c - the names a command-line option accepts, listed for help texts
 * and for the message on a bad value (gpugov-replay, gpugov-sim).
 */
#include <stdio.h>
#include "gpugov_policy.h"
#include "gpugov_predict.h"
#include "names.h"

/**
 * name_list() - names for a message, space-separated
 * @name: the name of each id
 * @first: the first id
 * @n: the ids end before @n
 * @buf: out
 * @len: its size
 *
 * Return: @buf.
 */
const char *name_list(const char *(*name)(int id), int first, int n,
		      char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = first; i < n && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s",
				 i > first ? " " : "", name(i));
	return buf;
}

static const char *objective_name(int id)
{
	return gpugov_objective_names[id];
}

/* The objectives' names from @first on (as name_list()). */
const char *objective_names(int first, char *buf, size_t len)
{
	return name_list(objective_name, first, GPUGOV_NR_OBJ, buf, len);
}

static const char *predictor_name(int id)
{
	return gpugov_predictor(id)->name;
}

/* Every predictor's name (as name_list()). */
const char *predictor_names(char *buf, size_t len)
{
	return name_list(predictor_name, 0, GPUGOV_NR_PRED, buf, len);
}
