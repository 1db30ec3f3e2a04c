/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fileinfo_t, as illumos DTrace's io.d gives it, translated from
 * Linux's struct file *: xlate<fileinfo_t *>(args[0])->fi_name in
 * fbt::vfs_read:entry. Loaded only by a script that names it.
 * fi_dirname, fi_pathname and fi_mount are not mapped yet (they need
 * the path walked up to the root, which D cannot loop over).
 */

struct fileinfo {
	char	fi_name[256];	/* the file's name in its directory */
	char	fi_fs[32];	/* its filesystem's type: ext4, tmpfs */
	int64_t	fi_offset;	/* the file position */
	int	fi_oflags;	/* open(2)'s flags, as the file keeps them */
};
typedef struct fileinfo fileinfo_t;

translator fileinfo_t < struct file *F > {
	fi_name = F == 0 ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_fs = F == 0 ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_offset = F == 0 ? -1 : F->f_pos;
	fi_oflags = F == 0 ? 0 : F->f_flags;
};
