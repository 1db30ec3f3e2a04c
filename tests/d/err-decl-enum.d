enum state {
	IDLE,
	RUNNING,
	IDLE = 7
};
