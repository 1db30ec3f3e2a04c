/* Without -w, destructive actions are refused when enabling. */
BEGIN
{
	system("echo never");
}
