// SPDX-License-Identifier: GPL-2.0
/*
 * Which kernel addresses a script may read.
 *
 * A nofault copy survives an unmapped address, but not a mapped one with
 * side effects: reading a device's registers through an ioremap()ed
 * mapping, the local APIC's fixmap page or the legacy VGA window can
 * change the device's state. DTrace keeps "toxic ranges" for this; here
 * a read is allowed only from memory backed by RAM:
 *
 *  - the direct map and the kernel image (virt_addr_valid()), except
 *    the ISA window at 640 KiB..1 MiB, which the direct map covers, and
 *    device memory that has struct pages there (ZONE_DEVICE: persistent
 *    memory, PCI peer-to-peer BARs, device-coherent memory);
 *  - vmalloc and module space (stacks, vmalloc()ed data, modules) where
 *    the page the address maps is RAM from the page allocator: ioremap()
 *    lives in the same space but maps no RAM (!pfn_valid()) or reserved
 *    memory such as the BIOS's ROM below 1 MiB (PageReserved()).
 *
 * Everything else (fixmap, cpu_entry_area, ...) is refused. Each check is
 * lockless arithmetic or a page-table walk: safe in any context,
 * including NMI.
 */
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/vmalloc.h>
#include <asm/page.h>
#include "dtrace_impl.h"

#define DTRACE_ISA_START	0xa0000ul
#define DTRACE_ISA_END		0x100000ul

static bool dtrace_kpage_ok(unsigned long addr)
{
	struct page *page;

	if (virt_addr_valid((void *)addr)) {
		if (addr >= (unsigned long)__va(DTRACE_ISA_START) &&
		    addr < (unsigned long)__va(DTRACE_ISA_END))
			return false;
		/* page flags only: no lock, no reference, NMI-safe */
		return !is_zone_device_page(virt_to_page((void *)addr));
	}
	if (!is_vmalloc_addr((void *)addr) &&
	    !(addr >= MODULES_VADDR && addr < MODULES_END))
		return false;
	/* vmalloc()ed pages come from the page allocator, never reserved */
	page = vmalloc_to_page((void *)addr);
	return page && pfn_valid(page_to_pfn(page)) && !PageReserved(page) &&
	       !is_zone_device_page(page);
}

/**
 * dtrace_kaddr_readable() - may a script read @size bytes at @addr?
 * @addr: a kernel address a script chose
 * @size: bytes, at least 1
 *
 * Context: any, including NMI.
 * Return: true if every page of the range is RAM that scripts may read.
 */
bool dtrace_kaddr_readable(unsigned long addr, size_t size)
{
	unsigned long end = addr + size - 1, page;
	unsigned long task = (unsigned long)current;

	if (!size || end < addr)
		return false;
	/* the current task (execname, curthread->...): RAM, and the most read */
	if (addr >= task && end < task + sizeof(struct task_struct))
		return true;
	for (page = addr & PAGE_MASK; page <= end; page += PAGE_SIZE) {
		if (!dtrace_kpage_ok(page))
			return false;
		if (page + PAGE_SIZE < page)
			break;
	}
	return true;
}
