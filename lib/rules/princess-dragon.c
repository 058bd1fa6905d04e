/* The Princess & the Dragon as a rules module (PRINCESS-TOWER-COUNT-BRIDGES.md §1). Its tiles
 * show one symbol each: a volcano, the dragon, a magic portal (kinds of a point that nobody
 * claims, as the catapult's fair) or the princess (a sign of a city). The dragon and the fairy
 * are neutral rows of the figure table (`eats`, `guards`); where they stand is the core's
 * (game.h: struct npos), this module moves them.
 *
 * The dragon begins beside the board. A volcano placed takes it (PD-10), and no figure goes
 * on the features of that tile (PD-11: the core's `bare` hook; the phantom neither, PD-12).
 * Until the first volcano the dragon tiles are passed over by the draws, which is the rule's
 * setting aside and shuffling back (PD-13) in another form: the tiles drawn are the same, and
 * the first volcano shuffles the supply that holds them (PD-14: they may stay there to the
 * end). A dragon tile placed while the dragon is on the board moves it six steps, in phase
 * dragon, after the figure action and the phantom and before the scoring (PD-16; the option
 * dragon-timing=after-scoring moves it after the scoring): each step, dragon:N|E|S|W, made by
 * the next player from the one whose turn it is, onto a tile beside it that this movement has
 * not visited and that the fairy does not guard (PD-17, PD-18); with no such tile the
 * movement ends (PD-19). Each tile entered loses its figures that the dragon eats to their
 * owners' supplies, and a builder or pig left without its owner's follower goes too (PD-22,
 * PD-24). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board.h"
#include "../codec.h"
#include "../game.h"
#include "../legal.h"
#include "../score.h"
#include "modules.h"

#define DRAGON_STEPS 6		/* PD-17 */
#define FAIRY_TURN 1		/* PD-32 */
#define FAIRY_FEATURE 3		/* PD-33 */

enum { PD_TIMING, PD_PRINCESS, PD_FAIRY, PD_FAIRY_FINAL, PD_TILE };
enum { TIMING_BEFORE, TIMING_AFTER };
enum { PRINCESS_MAY, PRINCESS_MUST };
enum { FAIRY_NEXT_TO, FAIRY_ON_TILE };
enum { FINAL_ON, FINAL_OFF };
enum { TILE_BARRED, TILE_FREE };

#define VOLCANO (princess_dragon_module.kind0)
#define DRAGON_TILE (princess_dragon_module.kind0 + 1)
#define PORTAL (princess_dragon_module.kind0 + 2)
#define PRINCESS (princess_dragon_module.sign0)

/* The dragon's movement, while it is on (phase dragon). */
struct pd {
	int8_t turn;			/* the player whose turn it is; g->player is the mover */
	uint8_t npath;			/* cells visited: where it began, then each step */
	int16_t path[1 + DRAGON_STEPS][2];
};

#define PD(g) ((struct pd *)MODULE_STATE(g, &princess_dragon_module))

/* The neutral row with the ability, or -1. */
static int
neutral_with(const struct carc_game *g, bool eats)
{
	int i;

	for (i = 0; i < g->ts.nneutral; i++)
		if (eats ? g->ts.neutral[i].eats : g->ts.neutral[i].guards)
			return i;
	return -1;
}

/* Where the dragon stands, NULL if the game has none or it is beside the board. */
static const struct npos *
dragon_at(const struct carc_game *g)
{
	int d = neutral_with(g, true);

	return d >= 0 && g->neutral[d].on ? &g->neutral[d] : NULL;
}

/* The fairy, if on the board: where it stands; and the follower it is with (the one on its
 * tile and segment, PD-30), or -1 when none is there any more (PD-34). */
static const struct npos *
fairy_at(const struct carc_game *g)
{
	int f = neutral_with(g, false);

	return f >= 0 && g->neutral[f].on ? &g->neutral[f] : NULL;
}

static int
fairy_follower(const struct carc_game *g)
{
	const struct npos *q = fairy_at(g);
	int i, b;

	if (q == NULL || q->seg < 0 || (b = board_at(g, q->x, q->y)) < 0)
		return -1;
	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].tile == b && g->figs[i].seg == q->seg && !g->figs[i].corner &&
		    g->ts.fig[g->figs[i].type].group == GROUP_FOLLOWER)
			return i;
	return -1;
}

static bool
tile_has(const struct carc_game *g, int type, int kind)
{
	return g->ts.types[type].kindmask >> kind & 1;
}

/* PD-13: no dragon tile is drawn while the dragon is beside the board. */
static bool
pd_drawable(const struct carc_game *g, int t)
{
	return !tile_has(g, t, DRAGON_TILE) || dragon_at(g) != NULL ||
	    neutral_with(g, true) < 0;
}

static bool
princess_must(const struct carc_game *g)
{
	return RULE(g, &princess_dragon_module, PD_PRINCESS) == PRINCESS_MUST;
}

/* The segments of tile type t that show the princess (PD-40). */
static unsigned
princess_segs(const struct carc_game *g, int t)
{
	const struct tiletype *tt = &g->ts.types[t];
	unsigned m = 0;
	int s;

	for (s = 0; s < tt->nseg; s++)
		m |= (unsigned)(tt->seg[s].kind == K_CITY && (tt->seg[s].signs >> PRINCESS & 1)) << s;
	return m;
}

/* PD-11: the dragon lands on a volcano as it is placed; no figure goes on its features.
 * PD-42: with princess=must, a princess placed into a city with followers sends one home,
 * and no figure goes with her tile, on a corner neither. */
static unsigned
pd_bare(const struct carc_game *g, int t, char *why, size_t n)
{
	unsigned segs;

	if (tile_has(g, t, VOLCANO) && neutral_with(g, true) >= 0) {
		if (why != NULL)
			snprintf(why, n, "no figure goes on a volcano tile: the dragon lands there "
			    "(PD-11)");
		return BARE_FEATURES;
	}
	if (!princess_must(g) || (segs = princess_segs(g, t)) == 0)
		return 0;
	if (why != NULL)
		snprintf(why, n, "with princess=must, the princess placed into a city with "
		    "followers sends one home, and no figure goes with her tile (PD-42)");
	return BARE_FEATURES | BARE_CORNERS | segs;
}

/* Where the dragon stands when its tile takes no figure, whatever brings it (PD-12, as
 * JCloisterZone has it, O-7); NULL under dragon-tile=free, where only the volcano just placed
 * takes none (PD-11). */
static const struct npos *
dragon_bars(const struct carc_game *g)
{
	return RULE(g, &princess_dragon_module, PD_TILE) == TILE_BARRED ? dragon_at(g) : NULL;
}

struct target;
static int princess_each(struct carc_game *, int (*)(struct carc_game *, const struct target *,
    void *), void *);

/* Why no figure goes by the second figure decision of the turn (the phantom's, after the
 * placement), or SECOND_FREE: onto the tile just placed when it is the dragon's, or a volcano
 * that it takes (PD-12; a tower's top elsewhere it may close); anywhere when the princess,
 * placed into a city with followers, sends one home with princess=must (PD-41, PD-42). */
enum { SECOND_FREE, SECOND_DRAGON, SECOND_PRINCESS };

static int
second_barred(const struct carc_game *g, int ft)
{
	const struct placed *p = &g->board[g->nboard - 1];
	const struct npos *d = dragon_bars(g);

	if (!g->ts.fig[ft].second || g->phase == CARC_PLACE)
		return SECOND_FREE;
	if ((tile_has(g, p->type, VOLCANO) && neutral_with(g, true) >= 0) ||
	    (d != NULL && d->x == p->x && d->y == p->y))
		return SECOND_DRAGON;
	/* princess_each finds roots, which shortens paths in the union-find and nothing else */
	if (princess_must(g) && princess_each((struct carc_game *)g, NULL, NULL) > 0)
		return SECOND_PRINCESS;
	return SECOND_FREE;
}

/* The kinds the second figure decision may not put a figure on, as second_barred says. */
static unsigned
second_kinds(const struct carc_game *g, int ft)
{
	switch (second_barred(g, ft)) {
	case SECOND_DRAGON:
		return g->ts.types[g->board[g->nboard - 1].type].kindmask;
	case SECOND_PRINCESS:
		return ~0u;
	}
	return 0;
}

/* PD-12: no figure goes onto the dragon's tile, whatever brings it (a wagon's move). */
static int
pd_barred(const struct carc_game *g, int tile, char *why, size_t n)
{
	const struct npos *d = dragon_bars(g);

	if (d == NULL || g->board[tile].x != d->x || g->board[tile].y != d->y)
		return 0;
	snprintf(why, n, "the dragon stands on %d,%d, and no figure goes onto its tile (PD-12)",
	    d->x, d->y);
	return 1;
}

static unsigned
pd_figure_kinds(const struct carc_game *g, int p, int ft, int leaving, unsigned on)
{
	return on & ~second_kinds(g, ft);
}

static int
pd_limit_why(const struct carc_game *g, int p, int ft, int k, char *why, size_t n)
{
	int r = second_barred(g, ft);

	if (r == SECOND_FREE || !(second_kinds(g, ft) >> k & 1))
		return 0;
	snprintf(why, n, "%s", r == SECOND_DRAGON ? "no figure goes on the dragon's tile (PD-12)" :
	    "with princess=must, the princess sends a follower of her city home, and no other "
	    "figure goes with her tile (PD-41, PD-42)");
	return 1;
}

/* ---- the movement ---- */

/* The directions (a bit per side) of the steps the dragon may make now: onto a tile beside
 * it that this movement has not visited and that no guard (the fairy) stands on (PD-18). */
static unsigned
steps_open(const struct carc_game *g)
{
	const struct pd *s = PD(g);
	const struct npos *d = dragon_at(g);
	int guard = neutral_with(g, false), side, x, y, i;
	unsigned open = 0;

	for (side = 0; d != NULL && side < 4; side++) {
		x = d->x + side_dx[side];
		y = d->y + side_dy[side];
		if (board_at(g, x, y) < 0)
			continue;
		for (i = 0; i < s->npath && (s->path[i][0] != x || s->path[i][1] != y); i++)
			;
		if (i < s->npath)
			continue;
		if (guard >= 0 && g->neutral[guard].on && g->neutral[guard].x == x &&
		    g->neutral[guard].y == y)
			continue;
		open |= 1u << side;
	}
	return open;
}

/* The figures of tile b that the dragon eats go to their owners' supplies (PD-22), and the
 * builders and pigs left without their owner's follower with them (PD-24); another module
 * may spare one by where it stands (a tower's top under tower-dragon=spares). */
static void
eat(struct carc_game *g, int b)
{
	const struct figure *f;
	char place[32], why[160];
	int i;

	for (i = g->nfigs - 1; i >= 0; i--) {
		f = &g->figs[i];
		if (f->tile != b || !(g->ts.fig[f->type].removed & BY_DRAGON))
			continue;
		if (rules_spares(g, i, BY_DRAGON, why, sizeof(why))) {
			report(g, "%s\n", why);
			continue;
		}
		if (!g->quiet) {
			fig_place_name(g, i, place, sizeof(place));
			report(g, "the dragon eats %s's %s on %s at %d,%d (PD-22)\n",
			    g->pl[f->owner].name, g->ts.fig[f->type].name, place, g->board[b].x,
			    g->board[b].y);
		}
		fig_remove(g, i);
	}
	fig_strays(g);
}

/* The movement ends: the turn's player again, and the turn goes on, to the scoring
 * (before-scoring) or to its end (after-scoring). */
static int
movement_end(struct carc_game *g)
{
	struct pd *s = PD(g);
	int n;

	g->player = s->turn;
	s->npath = 0;
	if (RULE(g, &princess_dragon_module, PD_TIMING) == TIMING_BEFORE) {
		rules_step2(g, &princess_dragon_module);
		return 0;
	}
	if ((n = rules_turn_end_after(g, &princess_dragon_module)) < 0)
		return -1;
	if (n == 0)
		turn_next(g);
	return 0;
}

/* The next step is the next player's from the turn's (PD-17), or the movement is over: six
 * steps made, or none open (PD-19). 1 when a step waits. */
static int
movement_next(struct carc_game *g)
{
	struct pd *s = PD(g);
	int steps = s->npath - 1;

	if (steps < DRAGON_STEPS && steps_open(g)) {
		g->player = (s->turn + steps) % g->nplayers;
		g->phase = CARC_DRAGON;
		return 1;
	}
	report(g, "the dragon stops at %d,%d after %d step%s%s\n", dragon_at(g)->x,
	    dragon_at(g)->y, steps, steps == 1 ? "" : "s", steps < DRAGON_STEPS ?
	    ": no tile open beside it (PD-19)" : "");
	return 0;
}

/* A dragon tile placed with the dragon on the board: its movement begins where it stands. */
static int
movement_start(struct carc_game *g)
{
	struct pd *s = PD(g);
	const struct npos *d = dragon_at(g);

	s->turn = g->player;
	s->npath = 1;
	s->path[0][0] = d->x;
	s->path[0][1] = d->y;
	if (movement_next(g))
		return 1;
	g->player = s->turn;
	s->npath = 0;
	return 0;
}

/* One step to side `side`, which steps_open allows. */
static void
step(struct carc_game *g, int side)
{
	struct pd *s = PD(g);
	struct npos *d = &g->neutral[neutral_with(g, true)];

	d->x += side_dx[side];
	d->y += side_dy[side];
	s->path[s->npath][0] = d->x;
	s->path[s->npath][1] = d->y;
	s->npath++;
	report(g, "%s moves the dragon %s to %d,%d\n", g->pl[g->player].name, side_names[side],
	    d->x, d->y);
	eat(g, board_at(g, d->x, d->y));
}

/* ---- the figure actions of step 2: portal, princess, fairy (PD-30 .. PD-53) ---- */

/* Whether the phantom went onto the tile just placed: its decision comes before this
 * module's (PD-41). */
static bool
phantom_put(const struct carc_game *g)
{
	int i, b = g->nboard - 1;

	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].tile == b && g->ts.fig[g->figs[i].type].second)
			return true;
	return false;
}

/* What a figure action takes: a place, segment s of tile b, for a figure of type ft (the
 * portal's), or figure f on the board (the princess's, the fairy's; b, s and ft its). */
struct target {
	int b, s, ft, f;
};

/* Given each target of an action in turn, until it returns nonzero. */
typedef int (*target_fn)(struct carc_game *, const struct target *, void *);

/* A figure of the player's that may go through a portal: a follower, not one that stands on
 * corners (PD-52), while the turn's figure action is open (PD-50); or the phantom, still in
 * his supply (so not put on the tile this turn), whatever the figure action was: the portal
 * takes one of them a turn, as this phase takes one decision (PD-53, seed 003 note 9). */
static bool
portal_figure(const struct carc_game *g, int ft)
{
	const struct figtype *f = &g->ts.fig[ft];

	return f->group == GROUP_FOLLOWER && !f->corner && !f->needs_own &&
	    (f->second || !action_taken(g)) && figures_left(g, g->player, ft) > 0;
}

/* Each place a follower of the player's may reach through the portal (PD-50, PD-51): a
 * segment of a tile on the board other than the one just placed (its features are the
 * placement's) and the dragon's (PD-12), of a feature unoccupied (B-22) and incomplete, with
 * the figure types that may stand there now, in the order of the board, the segments and the
 * figure table. Returns what `each` returned nonzero, or how many. */
static int
portal_each(struct carc_game *g, target_fn each, void *arg)
{
	const struct npos *d = dragon_bars(g);
	const struct tiletype *t;
	struct target x;
	unsigned asked[MAXFIGTYPES] = { 0 }, may[MAXFIGTYPES] = { 0 };
	int b, s, k, r, ft, n = 0, rc;

	/* whether a figure type may go through the portal onto a kind is the same everywhere on
	 * the board: asked once a kind (the modules' figure_kinds), not once a segment */
	for (b = 0; b < g->nboard - 1; b++) {
		if (d != NULL && g->board[b].x == d->x && g->board[b].y == d->y)
			continue;
		t = &g->ts.types[g->board[b].type];
		for (s = 0; s < t->nseg; s++) {
			k = t->seg[s].kind;
			if (!kinds[k]->claimable)
				continue;
			r = node_find(g, b * MAXSEG + s);
			if (g->nodes[r].claims > 0 || feature_complete(g, r))
				continue;
			for (ft = 0; ft < g->ts.nfig; ft++) {
				if (!(asked[ft] >> k & 1)) {
					asked[ft] |= 1u << k;
					may[ft] |= (unsigned)(portal_figure(g, ft) &&
					    figure_may_stand(g, g->player, ft, k, -1) == STAND_OK) << k;
				}
				if (!(may[ft] >> k & 1))
					continue;
				if (each == NULL) {
					n++;
					continue;
				}
				x = (struct target){ b, s, ft, -1 };
				if ((rc = each(g, &x, arg)) != 0)
					return rc;
			}
		}
	}
	return each == NULL ? n : 0;
}

/* The followers a princess just placed may send home (PD-40, PD-44): those in the city of her
 * segment of the tile just placed, any player's, in the order of the figures. Returns what
 * `each` returned nonzero, or how many. */
static int
princess_each(struct carc_game *g, target_fn each, void *arg)
{
	int tile = g->nboard - 1, s, f, r, n = 0, rc;
	const struct tiletype *t = &g->ts.types[g->board[tile].type];
	struct target x;

	for (s = 0; s < t->nseg; s++) {
		if (t->seg[s].kind != K_CITY || !(t->seg[s].signs >> PRINCESS & 1))
			continue;
		r = node_find(g, tile * MAXSEG + s);
		for (f = 0; f < g->nfigs; f++) {
			if (g->ts.fig[g->figs[f].type].group != GROUP_FOLLOWER ||
			    node_find(g, g->figs[f].tile * MAXSEG + g->figs[f].seg) != r)
				continue;
			if (each == NULL) {
				n++;
				continue;
			}
			x = (struct target){ g->figs[f].tile, g->figs[f].seg, g->figs[f].type, f };
			if ((rc = each(g, &x, arg)) != 0)
				return rc;
		}
	}
	return each == NULL ? n : 0;
}

/* fairy=on-tile (PD-60): the fairy stands on a tile, with no follower of its own. */
static bool
on_tile(const struct carc_game *g)
{
	return RULE(g, &princess_dragon_module, PD_FAIRY) == FAIRY_ON_TILE;
}

/* Whether figure f is a follower of the player's that the fairy may go to: on the board,
 * not the phantom put this turn (its decision comes before this one, in the rules after
 * it). */
static inline bool
fairy_may_join(const struct carc_game *g, int f)
{
	const struct figure *fg = &g->figs[f];

	return fg->owner == g->player && !fg->corner &&
	    g->ts.fig[fg->type].group == GROUP_FOLLOWER &&
	    !(fg->tile == g->nboard - 1 && g->ts.fig[fg->type].second);
}

/* Where the fairy may be moved, the figure action of a turn with no figure put (PD-30):
 * beside a follower of the player's (fairy_may_join), not the one it is with already; with
 * fairy=on-tile onto a tile of such a follower, not its own (given the first follower of
 * each tile). In the order of the figures; returns what `each` returned nonzero, or how
 * many. */
static int
fairy_each(struct carc_game *g, target_fn each, void *arg)
{
	const struct npos *q = fairy_at(g);
	int f, e, with = fairy_follower(g), n = 0, rc, b;
	bool tile = on_tile(g);
	struct target x;

	if (neutral_with(g, false) < 0)
		return 0;
	for (f = 0; f < g->nfigs; f++) {
		if (f == with || !fairy_may_join(g, f))
			continue;
		b = g->figs[f].tile;
		if (tile) {
			if (q != NULL && g->board[b].x == q->x && g->board[b].y == q->y)
				continue;
			for (e = 0; e < f && !(g->figs[e].tile == b && fairy_may_join(g, e)); e++)
				;
			if (e < f)
				continue;
		}
		if (each == NULL) {
			n++;
			continue;
		}
		x = (struct target){ b, g->figs[f].seg, g->figs[f].type, f };
		if ((rc = each(g, &x, arg)) != 0)
			return rc;
	}
	return each == NULL ? n : 0;
}

/* Whether the portal has a place to offer, the princess a follower to send home (the
 * phantom not put, PD-41), the fairy somewhere to go: each decision is open when so and the
 * turn's figure action is not taken (PD-45, PD-50). fairy_each only looks here, and changes
 * nothing. */
static int
any(struct carc_game *g, const struct target *t, void *arg)
{
	return 1;
}

static bool
portal_can(struct carc_game *g)
{
	return tile_has(g, g->board[g->nboard - 1].type, PORTAL) && portal_each(g, any, NULL);
}

static bool
princess_can(struct carc_game *g)
{
	return !phantom_put(g) && princess_each(g, any, NULL);
}

static bool
fairy_can(const struct carc_game *g)
{
	return fairy_each((struct carc_game *)g, any, NULL);
}

/* The portal's phase is open to the phantom after a figure action too (portal_figure). */
static bool
portal_open(struct carc_game *g)
{
	return portal_can(g);
}

static bool
princess_open(struct carc_game *g)
{
	return !action_taken(g) && princess_can(g);
}

static bool
fairy_open(const struct carc_game *g)
{
	return !action_taken(g) && fairy_can(g);
}

static int movement_start(struct carc_game *);

/* After the figure action (`taken`) or none: the fairy's move if the action is still open,
 * then the dragon's movement on a dragon tile, else the modules after this one, then the
 * scoring. */
static void
action_done(struct carc_game *g, bool taken)
{
	const struct placed *p = &g->board[g->nboard - 1];

	if (!taken && fairy_open(g)) {
		g->phase = CARC_FAIRY;
		return;
	}
	if (tile_has(g, p->type, DRAGON_TILE) && dragon_at(g) != NULL &&
	    RULE(g, &princess_dragon_module, PD_TIMING) == TIMING_BEFORE && movement_start(g))
		return;
	rules_step2(g, &princess_dragon_module);
}

/* ---- each action's words and deeds ---- */

/* portal:X,Y,FEATURE, @FIGURE after it when not a follower. */
static void
portal_word(const struct carc_game *g, const struct target *t, char *w, size_t n)
{
	char name[32];

	seg_rotated_name(&g->ts.types[g->board[t->b].type], g->board[t->b].rot, t->s, name,
	    sizeof(name));
	if (strcmp(g->ts.fig[t->ft].name, DEFAULT_FIGURE) == 0)
		snprintf(w, n, "portal:%d,%d,%s", g->board[t->b].x, g->board[t->b].y, name);
	else
		snprintf(w, n, "portal:%d,%d,%s@%s", g->board[t->b].x, g->board[t->b].y, name,
		    g->ts.fig[t->ft].name);
}

/* princess:X,Y,FEATURE of the follower sent home. */
static void
princess_word(const struct carc_game *g, const struct target *t, char *w, size_t n)
{
	char name[32];

	fig_place_name(g, t->f, name, sizeof(name));
	snprintf(w, n, "princess:%d,%d,%s", g->board[t->b].x, g->board[t->b].y, name);
}

/* fairy:X,Y,FEATURE of the follower it goes to; with fairy=on-tile fairy:X,Y of its tile. */
static void
fairy_word(const struct carc_game *g, const struct target *t, char *w, size_t n)
{
	char name[32];

	if (on_tile(g)) {
		snprintf(w, n, "fairy:%d,%d", g->board[t->b].x, g->board[t->b].y);
		return;
	}
	fig_place_name(g, t->f, name, sizeof(name));
	snprintf(w, n, "fairy:%d,%d,%s", g->board[t->b].x, g->board[t->b].y, name);
}

/* A word NAME:X,Y,FEATURE[@FIGURE] of this module's (name: "portal:" ...) made canonical, as
 * the lists write it: the feature named by its canonical side (any side of it is taken, as
 * in placements), @follower dropped. A word not of that form, or naming a feature or figure
 * that is no word of the game, is a usage error; one naming no tile or a feature the tile
 * lacks is written as given, for the list to refuse. */
static int
canonical(const struct carc_game *g, const char *w, size_t plen, char *out, size_t n,
    struct carc_err *err)
{
	const char *p = w + plen, *at, *rest;
	char feat[32], name[32], fig[ID_MAX] = "";
	int x, y, used = 0, b, s;
	size_t flen;

	/* the cell as the core reads one (cell_read): an overflow is no cell, and a word written
	 * as given (no tile there) holds the engine's spelling of it */
	if (cell_read(p, &x, &y, &rest) && *rest == ',')
		used = rest + 1 - p;
	if (used == 0 || p[used] == '\0' || (flen = strcspn(p + used, "@")) >= sizeof(feat))
		return seterr(err, CARC_EUSAGE, "bad move '%s': write %.*sX,Y,FEATURE%s", w,
		    (int)plen, w, plen == 7 ? "[@FIGURE]" : "");
	memcpy(feat, p + used, flen);
	feat[flen] = '\0';
	if ((at = strchr(p + used, '@')) != NULL) {
		if (plen != 7 || strlen(at + 1) >= sizeof(fig) || figure_find(&g->ts, at + 1) < 0)
			return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w,
			    at + 1);
		snprintf(fig, sizeof(fig), "%s", at + 1);
	}
	snprintf(out, n, "%s", w);
	if ((b = board_at(g, x, y)) < 0)
		return 0;
	if ((s = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot, feat)) == -2)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s' (KIND or "
		    "KIND:SIDE, as road:E or field:Nw)", w, feat);
	if (s < 0)
		return 0;
	seg_rotated_name(&g->ts.types[g->board[b].type], g->board[b].rot, s, name, sizeof(name));
	snprintf(out, n, "%.*s%d,%d,%s%s%s", (int)plen, w, x, y, name,
	    fig[0] && strcmp(fig, DEFAULT_FIGURE) != 0 ? "@" : "",
	    fig[0] && strcmp(fig, DEFAULT_FIGURE) != 0 ? fig : "");
	return 0;
}

static int
portal_canon(const struct carc_game *g, const char *w, char *out, size_t n,
    struct carc_err *err)
{
	return canonical(g, w, 7, out, n, err);
}

static int
princess_canon(const struct carc_game *g, const char *w, char *out, size_t n,
    struct carc_err *err)
{
	return canonical(g, w, 9, out, n, err);
}

static int
fairy_canon(const struct carc_game *g, const char *w, char *out, size_t n,
    struct carc_err *err)
{
	const char *rest;
	int x, y;

	if (!on_tile(g))
		return canonical(g, w, 6, out, n, err);
	if (!cell_read(w + 6, &x, &y, &rest) || *rest != '\0')
		return seterr(err, CARC_EUSAGE, "bad move '%s': write fairy:X,Y, a tile "
		    "(fairy=on-tile)", w);
	snprintf(out, n, "fairy:%d,%d", x, y);
	return 0;
}

/* The follower through the portal (PD-50): the turn's figure action; or the phantom, which
 * takes none (PD-53). */
static int
portal_put(struct carc_game *g, const struct target *t)
{
	bool phantom = g->ts.fig[t->ft].second;

	if (fig_add(g, t->b, t->s, g->player, t->ft) == -1)
		return -1;
	g->acted |= !phantom;
	report(g, "%s's %s goes through the portal to %d,%d (%s)\n", g->pl[g->player].name,
	    g->ts.fig[t->ft].name, g->board[t->b].x, g->board[t->b].y, phantom ? "PD-53" :
	    "PD-50");
	return 0;
}

/* The princess sends the follower home (PD-40); a builder or pig left alone goes too
 * (PD-44). */
static int
princess_take(struct carc_game *g, const struct target *t)
{
	report(g, "the princess sends %s's %s at %d,%d home (PD-40)\n",
	    g->pl[g->figs[t->f].owner].name, g->ts.fig[t->ft].name, g->board[t->b].x,
	    g->board[t->b].y);
	fig_remove(g, t->f);
	fig_strays(g);
	g->acted = true;
	return 0;
}

/* The fairy beside the follower, on its tile (PD-30), or on the tile alone (PD-60). */
static int
fairy_move(struct carc_game *g, const struct target *t)
{
	g->neutral[neutral_with(g, false)] = (struct npos){ g->board[t->b].x, g->board[t->b].y,
	    on_tile(g) ? -1 : t->s, true };
	g->acted = true;
	if (on_tile(g))
		report(g, "the fairy goes onto %d,%d, a tile of %s's (PD-60)\n", g->board[t->b].x,
		    g->board[t->b].y, g->pl[g->player].name);
	else
		report(g, "the fairy goes to %s's %s at %d,%d (PD-30)\n", g->pl[g->player].name,
		    g->ts.fig[t->ft].name, g->board[t->b].x, g->board[t->b].y);
	return 0;
}

static int
portal_status(const struct carc_game *g, struct carc_buf *b)
{
	if (action_taken(g))
		return carc_buf_printf(b, "%s may send the phantom through the portal "
		    "(portal:X,Y,FEATURE@phantom) or not (portal:none)", g->pl[g->player].name);
	return carc_buf_printf(b, "%s may send a follower through the portal "
	    "(portal:X,Y,FEATURE[@FIGURE]) or not (portal:none)", g->pl[g->player].name);
}

static int
princess_status(const struct carc_game *g, struct carc_buf *b)
{
	return carc_buf_printf(b, "%s %s send a follower of the princess's city home "
	    "(princess:X,Y,FEATURE)%s", g->pl[g->player].name, princess_must(g) ? "must" : "may",
	    princess_must(g) ? "" : " or not (princess:none)");
}

static int
fairy_status(const struct carc_game *g, struct carc_buf *b)
{
	return carc_buf_printf(b, "%s may move the fairy %s or not (fairy:none)",
	    g->pl[g->player].name, on_tile(g) ? "onto a tile of a follower of his (fairy:X,Y)" :
	    "beside a follower of his (fairy:X,Y,FEATURE)");
}

/* Why a word naming no target is refused: the phantom no longer in the supply, a follower
 * after the turn's figure action (PD-53), else no such place (PD-51). */
static int
portal_refuse(const struct carc_game *g, const char *w, struct carc_err *err)
{
	const char *at = strchr(w, '@');
	int ft = figure_find(&g->ts, at != NULL ? at + 1 : DEFAULT_FIGURE);

	if (ft >= 0 && g->ts.fig[ft].second && figures_left(g, g->player, ft) == 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left to send "
		    "through the portal", w, g->pl[g->player].name, g->ts.fig[ft].name);
	if (ft >= 0 && !g->ts.fig[ft].second && action_taken(g))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the turn's figure action is "
		    "taken; only the phantom may go through the portal now (PD-53)", w);
	return seterr(err, CARC_EREFUSED, "illegal move '%s': no unoccupied, unfinished feature "
	    "there that %s's follower may reach through the portal (PD-51)", w,
	    g->pl[g->player].name);
}

static int
princess_refuse(const struct carc_game *g, const char *w, struct carc_err *err)
{
	return seterr(err, CARC_EREFUSED, "illegal move '%s': no follower there in the "
	    "princess's city (PD-44)", w);
}

static int
fairy_refuse(const struct carc_game *g, const char *w, struct carc_err *err)
{
	return seterr(err, CARC_EREFUSED, "illegal move '%s': no follower of %s's there for the "
	    "fairy to go to, other than %s (PD-30)", w, g->pl[g->player].name, on_tile(g) ?
	    "on the tile it stands on" : "the one it is with");
}

/* Why the princess's none is refused, or NULL (PD-42). */
static const char *
princess_none(const struct carc_game *g)
{
	return princess_must(g) ? "with princess=must a follower of her city goes home (PD-42)" :
	    NULL;
}

/* ---- the actions, one decision each in a phase of its own ---- */

/* A figure action of step 2: its phase and the prefix of its words (PREFIX:none declines
 * it); its targets, their words (what canon makes of a word given), and the deed; its
 * refusals; whether declining it closes the figure action (the fairy's, the last offered)
 * and why, if so, it may not be declined. */
struct action {
	enum carc_phase phase;
	const char *prefix;
	int (*each)(struct carc_game *, target_fn, void *);
	void (*word)(const struct carc_game *, const struct target *, char *, size_t);
	int (*canon)(const struct carc_game *, const char *, char *, size_t, struct carc_err *);
	int (*act)(struct carc_game *, const struct target *);
	int (*status)(const struct carc_game *, struct carc_buf *);
	int (*refuse)(const struct carc_game *, const char *, struct carc_err *);
	bool none_closes;
	const char *(*none_barred)(const struct carc_game *);
};

static const struct action actions[] = {
	{ CARC_PORTAL, "portal:", portal_each, portal_word, portal_canon, portal_put,
	    portal_status, portal_refuse, false, NULL },
	{ CARC_PRINCESS, "princess:", princess_each, princess_word, princess_canon,
	    princess_take, princess_status, princess_refuse, false, princess_none },
	{ CARC_FAIRY, "fairy:", fairy_each, fairy_word, fairy_canon, fairy_move, fairy_status,
	    fairy_refuse, true, NULL },
};

static const struct action *
action_of(enum carc_phase p)
{
	size_t i;

	for (i = 0; i < sizeof(actions) / sizeof(actions[0]) - 1 && actions[i].phase != p; i++)
		;
	return &actions[i];
}

/* A target searched for: the one whose word is `word`, or the n-th. */
struct find {
	const struct action *a;
	const char *word;
	int n;
	struct target t;
};

static int
find_word(struct carc_game *g, const struct target *t, void *arg)
{
	struct find *x = arg;
	char w[64];

	x->a->word(g, t, w, sizeof(w));
	if (strcmp(w, x->word) != 0)
		return 0;
	x->t = *t;
	return 1;
}

static int
find_nth(struct carc_game *g, const struct target *t, void *arg)
{
	struct find *x = arg;

	if (x->n-- > 0)
		return 0;
	x->t = *t;
	return 1;
}

static int
add_word(struct carc_game *g, const struct target *t, void *arg)
{
	const struct action *a = arg;
	char w[64];

	a->word(g, t, w, sizeof(w));
	return carc_buf_add(&g->words, w, strlen(w) + 1) ? -1 : 0;
}

/* Action a done on target t (NULL: declined), its word w logged; the turn goes on. A
 * phantom through the portal closes the figure decisions too: in the rules the fairy's move
 * comes before the phantom's, which carc asks first. */
static int
action_do(struct carc_game *g, const struct action *a, const struct target *t, const char *w)
{
	if (t != NULL && a->act(g, t) == -1)
		return -1;
	if (!g->quiet && game_log(g, w) == -1)
		return -1;
	action_done(g, t != NULL || a->none_closes);
	return 0;
}

static int
action_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	const struct action *a = action_of(g->phase);
	size_t plen = strlen(a->prefix);
	char canon[64];
	struct find x = { a, canon, 0, { 0 } };
	struct carc_buf what = { 0 };
	const char *why;

	if (strncmp(w, a->prefix, plen) != 0) {
		a->status(g, &what);
		seterr(err, CARC_EUSAGE, "bad move '%s': %s", w, what.data ? what.data :
		    "out of memory");
		free(what.data);
		return err->code;
	}
	if (strcmp(w + plen, "none") == 0) {
		if (a->none_barred != NULL && (why = a->none_barred(g)) != NULL)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, why);
		return action_do(g, a, NULL, w) ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
	}
	if (a->canon(g, w, canon, sizeof(canon), err))
		return err->code;
	if (a->each(g, find_word, &x) <= 0)
		return a->refuse(g, w, err);
	return action_do(g, a, &x.t, canon) ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* Each target's word, then PREFIX:none unless it may not be declined. */
static int
action_words(struct carc_game *g, struct carc_err *err)
{
	const struct action *a = action_of(g->phase);
	char none[16];

	snprintf(none, sizeof(none), "%snone", a->prefix);
	if (a->each(g, add_word, (void *)a) < 0 || ((a->none_barred == NULL ||
	    a->none_barred(g) == NULL) && carc_buf_add(&g->words, none, strlen(none) + 1)))
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

/* The random player's: of the targets and none, one drawn as its index in the list would
 * be. */
static int
action_random(struct carc_game *g, uint64_t *rng)
{
	const struct action *a = action_of(g->phase);
	int n = a->each(g, NULL, NULL);
	bool none = a->none_barred == NULL || a->none_barred(g) == NULL;
	struct find x = { a, NULL, (int)carc_rng_below(rng, n + none), { 0 } };
	char w[64] = "";

	if (x.n == n) {
		if (!g->quiet)
			snprintf(w, sizeof(w), "%snone", a->prefix);
		return action_do(g, a, NULL, w);
	}
	a->each(g, find_nth, &x);
	if (!g->quiet)
		a->word(g, &x.t, w, sizeof(w));
	return action_do(g, a, &x.t, w);
}

static int
action_status(const struct carc_game *g, struct carc_buf *b)
{
	return action_of(g->phase)->status(g, b);
}

/* The board index of the fairy's tile, or -1. */
static int
fairy_tile(const struct carc_game *g)
{
	const struct npos *q = fairy_at(g);

	return q != NULL ? board_at(g, q->x, q->y) : -1;
}

/* Whether figure f is a follower standing on tile b. */
static bool
follower_on(const struct carc_game *g, int f, int b)
{
	return g->figs[f].tile == b && !g->figs[f].corner &&
	    g->ts.fig[g->figs[f].type].group == GROUP_FOLLOWER;
}

/* PD-32: a turn begins, not the second of a builder's: a point to the player whose follower
 * the fairy is with, if his; with fairy=on-tile a point for each of his followers on its tile
 * (PD-60). */
static void
pd_turn_start(struct carc_game *g, bool again)
{
	int f = fairy_follower(g), b, n = 0;

	if (again)
		return;
	if (on_tile(g)) {
		for (f = 0, b = fairy_tile(g); b >= 0 && f < g->nfigs; f++)
			n += follower_on(g, f, b) && g->figs[f].owner == g->player;
		if (n == 0)
			return;
		g->pl[g->player].score += n * FAIRY_TURN;
		report(g, "%s scores %d: the fairy stands on a tile with %d follower%s of his "
		    "(PD-60)\n", g->pl[g->player].name, n * FAIRY_TURN, n, n == 1 ? "" : "s");
		return;
	}
	if (f < 0 || g->figs[f].owner != g->player)
		return;
	g->pl[g->player].score += FAIRY_TURN;
	report(g, "%s scores %d: the fairy is with his %s (PD-32)\n", g->pl[g->player].name,
	    FAIRY_TURN, g->ts.fig[g->figs[f].type].name);
}

/* The follower of feature `root` whose owner the fairy gives 3 as it is scored: the one it is
 * with; with fairy=on-tile the first of the feature on its tile (PD-60). -1 if none. */
static int
fairy_in(struct carc_game *g, int root)
{
	int f = fairy_follower(g), b;

	if (!on_tile(g))
		return f >= 0 && node_find(g, g->figs[f].tile * MAXSEG + g->figs[f].seg) == root ?
		    f : -1;
	for (f = 0, b = fairy_tile(g); b >= 0 && f < g->nfigs; f++)
		if (follower_on(g, f, b) &&
		    node_find(g, g->figs[f].tile * MAXSEG + g->figs[f].seg) == root)
			return f;
	return -1;
}

/* PD-33, PD-71: a feature scored with the fairy's follower in it, 3 to its owner, whether he
 * wins it or not (a tent too, whoever completes it). */
static void
fairy_scored(struct carc_game *g, int root)
{
	int f = fairy_in(g, root);

	if (f < 0)
		return;
	g->pl[g->figs[f].owner].score += FAIRY_FEATURE;
	report(g, "%s scores %d: the fairy %s his %s (%s)\n", g->pl[g->figs[f].owner].name,
	    FAIRY_FEATURE, on_tile(g) ? "stands on the tile of" : "is with",
	    g->ts.fig[g->figs[f].type].name, on_tile(g) ? "PD-60" : "PD-33");
}

static void
pd_completed(struct carc_game *g, int k, int root, int tile)
{
	fairy_scored(g, root);
}

/* At the end, the features left are scored as they stand: the fairy's follower's too (each
 * of the features of its tile's followers, fairy=on-tile), unless its kind scores nothing at
 * the end (a tent, F-6) or the option fairy-final=off says the fairy gives nothing then
 * (PD-33). */
static void
pd_final(struct carc_game *g)
{
	int f, e, b = fairy_tile(g), r;

	if (b < 0 || RULE(g, &princess_dragon_module, PD_FAIRY_FINAL) == FINAL_OFF)
		return;
	if (!on_tile(g)) {
		if ((f = fairy_follower(g)) >= 0 && kinds[figure_kind(g, f)]->end_value != NULL)
			fairy_scored(g, node_find(g, g->figs[f].tile * MAXSEG + g->figs[f].seg));
		return;
	}
	for (f = 0; f < g->nfigs; f++) {
		if (!follower_on(g, f, b) || kinds[figure_kind(g, f)]->end_value == NULL)
			continue;
		r = node_find(g, g->figs[f].tile * MAXSEG + g->figs[f].seg);
		for (e = 0; e < f && !(follower_on(g, e, b) &&
		    node_find(g, g->figs[e].tile * MAXSEG + g->figs[e].seg) == r); e++)
			;
		if (e == f)
			fairy_scored(g, r);
	}
}

/* The volcano just placed takes the dragon (PD-10); the first one puts the dragon tiles back
 * among those drawn, and the supply is shuffled (PD-13). */
static void
jump(struct carc_game *g, int tile)
{
	int d = neutral_with(g, true);
	bool first = !g->neutral[d].on;

	g->neutral[d] = (struct npos){ g->board[tile].x, g->board[tile].y, -1, true };
	report(g, "the dragon %s the volcano at %d,%d (PD-10)\n", first ? "comes onto" :
	    "flies to", g->board[tile].x, g->board[tile].y);
	if (first)
		rng_shuffle(&g->rng, g->supply, g->nsupply);
}

/* A tile just placed: the dragon to a volcano; a dragon tile starts its movement, before the
 * scoring (PD-16). */
static int
pd_step2(struct carc_game *g, int tile)
{
	int type = g->board[tile].type;

	if (tile_has(g, type, VOLCANO) && neutral_with(g, true) >= 0)
		jump(g, tile);
	if (portal_can(g)) {
		g->phase = CARC_PORTAL;
		return 1;
	}
	if (!action_taken(g)) {
		g->phase = princess_can(g) ? CARC_PRINCESS : fairy_can(g) ? CARC_FAIRY : g->phase;
		if (g->phase == CARC_PRINCESS || g->phase == CARC_FAIRY)
			return 1;
	}
	if (!tile_has(g, type, DRAGON_TILE) || dragon_at(g) == NULL ||
	    RULE(g, &princess_dragon_module, PD_TIMING) != TIMING_BEFORE)
		return 0;
	return movement_start(g);
}

/* dragon-timing=after-scoring: the movement after the turn's scoring (the RGG order). */
static int
pd_turn_end(struct carc_game *g)
{
	const struct placed *p = &g->board[g->nboard - 1];

	if (RULE(g, &princess_dragon_module, PD_TIMING) != TIMING_AFTER ||
	    neutral_with(g, true) < 0 || !tile_has(g, p->type, DRAGON_TILE) ||
	    dragon_at(g) == NULL)
		return 0;
	return movement_start(g);
}

/* The side a word dragon:N means, or -1. */
static int
side_of(const char *w)
{
	int side;

	if (strncmp(w, "dragon:", 7) != 0)
		return -1;
	for (side = 0; side < 4; side++)
		if (strcmp(w + 7, side_names[side]) == 0)
			return side;
	return -1;
}

static int
dragon_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	const struct npos *d = dragon_at(g), *q;
	int side = side_of(w), x, y;
	char canon[16];

	if (side < 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s moves the dragon one step: "
		    "dragon:N, dragon:E, dragon:S or dragon:W", w, g->pl[g->player].name);
	if (!(steps_open(g) >> side & 1)) {
		x = d->x + side_dx[side];
		y = d->y + side_dy[side];
		if (board_at(g, x, y) < 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': no tile at %d,%d, and "
			    "the dragon steps only onto tiles (PD-18)", w, x, y);
		if ((q = fairy_at(g)) != NULL && q->x == x && q->y == y)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': the fairy guards %d,%d, "
			    "and the dragon never enters its tile (PD-18)", w, x, y);
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the dragon has been at %d,%d "
		    "in this movement already (PD-18)", w, x, y);
	}
	step(g, side);
	snprintf(canon, sizeof(canon), "dragon:%s", side_names[side]);
	if (!g->quiet && game_log(g, canon) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	if (!movement_next(g) && movement_end(g))
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

static int
dragon_words(struct carc_game *g, struct carc_err *err)
{
	unsigned open = steps_open(g);
	char w[16];
	int side, rc = 0;

	for (side = 0; side < 4; side++)
		if (open >> side & 1) {
			snprintf(w, sizeof(w), "dragon:%s", side_names[side]);
			rc |= carc_buf_add(&g->words, w, strlen(w) + 1);
		}
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* The random player's step: one of those dragon_words lists, drawn as its index would be. */
static int
dragon_random(struct carc_game *g, uint64_t *rng)
{
	unsigned open = steps_open(g);
	int side, j = carc_rng_below(rng, __builtin_popcount(open));
	char w[16];

	for (side = 0; !(open >> side & 1) || j-- > 0; side++)
		;
	step(g, side);
	if (!g->quiet) {
		snprintf(w, sizeof(w), "dragon:%s", side_names[side]);
		if (game_log(g, w) == -1)
			return -1;
	}
	return !movement_next(g) && movement_end(g) ? -1 : 0;
}

static int
dragon_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct npos *d = dragon_at(g);

	return carc_buf_printf(b, "%s moves the dragon from %d,%d, step %d of %d "
	    "(dragon:N|E|S|W)", g->pl[g->player].name, d->x, d->y, PD(g)->npath, DRAGON_STEPS);
}

/* ---- the state: the movement under way ---- */

static bool
pd_present(const struct carc_game *g)
{
	return PD(g)->npath > 0;
}

static void
pd_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct pd *s = PD(g);
	int i;

	msgpack_pack_map(pk, 2);
	mp_str(pk, "turn");
	msgpack_pack_int(pk, s->turn);
	mp_str(pk, "path");
	msgpack_pack_array(pk, s->npath);
	for (i = 0; i < s->npath; i++) {
		msgpack_pack_array(pk, 2);
		msgpack_pack_int(pk, s->path[i][0]);
		msgpack_pack_int(pk, s->path[i][1]);
	}
}

static int
pd_read(struct carc_game *g, const msgpack_object *o, struct rd *r)
{
	static const char *const keys[] = { "turn", "path", NULL };
	struct pd *s = PD(g);
	const msgpack_object *path, *c;
	int64_t turn;
	uint32_t i;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: 'princess_dragon' must be a map");
	if (mp_check_keys(r, o, "'princess_dragon'", keys) ||
	    mp_need_int(r, o, "turn", "'princess_dragon'", 0, g->nplayers - 1, &turn) ||
	    mp_need(r, o, "path", MSGPACK_OBJECT_ARRAY, "'princess_dragon'", &path))
		return CARC_EDATA;
	if (path->via.array.size < 1 || path->via.array.size > DRAGON_STEPS)
		return mp_fail(r, "bad state: the dragon's path must hold 1 to %d cells",
		    DRAGON_STEPS);
	s->turn = turn;
	for (i = 0; i < path->via.array.size; i++) {
		c = &path->via.array.ptr[i];
		if (c->type != MSGPACK_OBJECT_ARRAY || c->via.array.size != 2 ||
		    c->via.array.ptr[0].type > MSGPACK_OBJECT_NEGATIVE_INTEGER ||
		    c->via.array.ptr[0].type < MSGPACK_OBJECT_POSITIVE_INTEGER ||
		    c->via.array.ptr[1].type > MSGPACK_OBJECT_NEGATIVE_INTEGER ||
		    c->via.array.ptr[1].type < MSGPACK_OBJECT_POSITIVE_INTEGER ||
		    c->via.array.ptr[0].via.i64 < -COORD_MAX || c->via.array.ptr[0].via.i64 > COORD_MAX ||
		    c->via.array.ptr[1].via.i64 < -COORD_MAX || c->via.array.ptr[1].via.i64 > COORD_MAX)
			return mp_fail(r, "bad state: a cell of the dragon's path must be [x, y]");
		s->path[i][0] = c->via.array.ptr[0].via.i64;
		s->path[i][1] = c->via.array.ptr[1].via.i64;
	}
	s->npath = path->via.array.size;
	return 0;
}

/* A movement only in phase dragon, along tiles each beside the last, none twice, ending where
 * the dragon stands, with a step open, the mover the next from the turn's player; the dragon
 * and the fairy never on one tile. */
static int
pd_check(const struct carc_game *g, char *why, size_t n)
{
	const struct pd *s = PD(g);
	const struct npos *d = dragon_at(g);
	int guard = neutral_with(g, false), i, j, dx, dy;

	if (d != NULL && guard >= 0 && g->neutral[guard].on && g->neutral[guard].x == d->x &&
	    g->neutral[guard].y == d->y)
		return snprintf(why, n, "the dragon stands on the fairy's tile (PD-18)"), -1;
	if (on_tile(g) && guard >= 0 && g->neutral[guard].on && g->neutral[guard].seg >= 0)
		return snprintf(why, n, "the fairy stands beside a follower, and fairy=on-tile puts "
		    "it on a tile (PD-60)"), -1;
	/* portal_open and princess_open find roots, which shortens paths in the union-find and
	 * nothing else */
	if (g->phase == CARC_PORTAL && !portal_open((struct carc_game *)g))
		return snprintf(why, n, "phase portal, but %s may send no follower through it",
		    g->pl[g->player].name), -1;
	if (g->phase == CARC_PRINCESS && !princess_open((struct carc_game *)g))
		return snprintf(why, n, "phase princess, but no follower of her city may go home"),
		    -1;
	if (g->phase == CARC_FAIRY && !fairy_open(g))
		return snprintf(why, n, "phase fairy, but %s may move the fairy nowhere",
		    g->pl[g->player].name), -1;
	if ((g->phase == CARC_DRAGON) != (s->npath > 0))
		return snprintf(why, n, "phase %s with %s", rules_phase_name(g->phase),
		    s->npath ? "the dragon moving" : "no dragon moving"), -1;
	if (s->npath == 0)
		return 0;
	if (d == NULL)
		return snprintf(why, n, "the dragon moves, and stands beside the board"), -1;
	for (i = 0; i < s->npath; i++) {
		if (board_at(g, s->path[i][0], s->path[i][1]) < 0)
			return snprintf(why, n, "the dragon's path goes through %d,%d, where no tile "
			    "is", s->path[i][0], s->path[i][1]), -1;
		for (j = 0; j < i; j++)
			if (s->path[j][0] == s->path[i][0] && s->path[j][1] == s->path[i][1])
				return snprintf(why, n, "the dragon's path visits %d,%d twice (PD-18)",
				    s->path[i][0], s->path[i][1]), -1;
		dx = i ? s->path[i][0] - s->path[i - 1][0] : 0;
		dy = i ? s->path[i][1] - s->path[i - 1][1] : 0;
		if (dx * dx + dy * dy > 1)
			return snprintf(why, n, "the dragon's path jumps from %d,%d to %d,%d",
			    s->path[i - 1][0], s->path[i - 1][1], s->path[i][0], s->path[i][1]), -1;
	}
	if (s->path[s->npath - 1][0] != d->x || s->path[s->npath - 1][1] != d->y)
		return snprintf(why, n, "the dragon's path ends at %d,%d, and it stands at %d,%d",
		    s->path[s->npath - 1][0], s->path[s->npath - 1][1], d->x, d->y), -1;
	if (!steps_open(g))
		return snprintf(why, n, "phase dragon, and the dragon has no step open (PD-19)"),
		    -1;
	if (g->player != (s->turn + s->npath - 1) % g->nplayers)
		return snprintf(why, n, "step %d of the dragon is %s's to make (PD-17), not %s's",
		    s->npath, g->pl[(s->turn + s->npath - 1) % g->nplayers].name,
		    g->pl[g->player].name), -1;
	return 0;
}

/* ---- for people ---- */

static void
pd_describe(const struct carc_game *g, struct carc_buf *b)
{
	const struct pd *s = PD(g);
	const struct npos *d = dragon_at(g);
	int i;

	if (neutral_with(g, true) < 0)
		return;
	if (d == NULL) {
		carc_buf_printf(b, "the dragon waits beside the board; no dragon tile is drawn "
		    "before the first volcano (PD-13)\n");
		return;
	}
	carc_buf_printf(b, "the dragon stands at %d,%d", d->x, d->y);
	if (s->npath > 0) {
		carc_buf_printf(b, "; its path:");
		for (i = 0; i < s->npath; i++)
			carc_buf_printf(b, "%s%d,%d", i ? " > " : " ", s->path[i][0], s->path[i][1]);
		carc_buf_printf(b, " (%d of %d steps)", s->npath - 1, DRAGON_STEPS);
	}
	carc_buf_printf(b, "\n");
}

/* The cells the dragon has left in this movement, marked for the turn's player. */
static int
pd_marks(const struct carc_game *g, struct mark *out, int max)
{
	const struct pd *s = PD(g);
	int i, n = 0;

	for (i = 0; i + 1 < s->npath && n < max; i++)
		out[n++] = (struct mark){ s->path[i][0] * 100 + 50, s->path[i][1] * 100 + 50,
		    s->turn, 0 };
	return n;
}

/* ---- the module ---- */

/* The symbols of the tiles: a point of the tile that no figure claims (PD-04). */
static const struct kind_def volcano = { "volcano", SHAPE_POINT, EDGE_F, DONE_NEVER,
	AWARD_MAJORITY, false, 50, NULL, NULL };
static const struct kind_def dragon = { "dragon", SHAPE_POINT, EDGE_F, DONE_NEVER,
	AWARD_MAJORITY, false, 72, NULL, NULL };
static const struct kind_def portal = { "portal", SHAPE_POINT, EDGE_F, DONE_NEVER,
	AWARD_MAJORITY, false, 50, NULL, NULL };

static const struct kind_def *const pd_kinds[] = { &volcano, &dragon, &portal, NULL };

static const struct sign_def princess = { "princess", K_CITY };

static const struct sign_def *const pd_signs[] = { &princess, NULL };

static const char *const timings[] = { "before-scoring", "after-scoring", NULL };
static const char *const maymust[] = { "may", "must", NULL };

static const char *const fairies[] = { "next-to", "on-tile", NULL };
static const char *const onoff[] = { "on", "off", NULL };
static const char *const tiles[] = { "barred", "free", NULL };

static const struct rule_opt pd_opts[] = {
	[PD_TIMING] = { "dragon-timing", OPT_CHOICE, timings, 0, false },
	[PD_PRINCESS] = { "princess", OPT_CHOICE, maymust, 0, false },
	[PD_FAIRY] = { "fairy", OPT_CHOICE, fairies, 0, false },
	[PD_FAIRY_FINAL] = { "fairy-final", OPT_CHOICE, onoff, 0, false },
	[PD_TILE] = { "dragon-tile", OPT_CHOICE, tiles, 0, false },
	{ NULL, 0, NULL, 0, false }
};

static const struct phase_def pd_phases[] = {
	{ CARC_DRAGON, "dragon", "the dragon moves", dragon_decide, dragon_words, dragon_status,
	    true, NULL, dragon_random },
	{ CARC_PORTAL, "portal", "a follower may go through the portal", action_decide,
	    action_words, action_status, true, "portal:none", action_random },
	{ CARC_PRINCESS, "princess", "the princess's decision waits", action_decide,
	    action_words, action_status, true, "princess:none", action_random },
	{ CARC_FAIRY, "fairy", "the fairy may move", action_decide, action_words, action_status,
	    true, "fairy:none", action_random },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

/* dragon:SIDE (N, E, S or W); portal:X,Y,FEATURE[@FIGURE], princess:X,Y,FEATURE (the
 * follower sent home), fairy:X,Y,FEATURE (the follower it goes beside) or fairy:X,Y (under
 * fairy=on-tile), each or NAME:none */
static int
pd_word_json(struct carc_buf *b, const char *w)
{
	if (strncmp(w, "dragon:", 7) == 0)
		return json_member(b, "side", w + 7, strlen(w + 7));
	if (strncmp(w, "portal:", 7) == 0)
		return json_xy(b, w + 7, "feature", true);
	if (strncmp(w, "princess:", 9) == 0)
		return json_xy(b, w + 9, "feature", false);
	if (strncmp(w, "fairy:", 6) == 0)
		return json_xy(b, w + 6, "feature", false);
	return 1;
}

struct rules_module princess_dragon_module = {
	.name = "princess-dragon",
	.set = "princess-dragon",
	.kinds = pd_kinds,
	.signs = pd_signs,
	.opts = pd_opts,
	.phases = pd_phases,
	.state_size = sizeof(struct pd),
	.drawable = pd_drawable,
	.bare = pd_bare,
	.barred = pd_barred,
	.figure_kinds = pd_figure_kinds,
	.limit_why = pd_limit_why,
	.step2 = pd_step2,
	.turn_end = pd_turn_end,
	.turn_start = pd_turn_start,
	.completed = pd_completed,
	.final = pd_final,
	.key = "princess_dragon",
	.present = pd_present,
	.write = pd_write,
	.read = pd_read,
	.check = pd_check,
	.describe = pd_describe,
	.marks = pd_marks,
	.word_json = pd_word_json,
};
