/*
 * Declarations and no clause: DTrace reports the empty program at the
 * end of its text.
 */
int count;
string name;
