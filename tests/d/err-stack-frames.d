#pragma D option quiet

fbt::vfs_read:entry
{
	@[stack(0)] = count();
}
