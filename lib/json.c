/* The state as JSON: carc-render --format json writes it, carc-deck --from-json reads it back.
 * The JSON is the MessagePack map key for key, plus the derived "tiles_left". */
#include <ctype.h>
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

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

enum jtype { J_NULL, J_BOOL, J_INT, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jtype type;
	int64_t i;
	char *s;
	size_t len;
	struct jv *kids;	/* arrays: items; objects: key, value, key, value ... */
	size_t n;
};

struct jp {
	const char *p, *end, *start;
	const char *name;
	struct carc_err *err;
	size_t values;		/* read so far, keys included */
};

static int
jfail(struct jp *j, const char *what)
{
	int line = 1, col = 1;
	const char *q;

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
jv_free(struct jv *v)
{
	size_t i;

	for (i = 0; i < v->n; i++)
		jv_free(&v->kids[i]);
	free(v->kids);
	free(v->s);
}

static void
skip(struct jp *j)
{
	while (j->p < j->end && isspace((unsigned char)*j->p))
		j->p++;
}

static void
utf8(struct carc_buf *b, unsigned c)
{
	char u[4];

	if (c < 0x80) {
		u[0] = c;
		carc_buf_add(b, u, 1);
	} else if (c < 0x800) {
		u[0] = 0xc0 | c >> 6;
		u[1] = 0x80 | (c & 0x3f);
		carc_buf_add(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = 0xe0 | c >> 12;
		u[1] = 0x80 | ((c >> 6) & 0x3f);
		u[2] = 0x80 | (c & 0x3f);
		carc_buf_add(b, u, 3);
	} else {
		u[0] = 0xf0 | c >> 18;
		u[1] = 0x80 | ((c >> 12) & 0x3f);
		u[2] = 0x80 | ((c >> 6) & 0x3f);
		u[3] = 0x80 | (c & 0x3f);
		carc_buf_add(b, u, 4);
	}
}

static int
hex4(struct jp *j, unsigned *c)
{
	int i;

	*c = 0;
	for (i = 0; i < 4; i++, j->p++) {
		if (j->p >= j->end || !isxdigit((unsigned char)*j->p))
			return jfail(j, "bad \\u escape");
		*c = *c * 16 + (isdigit((unsigned char)*j->p) ? *j->p - '0' :
		    (tolower((unsigned char)*j->p) - 'a' + 10));
	}
	return 0;
}

static int
jstring(struct jp *j, struct jv *v)
{
	struct carc_buf b = { 0 };
	unsigned c, lo;

	j->p++;
	for (;;) {
		if (j->p >= j->end) {
			carc_buf_release(&b);
			return jfail(j, "unterminated string");
		}
		if (*j->p == '"')
			break;
		if ((unsigned char)*j->p < 0x20) {
			carc_buf_release(&b);
			return jfail(j, "control character in a string");
		}
		if (*j->p != '\\') {
			carc_buf_add(&b, j->p++, 1);
			continue;
		}
		if (++j->p >= j->end)
			continue;
		switch (*j->p++) {
		case '"': carc_buf_add(&b, "\"", 1); break;
		case '\\': carc_buf_add(&b, "\\", 1); break;
		case '/': carc_buf_add(&b, "/", 1); break;
		case 'b': carc_buf_add(&b, "\b", 1); break;
		case 'f': carc_buf_add(&b, "\f", 1); break;
		case 'n': carc_buf_add(&b, "\n", 1); break;
		case 'r': carc_buf_add(&b, "\r", 1); break;
		case 't': carc_buf_add(&b, "\t", 1); break;
		case 'u':
			if (hex4(j, &c)) {
				carc_buf_release(&b);
				return CARC_EDATA;
			}
			if (c >= 0xd800 && c < 0xdc00 && j->p + 1 < j->end && j->p[0] == '\\' &&
			    j->p[1] == 'u') {
				j->p += 2;
				if (hex4(j, &lo)) {
					carc_buf_release(&b);
					return CARC_EDATA;
				}
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
			}
			utf8(&b, c);
			break;
		default:
			carc_buf_release(&b);
			return jfail(j, "bad escape in a string");
		}
	}
	j->p++;
	v->type = J_STR;
	if (carc_buf_add(&b, "", 0) == -1)
		return seterr(j->err, CARC_ESOFTWARE, "out of memory");
	v->s = b.data;
	v->len = b.len;
	return 0;
}

/* A whole number, read within the text: strtoll would read on past its end, which need not
 * be a NUL. Beyond int64_t when negative, or uint64_t, it is refused. */
static int
jnumber(struct jp *j, struct jv *v)
{
	const char *p = j->p;
	bool neg = *p == '-';
	uint64_t u = 0, lim = neg ? (uint64_t)INT64_MAX + 1 : UINT64_MAX;
	unsigned d;

	if (neg)
		p++;
	if (p == j->end || !isdigit((unsigned char)*p))
		return jfail(j, "a number needs digits");
	for (; p < j->end && isdigit((unsigned char)*p); p++) {
		d = *p - '0';
		if (u > (lim - d) / 10)
			return jfail(j, "numbers must be whole and in range");
		u = u * 10 + d;
	}
	if (p < j->end && (*p == '.' || *p == 'e' || *p == 'E'))
		return jfail(j, "numbers must be whole and in range");
	v->type = J_INT;
	v->i = neg && u > 0 ? -(int64_t)(u - 1) - 1 : (int64_t)u;
	v->len = neg;		/* remembers the sign for packing */
	j->p = p;
	return 0;
}

static int jvalue(struct jp *, struct jv *, int);

static int
jpush(struct jp *j, struct jv *v, size_t *cap, struct jv **slot)
{
	if (++j->values > MAX_VALUES)
		return jfail(j, "more than " XSTR(MAX_VALUES) " values");
	if (v->n == *cap) {
		size_t c = *cap ? *cap * 2 : 8;
		struct jv *k = realloc(v->kids, c * sizeof(*k));

		if (k == NULL)
			return seterr(j->err, CARC_ESOFTWARE, "out of memory");
		v->kids = k;
		*cap = c;
	}
	*slot = &v->kids[v->n++];
	memset(*slot, 0, sizeof(**slot));
	return 0;
}

/* depth: the containers around this one. jcontainer and jvalue call each other, so the
 * depth bounds the recursion. */
static int
jcontainer(struct jp *j, struct jv *v, int depth)
{
	char close = *j->p == '[' ? ']' : '}';
	size_t cap = 0;
	struct jv *slot;

	if (depth >= MAX_DEPTH)
		return jfail(j, "nested more than " XSTR(MAX_DEPTH) " deep");
	v->type = close == ']' ? J_ARR : J_OBJ;
	j->p++;
	skip(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return 0;
	}
	for (;;) {
		skip(j);
		if (v->type == J_OBJ) {
			if (j->p >= j->end || *j->p != '"')
				return jfail(j, "expected a string key");
			if (jpush(j, v, &cap, &slot) || jstring(j, slot))
				return CARC_EDATA;
			skip(j);
			if (j->p >= j->end || *j->p++ != ':')
				return jfail(j, "expected ':'");
		}
		if (jpush(j, v, &cap, &slot) || jvalue(j, slot, depth + 1))
			return CARC_EDATA;
		skip(j);
		if (j->p < j->end && *j->p == ',') {
			j->p++;
			continue;
		}
		if (j->p < j->end && *j->p == close) {
			j->p++;
			return 0;
		}
		return jfail(j, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
	}
}

static int
jvalue(struct jp *j, struct jv *v, int depth)
{
	skip(j);
	if (j->p >= j->end)
		return jfail(j, "unexpected end of input");
	switch (*j->p) {
	case '{':
	case '[':
		return jcontainer(j, v, depth);
	case '"':
		return jstring(j, v);
	case 't':
	case 'f':
	case 'n':
		if (j->end - j->p >= 4 && memcmp(j->p, "true", 4) == 0) {
			v->type = J_BOOL;
			v->i = 1;
			j->p += 4;
		} else if (j->end - j->p >= 5 && memcmp(j->p, "false", 5) == 0) {
			v->type = J_BOOL;
			j->p += 5;
		} else if (j->end - j->p >= 4 && memcmp(j->p, "null", 4) == 0) {
			v->type = J_NULL;
			j->p += 4;
		} else
			return jfail(j, "unknown word");
		return 0;
	default:
		if (*j->p != '-' && !isdigit((unsigned char)*j->p))
			return jfail(j, "unexpected character");
		return jnumber(j, v);
	}
}

static void
pack(msgpack_packer *pk, const struct jv *v, int depth)
{
	size_t i, n = 0;

	switch (v->type) {
	case J_NULL:
		msgpack_pack_nil(pk);
		break;
	case J_BOOL:
		if (v->i)
			msgpack_pack_true(pk);
		else
			msgpack_pack_false(pk);
		break;
	case J_INT:
		if (v->len)
			msgpack_pack_int64(pk, v->i);
		else
			msgpack_pack_uint64(pk, (uint64_t)v->i);
		break;
	case J_STR:
		msgpack_pack_str(pk, v->len);
		msgpack_pack_str_body(pk, v->s, v->len);
		break;
	case J_ARR:
		msgpack_pack_array(pk, v->n);
		for (i = 0; i < v->n; i++)
			pack(pk, &v->kids[i], depth + 1);
		break;
	case J_OBJ:
		/* the derived tiles_left of the top level is not part of the state */
		for (i = 0; i < v->n; i += 2)
			if (!(depth == 0 && v->kids[i].len == 10 &&
			    memcmp(v->kids[i].s, "tiles_left", 10) == 0))
				n++;
		msgpack_pack_map(pk, n);
		for (i = 0; i < v->n; i += 2) {
			if (depth == 0 && v->kids[i].len == 10 &&
			    memcmp(v->kids[i].s, "tiles_left", 10) == 0)
				continue;
			pack(pk, &v->kids[i], depth + 1);
			pack(pk, &v->kids[i + 1], depth + 1);
		}
		break;
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
	struct jv root = { 0 };
	struct carc_buf mp = { 0 };
	msgpack_packer pk;
	struct carc_game *g = NULL;

	if (jvalue(&j, &root, 0))
		goto out;
	skip(&j);
	if (j.p != j.end) {
		jfail(&j, "trailing text after the state");
		goto out;
	}
	msgpack_packer_init(&pk, &mp, buf_write);
	pack(&pk, &root, 0);
	if (mp.data == NULL) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	g = carc_state_read(mp.data, mp.len, j.name, err);
out:
	jv_free(&root);
	carc_buf_release(&mp);
	return g;
}
