/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cwd and root, illumos DTrace's built-in strings: the current
 * process's working directory and root directory; the paths file.d's
 * fileinfo_t gives; and d_path(). Each is walked up from a dentry and its
 * mount: the dentry's name, and at a mount's root its mountpoint in
 * the mount above (struct mount: the kernel's own types, BTF; the type
 * data DKMS builds lacks that private struct). The paths stop at the
 * current process's root, as the kernel's d_path() does: a path the
 * process would open; root goes up to the root of the mount namespace.
 * Names are read with nofault loads: a rename racing the walk can give
 * a mixed path, never a fault.
 *
 * D has no loop: a translator's member stands for its expression, so
 * the walk is one step written once (struct __wstep), used 16 times
 * (__w4 is four steps, __w16 four of those; a step that ends the walk
 * ends the chain); a deeper path starts with "...". The walk's state
 * is in clause-local variables: __wd the dentry, __wm its mount, __wp
 * the path so far, __wx 1 when done, __ws 1 to stop at the process's
 * root.
 */

struct __wstep {
	int	r;
};

translator struct __wstep < int I > {
	r = this->__wx == 0 &&
	    (this->__ws != 0 && this->__wd == curthread->fs->root.dentry &&
	    &this->__wm->mnt == curthread->fs->root.mnt ?
	    (this->__wx = 1) == 0 :
	    this->__wd == this->__wm->mnt.mnt_root ?
	    (this->__wm == this->__wm->mnt_parent ? (this->__wx = 1) == 0 :
	    ((this->__wd = this->__wm->mnt_mountpoint) == 0 || 1) &&
	    ((this->__wm = this->__wm->mnt_parent) == 0 || 1)) :
	    this->__wd == this->__wd->d_parent ? (this->__wx = 1) == 0 :
	    strlen(this->__wp = strjoin(strjoin("/",
	    stringof(this->__wd->d_name.name)), this->__wp)) >= 0 &&
	    ((this->__wd = this->__wd->d_parent) == 0 || 1));
};

struct __w4 {
	int	r;
};

translator struct __w4 < int I > {
	r = xlate<struct __wstep *>(0)->r && xlate<struct __wstep *>(0)->r &&
	    xlate<struct __wstep *>(0)->r && xlate<struct __wstep *>(0)->r;
};

struct __w16 {
	int	r;
};

translator struct __w16 < int I > {
	r = xlate<struct __w4 *>(0)->r && xlate<struct __w4 *>(0)->r &&
	    xlate<struct __w4 *>(0)->r && xlate<struct __w4 *>(0)->r;
};

/* The walk from __wd and __wm, which the translators below set */
struct __walk {
	char	p[256];
};

translator struct __walk < int S > {
	p = strlen(this->__wp = "") >= 0 && ((this->__wx = 0) == 0 || 1) &&
	    (xlate<struct __w16 *>(0)->r || 1) ?
	    (this->__wx == 0 ? strjoin("...", this->__wp) :
	    strlen(this->__wp) == 0 ? "/" : this->__wp) : "";
};

/* A struct path's, from the process's root */
struct __path {
	char	p[256];
};

translator struct __path < struct path *P > {
	p = ((this->__ws = 1) == 0 || 1) &&
	    ((this->__wd = P->dentry) == 0 || 1) &&
	    ((this->__wm = (struct mount *)((char *)P->mnt -
	    offsetof(struct mount, mnt))) == 0 || 1) ?
	    xlate<struct __walk *>(0)->p : "";
};

/* ... from the mount namespace's root */
struct __nspath {
	char	p[256];
};

translator struct __nspath < struct path *P > {
	p = ((this->__ws = 0) == 0 || 1) &&
	    ((this->__wd = P->dentry) == 0 || 1) &&
	    ((this->__wm = (struct mount *)((char *)P->mnt -
	    offsetof(struct mount, mnt))) == 0 || 1) ?
	    xlate<struct __walk *>(0)->p : "";
};

/* Where a mount is mounted, from the process's root */
struct __mntpath {
	char	p[256];
};

translator struct __mntpath < struct vfsmount *V > {
	p = ((this->__ws = 1) == 0 || 1) &&
	    ((this->__wd = V->mnt_root) == 0 || 1) &&
	    ((this->__wm = (struct mount *)((char *)V -
	    offsetof(struct mount, mnt))) == 0 || 1) ?
	    xlate<struct __walk *>(0)->p : "";
};

/*
 * d_path(): a struct path's name from the process's root, as Oracle's
 * DTrace for Linux gives it, by the walk above: the kernel's d_path()
 * takes locks, which a probe may not. "<unknown>" for a NULL path.
 */
inline string d_path(struct path *P) = P == 0 ? "<unknown>" :
    xlate<struct __path *>(P)->p;

inline string cwd = curthread->fs == 0 ? "<unknown>" :
    xlate<struct __path *>(&curthread->fs->pwd)->p;
inline string root = curthread->fs == 0 ? "<unknown>" :
    xlate<struct __nspath *>(&curthread->fs->root)->p;
