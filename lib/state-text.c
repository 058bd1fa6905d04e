/* Every string of a state through carc_text_check: all of a state's strings, keys included,
 * before the reader decodes them, and the strings of a game before the writer writes them.
 * And every map of a state with each key once. */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "state-text.h"
#include "carc.h"

static int
check_str(const msgpack_object *o, enum carc_text kind, const char *name, const char *where,
    bool key, struct carc_err *err)
{
	char why[96];

	if (carc_text_check(o->via.str.ptr, o->via.str.size, kind, why, sizeof(why)) == 0)
		return 0;
	return seterr(err, CARC_EDATA, "%s: bad state: a %s in %s is not text: %s", name,
	    key ? "key" : "string", where, why);
}

/* Keys in the order of their type, length and bytes; the same key compares 0. */
static int
key_cmp(const msgpack_object *x, const msgpack_object *y)
{
	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->type == MSGPACK_OBJECT_STR) {
		if (x->via.str.size != y->via.str.size)
			return x->via.str.size < y->via.str.size ? -1 : 1;
		return memcmp(x->via.str.ptr, y->via.str.ptr, x->via.str.size);
	}
	if (x->type == MSGPACK_OBJECT_POSITIVE_INTEGER || x->type == MSGPACK_OBJECT_NEGATIVE_INTEGER)
		return x->via.i64 < y->via.i64 ? -1 : x->via.i64 > y->via.i64;
	return 0;	/* other keys the reader refuses by their type */
}

static int
key_order(const void *a, const void *b)
{
	return key_cmp(*(const msgpack_object *const *)a, *(const msgpack_object *const *)b);
}

/* A key of the map that comes twice (the reader would see only one of them), or NULL. */
static const msgpack_object *
twice(const msgpack_object *o, struct carc_err *err)
{
	const msgpack_object **k, *dup = NULL;
	uint32_t i, j, n = o->via.map.size;

	if (n <= 16) {
		for (i = 0; i < n; i++)
			for (j = 0; j < i; j++)
				if (key_cmp(&o->via.map.ptr[i].key, &o->via.map.ptr[j].key) == 0)
					return &o->via.map.ptr[i].key;
		return NULL;
	}
	if ((k = malloc(n * sizeof(*k))) == NULL) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		return o;
	}
	for (i = 0; i < n; i++)
		k[i] = &o->via.map.ptr[i].key;
	qsort(k, n, sizeof(*k), key_order);
	for (i = 1; i < n && dup == NULL; i++)
		if (key_cmp(k[i - 1], k[i]) == 0)
			dup = k[i];
	free(k);
	return dup;
}

/* Refuses a map with a key twice: the reader takes one, --verify another. */
static int
check_keys(const msgpack_object *o, const char *name, const char *where, struct carc_err *err)
{
	const msgpack_object *k = twice(o, err);

	if (k == NULL)
		return 0;
	if (k == o)
		return err->code;
	if (k->type == MSGPACK_OBJECT_STR)
		return seterr(err, CARC_EDATA, "%s: bad state: key '%.*s' twice in %s",
		    name, (int)(k->via.str.size > 40 ? 40 : k->via.str.size), k->via.str.ptr, where);
	return seterr(err, CARC_EDATA, "%s: bad state: a key twice in %s", name, where);
}

/* Every string of the object, keys included, as a line of text; the YAML of a user's tile set
 * as UTF-8. WHERE names the key of the state it is under, for the message. The unpacker has
 * checked the depth, so the recursion is bounded. */
static int
walk(const msgpack_object *o, const char *name, const char *where, bool yaml,
    struct carc_err *err)
{
	uint32_t i;

	switch (o->type) {
	case MSGPACK_OBJECT_STR:
		return check_str(o, yaml ? CARC_TEXT_UTF8 : CARC_TEXT_LINE, name, where, false, err);
	case MSGPACK_OBJECT_BIN:
	case MSGPACK_OBJECT_EXT:
		return 0;	/* the reader refuses them with the type it wants */
	case MSGPACK_OBJECT_ARRAY:
		for (i = 0; i < o->via.array.size; i++)
			if (walk(&o->via.array.ptr[i], name, where, false, err))
				return err->code;
		return 0;
	case MSGPACK_OBJECT_MAP:
		if (check_keys(o, name, where, err))
			return err->code;
		for (i = 0; i < o->via.map.size; i++) {
			const msgpack_object_kv *kv = &o->via.map.ptr[i];

			if (kv->key.type == MSGPACK_OBJECT_STR &&
			    check_str(&kv->key, CARC_TEXT_LINE, name, where, true, err))
				return err->code;
			if (walk(&kv->val, name, where, kv->key.type == MSGPACK_OBJECT_STR &&
			    kv->key.via.str.size == 4 && memcmp(kv->key.via.str.ptr, "yaml", 4) == 0,
			    err))
				return err->code;
		}
		return 0;
	default:
		return 0;
	}
}

int
text_check_state(const msgpack_object *root, const char *name, struct carc_err *err)
{
	char where[48];
	uint32_t i;

	if (root->type != MSGPACK_OBJECT_MAP)
		return 0;
	if (check_keys(root, name, "the state", err))
		return err->code;
	for (i = 0; i < root->via.map.size; i++) {
		const msgpack_object_kv *kv = &root->via.map.ptr[i];

		if (kv->key.type == MSGPACK_OBJECT_STR && check_str(&kv->key, CARC_TEXT_LINE, name,
		    "the state", true, err))
			return err->code;
		if (kv->key.type == MSGPACK_OBJECT_STR)
			snprintf(where, sizeof(where), "'%.*s'", (int)(kv->key.via.str.size > 40 ?
			    40 : kv->key.via.str.size), kv->key.via.str.ptr);
		else
			snprintf(where, sizeof(where), "the state");
		if (walk(&kv->val, name, where, false, err))
			return err->code;
	}
	return 0;
}

/* What a state writer is about to write: a game is only made from text that passed the
 * readers' checks, so this catches a fault of the library, never a user's input. */
int
text_check_game(const struct carc_game *g, struct carc_err *err)
{
	const char *s[3] = { g->setup_start, g->setup_stack, g->setup_deck };
	char why[96];
	int i;

	for (i = 0; i < g->nplayers; i++)
		if (carc_text_check(g->pl[i].name, strlen(g->pl[i].name), CARC_TEXT_NAME, why,
		    sizeof(why)))
			return seterr(err, CARC_ESOFTWARE, "player %d's name is not text: %s", i + 1,
			    why);
	for (i = 0; i < g->nlog; i++)
		if (carc_text_check(g->log[i], strlen(g->log[i]), CARC_TEXT_LINE, why, sizeof(why)))
			return seterr(err, CARC_ESOFTWARE, "log entry %d is not text: %s", i + 1, why);
	for (i = 0; i < 3; i++)
		if (s[i] && carc_text_check(s[i], strlen(s[i]), CARC_TEXT_LINE, why, sizeof(why)))
			return seterr(err, CARC_ESOFTWARE, "the setup is not text: %s", why);
	for (i = 0; i < g->ts.nsets; i++)
		if (g->ts.sets[i].yaml && carc_text_check(g->ts.sets[i].yaml, g->ts.sets[i].yamllen,
		    CARC_TEXT_UTF8, why, sizeof(why)))
			return seterr(err, CARC_ESOFTWARE, "tile set '%s' is not text: %s",
			    g->ts.sets[i].name, why);
	return 0;
}
