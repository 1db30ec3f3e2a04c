// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 5: code generation, one DIF object per predicate and action.
 *
 * Registers are handed out from %r1..%r15 as a tree walk needs them;
 * each dt_cg_expr() returns a register its caller owns and frees. Values
 * are kept normalized to their D type in the 64-bit registers (sign- or
 * zero-extended), so every narrowing operation is followed by a shift
 * pair. Branches only go forward, as DIF requires: they are emitted with
 * imm 0 and patched once the target is known.
 *
 * Keys of associative arrays and arguments of subroutines are evaluated
 * into registers first and pushed on the tuple stack only then, so that
 * nested tuples never interleave.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_funcext.h"
#include "dt_options.h"

struct dt_cg {
	struct dt_pcb	*cg_pcb;
	struct dt_difo	*cg_d;
	uint32_t	cg_regs;	/* bit r set: %rr in use */
	uint32_t	cg_strsize;
	struct dt_loc	cg_loc;
	/* a member store's struct variable: 0 while its offset is made */
	struct dt_node	*cg_root;
};

#define EMIT(cg, op, rd, ra, rb, imm) \
	dt_difo_emit((cg)->cg_d, DIF_OP_##op, rd, ra, rb, imm)

/* For a front end's hooks (dt_funcext.h). */
struct dt_pcb *dt_cg_pcb(const struct dt_cg *cg)
{
	return cg->cg_pcb;
}

uint32_t dt_cg_emit(struct dt_cg *cg, enum dif_opcode op, unsigned rd,
		    unsigned ra, unsigned rb, int32_t imm)
{
	return dt_difo_emit(cg->cg_d, op, rd, ra, rb, imm);
}

void dt_cg_patch(struct dt_cg *cg, uint32_t at)
{
	dt_difo_patch(cg->cg_d, at);
}

int dt_cg_reg(struct dt_cg *cg)
{
	int r;

	for (r = 1; r < DIF_NREGS; r++) {
		if (!(cg->cg_regs & (1u << r))) {
			cg->cg_regs |= 1u << r;
			return r;
		}
	}
	return dt_error(cg->cg_pcb, &cg->cg_loc, "D_NOREG",
			"expression is too complex: out of DIF registers");
}

void dt_cg_free(struct dt_cg *cg, int r)
{
	if (r > 0)
		cg->cg_regs &= ~(1u << r);
}

static struct dif_type dt_cg_diftype(const struct dt_type *t, uint32_t strsize)
{
	struct dif_type d;

	memset(&d, 0, sizeof(d));
	if (t->kind == DT_T_STRING) {
		d.dt_kind = DIF_TYPE_STRING;
		d.dt_size = strsize;
	} else {
		d.dt_kind = DIF_TYPE_INT;
		d.dt_flags = t->is_signed ? DIF_TF_SIGNED : 0;
		d.dt_size = t->kind == DT_T_INT ? t->size : 8;
	}
	return d;
}

void dt_cg_setint(struct dt_cg *cg, int r, int64_t v)
{
	if (v >= INT32_MIN && v <= INT32_MAX)
		EMIT(cg, SETI, r, 0, 0, (int32_t)v);
	else
		EMIT(cg, SETX, r, 0, 0,
		     (int32_t)dt_difo_int(cg->cg_d, (uint64_t)v));
}

/* Sign- or zero-extend %r from the size of t. */
static int dt_cg_normalize(struct dt_cg *cg, int r, const struct dt_type *t)
{
	int s;

	if (t->kind != DT_T_INT || t->size >= 8)
		return 0;
	s = dt_cg_reg(cg);
	if (s < 0)
		return -1;
	EMIT(cg, SETI, s, 0, 0, 64 - 8 * t->size);
	EMIT(cg, SLL, r, r, s, 0);
	if (t->is_signed)
		EMIT(cg, SRA, r, r, s, 0);
	else
		EMIT(cg, SRL, r, r, s, 0);
	dt_cg_free(cg, s);
	return 0;
}

/* Convert %r, holding a value of type from, to type to. */
static int dt_cg_convert(struct dt_cg *cg, int r, const struct dt_type *from,
			 const struct dt_type *to)
{
	if (to->kind != DT_T_INT || from->kind != DT_T_INT)
		return 0;
	if (to->size >= 8)
		return 0;	/* 64-bit patterns are already right */
	if (from->size < to->size ||
	    (from->size == to->size && from->is_signed == to->is_signed))
		return 0;	/* widening keeps a normalized value */
	return dt_cg_normalize(cg, r, to);
}

static void dt_cg_usevar(struct dt_cg *cg, const struct dt_var *v)
{
	struct dif_var dv;

	memset(&dv, 0, sizeof(dv));
	dv.dv_id = v->v_id;
	dv.dv_scope = (__u8)(v->v_scope == DT_V_GLOBAL ? DIF_SCOPE_GLOBAL :
			     v->v_scope == DT_V_THREAD ? DIF_SCOPE_THREAD :
			     DIF_SCOPE_LOCAL);
	dv.dv_kind = v->v_array ? DIF_KIND_ARRAY : DIF_KIND_SCALAR;
	dv.dv_type = dt_cg_diftype(&v->v_type, cg->cg_strsize);
	if (dt_var_souval(v)) {
		dv.dv_type.dt_kind = DIF_TYPE_BYREF;
		dv.dv_type.dt_flags = 0;
		dv.dv_type.dt_size = v->v_type.sou->s_size;
	}
	dt_difo_var(cg->cg_d, &dv);
}

/* Evaluate a list into registers. */
static int dt_cg_eval(struct dt_cg *cg, struct dt_node *list, int *regs,
		      int *n)
{
	struct dt_node *a;

	*n = 0;
	for (a = list; a; a = a->n_next) {
		regs[*n] = dt_cg_expr(cg, a);
		if (regs[*n] < 0)
			return -1;
		(*n)++;
	}
	return 0;
}

static void dt_cg_repush(struct dt_cg *cg, struct dt_node *list,
			 const int *regs)
{
	struct dt_node *a;
	int i;

	for (a = list, i = 0; a; a = a->n_next, i++) {
		if (a->n_type.kind == DT_T_STRING)
			EMIT(cg, PUSHTS, 0, regs[i], 0, 0);
		else
			EMIT(cg, PUSHTV, 0, regs[i], 0, 0);
	}
}

/* Evaluate a list into registers, then push them all. */
static int dt_cg_push(struct dt_cg *cg, struct dt_node *list, int *regs,
		      int *n)
{
	if (dt_cg_eval(cg, list, regs, n))
		return -1;
	dt_cg_repush(cg, list, regs);
	return 0;
}

static void dt_cg_freeregs(struct dt_cg *cg, int *regs, int n)
{
	while (n-- > 0)
		dt_cg_free(cg, regs[n]);
}

/*
 * T a[N] indexed by what is not a constant (those were checked): an
 * index past N faults, as a load from address 0, rather than make an
 * element DTrace would not have.
 */
static int dt_cg_bounds(struct dt_cg *cg, const struct dt_var *v,
			const struct dt_node *idx, int ri)
{
	int r;

	if (!v->v_dim || idx->n_kind == DT_N_INT)
		return 0;
	r = dt_cg_reg(cg);
	if (r < 0)
		return -1;
	dt_cg_setint(cg, r, v->v_dim);
	EMIT(cg, SLTU, r, ri, r, 0);
	EMIT(cg, BNZ, 0, r, 0, 1);
	EMIT(cg, LDUB, r, 0, 0, 0);
	dt_cg_free(cg, r);
	return 0;
}

/*
 * this T a[N], this struct s v: take their scratch (zeroed) at the
 * first use in the clause; %r is its address.
 */
static void dt_cg_byref(struct dt_cg *cg, const struct dt_var *v, int r)
{
	const struct dt_type *t = &v->v_type;
	uint32_t size = v->v_dim ? v->v_dim * dt_type_refsize(t) :
		t->sou->s_size;

	EMIT(cg, BNZ, 0, r, 0, 3);
	dt_cg_setint(cg, r, size ? size : 1);
	EMIT(cg, ALLOCS, r, r, 0, 0);
	EMIT(cg, STLS, 0, r, 0, (int32_t)v->v_id);
}

/*
 * An lvalue: load it into a new register; keys of an array element are
 * kept in keys[] so the caller can store back.
 */
static int dt_cg_load(struct dt_cg *cg, struct dt_node *lv, int *keys,
		      int *nkeys)
{
	const struct dt_var *v = lv->n_kind == DT_N_INDEX ?
		lv->n_left->n_var : lv->n_var;
	int r;

	*nkeys = 0;
	if (lv->n_kind == DT_N_INDEX) {
		if (dt_cg_eval(cg, lv->n_args, keys, nkeys) ||
		    dt_cg_bounds(cg, v, lv->n_args, keys[0]))
			return -1;
		dt_cg_repush(cg, lv->n_args, keys);
	}
	r = dt_cg_reg(cg);
	if (r < 0)
		return -1;
	dt_cg_usevar(cg, v);
	if (lv->n_kind == DT_N_INDEX && v->v_scope == DT_V_THREAD) {
		EMIT(cg, LDTA, r, 0, 0, (int32_t)v->v_id);
		EMIT(cg, POPTS, 0, 0, 0, 0);
	} else if (lv->n_kind == DT_N_INDEX) {
		EMIT(cg, LDGA, r, 0, 0, (int32_t)v->v_id);
		EMIT(cg, POPTS, 0, 0, 0, 0);
	} else if (v->v_scope == DT_V_GLOBAL) {
		EMIT(cg, LDGS, r, 0, 0, (int32_t)v->v_id);
	} else if (v->v_scope == DT_V_THREAD) {
		EMIT(cg, LDTS, r, 0, 0, (int32_t)v->v_id);
	} else {
		EMIT(cg, LDLS, r, 0, 0, (int32_t)v->v_id);
		if (dt_var_byref(v))
			dt_cg_byref(cg, v, r);
	}
	if (v->v_type.kind == DT_T_STRING) {
		/* a string never assigned reads as "", not address 0 */
		EMIT(cg, BNZ, 0, r, 0, 1);
		EMIT(cg, SETS, r, 0, 0, (int32_t)dt_difo_str(cg->cg_d, ""));
	}
	return r;
}

/* Store %r into an lvalue; an array element's keys are in keys[]. */
static void dt_cg_store(struct dt_cg *cg, struct dt_node *lv, int r,
			const int *keys)
{
	const struct dt_var *v = lv->n_kind == DT_N_INDEX ?
		lv->n_left->n_var : lv->n_var;

	dt_cg_usevar(cg, v);
	if (lv->n_kind == DT_N_INDEX) {
		dt_cg_repush(cg, lv->n_args, keys);
		if (v->v_scope == DT_V_THREAD)
			EMIT(cg, STTA, 0, r, 0, (int32_t)v->v_id);
		else
			EMIT(cg, STGA, 0, r, 0, (int32_t)v->v_id);
		EMIT(cg, POPTS, 0, 0, 0, 0);
	} else if (v->v_scope == DT_V_GLOBAL) {
		EMIT(cg, STGS, 0, r, 0, (int32_t)v->v_id);
	} else if (v->v_scope == DT_V_THREAD) {
		EMIT(cg, STTS, 0, r, 0, (int32_t)v->v_id);
	} else {
		EMIT(cg, STLS, 0, r, 0, (int32_t)v->v_id);
	}
}

static enum dif_opcode dt_cg_arith_op(enum dt_op op, bool sg)
{
	switch (op) {
	case DT_OP_ADD: return DIF_OP_ADD;
	case DT_OP_SUB: return DIF_OP_SUB;
	case DT_OP_MUL: return DIF_OP_MUL;
	case DT_OP_DIV: return sg ? DIF_OP_SDIV : DIF_OP_UDIV;
	case DT_OP_MOD: return sg ? DIF_OP_SREM : DIF_OP_UREM;
	case DT_OP_AND: return DIF_OP_AND;
	case DT_OP_OR: return DIF_OP_OR;
	case DT_OP_XOR: return DIF_OP_XOR;
	case DT_OP_SHL: return DIF_OP_SLL;
	case DT_OP_SHR: return sg ? DIF_OP_SRA : DIF_OP_SRL;
	default: return DIF_OP_NOP;
	}
}

/*
 * %ra = %ra op %rb in type t (operands already converted to t). As in
 * DTrace, the result keeps all 64 bits of the register: only a store (a
 * variable, a record, a cast) cuts it to its type's size.
 */
static int dt_cg_arith(struct dt_cg *cg, enum dt_op op, int ra, int rb,
		       const struct dt_type *t)
{
	dt_difo_emit(cg->cg_d, dt_cg_arith_op(op, t->is_signed), ra, ra, rb,
		     0);
	return 0;
}

static int dt_cg_compare(struct dt_cg *cg, struct dt_node *n, int ra, int rb)
{
	const struct dt_type *lt = &n->n_left->n_type;
	const struct dt_type *rt = &n->n_right->n_type;
	bool sg = true;
	enum dif_opcode op;
	int a = ra, b = rb;

	if (lt->kind == DT_T_STRING) {
		/* strcmp() result against 0 */
		EMIT(cg, SCMP, ra, ra, rb, 0);
		b = 0;
	} else {
		struct dt_type common = dt_type_arith(lt, rt);

		sg = common.is_signed;
		if (dt_cg_convert(cg, ra, lt, &common) ||
		    dt_cg_convert(cg, rb, rt, &common))
			return -1;
	}
	switch (n->n_op) {
	case DT_OP_EQ: op = DIF_OP_SEQ; break;
	case DT_OP_NE: op = DIF_OP_SNE; break;
	case DT_OP_LT: op = sg ? DIF_OP_SLT : DIF_OP_SLTU; break;
	case DT_OP_LE: op = sg ? DIF_OP_SLE : DIF_OP_SLEU; break;
	case DT_OP_GT:
		op = sg ? DIF_OP_SLT : DIF_OP_SLTU;
		a = b; b = ra;
		break;
	default: /* GE */
		op = sg ? DIF_OP_SLE : DIF_OP_SLEU;
		a = b; b = ra;
		break;
	}
	dt_difo_emit(cg->cg_d, op, ra, a, b, 0);
	return 0;
}

/* %r = *(t *)%r: a nofault load of kernel (or scratch) memory. */
static int dt_cg_deref(struct dt_cg *cg, int r, const struct dt_type *t)
{
	enum dif_opcode op = DIF_OP_LDX;

	if (t->kind == DT_T_SOU)
		return r;	/* a struct is its address */
	if (!t->ptr && t->size == 1)
		op = t->is_signed ? DIF_OP_LDSB : DIF_OP_LDUB;
	else if (!t->ptr && t->size == 2)
		op = t->is_signed ? DIF_OP_LDSH : DIF_OP_LDUH;
	else if (!t->ptr && t->size == 4)
		op = t->is_signed ? DIF_OP_LDSW : DIF_OP_LDUW;
	dt_difo_emit(cg->cg_d, op, r, r, 0, 0);
	return r;
}

/* %r = %r op size, where op multiplies or divides; frees %tmp. */
static int dt_cg_scale(struct dt_cg *cg, enum dif_opcode op, int r,
		       uint32_t size, int tmp)
{
	if (size > 1) {
		dt_difo_emit(cg->cg_d, DIF_OP_SETI, tmp, 0, 0, (int32_t)size);
		dt_difo_emit(cg->cg_d, op, r, r, tmp, 0);
	}
	dt_cg_free(cg, tmp);
	return r;
}

/* p + i and p - i move by elements: scale the integer side. */
static int dt_cg_ptrscale(struct dt_cg *cg, struct dt_node *n, int ra,
			  int rb)
{
	const struct dt_type *lt = &n->n_left->n_type;
	const struct dt_type *rt = &n->n_right->n_type;
	int tmp, r;

	if ((n->n_op != DT_OP_ADD && n->n_op != DT_OP_SUB) ||
	    !!lt->ptr == !!rt->ptr)
		return 0;
	tmp = dt_cg_reg(cg);
	if (tmp < 0)
		return -1;
	r = lt->ptr ? rb : ra;
	/* a narrower integer is sign- or zero-extended already */
	return dt_cg_scale(cg, DIF_OP_MUL, r,
			   dt_type_refsize(lt->ptr ? lt : rt), tmp) < 0 ? -1 : 0;
}

static int dt_cg_binary(struct dt_cg *cg, struct dt_node *n)
{
	int ra = dt_cg_expr(cg, n->n_left), rb;

	if (ra < 0)
		return -1;
	rb = dt_cg_expr(cg, n->n_right);
	if (rb < 0)
		return -1;
	if (n->n_var && dt_cg_bounds(cg, n->n_var, n->n_right, rb))
		return -1;	/* this->a + i, from this->a[i] */
	switch (n->n_op) {
	case DT_OP_EQ: case DT_OP_NE: case DT_OP_LT: case DT_OP_LE:
	case DT_OP_GT: case DT_OP_GE:
		if (dt_cg_compare(cg, n, ra, rb))
			return -1;
		break;
	case DT_OP_SHL: case DT_OP_SHR:
		if (dt_cg_convert(cg, ra, &n->n_left->n_type, &n->n_type) ||
		    dt_cg_arith(cg, n->n_op, ra, rb, &n->n_type))
			return -1;
		break;
	default:
		if (dt_cg_ptrscale(cg, n, ra, rb) ||
		    dt_cg_convert(cg, ra, &n->n_left->n_type, &n->n_type) ||
		    dt_cg_convert(cg, rb, &n->n_right->n_type, &n->n_type) ||
		    dt_cg_arith(cg, n->n_op, ra, rb, &n->n_type))
			return -1;
		if (n->n_left->n_type.ptr && n->n_right->n_type.ptr)
			return dt_cg_scale(cg, DIF_OP_SDIV, ra,
					   dt_type_refsize(&n->n_left->n_type),
					   rb);
		break;
	}
	dt_cg_free(cg, rb);
	return ra;
}

static int dt_cg_logical(struct dt_cg *cg, struct dt_node *n)
{
	int ra = dt_cg_expr(cg, n->n_left), rb;
	uint32_t br, end;

	if (ra < 0)
		return -1;
	if (n->n_op == DT_OP_LXOR) {
		rb = dt_cg_expr(cg, n->n_right);
		if (rb < 0)
			return -1;
		EMIT(cg, SNE, ra, ra, 0, 0);
		EMIT(cg, SNE, rb, rb, 0, 0);
		EMIT(cg, XOR, ra, ra, rb, 0);
		dt_cg_free(cg, rb);
		return ra;
	}
	/* && : if (!a) goto false;  || : if (a) goto true */
	if (n->n_op == DT_OP_LAND)
		br = EMIT(cg, BZ, 0, ra, 0, 0);
	else
		br = EMIT(cg, BNZ, 0, ra, 0, 0);
	rb = dt_cg_expr(cg, n->n_right);
	if (rb < 0)
		return -1;
	EMIT(cg, SNE, ra, rb, 0, 0);
	dt_cg_free(cg, rb);
	end = EMIT(cg, BA, 0, 0, 0, 0);
	dt_difo_patch(cg->cg_d, br);
	EMIT(cg, SETI, ra, 0, 0, n->n_op == DT_OP_LAND ? 0 : 1);
	dt_difo_patch(cg->cg_d, end);
	return ra;
}

static int dt_cg_ternary(struct dt_cg *cg, struct dt_node *n)
{
	int rc = dt_cg_expr(cg, n->n_cond), r;
	uint32_t br, end;

	if (rc < 0)
		return -1;
	br = EMIT(cg, BZ, 0, rc, 0, 0);
	r = dt_cg_expr(cg, n->n_left);
	if (r < 0 || dt_cg_convert(cg, r, &n->n_left->n_type, &n->n_type))
		return -1;
	EMIT(cg, MOV, rc, r, 0, 0);
	dt_cg_free(cg, r);
	end = EMIT(cg, BA, 0, 0, 0, 0);
	dt_difo_patch(cg->cg_d, br);
	r = dt_cg_expr(cg, n->n_right);
	if (r < 0 || dt_cg_convert(cg, r, &n->n_right->n_type, &n->n_type))
		return -1;
	EMIT(cg, MOV, rc, r, 0, 0);
	dt_cg_free(cg, r);
	dt_difo_patch(cg->cg_d, end);
	return rc;
}

/* s.m, p->m: the member's address, then (load) its value. */
/*
 * A tracepoint record's __data_loc string (dt_tp.c): %r is the record
 * (arg0), the u32 at off holds the string's offset in its low 16 bits.
 * The offset is bounded by the record's length (arg1), where the module
 * leaves a 0: r + min(loc & 0xffff, arg1), without branches.
 */
static int dt_cg_dataloc(struct dt_cg *cg, int r, int32_t off)
{
	int o = dt_cg_reg(cg), len = dt_cg_reg(cg), lt = dt_cg_reg(cg);

	if (o < 0 || len < 0 || lt < 0)
		return -1;
	EMIT(cg, LDUW, o, r, 0, off);
	EMIT(cg, SETI, len, 0, 0, 0xffff);
	EMIT(cg, AND, o, o, len, 0);
	EMIT(cg, LDB, len, 0, 0, DIF_VAR_ARG1);
	EMIT(cg, SLTU, lt, o, len, 0);
	EMIT(cg, SUB, o, o, len, 0);
	EMIT(cg, MUL, o, o, lt, 0);
	EMIT(cg, ADD, o, o, len, 0);
	EMIT(cg, ADD, r, r, o, 0);
	dt_cg_free(cg, o);
	dt_cg_free(cg, len);
	dt_cg_free(cg, lt);
	return r;
}

/* The smallest unsigned unit that holds a bit-field's bits. */
static struct dt_type dt_cg_bitunit(const struct dt_node *n)
{
	unsigned int end = n->n_bitoff + n->n_bitsize;
	struct dt_type unit = dt_type_ulong;

	unit.size = end <= 8 ? 1 : end <= 16 ? 2 : end <= 32 ? 4 : 8;
	return unit;
}

/* The store of a value of type t. */
static enum dif_opcode dt_cg_stop(const struct dt_type *t)
{
	if (!t->ptr && t->size == 1)
		return DIF_OP_STB;
	if (!t->ptr && t->size == 2)
		return DIF_OP_STH;
	if (!t->ptr && t->size == 4)
		return DIF_OP_STW;
	return DIF_OP_STX;
}

/*
 * A bit-field's value: load the smallest unit that holds its bits, then
 * shift them to the top and back down, extending its sign if it has one.
 */
static int dt_cg_bitfield(struct dt_cg *cg, int r, const struct dt_node *n)
{
	unsigned int end = n->n_bitoff + n->n_bitsize;
	struct dt_type unit = dt_cg_bitunit(n);
	int tmp = dt_cg_reg(cg);

	if (tmp < 0)
		return -1;
	dt_cg_deref(cg, r, &unit);
	EMIT(cg, SETI, tmp, 0, 0, (int32_t)(64 - end));
	EMIT(cg, SLL, r, r, tmp, 0);
	EMIT(cg, SETI, tmp, 0, 0, (int32_t)(64 - n->n_bitsize));
	if (n->n_type.is_signed)
		EMIT(cg, SRA, r, r, tmp, 0);
	else
		EMIT(cg, SRL, r, r, tmp, 0);
	dt_cg_free(cg, tmp);
	return r;
}

static int dt_cg_member(struct dt_cg *cg, struct dt_node *n, bool load)
{
	int r = dt_cg_expr(cg, n->n_left);

	if (r < 0)
		return -1;
	if (n->n_builtin < 0)
		return dt_cg_dataloc(cg, r, (int32_t)n->n_int);
	if (n->n_int)
		dt_difo_emit(cg->cg_d, DIF_OP_ADDI, r, r, 0, (int32_t)n->n_int);
	if (load && n->n_bitsize)
		return dt_cg_bitfield(cg, r, n);
	if (load && !n->n_builtin)
		return dt_cg_deref(cg, r, &n->n_type);
	return r;
}

/*
 * p->f = %rv for a bit-field f: the unit that holds its bits is read,
 * its bits replaced by %rv's lowest, and written back.
 */
static int dt_cg_bitstore(struct dt_cg *cg, int ra, int rv,
			  const struct dt_node *n)
{
	struct dt_type unit = dt_cg_bitunit(n);
	int ru = dt_cg_reg(cg), rm = dt_cg_reg(cg), rt = dt_cg_reg(cg);

	if (ru < 0 || rm < 0 || rt < 0)
		return -1;
	EMIT(cg, MOV, ru, ra, 0, 0);
	dt_cg_deref(cg, ru, &unit);
	/* the field's mask, in place */
	EMIT(cg, SETI, rm, 0, 0, -1);
	EMIT(cg, SETI, rt, 0, 0, (int32_t)(64 - n->n_bitsize));
	EMIT(cg, SRL, rm, rm, rt, 0);
	EMIT(cg, SETI, rt, 0, 0, (int32_t)n->n_bitoff);
	EMIT(cg, SLL, rm, rm, rt, 0);
	/* the value, in place */
	EMIT(cg, SLL, rt, rv, rt, 0);
	EMIT(cg, AND, rt, rt, rm, 0);
	EMIT(cg, NOT, rm, rm, 0, 0);
	EMIT(cg, AND, ru, ru, rm, 0);
	EMIT(cg, OR, ru, ru, rt, 0);
	dt_difo_emit(cg->cg_d, dt_cg_stop(&unit), ra, ru, 0, 0);
	dt_cg_free(cg, rt);
	dt_cg_free(cg, rm);
	dt_cg_free(cg, ru);
	return rv;
}

/*
 * The struct variable (g, self->v, a[k]) whose bytes the address of the
 * lvalue lv lies in: lv is a member of it (g.m, g.in.m) or an element
 * of an array member (g.a[i]). NULL for any other, such as g.p->m.
 */
static struct dt_node *dt_cg_souroot(struct dt_node *lv)
{
	struct dt_node *n = lv;

	for (;;) {
		switch (n->n_kind) {
		case DT_N_MEMBER:
			if (n->n_post)		/* ->: through a pointer */
				return NULL;
			n = n->n_left;
			break;
		case DT_N_UNARY:		/* *(g.a + i) */
			if (n->n_op != DT_OP_DEREF)
				return NULL;
			n = n->n_left;
			if (n->n_kind == DT_N_BINARY)
				n = n->n_left->n_type.ptr ? n->n_left :
					n->n_right;
			if (n->n_kind != DT_N_MEMBER || n->n_builtin <= 0)
				return NULL;
			break;
		case DT_N_VAR:
		case DT_N_SELF:
			return dt_var_souval(n->n_var) ? n : NULL;
		case DT_N_INDEX:
			return n->n_left->n_kind != DT_N_BUILTIN &&
				dt_var_souval(n->n_left->n_var) ? n : NULL;
		default:
			return NULL;
		}
	}
}

/*
 * g.m = v: the module writes scratch only, never the dynamic store, so
 * the struct is copied into scratch, the member stored there, and the
 * copy stored whole. The member's address is first computed with root
 * standing for 0 (dt_cg_expr( ) gives 0 for cg_root): its offset. Only
 * then is the struct loaded (after any store the index made: g.a[g.i =
 * 1] = 3) and copied, into *rc; an array's keys stay in keys[] for the
 * store back.
 */
static int dt_cg_soucopy(struct dt_cg *cg, struct dt_node *root, int ra,
			 int *rc, int *keys, int *nkeys)
{
	int r = dt_cg_load(cg, root, keys, nkeys), size;

	if (r < 0)
		return -1;
	size = dt_cg_reg(cg);
	if (size < 0)
		return -1;
	dt_cg_setint(cg, size, root->n_type.sou->s_size);
	EMIT(cg, COPYS, r, r, size, 0);
	dt_cg_free(cg, size);
	EMIT(cg, ADD, ra, ra, r, 0);
	*rc = r;
	return 0;
}

/*
 * *(t *)p = %rv, p->m = %rv: the module allows it into scratch only; a
 * member of a struct variable goes to its copy (dt_cg_soucopy( )). An
 * index may store into another (g.a[h.i = 1] = 2): the outer root is
 * put back after.
 */
static int dt_cg_ptrstore(struct dt_cg *cg, struct dt_node *lv, int rv)
{
	struct dt_node *root = dt_cg_souroot(lv), *outer = cg->cg_root;
	int keys[DIF_TUPLE_MAX] = { 0 }, nkeys = 0, ra, rc = 0;

	cg->cg_root = root;
	ra = lv->n_kind == DT_N_MEMBER ? dt_cg_member(cg, lv, false) :
		dt_cg_expr(cg, lv->n_left);
	cg->cg_root = outer;
	if (ra < 0 ||
	    (root && dt_cg_soucopy(cg, root, ra, &rc, keys, &nkeys)))
		return -1;
	if (lv->n_kind == DT_N_MEMBER && lv->n_bitsize) {
		rv = dt_cg_bitstore(cg, ra, rv, lv);
	} else {
		dt_difo_emit(cg->cg_d, dt_cg_stop(&lv->n_type), ra, rv, 0,
			     0);
	}
	dt_cg_free(cg, ra);
	if (root) {
		dt_cg_store(cg, root, rc, keys);
		dt_cg_freeregs(cg, keys, nkeys);
		dt_cg_free(cg, rc);
	}
	return rv;
}

/*
 * this->s = %rv for a this-> struct: its bytes are copied into the
 * scratch it already has (bcopy( )), so that it stays where it was.
 */
static int dt_cg_thiscopy(struct dt_cg *cg, struct dt_node *lv, int rv)
{
	int keys[1], nkeys, rd = dt_cg_load(cg, lv, keys, &nkeys), rs;

	if (rd < 0)
		return -1;
	rs = dt_cg_reg(cg);
	if (rs < 0)
		return -1;
	dt_cg_setint(cg, rs, lv->n_var->v_type.sou->s_size);
	EMIT(cg, PUSHTV, 0, rv, 0, 0);
	EMIT(cg, PUSHTV, 0, rd, 0, 0);
	EMIT(cg, PUSHTV, 0, rs, 0, 0);
	EMIT(cg, CALL, rs, 0, 0, DIF_SUBR_BCOPY);
	dt_cg_free(cg, rs);
	dt_cg_free(cg, rd);
	return rv;
}

static int dt_cg_assign(struct dt_cg *cg, struct dt_node *n)
{
	struct dt_node *lv = n->n_left;
	int keys[DIF_TUPLE_MAX] = { 0 }, nkeys = 0, r, rv;

	if (n->n_op == DT_OP_SET) {
		rv = dt_cg_expr(cg, n->n_right);
		if (rv < 0 || dt_cg_convert(cg, rv, &n->n_right->n_type,
					    &n->n_type))
			return -1;
		if (lv->n_kind == DT_N_UNARY || lv->n_kind == DT_N_MEMBER)
			return dt_cg_ptrstore(cg, lv, rv);
		if (lv->n_kind == DT_N_THIS && dt_var_byref(lv->n_var))
			return dt_cg_thiscopy(cg, lv, rv);
		if (lv->n_kind == DT_N_INDEX) {
			if (dt_cg_eval(cg, lv->n_args, keys, &nkeys) ||
			    dt_cg_bounds(cg, lv->n_left->n_var, lv->n_args,
					 keys[0]))
				return -1;
		}
		dt_cg_store(cg, lv, rv, keys);
		dt_cg_freeregs(cg, keys, nkeys);
		return rv;
	}
	r = dt_cg_load(cg, lv, keys, &nkeys);
	if (r < 0)
		return -1;
	rv = dt_cg_expr(cg, n->n_right);
	if (rv < 0)
		return -1;
	/* p += i moves p by i elements */
	if (lv->n_type.ptr && (n->n_op == DT_OP_ADD || n->n_op == DT_OP_SUB)) {
		int tmp = dt_cg_reg(cg);

		if (tmp < 0 || dt_cg_scale(cg, DIF_OP_MUL, rv,
					   dt_type_refsize(&lv->n_type),
					   tmp) < 0)
			return -1;
	}
	if (n->n_op != DT_OP_SHL && n->n_op != DT_OP_SHR) {
		struct dt_type t = lv->n_type;

		/* compute in the converted type, store in the lvalue's */
		if (t.size < 4) {
			t = dt_type_int;
		}
		if (dt_cg_convert(cg, rv, &n->n_right->n_type, &t))
			return -1;
		if (dt_cg_arith(cg, n->n_op, r, rv, &t))
			return -1;
	} else if (dt_cg_arith(cg, n->n_op, r, rv, &lv->n_type)) {
		return -1;
	}
	if (dt_cg_normalize(cg, r, &lv->n_type))
		return -1;
	dt_cg_free(cg, rv);
	dt_cg_store(cg, lv, r, keys);
	dt_cg_freeregs(cg, keys, nkeys);
	return r;
}

static int dt_cg_incdec(struct dt_cg *cg, struct dt_node *n)
{
	int keys[DIF_TUPLE_MAX], nkeys = 0, r, rn;
	int32_t step;

	r = dt_cg_load(cg, n->n_left, keys, &nkeys);
	if (r < 0)
		return -1;
	rn = dt_cg_reg(cg);
	if (rn < 0)
		return -1;
	/* p++ moves p by one element */
	step = n->n_left->n_type.ptr ? (int32_t)dt_type_refsize(
		&n->n_left->n_type) : 1;
	EMIT(cg, ADDI, rn, r, 0, n->n_op == DT_OP_INC ? step : -step);
	if (dt_cg_normalize(cg, rn, &n->n_left->n_type))
		return -1;
	dt_cg_store(cg, n->n_left, rn, keys);
	dt_cg_freeregs(cg, keys, nkeys);
	if (n->n_post) {
		dt_cg_free(cg, rn);
		return r;
	}
	dt_cg_free(cg, r);
	return rn;
}

/* The subroutine of a call with nargs arguments: optional ones have theirs. */
static int dt_cg_subr(const struct dt_func *f, int nargs)
{
	if (f->f_id == DT_FN_INDEX && nargs == 3)
		return DIF_SUBR_INDEX_AT;
	if (f->f_id == DT_FN_RINDEX && nargs == 3)
		return DIF_SUBR_RINDEX_AT;
	if (f->f_id == DT_FN_COPYINSTR && nargs == 2)
		return DIF_SUBR_COPYINSTR_MAX;
	return f->f_code;
}

/* cg hooks (dt_funcs.h): any is a CALL of the subroutine. */
static int dt_cg_any(struct dt_cg *cg, struct dt_node *n)
{
	const struct dt_func *f = n->n_func;
	int regs[DIF_TUPLE_MAX + 1] = { 0 }, nregs = 0, r;

	if (f->f_kind != DT_F_SUBR)
		return dt_error(cg->cg_pcb, &n->n_loc, "D_UNSUPPORTED",
				"%s( ) cannot be used here", n->n_str);
	if (dt_cg_push(cg, n->n_args, regs, &nregs))
		return -1;
	if ((f->f_id == DT_FN_SUBSTR || f->f_id == DT_FN_STRTOLL) &&
	    nregs == f->f_minargs) {
		/* substr(s, i): the rest of the string; strtoll(s): base 10 */
		r = dt_cg_reg(cg);
		if (r < 0)
			return -1;
		dt_cg_setint(cg, r, f->f_id == DT_FN_SUBSTR ? cg->cg_strsize :
			     10);
		EMIT(cg, PUSHTV, 0, r, 0, 0);
		regs[nregs++] = r;
	}
	dt_cg_freeregs(cg, regs, nregs);
	r = dt_cg_reg(cg);
	if (r < 0)
		return -1;
	EMIT(cg, CALL, r, 0, 0, dt_cg_subr(f, nregs));
	if (dt_cg_normalize(cg, r, &n->n_type))
		return -1;
	return r;
}

/* getmajor( ), getminor( ): fields of the kernel's dev_t (MINORBITS 20). */
static int dt_cg_getdev(struct dt_cg *cg, struct dt_node *n)
{
	int r = dt_cg_expr(cg, n->n_args), t;

	if (r < 0)
		return -1;
	t = dt_cg_reg(cg);
	if (t < 0)
		return -1;
	if (n->n_func->f_id == DT_FN_GETMAJOR) {
		dt_cg_setint(cg, t, 20);
		EMIT(cg, SRL, r, r, t, 0);
		dt_cg_setint(cg, t, 0xfff);
	} else {
		dt_cg_setint(cg, t, 0xfffff);
	}
	EMIT(cg, AND, r, r, t, 0);
	dt_cg_free(cg, t);
	return r;
}

/* sym( ), func( ), mod( ): the address; the consumer names it. */
static int dt_cg_sym(struct dt_cg *cg, struct dt_node *n)
{
	return dt_cg_expr(cg, n->n_args);
}

#define DT_CG_HOOK(id, name, kind, lo, hi, ret, args, code, check,	\
		   layout, cg)						\
	[DT_FN_##id] = dt_cg_##cg,

static int dt_cg_call(struct dt_cg *cg, struct dt_node *n)
{
	static int (*const hooks[])(struct dt_cg *, struct dt_node *) = {
		DT_FUNCS(DT_CG_HOOK)
	};
	const struct dt_funcext *x = dt_funcext(n->n_func);

	/* a front end's function: its own hook, or any's */
	if (!x)
		return hooks[n->n_func->f_id](cg, n);
	return x->fx_cg ? x->fx_cg(cg, n) : dt_cg_any(cg, n);
}

int dt_cg_expr(struct dt_cg *cg, struct dt_node *n)
{
	int r, ra;

	cg->cg_loc = n->n_loc;
	if (n == cg->cg_root) {		/* 0: dt_cg_soucopy( ) */
		r = dt_cg_reg(cg);
		if (r > 0)
			dt_cg_setint(cg, r, 0);
		return r;
	}
	switch (n->n_kind) {
	case DT_N_INT:
		r = dt_cg_reg(cg);
		if (r > 0)
			dt_cg_setint(cg, r, n->n_int);
		return r;
	case DT_N_STR:
		r = dt_cg_reg(cg);
		if (r > 0)
			EMIT(cg, SETS, r, 0, 0,
			     (int32_t)dt_difo_str(cg->cg_d, n->n_str));
		return r;
	case DT_N_BUILTIN:
		r = dt_cg_reg(cg);
		if (r > 0)
			EMIT(cg, LDB, r, 0, 0, n->n_builtin);
		return r;
	case DT_N_VAR:
	case DT_N_SELF:
	case DT_N_THIS: {
		int keys[1], nkeys;

		return dt_cg_load(cg, n, keys, &nkeys);
	}
	case DT_N_INDEX:
		if (n->n_left->n_kind == DT_N_BUILTIN) {
			ra = dt_cg_expr(cg, n->n_args);
			if (ra < 0)
				return -1;
			EMIT(cg, LDBA, ra, ra, 0, n->n_left->n_builtin);
			return ra;
		} else {
			int keys[DIF_TUPLE_MAX], nkeys;

			r = dt_cg_load(cg, n, keys, &nkeys);
			dt_cg_freeregs(cg, keys, nkeys);
			return r;
		}
	case DT_N_MEMBER:
		return dt_cg_member(cg, n, true);
	case DT_N_UNARY:
		if (n->n_op == DT_OP_ADDROF)	/* &*p, &p->m */
			return n->n_left->n_kind == DT_N_MEMBER ?
				dt_cg_member(cg, n->n_left, false) :
				dt_cg_expr(cg, n->n_left->n_left);
		r = dt_cg_expr(cg, n->n_left);
		if (r >= 0 && n->n_op == DT_OP_DEREF)
			return dt_cg_deref(cg, r, &n->n_type);
		if (r < 0 || dt_cg_convert(cg, r, &n->n_left->n_type,
					   &n->n_type))
			return -1;
		switch (n->n_op) {
		case DT_OP_NEG:
			EMIT(cg, NEG, r, r, 0, 0);
			return dt_cg_normalize(cg, r, &n->n_type) ? -1 : r;
		case DT_OP_BNOT:
			EMIT(cg, NOT, r, r, 0, 0);
			return dt_cg_normalize(cg, r, &n->n_type) ? -1 : r;
		case DT_OP_LNOT:
			EMIT(cg, SEQ, r, r, 0, 0);
			return r;
		default:
			return r;
		}
	case DT_N_BINARY:
		return dt_cg_binary(cg, n);
	case DT_N_LOGICAL:
		return dt_cg_logical(cg, n);
	case DT_N_TERNARY:
		return dt_cg_ternary(cg, n);
	case DT_N_ASSIGN:
		return dt_cg_assign(cg, n);
	case DT_N_INCDEC:
		return dt_cg_incdec(cg, n);
	case DT_N_CAST:
		r = dt_cg_expr(cg, n->n_left);
		if (r < 0 || dt_cg_normalize(cg, r, &n->n_ctype))
			return -1;
		return r;
	case DT_N_CALL:
		return dt_cg_call(cg, n);
	default:
		return dt_error(cg->cg_pcb, &n->n_loc, "D_UNSUPPORTED",
				"cannot generate code for this expression");
	}
}

/* Statements for their effect only; an if block's, when its guard is. */
static int dt_cg_stmts(struct dt_cg *cg, struct dt_node **s, int n)
{
	int i, r, g = 0;
	uint32_t skip = 0;

	for (i = 0; i < n; i++) {
		if (s[i]->n_guard) {
			g = dt_cg_expr(cg, s[i]->n_guard);
			if (g < 0)
				return -1;
			skip = EMIT(cg, BZ, 0, g, 0, 0);
			dt_cg_free(cg, g);
		}
		r = dt_cg_expr(cg, s[i]);
		if (r < 0)
			return -1;
		dt_cg_free(cg, r);
		if (s[i]->n_guard)
			dt_difo_patch(cg->cg_d, skip);
	}
	return 0;
}

/*
 * One program: run pre[], evaluate n (only when guard is set, else 0 or
 * ""), run post[], return n's value.
 */
static int dt_cg_prog(struct dt_pcb *pcb, struct dt_difo *d,
		      struct dt_node **pre, int npre, struct dt_node *n,
		      struct dt_node *guard, int64_t cnst, struct dt_node **post,
		      int npost, const struct dif_type *rt, uint32_t strsize,
		      bool first)
{
	struct dt_cg cg = {
		.cg_pcb = pcb, .cg_d = d, .cg_strsize = strsize,
	};
	const struct dt_var *v;
	int r;

	/*
	 * The clause's first program forgets the scratch of this T a[N]
	 * and this struct s v: this-> variables outlive the clause, the
	 * module's scratch does not.
	 */
	for (v = first ? pcb->pcb_prog.p_vars : NULL; v; v = v->v_next) {
		if (!dt_var_byref(v))
			continue;
		dt_cg_usevar(&cg, v);
		EMIT(&cg, STLS, 0, 0, 0, (int32_t)v->v_id);
	}
	if (dt_cg_stmts(&cg, pre, npre))
		return -1;
	if (!n || guard) {
		/* a value nobody reads (count( ), printa( )), or "" */
		r = dt_cg_reg(&cg);
		if (r < 0)
			return -1;
		if (rt->dt_kind == DIF_TYPE_STRING)
			EMIT(&cg, SETS, r, 0, 0,
			     (int32_t)dt_difo_str(d, ""));
		else
			dt_cg_setint(&cg, r, cnst);
	}
	if (n && guard) {
		int g = dt_cg_expr(&cg, guard), v;
		uint32_t skip;

		if (g < 0)
			return -1;
		skip = EMIT(&cg, BZ, 0, g, 0, 0);
		dt_cg_free(&cg, g);
		v = dt_cg_expr(&cg, n);
		if (v < 0)
			return -1;
		EMIT(&cg, MOV, r, v, 0, 0);
		dt_cg_free(&cg, v);
		dt_difo_patch(d, skip);
	} else if (n) {
		r = dt_cg_expr(&cg, n);
	}
	if (r < 0 || dt_cg_stmts(&cg, post, npost))
		return -1;
	EMIT(&cg, RET, 0, r, 0, 0);
	dt_cg_free(&cg, r);
	d->d_rtype = *rt;
	if (d->d_failed)
		return dt_error(pcb, n ? &n->n_loc : NULL, "D_DIF_LIMIT",
				"the program exceeds a DIF limit "
				"(instructions, constants or strings)");
	return 0;
}

int dt_cg(struct dt_pcb *pcb, struct dt_cprog *cp)
{
	struct dif_type rt;
	int i, j;

	for (i = 0; i < cp->cp_necbs; i++) {
		struct dt_ecb *e = &cp->cp_ecbs[i];
		bool first = true;

		pcb->pcb_region = "predicate";
		if (e->e_clause->c_pred) {
			rt = dt_cg_diftype(&e->e_clause->c_pred->n_type,
					   cp->cp_strsize);
			if (dt_cg_prog(pcb, &e->e_pred, NULL, 0,
				       e->e_clause->c_pred, NULL, 0, NULL, 0,
				       &rt, cp->cp_strsize, first))
				return -1;
			e->e_haspred = true;
			first = false;
		}
		pcb->pcb_region = "action list";
		for (j = 0; j < e->e_nacts; j++) {
			struct dt_act *a = &e->e_acts[j];

			if (a->a_nodif)
				continue;
			rt = dt_cg_diftype(&a->a_type, cp->cp_strsize);
			if (rt.dt_kind == DIF_TYPE_INT)
				rt.dt_size = 8;
			if (dt_cg_prog(pcb, &a->a_difo, a->a_pre, a->a_npre,
				       a->a_expr, a->a_guard, a->a_expr &&
				       a->a_guard ? a->a_ifnot : a->a_const,
				       a->a_post, a->a_npost, &rt,
				       cp->cp_strsize, first))
				return -1;
			first = false;
		}
	}
	pcb->pcb_region = NULL;
	return 0;
}
