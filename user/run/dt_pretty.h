/* SPDX-License-Identifier: GPL-2.0 */
/*
 * print( )'s output: a recorded value printed by its type (the slot's
 * r_type, which the compiler keeps for the consumer: the module never
 * sees it). Structs and unions are the script's (their members in
 * struct dt_sou) or the kernel's (their members read from BTF).
 *
 * Text, as illumos' DTrace prints it (Documentation/d-language.md):
 *
 *   struct foo {
 *       a = 0x1
 *       in = {
 *           x = 0xffffffff
 *       }
 *       name = "abc"
 *       v = [ 0x1, 0x2 ]
 *       p = NULL
 *   }
 *
 * and a scalar as its type and value: "int 0x1". JSON: an object
 * {"type":"struct foo","value":{"a":1,...}}, members as keys, arrays as
 * arrays, char arrays as strings, pointers as "0x..." (null: null).
 */
#ifndef DT_PRETTY_H
#define DT_PRETTY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dt_ast.h"

/* The value of type t in p (size bytes), as text or as JSON. */
int dt_pretty_print(FILE *fp, const struct dt_type *t, const uint8_t *p,
		    uint32_t size, bool json);

#endif /* DT_PRETTY_H */
