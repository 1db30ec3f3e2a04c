profile-97
{
	ustack(8, -16);
}
