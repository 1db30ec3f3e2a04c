syscall::read:entry
/(pid == $target || ppid == $target/
{
	@reads = count();
}
