// SPDX-License-Identifier: GPL-2.0
/*
 * seed_btf FILE: the btf fuzzer's seed, a small BTF written with
 * libbpf's writer holding each shape dt_btf.c walks: bit-fields, an
 * anonymous union, an array, const, typedefs, pointers, a function with
 * varargs, a function pointer, an enum.
 */
#include <stdio.h>
#include <bpf/btf.h>

int main(int argc, char **argv)
{
	struct btf *b = btf__new_empty();
	int in, ch, arr, un, st, sp, vp, pr;
	const void *raw;
	unsigned int size;
	FILE *fp;

	if (argc != 2 || !b)
		return 2;
	in = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	ch = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	arr = btf__add_array(b, in, ch, 16);
	un = btf__add_union(b, NULL, 16);
	btf__add_field(b, "a", in, 0, 0);
	btf__add_field(b, "b", arr, 0, 0);
	st = btf__add_struct(b, "s", 32);
	btf__add_field(b, "x", in, 0, 3);
	btf__add_field(b, "y", in, 3, 5);
	btf__add_field(b, NULL, un, 64, 0);
	btf__add_field(b, "p", btf__add_ptr(b, btf__add_const(b, ch)), 192, 0);
	sp = btf__add_ptr(b, st);
	btf__add_typedef(b, "s_t", btf__add_const(b, st));
	vp = btf__add_ptr(b, 0);
	pr = btf__add_func_proto(b, in);
	btf__add_func_param(b, "s", sp);
	btf__add_func_param(b, "v", vp);
	btf__add_func_param(b, NULL, 0);
	btf__add_func(b, "f", BTF_FUNC_GLOBAL, pr);
	btf__add_typedef(b, "fn_t", btf__add_ptr(b, pr));
	btf__add_enum(b, "e", 4);
	btf__add_enum_value(b, "E1", 1);
	raw = btf__raw_data(b, &size);
	fp = fopen(argv[1], "w");
	if (!raw || !fp || fwrite(raw, 1, size, fp) != size || fclose(fp))
		return 1;
	btf__free(b);
	return 0;
}
