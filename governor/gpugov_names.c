// SPDX-License-Identifier: GPL-2.0
/*
 * gpugov_names.c - names of models, objectives and reasons for the
 * user-visible interfaces, robust to ids without a name.
 */
#include "gpugov.h"

/**
 * gpugov_pred_name() - name of a model
 * @id: enum gpugov_pred_id
 *
 * Return: its name, or "?" for an id outside the registry.
 */
const char *gpugov_pred_name(u32 id)
{
	const struct gpugov_predictor *p;

	if (id >= GPUGOV_NR_PRED)
		return "?";
	p = gpugov_predictor(id);
	return p && p->name ? p->name : "?";
}

/**
 * gpugov_objective_name() - name of an objective
 * @id: enum gpugov_objective
 *
 * Return: its name, or "?".
 */
const char *gpugov_objective_name(u32 id)
{
	if (id >= GPUGOV_NR_OBJ || !gpugov_objective_names[id])
		return "?";
	return gpugov_objective_names[id];
}

/**
 * gpugov_reason_name() - name of a decision reason
 * @id: enum gpugov_reason
 *
 * Return: its name, or "?".
 */
const char *gpugov_reason_name(u32 id)
{
	if (id >= GPUGOV_NR_REASON || !gpugov_reason_names[id])
		return "?";
	return gpugov_reason_names[id];
}

/**
 * gpugov_react_name() - name of a way to react between polls
 * @id: enum gpugov_react
 *
 * Return: its name, or "?".
 */
const char *gpugov_react_name(u32 id)
{
	if (id >= GPUGOV_NR_REACT || !gpugov_react_names[id])
		return "?";
	return gpugov_react_names[id];
}

/**
 * gpugov_dl_src_name() - name of a deadline source
 * @id: enum gpugov_dl_src
 *
 * Return: its name, or "?".
 */
const char *gpugov_dl_src_name(u32 id)
{
	if (id >= GPUGOV_NR_DL || !gpugov_dl_src_names[id])
		return "?";
	return gpugov_dl_src_names[id];
}
