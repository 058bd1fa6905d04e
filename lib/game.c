/* The game's life: a new game from a setup, the draw, the end of a turn, the end of the game. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "rules/modules.h"

struct carc_game *
game_alloc(void)
{
	struct carc_game *g = calloc(1, sizeof(*g));

	if (g != NULL)
		rules_defaults(&g->rules);
	return g;
}

void
carc_game_free(struct carc_game *g)
{
	int i;

	if (g == NULL)
		return;
	if (!g->borrowed)
		tileset_release(&g->ts);
	board_release(g);
	free(g->supply);
	free(g->aside);
	free(g->figs);
	for (i = 0; i < g->nlog; i++)
		free(g->log[i]);
	free(g->log);
	free(g->setup_start);
	free(g->setup_stack);
	free(g->setup_deck);
	carc_buf_release(&g->report);
	carc_buf_release(&g->words);
	free(g->wordv);
	free(g);
}

int
game_log(struct carc_game *g, const char *word)
{
	if (g->nlog == g->caplog) {
		int cap = g->caplog ? g->caplog * 2 : 64;
		char **l = realloc(g->log, cap * sizeof(*l));

		if (l == NULL)
			return -1;
		g->log = l;
		g->caplog = cap;
	}
	if ((g->log[g->nlog] = strdup(word)) == NULL)
		return -1;
	g->nlog++;
	return 0;
}

static int
parse_players(struct carc_game *g, const char *list, struct carc_err *err)
{
	const char *p = list, *e;
	size_t n;
	int i;

	g->nplayers = 0;
	for (;;) {
		e = strchr(p, ',');
		n = e ? (size_t)(e - p) : strlen(p);
		if (n == 0 || n > CARC_NAME_MAX)
			return seterr(err, CARC_EUSAGE, "bad player name '%.*s': 1 to %d characters",
			    (int)n, p, CARC_NAME_MAX);
		for (i = 0; i < (int)n; i++)
			if (!isalnum((unsigned char)p[i]) && !strchr("_-.", p[i]) &&
			    !((unsigned char)p[i] & 0x80))
				return seterr(err, CARC_EUSAGE,
				    "bad player name '%.*s': letters, digits, '_', '-' and '.' only",
				    (int)n, p);
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

	for (; *list != '\0';) {	/* --expansions "" plays the --tileset files alone */
		e = strchr(p, ',');
		n = e ? (size_t)(e - p) : strlen(p);
		if (n == 0 || n >= ID_MAX)
			return seterr(err, CARC_EUSAGE, "bad expansion name '%.*s'", (int)n, p);
		memcpy(name, p, n);
		name[n] = '\0';
		if (strcmp(name, "figures") == 0 || (text = builtin_set(name, &len)) == NULL)
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
	return figures_load(&g->ts, err);
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
	/* a state holds at most MAX_TILES, and a user's set could ask for 999 of 4096 tiles */
	if ((n = box_tiles(g, NULL)) > MAX_TILES)
		return seterr(err, CARC_EDATA,
		    "the tile sets hold %d tiles, more than the %d a game may have", n, MAX_TILES);
	if (g->setup_deck && parse_ids(g, "--deck", g->setup_deck, &list, &nlist, err))
		goto fail;
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
	for (i = 0; i < g->ts.ntypes; i++)
		if (want[i] != 0) {
			rc = seterr(err, CARC_EDATA, "tile %s: %d %s than the setup gives",
			    g->ts.types[i].id, abs(want[i]), want[i] < 0 ? "more" : "fewer");
			break;
		}
out:
	free(list);
	free(want);
	return rc;
}

/* The game ends when no tile left in the supply can be placed (B-50, B-12): then the draws
 * would set every one of them aside and none would be placed. */
void
game_advance(struct carc_game *g)
{
	int i;

	if (g->phase != CARC_DRAW)
		return;
	for (i = 0; i < g->nsupply; i++)
		if (board_placeable(g, g->supply[i])) {
			g->fit_nboard = g->nboard;
			g->fit_type = g->supply[i];
			return;
		}
	/* the draws would set every one of them aside (B-12): say so in the state */
	memcpy(g->aside + g->naside, g->supply, g->nsupply * sizeof(*g->supply));
	g->naside += g->nsupply;
	g->nsupply = 0;
	report(g, "final scoring:\n");
	score_final(g);
	g->phase = CARC_OVER;
}

/* The tiles player p draws now: one, or more as the modules say (The Fortune Teller: one more
 * per fortune teller), never more than remain. */
int
draw_allowed(const struct carc_game *g, int p)
{
	int want = rules_draw_count(g, p);

	return want > g->nsupply ? g->nsupply : want;
}

/* Why a tool that is not the one the phase waits for refuses it: NULL in phase draw. */
static int
draw_refused(const struct carc_game *g, struct carc_err *err)
{
	const struct phase_def *d;

	switch (g->phase) {
	case CARC_DRAW:
		return 0;
	case CARC_PLACE:
		return seterr(err, CARC_EREFUSED,
		    "a tile is drawn already: place it with carc-place or carc-bot");
	case CARC_SCORE:
		return seterr(err, CARC_EREFUSED, "the turn is not over: run carc-score first");
	case CARC_OVER:
		return seterr(err, CARC_EREFUSED, "the game is over");
	default:
		d = rules_phase(g->phase);
		return seterr(err, CARC_EREFUSED, "%s: %s decides with carc-place or carc-bot",
		    d ? d->busy : "the game waits for a decision", g->pl[g->player].name);
	}
}

int
carc_game_draw(struct carc_game *g, struct carc_err *err)
{
	return carc_game_draw_n(g, 0, err);
}

/* The draw of n tiles (0: all the player may draw). Another number is a decision of a module
 * (The Fortune Teller's draw:N) or refused. */
int
carc_game_draw_n(struct carc_game *g, int n, struct carc_err *err)
{
	char w[16];
	int want, rc;

	if (draw_refused(g, err))
		return err->code;
	want = draw_allowed(g, g->player);
	if (n == 0 || n == want)
		return game_draw(g, want, err);
	snprintf(w, sizeof(w), "draw:%d", n);
	if ((rc = rules_draw_decide(g, w, err)) != -1)
		return rc;
	return seterr(err, CARC_EREFUSED, "%s draws %d tile%s now, not %d",
	    g->pl[g->player].name, want, want == 1 ? "" : "s", n);
}

/* Draws `want` tiles from the top of the supply: with several, as long as one of them fits
 * somewhere, all are drawn, else they are set aside (F-7c); then, or with one, single tiles
 * until one fits, those that do not set aside (B-12). */
int
game_draw(struct carc_game *g, int want, struct carc_err *err)
{
	int t, i;

	if (want > 1) {
		for (i = 0; i < want; i++)
			g->drawn[i] = g->supply[i];
		memmove(g->supply, g->supply + want, (g->nsupply - want) * sizeof(*g->supply));
		g->nsupply -= want;
		g->ndrawn = want;
		for (i = 0; i < want; i++)
			if (board_placeable(g, g->drawn[i])) {
				g->phase = CARC_PLACE;
				return 0;
			}
		for (i = 0; i < want; i++)
			g->aside[g->naside++] = g->drawn[i];
		g->ndrawn = 0;
	}
	while (g->nsupply > 0) {
		t = g->supply[0];
		memmove(g->supply, g->supply + 1, (g->nsupply - 1) * sizeof(*g->supply));
		g->nsupply--;
		if ((g->fit_nboard == g->nboard && g->fit_type == t) || board_placeable(g, t)) {
			g->drawn[0] = t;
			g->ndrawn = 1;
			g->phase = CARC_PLACE;
			return 0;
		}
		g->aside[g->naside++] = t;	/* B-12 */
	}
	return seterr(err, CARC_EDATA, "inconsistent state: no tile in the supply fits");
}

/* Why carc-score refuses a phase; 0 in phase score. */
static int
score_refused(const struct carc_game *g, struct carc_err *err)
{
	const struct phase_def *d;

	switch (g->phase) {
	case CARC_SCORE:
		return 0;
	case CARC_DRAW:
		return seterr(err, CARC_EREFUSED, "no tile drawn yet: run carc-draw first");
	case CARC_PLACE:
		return seterr(err, CARC_EREFUSED,
		    "the drawn tile is not placed yet: run carc-place or carc-bot");
	case CARC_OVER:
		return seterr(err, CARC_EREFUSED, "the game is over");
	default:
		d = rules_phase(g->phase);
		return seterr(err, CARC_EREFUSED, "%s: %s decides with carc-place or carc-bot",
		    d ? d->busy : "the game waits for a decision", g->pl[g->player].name);
	}
}

/* The end of a turn: the tile's features scored, the tiles held given back, then the next
 * player's turn, unless a module starts a phase of its own (a catapult round). A decision of a
 * module's phase waiting in phase score is the module's to resolve. */
int
carc_game_score(struct carc_game *g, struct carc_err *err)
{
	int rc;

	if (score_refused(g, err))
		return err->code;
	if ((rc = rules_resolve(g, err)) != -1)
		return rc;
	g->report.len = 0;
	rules_placed(g, g->nboard - 1);
	score_placed(g, g->nboard - 1);
	/* F-7d: the drawn tiles not chosen were held until now; back they go, shuffled in */
	if (g->ndrawn > 0) {
		memcpy(g->supply + g->nsupply, g->drawn, g->ndrawn * sizeof(*g->drawn));
		g->nsupply += g->ndrawn;
		g->ndrawn = 0;
		rng_shuffle(&g->rng, g->supply, g->nsupply);
	}
	if ((rc = rules_turn_end(g)) != 0)
		return rc < 0 ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
	g->player = (g->player + 1) % g->nplayers;
	g->phase = CARC_DRAW;
	game_advance(g);
	if (g->phase == CARC_OVER && g->report.data == NULL && !g->quiet)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

const char *
carc_game_report(const struct carc_game *g)
{
	return g->report.data ? g->report.data : "";
}

enum carc_phase
carc_game_phase(const struct carc_game *g)
{
	return g->phase;
}

const char *
carc_phase_name(enum carc_phase p)
{
	return rules_phase_name(p);
}

int carc_game_player(const struct carc_game *g) { return g->player; }
int carc_game_nplayers(const struct carc_game *g) { return g->nplayers; }
const char *carc_game_player_name(const struct carc_game *g, int i) { return g->pl[i].name; }
int carc_game_player_score(const struct carc_game *g, int i) { return g->pl[i].score; }
int carc_game_player_followers(const struct carc_game *g, int i) { return figures_left(g, i, 0); }
int carc_game_tiles_left(const struct carc_game *g) { return g->nsupply; }
uint64_t carc_game_seed(const struct carc_game *g) { return g->seed; }
int carc_game_decisions(const struct carc_game *g) { return g->nlog; }
int carc_game_ndrawn(const struct carc_game *g) { return g->ndrawn; }
const char *carc_game_drawn(const struct carc_game *g, int i) { return g->ts.types[g->drawn[i]].id; }
