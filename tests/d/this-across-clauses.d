BEGIN { this->x = 42; }
BEGIN { printf("%d\n", this->x); exit(0); }
