/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D grammar: a pure parser with locations, no conflicts.
 *
 * Expressions follow C's precedence levels, one nonterminal per level.
 * The parser only builds the AST; names are resolved and types checked
 * by later passes.
 */
%define api.pure full
%define api.prefix {dt_yy}
%define parse.error verbose
%locations
%define api.location.type {struct dt_loc}
%expect 0
%param {void *scanner}
%parse-param {struct dt_pcb *pcb}

%code top {
/*
 * Nesting of expressions and statements, in parser states: the passes
 * after the parser recurse as deep, and 6,000 nested operators
 * overflowed the checker's stack under ASan (the d fuzzer).
 */
#define YYMAXDEPTH 2000
}

%code requires {
#include "dt_parse.h"
}

%code provides {
int dt_yylex(DT_YYSTYPE *lval, DT_YYLTYPE *lloc, void *scanner);
void dt_yyerror(DT_YYLTYPE *lloc, void *scanner, struct dt_pcb *pcb,
		const char *msg);

/* Lexer helpers in dt_parse.c; they return a token. */
int dt_lex_int(struct dt_pcb *pcb, DT_YYLTYPE *lloc, DT_YYSTYPE *lval,
	       const char *text);
int dt_lex_char(struct dt_pcb *pcb, DT_YYLTYPE *lloc, DT_YYSTYPE *lval,
		const char *text);
int dt_lex_string(struct dt_pcb *pcb, DT_YYLTYPE *lloc, DT_YYSTYPE *lval,
		  const char *text);
int dt_lex_ident(struct dt_pcb *pcb, DT_YYSTYPE *lval, const char *text);
int dt_lex_scoped(struct dt_pcb *pcb, DT_YYSTYPE *lval, const char *text);
int dt_lex_pragma(struct dt_pcb *pcb, DT_YYLTYPE *lloc, const char *text);
}

%code {
#include <stdlib.h>
#include <string.h>
#include "dt_error.h"
#include "dt_ktype.h"
#include "dt_types.h"

#define L(x)	((const struct dt_loc *)&(x))

static struct dt_node *dt_parse_unsupp(struct dt_pcb *pcb,
				       const DT_YYLTYPE *loc,
				       const char *what)
{
	dt_error(pcb, (const struct dt_loc *)loc, "D_UNSUPPORTED",
		 "%s", what);
	return NULL;
}

#define UNSUPP(loc, what) do {					\
	dt_parse_unsupp(pcb, &(loc), what);			\
	YYERROR;						\
} while (0)
}

%union {
	struct dt_ival	ival;
	char		*str;
	enum dt_op	op;
	struct dt_node	*node;
	struct dt_pdesc	*pdesc;
	struct dt_tspec	tspec;
	struct dt_tlist	tlist;
	int		scope;
	struct dt_declr	*declr;
	struct dt_sou	*sou;
	int		count;
	struct dt_plist	plist;
	struct dt_ilist	ilist;
}

%token DT_TOK_ERROR "invalid token"
%token <str> DT_TOK_PSPEC "probe description"
%token DT_TOK_PRED_BEGIN "/"
%token DT_TOK_PRED_END "end of predicate"
%token <ival> DT_TOK_INT "integer"
%token <str> DT_TOK_STRING "string literal"
%token <str> DT_TOK_IDENT "identifier"
%token <str> DT_TOK_AGG "aggregation"
%token <ival> DT_TOK_MACRO "$N"
%token <ival> DT_TOK_MACRO_STR "$$N"
%token <str> DT_TOK_MACRO_NAME "macro variable"
%token DT_TOK_SELF "self" DT_TOK_THIS "this" DT_TOK_SIZEOF "sizeof"
%token DT_TOK_STRINGOF "stringof" DT_TOK_OFFSETOF "offsetof"
%token DT_TOK_IF "if" DT_TOK_ELSE "else" DT_TOK_INLINE "inline"
%token DT_TOK_TRANSLATOR "translator" DT_TOK_XLATE "xlate"
%token DT_TOK_CHAR "char" DT_TOK_SHORT "short" DT_TOK_INTKW "int"
%token DT_TOK_LONG "long" DT_TOK_SIGNED "signed"
%token DT_TOK_UNSIGNED "unsigned" DT_TOK_VOID "void"
%token DT_TOK_STRINGKW "string" DT_TOK_STRUCT "struct"
%token DT_TOK_UNION "union" DT_TOK_ENUM "enum" DT_TOK_TYPEDEF "typedef"
%token <ival> DT_TOK_TYPENAME "type name"
%token <str> DT_TOK_KSYM "kernel symbol"
%token DT_TOK_ARROW "->" DT_TOK_INC "++" DT_TOK_DEC "--"
%token DT_TOK_SHL "<<" DT_TOK_SHR ">>" DT_TOK_LE "<=" DT_TOK_GE ">="
%token DT_TOK_EQ "==" DT_TOK_NE "!=" DT_TOK_LAND "&&" DT_TOK_LOR "||"
%token DT_TOK_LXOR "^^"
%token <op> DT_TOK_ASSIGNOP "assignment operator"
%token DT_TOK_EXTERN "extern" DT_TOK_ELLIPSIS "..."
%token DT_TOK_BADCLASS "storage class"

%type <pdesc> probes
%type <node> predicate stmts expr assign cond lor lxor land bor bxor band
%type <node> equality relational shift additive multiplicative cast unary
%type <node> postfix primary args args_ne ifstmt block xlmembers
%precedence DT_LOWER_THAN_ELSE
%precedence DT_TOK_ELSE
%type <tspec> type tspecs
%type <tlist> tlist
%type <ilist> ilist
%type <scope> dscope dclasses dclass
%type <tspec> dtype
%type <declr> declarators declarator ddeclarator param
%type <declr> mdeclarators mdeclarator
%type <plist> params plist
%type <sou> sou_head
%type <str> sou_name
%type <count> pointers
%type <op> unop

%destructor { free($$); } <str>
%destructor { dt_node_free($$); } <node>
%destructor { dt_declr_free($$); } <declr>
%destructor { dt_ilist_free(&$$); } <ilist>
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
	| program clause
	| program decl
	| program ';'
	;

decl:
	  dscope dtype declarators ';'
		{
			if (dt_parse_decls(pcb, $1, &$2, $3))
				YYERROR;
		}
	| dscope dtype ';'
		{
			if (dt_parse_typeonly(pcb, &$2, &@2))
				YYERROR;
		}
	| dclasses declarators ';'
		{
			/* self x; declares an int, as C's implicit int */
			struct dt_tspec ts;

			memset(&ts, 0, sizeof(ts));
			ts.ts_int = 1;
			if (dt_parse_decls(pcb, $1, &ts, $2))
				YYERROR;
		}
	| DT_TOK_INLINE type DT_TOK_IDENT '=' expr ';'
		{
			if (dt_parse_inline(pcb, &$2, $3, $5, &@3))
				YYERROR;
		}
	| DT_TOK_INLINE type DT_TOK_IDENT '[' ilist ']' '=' expr ';'
		{
			if (dt_parse_inline_params(pcb, &$2, $3, &$5, $8, &@3,
						   false))
				YYERROR;
		}
	| DT_TOK_INLINE type DT_TOK_IDENT '(' ilist ')' '=' expr ';'
		{
			if (dt_parse_inline_params(pcb, &$2, $3, &$5, $8, &@3,
						   true))
				YYERROR;
		}
	| DT_TOK_TRANSLATOR type '<' type DT_TOK_IDENT '>'
	  '{' xlmembers '}' ';'
		{
			if (dt_parse_xlator(pcb, &$2, &$4, $5, $8, &@1))
				YYERROR;
		}
	| dscope enum_head '{' enumerators '}' ';'
	| dscope enum_head '{' enumerators ',' '}' ';'
	| DT_TOK_TYPEDEF dtype declarators ';'
		{
			if (dt_parse_tdefs(pcb, &$2, $3))
				YYERROR;
		}
	| DT_TOK_TYPEDEF dtype ';'
		{
			if (!$2.ts_same) {
				dt_error(pcb, L(@2), "D_DECL_USELESS",
					 "useless declaration");
				YYERROR;
			}
		}
	| DT_TOK_EXTERN dtype declarators ';'
		{
			if (dt_parse_externs(pcb, &$2, $3))
				YYERROR;
		}
	| DT_TOK_EXTERN declarators ';'
		{
			struct dt_tspec ts;

			memset(&ts, 0, sizeof(ts));
			ts.ts_int = 1;
			if (dt_parse_externs(pcb, &ts, $2))
				YYERROR;
		}
	| DT_TOK_EXTERN dtype ';'
		{
			if (dt_parse_typeonly(pcb, &$2, &@2))
				YYERROR;
		}
	;

/* The specifiers of a declaration: a type, or a struct defined here. */
dtype:
	  tspecs
	| sou_head '{' members '}' sou_kw
		{
			/* a definition's ';' is missing */
			dt_error(pcb, L(@5), "D_DECL_COMBO",
				 "invalid type combination");
			YYERROR;
		}
	| sou_head '{' members '}'
		{
			struct dt_sou *s = pcb->pcb_sou;

			dt_sou_end(s);
			pcb->pcb_sou = $1;	/* the enclosing one */
			memset(&$$, 0, sizeof($$));
			$$.ts_named++;
			$$.ts_type.kind = DT_T_SOU;
			$$.ts_type.sou = s;
		}
	;

declarators:
	  declarator
	| declarators ',' declarator	{ $$ = dt_declr_append($1, $3); }
	;

declarator:
	  ddeclarator
	| pointers ddeclarator		{ $$ = $2; $$->dr_ptr += $1; }
	;

pointers:
	  '*'				{ $$ = 1; }
	| pointers '*'			{ $$ = $1 + 1; }
	;

ddeclarator:
	  DT_TOK_IDENT
		{
			$$ = dt_declr_new(pcb, $1, &@1);
			if (!$$)
				YYERROR;
		}
	| DT_TOK_KSYM
		{
			dt_error(pcb, L(@1), "D_DECL_SCOPE", "D scoping operator "
				 "may not be used in a declaration name (%s)",
				 $1);
			free($1);
			$$ = NULL;
			YYERROR;
		}
	| '(' declarator ')'		{ $$ = $2; }
	| ddeclarator '(' params ')'
		{
			/* a function, or a pointer to one: int (*f)(void) */
			$$ = $1;
			$$->dr_func = true;
			$$->dr_fptr = $$->dr_ptr > 0;
		}
	| ddeclarator '[' DT_TOK_ELLIPSIS ']'
		{
			dt_error(pcb, L(@3), "D_DECL_PROTO_VARARGS", "array "
				 "prototype may not use a variable-length "
				 "argument list");
			dt_declr_free($1);
			$$ = NULL;
			YYERROR;
		}
	| ddeclarator '[' ']'		{ $$ = $1; $$->dr_null = true; }
	| ddeclarator '[' tlist ']'
		{
			/* YYERROR destroys no symbol of the rule: free $1 */
			$$ = $1;
			if (dt_declr_keys(pcb, $$, &$3, &@2)) {
				dt_declr_free($1);
				YYERROR;
			}
		}
	| ddeclarator '[' cond ']'
		{
			$$ = $1;
			if (dt_declr_dim(pcb, $$, $3, &@2)) {
				dt_declr_free($1);
				YYERROR;
			}
		}
	;

/* A prototype's parameters: checked as DTrace does, then forgotten. */
params:
	  %empty			{ memset(&$$, 0, sizeof($$)); }
	| DT_TOK_ELLIPSIS		{ memset(&$$, 0, sizeof($$)); }
	| plist
		{
			if (dt_plist_end(pcb, &$1, L(@1)))
				YYERROR;
		}
	| plist ',' DT_TOK_ELLIPSIS
		{
			$1.pl_n++;
			if (dt_plist_end(pcb, &$1, L(@1)))
				YYERROR;
		}
	;

plist:
	  param
		{
			memset(&$$, 0, sizeof($$));
			if (dt_plist_add(pcb, &$$, $1))
				YYERROR;
		}
	| plist ',' param
		{
			$$ = $1;
			if (dt_plist_add(pcb, &$$, $3))
				YYERROR;
		}
	;

param:
	  dtype
		{
			$$ = dt_declr_new(pcb, NULL, &@1);
			if (!$$)
				YYERROR;
			if (dt_declr_param(pcb, $$, &$1)) {
				dt_declr_free($$);
				YYERROR;
			}
		}
	| dtype pointers
		{
			$$ = dt_declr_new(pcb, NULL, &@1);
			if (!$$)
				YYERROR;
			$$->dr_ptr = $2;
			if (dt_declr_param(pcb, $$, &$1)) {
				dt_declr_free($$);
				YYERROR;
			}
		}
	| dtype declarator
		{
			$$ = $2;
			if (dt_declr_param(pcb, $$, &$1)) {
				dt_declr_free($2);
				YYERROR;
			}
		}
	| DT_TOK_BADCLASS dtype
		{
			dt_error(pcb, L(@1), "D_DECL_PARMCLASS", "inappropriate "
				 "storage class for function or associative "
				 "array parameter");
			$$ = NULL;
			YYERROR;
		}
	;

xlmembers:
	  %empty		{ $$ = NULL; }
	| xlmembers DT_TOK_IDENT '=' expr ';'
		{
			struct dt_node *id = dt_node_new(DT_N_IDENT, L(@2));

			id->n_str = $2;
			$$ = dt_node_append($1, dt_node_op(DT_N_ASSIGN,
				DT_OP_SET, id, $4, L(@2)));
		}
	;

/* struct name, struct mod`name */
sou_name:
	  DT_TOK_IDENT
	| DT_TOK_KSYM
	;

/* struct [name] {: its value is the struct being defined around it. */
sou_head:
	  DT_TOK_STRUCT DT_TOK_IDENT
		{
			$$ = pcb->pcb_sou;
			pcb->pcb_sou = dt_sou_begin(pcb, $2, false, L(@2));
			if (!pcb->pcb_sou)
				YYERROR;
		}
	| DT_TOK_UNION DT_TOK_IDENT
		{
			$$ = pcb->pcb_sou;
			pcb->pcb_sou = dt_sou_begin(pcb, $2, true, L(@2));
			if (!pcb->pcb_sou)
				YYERROR;
		}
	| DT_TOK_STRUCT
		{
			$$ = pcb->pcb_sou;
			pcb->pcb_sou = dt_sou_begin(pcb, strdup(""), false,
						    L(@1));
			if (!pcb->pcb_sou)
				YYERROR;
		}
	| DT_TOK_UNION
		{
			$$ = pcb->pcb_sou;
			pcb->pcb_sou = dt_sou_begin(pcb, strdup(""), true,
						    L(@1));
			if (!pcb->pcb_sou)
				YYERROR;
		}
	;

members:
	  member
	| members member
	;

member:
	  dtype mdeclarators ';'
		{
			if (dt_parse_members(pcb, &$1, $2, &@1))
				YYERROR;
		}
	| dtype ';'
		{
			if (dt_parse_members(pcb, &$1, NULL, &@1))
				YYERROR;
		}
	;

/* A member's declarators: bit-fields too, and unnamed ones (padding). */
mdeclarators:
	  mdeclarator
	| mdeclarators ',' mdeclarator	{ $$ = dt_declr_append($1, $3); }
	;

mdeclarator:
	  declarator
	| declarator ':' cond		{ $$ = $1; dt_declr_bits(pcb, $$, $3); }
	| ':' cond
		{
			$$ = dt_declr_new(pcb, NULL, &@1);
			if (!$$) {
				dt_node_free($2);
				YYERROR;
			}
			dt_declr_bits(pcb, $$, $2);
		}
	;

enum_head:
	  DT_TOK_ENUM DT_TOK_IDENT
		{
			free($2);
			pcb->pcb_enumnext = 0;
			pcb->pcb_enumprev = pcb->pcb_prog.p_enums;
		}
	;

enumerators:
	  enumerator
	| enumerators ',' enumerator
	;

enumerator:
	  DT_TOK_IDENT
		{
			if (dt_enum_add(pcb, $1, pcb->pcb_enumnext++, L(@1)))
				YYERROR;
		}
	| DT_TOK_IDENT '=' cond
		{
			if (dt_parse_enumval(pcb, $1, $3, L(@1)))
				YYERROR;
		}
	;

dscope:
	  %empty		{ $$ = DT_V_GLOBAL; }
	| dclasses
	;

/* D's storage classes: one at most, as in DTrace. */
dclasses:
	  dclass
	| dclasses dclass
		{
			dt_error(pcb, L(@2), "D_DECL_CLASS", "only one storage "
				 "class allowed in a declaration");
			YYERROR;
		}
	;

dclass:
	  DT_TOK_SELF		{ $$ = DT_V_THREAD; }
	| DT_TOK_THIS		{ $$ = DT_V_LOCAL; }
	;

/* An inline's parameters: each a type and a name. */
ilist:
	  type DT_TOK_IDENT
		{
			$$.il_n = 0;
			if (dt_tspec_type(pcb, L(@1), &$1, &$$.il_types[0])) {
				free($2);
				YYERROR;
			}
			$$.il_names[$$.il_n++] = $2;
		}
	| ilist ',' type DT_TOK_IDENT
		{
			$$ = $1;
			if ($$.il_n == 8)
				dt_error(pcb, L(@3), "D_DECL_ARRDIM",
					 "too many parameters (at most 8)");
			if ($$.il_n == 8 ||
			    dt_tspec_type(pcb, L(@3), &$3,
					  &$$.il_types[$$.il_n])) {
				free($4);
				dt_ilist_free(&$$);
				YYERROR;
			}
			$$.il_names[$$.il_n++] = $4;
		}
	;

tlist:
	  type
		{
			$$.tl_n = 1;
			if (dt_tspec_type(pcb, L(@1), &$1, &$$.tl_types[0]))
				YYERROR;
		}
	| tlist ',' type
		{
			$$ = $1;
			if ($$.tl_n == 8) {
				dt_error(pcb, L(@3), "D_DECL_ARRDIM",
					 "too many keys (at most 8)");
				YYERROR;
			}
			if (dt_tspec_type(pcb, L(@3), &$3,
					  &$$.tl_types[$$.tl_n++]))
				YYERROR;
		}
	;

clause:
	  probes predicate
		{ if (dt_parse_clause(pcb, $1, $2, NULL, &@$)) YYERROR; }
	| probes predicate '{' stmts '}'
		{ if (dt_parse_clause(pcb, $1, $2, $4, &@$)) YYERROR; }
	| probes predicate '{' stmts expr '}'
		{
			if (dt_parse_clause(pcb, $1, $2,
					    dt_node_append($4, $5), &@$))
				YYERROR;
		}
	;

probes:
	  DT_TOK_PSPEC
		{
			$$ = dt_parse_pdesc($1, &@1);
			if (!$$)
				YYNOMEM;
		}
	| probes ',' DT_TOK_PSPEC
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
	| DT_TOK_PRED_BEGIN expr DT_TOK_PRED_END	{ $$ = $2; }
	;

stmts:
	  %empty				{ $$ = NULL; }
	| stmts ';'				{ $$ = $1; }
	| stmts expr ';'			{ $$ = dt_node_append($1, $2); }
	| stmts ifstmt				{ $$ = dt_node_append($1, $2); }
	;

ifstmt:
	  DT_TOK_IF '(' expr ')' block %prec DT_LOWER_THAN_ELSE
		{
			$$ = dt_node_op(DT_N_IF, DT_OP_NONE, $5, NULL, L(@1));
			$$->n_cond = $3;
		}
	| DT_TOK_IF '(' expr ')' block DT_TOK_ELSE block
		{
			$$ = dt_node_op(DT_N_IF, DT_OP_NONE, $5, $7, L(@1));
			$$->n_cond = $3;
		}
	;

/* A block is a list of statements; NULL when empty. */
block:
	  '{' stmts '}'				{ $$ = $2; }
	| '{' stmts expr '}'			{ $$ = dt_node_append($2, $3); }
	| expr ';'				{ $$ = $1; }
	| ifstmt				{ $$ = $1; }
	;

expr:
	  assign
	;

assign:
	  cond
	| unary '=' assign
		{ $$ = dt_node_op(DT_N_ASSIGN, DT_OP_SET, $1, $3, L(@2)); }
	| unary DT_TOK_ASSIGNOP assign
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
	  lxor
	| lor DT_TOK_LOR lxor
		{ $$ = dt_node_op(DT_N_LOGICAL, DT_OP_LOR, $1, $3, L(@2)); }
	;

lxor:
	  land
	| lxor DT_TOK_LXOR land
		{ $$ = dt_node_op(DT_N_LOGICAL, DT_OP_LXOR, $1, $3, L(@2)); }
	;

land:
	  bor
	| land DT_TOK_LAND bor
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
	| equality DT_TOK_EQ relational
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_EQ, $1, $3, L(@2)); }
	| equality DT_TOK_NE relational
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_NE, $1, $3, L(@2)); }
	;

relational:
	  shift
	| relational '<' shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_LT, $1, $3, L(@2)); }
	| relational '>' shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_GT, $1, $3, L(@2)); }
	| relational DT_TOK_LE shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_LE, $1, $3, L(@2)); }
	| relational DT_TOK_GE shift
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_GE, $1, $3, L(@2)); }
	;

shift:
	  additive
	| shift DT_TOK_SHL additive
		{ $$ = dt_node_op(DT_N_BINARY, DT_OP_SHL, $1, $3, L(@2)); }
	| shift DT_TOK_SHR additive
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
	| '(' type ')' cast
		{
			$$ = dt_node_op(DT_N_CAST, DT_OP_NONE, $4, NULL,
					L(@1));
			if (dt_tspec_type(pcb, L(@2), &$2, &$$->n_ctype)) {
				dt_node_free($$);
				YYERROR;
			}
		}
	;

unary:
	  postfix
	| DT_TOK_INC unary
		{ $$ = dt_node_op(DT_N_INCDEC, DT_OP_INC, $2, NULL, L(@1)); }
	| DT_TOK_DEC unary
		{ $$ = dt_node_op(DT_N_INCDEC, DT_OP_DEC, $2, NULL, L(@1)); }
	| unop cast
		{ $$ = dt_node_op(DT_N_UNARY, $1, $2, NULL, L(@1)); }
	| DT_TOK_SIZEOF unary
		{ $$ = dt_node_op(DT_N_SIZEOF, DT_OP_NONE, $2, NULL, L(@1)); }
	| DT_TOK_SIZEOF '(' type ')'
		{
			$$ = dt_node_new(DT_N_SIZEOF, L(@1));
			if (dt_tspec_type(pcb, L(@3), &$3, &$$->n_ctype)) {
				dt_node_free($$);
				YYERROR;
			}
		}
	| DT_TOK_STRINGOF unary
		{
			/* a cast to string that integers may take too */
			$$ = dt_node_op(DT_N_CAST, DT_OP_NONE, $2, NULL,
					L(@1));
			$$->n_ctype = dt_type_string;
			$$->n_post = true;
		}
	| DT_TOK_OFFSETOF '(' type ',' DT_TOK_IDENT ')'
		{
			$$ = dt_parse_offsetof(pcb, &$3, $5, &@1);
			if (!$$)
				YYERROR;
		}
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
	| postfix '(' args ')'
		{
			$$ = dt_parse_call(pcb, $1, $3, &@1);
			if (!$$)
				YYERROR;
		}
	| postfix DT_TOK_INC
		{
			$$ = dt_node_op(DT_N_INCDEC, DT_OP_INC, $1, NULL, L(@2));
			$$->n_post = true;
		}
	| postfix DT_TOK_DEC
		{
			$$ = dt_node_op(DT_N_INCDEC, DT_OP_DEC, $1, NULL, L(@2));
			$$->n_post = true;
		}
	| postfix DT_TOK_ARROW DT_TOK_IDENT
		{
			$$ = dt_node_op(DT_N_MEMBER, DT_OP_NONE, $1, NULL,
					L(@3));
			$$->n_str = $3;
			$$->n_post = true;
		}
	| postfix '.' DT_TOK_IDENT
		{
			$$ = dt_node_op(DT_N_MEMBER, DT_OP_NONE, $1, NULL,
					L(@3));
			$$->n_str = $3;
		}
	;

primary:
	  DT_TOK_XLATE '<' type '>' '(' expr ')'
		{
			$$ = dt_node_op(DT_N_XLATE, DT_OP_NONE, $6, NULL,
					L(@1));
			if (dt_tspec_type(pcb, L(@3), &$3, &$$->n_ctype)) {
				dt_node_free($$);
				YYERROR;
			}
		}
	| DT_TOK_INT
		{ $$ = dt_node_int($1.v, &$1.t, L(@1)); }
	| DT_TOK_KSYM
		{
			$$ = dt_parse_ksym(pcb, $1, L(@1));
			if (!$$)
				YYERROR;
		}
	| DT_TOK_STRING
		{
			$$ = dt_node_new(DT_N_STR, L(@1));
			$$->n_str = $1;
		}
	| DT_TOK_IDENT
		{
			$$ = dt_node_new(DT_N_IDENT, L(@1));
			$$->n_str = $1;
		}
	| DT_TOK_MACRO
		{
			$$ = dt_node_new(DT_N_MACRO, L(@1));
			$$->n_int = $1.v;
		}
	| DT_TOK_MACRO_STR
		{
			$$ = dt_node_new(DT_N_MACRO, L(@1));
			$$->n_int = $1.v;
			$$->n_post = true;	/* $$N: always a string */
		}
	| DT_TOK_MACRO_NAME
		{
			$$ = dt_node_new(DT_N_MACRO, L(@1));
			$$->n_str = $1;	/* "$target": a named macro */
		}
	| DT_TOK_AGG
		{
			$$ = dt_node_new(DT_N_AGG, L(@1));
			$$->n_str = strdup($1 + 1);
			free($1);
		}
	| DT_TOK_SELF DT_TOK_ARROW DT_TOK_IDENT
		{
			$$ = dt_node_new(DT_N_SELF, L(@1));
			$$->n_str = $3;
		}
	| DT_TOK_THIS DT_TOK_ARROW DT_TOK_IDENT
		{
			$$ = dt_node_new(DT_N_THIS, L(@1));
			$$->n_str = $3;
		}
	| '(' expr ')'
		{ $$ = $2; $$->n_paren = true; }
	;

args:
	  %empty		{ $$ = NULL; }
	| args_ne
	;

args_ne:
	  assign		{ $$ = $1; }
	| args_ne ',' assign	{ $$ = dt_node_append($1, $3); }
	;

type:
	  tspecs
	| tspecs '*'		{ $$ = $1; $$.ts_ptr++; }
	| tspecs '*' '*'	{ $$ = $1; $$.ts_ptr += 2; }
	;

tspecs:
	  DT_TOK_CHAR		{ memset(&$$, 0, sizeof($$)); $$.ts_char++; }
	| DT_TOK_SHORT		{ memset(&$$, 0, sizeof($$)); $$.ts_short++; }
	| DT_TOK_INTKW		{ memset(&$$, 0, sizeof($$)); $$.ts_int++; }
	| DT_TOK_LONG		{ memset(&$$, 0, sizeof($$)); $$.ts_long++; }
	| DT_TOK_SIGNED		{ memset(&$$, 0, sizeof($$)); $$.ts_signed++; }
	| DT_TOK_UNSIGNED	{ memset(&$$, 0, sizeof($$)); $$.ts_unsigned++; }
	| DT_TOK_VOID		{ memset(&$$, 0, sizeof($$)); $$.ts_void++; }
	| DT_TOK_STRINGKW	{ memset(&$$, 0, sizeof($$)); $$.ts_string++; }
	| DT_TOK_TYPENAME
		{
			memset(&$$, 0, sizeof($$));
			$$.ts_named++;
			$$.ts_type = $1.t;
		}
	| DT_TOK_STRUCT sou_name
		{
			int rc = dt_tspec_sou(pcb, &$$, $2, false, L(@2));

			free($2);
			if (rc)
				YYERROR;
		}
	| DT_TOK_UNION sou_name
		{
			int rc = dt_tspec_sou(pcb, &$$, $2, true, L(@2));

			free($2);
			if (rc)
				YYERROR;
		}
	| DT_TOK_ENUM DT_TOK_IDENT
		{
			/* an enum is an int */
			memset(&$$, 0, sizeof($$));
			$$.ts_named++;
			$$.ts_enum++;
			$$.ts_type = dt_type_int;
			free($2);
		}
	| DT_TOK_ENUM DT_TOK_KSYM
		{
			memset(&$$, 0, sizeof($$));
			$$.ts_named++;
			$$.ts_enum++;
			$$.ts_type = dt_type_int;
			free($2);
		}
	| tspecs DT_TOK_CHAR		{ $$ = $1; $$.ts_char++; }
	| tspecs DT_TOK_SHORT		{ $$ = $1; $$.ts_short++; }
	| tspecs DT_TOK_INTKW		{ $$ = $1; $$.ts_int++; }
	| tspecs DT_TOK_LONG		{ $$ = $1; $$.ts_long++; }
	| tspecs DT_TOK_SIGNED		{ $$ = $1; $$.ts_signed++; }
	| tspecs DT_TOK_UNSIGNED	{ $$ = $1; $$.ts_unsigned++; }
	| tspecs DT_TOK_VOID		{ $$ = $1; $$.ts_void++; }
	| tspecs DT_TOK_STRINGKW	{ $$ = $1; $$.ts_string++; }
	| tspecs DT_TOK_TYPENAME
		{
			$$ = $1;
			if (dt_tspec_tname(pcb, L(@2), &$$, $2.name, &$2.t))
				YYERROR;
		}
	| tspecs sou_kw
		{
			struct dt_tspec ts = $1;

			/* long struct: no type name may follow */
			ts.ts_named++;
			dt_tspec_attr(pcb, L(@2), &ts, false);
			YYERROR;
		}
	;

sou_kw:
	  DT_TOK_STRUCT
	| DT_TOK_UNION
	| DT_TOK_ENUM
	;

%%
