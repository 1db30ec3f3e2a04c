/* An unset element of a string array reads as "", as in DTrace. */
#pragma D option quiet

BEGIN
{
	a["x"] = "set";
	printf("[%s][%s][%d][%d]\n", a["x"], a["y"], strlen(a["y"]),
	    a["y"] == "");
	a["x"] = a["z"];
	printf("[%s]\n", a["x"]);
	exit(0);
}
