/* The MessagePack helpers the state's writer and reader share with the modules that keep a
 * part of the state: strings and lengths written, keys and values read and checked, every
 * complaint as "NAME: bad state: ..." with status 65. */
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "game.h"

void
mp_str(msgpack_packer *pk, const char *s)
{
	size_t n = strlen(s);

	msgpack_pack_str(pk, n);
	msgpack_pack_str_body(pk, s, n);
}

void
mp_str_or_nil(msgpack_packer *pk, const char *s)
{
	if (s)
		mp_str(pk, s);
	else
		msgpack_pack_nil(pk);
}

void
mp_ids(msgpack_packer *pk, const struct carc_game *g, const uint16_t *a, int n)
{
	int i;

	msgpack_pack_array(pk, n);
	for (i = 0; i < n; i++)
		mp_str(pk, g->ts.types[a[i]].id);
}

void
mp_centi(msgpack_packer *pk, const char *key, int32_t v)
{
	char s[24];

	mp_str(pk, key);
	format_centi(s, sizeof(s), v);
	mp_str(pk, s);
}

int
mp_fail(struct rd *r, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return seterr(r->err, CARC_EDATA, "%s: %s", r->name, what);
}

bool
mp_key_is(const msgpack_object_kv *kv, const char *k)
{
	size_t n = strlen(k);

	return kv->key.type == MSGPACK_OBJECT_STR && kv->key.via.str.size == n &&
	    memcmp(kv->key.via.str.ptr, k, n) == 0;
}

/* Every key of the map must be among the allowed ones, none twice. */
int
mp_check_keys(struct rd *r, const msgpack_object *m, const char *where, const char *const *allowed)
{
	uint32_t i, j;
	int a;

	for (i = 0; i < m->via.map.size; i++) {
		const msgpack_object_kv *kv = &m->via.map.ptr[i];

		if (kv->key.type != MSGPACK_OBJECT_STR)
			return mp_fail(r, "bad state: a key of %s is not a string", where);
		for (a = 0; allowed[a]; a++)
			if (mp_key_is(kv, allowed[a]))
				break;
		if (!allowed[a])
			return mp_fail(r, "bad state: unknown key '%.*s' in %s",
			    (int)(kv->key.via.str.size > 40 ? 40 : kv->key.via.str.size),
			    kv->key.via.str.ptr, where);
		for (j = 0; j < i; j++)
			if (mp_key_is(&m->via.map.ptr[j], allowed[a]))
				return mp_fail(r, "bad state: key '%s' twice in %s", allowed[a], where);
	}
	return 0;
}

const msgpack_object *
mp_get(const msgpack_object *m, const char *k)
{
	uint32_t i;

	for (i = 0; i < m->via.map.size; i++)
		if (mp_key_is(&m->via.map.ptr[i], k))
			return &m->via.map.ptr[i].val;
	return NULL;
}

int
mp_need(struct rd *r, const msgpack_object *m, const char *k, msgpack_object_type t,
    const char *where, const msgpack_object **out)
{
	const msgpack_object *o = mp_get(m, k);
	const char *tn;

	if (o == NULL)
		return mp_fail(r, "bad state: %s has no '%s'", where, k);
	if (o->type != t && !(t == MSGPACK_OBJECT_POSITIVE_INTEGER &&
	    o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER))
	{
		switch (t) {
		case MSGPACK_OBJECT_POSITIVE_INTEGER: tn = "a whole number"; break;
		case MSGPACK_OBJECT_STR: tn = "a string"; break;
		case MSGPACK_OBJECT_ARRAY: tn = "an array"; break;
		case MSGPACK_OBJECT_MAP: tn = "a map"; break;
		default: tn = "of another type"; break;
		}
		return mp_fail(r, "bad state: '%s' in %s must be %s", k, where, tn);
	}
	*out = o;
	return 0;
}

int
mp_need_int(struct rd *r, const msgpack_object *m, const char *k, const char *where, int64_t lo,
    int64_t hi, int64_t *out)
{
	const msgpack_object *o = NULL;

	if (mp_need(r, m, k, MSGPACK_OBJECT_POSITIVE_INTEGER, where, &o))
		return CARC_EDATA;
	if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 > (uint64_t)INT64_MAX)
		return mp_fail(r, "bad state: '%s' in %s is out of range", k, where);
	*out = o->via.i64;
	if (*out < lo || *out > hi)
		return mp_fail(r, "bad state: '%s' in %s is %" PRId64 ", outside %" PRId64 "..%" PRId64,
		    k, where, *out, lo, hi);
	return 0;
}

int
mp_need_str(struct rd *r, const msgpack_object *m, const char *k, const char *where, char *out,
    size_t n)
{
	const msgpack_object *o = NULL;

	if (mp_need(r, m, k, MSGPACK_OBJECT_STR, where, &o))
		return CARC_EDATA;
	if (o->via.str.size >= n)
		return mp_fail(r, "bad state: '%s' in %s is longer than %zu bytes", k, where, n - 1);
	if (memchr(o->via.str.ptr, '\0', o->via.str.size))
		return mp_fail(r, "bad state: '%s' in %s holds a NUL byte", k, where);
	memcpy(out, o->via.str.ptr, o->via.str.size);
	out[o->via.str.size] = '\0';
	return 0;
}

int
mp_opt_str(struct rd *r, const msgpack_object *m, const char *k, char **out)
{
	const msgpack_object *o = mp_get(m, k);

	*out = NULL;
	if (o == NULL || o->type == MSGPACK_OBJECT_NIL)
		return 0;
	if (o->type != MSGPACK_OBJECT_STR || memchr(o->via.str.ptr, '\0', o->via.str.size))
		return mp_fail(r, "bad state: setup '%s' must be a string or nil", k);
	if (o->via.str.size > MAX_SETUP_STRING)
		return mp_fail(r, "bad state: setup '%s' is longer than %d bytes", k, MAX_SETUP_STRING);
	if ((*out = malloc(o->via.str.size + 1)) == NULL)
		return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	memcpy(*out, o->via.str.ptr, o->via.str.size);
	(*out)[o->via.str.size] = '\0';
	return 0;
}

