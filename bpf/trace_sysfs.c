// SPDX-License-Identifier: GPL-2.0
/*
 * trace_sysfs.c - small reads of the governor's sysfs and debugfs files.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "trace_sysfs.h"

/**
 * gt_read_file() - read a whole small file, NUL-terminated
 * @path: the file
 * @buf: out
 * @size: size of @buf; longer files are cut
 *
 * Return: bytes read, or -errno.
 */
int gt_read_file(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (len + 1 < size) {
		n = read(fd, buf + len, size - 1 - len);
		if (n < 0) {
			err = -errno;
			break;
		}
		if (!n)
			break;
		len += n;
	}
	close(fd);
	buf[len] = 0;
	return err ? err : (int)len;
}

/**
 * gt_read_word() - first line of a file, without its newline
 * @path: the file
 * @buf: out
 * @size: size of @buf
 *
 * Return: 0, or -errno.
 */
int gt_read_word(const char *path, char *buf, size_t size)
{
	int n = gt_read_file(path, buf, size);

	if (n < 0)
		return n;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* "live" in initstate; a module being unloaded says "going". */
bool gt_module_loaded(void)
{
	char state[32];

	if (gt_read_word(GT_SYS_MODULE "/initstate", state, sizeof(state)))
		return false;
	return !strcmp(state, "live") || !strcmp(state, "coming");
}

/**
 * gt_only_device() - the device running gpugov, if there is exactly one
 * @dev: out, its name
 * @size: size of @dev
 *
 * Return: 0, -ENOENT if none runs gpugov, -EEXIST if several do, or the
 * -errno of reading the debugfs directory.
 */
int gt_only_device(char *dev, size_t size)
{
	struct dirent *d;
	DIR *dir;
	int n = 0;

	dir = opendir(GT_DEBUGFS);
	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		if (d->d_name[0] == '.')
			continue;
		if (!n++)
			snprintf(dev, size, "%s", d->d_name);
	}
	closedir(dir);
	return n == 1 ? 0 : n ? -EEXIST : -ENOENT;
}

/**
 * gt_debugfs_why() - why GT_DEBUGFS or a device's directory in it is
 * missing, for an error message
 * @dev: the device whose directory was looked for, or NULL for GT_DEBUGFS
 *
 * A kernel without debugfs, debugfs not mounted and debugfs closed by the
 * kernel command line leave gpugov's directory absent as surely as a
 * device not running gpugov: each has its own remedy.
 *
 * Return: a parenthesised hint, starting with a space.
 */
const char *gt_debugfs_why(const char *dev)
{
	char fs[4096], path[512];
	struct statfs st;

	if (gt_read_file("/proc/filesystems", fs, sizeof(fs)) >= 0 &&
	    !strstr(fs, "\tdebugfs\n"))
		return " (this kernel has no debugfs: recording needs CONFIG_DEBUG_FS)";
	if (statfs(GT_DEBUGFS_ROOT, &st) || st.f_type != DEBUGFS_MAGIC)
		return " (debugfs is not mounted: mount -t debugfs none " GT_DEBUGFS_ROOT ")";
	if (access(GT_DEBUGFS, F_OK))
		return " (debugfs holds no gpugov directory: is debugfs=off or "
		       "debugfs=no-mount on the kernel command line?)";
	if (!dev)
		return "";
	snprintf(path, sizeof(path), GT_DEBUGFS "/%s", dev);
	return access(path, F_OK) ? " (is the device running gpugov?)" : "";
}
