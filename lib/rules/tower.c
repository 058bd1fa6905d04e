/* The Tower (PRINCESS-TOWER-COUNT-BRIDGES.md §2, TW-01 .. TW-42) as a rules module. Its tiles
 * show a tower foundation, a kind of point (`tower: true` in a tile set) on which no figure
 * goes with the tile (TW-05). The floors are counted here, each player's and each tower's
 * height; the figure that closes a tower is an ordinary figure of the board standing on that
 * point, in no feature that scores (TW-18), so the dragon eats it, the fairy joins it and the
 * catapult hits it as any other. Which rows may close a tower is data: the `floor` row of the
 * figure table names them (closed_by, TW-07).
 *
 * Step 2 of the turn (phase tower, after the phantom and before the dragon, TW-21): a floor on
 * any open tower or foundation (tower:X,Y), or a follower closing an open tower of a floor or
 * more (tower:X,Y,top[@FIGURE]), is the turn's figure action (TW-04); after a figure action
 * the phantom may still close one (TW-22). A floor may capture one figure within reach (phase
 * capture: capture:X,Y,FEATURE or capture:none, TW-08 .. TW-14): one's own goes home, another's
 * is the capturer's prisoner, in nobody's supply (core: g->away). Two players holding each
 * other's prisoners exchange one for one at once (TW-15), in phase exchange when there is a
 * choice. A player buys one of his own back for 3 points, once a turn, before his draw or in
 * step 2 (ransom:HOLDER[@FIGURE], TW-16). Prisoners score nothing at the end (TW-17). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../board.h"
#include "../codec.h"
#include "../game.h"
#include "../legal.h"
#include "modules.h"

#define TOWER (tower_module.kind0)
#define MAXTOWERS 32		/* towers with a floor: a game has 30 floors at most (TW-02) */
#define MAXPRIS 32		/* prisoners: one a floor at most (TW-08) */
#define RANSOM 3		/* TW-16 */

enum { TW_OWN, TW_CHOOSER, TW_RANSOM, TW_FAIRY, TW_REOPEN, TW_DRAGON };
enum { OWN_YES, OWN_NO };
enum { CHOOSER_CAPTURER, CHOOSER_HOLDER };
enum { RANSOM_TURN, RANSOM_DRAW, RANSOM_STEP2 };
enum { FAIRY_OPEN, FAIRY_GUARDS };
enum { REOPEN_YES, REOPEN_NO };
enum { DRAGON_EATS, DRAGON_SPARES };

/* A prisoner: its holder, its owner and its figure type, in one number that sorts them by
 * holder, owner and type. */
#define PRIS(h, o, t) ((h) << 8 | (o) << 4 | (t))
#define HOLDER(x) ((x) >> 8)
#define OWNER(x) ((x) >> 4 & 15)
#define TYPE(x) ((x) & 15)

struct tw {
	uint8_t built[CARC_MAX_PLAYERS];	/* floors each player has built: of TW-02's share */
	uint8_t ntower, npris;
	bool ransomed;				/* TW-16: paid this turn */
	int8_t capturer, victim;		/* phase exchange: who captured whose, else -1 */
	int16_t raised;				/* phase capture: the tower's board index, else -1 */
	int16_t tile[MAXTOWERS];		/* towers with a floor, in board order */
	uint8_t height[MAXTOWERS];
	bool closed[MAXTOWERS];			/* tower-reopen=no: a top stood on it once */
	uint16_t pris[MAXPRIS];			/* sorted */
};

#define TW(g) ((struct tw *)MODULE_STATE(g, &tower_module))

/* TW-02: each player's floors by the number of players. */
static int
share(const struct carc_game *g)
{
	static const uint8_t each[] = { 0, 10, 10, 9, 7, 6, 5 };

	return each[g->nplayers];
}

/* The floors player p has left. */
static int
floors(const struct carc_game *g, int p)
{
	return share(g) - TW(g)->built[p];
}

/* (The state's reader sets the players after the modules' init: nothing here depends on
 * them.) */
static void
tw_init(struct carc_game *g)
{
	struct tw *t = TW(g);

	t->raised = -1;
	t->capturer = t->victim = -1;
}

/* ---- towers ---- */

/* The segment of board tile b that is a tower foundation, or -1. Inline: the floors' loop
 * asks it of every board tile. */
static inline int
tower_seg(const struct carc_game *g, int b)
{
	const struct tiletype *t = &g->ts.types[g->board[b].type];
	int s;

	if (!(t->kindmask >> TOWER & 1))
		return -1;
	for (s = 0; s < t->nseg && t->seg[s].kind != TOWER; s++)
		;
	return s < t->nseg ? s : -1;
}

/* The figure on the tower of board tile b, segment s (its top), or -1: open (TW-06). */
static int
top_of(const struct carc_game *g, int b, int s)
{
	int f;

	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].tile == b && g->figs[f].seg == s)
			return f;
	return -1;
}

static int
height_of(const struct carc_game *g, int b)
{
	const struct tw *t = TW(g);
	int i;

	for (i = 0; i < t->ntower; i++)
		if (t->tile[i] == b)
			return t->height[i];
	return 0;
}

/* Whether the tower of board tile b stays closed, its top gone: tower-reopen=no, the other
 * reading of TW-14 (O-14). */
static bool
sealed(const struct carc_game *g, int b)
{
	const struct tw *t = TW(g);
	int i;

	if (RULE(g, &tower_module, TW_REOPEN) != REOPEN_NO)
		return false;
	for (i = 0; i < t->ntower; i++)
		if (t->tile[i] == b)
			return t->closed[i];
	return false;
}

/* A top put on the tower of board tile b: under tower-reopen=no it stays closed. */
static void
seal(struct carc_game *g, int b)
{
	struct tw *t = TW(g);
	int i;

	for (i = 0; RULE(g, &tower_module, TW_REOPEN) == REOPEN_NO && i < t->ntower; i++)
		if (t->tile[i] == b)
			t->closed[i] = true;
}

/* Whether the tower of board tile b, segment s, is open: no top on it, and not sealed
 * (TW-06, TW-14). */
static bool
open_at(const struct carc_game *g, int b, int s)
{
	return top_of(g, b, s) < 0 && !sealed(g, b);
}

/* Figure type ft of player p may close a tower now: in hand, a row of closed_by (TW-07), the
 * second figure of the turn or not as `second` says (TW-22), within the other modules' limits;
 * asked in phase tower. */
static bool
closer(const struct carc_game *g, int p, int ft, bool second)
{
	return g->ts.fig[ft].second == second && figures_left(g, p, ft) > 0 &&
	    figure_may_stand(g, p, ft, TOWER, -1) == STAND_OK;
}

/* Whether any figure of the player may close a tower now. */
static bool
top_open(const struct carc_game *g, bool second)
{
	const struct tw *t = TW(g);
	int i, ft;

	for (ft = 0; ft < g->ts.nfig; ft++)
		if (closer(g, g->player, ft, second))
			break;
	if (ft == g->ts.nfig)
		return false;
	for (i = 0; i < t->ntower; i++)
		if (open_at(g, t->tile[i], tower_seg(g, t->tile[i])) &&
		    !rules_barred(g, t->tile[i], NULL, 0))
			return true;
	return false;
}

/* Whether the player may build a floor now: one left, an open tower or foundation. */
static bool
floor_open(const struct carc_game *g)
{
	int b, s;

	if (floors(g, g->player) == 0)
		return false;
	for (b = 0; b < g->nboard; b++)
		if ((s = tower_seg(g, b)) >= 0 && open_at(g, b, s))
			return true;
	return false;
}

/* ---- ransom (TW-16) ---- */

/* Whether the player may pay a ransom now, in phase draw (step2 false) or in step 2. */
static bool
ransom_open(const struct carc_game *g, bool step2)
{
	const struct tw *t = TW(g);
	int i, when = RULE(g, &tower_module, TW_RANSOM);

	if (t->npris == 0 || t->ransomed || g->pl[g->player].score < RANSOM ||
	    when == (step2 ? RANSOM_DRAW : RANSOM_STEP2))
		return false;
	for (i = 0; i < t->npris; i++)
		if (OWNER(t->pris[i]) == g->player)
			return true;
	return false;
}

/* ransom:HOLDER, @FIGURE after it when not a follower (or when the holder's name is "none",
 * which is the draw's word). */
static void
ransom_word(const struct carc_game *g, int x, char *w, size_t n)
{
	const char *fig = g->ts.fig[TYPE(x)].name, *h = g->pl[HOLDER(x)].name;

	if (strcmp(fig, DEFAULT_FIGURE) == 0 && strcmp(h, "none") != 0)
		snprintf(w, n, "ransom:%s", h);
	else
		snprintf(w, n, "ransom:%s@%s", h, fig);
}

/* Each ransom word once, holders in seat order, figures in table order. */
static int
ransom_words(const struct carc_game *g, struct carc_buf *b)
{
	const struct tw *t = TW(g);
	char w[80];
	int i, n = 0;

	for (i = 0; i < t->npris; i++) {
		if (OWNER(t->pris[i]) != g->player || (i > 0 && t->pris[i - 1] == t->pris[i]))
			continue;
		ransom_word(g, t->pris[i], w, sizeof(w));
		if (carc_buf_add(b, w, strlen(w) + 1) == -1)
			return -1;
		n++;
	}
	return n;
}

static void
pris_drop(struct tw *t, int i)
{
	memmove(&t->pris[i], &t->pris[i + 1], (t->npris - i - 1) * sizeof(t->pris[0]));
	t->npris--;
}

static void
pris_add(struct tw *t, int x)
{
	int i;

	for (i = t->npris; i > 0 && t->pris[i - 1] > x; i--)
		t->pris[i] = t->pris[i - 1];
	t->pris[i] = x;
	t->npris++;
}

/* Prisoner x bought back by its owner, the player to move (TW-16): 3 points to the holder,
 * the figure back to the supply; the word logged as listed. */
static int
ransom_take(struct carc_game *g, int x)
{
	struct tw *t = TW(g);
	int i, p = g->player, h = HOLDER(x), ft = TYPE(x);
	char w[80];

	for (i = 0; t->pris[i] != x; i++)
		;
	g->pl[p].score -= RANSOM;
	g->pl[h].score += RANSOM;
	pris_drop(t, i);
	g->away[p][ft]--;
	t->ransomed = true;
	report(g, "%s pays %s %d points for %s's %s (TW-16)\n", g->pl[p].name, g->pl[h].name,
	    RANSOM, g->pl[p].name, g->ts.fig[ft].name);
	if (g->quiet)
		return 0;
	ransom_word(g, x, w, sizeof(w));
	return game_log(g, w);
}

/* The ransom of word w (ransom:HOLDER[@FIGURE]), checked and paid. */
static int
ransom_pay(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct tw *t = TW(g);
	const char *at = strchr(w + 7, '@');
	char name[CARC_NAME_MAX + 1];
	size_t len = at ? (size_t)(at - w - 7) : strlen(w + 7);
	int h, ft = figure_find(&g->ts, at ? at + 1 : DEFAULT_FIGURE), i, p = g->player;

	if (len == 0 || len > CARC_NAME_MAX)
		return seterr(err, CARC_EUSAGE, "bad move '%s': write ransom:PLAYER[@FIGURE], the "
		    "player who holds the prisoner", w);
	if (ft < 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w, at + 1);
	memcpy(name, w + 7, len);
	name[len] = '\0';
	for (h = 0; h < g->nplayers && strcmp(g->pl[h].name, name) != 0; h++)
		;
	if (h == g->nplayers)
		return seterr(err, CARC_EUSAGE, "bad move '%s': no player '%s' in this game", w, name);
	for (i = 0; i < t->npris && t->pris[i] != PRIS(h, p, ft); i++)
		;
	if (i == t->npris)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s holds no %s of %s's "
		    "(TW-16)", w, g->pl[h].name, g->ts.fig[ft].name, g->pl[p].name);
	if (t->ransomed)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has paid a ransom this turn "
		    "already (TW-16)", w, g->pl[p].name);
	if (g->pl[p].score < RANSOM)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has %d point%s, and a "
		    "ransom costs %d (TW-16)", w, g->pl[p].name, g->pl[p].score,
		    g->pl[p].score == 1 ? "" : "s", RANSOM);
	return ransom_take(g, PRIS(h, p, ft)) ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* In phase draw: ransom:none (the draw, unless another module lists the draws) and the
 * ransoms open. */
static int
tw_draw_words(const struct carc_game *g, struct carc_buf *b)
{
	int n = 0, k;

	if (!ransom_open(g, false))
		return 0;
	if (b->len == 0) {
		if (carc_buf_add(b, "ransom:none", 12) == -1)
			return -1;
		n++;
	}
	return (k = ransom_words(g, b)) < 0 ? -1 : n + k;
}

static int
tw_draw_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	if (strncmp(w, "ransom:", 7) != 0)
		return -1;
	if (strcmp(w + 7, "none") == 0)
		return carc_game_draw(g, err);
	if (RULE(g, &tower_module, TW_RANSOM) == RANSOM_STEP2)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': with ransom=step2 a ransom "
		    "is paid after the placement, in phase tower (TW-16)", w);
	return ransom_pay(g, w, err);
}

static void
tw_turn_start(struct carc_game *g, bool again)
{
	if (!again)
		TW(g)->ransomed = false;
}

/* ---- step 2: the tower's decisions ---- */

/* Whether phase tower has a decision for the player now (asked as in phase tower): the figure
 * action, unless taken or the princess's (PD-42); the phantom closing a tower after it
 * (TW-22); a ransom. */
static bool
tower_open(struct carc_game *g)
{
	/* a ransom alone opens the phase too: it may be paid at any point of the turn up to
	 * the end of step 2 (TW-16), after the figure action as before it */
	bool ransom = ransom_open(g, true);

	if (!action_taken(g))
		return (!placed_bare(g, BARE_FEATURES | BARE_CORNERS) && (floor_open(g) ||
		    top_open(g, false))) || ransom;
	return top_open(g, true) || ransom;
}

/* Phase tower again if it has a decision left, else the modules after this one. */
static void
after(struct carc_game *g)
{
	g->phase = CARC_TOWER;
	if (!tower_open(g))
		rules_step2(g, &tower_module);
}

static int
tw_step2(struct carc_game *g, int tile)
{
	g->phase = CARC_TOWER;
	if (tower_open(g))
		return 1;
	g->phase = CARC_SCORE;
	return 0;
}

/* In every placement of a figure but the tower's own (and the turn-end phases of modules,
 * where a figure takes another's place, the catapult's seduction), no figure goes onto a tower
 * (TW-04, TW-05); a figure on a tower top never leaves it for another place (TW-18). */
static unsigned
tw_figure_kinds(const struct carc_game *g, int p, int ft, int leaving, unsigned on)
{
	const struct phase_def *d = rules_phase(g->phase);

	if (leaving >= 0 && figure_kind(g, leaving) == TOWER)
		return 0;
	if (g->phase == CARC_TOWER || (d != NULL && !d->step2))
		return on;
	return on & ~(1u << TOWER);
}

static int
tw_limit_why(const struct carc_game *g, int p, int ft, int k, char *why, size_t n)
{
	const struct phase_def *d = rules_phase(g->phase);

	if (k != TOWER || g->phase == CARC_TOWER || (d != NULL && !d->step2))
		return 0;
	snprintf(why, n, "a follower goes onto a tower only by the tower action, "
	    "tower:X,Y,top, once it has a floor (TW-04, TW-05)");
	return 1;
}

/* ---- the decisions of phase tower, in the order of --list ---- */

enum { T_FLOOR, T_TOP, T_RANSOM, T_NONE };

struct tchoice {
	int what;
	int b, ft;		/* T_FLOOR, T_TOP: the tower's tile; T_TOP: the figure type */
	int x;			/* T_RANSOM: the prisoner */
};

/* Each decision of phase tower given to fn, in the order of --list, until fn returns
 * nonzero: floors, tower by tower in board order (TW-04); closings, open tower by open tower
 * of a floor or more and the figures in table order, only the phantom's once the figure
 * action is taken (TW-22); the ransoms; tower:none. Returns how many were given. */
static int
tower_each(struct carc_game *g, int (*fn)(struct carc_game *, const struct tchoice *, void *),
    void *arg)
{
	const struct tw *t = TW(g);
	bool second = action_taken(g), act = !second &&
	    !placed_bare(g, BARE_FEATURES | BARE_CORNERS);
	struct tchoice c = { T_FLOOR, 0, 0, 0 };
	int n = 0, k = 0, s;
	bool no = RULE(g, &tower_module, TW_REOPEN) == REOPEN_NO;

	/* a top stands only on a tower of a floor or more (TW-06, checked as a state is read):
	 * the towers, in board order too, are walked beside the board */
	for (c.b = 0; act && floors(g, g->player) > 0 && c.b < g->nboard; c.b++) {
		if ((s = tower_seg(g, c.b)) < 0)
			continue;
		while (k < t->ntower && t->tile[k] < c.b)
			k++;
		if (k < t->ntower && t->tile[k] == c.b && (top_of(g, c.b, s) >= 0 ||
		    (no && t->closed[k])))
			continue;
		if (n++, fn(g, &c, arg))
			return n;
	}
	c.what = T_TOP;
	for (k = 0; (act || second) && k < t->ntower; k++) {
		c.b = t->tile[k];
		if (top_of(g, c.b, tower_seg(g, c.b)) >= 0 || (no && t->closed[k]) ||
		    rules_barred(g, c.b, NULL, 0))
			continue;
		for (c.ft = 0; c.ft < g->ts.nfig; c.ft++)
			if (closer(g, g->player, c.ft, second) && (n++, fn(g, &c, arg)))
				return n;
	}
	c.what = T_RANSOM;
	for (k = 0; ransom_open(g, true) && k < t->npris; k++) {
		c.x = t->pris[k];
		if (OWNER(c.x) == g->player && (k == 0 || t->pris[k - 1] != c.x) &&
		    (n++, fn(g, &c, arg)))
			return n;
	}
	c.what = T_NONE;
	n++;
	fn(g, &c, arg);
	return n;
}

/* The word of a decision of phase tower, as --list writes it. */
static void
tchoice_word(const struct carc_game *g, const struct tchoice *c, char *w, size_t n)
{
	const char *fig = g->ts.fig[c->ft].name;

	switch (c->what) {
	case T_FLOOR:
		snprintf(w, n, "tower:%d,%d", g->board[c->b].x, g->board[c->b].y);
		break;
	case T_TOP:
		snprintf(w, n, "tower:%d,%d,top%s%s", g->board[c->b].x, g->board[c->b].y,
		    strcmp(fig, DEFAULT_FIGURE) ? "@" : "", strcmp(fig, DEFAULT_FIGURE) ? fig : "");
		break;
	case T_RANSOM:
		ransom_word(g, c->x, w, n);
		break;
	default:
		snprintf(w, n, "tower:none");
	}
}

static void floor_build(struct carc_game *, int);

/* A decision of phase tower made, its word logged as listed. */
static int
tchoice_do(struct carc_game *g, const struct tchoice *c)
{
	char w[80];

	if (c->what == T_RANSOM) {
		if (ransom_take(g, c->x))
			return -1;
		after(g);
		return 0;
	}
	if (!g->quiet) {
		tchoice_word(g, c, w, sizeof(w));
		if (game_log(g, w) == -1)
			return -1;
	}
	switch (c->what) {
	case T_FLOOR:
		floor_build(g, c->b);
		break;
	case T_TOP:
		if (fig_add(g, c->b, tower_seg(g, c->b), g->player, c->ft) == -1)
			return -1;
		seal(g, c->b);
		if (!g->ts.fig[c->ft].second)
			g->acted = true;
		report(g, "%s's %s closes the tower at %d,%d, height %d (TW-04)\n",
		    g->pl[g->player].name, g->ts.fig[c->ft].name, g->board[c->b].x,
		    g->board[c->b].y, height_of(g, c->b));
		after(g);
		break;
	default:
		rules_step2(g, &tower_module);
	}
	return 0;
}

static int
add_word(struct carc_game *g, const struct tchoice *c, void *arg)
{
	char w[80];

	tchoice_word(g, c, w, sizeof(w));
	*(int *)arg |= carc_buf_add(&g->words, w, strlen(w) + 1);
	return 0;
}

static int
tower_words(struct carc_game *g, struct carc_err *err)
{
	int rc = 0;

	tower_each(g, add_word, &rc);
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

struct nth {
	int i;
	struct tchoice c;
};

/* The first TCHOICES decisions of the phase, kept as tower_each gives them, and how many it
 * gave in all. */
#define TCHOICES 64
struct tlist {
	int n;
	struct tchoice c[TCHOICES];
};

static int
keep(struct carc_game *g, const struct tchoice *c, void *arg)
{
	struct tlist *l = arg;

	if (l->n < TCHOICES)
		l->c[l->n] = *c;
	l->n++;
	return 0;
}

static int
find_nth(struct carc_game *g, const struct tchoice *c, void *arg)
{
	struct nth *a = arg;

	if (a->i-- > 0)
		return 0;
	a->c = *c;
	return 1;
}

/* The random player's decision: the word tower_words would list at the index drawn, made
 * without the words (but for the log); looked for again only beyond the ones kept. */
static int
tower_random(struct carc_game *g, uint64_t *rng)
{
	struct tlist l = { 0 };
	struct nth a;

	a.i = carc_rng_below(rng, tower_each(g, keep, &l));
	if (a.i < TCHOICES)
		return tchoice_do(g, &l.c[a.i]);
	tower_each(g, find_nth, &a);
	return tchoice_do(g, &a.c);
}

/* The figures a floor just built on board tile b, now of height h, may capture: within reach
 * (TW-08), of a row the tower takes (TW-10), not the player's own with capture-own=no (TW-40),
 * not beside a guard with tower-fairy=guards (TW-11). */
static bool
in_reach(const struct carc_game *g, int b, int h, int f)
{
	const struct placed *t = &g->board[b], *q = &g->board[g->figs[f].tile];

	return (q->x == t->x && abs(q->y - t->y) <= h) || (q->y == t->y && abs(q->x - t->x) <= h);
}

static bool
guarded(const struct carc_game *g, int f)
{
	const struct placed *q = &g->board[g->figs[f].tile];
	int i;

	if (RULE(g, &tower_module, TW_FAIRY) != FAIRY_GUARDS)
		return false;
	for (i = 0; i < g->ts.nneutral; i++)
		if (g->ts.neutral[i].guards && g->neutral[i].on && g->neutral[i].x == q->x &&
		    g->neutral[i].y == q->y)
			return true;
	return false;
}

static bool
capturable(const struct carc_game *g, int f)
{
	const struct tw *t = TW(g);

	return (g->ts.fig[g->figs[f].type].removed & BY_TOWER) && !g->figs[f].corner &&
	    in_reach(g, t->raised, height_of(g, t->raised), f) &&
	    !(g->figs[f].owner == g->player && RULE(g, &tower_module, TW_OWN) == OWN_NO) &&
	    !guarded(g, f);
}

static bool
capture_open(const struct carc_game *g)
{
	int f;

	for (f = 0; f < g->nfigs; f++)
		if (capturable(g, f))
			return true;
	return false;
}

/* A floor on the tower of board tile b (TW-04): a capture follows when a figure is in reach. */
static void
floor_build(struct carc_game *g, int b)
{
	struct tw *t = TW(g);
	int i, j;

	for (i = 0; i < t->ntower && t->tile[i] < b; i++)
		;
	if (i == t->ntower || t->tile[i] != b) {
		for (j = t->ntower; j > i; j--) {
			t->tile[j] = t->tile[j - 1];
			t->height[j] = t->height[j - 1];
			t->closed[j] = t->closed[j - 1];
		}
		t->tile[i] = b;
		t->height[i] = 0;
		t->closed[i] = false;
		t->ntower++;
	}
	t->height[i]++;
	t->built[g->player]++;
	g->acted = true;
	report(g, "%s builds a floor on the tower at %d,%d: height %d (TW-04)\n",
	    g->pl[g->player].name, g->board[b].x, g->board[b].y, t->height[i]);
	t->raised = b;
	if (capture_open(g)) {
		g->phase = CARC_CAPTURE;
		return;
	}
	t->raised = -1;
	after(g);
}

/* The X,Y of a word (the core's cell_read: an overflow is no cell) and what follows it, or
 * NULL. */
static const char *
word_xy(const char *s, int *x, int *y)
{
	const char *rest;

	return cell_read(s, x, y, &rest) ? rest : NULL;
}

/* The tower at X,Y for word w: its board tile, and its segment into *s; else a refusal. */
static int
tower_at(struct carc_game *g, const char *w, int x, int y, int *s, struct carc_err *err)
{
	int b = board_at(g, x, y), f;

	if (b < 0 || (*s = tower_seg(g, b)) < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': no tower foundation at %d,%d "
		    "(TW-04)", w, x, y), -1;
	if ((f = top_of(g, b, *s)) >= 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s's %s closes the tower at "
		    "%d,%d (TW-06)", w, g->pl[g->figs[f].owner].name,
		    g->ts.fig[g->figs[f].type].name, x, y), -1;
	if (sealed(g, b))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the tower at %d,%d was closed, "
		    "and with tower-reopen=no it stays closed (TW-14)", w, x, y), -1;
	return b;
}

static int
floor_put(struct carc_game *g, const char *w, int x, int y, struct carc_err *err)
{
	struct tchoice c;
	int b, s;

	if (action_taken(g) || placed_bare(g, BARE_FEATURES | BARE_CORNERS))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, action_taken(g) ?
		    "the turn's figure action is taken, and a floor is one (TW-04)" :
		    "with princess=must, the princess's removal is the turn's figure action "
		    "(PD-41, PD-42)");
	if (floors(g, g->player) == 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no floor left (TW-02)",
		    w, g->pl[g->player].name);
	if ((b = tower_at(g, w, x, y, &s, err)) < 0)
		return err->code;
	c = (struct tchoice){ T_FLOOR, b, 0, 0 };
	return tchoice_do(g, &c) ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* tower:X,Y,top[@FIGURE]: the figure closes the tower (TW-04, TW-07), the phantom only as the
 * second figure of the turn (TW-22). */
static int
top_put(struct carc_game *g, const char *w, int x, int y, const char *fig,
    struct carc_err *err)
{
	int ft = figure_find(&g->ts, fig), b, s, p = g->player;
	struct tchoice c;
	bool second;
	char why[200];

	if (ft < 0 || g->ts.fig[ft].group == GROUP_NEUTRAL)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w, fig);
	second = g->ts.fig[ft].second;
	if (!second && (action_taken(g) || placed_bare(g, BARE_FEATURES | BARE_CORNERS)))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, action_taken(g) ?
		    "the turn's figure action is taken, and closing a tower is one (TW-04)" :
		    "with princess=must, the princess's removal is the turn's figure action "
		    "(PD-41, PD-42)");
	if (second && !action_taken(g))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the %s closes a tower as the "
		    "second figure of the turn, after its figure action (TW-22)", w, fig);
	if ((b = tower_at(g, w, x, y, &s, err)) < 0)
		return err->code;
	if (height_of(g, b) == 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the foundation at %d,%d has no "
		    "floor yet, and no follower stands on a bare foundation (TW-05)", w, x, y);
	if (!(g->ts.fig[ft].on >> TOWER & 1))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s %s never closes a tower "
		    "(TW-07)", w, strchr("aeiou", fig[0]) ? "an" : "a", g->ts.fig[ft].name);
	if (figures_left(g, p, ft) == 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left", w,
		    g->pl[p].name, g->ts.fig[ft].name);
	if (figure_may_stand(g, p, ft, TOWER, -1) != STAND_OK)
		return stand_refuse(g, STAND_LIMIT, p, ft, TOWER, w, err);
	if (rules_barred(g, b, why, sizeof(why)))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, why);
	c = (struct tchoice){ T_TOP, b, ft, 0 };
	return tchoice_do(g, &c) ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

static int
tower_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct tchoice c;
	const char *rest;
	int x, y, rc;

	if (strncmp(w, "ransom:", 7) == 0 && strcmp(w + 7, "none") != 0) {
		if (!ransom_open(g, true) && RULE(g, &tower_module, TW_RANSOM) == RANSOM_DRAW)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': with ransom=draw a "
			    "ransom is paid before the draw (TW-16)", w);
		if ((rc = ransom_pay(g, w, err)) == 0)
			after(g);
		return rc;
	}
	if (strncmp(w, "tower:", 6) != 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s may build a floor (tower:X,Y), "
		    "close a tower (tower:X,Y,top[@FIGURE]) or pass (tower:none)", w,
		    g->pl[g->player].name);
	if (strcmp(w + 6, "none") == 0) {
		c = (struct tchoice){ T_NONE, 0, 0, 0 };
		return tchoice_do(g, &c) ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
	}
	if ((rest = word_xy(w + 6, &x, &y)) == NULL || (*rest != '\0' &&
	    strncmp(rest, ",top", 4) != 0) || (rest[0] == ',' && rest[4] != '\0' &&
	    (rest[4] != '@' || rest[5] == '\0')))
		return seterr(err, CARC_EUSAGE, "bad move '%s': write tower:X,Y (a floor), "
		    "tower:X,Y,top[@FIGURE] (closing the tower) or tower:none", w);
	if (*rest == '\0')
		return floor_put(g, w, x, y, err);
	return top_put(g, w, x, y, rest[4] == '@' ? rest + 5 : DEFAULT_FIGURE, err);
}

static int
tower_status(const struct carc_game *g, struct carc_buf *b)
{
	struct carc_game *w = (struct carc_game *)g;
	bool act = !action_taken(g) && !placed_bare(w, BARE_FEATURES | BARE_CORNERS);
	bool fl = act && floor_open(g), top = act ? top_open(g, false) : top_open(g, true);
	bool ransom = ransom_open(g, true);

	/* placed_bare finds roots, which shortens paths in the union-find and nothing else */
	return carc_buf_printf(b, "%s may %s%s%s%s%s or pass (tower:none)",
	    g->pl[g->player].name, fl ? "build a floor (tower:X,Y)" : "",
	    fl && (top || ransom) ? ", " : "", top ? (act ? "close a tower "
	    "(tower:X,Y,top[@FIGURE])" : "close a tower with the second figure of the turn "
	    "(tower:X,Y,top@FIGURE)") : "", top && ransom ? ", " : "",
	    ransom ? "pay a ransom (ransom:PLAYER[@FIGURE])" : "");
}

/* ---- capture and exchange ---- */

/* The player's prisoners held by player h, a bit per figure type. */
static unsigned
held_by(const struct tw *t, int h, int p)
{
	unsigned m = 0;
	int i;

	for (i = 0; i < t->npris; i++)
		if (HOLDER(t->pris[i]) == h && OWNER(t->pris[i]) == p)
			m |= 1u << TYPE(t->pris[i]);
	return m;
}

/* TW-15: the capturer's figure of type ft held by the victim and the victim's figure the
 * capturer holds (one only: no two players hold each other's before a capture) go home. */
static void
exchange(struct carc_game *g, int cap, int vic, int ft)
{
	struct tw *t = TW(g);
	int i, x = -1;

	for (i = 0; i < t->npris; i++)
		if (t->pris[i] == PRIS(vic, cap, ft))
			break;
	pris_drop(t, i);
	g->away[cap][ft]--;
	for (i = 0; i < t->npris; i++)
		if (HOLDER(t->pris[i]) == cap && OWNER(t->pris[i]) == vic)
			break;
	x = t->pris[i];
	pris_drop(t, i);
	g->away[vic][TYPE(x)]--;
	report(g, "%s and %s exchange prisoners: %s's %s and %s's %s go home (TW-15)\n",
	    g->pl[cap].name, g->pl[vic].name, g->pl[cap].name, g->ts.fig[ft].name,
	    g->pl[vic].name, g->ts.fig[TYPE(x)].name);
}

/* Figure f captured (TW-12, TW-13); an exchange follows at once, or in phase exchange when the
 * capturer has figures of several types in the victim's hands. Returns 1 then. */
static int
capture(struct carc_game *g, int f)
{
	struct tw *t = TW(g);
	int cap = g->player, vic = g->figs[f].owner, ft = g->figs[f].type;
	unsigned types;

	report(g, "%s captures %s's %s at %d,%d (TW-08)", g->pl[cap].name, g->pl[vic].name,
	    g->ts.fig[ft].name, g->board[g->figs[f].tile].x, g->board[g->figs[f].tile].y);
	fig_remove(g, f);
	if (vic == cap) {
		report(g, ": it goes back to %s's supply (TW-12)\n", g->pl[vic].name);
		fig_strays(g);
		return 0;
	}
	report(g, ": %s's prisoner (TW-13)\n", g->pl[cap].name);
	fig_strays(g);
	pris_add(t, PRIS(cap, vic, ft));
	g->away[vic][ft]++;
	if ((types = held_by(t, vic, cap)) == 0)
		return 0;
	if ((types & (types - 1)) == 0) {
		exchange(g, cap, vic, __builtin_ctz(types));
		return 0;
	}
	t->capturer = cap;
	t->victim = vic;
	if (RULE(g, &tower_module, TW_CHOOSER) == CHOOSER_HOLDER)
		g->player = vic;
	g->phase = CARC_EXCHANGE;
	return 1;
}

/* capture:X,Y,FEATURE for each figure that may be captured, in the order of the figures. */
static int
capture_word(const struct carc_game *g, int f, char *w, size_t n)
{
	char name[32];

	fig_place_name(g, f, name, sizeof(name));
	return snprintf(w, n, "capture:%d,%d,%s", g->board[g->figs[f].tile].x,
	    g->board[g->figs[f].tile].y, name);
}

static int
capture_words(struct carc_game *g, struct carc_err *err)
{
	char w[64];
	int f, rc = 0;

	for (f = 0; f < g->nfigs; f++)
		if (capturable(g, f)) {
			capture_word(g, f, w, sizeof(w));
			rc |= carc_buf_add(&g->words, w, strlen(w) + 1);
		}
	rc |= carc_buf_add(&g->words, "capture:none", 13);
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

/* Why figure f may not be captured now, for "illegal move 'W': ...". */
static const char *
capture_why(const struct carc_game *g, int f)
{
	const struct tw *t = TW(g);

	if (!(g->ts.fig[g->figs[f].type].removed & BY_TOWER) || g->figs[f].corner)
		return "a tower captures followers only, never a special or neutral figure (TW-10)";
	if (!in_reach(g, t->raised, height_of(g, t->raised), f))
		return "out of the tower's reach: its own row or column, as many tiles as its "
		    "height (TW-08)";
	if (!guarded(g, f))
		return "with capture-own=no a player captures no follower of his own (TW-40)";
	return "with tower-fairy=guards no follower on the fairy's tile is captured (TW-11)";
}

static int
capture_done(struct carc_game *g, const char *w, int f, struct carc_err *err)
{
	TW(g)->raised = -1;
	if (!g->quiet && game_log(g, w) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	if (f < 0 || capture(g, f) == 0)
		after(g);
	return 0;
}

static int
capture_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	const struct placed *p;
	const char *rest;
	char canon[64];
	int x, y, b, s, f;

	if (strncmp(w, "capture:", 8) != 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s may capture a follower in the "
		    "tower's reach (capture:X,Y,FEATURE) or none (capture:none)", w,
		    g->pl[g->player].name);
	if (strcmp(w + 8, "none") == 0)
		return capture_done(g, w, -1, err);
	if ((rest = word_xy(w + 8, &x, &y)) == NULL || *rest != ',' || rest[1] == '\0')
		return seterr(err, CARC_EUSAGE, "bad move '%s': write capture:X,Y,FEATURE or "
		    "capture:none", w);
	if ((b = board_at(g, x, y)) < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': no tile at %d,%d", w, x, y);
	p = &g->board[b];
	if ((s = seg_by_name(&g->ts.types[p->type], p->rot, rest + 1)) == -2)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s' (KIND or "
		    "KIND:SIDE, as road:E or field:Nw)", w, rest + 1);
	for (f = 0; s >= 0 && f < g->nfigs; f++)
		if (g->figs[f].tile == b && g->figs[f].seg == s && !g->figs[f].corner &&
		    g->ts.fig[g->figs[f].type].group != GROUP_SPECIAL)
			break;
	if (s < 0 || f == g->nfigs)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': no follower stands on the %s "
		    "at %d,%d", w, rest + 1, x, y);
	if (!capturable(g, f))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, capture_why(g, f));
	capture_word(g, f, canon, sizeof(canon));
	return capture_done(g, canon, f, err);
}

/* The random player's decisions: the word capture_words or exchange_words would list at the
 * index drawn, made without the words (but for the log). */
static int
capture_random(struct carc_game *g, uint64_t *rng)
{
	struct carc_err err;
	char w[64] = "capture:none";
	int f, n = 0, j;

	for (f = 0; f < g->nfigs; f++)
		n += capturable(g, f);
	if ((j = carc_rng_below(rng, n + 1)) == n)
		return capture_done(g, w, -1, &err) ? -1 : 0;
	for (f = 0; !capturable(g, f) || j-- > 0; f++)
		;
	if (!g->quiet)
		capture_word(g, f, w, sizeof(w));
	return capture_done(g, w, f, &err) ? -1 : 0;
}

static int
capture_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct tw *t = TW(g);

	return carc_buf_printf(b, "%s may capture a follower within %d of the tower at %d,%d "
	    "(capture:X,Y,FEATURE) or none (capture:none)", g->pl[g->player].name,
	    height_of(g, t->raised), g->board[t->raised].x, g->board[t->raised].y);
}

/* exchange:FIGURE for each type of the capturer's held by the victim, in table order. */
static int
exchange_words(struct carc_game *g, struct carc_err *err)
{
	const struct tw *t = TW(g);
	unsigned m = held_by(t, t->victim, t->capturer);
	char w[48];
	int rc = 0;

	for (; m; m &= m - 1) {
		snprintf(w, sizeof(w), "exchange:%s", g->ts.fig[__builtin_ctz(m)].name);
		rc |= carc_buf_add(&g->words, w, strlen(w) + 1);
	}
	return rc ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
}

static int
exchange_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct tw *t = TW(g);
	int ft;

	if (strncmp(w, "exchange:", 9) != 0 || (ft = figure_find(&g->ts, w + 9)) < 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': %s chooses which of %s's figures "
		    "goes home: exchange:FIGURE", w, g->pl[g->player].name,
		    g->pl[t->capturer].name);
	if (!(held_by(t, t->victim, t->capturer) >> ft & 1))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s holds no %s of %s's "
		    "(TW-15)", w, g->pl[t->victim].name, g->ts.fig[ft].name,
		    g->pl[t->capturer].name);
	if (!g->quiet && game_log(g, w) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	exchange(g, t->capturer, t->victim, ft);
	g->player = t->capturer;
	t->capturer = t->victim = -1;
	after(g);
	return 0;
}

static int
exchange_random(struct carc_game *g, uint64_t *rng)
{
	struct tw *t = TW(g);
	struct carc_err err;
	unsigned m = held_by(t, t->victim, t->capturer);
	char w[48];
	int j;

	for (j = carc_rng_below(rng, __builtin_popcount(m)); j > 0; j--)
		m &= m - 1;
	snprintf(w, sizeof(w), "exchange:%s", g->ts.fig[__builtin_ctz(m)].name);
	return exchange_decide(g, w, &err) ? -1 : 0;
}

static int
exchange_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct tw *t = TW(g);

	if (g->player == t->capturer)
		return carc_buf_printf(b, "%s chooses which of %s's figures %s gives back "
		    "(exchange:FIGURE)", g->pl[g->player].name, g->pl[g->player].name,
		    g->pl[t->victim].name);
	return carc_buf_printf(b, "%s chooses which of %s's figures to give back "
	    "(exchange:FIGURE)", g->pl[g->player].name, g->pl[t->capturer].name);
}

/* ---- the state ---- */

static bool
tw_present(const struct carc_game *g)
{
	const struct tw *t = TW(g);

	return t->ntower > 0 || t->npris > 0 || t->ransomed;
}

static void
pack_xy(msgpack_packer *pk, const struct carc_game *g, int b, int n)
{
	msgpack_pack_map(pk, n);
	mp_str(pk, "x");
	msgpack_pack_int(pk, g->board[b].x);
	mp_str(pk, "y");
	msgpack_pack_int(pk, g->board[b].y);
}

static void
tw_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct tw *t = TW(g);
	int i;

	msgpack_pack_map(pk, 3 + t->ransomed + (t->raised >= 0) + (t->victim >= 0));
	mp_str(pk, "floors");
	msgpack_pack_array(pk, g->nplayers);
	for (i = 0; i < g->nplayers; i++)
		msgpack_pack_int(pk, floors(g, i));
	mp_str(pk, "towers");
	msgpack_pack_array(pk, t->ntower);
	for (i = 0; i < t->ntower; i++) {
		pack_xy(pk, g, t->tile[i], 3 + t->closed[i]);
		mp_str(pk, "height");
		msgpack_pack_int(pk, t->height[i]);
		if (t->closed[i]) {
			mp_str(pk, "closed");
			msgpack_pack_true(pk);
		}
	}
	mp_str(pk, "prisoners");
	msgpack_pack_array(pk, t->npris);
	for (i = 0; i < t->npris; i++) {
		msgpack_pack_map(pk, 3);
		mp_str(pk, "holder");
		msgpack_pack_int(pk, HOLDER(t->pris[i]));
		mp_str(pk, "owner");
		msgpack_pack_int(pk, OWNER(t->pris[i]));
		mp_str(pk, "figure");
		mp_str(pk, g->ts.fig[TYPE(t->pris[i])].name);
	}
	if (t->ransomed) {
		mp_str(pk, "ransomed");
		msgpack_pack_true(pk);
	}
	if (t->raised >= 0) {
		mp_str(pk, "raised");
		pack_xy(pk, g, t->raised, 2);
	}
	if (t->victim >= 0) {
		mp_str(pk, "exchange");
		msgpack_pack_map(pk, 2);
		mp_str(pk, "capturer");
		msgpack_pack_int(pk, t->capturer);
		mp_str(pk, "victim");
		msgpack_pack_int(pk, t->victim);
	}
}

/* {x, y} of a tile on the board: its board index, or -1 with the reader's message. */
static int
read_xy(struct carc_game *g, const msgpack_object *o, const char *what, struct rd *r,
    const char *const *keys)
{
	int64_t x, y;
	int b;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: %s must be a map", what), -1;
	if (mp_check_keys(r, o, what, keys) ||
	    mp_need_int(r, o, "x", what, -COORD_MAX, COORD_MAX, &x) ||
	    mp_need_int(r, o, "y", what, -COORD_MAX, COORD_MAX, &y))
		return -1;
	if ((b = board_at(g, x, y)) < 0 || tower_seg(g, b) < 0)
		return mp_fail(r, "inconsistent state: %s at %d,%d, where no tower foundation is",
		    what, (int)x, (int)y), -1;
	return b;
}

static int
read_towers(struct carc_game *g, const msgpack_object *a, struct rd *r)
{
	static const char *const keys[] = { "x", "y", "height", "closed", NULL };
	const msgpack_object *c;
	struct tw *t = TW(g);
	int64_t h;
	uint32_t i;
	int b;

	if (a->via.array.size > MAXTOWERS)
		return mp_fail(r, "bad state: more than %d towers", MAXTOWERS);
	for (i = 0; i < a->via.array.size; i++) {
		if ((b = read_xy(g, &a->via.array.ptr[i], "a tower", r, keys)) < 0 ||
		    mp_need_int(r, &a->via.array.ptr[i], "height", "a tower", 1, 99, &h))
			return CARC_EDATA;
		if (i > 0 && b <= t->tile[i - 1])
			return mp_fail(r, "bad state: the towers must be in the order of the board, "
			    "each once");
		t->tile[i] = b;
		t->height[i] = h;
		if ((c = mp_get(&a->via.array.ptr[i], "closed")) == NULL)
			continue;
		if (c->type != MSGPACK_OBJECT_BOOLEAN || !c->via.boolean)
			return mp_fail(r, "bad state: a tower's closed is true when there, or not "
			    "there");
		if (RULE(g, &tower_module, TW_REOPEN) != REOPEN_NO)
			return mp_fail(r, "inconsistent state: a tower kept closed, and no "
			    "tower-reopen=no (TW-14)");
		t->closed[i] = true;
	}
	t->ntower = a->via.array.size;
	return 0;
}

static int
read_prisoners(struct carc_game *g, const msgpack_object *a, struct rd *r)
{
	static const char *const keys[] = { "holder", "owner", "figure", NULL };
	struct tw *t = TW(g);
	char fig[ID_MAX];
	int64_t h, o;
	uint32_t i;
	int ft;

	if (a->via.array.size > MAXPRIS)
		return mp_fail(r, "bad state: more than %d prisoners", MAXPRIS);
	for (i = 0; i < a->via.array.size; i++) {
		const msgpack_object *p = &a->via.array.ptr[i];

		if (p->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: a prisoner must be a map");
		if (mp_check_keys(r, p, "a prisoner", keys) ||
		    mp_need_int(r, p, "holder", "a prisoner", 0, g->nplayers - 1, &h) ||
		    mp_need_int(r, p, "owner", "a prisoner", 0, g->nplayers - 1, &o) ||
		    mp_need_str(r, p, "figure", "a prisoner", fig, sizeof(fig)))
			return CARC_EDATA;
		if ((ft = figure_find(&g->ts, fig)) < 0 ||
		    !(g->ts.fig[ft].removed & BY_TOWER))
			return mp_fail(r, "bad state: a %s is no figure a tower captures (TW-10)",
			    fig);
		if (h == o)
			return mp_fail(r, "inconsistent state: %s holds a figure of %s's own "
			    "prisoner (TW-12)", g->pl[h].name, g->pl[h].name);
		if (i > 0 && PRIS(h, o, ft) < t->pris[i - 1])
			return mp_fail(r, "bad state: the prisoners must be in order: by holder, "
			    "owner and figure");
		if (g->held[o][ft] + g->away[o][ft] >= g->ts.fig[ft].count)
			return mp_fail(r, "inconsistent state: %s has more %s figures than %d",
			    g->pl[o].name, fig, g->ts.fig[ft].count);
		t->pris[i] = PRIS(h, o, ft);
		g->away[o][ft]++;
	}
	t->npris = a->via.array.size;
	return 0;
}

static int
tw_read(struct carc_game *g, const msgpack_object *o, struct rd *r)
{
	static const char *const keys[] = { "floors", "towers", "prisoners", "ransomed", "raised",
		"exchange", NULL };
	static const char *const xy[] = { "x", "y", NULL };
	static const char *const xkeys[] = { "capturer", "victim", NULL };
	struct tw *t = TW(g);
	const msgpack_object *fl, *tw, *pr, *v;
	int64_t n, c;
	uint32_t i;

	if (o->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: 'tower' must be a map");
	if (mp_check_keys(r, o, "'tower'", keys) ||
	    mp_need(r, o, "floors", MSGPACK_OBJECT_ARRAY, "'tower'", &fl) ||
	    mp_need(r, o, "towers", MSGPACK_OBJECT_ARRAY, "'tower'", &tw) ||
	    mp_need(r, o, "prisoners", MSGPACK_OBJECT_ARRAY, "'tower'", &pr))
		return CARC_EDATA;
	if (fl->via.array.size != (uint32_t)g->nplayers)
		return mp_fail(r, "bad state: the tower's floors must be one number a player");
	for (i = 0; i < fl->via.array.size; i++) {
		if (fl->via.array.ptr[i].type != MSGPACK_OBJECT_POSITIVE_INTEGER ||
		    fl->via.array.ptr[i].via.u64 > (uint64_t)share(g))
			return mp_fail(r, "bad state: a player's floors are 0 to %d (TW-02)",
			    share(g));
		t->built[i] = share(g) - fl->via.array.ptr[i].via.u64;
	}
	if (read_towers(g, tw, r) || read_prisoners(g, pr, r))
		return CARC_EDATA;
	if ((v = mp_get(o, "ransomed")) != NULL) {
		if (v->type != MSGPACK_OBJECT_BOOLEAN || !v->via.boolean)
			return mp_fail(r, "bad state: ransomed is true when there, or not there");
		t->ransomed = true;
	}
	if ((v = mp_get(o, "raised")) != NULL &&
	    (t->raised = read_xy(g, v, "the tower raised", r, xy)) < 0)
		return CARC_EDATA;
	if ((v = mp_get(o, "exchange")) != NULL) {
		if (v->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: the exchange must be a map");
		if (mp_check_keys(r, v, "the exchange", xkeys) ||
		    mp_need_int(r, v, "capturer", "the exchange", 0, g->nplayers - 1, &c) ||
		    mp_need_int(r, v, "victim", "the exchange", 0, g->nplayers - 1, &n))
			return CARC_EDATA;
		t->capturer = c;
		t->victim = n;
	}
	if (!tw_present(g))
		return mp_fail(r, "bad state: 'tower' is written once a floor is built, and none is");
	return 0;
}

/* Whether two players hold each other's prisoners, but for the pair of phase exchange. */
static bool
mutual(const struct carc_game *g)
{
	const struct tw *t = TW(g);
	int a, b;

	for (a = 0; a < g->nplayers; a++)
		for (b = a + 1; b < g->nplayers; b++)
			if (held_by(t, a, b) && held_by(t, b, a) &&
			    !(g->phase == CARC_EXCHANGE && ((a == t->capturer && b == t->victim) ||
			    (b == t->capturer && a == t->victim))))
				return true;
	return false;
}

/* The floors built, each player's share less what is left, are the towers' heights; a figure
 * on a tower only on one of a floor or more, one a tower; the phases as the state says. */
static int
tw_check(const struct carc_game *g, char *why, size_t n)
{
	const struct tw *t = TW(g);
	struct carc_game *gm = (struct carc_game *)g;
	int built = 0, heights = 0, i, f, p, turn;
	unsigned m;

	for (p = 0; p < g->nplayers; p++)
		built += t->built[p];
	for (i = 0; i < t->ntower; i++)
		heights += t->height[i];
	if (built != heights)
		return snprintf(why, n, "the players have built %d floors, and the towers are %d "
		    "high (TW-03)", built, heights), -1;
	for (f = 0; f < g->nfigs; f++)
		if (figure_kind(g, f) == TOWER && (height_of(g, g->figs[f].tile) == 0 ||
		    top_of(g, g->figs[f].tile, g->figs[f].seg) != f))
			return snprintf(why, n, "a figure stands on the foundation at %d,%d with no "
			    "floor, or two on one tower (TW-05, TW-06)", g->board[g->figs[f].tile].x,
			    g->board[g->figs[f].tile].y), -1;
	if (mutual(g))
		return snprintf(why, n, "two players hold each other's prisoners (TW-15)"), -1;
	if ((g->phase == CARC_CAPTURE) != (t->raised >= 0) ||
	    (t->raised >= 0 && !capture_open(g)))
		return snprintf(why, n, "phase %s, %s", rules_phase_name(g->phase), t->raised >= 0 ?
		    "a tower raised and no capture open (TW-08)" : "and no tower raised"), -1;
	if ((g->phase == CARC_EXCHANGE) != (t->victim >= 0))
		return snprintf(why, n, "phase %s with%s an exchange of prisoners",
		    rules_phase_name(g->phase), t->victim >= 0 ? "" : "out"), -1;
	if (t->victim >= 0) {
		m = held_by(t, t->victim, t->capturer);
		turn = RULE(g, &tower_module, TW_CHOOSER) == CHOOSER_HOLDER ? t->victim :
		    t->capturer;
		if (t->victim == t->capturer || (m & (m - 1)) == 0 ||
		    held_by(t, t->capturer, t->victim) == 0 || g->player != turn)
			return snprintf(why, n, "an exchange of prisoners with nothing to choose, or "
			    "not %s's to choose (TW-15)", g->pl[g->player].name), -1;
	}
	/* tower_open finds roots, which shortens paths in the union-find and nothing else */
	if (g->phase == CARC_TOWER && !tower_open(gm))
		return snprintf(why, n, "phase tower, but %s may build no floor, close no tower "
		    "and pay no ransom", g->pl[g->player].name), -1;
	if (g->ts.nneutral > 0)
		for (i = 0; i < g->ts.nneutral; i++)
			if (g->ts.neutral[i].on >> TOWER & 1 && g->neutral[i].on)
				return snprintf(why, n, "a %s stands on the board as a figure",
				    g->ts.neutral[i].name), -1;
	return 0;
}

/* ---- for people ---- */

static void
tw_describe(const struct carc_game *g, struct carc_buf *b)
{
	const struct tw *t = TW(g);
	int i, f, n;

	if (t->ntower > 0) {
		carc_buf_printf(b, "towers:");
		for (i = 0; i < t->ntower; i++) {
			f = top_of(g, t->tile[i], tower_seg(g, t->tile[i]));
			carc_buf_printf(b, "%s %d,%d height %d", i ? ";" : "",
			    g->board[t->tile[i]].x, g->board[t->tile[i]].y, t->height[i]);
			if (f >= 0)
				carc_buf_printf(b, " (closed by %s's %s)", g->pl[g->figs[f].owner].name,
				    g->ts.fig[g->figs[f].type].name);
			else if (t->closed[i])
				carc_buf_printf(b, " (closed, its top gone: tower-reopen=no)");
		}
		carc_buf_printf(b, "\n");
	}
	for (i = 0; i < t->npris; i += n) {
		for (n = 1; i + n < t->npris && t->pris[i + n] == t->pris[i]; n++)
			;
		carc_buf_printf(b, "%s%s holds %s's %s", i ? ", " : "prisoners: ",
		    g->pl[HOLDER(t->pris[i])].name, g->pl[OWNER(t->pris[i])].name,
		    g->ts.fig[TYPE(t->pris[i])].name);
		if (n > 1)
			carc_buf_printf(b, " (%d)", n);
	}
	if (t->npris > 0)
		carc_buf_printf(b, "\n");
	if (t->ransomed)
		carc_buf_printf(b, "%s has paid a ransom this turn (TW-16)\n", g->pl[g->player].name);
}

/* "; 8 floors" and the prisoners the player holds. */
static int
tw_holdings(const struct carc_game *g, int p, struct carc_buf *b)
{
	const struct tw *t = TW(g);
	int i, k = 0, n, rc;

	rc = carc_buf_printf(b, "; %d floor%s", floors(g, p), floors(g, p) == 1 ? "" : "s");
	for (i = 0; i < t->npris; i += n) {
		for (n = 1; i + n < t->npris && t->pris[i + n] == t->pris[i]; n++)
			;
		if (HOLDER(t->pris[i]) != p)
			continue;
		rc |= carc_buf_printf(b, "%s%s's %s", k++ ? ", " : "; holds ",
		    g->pl[OWNER(t->pris[i])].name, g->ts.fig[TYPE(t->pris[i])].name);
		if (n > 1)
			rc |= carc_buf_printf(b, " (%d)", n);
	}
	return rc;
}

/* Each tower's height, in a badge at the north-west of its tile (the top stands on the
 * turret, the tower's point). */
static int
tw_marks(const struct carc_game *g, struct mark *out, int max)
{
	const struct tw *t = TW(g);
	int i, n = 0;

	for (i = 0; i < t->ntower && n < max; i++)
		out[n++] = (struct mark){ g->board[t->tile[i]].x * 100 + 14,
		    g->board[t->tile[i]].y * 100 + 14, -1, t->height[i] };
	return n;
}

/* ---- for the thinking bots ---- */

#define THREAT 1.5	/* what a follower within an open tower's next reach costs its owner */

/* For the thinking bots: a follower that the next floor on an open tower would reach is at
 * risk while another player has floors to build (TW-08): closing the tower, or keeping out
 * of reach, is then worth something. A prisoner's loss is in its owner's hand already
 * (figures_left). */
static void
tw_risks(const struct carc_game *g, double *worth)
{
	const struct tw *t = TW(g);
	int open[MAXTOWERS * 2], nopen = 0, f, b, s, p, i, builders = 0;

	for (p = 0; p < g->nplayers; p++)
		builders += floors(g, p) > 0;
	if (builders == 0 || t->ntower == 0)
		return;
	/* the open towers and foundations, each with its next height */
	for (b = 0; b < g->nboard && nopen < MAXTOWERS; b++)
		if ((s = tower_seg(g, b)) >= 0 && open_at(g, b, s)) {
			open[2 * nopen] = b;
			open[2 * nopen++ + 1] = height_of(g, b) + 1;
		}
	for (f = 0; f < g->nfigs; f++) {
		if (!(g->ts.fig[g->figs[f].type].removed & BY_TOWER) || g->figs[f].corner ||
		    (builders == 1 && floors(g, g->figs[f].owner) > 0))
			continue;
		for (i = 0; i < nopen && !in_reach(g, open[2 * i], open[2 * i + 1], f); i++)
			;
		if (i < nopen)
			worth[g->figs[f].owner] -= THREAT;
	}
}

/* tower-dragon=spares, the other reading of TW-19 (O-6): the dragon of The Princess & the
 * Dragon does not eat a figure on a tower's top. */
static bool
tw_spares(const struct carc_game *g, int f, unsigned by, char *why, size_t n)
{
	if (by != BY_DRAGON || RULE(g, &tower_module, TW_DRAGON) != DRAGON_SPARES ||
	    figure_kind(g, f) != TOWER)
		return false;
	snprintf(why, n, "the dragon spares %s's %s on the tower's top at %d,%d "
	    "(tower-dragon=spares)", g->pl[g->figs[f].owner].name, g->ts.fig[g->figs[f].type].name,
	    g->board[g->figs[f].tile].x, g->board[g->figs[f].tile].y);
	return true;
}

/* ---- the module ---- */

/* A tower foundation: a point a figure stands on only as the tower's top, which never scores
 * (TW-18). */
static const struct kind_def tower = { "tower", SHAPE_POINT, EDGE_F, DONE_NEVER,
	AWARD_MAJORITY, true, 28, NULL, NULL };

static const struct kind_def *const tw_kinds[] = { &tower, NULL };

static const char *const yesno[] = { "yes", "no", NULL };
static const char *const choosers[] = { "capturer", "holder", NULL };
static const char *const timings[] = { "turn", "draw", "step2", NULL };
static const char *const fairies[] = { "open", "guards", NULL };
static const char *const dragons[] = { "eats", "spares", NULL };

static const struct rule_opt tw_opts[] = {
	[TW_OWN] = { "capture-own", OPT_CHOICE, yesno, 0, false },
	[TW_CHOOSER] = { "prisoner-exchange", OPT_CHOICE, choosers, 0, false },
	[TW_RANSOM] = { "ransom", OPT_CHOICE, timings, 0, false },
	[TW_FAIRY] = { "tower-fairy", OPT_CHOICE, fairies, 0, false },
	[TW_REOPEN] = { "tower-reopen", OPT_CHOICE, yesno, 0, false },
	[TW_DRAGON] = { "tower-dragon", OPT_CHOICE, dragons, 0, false },
	{ NULL, 0, NULL, 0, false }
};

static const struct phase_def tw_phases[] = {
	{ CARC_TOWER, "tower", "a tower's decision waits", tower_decide, tower_words,
	    tower_status, true, "tower:none", tower_random },
	{ CARC_CAPTURE, "capture", "a capture waits", capture_decide, capture_words,
	    capture_status, true, "capture:none", capture_random },
	{ CARC_EXCHANGE, "exchange", "an exchange of prisoners waits", exchange_decide,
	    exchange_words, exchange_status, true, NULL, exchange_random },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

/* tower:X,Y (a floor), tower:X,Y,top[@FIGURE] (the tower closed), tower:none;
 * capture:X,Y,FEATURE or capture:none; exchange:FIGURE; ransom:HOLDER[@FIGURE] or
 * ransom:none (the draw) */
static int
tw_word_json(struct carc_buf *b, const char *w)
{
	const char *at, *top;

	if (strncmp(w, "tower:", 6) == 0) {
		top = strstr(w, ",top");
		at = strchr(w, '@');
		if (json_xy(b, w + 6, NULL, false) ||
		    carc_buf_printf(b, ", \"top\": %s", top ? "true" : "false"))
			return -1;
		return json_member(b, "figure", at ? at + 1 : top ? "follower" : NULL,
		    at ? strlen(at + 1) : top ? 8 : 0);
	}
	if (strncmp(w, "capture:", 8) == 0)
		return json_xy(b, w + 8, "feature", false);
	if (strncmp(w, "exchange:", 9) == 0)
		return json_member(b, "figure", w + 9, strlen(w + 9));
	if (strncmp(w, "ransom:", 7) == 0) {
		at = strchr(w, '@');
		if (strcmp(w, "ransom:none") == 0)
			return json_member(b, "holder", NULL, 0) || json_member(b, "figure", NULL, 0);
		return json_member(b, "holder", w + 7, at ? (size_t)(at - w - 7) : strlen(w + 7)) ||
		    json_member(b, "figure", at ? at + 1 : "follower", at ? strlen(at + 1) : 8);
	}
	return 1;
}

struct rules_module tower_module = {
	.name = "tower",
	.set = "tower",
	.kinds = tw_kinds,
	.opts = tw_opts,
	.phases = tw_phases,
	.state_size = sizeof(struct tw),
	.init = tw_init,
	.figure_kinds = tw_figure_kinds,
	.limit_why = tw_limit_why,
	.draw_words = tw_draw_words,
	.draw_decide = tw_draw_decide,
	.step2 = tw_step2,
	.turn_start = tw_turn_start,
	.risks = tw_risks,
	.key = "tower",
	.present = tw_present,
	.write = tw_write,
	.read = tw_read,
	.check = tw_check,
	.describe = tw_describe,
	.holdings = tw_holdings,
	.marks = tw_marks,
	.word_json = tw_word_json,
	.spares = tw_spares,
};
