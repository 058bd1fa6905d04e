/* The one check of every string: the state reader, the state writer, carc-deck --players,
 * --from-json (through the state reader), the armour's header lines and the tile-set loader
 * all ask carc_text_check, so that what one of them takes every other takes too. */
#include <msgpack.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "text.h"

size_t
carc_utf8_char(const char *s, size_t n, unsigned long *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c, min;
	size_t len, i;

	if (n == 0)
		return 0;
	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2, c = p[0] & 0x1f, min = 0x80;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3, c = p[0] & 0x0f, min = 0x800;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4, c = p[0] & 0x07, min = 0x10000;
	else
		return 0;	/* a continuation byte, 0xc0 and 0xc1 (always overlong), 0xf5.. */
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/* What a code point is, when a line of text may not hold it; NULL when it may. */
static const char *
unwanted(unsigned long c)
{
	if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))
		return "a control character";
	if (c == 0x2028 || c == 0x2029)
		return "a line separator";
	if (c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
	    (c >= 0x2066 && c <= 0x2069))
		return "a bidirectional control";
	return NULL;
}

int
carc_text_check(const char *s, size_t n, enum carc_text kind, char *why, size_t whylen)
{
	unsigned long c;
	const char *what;
	size_t i, k;

	if (kind == CARC_TEXT_NAME && (n == 0 || n > CARC_NAME_MAX)) {
		snprintf(why, whylen, "1 to %d bytes", CARC_NAME_MAX);
		return -1;
	}
	for (i = 0; i < n; i += k) {
		if ((k = carc_utf8_char(s + i, n - i, &c)) == 0) {
			snprintf(why, whylen, "not UTF-8 at byte %zu (0x%02x)", i + 1,
			    (unsigned char)s[i]);
			return -1;
		}
		if (kind == CARC_TEXT_UTF8)
			continue;
		if (kind == CARC_TEXT_NAME && c < 0x80 && !(c >= 'a' && c <= 'z') &&
		    !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') && !strchr("_-.", (int)c)) {
			snprintf(why, whylen, "letters, digits, '_', '-' and '.' only");
			return -1;
		}
		if ((what = unwanted(c)) != NULL) {
			snprintf(why, whylen, "%s at byte %zu (U+%04lX)", what, i + 1, c);
			return -1;
		}
	}
	return 0;
}

/* ---- the whole of a state ---- */

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
