/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bpftrace grammar: a pure parser with locations, no conflicts.
 *
 * It builds the D AST (dt_ast.h) with bpftrace's names left as written:
 * attach points as probe descriptions, built-ins as identifiers, maps
 * as @names, $x as this->x; bt_lower.c then turns them into D's.
 */
%define api.pure full
%define api.prefix {bt_yy}
%define parse.error verbose
%locations
%define api.location.type {struct dt_loc}
%expect 0
%param {void *scanner}
%parse-param {struct dt_pcb *pcb}

%code top {
/* nesting bounded as D's (dt_grammar.y): the passes recurse as deep */
#define YYMAXDEPTH 2000
}

%code requires {
#include "bt_parse.h"
}

%code provides {
int bt_yylex(BT_YYSTYPE *lval, BT_YYLTYPE *lloc, void *scanner);
void bt_yyerror(BT_YYLTYPE *lloc, void *scanner, struct dt_pcb *pcb,
		const char *msg);
int bt_lex_int(struct dt_pcb *pcb, BT_YYLTYPE *lloc, BT_YYSTYPE *lval,
	       const char *text);
int bt_lex_string(struct dt_pcb *pcb, BT_YYLTYPE *lloc, BT_YYSTYPE *lval,
		  const char *text);
int bt_lex_ident(struct dt_pcb *pcb, BT_YYSTYPE *lval, const char *text);
}

%code {
#include <stdlib.h>
#include <string.h>
#include "dt_error.h"
#include "dt_types.h"
#include "dt_ktype.h"

#define L(x)	((const struct dt_loc *)&(x))

/* offsetof(struct s, m): m's byte offset, or NULL and the error. */
static struct dt_node *bt_offsetof(struct dt_pcb *pcb,
				   const struct dt_type *t, char *m,
				   const struct dt_loc *loc)
{
	struct dt_member mb;
	int rc = dt_sou_member_get(pcb, t->sou, m, loc, &mb);

	if (!rc && mb.m_bitsize)
		rc = dt_error(pcb, loc, "BT_OFFSETOF", "cannot take offset "
			      "of a bit-field: %s", m);
	free(m);
	return rc ? NULL : dt_node_int(mb.m_off, &dt_type_ulong, loc);
}

static struct dt_node *bt_node_str(enum dt_nkind kind, char *s,
				   const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(kind, loc);

	n->n_str = s;
	return n;
}
}

%union {
	int64_t		ival;
	char		*str;
	enum dt_op	op;
	struct dt_node	*node;
	struct dt_pdesc	*pdesc;
	struct dt_type	type;
}

%token BT_TOK_EOF 0 "end of file"
%token BT_TOK_ERROR "invalid token"
%token <str> BT_TOK_PROBE "attach point"
%token BT_TOK_PRED_BEGIN "/"
%token BT_TOK_PRED_END "end of predicate"
%token <ival> BT_TOK_INT "integer"
%token <str> BT_TOK_STRING "string"
%token <str> BT_TOK_IDENT "identifier"
%token <str> BT_TOK_MAP "map"
%token <str> BT_TOK_VAR "variable"
%token <ival> BT_TOK_POSITIONAL "positional parameter"
%token BT_TOK_NARGS "$#"
%token BT_TOK_IF "if" BT_TOK_ELSE "else" BT_TOK_UNROLL "unroll"
%token BT_TOK_FOR "for"
%token <type> BT_TOK_TYPE "type"
%token BT_TOK_STRUCT "struct" BT_TOK_UNION "union"
%token BT_TOK_SIZEOF "sizeof" BT_TOK_OFFSETOF "offsetof"
%token BT_TOK_ARROW "->" BT_TOK_INC "++" BT_TOK_DEC "--"
%token BT_TOK_SHL "<<" BT_TOK_SHR ">>" BT_TOK_LE "<=" BT_TOK_GE ">="
%token BT_TOK_EQ "==" BT_TOK_NE "!=" BT_TOK_LAND "&&" BT_TOK_LOR "||"
%token <op> BT_TOK_ASSIGNOP "assignment operator"
/* bpftrace >= 0.20 (bt_lang.c, bt_flow.c) */
%token BT_TOK_WHILE "while" BT_TOK_BREAK "break" BT_TOK_CONTINUE "continue"
%token BT_TOK_RETURN "return" BT_TOK_CONFIG "config" BT_TOK_MACRO "macro"
/* bpftrace >= 0.22 (bt_lang.c) */
%token BT_TOK_LET "let" BT_TOK_DOTDOT ".."

%type <pdesc> attach
%type <node> predicate block stmts compound ifstmt expr assign cond lor
%type <node> land bor bxor band equality relational shift additive
%type <node> multiplicative cast unary postfix primary args args_ne jump
%type <node> let forrange
%type <op> unop
%type <type> ctype sou sizetype

%destructor { free($$); } <str>
%destructor { dt_node_free($$); } <node>
%destructor {
	while ($$) {
		struct dt_pdesc *n = $$->pd_next;

		free($$->pd_text);
		free($$);
		$$ = n;
	}
} <pdesc>

%%

program:
	  %empty
	| program probe
	| program config
	| program macro
	| program letmap
	;

/* config = { max_strlen = 100; stack_mode = bpftrace } (bt_lang.c) */
config:
	  BT_TOK_CONFIG '=' '{' cfglist '}'
		{
			if (pcb->pcb_prog.p_clauses && bt_config_late(pcb,
								      L(@1)))
				YYERROR;
		}
	;

cfglist:
	  %empty
	| cfgitems
	| cfgitems ';'
	;

cfgitems:
	  cfgitem
	| cfgitems ';' cfgitem
	;

cfgitem:
	  BT_TOK_IDENT '=' BT_TOK_INT
		{ if (bt_config(pcb, $1, NULL, $3, L(@1), L(@3))) YYERROR; }
	| BT_TOK_IDENT '=' BT_TOK_IDENT
		{ if (bt_config(pcb, $1, $3, 0, L(@1), L(@3))) YYERROR; }
	| BT_TOK_IDENT '=' BT_TOK_STRING
		{ if (bt_config(pcb, $1, $3, 0, L(@1), L(@3))) YYERROR; }
	;

/* macro name($x, @m, e) { ...; value }: expanded where called */
macro:
	  BT_TOK_MACRO { $<ival>$ = (int64_t)bt_scope_mark(pcb); }
	  BT_TOK_IDENT '(' args ')' block
		{
			bt_scope_cut(pcb, (size_t)$<ival>2);
			if (bt_macro_def(pcb, $3, $5, $7, L(@3)))
				YYERROR;
		}
	;

/* let @m = lruhash(N); before the probes (bt_let.c) */
letmap:
	  BT_TOK_LET BT_TOK_MAP '=' BT_TOK_IDENT '(' BT_TOK_INT ')' ';'
		{
			if (bt_letmap(pcb, $2, $4, $6, L(@4)))
				YYERROR;
		}
	;

probe:
	  attach predicate block
		{
			const struct dt_pdesc *q;
			int n = 0;

			for (q = $1; q; q = q->pd_next)
				n++;
			bt_warn_probe(pcb, n, $2 ? L(@2) : L(@3));
			if (dt_parse_clause(pcb, $1, $2, $3, &@$))
				YYERROR;
		}
	;

attach:
	  BT_TOK_PROBE
		{
			$$ = dt_parse_pdesc($1, &@1);
			if (!$$)
				YYNOMEM;
		}
	| attach ',' BT_TOK_PROBE
		{
			struct dt_pdesc *p = dt_parse_pdesc($3, &@3), *q;

			if (!p)
				YYNOMEM;
			for (q = $1; q->pd_next; q = q->pd_next)
				;
			q->pd_next = p;
			$$ = $1;
		}
	;

predicate:
	  %empty				{ $$ = NULL; }
	| BT_TOK_PRED_BEGIN expr BT_TOK_PRED_END	{ $$ = $2; }
	;

/* Statements end with ';', but the last of a block needs none. */
block:
	  lbrace stmts '}'
		{ $$ = $2; bt_warn_block(pcb, $$); bt_scope_close(pcb); }
	| lbrace stmts expr '}'
		{
			bt_warn_discard(pcb, $3, L(@3), NULL);
			$$ = dt_node_append($2, $3);
			bt_scope_close(pcb);
		}
	| lbrace stmts jump '}'
		{ $$ = dt_node_append($2, $3); bt_scope_close(pcb); }
	| lbrace stmts let '}'
		{ $$ = dt_node_append($2, $3); bt_scope_close(pcb); }
	;

/* a block's '{': its $x are known to its '}' (bt_scope.c) */
lbrace:
	  '{'					{ bt_scope_open(pcb); }
	;

stmts:
	  %empty				{ $$ = NULL; }
	| stmts ';'				{ $$ = $1; }
	| stmts expr ';'
		{
			bt_warn_discard(pcb, $2, L(@2), L(@3));
			$$ = dt_node_append($1, $2);
		}
	| stmts jump ';'			{ $$ = dt_node_append($1, $2); }
	| stmts let ';'				{ $$ = dt_node_append($1, $2); }
	| stmts compound			{ $$ = dt_node_append($1, $2); }
	| stmts block				{ $$ = dt_node_append($1, $2); }
	;

/* break, continue, return: bt_flow.c makes them forward jumps */
jump:
	  BT_TOK_BREAK		{ $$ = bt_mark("%break", NULL, L(@1)); }
	| BT_TOK_CONTINUE	{ $$ = bt_mark("%continue", NULL, L(@1)); }
	| BT_TOK_RETURN		{ $$ = bt_mark("%return", NULL, L(@1)); }
	;

/*
 * let $x; let $x = v; let $x: T = v: a declaration is no statement
 * here (a $x is the clause's from its first assignment); a type casts.
 */
let:
	  BT_TOK_LET BT_TOK_VAR
		{ bt_scope_decl(pcb, $2, L(@2), false); free($2); $$ = NULL; }
	| BT_TOK_LET BT_TOK_VAR ':' ctype
		{
			bt_scope_decl(pcb, $2, L(@2), false);
			$$ = bt_let(pcb, $2, &$4, NULL, L(@2));
		}
	| BT_TOK_LET BT_TOK_VAR '=' assign
		{
			bt_scope_decl(pcb, $2, L(@2), false);
			$$ = bt_let(pcb, $2, NULL, $4, L(@2));
		}
	| BT_TOK_LET BT_TOK_VAR ':' ctype '=' assign
		{
			bt_scope_decl(pcb, $2, L(@2), false);
			$$ = bt_let(pcb, $2, &$4, $6, L(@2));
		}
	;

compound:
	  ifstmt
	| BT_TOK_WHILE '(' expr ')' block
		{
			$$ = bt_mark("%while", NULL, L(@1));
			$$->n_cond = $3;
			$$->n_left = $5;
		}
	| BT_TOK_UNROLL '(' BT_TOK_INT ')' block
		{
			$$ = bt_unroll(pcb, $3, $5, L(@1));
			if (pcb->pcb_failed)
				YYERROR;
		}
	| BT_TOK_FOR '(' forrange ')' block
		{ $$ = bt_for_range($3, $5); }
	| BT_TOK_FOR forrange block
		{ $$ = bt_for_range($2, $3); }
	| BT_TOK_FOR BT_TOK_VAR ':' BT_TOK_MAP block
		{
			free($2);
			free($4);
			dt_node_free($5);
			$$ = NULL;
			dt_error(pcb, L(@1), "BT_FOR", "for loops over maps "
				 "are not supported: they would walk the "
				 "whole map in probe context");
			YYERROR;
		}
	| BT_TOK_FOR '(' BT_TOK_VAR ':' BT_TOK_MAP ')' block
		{
			/* a walk of the whole map in probe context: never */
			free($3);
			free($5);
			dt_node_free($7);
			$$ = NULL;
			dt_error(pcb, L(@1), "BT_FOR", "for loops over maps "
				 "are not supported: they would walk the "
				 "whole map in probe context");
			YYERROR;
		}
	;

/* if (c) { } as if c { } (bpftrace >= 0.24): (c) is an expression */
/* $i : a..b, the loop's head (bt_flow.c) */
forrange:
	  BT_TOK_VAR ':' shift BT_TOK_DOTDOT shift
		{
			bt_scope_decl(pcb, $1, L(@1), true);
			$$ = bt_node_str(DT_N_THIS, $1, L(@1));
			$$->n_left = $3;
			$$->n_right = $5;
		}
	;

ifstmt:
	  BT_TOK_IF expr block
		{
			$$ = dt_node_op(DT_N_IF, DT_OP_NONE, $3, NULL, L(@1));
			$$->n_cond = $2;
		}
	| BT_TOK_IF expr block BT_TOK_ELSE block
		{
			$$ = dt_node_op(DT_N_IF, DT_OP_NONE, $3, $5, L(@1));
			$$->n_cond = $2;
		}
	| BT_TOK_IF expr block BT_TOK_ELSE ifstmt
		{
			$$ = dt_node_op(DT_N_IF, DT_OP_NONE, $3, $5, L(@1));
			$$->n_cond = $2;
		}
	;

expr:
	  assign
	;

assign:
	  cond
	| unary '=' assign
		{
			/* 0.27's _ = v discards v: one unread $ each */
			char d[32];

			if ($1->n_kind == DT_N_IDENT &&
			    strcmp($1->n_str, "_") == 0) {
				snprintf(d, sizeof(d), "%%_%d.%d",
					 @1.first_line, @1.first_column);
				free($1->n_str);
				$1->n_str = strdup(d);
				$1->n_kind = DT_N_THIS;
				if (!$1->n_str)
					YYNOMEM;
			}
			bt_scope_set(pcb, $1);
			$$ = dt_node_op(DT_N_ASSIGN, DT_OP_SET, $1, $3, L(@2));
		}
	| unary BT_TOK_ASSIGNOP assign
		{ $$ = dt_node_op(DT_N_ASSIGN, $2, $1, $3, L(@2)); }
	;

cond:
	  lor
	| lor '?' expr ':' cond
		{
			$$ = dt_node_op(DT_N_TERNARY, DT_OP_NONE, $3, $5,
					L(@2));
			$$->n_cond = $1;
		}
	;

lor:
	  land
	| lor BT_TOK_LOR land
		{ $$ = dt_node_op(DT_N_LOGICAL, DT_OP_LOR, $1, $3, L(@2)); }
	;

land:
	  bor
	| land BT_TOK_LAND bor
		{ $$ = dt_node_op(DT_N_LOGICAL, DT_OP_LAND, $1, $3, L(@2)); }
	;

bor:
	  bxor
	| bor '|' bxor
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_OR, $1, $3, L(@2)); }
	;

bxor:
	  band
	| bxor '^' band
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_XOR, $1, $3, L(@2)); }
	;

band:
	  equality
	| band '&' equality
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_AND, $1, $3, L(@2)); }
	;

equality:
	  relational
	| equality BT_TOK_EQ relational
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_EQ, $1, $3, L(@2)); }
	| equality BT_TOK_NE relational
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_NE, $1, $3, L(@2)); }
	;

relational:
	  shift
	| relational '<' shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_LT, $1, $3, L(@2)); }
	| relational '>' shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_GT, $1, $3, L(@2)); }
	| relational BT_TOK_LE shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_LE, $1, $3, L(@2)); }
	| relational BT_TOK_GE shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_GE, $1, $3, L(@2)); }
	;

shift:
	  additive
	| shift BT_TOK_SHL additive
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_SHL, $1, $3, L(@2)); }
	| shift BT_TOK_SHR additive
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_SHR, $1, $3, L(@2)); }
	;

additive:
	  multiplicative
	| additive '+' multiplicative
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_ADD, $1, $3, L(@2)); }
	| additive '-' multiplicative
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_SUB, $1, $3, L(@2)); }
	;

multiplicative:
	  cast
	| multiplicative '*' cast
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_MUL, $1, $3, L(@2)); }
	| multiplicative '/' cast
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_DIV, $1, $3, L(@2)); }
	| multiplicative '%' cast
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_MOD, $1, $3, L(@2)); }
	;

cast:
	  unary
	| '(' ctype ')' cast
		{
			$$ = dt_node_op(DT_N_CAST, DT_OP_NONE, $4, NULL,
					L(@1));
			$$->n_ctype = $2;
		}
	;

ctype:
	  BT_TOK_TYPE
	| sou '*'			{ $$ = dt_type_ptrto(&$1); }
	| ctype '*'			{ $$ = dt_type_ptrto(&$1); }
	;

/* A kernel struct or union, from BTF (dt_ktype.c), as D's casts. */
sou:
	  BT_TOK_STRUCT BT_TOK_IDENT
		{
			int rc = dt_sou_type(pcb, $2, false, L(@2), &$$);

			free($2);
			if (rc)
				YYERROR;
		}
	| BT_TOK_UNION BT_TOK_IDENT
		{
			int rc = dt_sou_type(pcb, $2, true, L(@2), &$$);

			free($2);
			if (rc)
				YYERROR;
		}
	;

unary:
	  postfix
	| BT_TOK_INC unary
		{ $$ = dt_node_op(DT_N_INCDEC, DT_OP_INC, $2, NULL, L(@1)); }
	| BT_TOK_DEC unary
		{ $$ = dt_node_op(DT_N_INCDEC, DT_OP_DEC, $2, NULL, L(@1)); }
	| unop cast
		{ $$ = dt_node_op(DT_N_UNARY, $1, $2, NULL, L(@1)); }
	;

unop:
	  '-'	{ $$ = DT_OP_NEG; }
	| '+'	{ $$ = DT_OP_PLUS; }
	| '!'	{ $$ = DT_OP_LNOT; }
	| '~'	{ $$ = DT_OP_BNOT; }
	| '*'	{ $$ = DT_OP_DEREF; }
	| '&'	{ $$ = DT_OP_ADDROF; }
	;

postfix:
	  primary
	| postfix '[' args_ne ']'
		{
			$$ = dt_node_op(DT_N_INDEX, DT_OP_NONE, $1, NULL,
					L(@2));
			$$->n_args = $3;
		}
	| BT_TOK_IDENT '(' args ')'
		{
			$$ = bt_node_str(DT_N_CALL, $1, L(@1));
			$$->n_args = $3;
		}
	| postfix BT_TOK_INC
		{
			$$ = dt_node_op(DT_N_INCDEC, DT_OP_INC, $1, NULL, L(@2));
			$$->n_post = true;
		}
	| postfix BT_TOK_DEC
		{
			$$ = dt_node_op(DT_N_INCDEC, DT_OP_DEC, $1, NULL, L(@2));
			$$->n_post = true;
		}
	| postfix BT_TOK_ARROW BT_TOK_IDENT
		{
			$$ = dt_node_op(DT_N_MEMBER, DT_OP_NONE, $1, NULL,
					L(@2));
			$$->n_str = $3;
			$$->n_post = true;
		}
	| postfix '.' BT_TOK_INT
		{
			/* $t.0: a tuple's element (bt_tuple.c) */
			$$ = bt_mark("%elem", $1, L(@2));
			$$->n_int = $3;
		}
	| postfix '.' BT_TOK_IDENT
		{
			/* args.x as args->x: bpftrace's args is a record */
			$$ = dt_node_op(DT_N_MEMBER, DT_OP_NONE, $1, NULL,
					L(@2));
			$$->n_str = $3;
			$$->n_post = $1->n_kind == DT_N_IDENT &&
				strcmp($1->n_str, "args") == 0;
		}
	;

primary:
	  BT_TOK_INT
		{ $$ = dt_node_int($1, &dt_type_long, L(@1)); }
	| BT_TOK_STRING			{ $$ = bt_node_str(DT_N_STR, $1, L(@1)); }
	| BT_TOK_IDENT			{ $$ = bt_node_str(DT_N_IDENT, $1, L(@1)); }
	| BT_TOK_VAR
		{
			$$ = bt_node_str(DT_N_THIS, $1, L(@1));
			if ($$)
				bt_scope_read(pcb, $$);
		}
	| BT_TOK_MAP			{ $$ = bt_node_str(DT_N_AGG, $1, L(@1)); }
	| BT_TOK_POSITIONAL
		{
			$$ = dt_node_new(DT_N_MACRO, L(@1));
			$$->n_int = $1;
		}
	| BT_TOK_NARGS
		{
			$$ = dt_node_int(pcb->pcb_argc > 0 ?
					 pcb->pcb_argc - 1 : 0,
					 &dt_type_long, L(@1));
		}
	| '(' expr ')'			{ $$ = $2; $$->n_paren = true; }
	| '(' expr ',' args_ne ')'
		{
			/* a tuple (bt_tuple.c) */
			$2->n_next = $4;
			$$ = bt_mark("%tuple", $2, L(@1));
		}
	| BT_TOK_SIZEOF '(' sizetype ')'
		{
			$$ = dt_node_new(DT_N_SIZEOF, L(@1));
			$$->n_ctype = $3;
		}
	| BT_TOK_SIZEOF '(' expr ')'
		{ $$ = dt_node_op(DT_N_SIZEOF, DT_OP_NONE, $3, NULL, L(@1)); }
	| BT_TOK_OFFSETOF '(' sou ',' BT_TOK_IDENT ')'
		{
			$$ = bt_offsetof(pcb, &$3, $5, L(@5));
			if (!$$)
				YYERROR;
		}
	;

sizetype:
	  ctype
	| sou
	;

args:
	  %empty		{ $$ = NULL; }
	| args_ne
	;

args_ne:
	  assign		{ $$ = $1; }
	| args_ne ',' assign	{ $$ = dt_node_append($1, $3); }
	;

%%
