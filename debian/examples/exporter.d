/*
 * An example for the dtrace-exporter service: copy it to
 * /etc/dtrace-linux/exporter.d. Its aggregations are the metrics
 * dtrace_agg_syscalls_total{execname="PROGRAM"} and the histogram
 * dtrace_agg_readsize (Documentation/fleet.md has queries for both).
 */
#pragma D option quiet

syscall:::entry
{
	@syscalls[execname] = count();
}

syscall::read:return
/(int64_t)arg0 >= 0/
{
	@readsize = quantize(arg0);
}
