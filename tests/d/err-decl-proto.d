/* A prototype names its void parameter alone (D_DECL_PROTO_VOID). */
extern int lookup(char *, int);
int find(int key, void);

BEGIN
{
	exit(0);
}
