#pragma D option quiet

BEGIN
{
	s = "abc";
	t = "abd";
	printf("%d %d %d %d\n", s == "abc", s != t, s < t, t >= s);
	printf("[%s] [%5s] [%-5s] [%.2s]\n", s, s, s, s);
	printf("%d\n", strlen(strjoin(s, t)));
	printf("%s\n", s == "abc" ? "yes" : "no");
	exit(0);
}
