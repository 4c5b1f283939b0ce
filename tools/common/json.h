/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json.h - writing JSON: the one string escaper the tools' JSON outputs
 * share (gpugov-replay's tables, gpugov-status).
 */
#ifndef GPUGOV_JSON_H
#define GPUGOV_JSON_H

#include <stdio.h>

void json_string(const char *s, FILE *f);

#endif /* GPUGOV_JSON_H */
