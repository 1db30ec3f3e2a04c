/*
 * Bit-fields in a script's own struct, laid out as DTrace lays them out
 * (each in the bytes that hold it), stored through a pointer into
 * scratch and read back truncated to their width, the signed one with
 * its sign; and a kernel struct's bit-fields stored the same way, which
 * share a byte.
 */
struct flags {
	unsigned int ro : 1;
	unsigned int mode : 3;
	int delta : 4;
	unsigned long big : 40;
};

BEGIN
{
	this->f = (struct flags *)alloca(sizeof (struct flags));
	this->f->ro = 1;
	this->f->mode = 9;
	this->f->delta = -3;
	this->f->big = 0xff123456789a;
	printf("%d %d %d %x %d\n", this->f->ro, this->f->mode,
	    this->f->delta, this->f->big, sizeof (struct flags));
	this->ip = (struct iphdr *)alloca(sizeof (struct iphdr));
	this->ip->ihl = 5;
	this->ip->version = 4;
	printf("%x %d %d\n", *(uint8_t *)this->ip, this->ip->ihl,
	    this->ip->version);
	print(*this->f);
	exit(0);
}
