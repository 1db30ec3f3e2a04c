/*
 * link_ntop( ): an Ethernet address as six bytes of two hex digits, an
 * InfiniBand one as twenty, from fixed bytes in alloca( )'d memory.
 */
#pragma D option quiet

BEGIN
{
	this->m = (uint8_t *)alloca(6);
	this->m[0] = 0x00;
	this->m[1] = 0x1b;
	this->m[2] = 0x21;
	this->m[3] = 0x0a;
	this->m[4] = 0xbc;
	this->m[5] = 0xff;
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->m));
	printf("%d\n", strlen(link_ntop(1, this->m)));
	this->ib = (uint8_t *)alloca(20);
	this->ib[0] = 0x80;
	this->ib[9] = 0x2;
	this->ib[19] = 0xc9;
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, this->ib));
	exit(0);
}
