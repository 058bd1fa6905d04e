/* A game's setup: the players, the tile sets and figure rows, the box and the deal, a new
 * game from them (carc_game_new), and the check that a state's tiles are its setup's. The
 * entries here register the built-in rules modules before anything else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "rules/modules.h"
#include "carc.h"

static int
parse_players(struct carc_game *g, const char *list, struct carc_err *err)
{
	const char *p = list, *e;
	char why[96];
	size_t n;
	int i;

	g->nplayers = 0;
	for (;;) {
		e = strchr(p, ',');
		n = e ? (size_t)(e - p) : strlen(p);
		if (carc_text_check(p, n, CARC_TEXT_NAME, why, sizeof(why)))
			return seterr(err, CARC_EUSAGE, "bad player name '%.*s': %s", (int)n, p, why);
		if (g->nplayers == CARC_MAX_PLAYERS)
			return seterr(err, CARC_EUSAGE, "too many players: 2 to %d play",
			    CARC_MAX_PLAYERS);
		memcpy(g->pl[g->nplayers].name, p, n);
		g->pl[g->nplayers].name[n] = '\0';
		for (i = 0; i < g->nplayers; i++)
			if (strcmp(g->pl[i].name, g->pl[g->nplayers].name) == 0)
				return seterr(err, CARC_EUSAGE, "player '%s' is named twice", g->pl[i].name);
		g->nplayers++;
		if (e == NULL)
			break;
		p = e + 1;
	}
	if (g->nplayers < 2)
		return seterr(err, CARC_EUSAGE, "too few players: 2 to %d play", CARC_MAX_PLAYERS);
	return 0;
}

/* A comma list of tile ids to type indices. */
static int
parse_ids(const struct carc_game *g, const char *opt, const char *list, uint16_t **out, int *n,
    struct carc_err *err)
{
	const char *p = list, *e;
	char id[ID_MAX];
	size_t len;
	int cap = 16, t;

	*n = 0;
	if ((*out = malloc(cap * sizeof(**out))) == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	if (*list == '\0')
		return 0;
	for (;;) {
		e = strchr(p, ',');
		len = e ? (size_t)(e - p) : strlen(p);
		if (len == 0 || len >= ID_MAX)
			return seterr(err, CARC_EUSAGE, "%s: bad tile id '%.*s'", opt, (int)len, p);
		memcpy(id, p, len);
		id[len] = '\0';
		if ((t = tileset_find(&g->ts, id)) < 0)
			return seterr(err, CARC_EUSAGE, "%s: no tile '%s' in the tile sets", opt, id);
		if (g->ts.types[t].own)
			return seterr(err, CARC_EUSAGE, "%s: tile %s is held by the players, never "
			    "dealt", opt, id);
		if (*n == MAX_TILES - 1)	/* the start tile makes MAX_TILES */
			return seterr(err, CARC_EUSAGE, "%s: more than %d tiles besides the start tile",
			    opt, MAX_TILES - 1);
		if (*n == cap) {
			uint16_t *o = realloc(*out, (cap *= 2) * sizeof(**out));

			if (o == NULL)
				return seterr(err, CARC_ESOFTWARE, "out of memory");
			*out = o;
		}
		(*out)[(*n)++] = t;
		if (e == NULL)
			break;
		p = e + 1;
	}
	return 0;
}

/* The copies of each tile the sets put in the box; edition c1 prints garden copies plain. */
static int
box_tiles(const struct carc_game *g, uint16_t *out)
{
	int i, c, n = 0, t;

	for (i = 0; i < g->ts.ntypes; i++) {
		const struct tiletype *tt = &g->ts.types[i];

		t = i;
		if (EDITION(g) == EDITION_C1 && tt->plain[0] &&
		    (t = tileset_find(&g->ts, tt->plain)) < 0)
			t = i;
		for (c = 0; c < tt->count; c++) {
			if (out)
				out[n] = t;
			n++;
		}
	}
	return n;
}

static int
take_one(uint16_t *a, int *n, int t)
{
	int i;

	for (i = 0; i < *n; i++)
		if (a[i] == t) {
			memmove(a + i, a + i + 1, (*n - i - 1) * sizeof(*a));
			(*n)--;
			return 0;
		}
	return -1;
}

static int
load_sets(struct carc_game *g, const struct carc_setup *su, struct carc_err *err)
{
	const char *list = su->expansions ? su->expansions : "base", *p = list, *e, *text;
	char name[ID_MAX];
	size_t n, len;
	int i;
	bool builtin = su->tilesets == NULL || su->tilesets[0] == NULL;

	if (builtin && tileset_kept(&g->ts, list) == 0)
		return 0;
	for (; *list != '\0';) {	/* --expansions "" plays the --tileset files alone */
		e = strchr(p, ',');
		n = e ? (size_t)(e - p) : strlen(p);
		if (n == 0 || n >= ID_MAX)
			return seterr(err, CARC_EUSAGE, "bad expansion name '%.*s'", (int)n, p);
		memcpy(name, p, n);
		name[n] = '\0';
		if (builtin_table(name) || (text = builtin_set(name, &len)) == NULL)
			return seterr(err, CARC_EUSAGE, "unknown expansion '%s' (built in: %s)", name,
			    builtin_names);
		char file[64];

		snprintf(file, sizeof(file), "formats/%s.yaml", name);
		if (tileset_load(&g->ts, name, text, len, file, true, err))
			return err->code;
		if (e == NULL)
			break;
		p = e + 1;
	}
	for (i = 0; su->tilesets && su->tilesets[i]; i++) {
		struct carc_buf b = { 0 };
		int rc;

		if (carc_file_read(su->tilesets[i], &b, err))
			return err->code;
		rc = tileset_load(&g->ts, NULL, b.data ? b.data : "", b.len, su->tilesets[i], false,
		    err);
		carc_buf_release(&b);
		if (rc)
			return rc;
	}
	if (g->ts.nsets == 0)
		return seterr(err, CARC_EUSAGE, "no tile sets: name --expansions or give --tileset");
	if (figures_load(&g->ts, err))
		return err->code;
	if (builtin)
		tileset_keep(list, &g->ts);
	return 0;
}

/* The tiles the players hold in their own supplies at the start (an abbey each): room for
 * them on the board. */
int
own_tiles(const struct carc_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->ts.ntypes; i++)
		n += g->nplayers * g->ts.types[i].own;
	return n;
}

/* Puts the start tile down and fills the supply, as the setup in g says: the box shuffled
 * with the seed (or the --deck list as it is), then the --stack tiles on top. */
int
game_deal(struct carc_game *g, struct carc_err *err)
{
	uint16_t *list = NULL;
	int n, start, i, nlist = 0, rc = 0;

	if (g->setup_start && tileset_find(&g->ts, g->setup_start) < 0)
		return seterr(err, CARC_EUSAGE, "--start: no tile '%s' in the tile sets",
		    g->setup_start);
	if ((start = tileset_find(&g->ts, g->setup_start ? g->setup_start : g->ts.start)) < 0)
		return seterr(err, CARC_EUSAGE, "the tile sets name no start tile: give --start ID");
	if (g->ts.types[start].own)
		return seterr(err, CARC_EUSAGE, "--start: tile %s is held by the players, never "
		    "dealt", g->ts.types[start].id);
	/* a state holds at most MAX_TILES, and a user's set could ask for 999 of 4096 tiles */
	if ((n = box_tiles(g, NULL)) > MAX_TILES)
		return seterr(err, CARC_EDATA,
		    "the tile sets hold %d tiles, more than the %d a game may have", n, MAX_TILES);
	if (g->setup_deck && parse_ids(g, "--deck", g->setup_deck, &list, &nlist, err))
		goto fail;
	n += own_tiles(g);
	if (board_init(g, (n > nlist ? n : nlist) + 1) == -1 ||
	    (g->supply = malloc((g->cap + 1) * sizeof(*g->supply))) == NULL ||
	    (g->aside = malloc((g->cap + 1) * sizeof(*g->aside))) == NULL) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		goto fail;
	}
	g->rng = g->seed;
	if (g->setup_deck) {
		memcpy(g->supply, list, nlist * sizeof(*list));
		g->nsupply = nlist;
	} else {
		g->nsupply = box_tiles(g, g->supply);
		take_one(g->supply, &g->nsupply, start);
		rng_shuffle(&g->rng, g->supply, g->nsupply);
	}
	if (g->setup_stack) {
		free(list);
		list = NULL;
		if (parse_ids(g, "--stack", g->setup_stack, &list, &nlist, err))
			goto fail;
		for (i = 0; i < nlist; i++)
			if (take_one(g->supply, &g->nsupply, list[i]) == -1) {
				seterr(err, CARC_EUSAGE, "--stack: no tile '%s' left in the supply",
				    g->ts.types[list[i]].id);
				goto fail;
			}
		memmove(g->supply + nlist, g->supply, g->nsupply * sizeof(*g->supply));
		memcpy(g->supply, list, nlist * sizeof(*list));
		g->nsupply += nlist;
	}
	board_place(g, start, 0, 0, 0);
	g->phase = CARC_DRAW;
	game_advance(g);
	goto out;
fail:
	rc = err->code;
out:
	free(list);
	return rc;
}

struct carc_game *
carc_game_new(const struct carc_setup *su, struct carc_err *err)
{
	struct carc_game *g;
	int i;

	modules_init();
	if ((g = game_alloc()) == NULL) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		return NULL;
	}
	if (parse_players(g, su->players ? su->players : "red,blue", err))
		goto fail;
	for (i = 0; su->rules && su->rules[i]; i++)
		if (rules_parse(&g->rules, su->rules[i], err))
			goto fail;
	if (load_sets(g, su, err))
		goto fail;
	rules_start(g);
	g->seed = su->seed;
	if ((su->start && (g->setup_start = strdup(su->start)) == NULL) ||
	    (su->stack && (g->setup_stack = strdup(su->stack)) == NULL) ||
	    (su->deck && (g->setup_deck = strdup(su->deck)) == NULL)) {
		seterr(err, CARC_ESOFTWARE, "out of memory");
		goto fail;
	}
	if (game_deal(g, err))
		goto fail;
	return g;
fail:
	carc_game_free(g);
	return NULL;
}


/* The tiles of a game read from a state must be the ones its setup put in it, each once:
 * the box (or the --deck list) and the start tile, wherever they are now. */
int
game_check_tiles(const struct carc_game *g, struct carc_err *err)
{
	int *want, i, start, n, rc = 0;
	uint16_t *list = NULL;

	if ((want = calloc(g->ts.ntypes, sizeof(*want))) == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	start = tileset_find(&g->ts, g->setup_start ? g->setup_start : g->ts.start);
	if (start < 0) {
		rc = seterr(err, CARC_EDATA, "the start tile is not in the tile sets");
		goto out;
	}
	if (g->setup_deck) {
		if ((rc = parse_ids(g, "deck", g->setup_deck, &list, &n, err)))
			goto out;
		for (i = 0; i < n; i++)
			want[list[i]]++;
		want[start]++;
	} else {
		if ((list = malloc((box_tiles(g, NULL) + 1) * sizeof(*list))) == NULL) {
			rc = seterr(err, CARC_ESOFTWARE, "out of memory");
			goto out;
		}
		n = box_tiles(g, list);
		for (i = 0; i < n; i++)
			want[list[i]]++;
		if (want[start] == 0)
			want[start]++;
	}
	for (i = 0; i < g->nboard; i++)
		want[g->board[i].type]--;
	for (i = 0; i < g->nsupply; i++)
		want[g->supply[i]]--;
	for (i = 0; i < g->naside; i++)
		want[g->aside[i]]--;
	for (i = 0; i < g->ndrawn; i++)
		want[g->drawn[i]]--;
	for (i = 0; i < g->ts.ntypes; i++) {
		/* each player holds his own tiles until he places them: at most that many */
		if (g->ts.types[i].own && want[i] < 0 &&
		    (want[i] += g->nplayers * g->ts.types[i].own) >= 0)
			continue;
		if (want[i] != 0 && !(g->ts.types[i].own && want[i] > 0)) {
			rc = seterr(err, CARC_EDATA, "tile %s: %d %s than the setup gives",
			    g->ts.types[i].id, abs(want[i]), want[i] < 0 ? "more" : "fewer");
			break;
		}
	}
out:
	free(list);
	free(want);
	return rc;
}

const char *
carc_phase_name(enum carc_phase p)
{
	modules_init();
	return rules_phase_name(p);
}
