// SPDX-License-Identifier: GPL-2.0
/*
 * version.c - the project's version, one string for every tool: the
 * top-level VERSION file, which the Makefile passes as GPUGOV_VERSION, as
 * it passes it to debian/changelog and dkms.conf.
 */
#include <stdio.h>
#include <string.h>
#include "version.h"

const char gpugov_version[] = GPUGOV_VERSION;

/* @arg asks for the version (GNU --version, and -V as gpugov-trace has it). */
bool is_version_opt(const char *arg)
{
	return !strcmp(arg, "--version") || !strcmp(arg, "-V");
}

/* "TOOL VERSION" on stdout.  Return: the exit status, 0. */
int print_version(const char *tool)
{
	printf("%s %s\n", tool, gpugov_version);
	return 0;
}
