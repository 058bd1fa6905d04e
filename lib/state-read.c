/* The game state read from MessagePack (carc-state(5)), strictly: every key known and of its
 * type, every number in range, and the whole consistent. Reading replays the placements, so
 * the features are rebuilt and every tile is checked. Versions 1 and 2 are read: a game by
 * e-mail survives an upgrade of the tools (DESIGN.md "Compatibility"). */
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "board.h"
#include "legal.h"
#include "armor.h"
#include "setup.h"
#include "rules/modules.h"
#include "state-text.h"
#include "carc.h"

#define OLDEST_VERSION 1

static int
read_ids(struct rd *r, struct carc_game *g, const msgpack_object *a, const char *what,
    uint16_t *out, int max, int *n)
{
	char id[ID_MAX];
	uint32_t i;
	int t;

	if (a->via.array.size > (uint32_t)max)
		return mp_fail(r, "bad state: more than %d tiles in '%s'", max, what);
	for (i = 0; i < a->via.array.size; i++) {
		const msgpack_object *o = &a->via.array.ptr[i];

		if (o->type != MSGPACK_OBJECT_STR || memchr(o->via.str.ptr, '\0', o->via.str.size))
			return mp_fail(r, "bad state: '%s' must hold tile ids", what);
		if (o->via.str.size >= ID_MAX)
			return mp_fail(r, "bad state: '%s' holds a tile id longer than %d bytes", what,
			    ID_MAX - 1);
		memcpy(id, o->via.str.ptr, o->via.str.size);
		id[o->via.str.size] = '\0';
		if ((t = tileset_find(&g->ts, id)) < 0)
			return mp_fail(r, "bad state: '%s' names tile '%s', which no tile set has", what,
			    id);
		/* a tile of the players' own supplies (an abbey) is never drawn nor set aside */
		if (g->ts.types[t].own && strcmp(what, "drawn") != 0)
			return mp_fail(r, "bad state: '%s' names tile '%s', which the players hold "
			    "and nobody draws", what, id);
		out[i] = t;
	}
	*n = a->via.array.size;
	return 0;
}



/* The name and digest of tile set i of a state, checked; its text in *yaml when the state
 * carries it (a user's set), else NULL. */
static int
set_entry(struct rd *r, const msgpack_object *sets, uint32_t i, char name[ID_MAX],
    char digest[17], const msgpack_object **yaml)
{
	static const char *const setkeys[] = { "name", "digest", "yaml", NULL };
	const msgpack_object *s = &sets->via.array.ptr[i];
	uint32_t j;

	if (s->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: a tile set must be a map");
	if (mp_check_keys(r, s, "a tile set", setkeys) ||
	    mp_need_str(r, s, "name", "a tile set", name, ID_MAX) ||
	    mp_need_str(r, s, "digest", "a tile set", digest, 17))
		return CARC_EDATA;
	for (j = 0; j < i; j++) {
		const msgpack_object *o = mp_get(&sets->via.array.ptr[j], "name");

		if (o->via.str.size == strlen(name) && memcmp(o->via.str.ptr, name,
		    o->via.str.size) == 0)
			return mp_fail(r, "bad state: tile set '%s' is named twice", name);
	}
	if ((*yaml = mp_get(s, "yaml")) != NULL && (*yaml)->type != MSGPACK_OBJECT_STR)
		return mp_fail(r, "bad state: the yaml of set '%s' must be a string", name);
	return 0;
}

/* Tile set NAME from the state's text YAML, or built in when YAML is NULL. */
static int
load_set(struct rd *r, struct carc_game *g, const char *name, const msgpack_object *yaml)
{
	char file[64];
	const char *text;
	size_t len;

	if (yaml != NULL) {
		text = yaml->via.str.ptr;
		len = yaml->via.str.size;
		snprintf(file, sizeof(file), "%s (set %s)", r->name, name);
	} else {
		if (builtin_table(name) || (text = builtin_set(name, &len)) == NULL)
			return mp_fail(r, "bad state: tile set '%s' is not built into this carc",
			    name);
		snprintf(file, sizeof(file), "formats/%s.yaml", name);
	}
	return tileset_load(&g->ts, name, text, len, file, yaml == NULL, r->err);
}

/* The tile sets, each loaded from the state's text or built in, and its digest checked.
 * key[] is the list of their names when all are built in (tileset_kept), else empty; *kept
 * says whether the sets came from there, figures_load's tables with them. */
static int
read_sets(struct rd *r, struct carc_game *g, const msgpack_object *sets, char *key,
    size_t nkey, bool *kept)
{
	const msgpack_object *o;
	char name[ID_MAX], digest[17];
	bool user = false;
	uint32_t i;

	*key = '\0';
	*kept = false;
	if (sets->via.array.size == 0 || sets->via.array.size > MAXSETS)
		return mp_fail(r, "bad state: 1 to %d tile sets", MAXSETS);
	for (i = 0; i < sets->via.array.size; i++) {
		if (set_entry(r, sets, i, name, digest, &o))
			return CARC_EDATA;
		user |= o != NULL;	/* a user's set: nothing kept */
		if (!user)
			snprintf(key + strlen(key), nkey - strlen(key), "%s%s", i ? "," : "", name);
	}
	if (user)
		*key = '\0';
	*kept = *key && tileset_kept(&g->ts, key) == 0;
	for (i = 0; i < sets->via.array.size; i++) {
		set_entry(r, sets, i, name, digest, &o);
		if (!*kept && load_set(r, g, name, o))
			return r->err->code;
		if (strcmp(g->ts.sets[i].digest, digest) != 0)
			return mp_fail(r, "tile set '%s' is not the one this game began with "
			    "(digest %s, here %s)", name, digest, g->ts.sets[i].digest);
	}
	return 0;
}

/* The rule options, each as carc-deck --rule takes it. Version 1 wrote every option of its
 * time, version 2 those not at their default: both read the same. */
static int
read_rules(struct rd *r, struct carc_game *g, const msgpack_object *rules)
{
	char rule[64];
	uint32_t i;

	for (i = 0; i < rules->via.map.size; i++) {
		const msgpack_object_kv *kv = &rules->via.map.ptr[i];

		if (kv->key.type != MSGPACK_OBJECT_STR || kv->key.via.str.size > 30 ||
		    kv->val.type != MSGPACK_OBJECT_STR || kv->val.via.str.size > 30)
			return mp_fail(r, "bad state: rules must be short strings");
		snprintf(rule, sizeof(rule), "%.*s=%.*s", (int)kv->key.via.str.size,
		    kv->key.via.str.ptr, (int)kv->val.via.str.size, kv->val.via.str.ptr);
		if (strchr(rule, '\0') != rule + kv->key.via.str.size + 1 + kv->val.via.str.size)
			return mp_fail(r, "bad state: a rule holds a NUL byte");
		if (rules_parse(&g->rules, rule, r->err))
			return mp_fail(r, "bad state: %s", r->err->msg);
	}
	return 0;
}

static int
read_setup(struct rd *r, struct carc_game *g, const msgpack_object *su, int version)
{
	static const char *const keys[] = { "sets", "figures", "rules", "seed", "start", "stack",
		"deck", NULL };
	const msgpack_object *sets, *rules, *seed;
	char digest[17] = "", key[MAXSETS * ID_MAX];
	bool kept;

	if (mp_check_keys(r, su, "setup", keys) ||
	    mp_need(r, su, "sets", MSGPACK_OBJECT_ARRAY, "setup", &sets) ||
	    mp_need(r, su, "rules", MSGPACK_OBJECT_MAP, "setup", &rules) ||
	    mp_need(r, su, "seed", MSGPACK_OBJECT_POSITIVE_INTEGER, "setup", &seed))
		return CARC_EDATA;
	if (seed->type != MSGPACK_OBJECT_POSITIVE_INTEGER || seed->via.u64 >= (1ULL << 53))
		return mp_fail(r, "bad state: the seed must be a whole number from 0 to 2^53 - 1");
	g->seed = seed->via.u64;
	/* version 1 knew one figure table, the follower alone: no digest */
	if (version >= 2 && mp_need_str(r, su, "figures", "setup", digest, sizeof(digest)))
		return CARC_EDATA;
	if (version < 2 && mp_get(su, "figures") != NULL)
		return mp_fail(r, "bad state: unknown key 'figures' in setup");
	if (read_sets(r, g, sets, key, sizeof(key), &kept) || read_rules(r, g, rules))
		return r->err->code;
	if (mp_opt_str(r, su, "start", &g->setup_start) ||
	    mp_opt_str(r, su, "stack", &g->setup_stack) ||
	    mp_opt_str(r, su, "deck", &g->setup_deck) || (!kept && figures_load(&g->ts, r->err)))
		return r->err->code;
	if (!kept && *key)
		tileset_keep(key, &g->ts);
	if (digest[0] && strcmp(digest, g->ts.figdigest) != 0)
		return mp_fail(r, "the figure table is not the one this game began with (digest %s, "
		    "here %s)", digest, g->ts.figdigest);
	rules_start(g);
	return 0;
}

static int
read_players(struct rd *r, struct carc_game *g, const msgpack_object *pl)
{
	static const char *const keys[] = { "name", "score", "supply", NULL };
	char why[96];
	uint32_t i;
	int j;
	int64_t v;

	if (pl->via.array.size < 2 || pl->via.array.size > CARC_MAX_PLAYERS)
		return mp_fail(r, "bad state: a game has 2 to %d players, not %u", CARC_MAX_PLAYERS,
		    pl->via.array.size);
	g->nplayers = pl->via.array.size;
	for (i = 0; i < pl->via.array.size; i++) {
		const msgpack_object *p = &pl->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: a player must be a map");
		if (mp_check_keys(r, p, "a player", keys) ||
		    mp_need_str(r, p, "name", "a player", g->pl[i].name, sizeof(g->pl[i].name)) ||
		    mp_need_int(r, p, "score", "a player", 0, 1000000, &v))
			return CARC_EDATA;
		if (g->pl[i].name[0] == '\0')
			return mp_fail(r, "bad state: a player has an empty name");
		if (carc_text_check(g->pl[i].name, strlen(g->pl[i].name), CARC_TEXT_NAME, why,
		    sizeof(why)))
			return mp_fail(r, "bad state: bad player name '%s': %s", g->pl[i].name, why);
		for (j = 0; j < (int)i; j++)
			if (strcmp(g->pl[j].name, g->pl[i].name) == 0)
				return mp_fail(r, "bad state: player '%s' is named twice", g->pl[i].name);
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

		if (mp_need(r, p, "supply", MSGPACK_OBJECT_MAP, "a player", &sup))
			return CARC_EDATA;
		if (sup->via.map.size != (uint32_t)g->ts.nfig)
			return mp_fail(r, "bad state: the supply of %s must list %d figure types",
			    g->pl[i].name, g->ts.nfig);
		for (f = 0; f < g->ts.nfig; f++) {
			if (mp_need_int(r, sup, g->ts.fig[f].name, "a supply", 0, 99, &v))
				return CARC_EDATA;
			if (v != figures_left(g, i, f))
				return mp_fail(r, "inconsistent state: %s's supply of %s is %d, the board "
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
		return mp_fail(r, "bad state: the board has no start tile");
	if (bd->via.array.size > (uint32_t)g->cap)
		return mp_fail(r, "bad state: more tiles on the board than in the game");
	for (i = 0; i < bd->via.array.size; i++) {
		const msgpack_object *p = &bd->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: a board entry must be a map");
		if (mp_check_keys(r, p, "a board entry", keys) ||
		    mp_need_str(r, p, "tile", "a board entry", id, sizeof(id)) ||
		    mp_need_int(r, p, "x", "a board entry", -COORD_MAX, COORD_MAX, &x) ||
		    mp_need_int(r, p, "y", "a board entry", -COORD_MAX, COORD_MAX, &y) ||
		    mp_need_int(r, p, "rot", "a board entry", 0, 270, &rot))
			return CARC_EDATA;
		if (rot % 90)
			return mp_fail(r, "bad state: rotation %d is not 0, 90, 180 or 270", (int)rot);
		if ((t = tileset_find(&g->ts, id)) < 0)
			return mp_fail(r, "bad state: the board holds tile '%s', which no tile set has", id);
		if (i == 0) {
			if (x != 0 || y != 0)
				return mp_fail(r, "inconsistent state: the start tile is not at 0,0");
		} else if ((why = board_fits(g, t, x, y, rot / 90)) != 0)
			return mp_fail(r, "inconsistent state: tile %u (%s at %d,%d) %s", i, id, (int)x,
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
	int b, s, f, k, c, bx, by;

	for (i = 0; i < fs->via.array.size; i++) {
		const msgpack_object *p = &fs->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: a figure must be a map");
		if (mp_check_keys(r, p, "a figure", keys) ||
		    mp_need_int(r, p, "x", "a figure", -COORD_MAX, COORD_MAX, &x) ||
		    mp_need_int(r, p, "y", "a figure", -COORD_MAX, COORD_MAX, &y) ||
		    mp_need_str(r, p, "feature", "a figure", feat, sizeof(feat)) ||
		    mp_need_int(r, p, "owner", "a figure", 0, g->nplayers - 1, &owner) ||
		    mp_need_str(r, p, "type", "a figure", type, sizeof(type)))
			return CARC_EDATA;
		if ((b = board_at(g, x, y)) < 0)
			return mp_fail(r, "inconsistent state: a figure stands at %d,%d, where no tile is",
			    (int)x, (int)y);
		const struct placed *pl = &g->board[b];

		if ((c = corner_by_name(feat)) >= 0)
			s = corner_seg(&g->ts.types[pl->type], pl->rot, c);
		else
			s = seg_by_name(&g->ts.types[pl->type], pl->rot, feat);
		if (s < 0)
			return mp_fail(r, "inconsistent state: tile %s at %d,%d has no %s",
			    g->ts.types[pl->type].id, (int)x, (int)y,
			    c >= 0 ? "field at that corner" : feat);
		for (f = 0; f < g->ts.nfig; f++)
			if (strcmp(g->ts.fig[f].name, type) == 0)
				break;
		if (f == g->ts.nfig)
			return mp_fail(r, "bad state: unknown figure '%s'", type);
		if (g->ts.fig[f].corner != (c >= 0))
			return mp_fail(r, "inconsistent state: a %s at %d,%d stands on %s", type,
			    (int)x, (int)y, c >= 0 ? "a corner, which only a figure that stands on "
			    "corners does" : "a feature, not on a corner");
		if (c >= 0 && !corner_meets(g, x, y, c, &bx, &by))
			return mp_fail(r, "inconsistent state: the %s at %d,%d stands at its %s corner, "
			    "and the tile at %d,%d is not there or shows no field at it", type, (int)x,
			    (int)y, corner_names[c], bx, by);
		k = g->ts.types[pl->type].seg[s].kind;
		if (!(g->ts.fig[f].on & (1u << k)))
			return mp_fail(r, "inconsistent state: a %s stands on a %s at %d,%d", type,
			    kinds[k]->name, (int)x, (int)y);
		if (k == K_FIELD && !FARMERS_ON(g))
			return mp_fail(r, "inconsistent state: a farmer at %d,%d in a game without farmers",
			    (int)x, (int)y);
		if (figures_left(g, owner, f) <= 0)
			return mp_fail(r, "inconsistent state: %s has more %s figures than %d",
			    g->pl[owner].name, type, g->ts.fig[f].count);
		if (fig_add(g, b, s, owner, f) == -1)
			return seterr(r->err, CARC_ESOFTWARE, "out of memory");
		g->figs[g->nfigs - 1].corner = c >= 0 ? 1 + c : 0;
	}
	for (f = 0; f < g->nfigs; f++)
		if (g->ts.fig[g->figs[f].type].needs_own && !fig_supported(g, f))
			return mp_fail(r, "inconsistent state: %s's %s at %d,%d has no follower of "
			    "%s's in its feature", g->pl[g->figs[f].owner].name,
			    g->ts.fig[g->figs[f].type].name, g->board[g->figs[f].tile].x,
			    g->board[g->figs[f].tile].y, g->pl[g->figs[f].owner].name);
	return 0;
}


/* Whether a follower stands on segment s of tile b (a neutral figure beside it). */
static bool
follower_at(const struct carc_game *g, int b, int s)
{
	int i;

	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].tile == b && g->figs[i].seg == s && !g->figs[i].corner &&
		    g->ts.fig[g->figs[i].type].group == GROUP_FOLLOWER)
			return true;
	return false;
}

/* The neutral figures on the board (the key is there only when some are): each a figure of
 * the game's neutral rows, once, on a tile, and on a feature of it when it names one. */
static int
read_neutral(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	static const char *const keys[] = { "type", "x", "y", "feature", NULL };
	const msgpack_object *ns = mp_get(root, "neutral");
	char feat[32], type[ID_MAX];
	int64_t x, y;
	uint32_t i;
	int b, s, f;

	if (ns == NULL)
		return 0;
	if (ns->type != MSGPACK_OBJECT_ARRAY || ns->via.array.size == 0)
		return mp_fail(r, "bad state: neutral must be a list of figures, when there is one");
	for (i = 0; i < ns->via.array.size; i++) {
		const msgpack_object *p = &ns->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: a neutral figure must be a map");
		if (mp_check_keys(r, p, "a neutral figure", keys) ||
		    mp_need_str(r, p, "type", "a neutral figure", type, sizeof(type)) ||
		    mp_need_int(r, p, "x", "a neutral figure", -COORD_MAX, COORD_MAX, &x) ||
		    mp_need_int(r, p, "y", "a neutral figure", -COORD_MAX, COORD_MAX, &y))
			return CARC_EDATA;
		for (f = 0; f < g->ts.nneutral && strcmp(g->ts.neutral[f].name, type) != 0; f++)
			;
		if (f == g->ts.nneutral)
			return mp_fail(r, "bad state: no neutral figure '%s' in this game", type);
		if (g->neutral[f].on)
			return mp_fail(r, "inconsistent state: the %s stands on the board twice", type);
		if ((b = board_at(g, x, y)) < 0)
			return mp_fail(r, "inconsistent state: the %s stands at %d,%d, where no tile is",
			    type, (int)x, (int)y);
		s = -1;
		if (mp_get(p, "feature") != NULL) {
			if (mp_need_str(r, p, "feature", "a neutral figure", feat, sizeof(feat)))
				return CARC_EDATA;
			if ((s = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot,
			    feat)) < 0)
				return mp_fail(r, "inconsistent state: tile %s at %d,%d has no %s",
				    g->ts.types[g->board[b].type].id, (int)x, (int)y, feat);
			if (!follower_at(g, b, s))
				return mp_fail(r, "inconsistent state: the %s stands beside the %s "
				    "of %d,%d, where no follower is", type, feat, (int)x, (int)y);
		}
		g->neutral[f] = (struct npos){ x, y, s, true };
	}
	return 0;
}

/* The top level: the format, its version, and every key known. */
static int
read_head(struct rd *r, const msgpack_object *root, int *version)
{
	static const char *const core[] = { "format", "version", "setup", "players", "phase",
		"player", "acted", "drawn", "supply", "aside", "rng", "board", "figures", "neutral",
		"log" };
	const char *keys[sizeof(core) / sizeof(core[0]) + MAXMODULES + 1];
	const msgpack_object *o;
	int n = 0, m;

	if (root->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "not a carc state (not a map)");
	if ((o = mp_get(root, "format")) == NULL || o->type != MSGPACK_OBJECT_STR ||
	    o->via.str.size != 4 || memcmp(o->via.str.ptr, "carc", 4) != 0)
		return mp_fail(r, "not a carc state (no format \"carc\")");
	if ((o = mp_get(root, "version")) == NULL || o->type != MSGPACK_OBJECT_POSITIVE_INTEGER)
		return mp_fail(r, "bad state: no version");
	if (o->via.u64 < OLDEST_VERSION || o->via.u64 > CARC_FORMAT_VERSION)
		return mp_fail(r, "state version %" PRIu64 " is not known (this carc reads versions "
		    "%d to %d)", o->via.u64, OLDEST_VERSION, CARC_FORMAT_VERSION);
	*version = o->via.u64;
	for (n = 0; n < (int)(sizeof(core) / sizeof(core[0])); n++)
		keys[n] = core[n];
	for (m = 0; m < nmodules; m++)
		if (modules[m]->key)
			keys[n++] = modules[m]->key;
	keys[n] = NULL;
	return mp_check_keys(r, root, "the state", keys);
}

/* The tiles: drawn, in the supply, set aside, on the board; and the figures on it. */
static int
read_tiles(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	const msgpack_object *drawn, *supply, *aside, *board, *figs, *players;
	int cap;

	if (mp_need(r, root, "players", MSGPACK_OBJECT_ARRAY, "the state", &players) ||
	    mp_need(r, root, "drawn", MSGPACK_OBJECT_ARRAY, "the state", &drawn) ||
	    mp_need(r, root, "supply", MSGPACK_OBJECT_ARRAY, "the state", &supply) ||
	    mp_need(r, root, "aside", MSGPACK_OBJECT_ARRAY, "the state", &aside) ||
	    mp_need(r, root, "board", MSGPACK_OBJECT_ARRAY, "the state", &board) ||
	    mp_need(r, root, "figures", MSGPACK_OBJECT_ARRAY, "the state", &figs))
		return CARC_EDATA;
	if (read_players(r, g, players))
		return r->err->code;
	cap = board->via.array.size + supply->via.array.size + aside->via.array.size +
	    drawn->via.array.size;
	if (cap > MAX_TILES)
		return mp_fail(r, "bad state: more than %d tiles", MAX_TILES);
	if (drawn->via.array.size > MAXDRAWN)
		return mp_fail(r, "bad state: more than %d drawn tiles", MAXDRAWN);
	if (board_init(g, cap + own_tiles(g) + 1) == -1 ||
	    (g->supply = malloc((cap + 1) * sizeof(*g->supply))) == NULL ||
	    (g->aside = malloc((cap + 1) * sizeof(*g->aside))) == NULL)
		return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	if (read_ids(r, g, drawn, "drawn", g->drawn, MAXDRAWN, &g->ndrawn) ||
	    read_ids(r, g, supply, "supply", g->supply, cap, &g->nsupply) ||
	    read_ids(r, g, aside, "aside", g->aside, cap, &g->naside) ||
	    read_board(r, g, board) || read_figures(r, g, figs) || read_neutral(r, g, root))
		return r->err->code;
	return 0;
}

/* acted: true, when a decision of step 2 took the turn's figure action (game.h): only after
 * a placement (the log's check is placed_alone). */
static int
read_acted(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	const msgpack_object *o = mp_get(root, "acted");

	if (o == NULL)
		return 0;
	if (o->type != MSGPACK_OBJECT_BOOLEAN || !o->via.boolean)
		return mp_fail(r, "bad state: acted is true when there, or not there");
	if (g->phase == CARC_DRAW || g->phase == CARC_PLACE || g->phase == CARC_OVER)
		return mp_fail(r, "inconsistent state: acted in phase %s, before a placement",
		    carc_phase_name(g->phase));
	g->acted = true;
	return 0;
}

/* The phase, a core one or one of a module the game has, and whose turn it is. */
static int
read_turn(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	const struct rules_module *mod;
	char s[32], *end;
	int64_t v;
	int p;
	bool held;

	if (mp_need_str(r, root, "rng", "the state", s, sizeof(s)))
		return CARC_EDATA;
	if (strlen(s) != 16 || (g->rng = strtoull(s, &end, 16), *end != '\0'))
		return mp_fail(r, "bad state: rng must be 16 hexadecimal digits");
	if (mp_need_str(r, root, "phase", "the state", s, sizeof(s)))
		return CARC_EDATA;
	if ((p = rules_phase_find(s)) < 0)
		return mp_fail(r, "bad state: unknown phase '%s'", s);
	if ((mod = rules_phase_owner(p)) != NULL && !HAS_MODULE(g, mod))
		return mp_fail(r, "inconsistent state: phase %s in a game without the %s", s,
		    mod->name);
	g->phase = p;
	if (mp_need_int(r, root, "player", "the state", 0, g->nplayers - 1, &v))
		return CARC_EDATA;
	g->player = v;
	/* a decision of step 2 (the abbot's recall, the phantom) waits between the placement and
	 * carc-score: as phase score, after a placement, with the tiles not chosen held */
	held = g->phase == CARC_SCORE || (rules_phase(g->phase) && rules_phase(g->phase)->step2);
	/* drawn tiles wait in phase place; in phase score those not chosen are held (F-7d) */
	if ((g->phase == CARC_PLACE && g->ndrawn == 0) ||
	    (held && g->ndrawn >= MAXDRAWN - 1))
		return mp_fail(r, "inconsistent state: phase %s with %d drawn tiles", s, g->ndrawn);
	if (held && g->nboard < 2)
		return mp_fail(r, "inconsistent state: phase %s before any placement", s);
	return read_acted(r, g, root);
}

/* With acted, the turn's placement put no figure with its tile: its word, the log's last
 * placement (TILE/X,Y,ROT[,FEATURE][@FIGURE]), names no feature. Asked of the
 * log, not of the board: once the turn is scored another figure may have come onto the tile
 * (a wagon's move, a seduction). */
static int
placed_alone(struct rd *r, const struct carc_game *g)
{
	const char *w;
	int i, commas;

	for (i = g->nlog - 1; g->acted && i >= 0; i--) {
		if (!word_is_placement(w = g->log[i]))
			continue;
		for (commas = 0; *w; w++)
			commas += *w == ',';
		if (commas > 2)
			return mp_fail(r, "inconsistent state: acted, and a figure went with the tile "
			    "placed: the turn has one figure action");
		break;
	}
	return 0;
}

/* The log: every decision, its placements the board's in order. */
static int
read_log(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	const msgpack_object *log;
	char word[MAX_LOG_WORD + 1];
	uint32_t i;
	int p;

	if (mp_need(r, root, "log", MSGPACK_OBJECT_ARRAY, "the state", &log))
		return CARC_EDATA;
	/* a draw, a placement and two decisions of step 2 (a recall, a phantom) per tile, and
	 * at most a hurl and a seduction per player after one */
	if (log->via.array.size > (uint32_t)g->cap * (4 + 2 * CARC_MAX_PLAYERS))
		return mp_fail(r, "bad state: the log has %u entries, more than the %d a game of %d "
		    "tiles can make", log->via.array.size, g->cap * (4 + 2 * CARC_MAX_PLAYERS),
		    g->cap - 1);
	for (i = 0, p = 1; i < log->via.array.size; i++) {
		const msgpack_object *w = &log->via.array.ptr[i];

		if (w->type != MSGPACK_OBJECT_STR || memchr(w->via.str.ptr, '\0', w->via.str.size))
			return mp_fail(r, "bad state: the log must hold move words");
		if (w->via.str.size > MAX_LOG_WORD)
			return mp_fail(r, "bad state: log entry %u is longer than %d bytes", i + 1,
			    MAX_LOG_WORD);
		memcpy(word, w->via.str.ptr, w->via.str.size);
		word[w->via.str.size] = '\0';
		if (word_is_placement(word) && (p >= g->nboard || !log_word_matches(g, word, p++)))
			return mp_fail(r, "inconsistent state: log entry %u '%s' is not the placement "
			    "on the board", i + 1, word);
		if (game_log(g, word) == -1)
			return seterr(r->err, CARC_ESOFTWARE, "out of memory");
	}
	if (p != g->nboard)
		return mp_fail(r, "inconsistent state: the log has %d placements, the board %d", p - 1,
		    g->nboard - 1);
	return 0;
}

/* The modules' parts: a part of a module the game does not have is refused, except the nil
 * that version 1 wrote for the catapult in every game. */
static int
read_modules(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	const msgpack_object *o;
	int m;

	for (m = 0; m < nmodules; m++) {
		const struct rules_module *mod = modules[m];

		if (mod->key == NULL || (o = mp_get(root, mod->key)) == NULL ||
		    o->type == MSGPACK_OBJECT_NIL)
			continue;
		if (!HAS_MODULE(g, mod))
			return mp_fail(r, "inconsistent state: '%s' in a game without the %s", mod->key,
			    mod->name);
		if (mod->read(g, o, r))
			return r->err->code;
	}
	return 0;
}

static int
decode(struct rd *r, struct carc_game *g, const msgpack_object *root)
{
	const msgpack_object *setup;
	char why[200];
	int version = 0;

	if (read_head(r, root, &version) ||
	    mp_need(r, root, "setup", MSGPACK_OBJECT_MAP, "the state", &setup) ||
	    read_setup(r, g, setup, version) || read_tiles(r, g, root) || read_turn(r, g, root) ||
	    read_log(r, g, root) || placed_alone(r, g) || read_modules(r, g, root) ||
	    check_supplies(r, g, mp_get(root, "players")))
		return r->err->code;
	g->version = version;
	/* drawn tiles outside phase place and the phases after a placement: only those held
	 * for a second turn of the same player (F-9), as the modules say */
	if (g->ndrawn > 0 && g->phase != CARC_PLACE && g->phase != CARC_SCORE &&
	    !(rules_phase(g->phase) && rules_phase(g->phase)->step2) && !rules_holds(g))
		return mp_fail(r, "inconsistent state: phase %s with %d drawn tiles",
		    rules_phase_name(g->phase), g->ndrawn);
	if (rules_check(g, why, sizeof(why)))
		return mp_fail(r, "inconsistent state: %s", why);
	if (game_check_tiles(g, r->err))
		return mp_fail(r, "inconsistent state: %s", r->err->msg);
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
		mp_fail(&r, "empty input, not a carc state");
		return NULL;
	}
	if (len > MAX_STATE_BYTES) {
		mp_fail(&r, "state larger than %d MiB", MAX_STATE_BYTES >> 20);
		return NULL;
	}
	{
		const char *why = mp_check((const unsigned char *)data, len);

		if (why && strcmp(why, "truncated") == 0) {
			mp_fail(&r, "truncated state (%zu bytes)", len);
			return NULL;
		}
		if (why) {
			mp_fail(&r, "not a carc state (%s)", why);
			return NULL;
		}
		/* said before msgpack-c builds 24 bytes for each of a million values */
		if (!(((unsigned char)*data & 0xf0) == 0x80 || (unsigned char)*data == 0xde ||
		    (unsigned char)*data == 0xdf)) {
			mp_fail(&r, "not a carc state (not a map)");
			return NULL;
		}
	}
	msgpack_unpacked_init(&up);
	ret = msgpack_unpack_next(&up, data, len, &off);
	if (ret == MSGPACK_UNPACK_CONTINUE) {
		mp_fail(&r, "truncated state (%zu bytes)", len);
		goto bad;
	}
	if (ret != MSGPACK_UNPACK_SUCCESS) {
		if (ret == MSGPACK_UNPACK_NOMEM_ERROR)
			seterr(err, CARC_ESOFTWARE, "%s: out of memory", r.name);
		else
			mp_fail(&r, "not a carc state (not MessagePack)");
		goto bad;
	}
	if (up.data.type != MSGPACK_OBJECT_MAP) {
		mp_fail(&r, "not a carc state (not a map)");
		goto bad;
	}
	if (off != len) {
		mp_fail(&r, "%zu bytes of trailing data after the state", len - off);
		goto bad;
	}
	if (text_check_state(&up.data, r.name, err))
		goto bad;
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

	modules_init();
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
