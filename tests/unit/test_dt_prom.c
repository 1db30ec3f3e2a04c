// SPDX-License-Identifier: GPL-2.0
/*
 * -x prometheus: the OpenMetrics text of each aggregation kind from
 * fixed totals (compared whole), label escaping, the series bound,
 * clear( ) as a counter reset; the HTTP request parser and the server
 * on loopback (a silent client does not keep a scrape waiting).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "dt_agg.h"
#include "dt_compile.h"
#include "dt_http.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_prom.h"
#include "kselftest_harness.h"

static char out[65536];

static struct dt_aggdata *mkagg(const char *name, uint32_t func, int nkeys,
				const int64_t *p)
{
	struct dt_type str = { .kind = DT_T_STRING, .size = 16 };
	struct dt_type num = { .kind = DT_T_INT, .size = 8, .is_signed = true };
	struct dt_agg *a = calloc(1, sizeof(*a));
	int i;

	a->a_name = strdup(name);
	a->a_func = func;
	a->a_nkeys = nkeys;
	for (i = 0; i < nkeys; i++)
		a->a_keys[i] = i ? num : str;
	if (p)
		memcpy(a->a_params, p, sizeof(a->a_params));
	return agg_alone(a);
}

/* Add x under (s, n) as the module would. */
static void add(struct dt_aggdata *d, const char *s, int64_t n, int64_t x)
{
	uint8_t key[64] = { 0 };
	uint64_t v[600] = { 0 };

	strncpy((char *)key, s, 15);
	if (d->ad_def->a_nkeys > 1)
		memcpy(key + d->ad_def->a_keyoff[1], &n, 8);
	dt_agg_value(d->ad_def, x, v);
	if (dt_agg_merge(d, key, v))
		abort();
}

static const char *scrape(struct dt_aggdata *d, uint32_t max)
{
	struct dt_aggs s = { .ag_data = d, .ag_n = 1 };
	struct dt_promstats st = { 1, 2, 3, 4, 5 };
	FILE *fp;

	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out) - 1, "w");
	if (!fp || dt_prom_write(fp, &s, NULL, max, &st))
		abort();
	fclose(fp);
	return out;
}

#define STATS(name) \
	"# TYPE dtrace_drops counter\n" \
	"# HELP dtrace_drops Records DTrace dropped, by kind.\n" \
	"dtrace_drops_total{kind=\"buffer\"} 1\n" \
	"dtrace_drops_total{kind=\"aggregation\"} 2\n" \
	"dtrace_drops_total{kind=\"dynamic\"} 3\n" \
	"dtrace_drops_total{kind=\"speculative\"} 4\n" \
	"# TYPE dtrace_errors counter\n" \
	"# HELP dtrace_errors Errors in probe context.\n" \
	"dtrace_errors_total 5\n" \
	"# TYPE dtrace_series_dropped gauge\n" \
	"# HELP dtrace_series_dropped Entries over promseries, not served.\n" \
	"dtrace_series_dropped{aggregation=\"" name "\"} "

TEST(count_is_a_counter_with_labels)
{
	struct dt_aggdata *d = mkagg("syscalls", DTRACE_AGG_COUNT, 2, NULL);
	int i;

	for (i = 0; i < 3; i++)
		add(d, "bash", 0, 1);
	add(d, "cat", 7, 1);
	EXPECT_STREQ("# TYPE dtrace_agg_syscalls counter\n"
		     "# HELP dtrace_agg_syscalls DTrace aggregation "
		     "@syscalls = count()\n"
		     "dtrace_agg_syscalls_total{key0=\"cat\",key1=\"7\"} 1\n"
		     "dtrace_agg_syscalls_total{key0=\"bash\",key1=\"0\"} 3\n"
		     STATS("syscalls") "0\n# EOF\n", scrape(d, 100));
	agg_free(d);
}

TEST(unnamed_and_keyless)
{
	struct dt_aggdata *d = mkagg("", DTRACE_AGG_SUM, 0, NULL);
	uint64_t v = 42;

	ASSERT_EQ(0, dt_agg_merge(d, (const uint8_t *)"", &v));
	EXPECT_STREQ("# TYPE dtrace_agg counter\n"
		     "# HELP dtrace_agg DTrace aggregation @ = sum()\n"
		     "dtrace_agg_total 42\n"
		     STATS("") "0\n# EOF\n", scrape(d, 100));
	agg_free(d);
}

/* min, max, avg, stddev: gauges, with the values printa( ) prints. */
TEST(gauges)
{
	static const struct { uint32_t f; const char *name, *val; } k[] = {
		{ DTRACE_AGG_MIN, "min", "2" },
		{ DTRACE_AGG_MAX, "max", "10" },
		{ DTRACE_AGG_AVG, "avg", "6" },
		{ DTRACE_AGG_STDDEV, "stddev", "4" },
	};
	char want[512];
	size_t i;

	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		struct dt_aggdata *d = mkagg("g", k[i].f, 1, NULL);

		add(d, "x", 0, 2);
		add(d, "x", 0, 10);
		snprintf(want, sizeof(want), "# TYPE dtrace_agg_g gauge\n"
			 "# HELP dtrace_agg_g DTrace aggregation @g = %s()\n"
			 "dtrace_agg_g{key0=\"x\"} %s\n", k[i].name, k[i].val);
		scrape(d, 100);
		EXPECT_EQ(0, strncmp(want, out, strlen(want)))
			TH_LOG("%s: %s", k[i].name, out);
		agg_free(d);
	}
}

/* lquantize(x, 0, 3, 1): rows < 0, 0, 1, 2, >= 3. */
TEST(lquantize_cumulative_buckets)
{
	static const int64_t p[4] = { 0, 3, 1, 0 };
	struct dt_aggdata *d = mkagg("lq", DTRACE_AGG_LQUANTIZE, 1, p);

	add(d, "r", 0, -5);
	add(d, "r", 0, 1);
	add(d, "r", 0, 1);
	add(d, "r", 0, 2);
	add(d, "r", 0, 9);
	EXPECT_STREQ("# TYPE dtrace_agg_lq histogram\n"
		     "# HELP dtrace_agg_lq DTrace aggregation "
		     "@lq = lquantize()\n"
		     "dtrace_agg_lq_bucket{key0=\"r\",le=\"-1\"} 1\n"
		     "dtrace_agg_lq_bucket{key0=\"r\",le=\"0\"} 1\n"
		     "dtrace_agg_lq_bucket{key0=\"r\",le=\"1\"} 3\n"
		     "dtrace_agg_lq_bucket{key0=\"r\",le=\"2\"} 4\n"
		     "dtrace_agg_lq_bucket{key0=\"r\",le=\"+Inf\"} 5\n"
		     "dtrace_agg_lq_count{key0=\"r\"} 5\n"
		     "dtrace_agg_lq_sum{key0=\"r\"} 7\n"
		     STATS("lq") "0\n# EOF\n", scrape(d, 100));
	agg_free(d);
}

/* quantize: every row, the negative ones bounded by their own label. */
TEST(quantize_buckets)
{
	struct dt_aggdata *d = mkagg("q", DTRACE_AGG_QUANTIZE, 0, NULL);
	const char *p;
	int n = 0;

	add(d, "", 0, 1);
	add(d, "", 0, 1);
	add(d, "", 0, 1);
	add(d, "", 0, 4);
	add(d, "", 0, 4);
	add(d, "", 0, -3);
	scrape(d, 100);
	for (p = out; (p = strstr(p, "_bucket{")); p++)
		n++;
	EXPECT_EQ(127, n);
	EXPECT_NE(NULL, strstr(out, "dtrace_agg_q_bucket{le=\"-4\"} 0\n"
			       "dtrace_agg_q_bucket{le=\"-2\"} 1\n"
			       "dtrace_agg_q_bucket{le=\"-1\"} 1\n"
			       "dtrace_agg_q_bucket{le=\"0\"} 1\n"
			       "dtrace_agg_q_bucket{le=\"1\"} 4\n"
			       "dtrace_agg_q_bucket{le=\"3\"} 4\n"
			       "dtrace_agg_q_bucket{le=\"7\"} 6\n"
			       "dtrace_agg_q_bucket{le=\"15\"} 6\n")) {
		TH_LOG("%s", out);
	}
	EXPECT_NE(NULL, strstr(out, "dtrace_agg_q_bucket{le=\"+Inf\"} 6\n"
			       "dtrace_agg_q_count 6\n"
			       "dtrace_agg_q_sum 9\n"));
	agg_free(d);
}

/* llquantize(x, 10, 0, 2, 10): its rows' bounds, cumulative. */
TEST(llquantize_buckets)
{
	static const int64_t p[4] = { 10, 0, 2, 10 };
	struct dt_aggdata *d = mkagg("ll", DTRACE_AGG_LLQUANTIZE, 0, p);

	add(d, "", 0, 0);
	add(d, "", 0, 5);
	add(d, "", 0, 50);
	add(d, "", 0, 5000);
	scrape(d, 100);
	EXPECT_NE(NULL, strstr(out, "dtrace_agg_ll_bucket{le=\"0\"} 1\n"
			       "dtrace_agg_ll_bucket{le=\"1\"} 1\n"))
		TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "dtrace_agg_ll_bucket{le=\"5\"} 2\n"));
	EXPECT_NE(NULL, strstr(out, "dtrace_agg_ll_bucket{le=\"59\"} 3\n"));
	EXPECT_NE(NULL, strstr(out, "dtrace_agg_ll_bucket{le=\"+Inf\"} 4\n"
			       "dtrace_agg_ll_count 4\n"));
	agg_free(d);
}

TEST(label_escapes)
{
	FILE *fp;

	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out) - 1, "w");
	dt_prom_labelval(fp, "a\"b\\c\nd", 64);
	dt_prom_labelval(fp, "caf\xc3\xa9 \xff\xc3(", 64);
	dt_prom_labelval(fp, "\xed\xa0\x80", 64);	/* a surrogate */
	dt_prom_labelval(fp, "trunc", 3);
	fclose(fp);
	EXPECT_STREQ("\"a\\\"b\\\\c\\nd\""
		     "\"caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd(\""
		     "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""
		     "\"tru\"", out);
}

/* The largest entries, and how many were left out. */
TEST(series_bound)
{
	struct dt_aggdata *d = mkagg("c", DTRACE_AGG_COUNT, 1, NULL);
	char name[8];
	int i, j;

	for (i = 1; i <= 5; i++)
		for (j = 0; j < i; j++) {
			snprintf(name, sizeof(name), "p%d", i);
			add(d, name, 0, 1);
		}
	EXPECT_STREQ("# TYPE dtrace_agg_c counter\n"
		     "# HELP dtrace_agg_c DTrace aggregation @c = count()\n"
		     "dtrace_agg_c_total{key0=\"p4\"} 4\n"
		     "dtrace_agg_c_total{key0=\"p5\"} 5\n"
		     STATS("c") "3\n# EOF\n", scrape(d, 2));
	EXPECT_EQ(5, d->ad_nents);	/* a scrape drops nothing */
	agg_free(d);
}

/* A scrape never clears; clear( ) is a reset to 0 the next one sees. */
TEST(clear_is_a_reset)
{
	struct dt_aggdata *d = mkagg("c", DTRACE_AGG_COUNT, 1, NULL);

	add(d, "x", 0, 1);
	add(d, "x", 0, 1);
	EXPECT_NE(NULL, strstr(scrape(d, 10), "c_total{key0=\"x\"} 2\n"));
	EXPECT_NE(NULL, strstr(scrape(d, 10), "c_total{key0=\"x\"} 2\n"));
	dt_agg_clear(d);
	EXPECT_NE(NULL, strstr(scrape(d, 10), "c_total{key0=\"x\"} 0\n"));
	add(d, "x", 0, 1);
	EXPECT_NE(NULL, strstr(scrape(d, 10), "c_total{key0=\"x\"} 1\n"));
	agg_free(d);
}

static int parse(const char *s, bool *head)
{
	return dt_http_parse(s, strlen(s), head);
}

/* Key names from a D program's text: its labels. */
static const char *labels_of(const char *src)
{
	static char labels[2048];
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	struct dt_agg *a;
	int i;

	dt_options_init(&o);
	dt_pcb_init(&pcb, src, "t.d", &o);
	labels[0] = '\0';
	if (dt_compile(&pcb, &cp)) {
		snprintf(labels, sizeof(labels), "error: %s", pcb.pcb_errmsg);
	} else {
		a = pcb.pcb_prog.p_aggs;
		for (i = 0; a && i < a->a_nkeys; i++)
			snprintf(labels + strlen(labels),
				 sizeof(labels) - strlen(labels), "%s%s",
				 i ? "," : "", a->a_keyname[i]);
		dt_cprog_free(&cp);
	}
	dt_pcb_fini(&pcb);
	return labels;
}

TEST(key_labels_named_by_the_script)
{
	EXPECT_STREQ("execname,pid",
		     labels_of("BEGIN { @a[execname, pid] = count(); }"));
	EXPECT_STREQ("fd,x,errno", labels_of(
		"syscall::read:entry { this->fd = arg0; self->x = 1;"
		" @a[this->fd, self->x, errno] = count(); }"));
	/* an expression, "le" and "__" keep keyN */
	EXPECT_STREQ(",,", labels_of(
		"BEGIN { @a[pid % 2, 1, \"s\"] = count(); }"));
	EXPECT_STREQ(",", labels_of("BEGIN { this->le = 1; this->__x = 2;"
				    " @a[this->le, this->__x] = count(); }"));
	/* two uses that name a key differently: keyN */
	EXPECT_STREQ(",ppid", labels_of(
		"BEGIN { @a[pid, ppid] = count(); }"
		" END { @a[tid, ppid] = count(); }"));
}

TEST(key_labels_in_the_text)
{
	struct dt_aggdata *d = mkagg("s", DTRACE_AGG_COUNT, 2, NULL);
	struct dt_agg *a = (struct dt_agg *)d->ad_def;

	strcpy(a->a_keyname[0], "execname");
	strcpy(a->a_keyname[1], "pid");
	add(d, "cat", 7, 1);
	EXPECT_NE(NULL, strstr(scrape(d, 10),
			       "s_total{execname=\"cat\",pid=\"7\"} 1\n"));
	/* a name twice, or one that is another key's keyN: keyN */
	strcpy(a->a_keyname[1], "execname");
	EXPECT_NE(NULL, strstr(scrape(d, 10),
			       "s_total{execname=\"cat\",key1=\"7\"} 1\n"));
	strcpy(a->a_keyname[0], "key1");
	EXPECT_NE(NULL, strstr(scrape(d, 10),
			       "s_total{key0=\"cat\",execname=\"7\"} 1\n"));
	agg_free(d);
}

TEST(http_parse)
{
	char big[DT_HTTP_REQMAX];
	bool head;

	EXPECT_EQ(200, parse("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n",
			     &head));
	EXPECT_FALSE(head);
	EXPECT_EQ(200, parse("HEAD /metrics?x=1 HTTP/1.0\n\n", &head));
	EXPECT_TRUE(head);
	EXPECT_EQ(0, parse("GET /metrics HTTP/1.1\r\nHost: x\r\n", &head));
	EXPECT_EQ(0, parse("", &head));
	EXPECT_EQ(404, parse("GET / HTTP/1.1\r\n\r\n", &head));
	EXPECT_EQ(404, parse("GET /metricsx HTTP/1.1\r\n\r\n", &head));
	EXPECT_EQ(405, parse("POST /metrics HTTP/1.1\r\n\r\n", &head));
	EXPECT_EQ(400, parse("GET /metrics HTTP/2.0\r\n\r\n", &head));
	EXPECT_EQ(400, parse("GET /metrics\r\n\r\n", &head));
	EXPECT_EQ(400, parse("GET  /metrics HTTP/1.1\r\n\r\n", &head));
	EXPECT_EQ(400, parse("GET metrics HTTP/1.1\r\n\r\n", &head));
	EXPECT_EQ(400, parse("\r\n\r\n", &head));
	memset(big, 'a', sizeof(big));
	EXPECT_EQ(431, dt_http_parse(big, sizeof(big), &head));
	EXPECT_EQ(0, dt_http_parse(big, sizeof(big) - 1, &head));
}

static int render(void *arg, FILE *fp)
{
	fputs(arg, fp);
	return 0;
}

static int dial(int port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	int fd = socket(AF_INET, SOCK_STREAM, 0);

	sin.sin_port = htons((uint16_t)port);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (fd < 0 || connect(fd, (struct sockaddr *)&sin, sizeof(sin)))
		abort();
	return fd;
}

/* Serve until fd's answer has come whole (the server closes). */
static const char *answer(struct dt_httpsrv *s, int fd)
{
	size_t len = 0;
	ssize_t n;
	int i;

	memset(out, 0, sizeof(out));
	for (i = 0; i < 200; i++) {
		dt_http_serve(s, 5000000);
		n = recv(fd, out + len, sizeof(out) - 1 - len, MSG_DONTWAIT);
		if (n == 0)
			break;
		if (n > 0)
			len += (size_t)n;
	}
	close(fd);
	return out;
}

TEST(http_server_loopback)
{
	struct dt_httpsrv *s = NULL;
	char spec[32], err[128];
	int port, idle, fd;

	/* a free port near one that depends on the pid */
	for (port = 20000 + getpid() % 20000; port < 65000; port += 7) {
		snprintf(spec, sizeof(spec), "%d", port);
		s = dt_http_listen(spec, "text/x-test", render,
				   "hello\n", err, sizeof(err));
		if (s)
			break;
	}
	ASSERT_NE(NULL, s);
	idle = dial(port);	/* says nothing: must not hold up the next */
	fd = dial(port);
	ASSERT_EQ(14, send(fd, "GET /metrics ", 13, 0) + 1);
	ASSERT_EQ(12, send(fd, "HTTP/1.1\n\n", 10, 0) + 2);
	EXPECT_STREQ("HTTP/1.1 200 OK\r\nContent-Type: text/x-test\r\n"
		     "Content-Length: 6\r\nConnection: close\r\n\r\nhello\n",
		     answer(s, fd));
	fd = dial(port);
	ASSERT_EQ(22, send(fd, "DELETE /x HTTP/1.1\r\n\r\n", 22, 0));
	EXPECT_EQ(0, strncmp("HTTP/1.1 405 Method Not Allowed\r\n",
			     answer(s, fd), 33));
	close(idle);
	dt_http_close(s);
	/* closed: refused, not left waiting */
	fd = socket(AF_INET, SOCK_STREAM, 0);
	{
		struct sockaddr_in sin = { .sin_family = AF_INET };

		sin.sin_port = htons((uint16_t)port);
		sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		EXPECT_EQ(-1, connect(fd, (struct sockaddr *)&sin,
				      sizeof(sin)));
		EXPECT_EQ(ECONNREFUSED, errno);
	}
	close(fd);
}

TEST(listen_spec_errors)
{
	char err[128];

	EXPECT_EQ(NULL, dt_http_listen("host:", "t", render, "", err,
				       sizeof(err)));
	EXPECT_STREQ("\"host:\" is not [ADDRESS:]PORT", err);
	EXPECT_EQ(NULL, dt_http_listen("70000", "t", render, "", err,
				       sizeof(err)));
	EXPECT_EQ(NULL, dt_http_listen("example:80", "t", render, "", err,
				       sizeof(err)));
	EXPECT_NE(NULL, strstr(err, "example"));
}

TEST_HARNESS_MAIN
