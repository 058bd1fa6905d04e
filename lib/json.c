/* The state as JSON: carc-render --format json writes it, carc-deck --from-json reads it back.
 * The JSON is the MessagePack map key for key, plus the derived "tiles_left". */
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "carc.h"

/* ---- MessagePack object to JSON text ---- */

static void
jstr(struct carc_buf *b, const char *s, size_t n)
{
	size_t i;

	carc_buf_add(b, "\"", 1);
	for (i = 0; i < n; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			carc_buf_printf(b, "\\%c", c);
		else if (c == '\n')
			carc_buf_add(b, "\\n", 2);
		else if (c < 0x20 || c == 0x7f)
			carc_buf_printf(b, "\\u%04x", c);
		else
			carc_buf_add(b, &s[i], 1);
	}
	carc_buf_add(b, "\"", 1);
}

/* Holds no map or array inside, or only scalar arrays: printed on one line. */
static bool
flat(const msgpack_object *o)
{
	uint32_t i;

	if (o->type == MSGPACK_OBJECT_ARRAY) {
		for (i = 0; i < o->via.array.size; i++)
			if (o->via.array.ptr[i].type == MSGPACK_OBJECT_MAP ||
			    o->via.array.ptr[i].type == MSGPACK_OBJECT_ARRAY)
				return false;
	} else if (o->type == MSGPACK_OBJECT_MAP) {
		for (i = 0; i < o->via.map.size; i++)
			if (o->via.map.ptr[i].val.type == MSGPACK_OBJECT_MAP ||
			    (o->via.map.ptr[i].val.type == MSGPACK_OBJECT_ARRAY &&
			    !flat(&o->via.map.ptr[i].val)))
				return false;
	}
	return true;
}

static void
indent(struct carc_buf *b, int d)
{
	carc_buf_add(b, "\n", 1);
	while (d-- > 0)
		carc_buf_add(b, "  ", 2);
}

/* Recursive, but only over states this library wrote and read back, no deeper than
 * MAX_DEPTH. Whether a container fits on one line is asked once, not once per item: a log
 * of thousands of words would otherwise take seconds. */
static void
emit(struct carc_buf *b, const msgpack_object *o, int d, int tiles_left)
{
	uint32_t i;
	bool one_line;

	switch (o->type) {
	case MSGPACK_OBJECT_NIL:
		carc_buf_add(b, "null", 4);
		break;
	case MSGPACK_OBJECT_BOOLEAN:
		carc_buf_printf(b, "%s", o->via.boolean ? "true" : "false");
		break;
	case MSGPACK_OBJECT_POSITIVE_INTEGER:
		carc_buf_printf(b, "%" PRIu64, o->via.u64);
		break;
	case MSGPACK_OBJECT_NEGATIVE_INTEGER:
		carc_buf_printf(b, "%" PRId64, o->via.i64);
		break;
	case MSGPACK_OBJECT_STR:
		jstr(b, o->via.str.ptr, o->via.str.size);
		break;
	case MSGPACK_OBJECT_ARRAY:
		one_line = flat(o);
		carc_buf_add(b, "[", 1);
		for (i = 0; i < o->via.array.size; i++) {
			if (i)
				carc_buf_add(b, ",", 1);
			if (one_line)
				carc_buf_add(b, i ? " " : "", i ? 1 : 0);
			else
				indent(b, d + 1);
			emit(b, &o->via.array.ptr[i], d + 1, -1);
		}
		if (!one_line)
			indent(b, d);
		carc_buf_add(b, "]", 1);
		break;
	case MSGPACK_OBJECT_MAP:
		one_line = flat(o);
		carc_buf_add(b, "{", 1);
		for (i = 0; i < o->via.map.size; i++) {
			if (i)
				carc_buf_add(b, ",", 1);
			if (one_line && tiles_left < 0)
				carc_buf_add(b, i ? " " : "", i ? 1 : 0);
			else
				indent(b, d + 1);
			emit(b, &o->via.map.ptr[i].key, d + 1, -1);
			carc_buf_add(b, ": ", 2);
			emit(b, &o->via.map.ptr[i].val, d + 1, -1);
		}
		if (tiles_left >= 0) {
			carc_buf_add(b, ",", 1);
			indent(b, d + 1);
			carc_buf_printf(b, "\"tiles_left\": %d", tiles_left);
		}
		if (!one_line || tiles_left >= 0)
			indent(b, d);
		carc_buf_add(b, "}", 1);
		break;
	default:
		carc_buf_add(b, "null", 4);
		break;
	}
}

int
carc_state_to_json(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	struct carc_buf mp = { 0 };
	msgpack_unpacked up;
	size_t off = 0;

	if (carc_state_write(g, &mp, err))
		return err->code;
	msgpack_unpacked_init(&up);
	if (msgpack_unpack_next(&up, mp.data, mp.len, &off) != MSGPACK_UNPACK_SUCCESS) {
		msgpack_unpacked_destroy(&up);
		carc_buf_release(&mp);
		return seterr(err, CARC_ESOFTWARE, "cannot reread the state just written");
	}
	emit(out, &up.data, 0, g->nsupply);
	carc_buf_add(out, "\n", 1);
	msgpack_unpacked_destroy(&up);
	carc_buf_release(&mp);
	return out->data ? 0 : seterr(err, CARC_ESOFTWARE, "out of memory");
}

/* ---- JSON text to MessagePack ---- */

/* The text is read as RFC 8259 says, no more and no less: whitespace is space, tab, line feed
 * and carriage return; a number has no leading zero, no '+', digits on both sides of a '.';
 * a string is UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF) with escapes for
 * the control characters, and a \u escape of a surrogate must be the first half of a pair
 * whose second half follows. What the state makes of the values (numbers that are whole,
 * strings that are a line of text, no key twice) is the state reader's business.
 *
 * The text is read twice, and nothing is built in between: the first pass checks it and counts
 * the members of each array and object, which MessagePack writes before them; the second
 * writes the MessagePack, no longer than the text. So the memory the JSON takes is 4 bytes a
 * container plus the MessagePack, whatever the text holds.
 *
 * jansson, which Debian has, was weighed and not taken: it builds a tree of some 50 bytes a
 * value (a million short strings would still take about 100 MiB), the packing into MessagePack
 * and the rules above that a state adds would stay here, and its reader is larger than this
 * one. */

#define MP_SLACK(len) ((len) / 64 + 64)	/* what MessagePack may need beyond the text: a
					 * string of 256 bytes or more takes a longer header
					 * than its two quotes */

struct jp {
	const char *p, *end, *start;
	const char *name;
	struct carc_err *err;
	bool emit;		/* the second pass: write MessagePack */
	msgpack_packer pk;
	uint32_t *counts;	/* members of each container, in the order they open */
	size_t ncounts, capcounts, next;
	size_t values;		/* members read so far, keys included */
	int mute;		/* inside the top level's "tiles_left": derived, not written */
};

static int
jfail(struct jp *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
jfail(struct jp *j, const char *fmt, ...)
{
	char what[200];
	int line = 1, col = 1;
	const char *q;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	for (q = j->start; q < j->p && q < j->end; q++) {
		if (*q == '\n') {
			line++;
			col = 1;
		} else
			col++;
	}
	return seterr(j->err, CARC_EDATA, "%s:%d:%d: bad JSON: %s", j->name, line, col, what);
}

static void
skip(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r'))
		j->p++;
}

static bool
writing(const struct jp *j)
{
	return j->emit && j->mute == 0;
}

static int
hexdigit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The four hex digits after "\u" at p; -1 if they are not there. */
static long
hex4(const char *p, const char *end)
{
	long c = 0;
	int i, d;

	if (end - p < 4)
		return -1;
	for (i = 0; i < 4; i++) {
		if ((d = hexdigit((unsigned char)p[i])) < 0)
			return -1;
		c = c << 4 | d;
	}
	return c;
}

static size_t
utf8_put(char *u, unsigned long c)
{
	if (c < 0x80) {
		u[0] = c;
		return 1;
	}
	if (c < 0x800) {
		u[0] = 0xc0 | c >> 6;
		u[1] = 0x80 | (c & 0x3f);
		return 2;
	}
	if (c < 0x10000) {
		u[0] = 0xe0 | c >> 12;
		u[1] = 0x80 | ((c >> 6) & 0x3f);
		u[2] = 0x80 | (c & 0x3f);
		return 3;
	}
	u[0] = 0xf0 | c >> 18;
	u[1] = 0x80 | ((c >> 12) & 0x3f);
	u[2] = 0x80 | ((c >> 6) & 0x3f);
	u[3] = 0x80 | (c & 0x3f);
	return 4;
}

/* Where the decoded bytes of a string go: nowhere (the first pass only measures), the
 * MessagePack, or a few bytes kept to compare a key with. */
struct sink {
	size_t len;		/* decoded so far */
	char keep[16];
	bool keeping;
};

static void
out(struct jp *j, struct sink *s, const char *p, size_t n)
{
	if (writing(j) && !s->keeping)
		msgpack_pack_str_body(&j->pk, p, n);
	else if (s->keeping && s->len + n <= sizeof(s->keep))
		memcpy(s->keep + s->len, p, n);
	s->len += n;
}

/* The string at j->p (its opening quote), its decoded bytes to the sink; j->p ends after the
 * closing quote. Unescaped runs go out in one piece. */
static int
jstring_body(struct jp *j, struct sink *s)
{
	const char *run, *q;
	unsigned long c;
	char u[4];
	long hi, lo;
	size_t k;

	q = ++j->p;
	run = q;
	for (;;) {
		if (q >= j->end) {
			j->p = q;
			return jfail(j, "unterminated string");
		}
		if (*q == '"')
			break;
		if ((unsigned char)*q < 0x20) {
			j->p = q;
			return jfail(j, "control character in a string");
		}
		if ((unsigned char)*q >= 0x80) {
			if ((k = carc_utf8_char(q, j->end - q, &c)) == 0) {
				j->p = q;
				return jfail(j, "not UTF-8 in a string (byte 0x%02x)", (unsigned char)*q);
			}
			q += k;
			continue;
		}
		if (*q != '\\') {
			q++;
			continue;
		}
		out(j, s, run, q - run);
		j->p = q;
		if (q + 1 >= j->end)
			return jfail(j, "unterminated string");
		switch (q[1]) {
		case '"': case '\\': case '/':
			out(j, s, q + 1, 1);
			q += 2;
			break;
		case 'b': out(j, s, "\b", 1); q += 2; break;
		case 'f': out(j, s, "\f", 1); q += 2; break;
		case 'n': out(j, s, "\n", 1); q += 2; break;
		case 'r': out(j, s, "\r", 1); q += 2; break;
		case 't': out(j, s, "\t", 1); q += 2; break;
		case 'u':
			if ((hi = hex4(q + 2, j->end)) < 0)
				return jfail(j, "bad \\u escape");
			if (hi >= 0xdc00 && hi <= 0xdfff)
				return jfail(j, "a lone surrogate \\u%04lx", hi);
			if (hi >= 0xd800 && hi <= 0xdbff) {
				if (j->end - q < 12 || q[6] != '\\' || q[7] != 'u' ||
				    (lo = hex4(q + 8, j->end)) < 0xdc00 || lo > 0xdfff)
					return jfail(j, "a lone surrogate \\u%04lx: the second half of "
					    "the pair must follow", hi);
				out(j, s, u, utf8_put(u, 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)));
				q += 12;
			} else {
				out(j, s, u, utf8_put(u, hi));
				q += 6;
			}
			break;
		default:
			return jfail(j, "bad escape in a string");
		}
		run = q;
	}
	out(j, s, run, q - run);
	j->p = q + 1;
	return 0;
}

/* A string, as a value or a key. At the top level a key is also kept, so that "tiles_left"
 * can be left out; *tiles_left says whether it was that one. */
static int
jstring(struct jp *j, bool top_key, bool *tiles_left)
{
	struct sink s = { 0 };
	const char *at = j->p;

	if (top_key) {
		s.keeping = true;
		if (jstring_body(j, &s))
			return CARC_EDATA;
		*tiles_left = s.len == 10 && memcmp(s.keep, "tiles_left", 10) == 0;
		if (*tiles_left || !writing(j))
			return 0;
		j->p = at;
		s = (struct sink){ 0 };
	}
	if (!writing(j))
		return jstring_body(j, &s);
	/* the length goes first: measured, then written */
	s.keeping = true;
	if (jstring_body(j, &s))
		return CARC_EDATA;
	msgpack_pack_str(&j->pk, s.len);
	j->p = at;
	s = (struct sink){ 0 };
	return jstring_body(j, &s);
}

/* A number as RFC 8259 writes one; the state holds whole numbers only, from INT64_MIN to
 * UINT64_MAX. */
static int
jnumber(struct jp *j)
{
	const char *p = j->p;
	bool neg = *p == '-';
	uint64_t u = 0, lim;
	unsigned d;

	if (neg)
		p++;
	lim = neg ? (uint64_t)INT64_MAX + 1 : UINT64_MAX;
	if (p == j->end || *p < '0' || *p > '9')
		return jfail(j, "a number needs digits");
	if (*p == '0' && p + 1 < j->end && p[1] >= '0' && p[1] <= '9')
		return jfail(j, "a number may not start with a 0 followed by digits");
	for (; p < j->end && *p >= '0' && *p <= '9'; p++) {
		d = *p - '0';
		if (u > (lim - d) / 10)
			return jfail(j, "numbers must be whole and in range");
		u = u * 10 + d;
	}
	if (p < j->end && (*p == '.' || *p == 'e' || *p == 'E')) {
		/* JSON, but not a number a state holds: said after it is checked as JSON */
		if (*p == '.' && (++p == j->end || *p < '0' || *p > '9'))
			return jfail(j, "a '.' in a number needs digits after it");
		while (p < j->end && *p >= '0' && *p <= '9')
			p++;
		if (p < j->end && (*p == 'e' || *p == 'E')) {
			if (++p < j->end && (*p == '+' || *p == '-'))
				p++;
			if (p == j->end || *p < '0' || *p > '9')
				return jfail(j, "an exponent needs digits");
		}
		return jfail(j, "numbers must be whole and in range");
	}
	if (writing(j)) {
		if (neg && u > 0)
			msgpack_pack_int64(&j->pk, -(int64_t)(u - 1) - 1);
		else
			msgpack_pack_uint64(&j->pk, u);
	}
	j->p = p;
	return 0;
}

static int jvalue(struct jp *, int);

/* A new container: in the first pass its count starts at 0, in the second it is read. */
static int
open_count(struct jp *j, size_t *k)
{
	if (j->emit) {
		*k = j->next++;
		return 0;
	}
	if (j->ncounts == j->capcounts) {
		size_t c = j->capcounts ? 2 * j->capcounts : 64;
		uint32_t *n = realloc(j->counts, c * sizeof(*n));

		if (n == NULL)
			return seterr(j->err, CARC_ESOFTWARE, "out of memory");
		j->counts = n;
		j->capcounts = c;
	}
	*k = j->ncounts++;
	j->counts[*k] = 0;
	return 0;
}

/* depth: the containers around this one. jcontainer and jvalue call each other, so the
 * depth bounds the recursion. */
static int
jcontainer(struct jp *j, int depth)
{
	char close = *j->p == '[' ? ']' : '}';
	bool obj = close == '}', tl = false;
	size_t k = 0;

	if (depth >= MAX_DEPTH)
		return jfail(j, "nested more than " XSTR(MAX_DEPTH) " deep");
	if (open_count(j, &k))
		return CARC_EDATA;
	if (writing(j)) {
		if (obj)
			msgpack_pack_map(&j->pk, j->counts[k]);
		else
			msgpack_pack_array(&j->pk, j->counts[k]);
	}
	j->p++;
	skip(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return 0;
	}
	for (;;) {
		skip(j);
		if (++j->values > MAX_VALUES)
			return jfail(j, "more than " XSTR(MAX_VALUES) " values");
		if (obj) {
			if (j->p >= j->end || *j->p != '"')
				return jfail(j, "expected a string key");
			if (jstring(j, depth == 0, &tl))
				return CARC_EDATA;
			skip(j);
			if (j->p >= j->end || *j->p != ':')
				return jfail(j, "expected ':'");
			j->p++;
			if (++j->values > MAX_VALUES)
				return jfail(j, "more than " XSTR(MAX_VALUES) " values");
		}
		if (!j->emit && !tl)
			j->counts[k]++;
		j->mute += tl;
		if (jvalue(j, depth + 1))
			return CARC_EDATA;
		j->mute -= tl;
		tl = false;
		skip(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			return 0;
		}
		return jfail(j, obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static int
jword(struct jp *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n) != 0)
		return jfail(j, "unknown word");
	j->p += n;
	if (writing(j)) {
		if (*w == 'n')
			msgpack_pack_nil(&j->pk);
		else if (*w == 't')
			msgpack_pack_true(&j->pk);
		else
			msgpack_pack_false(&j->pk);
	}
	return 0;
}

static int
jvalue(struct jp *j, int depth)
{
	skip(j);
	if (j->p >= j->end)
		return jfail(j, "unexpected end of input");
	switch (*j->p) {
	case '{':
	case '[':
		return jcontainer(j, depth);
	case '"':
		return jstring(j, false, NULL);
	case 't':
		return jword(j, "true");
	case 'f':
		return jword(j, "false");
	case 'n':
		return jword(j, "null");
	default:
		if (*j->p != '-' && (*j->p < '0' || *j->p > '9'))
			return jfail(j, "unexpected character");
		return jnumber(j);
	}
}

static int
buf_write(void *data, const char *p, size_t n)
{
	return carc_buf_add(data, p, n);
}

struct carc_game *
carc_state_from_json(const char *text, size_t len, const char *name, struct carc_err *err)
{
	struct jp j = { .p = text, .end = text + len, .start = text, .name = name ? name : "stdin",
		.err = err };
	struct carc_buf mp = { 0 };
	struct carc_game *g = NULL;

	if (jvalue(&j, 0))
		goto out;
	skip(&j);
	if (j.p != j.end) {
		jfail(&j, "trailing text after the state");
		goto out;
	}
	/* the whole of the MessagePack at once: it grows no further */
	if ((mp.data = malloc(len + MP_SLACK(len))) == NULL) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	mp.cap = len + MP_SLACK(len);
	msgpack_packer_init(&j.pk, &mp, buf_write);
	j.p = text;
	j.emit = true;
	j.values = 0;
	if (jvalue(&j, 0)) {
		seterr(err, CARC_ESOFTWARE, "%s: the JSON read differently the second time", j.name);
		goto out;
	}
	g = carc_state_read(mp.data, mp.len, j.name, err);
out:
	free(j.counts);
	carc_buf_release(&mp);
	return g;
}
