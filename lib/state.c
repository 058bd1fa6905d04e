/* The game state as one MessagePack map (carc-state(5)): written canonically, read strictly.
 * Reading replays the placements, so the features are rebuilt and every tile is checked. */
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_LOG_WORD 95
#define MAX_SETUP_STRING 65536

/* ---- writing ---- */

static void
pstr(msgpack_packer *pk, const char *s)
{
	size_t n = strlen(s);

	msgpack_pack_str(pk, n);
	msgpack_pack_str_body(pk, s, n);
}

static void
pstr_or_nil(msgpack_packer *pk, const char *s)
{
	if (s)
		pstr(pk, s);
	else
		msgpack_pack_nil(pk);
}

static void
pids(msgpack_packer *pk, const struct carc_game *g, const uint16_t *a, int n)
{
	int i;

	msgpack_pack_array(pk, n);
	for (i = 0; i < n; i++)
		pstr(pk, g->ts.types[a[i]].id);
}

static void
pcenti(msgpack_packer *pk, const char *key, int32_t v)
{
	char s[24];

	pstr(pk, key);
	format_centi(s, sizeof(s), v);
	pstr(pk, s);
}

/* A catapult round in progress, or nil. Landings are in hundredths of a tile. */
static void
pcatapult(msgpack_packer *pk, const struct carc_game *g)
{
	const struct catapult *c = &g->cat;
	char name[32];
	int i;

	if (!c->on) {
		msgpack_pack_nil(pk);
		return;
	}
	msgpack_pack_map(pk, 7);
	pstr(pk, "fair");
	msgpack_pack_array(pk, 2);
	msgpack_pack_int(pk, c->fx);
	msgpack_pack_int(pk, c->fy);
	pstr(pk, "first");
	msgpack_pack_int(pk, c->first);
	pstr(pk, "token");
	pstr_or_nil(pk, c->token >= 0 ? token_names[(int)c->token] : NULL);
	pstr(pk, "pending");
	pstr_or_nil(pk, c->pending == PENDING_HURL ? "hurl" : c->pending == PENDING_SEDUCE ?
	    "seduce" : NULL);
	pstr(pk, "landings");
	i = c->hurled + (c->pending == PENDING_HURL || g->phase == CARC_SEDUCE ||
	    c->pending == PENDING_SEDUCE);
	msgpack_pack_array(pk, i);
	for (i = 0; i < c->hurled + (c->pending == PENDING_HURL || g->phase == CARC_SEDUCE ||
	    c->pending == PENDING_SEDUCE); i++) {
		msgpack_pack_map(pk, 3);
		pstr(pk, "player");
		msgpack_pack_int(pk, c->land[i].player);
		pstr(pk, "x");
		msgpack_pack_int(pk, c->land[i].x);
		pstr(pk, "y");
		msgpack_pack_int(pk, c->land[i].y);
	}
	pstr(pk, "victim");
	if (c->victim >= 0) {
		const struct figure *f = &g->figs[c->victim];
		const struct placed *p = &g->board[f->tile];

		msgpack_pack_map(pk, 3);
		pstr(pk, "x");
		msgpack_pack_int(pk, p->x);
		pstr(pk, "y");
		msgpack_pack_int(pk, p->y);
		pstr(pk, "feature");
		seg_rotated_name(&g->ts.types[p->type], p->rot, f->seg, name, sizeof(name));
		pstr(pk, name);
	} else
		msgpack_pack_nil(pk);
	pstr(pk, "from");
	if (c->pending != PENDING_SEDUCE)
		msgpack_pack_nil(pk);
	else if (c->from == FROM_SUPPLY || c->from == FROM_NONE)
		pstr(pk, c->from == FROM_SUPPLY ? "supply" : "none");
	else {
		const struct figure *f = &g->figs[c->from];
		const struct placed *p = &g->board[f->tile];
		char w[64];

		seg_rotated_name(&g->ts.types[p->type], p->rot, f->seg, name, sizeof(name));
		snprintf(w, sizeof(w), "%d,%d,%s", p->x, p->y, name);
		pstr(pk, w);
	}
}

static int
sbuf_write(void *data, const char *buf, size_t len)
{
	return carc_buf_add(data, buf, len);
}

int
carc_state_write(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	msgpack_packer pk;
	char hex[17], name[32];
	int i, f;

	msgpack_packer_init(&pk, out, sbuf_write);
	msgpack_pack_map(&pk, 14);
	pstr(&pk, "format");
	pstr(&pk, "carc");
	pstr(&pk, "version");
	msgpack_pack_int(&pk, CARC_FORMAT_VERSION);

	pstr(&pk, "setup");
	msgpack_pack_map(&pk, 6);
	pstr(&pk, "sets");
	msgpack_pack_array(&pk, g->ts.nsets);
	for (i = 0; i < g->ts.nsets; i++) {
		msgpack_pack_map(&pk, g->ts.sets[i].yaml ? 3 : 2);
		pstr(&pk, "name");
		pstr(&pk, g->ts.sets[i].name);
		pstr(&pk, "digest");
		pstr(&pk, g->ts.sets[i].digest);
		if (g->ts.sets[i].yaml) {
			pstr(&pk, "yaml");
			msgpack_pack_str(&pk, g->ts.sets[i].yamllen);
			msgpack_pack_str_body(&pk, g->ts.sets[i].yaml, g->ts.sets[i].yamllen);
		}
	}
	pstr(&pk, "rules");
	msgpack_pack_map(&pk, 7 + (g->rules.chain >= 0) + (g->rules.ft_draw != FT_DRAW_MAX));
	pstr(&pk, "edition");
	pstr(&pk, g->rules.edition == RULE_EDITION_C1 ? "c1" : "c2");
	pstr(&pk, "farmers");
	pstr(&pk, g->rules.farmers ? "on" : "off");
	pstr(&pk, "catapult");
	pstr(&pk, g->rules.catapult == CATAPULT_SIM ? "sim" : g->rules.catapult == CATAPULT_HOUSE ?
	    "house" : "off");
	pcenti(&pk, "scatter", g->rules.scatter);
	pcenti(&pk, "reach", g->rules.reach);
	pcenti(&pk, "ruler", g->rules.ruler);
	pcenti(&pk, "catch", g->rules.catch_reach);
	/* options added later are written only when a game sets them: the others keep their bytes */
	if (g->rules.chain >= 0)
		pcenti(&pk, "chain", g->rules.chain);
	if (g->rules.ft_draw != FT_DRAW_MAX) {
		pstr(&pk, "ft-draw");
		pstr(&pk, "may");
	}
	pstr(&pk, "seed");
	msgpack_pack_uint64(&pk, g->seed);
	pstr(&pk, "start");
	pstr_or_nil(&pk, g->setup_start);
	pstr(&pk, "stack");
	pstr_or_nil(&pk, g->setup_stack);
	pstr(&pk, "deck");
	pstr_or_nil(&pk, g->setup_deck);

	pstr(&pk, "players");
	msgpack_pack_array(&pk, g->nplayers);
	for (i = 0; i < g->nplayers; i++) {
		msgpack_pack_map(&pk, 3);
		pstr(&pk, "name");
		pstr(&pk, g->pl[i].name);
		pstr(&pk, "score");
		msgpack_pack_int(&pk, g->pl[i].score);
		pstr(&pk, "supply");
		msgpack_pack_map(&pk, g->ts.nfig);
		for (f = 0; f < g->ts.nfig; f++) {
			pstr(&pk, g->ts.fig[f].name);
			msgpack_pack_int(&pk, figures_left(g, i, f));
		}
	}
	pstr(&pk, "phase");
	pstr(&pk, carc_phase_name(g->phase));
	pstr(&pk, "player");
	msgpack_pack_int(&pk, g->player);
	pstr(&pk, "drawn");
	pids(&pk, g, g->drawn, g->ndrawn);
	pstr(&pk, "supply");
	pids(&pk, g, g->supply, g->nsupply);
	pstr(&pk, "aside");
	pids(&pk, g, g->aside, g->naside);
	pstr(&pk, "rng");
	snprintf(hex, sizeof(hex), "%016" PRIx64, g->rng);
	pstr(&pk, hex);

	pstr(&pk, "board");
	msgpack_pack_array(&pk, g->nboard);
	for (i = 0; i < g->nboard; i++) {
		msgpack_pack_map(&pk, 4);
		pstr(&pk, "tile");
		pstr(&pk, g->ts.types[g->board[i].type].id);
		pstr(&pk, "x");
		msgpack_pack_int(&pk, g->board[i].x);
		pstr(&pk, "y");
		msgpack_pack_int(&pk, g->board[i].y);
		pstr(&pk, "rot");
		msgpack_pack_int(&pk, g->board[i].rot * 90);
	}
	pstr(&pk, "figures");
	msgpack_pack_array(&pk, g->nfigs);
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *fg = &g->figs[i];
		const struct placed *p = &g->board[fg->tile];

		msgpack_pack_map(&pk, 5);
		pstr(&pk, "x");
		msgpack_pack_int(&pk, p->x);
		pstr(&pk, "y");
		msgpack_pack_int(&pk, p->y);
		pstr(&pk, "feature");
		seg_rotated_name(&g->ts.types[p->type], p->rot, fg->seg, name, sizeof(name));
		pstr(&pk, name);
		pstr(&pk, "owner");
		msgpack_pack_int(&pk, fg->owner);
		pstr(&pk, "type");
		pstr(&pk, g->ts.fig[fg->type].name);
	}
	pstr(&pk, "catapult");
	pcatapult(&pk, g);
	pstr(&pk, "log");
	msgpack_pack_array(&pk, g->nlog);
	for (i = 0; i < g->nlog; i++)
		pstr(&pk, g->log[i]);
	if (out->data == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

/* ---- reading ---- */

struct rd {
	const char *name;
	struct carc_err *err;
};

static int
fail(struct rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
fail(struct rd *r, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return seterr(r->err, CARC_EDATA, "%s: %s", r->name, what);
}

static bool
key_is(const msgpack_object_kv *kv, const char *k)
{
	size_t n = strlen(k);

	return kv->key.type == MSGPACK_OBJECT_STR && kv->key.via.str.size == n &&
	    memcmp(kv->key.via.str.ptr, k, n) == 0;
}

/* Every key of the map must be among the allowed ones, none twice. */
static int
check_keys(struct rd *r, const msgpack_object *m, const char *where, const char *const *allowed)
{
	uint32_t i, j;
	int a;

	for (i = 0; i < m->via.map.size; i++) {
		const msgpack_object_kv *kv = &m->via.map.ptr[i];

		if (kv->key.type != MSGPACK_OBJECT_STR)
			return fail(r, "bad state: a key of %s is not a string", where);
		for (a = 0; allowed[a]; a++)
			if (key_is(kv, allowed[a]))
				break;
		if (!allowed[a])
			return fail(r, "bad state: unknown key '%.*s' in %s",
			    (int)(kv->key.via.str.size > 40 ? 40 : kv->key.via.str.size),
			    kv->key.via.str.ptr, where);
		for (j = 0; j < i; j++)
			if (key_is(&m->via.map.ptr[j], allowed[a]))
				return fail(r, "bad state: key '%s' twice in %s", allowed[a], where);
	}
	return 0;
}

static const msgpack_object *
get(const msgpack_object *m, const char *k)
{
	uint32_t i;

	for (i = 0; i < m->via.map.size; i++)
		if (key_is(&m->via.map.ptr[i], k))
			return &m->via.map.ptr[i].val;
	return NULL;
}

static int
need(struct rd *r, const msgpack_object *m, const char *k, msgpack_object_type t,
    const char *where, const msgpack_object **out)
{
	const msgpack_object *o = get(m, k);
	const char *tn;

	if (o == NULL)
		return fail(r, "bad state: %s has no '%s'", where, k);
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
		return fail(r, "bad state: '%s' in %s must be %s", k, where, tn);
	}
	*out = o;
	return 0;
}

static int
need_int(struct rd *r, const msgpack_object *m, const char *k, const char *where, int64_t lo,
    int64_t hi, int64_t *out)
{
	const msgpack_object *o = NULL;

	if (need(r, m, k, MSGPACK_OBJECT_POSITIVE_INTEGER, where, &o))
		return CARC_EDATA;
	if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER && o->via.u64 > (uint64_t)INT64_MAX)
		return fail(r, "bad state: '%s' in %s is out of range", k, where);
	*out = o->via.i64;
	if (*out < lo || *out > hi)
		return fail(r, "bad state: '%s' in %s is %" PRId64 ", outside %" PRId64 "..%" PRId64,
		    k, where, *out, lo, hi);
	return 0;
}

static int
need_str(struct rd *r, const msgpack_object *m, const char *k, const char *where, char *out,
    size_t n)
{
	const msgpack_object *o = NULL;

	if (need(r, m, k, MSGPACK_OBJECT_STR, where, &o))
		return CARC_EDATA;
	if (o->via.str.size >= n)
		return fail(r, "bad state: '%s' in %s is longer than %zu bytes", k, where, n - 1);
	if (memchr(o->via.str.ptr, '\0', o->via.str.size))
		return fail(r, "bad state: '%s' in %s holds a NUL byte", k, where);
	memcpy(out, o->via.str.ptr, o->via.str.size);
	out[o->via.str.size] = '\0';
	return 0;
}

static int
opt_str(struct rd *r, const msgpack_object *m, const char *k, char **out)
{
	const msgpack_object *o = get(m, k);

	*out = NULL;
	if (o == NULL || o->type == MSGPACK_OBJECT_NIL)
		return 0;
	if (o->type != MSGPACK_OBJECT_STR || memchr(o->via.str.ptr, '\0', o->via.str.size))
		return fail(r, "bad state: setup '%s' must be a string or nil", k);
	if (o->via.str.size > MAX_SETUP_STRING)
		return fail(r, "bad state: setup '%s' is longer than %d bytes", k, MAX_SETUP_STRING);
	if ((*out = malloc(o->via.str.size + 1)) == NULL)
		return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	memcpy(*out, o->via.str.ptr, o->via.str.size);
	(*out)[o->via.str.size] = '\0';
	return 0;
}

static int
read_ids(struct rd *r, struct carc_game *g, const msgpack_object *a, const char *what,
    uint16_t *out, int max, int *n)
{
	char id[ID_MAX];
	uint32_t i;
	int t;

	if (a->via.array.size > (uint32_t)max)
		return fail(r, "bad state: more than %d tiles in '%s'", max, what);
	for (i = 0; i < a->via.array.size; i++) {
		const msgpack_object *o = &a->via.array.ptr[i];

		if (o->type != MSGPACK_OBJECT_STR || memchr(o->via.str.ptr, '\0', o->via.str.size))
			return fail(r, "bad state: '%s' must hold tile ids", what);
		if (o->via.str.size >= ID_MAX)
			return fail(r, "bad state: '%s' holds a tile id longer than %d bytes", what,
			    ID_MAX - 1);
		memcpy(id, o->via.str.ptr, o->via.str.size);
		id[o->via.str.size] = '\0';
		if ((t = tileset_find(&g->ts, id)) < 0)
			return fail(r, "bad state: '%s' names tile '%s', which no tile set has", what,
			    id);
		out[i] = t;
	}
	*n = a->via.array.size;
	return 0;
}

static int
read_setup(struct rd *r, struct carc_game *g, const msgpack_object *su)
{
	static const char *const keys[] = { "sets", "rules", "seed", "start", "stack", "deck",
		NULL };
	static const char *const setkeys[] = { "name", "digest", "yaml", NULL };
	const msgpack_object *sets, *rules, *seed, *o;
	char name[ID_MAX], digest[17], rule[64];
	uint32_t i;

	if (check_keys(r, su, "setup", keys) ||
	    need(r, su, "sets", MSGPACK_OBJECT_ARRAY, "setup", &sets) ||
	    need(r, su, "rules", MSGPACK_OBJECT_MAP, "setup", &rules) ||
	    need(r, su, "seed", MSGPACK_OBJECT_POSITIVE_INTEGER, "setup", &seed))
		return CARC_EDATA;
	if (seed->type != MSGPACK_OBJECT_POSITIVE_INTEGER || seed->via.u64 >= (1ULL << 53))
		return fail(r, "bad state: the seed must be a whole number from 0 to 2^53 - 1");
	g->seed = seed->via.u64;
	if (sets->via.array.size == 0 || sets->via.array.size > MAXSETS)
		return fail(r, "bad state: 1 to %d tile sets", MAXSETS);
	for (i = 0; i < sets->via.array.size; i++) {
		const msgpack_object *s = &sets->via.array.ptr[i];
		const char *text;
		size_t len;
		char file[64];

		if (s->type != MSGPACK_OBJECT_MAP)
			return fail(r, "bad state: a tile set must be a map");
		if (check_keys(r, s, "a tile set", setkeys) ||
		    need_str(r, s, "name", "a tile set", name, sizeof(name)) ||
		    need_str(r, s, "digest", "a tile set", digest, sizeof(digest)))
			return CARC_EDATA;
		if ((o = get(s, "yaml")) != NULL) {
			if (o->type != MSGPACK_OBJECT_STR)
				return fail(r, "bad state: the yaml of set '%s' must be a string", name);
			text = o->via.str.ptr;
			len = o->via.str.size;
			snprintf(file, sizeof(file), "%s (set %s)", r->name, name);
		} else {
			if (strcmp(name, "figures") == 0 || (text = builtin_set(name, &len)) == NULL)
				return fail(r, "bad state: tile set '%s' is not built into this carc", name);
			snprintf(file, sizeof(file), "formats/%s.yaml", name);
		}
		if (tileset_load(&g->ts, name, text, len, file, o == NULL, r->err))
			return r->err->code;
		if (strcmp(g->ts.sets[i].digest, digest) != 0)
			return fail(r, "tile set '%s' is not the one this game began with "
			    "(digest %s, here %s)", name, digest, g->ts.sets[i].digest);
	}
	static const char *const rulekeys[] = { "edition", "farmers", "catapult", "scatter",
		"reach", "ruler", "catch", "chain", "ft-draw", NULL };

	if (check_keys(r, rules, "rules", rulekeys))
		return CARC_EDATA;
	for (i = 0; i < rules->via.map.size; i++) {
		const msgpack_object_kv *kv = &rules->via.map.ptr[i];

		if (kv->val.type != MSGPACK_OBJECT_STR || kv->val.via.str.size > 30)
			return fail(r, "bad state: rule values must be short strings");
		snprintf(rule, sizeof(rule), "%.*s=%.*s", (int)kv->key.via.str.size,
		    kv->key.via.str.ptr, (int)kv->val.via.str.size, kv->val.via.str.ptr);
		if (parse_rule(&g->rules, rule, r->err))
			return fail(r, "bad state: %s", r->err->msg);
	}
	if (opt_str(r, su, "start", &g->setup_start) || opt_str(r, su, "stack", &g->setup_stack) ||
	    opt_str(r, su, "deck", &g->setup_deck))
		return r->err->code;
	return figures_load(&g->ts, r->err);
}

static int
read_players(struct rd *r, struct carc_game *g, const msgpack_object *pl)
{
	static const char *const keys[] = { "name", "score", "supply", NULL };
	uint32_t i;
	int j;
	int64_t v;

	if (pl->via.array.size < 2 || pl->via.array.size > CARC_MAX_PLAYERS)
		return fail(r, "bad state: a game has 2 to %d players, not %u", CARC_MAX_PLAYERS,
		    pl->via.array.size);
	g->nplayers = pl->via.array.size;
	for (i = 0; i < pl->via.array.size; i++) {
		const msgpack_object *p = &pl->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return fail(r, "bad state: a player must be a map");
		if (check_keys(r, p, "a player", keys) ||
		    need_str(r, p, "name", "a player", g->pl[i].name, sizeof(g->pl[i].name)) ||
		    need_int(r, p, "score", "a player", 0, 1000000, &v))
			return CARC_EDATA;
		if (g->pl[i].name[0] == '\0')
			return fail(r, "bad state: a player has an empty name");
		for (j = 0; j < (int)i; j++)
			if (strcmp(g->pl[j].name, g->pl[i].name) == 0)
				return fail(r, "bad state: player '%s' is named twice", g->pl[i].name);
		g->pl[i].score = v;
	}
	return 0;
}

/* After the board and figures are known: each player's supply must agree with them. */
static int
check_supplies(struct rd *r, struct carc_game *g, const msgpack_object *pl)
{
	uint32_t i;
	int f;
	int64_t v;
	const msgpack_object *sup;

	for (i = 0; i < pl->via.array.size; i++) {
		const msgpack_object *p = &pl->via.array.ptr[i];

		if (need(r, p, "supply", MSGPACK_OBJECT_MAP, "a player", &sup))
			return CARC_EDATA;
		if (sup->via.map.size != (uint32_t)g->ts.nfig)
			return fail(r, "bad state: the supply of %s must list %d figure types",
			    g->pl[i].name, g->ts.nfig);
		for (f = 0; f < g->ts.nfig; f++) {
			if (need_int(r, sup, g->ts.fig[f].name, "a supply", 0, 99, &v))
				return CARC_EDATA;
			if (v != figures_left(g, i, f))
				return fail(r, "inconsistent state: %s's supply of %s is %d, the board "
				    "leaves %d", g->pl[i].name, g->ts.fig[f].name, (int)v,
				    figures_left(g, i, f));
		}
	}
	return 0;
}

static int
read_board(struct rd *r, struct carc_game *g, const msgpack_object *bd)
{
	static const char *const keys[] = { "tile", "x", "y", "rot", NULL };
	char id[ID_MAX];
	int64_t x, y, rot;
	uint32_t i;
	int t, why;

	if (bd->via.array.size == 0)
		return fail(r, "bad state: the board has no start tile");
	if (bd->via.array.size > (uint32_t)g->cap)
		return fail(r, "bad state: more tiles on the board than in the game");
	for (i = 0; i < bd->via.array.size; i++) {
		const msgpack_object *p = &bd->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return fail(r, "bad state: a board entry must be a map");
		if (check_keys(r, p, "a board entry", keys) ||
		    need_str(r, p, "tile", "a board entry", id, sizeof(id)) ||
		    need_int(r, p, "x", "a board entry", -COORD_MAX, COORD_MAX, &x) ||
		    need_int(r, p, "y", "a board entry", -COORD_MAX, COORD_MAX, &y) ||
		    need_int(r, p, "rot", "a board entry", 0, 270, &rot))
			return CARC_EDATA;
		if (rot % 90)
			return fail(r, "bad state: rotation %d is not 0, 90, 180 or 270", (int)rot);
		if ((t = tileset_find(&g->ts, id)) < 0)
			return fail(r, "bad state: the board holds tile '%s', which no tile set has", id);
		if (i == 0) {
			if (x != 0 || y != 0)
				return fail(r, "inconsistent state: the start tile is not at 0,0");
		} else if ((why = board_fits(g, t, x, y, rot / 90)) != 0)
			return fail(r, "inconsistent state: tile %u (%s at %d,%d) %s", i, id, (int)x,
			    (int)y, why == 1 ? "lies on another tile" : why == 2 ?
			    "touches no other tile" : "does not match its neighbours");
		board_place(g, t, x, y, rot / 90);
	}
	return 0;
}

static int
read_figures(struct rd *r, struct carc_game *g, const msgpack_object *fs)
{
	static const char *const keys[] = { "x", "y", "feature", "owner", "type", NULL };
	char feat[32], type[ID_MAX];
	int64_t x, y, owner;
	uint32_t i;
	int b, s, f;

	for (i = 0; i < fs->via.array.size; i++) {
		const msgpack_object *p = &fs->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return fail(r, "bad state: a figure must be a map");
		if (check_keys(r, p, "a figure", keys) ||
		    need_int(r, p, "x", "a figure", -COORD_MAX, COORD_MAX, &x) ||
		    need_int(r, p, "y", "a figure", -COORD_MAX, COORD_MAX, &y) ||
		    need_str(r, p, "feature", "a figure", feat, sizeof(feat)) ||
		    need_int(r, p, "owner", "a figure", 0, g->nplayers - 1, &owner) ||
		    need_str(r, p, "type", "a figure", type, sizeof(type)))
			return CARC_EDATA;
		if ((b = board_at(g, x, y)) < 0)
			return fail(r, "inconsistent state: a figure stands at %d,%d, where no tile is",
			    (int)x, (int)y);
		const struct placed *pl = &g->board[b];

		if ((s = seg_by_name(&g->ts.types[pl->type], pl->rot, feat)) < 0)
			return fail(r, "inconsistent state: tile %s at %d,%d has no %s",
			    g->ts.types[pl->type].id, (int)x, (int)y, feat);
		for (f = 0; f < g->ts.nfig; f++)
			if (strcmp(g->ts.fig[f].name, type) == 0)
				break;
		if (f == g->ts.nfig)
			return fail(r, "bad state: unknown figure '%s'", type);
		if (!(g->ts.fig[f].on & (1u << g->ts.types[pl->type].seg[s].kind)))
			return fail(r, "inconsistent state: a %s stands on a %s at %d,%d", type,
			    kind_names[g->ts.types[pl->type].seg[s].kind], (int)x, (int)y);
		if (g->ts.types[pl->type].seg[s].kind == K_FIELD && !g->rules.farmers)
			return fail(r, "inconsistent state: a farmer at %d,%d in a game without farmers",
			    (int)x, (int)y);
		if (figures_left(g, owner, f) <= 0)
			return fail(r, "inconsistent state: %s has more %s figures than %d",
			    g->pl[owner].name, type, g->ts.fig[f].count);
		if (fig_add(g, b, s, owner, f) == -1)
			return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	}
	return 0;
}

static int
read_catapult(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	static const char *const keys[] = { "fair", "first", "token", "pending", "landings",
		"victim", "from", NULL };
	static const char *const lkeys[] = { "player", "x", "y", NULL };
	static const char *const vkeys[] = { "x", "y", "feature", NULL };
	const msgpack_object *c = get(root, "catapult"), *o, *ls;
	struct catapult *cat = &g->cat;
	char s[32];
	int64_t v, x, y;
	uint32_t i;
	int f, b, seg;
	bool busy = g->phase == CARC_HURL || g->phase == CARC_SEDUCE;

	memset(cat, 0, sizeof(*cat));
	cat->victim = -1;
	if (c == NULL || c->type == MSGPACK_OBJECT_NIL) {
		if (busy)
			return fail(r, "inconsistent state: phase %s without a catapult round",
			    carc_phase_name(g->phase));
		return 0;
	}
	if (c->type != MSGPACK_OBJECT_MAP || check_keys(r, c, "the catapult round", keys))
		return c->type != MSGPACK_OBJECT_MAP ?
		    fail(r, "bad state: the catapult round must be a map or nil") : CARC_EDATA;
	if (!busy && g->phase != CARC_SCORE)
		return fail(r, "inconsistent state: a catapult round in phase %s",
		    carc_phase_name(g->phase));
	cat->on = true;
	if (need(r, c, "fair", MSGPACK_OBJECT_ARRAY, "the catapult round", &o))
		return CARC_EDATA;
	if (o->via.array.size != 2 || o->via.array.ptr[0].type > MSGPACK_OBJECT_NEGATIVE_INTEGER ||
	    o->via.array.ptr[1].type > MSGPACK_OBJECT_NEGATIVE_INTEGER ||
	    o->via.array.ptr[0].type < MSGPACK_OBJECT_POSITIVE_INTEGER ||
	    o->via.array.ptr[1].type < MSGPACK_OBJECT_POSITIVE_INTEGER)
		return fail(r, "bad state: the fair is [X, Y]");
	x = o->via.array.ptr[0].via.i64;
	y = o->via.array.ptr[1].via.i64;
	if (x < -COORD_MAX || x > COORD_MAX || y < -COORD_MAX || y > COORD_MAX ||
	    (b = board_at(g, x, y)) < 0 ||
	    g->ts.types[g->board[b].type].fair < 0)
		return fail(r, "inconsistent state: no fair tile at the catapult round's fair");
	cat->fx = x;
	cat->fy = y;
	if (need_int(r, c, "first", "the catapult round", 0, g->nplayers - 1, &v))
		return CARC_EDATA;
	cat->first = v;
	cat->token = -1;
	if ((o = get(c, "token")) != NULL && o->type != MSGPACK_OBJECT_NIL) {
		if (need_str(r, c, "token", "the catapult round", s, sizeof(s)))
			return CARC_EDATA;
		for (f = 0; f < NTOKENS && strcmp(s, token_names[f]) != 0; f++)
			;
		if (f == NTOKENS)
			return fail(r, "bad state: unknown token '%s'", s);
		cat->token = f;
	}
	cat->pending = PENDING_NONE;
	if ((o = get(c, "pending")) != NULL && o->type != MSGPACK_OBJECT_NIL) {
		if (need_str(r, c, "pending", "the catapult round", s, sizeof(s)))
			return CARC_EDATA;
		if (strcmp(s, "hurl") == 0)
			cat->pending = PENDING_HURL;
		else if (strcmp(s, "seduce") == 0)
			cat->pending = PENDING_SEDUCE;
		else
			return fail(r, "bad state: unknown pending decision '%s'", s);
	}
	if ((g->phase == CARC_SCORE) != (cat->pending != PENDING_NONE))
		return fail(r, "inconsistent state: the catapult round and the phase disagree");
	if (need(r, c, "landings", MSGPACK_OBJECT_ARRAY, "the catapult round", &ls))
		return CARC_EDATA;
	if (ls->via.array.size > (uint32_t)g->nplayers)
		return fail(r, "bad state: more landings than players");
	for (i = 0; i < ls->via.array.size; i++) {
		const msgpack_object *l = &ls->via.array.ptr[i];

		if (l->type != MSGPACK_OBJECT_MAP || check_keys(r, l, "a landing", lkeys) ||
		    need_int(r, l, "player", "a landing", 0, g->nplayers - 1, &v) ||
		    need_int(r, l, "x", "a landing", -LAND_MAX, LAND_MAX, &x) ||
		    need_int(r, l, "y", "a landing", -LAND_MAX, LAND_MAX, &y))
			return l->type != MSGPACK_OBJECT_MAP ? fail(r, "bad state: a landing is a map") :
			    CARC_EDATA;
		if (v != (cat->first + i) % g->nplayers)
			return fail(r, "inconsistent state: landing %u is not the hurl of player %d",
			    i + 1, (int)((cat->first + i) % g->nplayers));
		cat->land[i] = (struct landing){ .player = v, .x = x, .y = y };
	}
	cat->hurled = ls->via.array.size;
	if (cat->pending == PENDING_HURL || g->phase == CARC_SEDUCE ||
	    cat->pending == PENDING_SEDUCE) {
		if (cat->hurled == 0)
			return fail(r, "inconsistent state: a hurl to resolve but no landing");
		cat->hurled--;		/* the last landing is the hurl being resolved */
	} else if (cat->hurled == g->nplayers)	/* one more would be past the players */
		return fail(r, "inconsistent state: phase hurl after every player has hurled");
	if ((g->phase == CARC_HURL || g->phase == CARC_SEDUCE || g->phase == CARC_SCORE) &&
	    g->player != (cat->first + cat->hurled) % g->nplayers)
		return fail(r, "inconsistent state: it is not player %d's hurl", g->player);
	if ((cat->token < 0) != (ls->via.array.size == 0))
		return fail(r, "inconsistent state: a token type without a hurl, or a hurl without one");
	o = get(c, "victim");
	if (g->phase == CARC_SEDUCE || (cat->pending == PENDING_SEDUCE && o != NULL &&
	    o->type != MSGPACK_OBJECT_NIL)) {
		if (o == NULL || o->type != MSGPACK_OBJECT_MAP || check_keys(r, o, "the victim", vkeys) ||
		    need_int(r, o, "x", "the victim", -COORD_MAX, COORD_MAX, &x) ||
		    need_int(r, o, "y", "the victim", -COORD_MAX, COORD_MAX, &y) ||
		    need_str(r, o, "feature", "the victim", s, sizeof(s)))
			return r->err->code ? r->err->code :
			    fail(r, "bad state: phase seduce needs the victim");
		if ((b = board_at(g, x, y)) < 0 ||
		    (seg = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot, s)) < 0)
			return fail(r, "inconsistent state: the victim's feature does not exist");
		for (f = 0; f < g->nfigs; f++)
			if (g->figs[f].tile == b && g->figs[f].seg == seg)
				break;
		if (f == g->nfigs || g->figs[f].owner == g->player)
			return fail(r, "inconsistent state: no follower of another player to seduce");
		cat->victim = f;
	} else if (o != NULL && o->type != MSGPACK_OBJECT_NIL)
		return fail(r, "inconsistent state: a victim outside phase seduce");
	cat->from = FROM_NONE;
	o = get(c, "from");
	if (cat->pending == PENDING_SEDUCE) {
		if (o == NULL || o->type != MSGPACK_OBJECT_STR || o->via.str.size >= sizeof(s))
			return fail(r, "bad state: a seduction to resolve needs where the seducer "
			    "comes from");
		memcpy(s, o->via.str.ptr, o->via.str.size);
		s[o->via.str.size] = '\0';
		if (strcmp(s, "supply") == 0)
			cat->from = FROM_SUPPLY;
		else if (strcmp(s, "none") != 0) {
			char feat[32];

			if (sscanf(s, "%" SCNd64 ",%" SCNd64 ",%31s", &x, &y, feat) != 3 ||
			    x < -30000 || x > 30000 || y < -30000 || y > 30000 ||
			    (b = board_at(g, x, y)) < 0 ||
			    (seg = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot,
			    feat)) < 0)
				return fail(r, "inconsistent state: the seducer '%s' is not on the board",
				    s);
			for (f = 0; f < g->nfigs; f++)
				if (g->figs[f].tile == b && g->figs[f].seg == seg &&
				    g->figs[f].owner == g->player && f != cat->victim)
					break;
			if (f == g->nfigs)
				return fail(r, "inconsistent state: no follower of %s at '%s'",
				    g->pl[g->player].name, s);
			cat->from = f;
		}
	} else if (o != NULL && o->type != MSGPACK_OBJECT_NIL)
		return fail(r, "inconsistent state: a seducer outside a seduction");
	return 0;
}

static int
decode(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	static const char *const keys[] = { "format", "version", "setup", "players", "phase",
		"player", "drawn", "supply", "aside", "rng", "board", "figures", "catapult", "log",
		NULL };
	const msgpack_object *o, *setup, *players, *drawn, *supply, *aside, *board, *figs, *log;
	char s[32], why[200];
	int64_t v;
	int cap, p;
	uint32_t i;

	if (root->type != MSGPACK_OBJECT_MAP)
		return fail(r, "not a carc state (not a map)");
	if ((o = get(root, "format")) == NULL || o->type != MSGPACK_OBJECT_STR ||
	    o->via.str.size != 4 || memcmp(o->via.str.ptr, "carc", 4) != 0)
		return fail(r, "not a carc state (no format \"carc\")");
	if ((o = get(root, "version")) == NULL || o->type != MSGPACK_OBJECT_POSITIVE_INTEGER)
		return fail(r, "bad state: no version");
	if (o->via.u64 != CARC_FORMAT_VERSION)
		return fail(r, "state version %" PRIu64 " is not known (this carc reads version %d)",
		    o->via.u64, CARC_FORMAT_VERSION);
	if (check_keys(r, root, "the state", keys) ||
	    need(r, root, "setup", MSGPACK_OBJECT_MAP, "the state", &setup) ||
	    need(r, root, "players", MSGPACK_OBJECT_ARRAY, "the state", &players) ||
	    need(r, root, "drawn", MSGPACK_OBJECT_ARRAY, "the state", &drawn) ||
	    need(r, root, "supply", MSGPACK_OBJECT_ARRAY, "the state", &supply) ||
	    need(r, root, "aside", MSGPACK_OBJECT_ARRAY, "the state", &aside) ||
	    need(r, root, "board", MSGPACK_OBJECT_ARRAY, "the state", &board) ||
	    need(r, root, "figures", MSGPACK_OBJECT_ARRAY, "the state", &figs) ||
	    need(r, root, "log", MSGPACK_OBJECT_ARRAY, "the state", &log))
		return CARC_EDATA;
	if (read_setup(r, g, setup) || read_players(r, g, players))
		return r->err->code;
	cap = board->via.array.size + supply->via.array.size + aside->via.array.size +
	    drawn->via.array.size;
	if (cap > MAX_TILES)
		return fail(r, "bad state: more than %d tiles", MAX_TILES);
	if (drawn->via.array.size > MAXDRAWN)
		return fail(r, "bad state: more than %d drawn tiles", MAXDRAWN);
	if (board_init(g, cap + 1) == -1 ||
	    (g->supply = malloc((cap + 1) * sizeof(*g->supply))) == NULL ||
	    (g->aside = malloc((cap + 1) * sizeof(*g->aside))) == NULL)
		return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	if (read_ids(r, g, drawn, "drawn", g->drawn, MAXDRAWN, &g->ndrawn) ||
	    read_ids(r, g, supply, "supply", g->supply, cap, &g->nsupply) ||
	    read_ids(r, g, aside, "aside", g->aside, cap, &g->naside) ||
	    read_board(r, g, board) || read_figures(r, g, figs) ||
	    check_supplies(r, g, players))
		return r->err->code;
	if (need_str(r, root, "rng", "the state", s, sizeof(s)))
		return CARC_EDATA;
	{
		char *end;

		if (strlen(s) != 16 || (g->rng = strtoull(s, &end, 16), *end != '\0'))
			return fail(r, "bad state: rng must be 16 hexadecimal digits");
	}
	if (need_str(r, root, "phase", "the state", s, sizeof(s)))
		return CARC_EDATA;
	for (p = 0; p <= CARC_OVER; p++)
		if (strcmp(s, carc_phase_name(p)) == 0)
			break;
	if (p > CARC_OVER)
		return fail(r, "bad state: unknown phase '%s'", s);
	g->phase = p;
	if (need_int(r, root, "player", "the state", 0, g->nplayers - 1, &v))
		return CARC_EDATA;
	g->player = v;
	/* drawn tiles wait in phase place; in phase score those not chosen are held (F-7d) */
	if ((g->phase == CARC_PLACE && g->ndrawn == 0) ||
	    (g->phase != CARC_PLACE && g->phase != CARC_SCORE && g->ndrawn > 0) ||
	    (g->phase == CARC_SCORE && g->ndrawn >= DRAW_LIMIT))
		return fail(r, "inconsistent state: phase %s with %d drawn tiles", s, g->ndrawn);
	if (g->phase == CARC_SCORE && g->nboard < 2)
		return fail(r, "inconsistent state: phase score before any placement");
	/* a draw and a placement per tile, and at most a hurl and a seduction per player after
	 * one */
	if (log->via.array.size > (uint32_t)g->cap * (2 + 2 * CARC_MAX_PLAYERS))
		return fail(r, "bad state: the log has %u entries, more than the %d a game of %d "
		    "tiles can make", log->via.array.size, g->cap * (2 + 2 * CARC_MAX_PLAYERS),
		    g->cap - 1);
	for (i = 0, p = 1; i < log->via.array.size; i++) {
		const msgpack_object *w = &log->via.array.ptr[i];
		char word[MAX_LOG_WORD + 1];

		if (w->type != MSGPACK_OBJECT_STR || memchr(w->via.str.ptr, '\0', w->via.str.size))
			return fail(r, "bad state: the log must hold move words");
		if (w->via.str.size > MAX_LOG_WORD)
			return fail(r, "bad state: log entry %u is longer than %d bytes", i + 1,
			    MAX_LOG_WORD);
		memcpy(word, w->via.str.ptr, w->via.str.size);
		word[w->via.str.size] = '\0';
		if (is_placement_word(word) && (p >= g->nboard || !log_word_matches(g, word, p++)))
			return fail(r, "inconsistent state: log entry %u '%s' is not the placement "
			    "on the board", i + 1, word);
		if (game_log(g, word) == -1)
			return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	}
	if (p != g->nboard)
		return fail(r, "inconsistent state: the log has %d placements, the board %d", p - 1,
		    g->nboard - 1);
	if (read_catapult(r, g, root))
		return r->err->code;
	if (g->cat.on && g->ndrawn > 0)
		return fail(r, "inconsistent state: drawn tiles during a catapult round");
	if (figures_check(g, why, sizeof(why)) || catapult_check(g, why, sizeof(why)))
		return fail(r, "inconsistent state: %s", why);
	if (game_check_tiles(g, r->err))
		return fail(r, "inconsistent state: %s", r->err->msg);
	return 0;
}

static uint32_t
be(const unsigned char *p, int n)
{
	uint32_t v = 0;

	while (n-- > 0)
		v = v << 8 | *p++;
	return v;
}

/* Walks the MessagePack bytes without building anything, so that a hostile header cannot make
 * the decoder allocate: every container must fit in the bytes left, nest at most MAX_DEPTH
 * deep (msgpack-c's unpacker holds 32 levels), and the whole hold at most MAX_VALUES keys and
 * values (msgpack-c builds 24 bytes for each). Returns NULL if the data is sane, else what is
 * wrong. */
static const char *
mp_check(const unsigned char *p, size_t len)
{
	const unsigned char *end = p + len;
	uint64_t left[MAX_DEPTH + 1];
	int depth = 0;
	uint64_t items;
	size_t skip, values = 0;

	left[0] = 1;
	while (depth >= 0) {
		if (left[depth] == 0) {
			depth--;
			continue;
		}
		left[depth]--;
		if (p >= end)
			return "truncated";
		if (++values > MAX_VALUES)
			return "more than " XSTR(MAX_VALUES) " values";
		unsigned c = *p++;
		static const unsigned char fixed[] = { 1, 2, 4, 8 };

		items = 0;
		skip = 0;
		if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3)
			;
		else if (c >= 0x80 && c <= 0x8f)
			items = 2 * (c & 0x0f);
		else if (c >= 0x90 && c <= 0x9f)
			items = c & 0x0f;
		else if (c >= 0xa0 && c <= 0xbf)
			skip = c & 0x1f;
		else if (c >= 0xcc && c <= 0xd3)
			skip = fixed[(c - 0xcc) & 3];
		else if (c == 0xca || c == 0xcb)
			skip = c == 0xca ? 4 : 8;
		else if (c >= 0xd4 && c <= 0xd8)
			skip = 1 + (1u << (c - 0xd4));
		else {
			int n;

			switch (c) {
			case 0xc4: case 0xd9: n = 1; break;
			case 0xc5: case 0xda: case 0xdc: case 0xde: n = 2; break;
			case 0xc6: case 0xdb: case 0xdd: case 0xdf: n = 4; break;
			case 0xc7: n = 1; break;
			case 0xc8: n = 2; break;
			case 0xc9: n = 4; break;
			default: return "not MessagePack";
			}
			if ((size_t)(end - p) < (size_t)n)
				return "truncated";
			skip = be(p, n);
			p += n;
			if (c >= 0xc7 && c <= 0xc9)
				skip++;		/* the ext type byte */
			if (c == 0xdc || c == 0xdd)
				items = skip, skip = 0;
			else if (c == 0xde || c == 0xdf)
				items = 2 * (uint64_t)skip, skip = 0;
		}
		if (skip > (size_t)(end - p))
			return "truncated";
		p += skip;
		if (items > 0) {
			if (items > (uint64_t)(end - p))
				return items > MAX_STATE_BYTES ? "not MessagePack" : "truncated";
			if (depth == MAX_DEPTH)
				return "nested more than " XSTR(MAX_DEPTH) " deep";
			left[++depth] = items;
		}
	}
	return NULL;
}

static struct carc_game *
read_binary(const char *data, size_t len, const char *name, struct carc_err *err)
{
	struct rd r = { .name = name ? name : "stdin", .err = err };
	msgpack_unpacked up;
	msgpack_unpack_return ret;
	struct carc_game *g;
	size_t off = 0;

	if (len == 0) {
		fail(&r, "empty input, not a carc state");
		return NULL;
	}
	if (len > MAX_STATE_BYTES) {
		fail(&r, "state larger than %d MiB", MAX_STATE_BYTES >> 20);
		return NULL;
	}
	{
		const char *why = mp_check((const unsigned char *)data, len);

		if (why && strcmp(why, "truncated") == 0) {
			fail(&r, "truncated state (%zu bytes)", len);
			return NULL;
		}
		if (why) {
			fail(&r, "not a carc state (%s)", why);
			return NULL;
		}
	}
	msgpack_unpacked_init(&up);
	ret = msgpack_unpack_next(&up, data, len, &off);
	if (ret == MSGPACK_UNPACK_CONTINUE) {
		fail(&r, "truncated state (%zu bytes)", len);
		goto bad;
	}
	if (ret != MSGPACK_UNPACK_SUCCESS) {
		if (ret == MSGPACK_UNPACK_NOMEM_ERROR)
			seterr(err, CARC_ESOFTWARE, "%s: out of memory", r.name);
		else
			fail(&r, "not a carc state (not MessagePack)");
		goto bad;
	}
	if (up.data.type != MSGPACK_OBJECT_MAP) {
		fail(&r, "not a carc state (not a map)");
		goto bad;
	}
	if (off != len) {
		fail(&r, "%zu bytes of trailing data after the state", len - off);
		goto bad;
	}
	if ((g = game_alloc()) == NULL) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		goto bad;
	}
	if (decode(&r, g, &up.data)) {
		carc_game_free(g);
		goto bad;
	}
	msgpack_unpacked_destroy(&up);
	return g;
bad:
	msgpack_unpacked_destroy(&up);
	return NULL;
}

/* A binary state, or text that holds an armoured one: a bare block or a whole e-mail. */
struct carc_game *
carc_state_read(const char *data, size_t len, const char *name, struct carc_err *err)
{
	struct carc_buf bin = { 0 };
	struct armor_hdr h;
	struct carc_game *g;

	if (name == NULL)
		name = "stdin";
	if (!carc_armor_is(data, len))
		return read_binary(data, len, name, err);
	if (armor_read(data, len, name, &bin, &h, err)) {
		carc_buf_release(&bin);
		return NULL;
	}
	g = read_binary(bin.data, bin.len, name, err);
	carc_buf_release(&bin);
	if (g != NULL && armor_check_headers(g, &h, name, err)) {
		carc_game_free(g);
		return NULL;
	}
	return g;
}
