// SPDX-License-Identifier: GPL-2.0
/*
 * sim_debugfs.c - control of the simulated GPUs through
 * /sys/kernel/debug/gpugov_sim/<dev>/:
 *
 *   trace    (w) load a blob: write it whole (any number of sequential
 *            writes on one open file); the write that completes it
 *            installs it, or fails with -EINVAL and changes nothing
 *   run      (rw) 1: replay from the first segment (in real-time mode:
 *            from simulated time 0), 0: stop; -EINVAL if the real-time
 *            engine refuses the trace (the kernel log says why)
 *   realtime (rw) "HZ LOAD SEGS_PER_FRAME": the next run is real time,
 *            frames at HZ (1-10000), the mean frame LOAD % (1-100) of the
 *            period at the top OPP, SEGS_PER_FRAME segments each; "0":
 *            one segment per poll; -EINVAL out of range, -EBUSY while
 *            a run goes (sim_realtime.c)
 *   rt_log   (r)  a real-time run's decisions, SIM_RT_LOG_FMT lines
 *            (sim_model.h): "index,time_ns,cause,busy,total,opp"
 *   loop     (rw) 1: wrap around at the end of the trace
 *   stock    (rw) 1: no counter source (busy/total only), 0: source
 *   suspend  (rw) 1: devfreq_suspend_device(), 0: devfreq_resume_device()
 *   suspend_fail (rw) 1: the next suspend fails with -EBUSY before the
 *            driver stands devfreq down, as amdgpu_device_suspend() does
 *            when evicting VRAM fails (drivers_glue/amdgpu/, patch 0003);
 *            that suspend clears it
 *   source_fail (rw) 1: the counter source fills the sample, then fails
 *   mali     (rw) 1: the counter source gives the Mali fields only
 *   gpu_idle (rw) msm profile: 1 msm_devfreq_idle(), 0 msm_devfreq_active()
 *   mali_counters (rw) the Mali counters' values; writing N sets them all,
 *            and the values the last read saw, to N (to bring them near
 *            their 2^32 wrap)
 *   fence    (w)  a fence deadline, ns from now (negative: past, within an
 *            hour either way), handed to gpugov's source as a driver's
 *            .set_deadline does (sim_fence_in()); -ENODEV without a
 *            source, -EINVAL out of range
 *   status   (r)  key value lines: profile, run state and totals; in
 *            real time also the simulated time, the frame the GPU last
 *            started and its deadline (rt_frame, rt_deadline_ns: the
 *            vsync after it arrived), frames done and janked
 *   log      (r)  "segment opp khz" for every segment consumed
 *   opps     (r)  "index khz mem_khz uv power_uw"
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/thermal.h>
#include <linux/uaccess.h>
#include "sim_unaligned.h"

#include "sim.h"

static struct dentry *sim_debugfs_root;

/* ---- trace: blob upload ---- */

/**
 * struct sim_upload - a blob being written through one open file
 * @sd: device
 * @buf: the blob so far, allocated once its header gives the size
 * @hdr: the first bytes, until @buf exists
 * @size: total size announced by the header, 0 until known
 * @len: bytes received
 */
struct sim_upload {
	struct sim_dev *sd;
	u8 *buf;
	u8 hdr[sizeof(struct gpugov_simblob_hdr)];
	size_t size;
	size_t len;
};

static int sim_trace_open(struct inode *inode, struct file *file)
{
	struct sim_upload *up = kzalloc(sizeof(*up), GFP_KERNEL);

	if (!up)
		return -ENOMEM;
	up->sd = inode->i_private;
	file->private_data = up;
	return nonseekable_open(inode, file);
}

static int sim_trace_release(struct inode *inode, struct file *file)
{
	struct sim_upload *up = file->private_data;

	kvfree(up->buf);
	kfree(up);
	return 0;
}

static void sim_upload_reset(struct sim_upload *up)
{
	kvfree(up->buf);
	up->buf = NULL;
	up->size = 0;
	up->len = 0;
}

static int sim_upload_install(struct sim_upload *up)
{
	struct sim_dev *sd = up->sd;
	struct sim_trace *t = sim_trace_parse(up->buf, up->len);
	int err;

	if (IS_ERR(t))
		return PTR_ERR(t);
	mutex_lock(&sd->ctl_lock);
	err = sim_install_trace(sd, t);
	mutex_unlock(&sd->ctl_lock);
	if (err)
		sim_trace_free(t);
	return err;
}

/* Take the header bytes of a write; once complete, allocate the blob. */
static ssize_t sim_upload_header(struct sim_upload *up,
				 const char __user *ubuf, size_t count)
{
	size_t hdr_len = sizeof(up->hdr);
	size_t n = min(count, hdr_len - up->len);

	if (copy_from_user(up->hdr + up->len, ubuf, n))
		return -EFAULT;
	up->len += n;
	if (up->len < hdr_len)
		return n;
	up->size = get_unaligned_le64(up->hdr + 40);
	if (up->size < hdr_len || up->size > GPUGOV_SIMBLOB_MAX_SIZE)
		return -EINVAL;
	up->buf = kvmalloc(up->size, GFP_KERNEL);
	if (!up->buf)
		return -ENOMEM;
	memcpy(up->buf, up->hdr, hdr_len);
	return n;
}

static ssize_t sim_trace_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct sim_upload *up = file->private_data;
	ssize_t done = 0;
	int err;

	if (!up->buf) {
		done = sim_upload_header(up, ubuf, count);
		if (done < 0)
			goto fail;
		ubuf += done;
		count -= done;
	}
	if (up->buf && count) {
		if (count > up->size - up->len) {
			done = -EINVAL;
			goto fail;
		}
		if (copy_from_user(up->buf + up->len, ubuf, count)) {
			done = -EFAULT;
			goto fail;
		}
		up->len += count;
		done += count;
	}
	if (up->buf && up->len == up->size) {
		err = sim_upload_install(up);
		sim_upload_reset(up);
		if (err)
			return err;
	}
	return done;

fail:
	sim_upload_reset(up);
	return done;
}

static const struct file_operations sim_trace_fops = {
	.owner = THIS_MODULE,
	.open = sim_trace_open,
	.write = sim_trace_write,
	.release = sim_trace_release,
};

/* ---- boolean controls ---- */

static int sim_parse_bool(const char __user *ubuf, size_t count, bool *val)
{
	char buf[4] = "";

	if (!count || count > 2)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if ((count == 2 && buf[1] != '\n') || (buf[0] != '0' && buf[0] != '1'))
		return -EINVAL;
	*val = buf[0] == '1';
	return 0;
}

static bool sim_ctl_get(struct sim_dev *sd, enum sim_ctl ctl)
{
	bool v;

	if (ctl == SIM_CTL_STOCK || ctl == SIM_CTL_SUSPEND ||
	    ctl == SIM_CTL_SUSPEND_FAIL) {
		mutex_lock(&sd->ctl_lock);
		v = ctl == SIM_CTL_STOCK ? !sd->source_on :
		    ctl == SIM_CTL_SUSPEND ? sd->suspended : sd->suspend_fail;
		mutex_unlock(&sd->ctl_lock);
		return v;
	}
	spin_lock(&sd->lock);
	switch (ctl) {
	case SIM_CTL_RUN:
		v = sd->running;
		break;
	case SIM_CTL_LOOP:
		v = sd->loop;
		break;
	case SIM_CTL_SOURCE_FAIL:
		v = sd->source_fail;
		break;
	case SIM_CTL_MALI:
		v = sd->mali;
		break;
	default:
		v = sd->msm_idle_hz;
		break;
	}
	spin_unlock(&sd->lock);
	return v;
}

static int sim_ctl_set(struct sim_dev *sd, enum sim_ctl ctl, bool v)
{
	int err = 0;

	switch (ctl) {
	case SIM_CTL_RUN:
		mutex_lock(&sd->ctl_lock);
		err = sim_set_running(sd, v);
		mutex_unlock(&sd->ctl_lock);
		break;
	case SIM_CTL_LOOP:
		spin_lock(&sd->lock);
		sd->loop = v;
		spin_unlock(&sd->lock);
		break;
	case SIM_CTL_STOCK:
		mutex_lock(&sd->ctl_lock);
		err = sim_set_source(sd, !v);
		mutex_unlock(&sd->ctl_lock);
		break;
	case SIM_CTL_SOURCE_FAIL:
		spin_lock(&sd->lock);
		sd->source_fail = v;
		spin_unlock(&sd->lock);
		break;
	case SIM_CTL_MALI:
		spin_lock(&sd->lock);
		if (v != sd->mali)
			sim_mali_rebase(&sd->mali_ctr);
		sd->mali = v;
		spin_unlock(&sd->lock);
		break;
	case SIM_CTL_GPU_IDLE:
		mutex_lock(&sd->ctl_lock);
		err = sim_msm_set_idle(sd, v);
		mutex_unlock(&sd->ctl_lock);
		break;
	case SIM_CTL_SUSPEND_FAIL:
		mutex_lock(&sd->ctl_lock);
		sd->suspend_fail = v;
		mutex_unlock(&sd->ctl_lock);
		break;
	default:
		mutex_lock(&sd->ctl_lock);
		err = sim_set_suspended(sd, v);
		mutex_unlock(&sd->ctl_lock);
		break;
	}
	return err;
}

static ssize_t sim_ctl_read(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct sim_ctl_file *cf = file->f_inode->i_private;
	char buf[2] = { sim_ctl_get(cf->sd, cf->ctl) ? '1' : '0', '\n' };

	return simple_read_from_buffer(ubuf, count, ppos, buf, sizeof(buf));
}

static ssize_t sim_ctl_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct sim_ctl_file *cf = file->f_inode->i_private;
	bool v;
	int err;

	err = sim_parse_bool(ubuf, count, &v);
	if (!err)
		err = sim_ctl_set(cf->sd, cf->ctl, v);
	return err ? err : count;
}

static const struct file_operations sim_ctl_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = sim_ctl_read,
	.write = sim_ctl_write,
	.llseek = default_llseek,
};

/* ---- read-only views ---- */

/* The real-time keys of status; sd->lock held. */
static void sim_rt_status_show(struct seq_file *m, const struct sim_dev *sd)
{
	const struct sim_rtdev *r = &sd->rtd;
	const struct sim_rt_result *res = &r->rt.res;

	seq_printf(m, "realtime %d\nrt_hz %u\nrt_load %u\nrt_segs_per_frame %u\n",
		   !!r->hz, r->hz, r->load, r->segs_per_frame);
	if (!r->on && !r->ended)
		return;
	seq_printf(m, "rt_time_ns %llu\nrt_frame %u\nrt_deadline_ns %llu\n",
		   res->end_ns, r->frame, r->deadline_ns);
	seq_printf(m, "rt_frames_done %u\nrt_janked %u\nrt_worst_latency_ns %llu\n",
		   res->frames, res->janked, res->worst_latency_ns);
	seq_printf(m, "rt_polls %llu\nrt_decisions %llu\nrt_switches %llu\n",
		   res->polls, res->decisions, res->switches);
	seq_printf(m, "rt_energy_pj %llu\nrt_busy_ns %llu\nrt_log_len %u\nrt_log_dropped %llu\n",
		   res->energy_pj, res->busy_ns, r->log_len, r->log_dropped);
}

static int sim_status_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	const struct sim_trace *t;

	mutex_lock(&sd->ctl_lock);
	seq_printf(m, "profile %s\n", sd->prof->name);
	seq_printf(m, "source %d\nsuspended %d\n", sd->source_on,
		   sd->suspended);
	seq_printf(m, "cooling %s\n", sd->cdev ? sd->cdev->type : "none");
	spin_lock(&sd->lock);
	t = sd->trace;
	if (t) {
		seq_printf(m, "nr_opps %u\nnr_segs %u\ncaps 0x%x\n", t->nr_opps,
			   t->nr_segs, t->caps);
		seq_printf(m, "cur %u\ncur_khz %u\n", sd->cur,
			   t->opp[sd->cur].core_khz);
		seq_printf(m, "done %d\n", sd->rtd.ended ||
			   (!sd->running && t->nr_segs && sd->consumed >= t->nr_segs));
	}
	sim_rt_status_show(m, sd);
	if (sd->prof->smu && t)
		seq_printf(m, "force_level %s\nsmu_down 0x%x\nsmu_req %u\nsmu_soft_min %u\nsmu_soft_max %u\nsmu_load %u\n",
			   sim_force_names[sd->force], sd->smu_down, sd->smu_req,
			   sd->smu.soft_min, sd->smu.soft_max,
			   sim_smu_load_pct(&sd->smu));
	seq_printf(m, "running %d\nloop %d\npos %u\n", sd->running, sd->loop,
		   sd->pos);
	seq_printf(m, "polls %llu\nconsumed %llu\ntime_ns %llu\nenergy_pj %llu\n",
		   sd->polls, sd->consumed, sd->time_ns, sd->energy_pj);
	seq_printf(m, "mali %d\nclock_ns %llu\nbusy_sum_ns %llu\n", sd->mali,
		   sd->clock_ns, sd->busy_sum_ns);
	spin_unlock(&sd->lock);
	mutex_unlock(&sd->ctl_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_status);

static int sim_rt_log_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	struct sim_rtlog e;
	u32 i, len;

	/* The log only grows during a run; a start clears it under ctl_lock. */
	mutex_lock(&sd->ctl_lock);
	spin_lock(&sd->lock);
	len = sd->rtd.log ? sd->rtd.log_len : 0;
	spin_unlock(&sd->lock);
	for (i = 0; i < len; i++) {
		spin_lock(&sd->lock);
		e = sd->rtd.log[i];
		spin_unlock(&sd->lock);
		seq_printf(m, SIM_RT_LOG_FMT "\n", i, e.time_ns,
			   sim_rt_cause_name(e.cause), e.busy, e.total, e.opp);
	}
	mutex_unlock(&sd->ctl_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_rt_log);

static int sim_realtime_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	u32 hz, load, segs;

	spin_lock(&sd->lock);
	hz = sd->rtd.hz;
	load = sd->rtd.load;
	segs = sd->rtd.segs_per_frame;
	spin_unlock(&sd->lock);
	seq_printf(m, "%u %u %u\n", hz, load, segs);
	return 0;
}

static int sim_realtime_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_realtime_show, inode->i_private);
}

/*
 * "HZ LOAD SEGS_PER_FRAME", or "0" alone for the per-segment mode: decimal
 * numbers that fit 32 bits, one space apart, an optional final newline.
 */
static ssize_t sim_realtime_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	struct sim_dev *sd = file_inode(file)->i_private;
	char buf[48], *p = buf, *tok;
	u32 v[3];
	int n = 0, err;

	if (!count || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = 0;
	if (buf[count - 1] == '\n')
		buf[count - 1] = 0;
	while ((tok = strsep(&p, " "))) {
		if (n == ARRAY_SIZE(v) || kstrtou32(tok, 10, &v[n]))
			return -EINVAL;
		n++;
	}
	if (n == 1 && !v[0]) {
		spin_lock(&sd->lock);
		v[1] = sd->rtd.load;
		v[2] = sd->rtd.segs_per_frame;
		spin_unlock(&sd->lock);
	} else if (n != 3 || !v[0]) {
		return -EINVAL;
	}
	err = sim_rtdev_configure(sd, v[0], v[1], v[2]);
	return err ? err : count;
}

static const struct file_operations sim_realtime_fops = {
	.owner = THIS_MODULE,
	.open = sim_realtime_open,
	.read = seq_read,
	.write = sim_realtime_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int sim_log_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	u32 i, len;

	/* The log only grows while the trace stays: print under ctl_lock. */
	mutex_lock(&sd->ctl_lock);
	spin_lock(&sd->lock);
	len = sd->log_len;
	spin_unlock(&sd->lock);
	for (i = 0; i < len && sd->trace; i++)
		seq_printf(m, "%u %u %u\n", i, sd->log[i],
			   sd->trace->opp[sd->log[i]].core_khz);
	mutex_unlock(&sd->ctl_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_log);

static int sim_opps_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	const struct sim_trace *t;
	u32 i;

	mutex_lock(&sd->ctl_lock);
	t = sd->trace;
	for (i = 0; t && i < t->nr_opps; i++)
		seq_printf(m, "%u %u %u %u %u\n", i, t->opp[i].core_khz,
			   t->opp[i].mem_khz, t->opp[i].uv, t->opp[i].power_uw);
	mutex_unlock(&sd->ctl_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sim_opps);

static int sim_mali_counters_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	u32 v[SIM_MALI_NR];
	int c;

	spin_lock(&sd->lock);
	memcpy(v, sd->mali_ctr.total, sizeof(v));
	spin_unlock(&sd->lock);
	for (c = 0; c < SIM_MALI_NR; c++)
		seq_printf(m, "%u%c", v[c], c + 1 < SIM_MALI_NR ? ' ' : '\n');
	return 0;
}

static int sim_mali_counters_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_mali_counters_show, inode->i_private);
}

static ssize_t sim_mali_counters_write(struct file *file,
				       const char __user *ubuf, size_t count,
				       loff_t *ppos)
{
	struct sim_dev *sd = file_inode(file)->i_private;
	u32 v;
	int c, err;

	err = kstrtou32_from_user(ubuf, count, 0, &v);
	if (err)
		return err;
	spin_lock(&sd->lock);
	for (c = 0; c < SIM_MALI_NR; c++)
		sd->mali_ctr.total[c] = v;
	sim_mali_rebase(&sd->mali_ctr);
	spin_unlock(&sd->lock);
	return count;
}

static const struct file_operations sim_mali_counters_fops = {
	.owner = THIS_MODULE,
	.open = sim_mali_counters_open,
	.read = seq_read,
	.write = sim_mali_counters_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static ssize_t sim_fence_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct sim_dev *sd = file_inode(file)->i_private;
	s64 in;
	int err;

	/* out of s64's range too (-ERANGE): bad input */
	if (kstrtos64_from_user(ubuf, count, 0, &in))
		return -EINVAL;
	err = sim_fence_in(sd, in);
	return err ? err : count;
}

static const struct file_operations sim_fence_fops = {
	.owner = THIS_MODULE,
	.write = sim_fence_write,
};

/**
 * sim_debugfs_init() - create /sys/kernel/debug/gpugov_sim
 */
void sim_debugfs_init(void)
{
	sim_debugfs_root = debugfs_create_dir(SIM_NAME, NULL);
}

/**
 * sim_debugfs_exit() - remove it
 */
void sim_debugfs_exit(void)
{
	debugfs_remove(sim_debugfs_root);
}

static int sim_force_level_show(struct seq_file *m, void *unused)
{
	struct sim_dev *sd = m->private;
	enum sim_force_level f;

	spin_lock(&sd->lock);
	f = sd->force;
	spin_unlock(&sd->lock);
	seq_printf(m, "%s\n", sim_force_names[f]);
	return 0;
}

static int sim_force_level_open(struct inode *inode, struct file *file)
{
	return single_open(file, sim_force_level_show, inode->i_private);
}

/*
 * amdgpu's power_dpm_force_performance_level: auto, low, high or manual,
 * an optional final newline (sim_amdgpu_force()).
 */
static ssize_t sim_force_level_write(struct file *file,
				     const char __user *ubuf, size_t count,
				     loff_t *ppos)
{
	struct sim_dev *sd = file_inode(file)->i_private;
	char buf[16];
	int level, err;

	if (!count || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = 0;
	level = sysfs_match_string(sim_force_names, buf);
	if (level < 0)
		return -EINVAL;
	err = sim_amdgpu_force(sd, level);
	return err ? err : count;
}

static const struct file_operations sim_force_level_fops = {
	.owner = THIS_MODULE,
	.open = sim_force_level_open,
	.read = seq_read,
	.write = sim_force_level_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * sim_debugfs_add() - create the control directory of a device
 * @sd: device
 */
void sim_debugfs_add(struct sim_dev *sd)
{
	static const char *const names[] = {
		[SIM_CTL_RUN] = "run", [SIM_CTL_LOOP] = "loop",
		[SIM_CTL_STOCK] = "stock", [SIM_CTL_SUSPEND] = "suspend",
		[SIM_CTL_SOURCE_FAIL] = "source_fail", [SIM_CTL_MALI] = "mali",
		[SIM_CTL_GPU_IDLE] = "gpu_idle",
		[SIM_CTL_SUSPEND_FAIL] = "suspend_fail",
	};
	struct sim_ctl_file *cf = sd->ctl;
	struct dentry *dir;
	int i;

	dir = debugfs_create_dir(dev_name(&sd->pdev->dev), sim_debugfs_root);
	sd->debugfs = dir;
	debugfs_create_file("trace", 0200, dir, sd, &sim_trace_fops);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		cf[i].sd = sd;
		cf[i].ctl = i;
		debugfs_create_file(names[i], 0644, dir, &cf[i], &sim_ctl_fops);
	}
	debugfs_create_file("status", 0444, dir, sd, &sim_status_fops);
	debugfs_create_file("log", 0444, dir, sd, &sim_log_fops);
	debugfs_create_file("rt_log", 0444, dir, sd, &sim_rt_log_fops);
	debugfs_create_file("realtime", 0644, dir, sd, &sim_realtime_fops);
	debugfs_create_file("opps", 0444, dir, sd, &sim_opps_fops);
	debugfs_create_file("mali_counters", 0644, dir, sd,
			    &sim_mali_counters_fops);
	debugfs_create_file("fence", 0200, dir, sd, &sim_fence_fops);
	if (sd->prof->smu)
		debugfs_create_file("force_level", 0644, dir, sd,
				    &sim_force_level_fops);
}

/**
 * sim_debugfs_remove() - remove it, waiting for running operations
 * @sd: device
 */
void sim_debugfs_remove(struct sim_dev *sd)
{
	debugfs_remove(sd->debugfs);
	sd->debugfs = NULL;
}
