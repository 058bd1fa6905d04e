/* Small helpers of libcarc: error messages, growable buffers, the RNG and the digest. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc.h"
#include "util.h"

/* A message is one line for people: it often quotes what it refuses (a move word, a key of
 * a state, a name), so what is not a line of text there (control characters, bytes that are
 * not UTF-8, carc_text_check) is written as C escapes, byte by byte. */
int
seterr(struct carc_err *err, int code, const char *fmt, ...)
{
	char raw[sizeof(err->msg)], *o, *end, why[8];
	const char *p;
	unsigned long cp;
	size_t k, n;
	va_list ap;

	if (err == NULL)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	o = err->msg;
	end = err->msg + sizeof(err->msg) - 1;
	n = strlen(raw);
	for (p = raw; *p && o < end; p += k) {
		unsigned char c = *p;

		k = carc_utf8_char(p, n - (p - raw), &cp);
		if (k > 0 && carc_text_check(p, k, CARC_TEXT_LINE, why, sizeof(why)) == 0) {
			if (end - o < (ptrdiff_t)k)
				break;
			memcpy(o, p, k);
			o += k;
			continue;
		}
		k = 1;
		if (end - o >= 4)
			o += snprintf(o, end - o + 1, c == '\n' ? "\\n" : c == '\t' ? "\\t" :
			    "\\x%02x", c);
		else
			break;
	}
	*o = '\0';
	return code;
}

int
differ(char *msg, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, n, fmt, ap);
	va_end(ap);
	return 1;
}

char *
xstrdup(const char *s)
{
	return s == NULL ? NULL : strdup(s);
}

int
carc_buf_add(struct carc_buf *b, const void *p, size_t n)
{
	size_t cap;
	char *d;

	if (b->len + n + 1 > b->cap) {
		cap = b->cap ? b->cap : 256;
		while (cap < b->len + n + 1)
			cap *= 2;
		if ((d = realloc(b->data, cap)) == NULL)
			return -1;
		b->data = d;
		b->cap = cap;
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
carc_buf_printf(struct carc_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || carc_buf_add(b, "", 0) == -1)
		return -1;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap;
		char *d;

		while (cap < b->len + n + 1)
			cap *= 2;
		if ((d = realloc(b->data, cap)) == NULL)
			return -1;
		b->data = d;
		b->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(b->data + b->len, n + 1, fmt, ap);
	va_end(ap);
	b->len += n;
	return 0;
}

void
carc_buf_release(struct carc_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

/* splitmix64: small, fast, and its whole state is one number that fits in the state file. */
uint64_t
carc_rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n) without modulo bias (Lemire's multiply-and-reject). */
uint32_t
carc_rng_below(uint64_t *s, uint32_t n)
{
	uint64_t m;
	uint32_t lo, t;

	if (n <= 1)
		return 0;
	m = (uint64_t)(uint32_t)carc_rng_next(s) * n;
	lo = (uint32_t)m;
	if (lo < n) {
		t = -n % n;
		while (lo < t) {
			m = (uint64_t)(uint32_t)carc_rng_next(s) * n;
			lo = (uint32_t)m;
		}
	}
	return m >> 32;
}

void
rng_shuffle(uint64_t *s, uint16_t *a, int n)
{
	int i, j;
	uint16_t t;

	for (i = n - 1; i > 0; i--) {
		j = carc_rng_below(s, i + 1);
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* FNV-1a, 64 bits: a fingerprint of a tile set's text, not a security measure. */
void
digest_hex(const char *p, size_t n, char out[17])
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)p[i];
		h *= 0x100000001b3ULL;
	}
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

#define MAX_INPUT (64 << 20)

int
carc_file_read(const char *path, struct carc_buf *b, struct carc_err *err)
{
	FILE *f = stdin;
	const char *name = "stdin";
	char chunk[65536];
	size_t n;

	if (path != NULL && strcmp(path, "-") != 0) {
		if ((f = fopen(path, "rb")) == NULL)
			return seterr(err, CARC_ENOINPUT, "%s: %s", path, strerror(errno));
		name = path;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
		if (b->len + n > MAX_INPUT) {
			if (f != stdin)
				fclose(f);
			return seterr(err, CARC_EDATA, "%s: larger than %d MiB", name, MAX_INPUT >> 20);
		}
		if (carc_buf_add(b, chunk, n) == -1) {
			if (f != stdin)
				fclose(f);
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		}
	}
	if (ferror(f)) {
		seterr(err, f == stdin ? CARC_EDATA : CARC_ENOINPUT, "%s: %s", name, strerror(errno));
		if (f != stdin)
			fclose(f);
		return err->code;
	}
	if (f != stdin)
		fclose(f);
	return 0;
}

int
json_string(struct carc_buf *b, const char *s, size_t n)
{
	size_t i;
	int rc = carc_buf_add(b, "\"", 1);

	for (i = 0; i < n && rc == 0; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			rc = carc_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			rc = carc_buf_printf(b, "\\u%04x", c);
		else
			rc = carc_buf_add(b, &s[i], 1);
	}
	return rc ? rc : carc_buf_add(b, "\"", 1);
}

int
json_member(struct carc_buf *b, const char *key, const char *s, size_t n)
{
	return carc_buf_printf(b, ", \"%s\": ", key) || (s ? json_string(b, s, n) :
	    carc_buf_add(b, "null", 4));
}

int
json_xy(struct carc_buf *b, const char *args, const char *rest, bool figure)
{
	const char *at = strchr(args, '@'), *r = NULL;
	size_t rn = 0;
	long x, y;
	char *end;

	if (strcmp(args, "none") == 0) {
		if (carc_buf_printf(b, ", \"x\": null, \"y\": null") ||
		    (rest && json_member(b, rest, NULL, 0)))
			return -1;
		return figure ? json_member(b, "figure", NULL, 0) : 0;
	}
	x = strtol(args, &end, 10);
	y = *end == ',' ? strtol(end + 1, &end, 10) : 0;
	if (*end == ',') {
		r = end + 1;
		rn = at ? (size_t)(at - r) : strlen(r);
	}
	if (carc_buf_printf(b, ", \"x\": %ld, \"y\": %ld", x, y) ||
	    (rest && json_member(b, rest, r, rn)))
		return -1;
	if (!figure)
		return 0;
	return json_member(b, "figure", at ? at + 1 : r ? "follower" : NULL,
	    at ? strlen(at + 1) : r ? 8 : 0);
}

/* "1.25" or "-0.5" to hundredths; at most two decimals. */
int
parse_centi(const char *s, int lo, int hi, int32_t *out)
{
	long v = 0, frac = 0;
	int neg = 0, digits = 0, fd = 0;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	for (; isdigit((unsigned char)*s); s++, digits++)
		if ((v = v * 10 + (*s - '0')) > 1000000)
			return -1;
	if (*s == '.') {
		for (s++; isdigit((unsigned char)*s); s++, fd++)
			if (fd < 2)
				frac = frac * 10 + (*s - '0');
			else if (*s != '0')
				return -1;	/* finer than a hundredth */
		if (fd == 1)
			frac *= 10;
	}
	if (*s != '\0' || (digits == 0 && fd == 0))
		return -1;
	v = v * 100 + frac;
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

void
format_centi(char *buf, size_t n, int32_t v)
{
	snprintf(buf, n, "%s%d.%02d", v < 0 ? "-" : "", abs(v) / 100, abs(v) % 100);
}

