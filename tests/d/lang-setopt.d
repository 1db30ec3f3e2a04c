/* setopt( ) takes effect as its record is printed. */
#pragma D option quiet

BEGIN
{
	@a["x"] = sum(1);
	@a["y"] = sum(2);
	@a["z"] = sum(3);
}

BEGIN
{
	printa("%s %@d\n", @a);
	setopt("aggsortrev");
}

BEGIN
{
	printa("%s %@d\n", @a);
	setopt("bufsize", "1m");
	setopt("nosuch");
	exit(0);
}
