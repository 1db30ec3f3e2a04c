/*
 * inet_ntoa( ), inet_ntoa6( ), inet_ntop( ) of addresses built in
 * alloca( )'d memory; cleanpath( ); the D library's NULL and AF_*.
 */
#pragma D option quiet

BEGIN
{
	this->a = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a = htonl(0xc0a80114);
	printf("%s %s\n", inet_ntoa(this->a), inet_ntop(AF_INET, this->a));

	this->b = (uint8_t *)alloca(16);
	this->b[0] = 0xfe;
	this->b[1] = 0x80;
	this->b[8] = 0x02;
	this->b[9] = 0x14;
	this->b[10] = 0x4f;
	this->b[11] = 0xff;
	this->b[12] = 0xfe;
	this->b[13] = 0x0b;
	this->b[14] = 0x76;
	this->b[15] = 0xc8;
	printf("%s\n", inet_ntoa6(this->b));
	this->c = (uint8_t *)alloca(16);
	this->c[10] = 0xff;
	this->c[11] = 0xff;
	this->c[12] = 0x7f;
	this->c[15] = 0x01;
	printf("%s\n", inet_ntop(AF_INET6, this->c));
	this->c[10] = 0;
	this->c[11] = 0;
	this->c[12] = 0;
	printf("%s\n", inet_ntoa6(this->c));

	printf("%s\n", cleanpath("/foo/bar/../baz//./qux/"));
	printf("%s\n", cleanpath("/../a/./b/.."));
	printf("%d %d\n", NULL == 0, AF_INET6);
	exit(0);
}
