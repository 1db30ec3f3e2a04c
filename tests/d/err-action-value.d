BEGIN
{
	printf("%d\n", trace(1));
}
