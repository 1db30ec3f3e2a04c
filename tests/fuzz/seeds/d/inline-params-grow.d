/* each level doubles the expression: 2^40 nodes are refused, not built */
inline int a0[int x] = x + x;
inline int a1[int x] = a0[x] + a0[x];
inline int a2[int x] = a1[x] + a1[x];
inline int a3[int x] = a2[x] + a2[x];
inline int a4[int x] = a3[x] + a3[x];
inline int a5[int x] = a4[x] + a4[x];
inline int a6[int x] = a5[x] + a5[x];
inline int a7[int x] = a6[x] + a6[x];
inline int a8[int x] = a7[x] + a7[x];
inline int a9[int x] = a8[x] + a8[x];
inline int b0[int x] = a9[a9[a9[a9[x]]]];

BEGIN
{
	trace(b0[1]);
}
