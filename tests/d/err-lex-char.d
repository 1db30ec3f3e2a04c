BEGIN
{
	sep = '';
}
