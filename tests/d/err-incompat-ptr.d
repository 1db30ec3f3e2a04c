/* A variable keeps the type of its first assignment. */
syscall::openat:entry
{
	self->path = (char *)arg1;
}

syscall::openat:return
{
	self->path = arg1;
}
