/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The smallest HTTP/1.x server that Prometheus can scrape, run from the
 * consumer's loop: no threads. Every socket is non-blocking; a request
 * is at most DT_HTTP_REQMAX bytes and must arrive within
 * DT_HTTP_TIMEOUT_NS, its answer leave within as long; at most
 * DT_HTTP_CLIENTS are served at once (one more is told 503 and closed).
 * So a slow or hostile client costs one slot, never the consumer's time.
 * Every answer closes its connection.
 *
 *   GET or HEAD /metrics[?...]   200, the body render( ) writes
 *   another path                 404
 *   another method               405
 *   no end of headers in REQMAX  431
 *   anything else                400
 */
#ifndef DT_HTTP_H
#define DT_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DT_HTTP_REQMAX		4096
#define DT_HTTP_CLIENTS		16
#define DT_HTTP_TIMEOUT_NS	5000000000ull

/*
 * A request received so far (len bytes): 0 while its headers have not
 * ended, else the status to answer; *head for HEAD (no body).
 */
int dt_http_parse(const char *buf, size_t len, bool *head);

/* Writes the body of /metrics to fp: 0, or -1 for a 500. */
typedef int (*dt_http_render_fn)(void *arg, FILE *fp);

struct dt_httpsrv;

/*
 * Listen on "[ADDR:]PORT" (ADDR a numeric IPv4 address, or IPv6 in
 * brackets; 127.0.0.1 if left out). NULL with the reason in err.
 */
struct dt_httpsrv *dt_http_listen(const char *spec, const char *ctype,
				  dt_http_render_fn render, void *arg,
				  char *err, size_t errlen);

/*
 * Wait up to ns for the listener and the clients (a signal ends it
 * early), and do what is ready: accept, read, answer, write, time out.
 */
void dt_http_serve(struct dt_httpsrv *s, uint64_t ns);

/* Close the listener and every client (NULL: nothing). */
void dt_http_close(struct dt_httpsrv *s);

#endif /* DT_HTTP_H */
