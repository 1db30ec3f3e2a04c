/*
 * bcopy( ) from pointers: a typed pointer into alloca( )'d memory, and
 * one computed from it.
 */
#pragma D option quiet

BEGIN
{
	this->src = (uint64_t *)alloca(8);
	*this->src = 0x1122334455667788;
	this->dst = (uint64_t *)alloca(8);
	bcopy(this->src, this->dst, 8);
	printf("%x\n", *this->dst);
	this->half = (uint32_t *)alloca(4);
	bcopy((char *)this->src + 4, this->half, 4);
	printf("%x\n", *this->half);
	exit(0);
}
