/* A script declares its own names, not the kernel's. */
extern unsigned long `jiffies;
