#pragma D option quiet
#pragma D option agghist

/*
 * -x agghist: count( ) and sum( ) drawn as bars, as illumos' dtrace draws
 * them. The expected output follows its rules: one header for each
 * aggregation with "key" right-aligned over the keys (each as wide as
 * its number, a string 16, plus one); then a line per key, in value
 * order: the keys, a 40-column bar of the value's share of the sum of
 * |values| (20 either way of the line when some are negative), the
 * value. avg( ) has no bars: it prints as without the option.
 */
BEGIN
{
	@c[1] = count();
	@c[1] = count();
	@c[1] = count();
	@c[2] = count();
	@s["pos"] = sum(6);
	@s["neg"] = sum(-2);
	@a["x"] = avg(4);
	exit(0);
}
