/* Pointers: casts, loads and stores into alloca( ) scratch, tracemem. */
#pragma D option quiet
BEGIN
{
	this->p = (char *)alloca(20);
	*this->p = 'h';
	*(this->p + 1) = 'i';
	*(short *)(this->p + 2) = 0x21;
	*(int *)(this->p + 4) = -1;
	tracemem(this->p, 20);
	printf("%s|%d|%d|%d\n", stringof(this->p), *(this->p + 1),
	    *(short *)this->p, *(int *)(this->p + 4));
	this->q = (int *)this->p;
	printf("%x %d %d\n", *this->q, *(this->q + 1), this->q + 2 - this->q);
	*(this->q == 0 ? this->q : this->q + 1) = 9;
	printf("%d\n", *(this->q + 1));
	exit(0);
}
