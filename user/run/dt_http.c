// SPDX-License-Identifier: GPL-2.0
/*
 * A scrape endpoint in the consumer's loop (dt_http.h).
 */
#define _GNU_SOURCE	/* accept4( ) */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "dt_http.h"

struct dt_httpcli {
	int		hc_fd;		/* -1: a free slot */
	char		hc_in[DT_HTTP_REQMAX];
	size_t		hc_inlen;
	char		*hc_out;	/* the whole answer, once known */
	size_t		hc_outlen, hc_outoff;
	uint64_t	hc_deadline;
};

struct dt_httpsrv {
	int		hs_fd;
	const char	*hs_ctype;
	dt_http_render_fn hs_render;
	void		*hs_arg;
	struct dt_httpcli hs_cli[DT_HTTP_CLIENTS];
};

static uint64_t dt_http_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* A token of the request line: its length up to a space, or 0. */
static size_t dt_http_token(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && *q != ' ' && *q != '\r' && *q != '\n')
		q++;
	return (size_t)(q - p);
}

int dt_http_parse(const char *buf, size_t len, bool *head)
{
	const char *end = NULL, *p = buf, *lim, *nl;
	size_t i, n;

	*head = false;
	for (i = 0; i + 1 < len && !end; i++) {
		if (buf[i] == '\n' && buf[i + 1] == '\n')
			end = buf + i + 1;
		else if (i + 3 < len && !memcmp(buf + i, "\r\n\r\n", 4))
			end = buf + i + 3;
	}
	if (!end)
		return len >= DT_HTTP_REQMAX ? 431 : 0;
	nl = memchr(buf, '\n', (size_t)(end - buf) + 1);
	lim = nl > buf && nl[-1] == '\r' ? nl - 1 : nl;
	/* METHOD SP TARGET SP HTTP/1.x */
	n = dt_http_token(p, lim);
	if (!n || p + n >= lim || p[n] != ' ')
		return 400;
	if (n == 4 && !memcmp(p, "HEAD", 4))
		*head = true;
	else if (n != 3 || memcmp(p, "GET", 3))
		return 405;
	p += n + 1;
	n = dt_http_token(p, lim);
	if (!n || p + n >= lim || p[n] != ' ' || *p != '/')
		return 400;
	if (lim - (p + n + 1) != 8 || memcmp(p + n + 1, "HTTP/1.", 7) ||
	    (p[n + 8] != '0' && p[n + 8] != '1'))
		return 400;
	if ((n == 8 || (n > 8 && p[8] == '?')) && !memcmp(p, "/metrics", 8))
		return 200;
	return 404;
}

static void dt_http_drop(struct dt_httpcli *c)
{
	close(c->hc_fd);
	free(c->hc_out);
	memset(c, 0, sizeof(*c));
	c->hc_fd = -1;
}

static const char *dt_http_reason(int status)
{
	switch (status) {
	case 200: return "OK";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 431: return "Request Header Fields Too Large";
	case 503: return "Service Unavailable";
	case 500: return "Internal Server Error";
	default: return "Bad Request";
	}
}

/* The whole answer for status into c->hc_out. -1: out of memory. */
static int dt_http_answer(struct dt_httpsrv *s, struct dt_httpcli *c,
			  int status, bool head)
{
	char *body = NULL, *out = NULL;
	size_t blen = 0, olen = 0;
	FILE *fp;
	int rc = 0;

	fp = open_memstream(&body, &blen);
	if (!fp)
		return -1;
	if (status == 200 && s->hs_render(s->hs_arg, fp))
		status = 500;
	if (fclose(fp)) {
		free(body);
		return -1;
	}
	if (status != 200)
		blen = 0;
	fp = open_memstream(&out, &olen);
	if (!fp) {
		free(body);
		return -1;
	}
	fprintf(fp, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
		"Content-Length: %zu\r\nConnection: close\r\n%s\r\n",
		status, dt_http_reason(status),
		status == 200 ? s->hs_ctype : "text/plain; charset=utf-8",
		status == 200 ? blen : strlen(dt_http_reason(status)) + 1,
		status == 405 ? "Allow: GET, HEAD\r\n" : "");
	if (!head && status == 200)
		fwrite(body, 1, blen, fp);
	else if (!head)
		fprintf(fp, "%s\n", dt_http_reason(status));
	if (fclose(fp))
		rc = -1;
	free(body);
	if (rc) {
		free(out);
		return -1;
	}
	c->hc_out = out;
	c->hc_outlen = olen;
	c->hc_outoff = 0;
	c->hc_deadline = dt_http_now() + DT_HTTP_TIMEOUT_NS;
	return 0;
}

static void dt_http_read(struct dt_httpsrv *s, struct dt_httpcli *c)
{
	ssize_t n;
	bool head;
	int status;

	n = recv(c->hc_fd, c->hc_in + c->hc_inlen,
		 sizeof(c->hc_in) - c->hc_inlen, 0);
	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		dt_http_drop(c);
		return;
	}
	c->hc_inlen += (size_t)n;
	status = dt_http_parse(c->hc_in, c->hc_inlen, &head);
	if (status && dt_http_answer(s, c, status, head))
		dt_http_drop(c);
}

static void dt_http_write(struct dt_httpcli *c)
{
	ssize_t n = send(c->hc_fd, c->hc_out + c->hc_outoff,
			 c->hc_outlen - c->hc_outoff,
			 MSG_NOSIGNAL | MSG_DONTWAIT);

	if (n < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (n <= 0) {
		dt_http_drop(c);
		return;
	}
	c->hc_outoff += (size_t)n;
	if (c->hc_outoff == c->hc_outlen) {
		shutdown(c->hc_fd, SHUT_WR);
		dt_http_drop(c);
	}
}

static void dt_http_accept(struct dt_httpsrv *s)
{
	static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\n"
		"Content-Length: 0\r\nConnection: close\r\n\r\n";
	int fd, i;

	fd = accept4(s->hs_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
	if (fd < 0)
		return;
	for (i = 0; i < DT_HTTP_CLIENTS; i++) {
		if (s->hs_cli[i].hc_fd < 0) {
			s->hs_cli[i].hc_fd = fd;
			s->hs_cli[i].hc_deadline =
				dt_http_now() + DT_HTTP_TIMEOUT_NS;
			return;
		}
	}
	/* best effort: a full socket buffer loses the words, not the close */
	if (send(fd, busy, sizeof(busy) - 1, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		errno = 0;
	close(fd);
}

void dt_http_serve(struct dt_httpsrv *s, uint64_t ns)
{
	struct pollfd pfd[DT_HTTP_CLIENTS + 1];
	struct dt_httpcli *who[DT_HTTP_CLIENTS + 1];
	int n = 0, i, ms = (int)((ns + 999999) / 1000000);
	uint64_t now;

	pfd[n].fd = s->hs_fd;
	pfd[n].events = POLLIN;
	who[n++] = NULL;
	for (i = 0; i < DT_HTTP_CLIENTS; i++) {
		struct dt_httpcli *c = &s->hs_cli[i];

		if (c->hc_fd < 0)
			continue;
		pfd[n].fd = c->hc_fd;
		pfd[n].events = c->hc_out ? POLLOUT : POLLIN;
		who[n++] = c;
	}
	if (poll(pfd, (nfds_t)n, ms) > 0) {
		for (i = 1; i < n; i++) {
			if (!pfd[i].revents)
				continue;
			if (who[i]->hc_out)
				dt_http_write(who[i]);
			else
				dt_http_read(s, who[i]);
		}
		if (pfd[0].revents & POLLIN)
			dt_http_accept(s);
	}
	now = dt_http_now();
	for (i = 0; i < DT_HTTP_CLIENTS; i++)
		if (s->hs_cli[i].hc_fd >= 0 && now > s->hs_cli[i].hc_deadline)
			dt_http_drop(&s->hs_cli[i]);
}

/* "[ADDR:]PORT" into its parts; ADDR may be "[v6]". 0 or -1. */
static int dt_http_split(const char *spec, char *host, size_t hlen,
			 char *port, size_t plen)
{
	const char *colon = strrchr(spec, ':');
	size_t n;

	if (!colon) {
		snprintf(host, hlen, "127.0.0.1");
		n = strlen(spec);
		colon = spec - 1;
	} else {
		const char *h = spec;

		n = (size_t)(colon - spec);
		if (n >= 2 && h[0] == '[' && h[n - 1] == ']') {
			h++;
			n -= 2;
		}
		if (!n || n >= hlen)
			return -1;
		memcpy(host, h, n);
		host[n] = '\0';
		n = strlen(colon + 1);
	}
	if (!n || n >= plen || strspn(colon + 1, "0123456789") != n ||
	    atoi(colon + 1) < 1 || atoi(colon + 1) > 65535)
		return -1;
	memcpy(port, colon + 1, n + 1);
	return 0;
}

struct dt_httpsrv *dt_http_listen(const char *spec, const char *ctype,
				  dt_http_render_fn render, void *arg,
				  char *err, size_t errlen)
{
	struct addrinfo hints, *ai = NULL;
	struct dt_httpsrv *s;
	char host[64], port[8];
	int fd = -1, one = 1, rc, i;

	if (dt_http_split(spec, host, sizeof(host), port, sizeof(port))) {
		snprintf(err, errlen, "\"%s\" is not [ADDRESS:]PORT", spec);
		return NULL;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE;
	hints.ai_socktype = SOCK_STREAM;
	rc = getaddrinfo(host, port, &hints, &ai);
	if (rc) {
		snprintf(err, errlen, "%s: %s", host, gai_strerror(rc));
		return NULL;
	}
	fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
		    0);
	if (fd < 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(fd, ai->ai_addr, ai->ai_addrlen) ||
	    listen(fd, DT_HTTP_CLIENTS)) {
		snprintf(err, errlen, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		freeaddrinfo(ai);
		return NULL;
	}
	freeaddrinfo(ai);
	s = calloc(1, sizeof(*s));
	if (!s) {
		close(fd);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	s->hs_fd = fd;
	s->hs_ctype = ctype;
	s->hs_render = render;
	s->hs_arg = arg;
	for (i = 0; i < DT_HTTP_CLIENTS; i++)
		s->hs_cli[i].hc_fd = -1;
	return s;
}

void dt_http_close(struct dt_httpsrv *s)
{
	int i;

	if (!s)
		return;
	for (i = 0; i < DT_HTTP_CLIENTS; i++)
		if (s->hs_cli[i].hc_fd >= 0)
			dt_http_drop(&s->hs_cli[i]);
	close(s->hs_fd);
	free(s);
}
