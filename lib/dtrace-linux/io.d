/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bufinfo_t, devinfo_t and fileinfo_t as illumos DTrace's io provider
 * passes them (args[0], args[1], args[2]), translated from the records
 * of the block trace events io:::start and io:::done are built on
 * (user/probes/dt_stable.c). Those records hold integers and strings,
 * no pointer: the translators need no kernel types, so io scripts run
 * on a kernel without any. Loaded when a script names the io provider.
 * devinfo_t's translator is made by the command from the machine's
 * block devices (user/d/dt_lib_dev.c), as the names are not in the
 * records.
 */
#pragma D depends_on provider io

inline int B_BUSY = 0x0001;
inline int B_DONE = 0x0002;
inline int B_ERROR = 0x0004;
inline int B_PAGEIO = 0x0010;
inline int B_PHYS = 0x0020;
inline int B_READ = 0x0040;
inline int B_WRITE = 0x0100;
inline int B_ASYNC = 0x0400;

struct bufinfo {
	int	b_flags;	/* B_READ or B_WRITE, B_ASYNC, B_DONE */
	uint64_t b_bcount;	/* bytes */
	uintptr_t b_addr;	/* 0: the record has no buffer address */
	uint64_t b_lblkno;	/* the first sector (512 bytes) */
	uint64_t b_blkno;	/* the same */
	uint64_t b_resid;	/* bytes not transferred */
	uint64_t b_bufsize;	/* b_bcount */
	uintptr_t b_iodone;	/* 0 */
	int	b_error;	/* the error, 0 at io:::start */
	uint32_t b_edev;	/* the device, Linux's dev_t */
};
typedef struct bufinfo bufinfo_t;

/*
 * Flags from the operation letters Linux records (rwbs: "W", "WS",
 * "FWFS", "R", "RA", ...): W and R the direction, S a synchronous
 * request (else B_ASYNC).
 */
translator bufinfo_t < void *R > {
	b_flags = (index(R->rwbs, "W") >= 0 ? B_WRITE : 0) |
	    (index(R->rwbs, "R") >= 0 ? B_READ : 0) |
	    (index(R->rwbs, "S") >= 0 ? 0 : B_ASYNC) | B_BUSY;
	b_bcount = (uint64_t)R->nr_sector << 9;
	b_addr = 0;
	b_lblkno = R->sector;
	b_blkno = R->sector;
	b_resid = 0;
	b_bufsize = (uint64_t)R->nr_sector << 9;
	b_iodone = 0;
	b_error = 0;
	b_edev = R->dev;
};

/*
 * io:::done's: the same members, from block_rq_complete's record, which
 * adds the error (0 or a negative errno: b_error is the errno) and
 * gives the bytes completed.
 */
struct __io_bufinfo_done {
	int	b_flags;
	uint64_t b_bcount;
	uintptr_t b_addr;
	uint64_t b_lblkno;
	uint64_t b_blkno;
	uint64_t b_resid;
	uint64_t b_bufsize;
	uintptr_t b_iodone;
	int	b_error;
	uint32_t b_edev;
};

translator struct __io_bufinfo_done < void *R > {
	b_flags = (index(R->rwbs, "W") >= 0 ? B_WRITE : 0) |
	    (index(R->rwbs, "R") >= 0 ? B_READ : 0) |
	    (index(R->rwbs, "S") >= 0 ? 0 : B_ASYNC) | B_DONE |
	    (R->error != 0 ? B_ERROR : 0);
	b_bcount = (uint64_t)R->nr_sector << 9;
	b_addr = 0;
	b_lblkno = R->sector;
	b_blkno = R->sector;
	b_resid = R->error != 0 ? (uint64_t)R->nr_sector << 9 : 0;
	b_bufsize = (uint64_t)R->nr_sector << 9;
	b_iodone = 0;
	b_error = -R->error;
	b_edev = R->dev;
};

struct devinfo {
	int	dev_major;
	int	dev_minor;
	int	dev_instance;	/* the disk's index among its driver's */
	char	dev_name[32];	/* the driver: sd, virtblk, nullb */
	char	dev_statname[32];	/* the device: sda, sda1, vdb */
	char	dev_pathname[256];	/* its sysfs path */
};
typedef struct devinfo devinfo_t;

/*
 * A block request carries no file: the names are "<none>" and the
 * offset -1, as illumos gives for I/O that is not a file's.
 */
struct __io_fileinfo {
	char	fi_name[256];
	char	fi_dirname[256];
	char	fi_pathname[256];
	int64_t	fi_offset;
	char	fi_fs[32];
	char	fi_mount[256];
	int	fi_oflags;
};

translator struct __io_fileinfo < void *R > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = -1;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};
