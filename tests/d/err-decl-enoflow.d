enum limits {
	LOW = -5,
	HIGH = 0x80000000
};
