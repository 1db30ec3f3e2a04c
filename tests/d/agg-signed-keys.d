#pragma D option quiet

/*
 * Integer keys sort as signed numbers, and keys of every width print
 * signed, each in its width's column.
 */
BEGIN
{
	@c[(char)3] = count();
	@c[(char)-2] = count();
	@s[(short)7] = count();
	@s[(short)-300] = count();
	@i[4] = count();
	@i[-5] = count();
	@l[(long)2] = count();
	@l[(long)-9] = count();
	@u[(unsigned char)254] = count();
	@u[(unsigned char)1] = count();
	exit(0);
}
