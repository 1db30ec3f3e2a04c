/*
 * A const char * parameter takes a char * (read where it points) and
 * NULL: strtok(NULL, ...) goes on with the string before.
 */
#pragma D option quiet

BEGIN
{
	this->p = (char *)alloca(4);
	this->p[0] = 'o';
	this->p[1] = 'k';
	this->p[2] = '\0';
	printf("%d %s\n", strlen(this->p), strjoin(this->p, "!"));
	this->t1 = strtok("a,b,,c", ",");
	this->t2 = strtok(NULL, ",");
	this->t3 = strtok(NULL, ",");
	printf("%s %s %s\n", this->t1, this->t2, this->t3);
	exit(0);
}
