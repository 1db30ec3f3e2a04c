struct pair {
	long first;
	int second;
	char first;
};
