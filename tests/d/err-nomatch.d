nosuchprovider:::entry
{
}
