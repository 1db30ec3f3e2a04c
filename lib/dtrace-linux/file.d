/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fileinfo_t, as illumos DTrace's io.d gives it, translated from
 * Linux's struct file *: xlate<fileinfo_t *>(args[0])->fi_name in
 * fbt::vfs_read:entry. Loaded only by a script that names it. The
 * paths are walked up to the mount namespace's root by cwd.d's
 * translators (the kernel's own types needed: BTF).
 */

struct fileinfo {
	char	fi_name[256];	/* the file's name in its directory */
	char	fi_dirname[256];	/* that directory's path */
	char	fi_pathname[256];	/* the file's path */
	int64_t	fi_offset;	/* the file position */
	char	fi_fs[32];	/* its filesystem's type: ext4, tmpfs */
	char	fi_mount[256];	/* where that filesystem is mounted */
	int	fi_oflags;	/* open(2)'s flags, as the file keeps them */
};
typedef struct fileinfo fileinfo_t;

translator fileinfo_t < struct file *F > {
	fi_name = F == 0 ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == 0 ? "<none>" :
	    dirname(xlate<struct __path *>(&F->f_path)->p);
	fi_pathname = F == 0 ? "<none>" :
	    xlate<struct __path *>(&F->f_path)->p;
	fi_mount = F == 0 ? "<none>" :
	    xlate<struct __mntpath *>(F->f_path.mnt)->p;
	fi_fs = F == 0 ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_offset = F == 0 ? -1 : F->f_pos;
	fi_oflags = F == 0 ? 0 : F->f_flags;
};

/*
 * getf(): the current process's open file by descriptor, as illumos'
 * subroutine gives its file_t *; NULL when the descriptor is not open or
 * out of range. Each load is a nofault load, as every -> is.
 */
typedef struct file file_t;
inline file_t *getf(int fd) =
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : (struct file *)0;

/*
 * fds[]: the current process's open files by descriptor, as illumos'
 * io.d defines it. A descriptor that is closed or out of range gives
 * the translator's "<none>" members and an offset of -1.
 */
inline fileinfo_t fds[int fd] = xlate<fileinfo_t>(getf(fd));
