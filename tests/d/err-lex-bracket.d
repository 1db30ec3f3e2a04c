syscall::read:entry
/sizes[pid == $target/
{
	@reads = count();
}
