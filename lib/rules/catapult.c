/* The Catapult as a rules module (RULES.md §7, DESIGN.md "The catapult, digitally"): the fair,
 * a feature nobody claims; the catapult round after the turn that placed a fair tile, with its
 * phases hurl and seduce; the house rule; its options; and its part of the state. Figures stand
 * at points given by the tile data, a hurl lands at its aim plus seeded scatter, and every
 * distance is integer hundredths of a tile. */
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codec.h"
#include "../board.h"
#include "../legal.h"
#include "../suggest.h"
#include "modules.h"

/* the id of the kind fair, the module's first (rules_init gives it) */
#define FAIR (catapult_module.kind0)

enum { CAT_MODE, CAT_SCATTER, CAT_REACH, CAT_CHAIN, CAT_RULER, CAT_CATCH };
enum { CATAPULT_SIM, CATAPULT_HOUSE, CATAPULT_OFF };
#define OPT(g, i) RULE(g, &catapult_module, i)
/* The chain length in force: chain=LENGTH, or the reach when the game names none. */
#define CHAIN_LENGTH(g) (OPT(g, CAT_CHAIN) >= 0 ? OPT(g, CAT_CHAIN) : OPT(g, CAT_REACH))
#define LAND_MAX (100 * COORD_MAX)	/* where a token lands, in hundredths */

enum { TOKEN_KNOCKOUT, TOKEN_SEDUCTION, TOKEN_TARGET, TOKEN_CATCH, NTOKENS };
static const char *const token_names[NTOKENS] = { "knockout", "seduction", "target", "catch" };

/* A catapult round (X-CA-3 .. X-CA-9), between the turn that placed a fair tile and the next:
 * the module's part of the game. */
struct catapult {
	bool on;
	/* a fair tile was placed this turn: its round comes once the whole turn is over, a
	 * builder's double turn being one turn (§5.5, X-CA-3) */
	bool later;
	int16_t fx, fy;		/* the fair tile */
	int8_t first;		/* its placer, who chooses the token and hurls first */
	int8_t token;		/* -1 until the first hurl */
	int8_t hurled;		/* hurls made */
	int8_t pending;		/* what carc-score resolves next: PENDING_* */
	struct landing {
		int8_t player;
		int32_t x, y;	/* where the token came to rest; for a catch x is the distance */
	} land[CARC_MAX_PLAYERS];
	int victim;		/* phase seduce: the figure the hurler may exchange, or -1 */
	int from;		/* the seducer: FROM_SUPPLY, FROM_NONE or a figure of the hurler */
	int8_t fromtype;	/* FROM_SUPPLY: the type of the figure taken from the supply */
};

enum { FROM_SUPPLY = -1, FROM_NONE = -2 };
enum { PENDING_NONE, PENDING_HURL, PENDING_SEDUCE };

static struct catapult *
cat(const struct carc_game *g)
{
	return MODULE_STATE(g, &catapult_module);
}


static bool
fair_tile(const struct carc_game *g, int tile)
{
	return (g->ts.types[g->board[tile].type].kindmask >> FAIR) & 1;
}

static int
floordiv100(int32_t v)
{
	return v >= 0 ? v / 100 : -((-v + 99) / 100);
}

/* Triangular scatter in [-s, s]: small misses are likelier than large ones. */
static int32_t
scatter(struct carc_game *g)
{
	int s = OPT(g, CAT_SCATTER);

	if (s == 0)
		return 0;
	return ((int32_t)carc_rng_below(&g->rng, 2 * s + 1) - s +
	    (int32_t)carc_rng_below(&g->rng, 2 * s + 1) - s) / 2;
}

static int32_t
clamp(int32_t v, int32_t lo, int32_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static int
token_find(const char *s, size_t n)
{
	int i;

	for (i = 0; i < NTOKENS; i++)
		if (strlen(token_names[i]) == n && strncmp(token_names[i], s, n) == 0)
			return i;
	return -1;
}

/* After the full turn in which a fair tile was placed (X-CA-3). */
static void
start_round(struct carc_game *g, int tile)
{
	memset(cat(g), 0, sizeof(struct catapult));
	cat(g)->on = true;
	cat(g)->fx = g->board[tile].x;
	cat(g)->fy = g->board[tile].y;
	cat(g)->first = g->player;
	cat(g)->token = -1;
	cat(g)->victim = -1;
	g->phase = CARC_HURL;
}

static void hurl_apply(struct carc_game *, int tok, int32_t x, int32_t y);

/* A hurl: its token and its aim, in hundredths of a tile. */
struct aim {
	int8_t tok;
	int32_t x, y;
};

static void hurl_word(const struct aim *, char *w, size_t n);
/* Where a seducer comes from: FROM_SUPPLY, FROM_NONE or a figure of the hurler's, and
 * from the supply the type taken from the hand. */
struct seducer {
	int from;
	int type;
};

static void seducer_word(const struct carc_game *, const struct seducer *, char *w, size_t n);

static int
hurl(struct carc_game *g, const char *w, char *canon, size_t ncanon, struct carc_err *err)
{
	const char *p = w + 5, *colon = strchr(p, ':'), *comma;
	int tok;
	int32_t x = 0, y = 0;
	char a[24];
	const char *meant;

	/* a misspelt token: the one meant, if near */
	if (colon != NULL && colon - p < (long)sizeof(a) && token_find(p, colon - p) < 0) {
		memcpy(a, p, colon - p);
		a[colon - p] = '\0';
		if ((meant = suggest_nearest(a, token_names, NTOKENS)) != NULL)
			return seterr(err, CARC_EUSAGE,
			    "bad move '%s': unknown token '%s'; did you mean '%s'?", w, a, meant);
	}
	if (colon == NULL || (tok = token_find(p, colon - p)) < 0)
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': expected hurl:TOKEN:X,Y or hurl:catch:DISTANCE (tokens: knockout, "
		    "seduction, target, catch)", w);
	p = colon + 1;
	if (tok == TOKEN_CATCH) {
		if (parse_centi(p, 0, 2000, &x) == -1)
			return seterr(err, CARC_EUSAGE,
			    "bad move '%s': a catch hurl names a distance from 0 to 20 tiles", w);
	} else {
		if ((comma = strchr(p, ',')) == NULL || (size_t)(comma - p) >= sizeof(a))
			return seterr(err, CARC_EUSAGE, "bad move '%s': expected hurl:TOKEN:X,Y", w);
		memcpy(a, p, comma - p);
		a[comma - p] = '\0';
		if (parse_centi(a, -LAND_MAX, LAND_MAX, &x) == -1 ||
		    parse_centi(comma + 1, -LAND_MAX, LAND_MAX, &y) == -1)
			return seterr(err, CARC_EUSAGE,
			    "bad move '%s': the aim is X,Y in tiles with at most two decimals", w);
	}
	if (cat(g)->token >= 0 && tok != cat(g)->token)
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': this round hurls %s tokens (X-CA-4)", w,
		    token_names[(int)cat(g)->token]);
	hurl_apply(g, tok, x, y);
	/* the log keeps the aim as --list writes it: 2.5 and 2.50 are one hurl */
	hurl_word(&(struct aim){ tok, x, y }, canon, ncanon);
	return 0;
}

/* The hurl made: where the token comes to rest, for carc-score to resolve. */
static void
hurl_apply(struct carc_game *g, int tok, int32_t x, int32_t y)
{
	cat(g)->token = tok;
	if (tok == TOKEN_CATCH) {
		x += scatter(g);
		if (x < 0)
			x = 0;
	} else {
		/* an aim at the edge may scatter past it: the state holds no farther landing */
		x = clamp(x + scatter(g), -LAND_MAX, LAND_MAX);
		y = clamp(y + scatter(g), -LAND_MAX, LAND_MAX);
	}
	cat(g)->land[(int)cat(g)->hurled] = (struct landing){ .player = g->player, .x = x, .y = y };
	cat(g)->pending = PENDING_HURL;
}

/* The kind of feature the victim stands on. */
static int
victim_kind(const struct carc_game *g)
{
	const struct figure *v = &g->figs[cat(g)->victim];

	return g->ts.types[g->board[v->tile].type].seg[v->seg].kind;
}

/* Whether the hurler may put the seducer `from` (FROM_SUPPLY: a follower of type `type` from
 * the supply, or one of the hurler's figures on the board) where the victim stands: a follower
 * that may stand there, within every limit (X-CA-7, F-3; seed 003 note 16: an abbot only where
 * an abbot may stand). */
static enum stand
seducer_may_now(const struct carc_game *g, int from, int type)
{
	int k = victim_kind(g);

	if (from == FROM_SUPPLY)
		return figures_left(g, g->player, type) > 0 &&
		    g->ts.fig[type].group == GROUP_FOLLOWER ?
		    figure_may_stand(g, g->player, type, k, -1) : STAND_PLACE;
	if (from == cat(g)->victim || g->figs[from].owner != g->player ||
	    g->ts.fig[g->figs[from].type].group != GROUP_FOLLOWER)
		return STAND_PLACE;
	return figure_may_stand(g, g->player, g->figs[from].type, k, from);
}

/* The same, asked as in phase seduce wherever it is asked (carc-score resolves a seduction in
 * phase score, and the state's reader checks one there): a module whose limits depend on the
 * phase (The Tower: a follower goes onto a tower top by the tower's decision, and by a
 * seduction) sees the seduction's. The phase is put back as it was. */
static enum stand
seducer_may(const struct carc_game *g, int from, int type)
{
	struct carc_game *w = (struct carc_game *)g;
	enum carc_phase was = g->phase;
	enum stand r;

	w->phase = CARC_SEDUCE;
	r = seducer_may_now(g, from, type);
	w->phase = was;
	return r;
}

/* X,Y,FEATURE: the coordinates are read in range, as in a placement, for board_at. */
static int
own_follower_at(struct carc_game *g, const char *spec, struct carc_err *err, const char *w)
{
	int x, y, b, s, f;
	const char *feat;

	/* the word is logged as given: the cell only in the engine's spelling (cell_read) */
	if (!cell_read(spec, &x, &y, &feat) || *feat++ != ',' || *feat == '\0')
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': expected seduce:supply, seduce:X,Y,FEATURE or seduce:none", w), -1;
	if ((b = board_at(g, x, y)) < 0 ||
	    (s = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot, feat)) < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': no %s at %d,%d", w, feat, x, y),
		    -1;
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].tile == b && g->figs[f].seg == s && g->figs[f].owner == g->player &&
		    g->ts.fig[g->figs[f].type].group == GROUP_FOLLOWER && f != cat(g)->victim)
			return f;
	return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no follower there", w,
	    g->pl[g->player].name), -1;
}

/* X-CA-7: the hurler says where the seducer comes from; carc-score makes the exchange. */
static int
seduce(struct carc_game *g, const char *w, char *canon, size_t ncanon, struct carc_err *err)
{
	const char *spec = w + 7;
	int from = FROM_SUPPLY, type = 0;

	enum stand why;

	if (strcmp(spec, "none") == 0)
		from = FROM_NONE;
	else if (strncmp(spec, "supply", 6) == 0 && (spec[6] == '\0' || spec[6] == '@')) {
		/* supply@FIGURE: another figure than the follower from the hand */
		if (spec[6] == '@' && (type = figure_find(&g->ts, spec + 7)) < 0)
			return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w,
			    spec + 7);
		if (g->ts.fig[type].group != GROUP_FOLLOWER)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': the %s is no follower, "
			    "and only a follower takes the place of one (X-CA-7)", w,
			    g->ts.fig[type].name);
		if (figures_left(g, g->player, type) <= 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left",
			    w, g->pl[g->player].name, g->ts.fig[type].name);
	} else if ((from = own_follower_at(g, spec, err, w)) < 0)
		return err->code;
	if (from != FROM_NONE && (why = seducer_may(g, from, type)) != STAND_OK)
		return stand_refuse(g, why, g->player, from >= 0 ? g->figs[from].type : type,
		    victim_kind(g), w, err);
	cat(g)->from = from;
	cat(g)->fromtype = type;
	cat(g)->pending = PENDING_SEDUCE;
	/* the log keeps the word as --list writes it: road:W and road:E of one road, or
	 * supply and supply@follower, are one seduction */
	seducer_word(g, &(struct seducer){ from, type }, canon, ncanon);
	return 0;
}

/* The victim goes home and one of the hurler's followers takes its place, from the supply or
 * from elsewhere on the board. */
static int
exchange(struct carc_game *g, struct carc_err *err)
{
	int victim = cat(g)->victim, from = cat(g)->from, tile, seg, type;

	cat(g)->victim = -1;
	if (from == FROM_NONE || victim < 0)
		return 0;
	tile = g->figs[victim].tile;
	seg = g->figs[victim].seg;
	/* the seducer's kind, not the victim's: a big follower seduced counts as what takes
	 * its place */
	type = from >= 0 ? g->figs[from].type : cat(g)->fromtype;
	report(g, "%s seduces %s's follower at %d,%d\n", g->pl[g->player].name,
	    g->pl[g->figs[victim].owner].name, g->board[tile].x, g->board[tile].y);
	if (from > victim) {
		fig_remove(g, from);
		fig_remove(g, victim);
	} else {
		fig_remove(g, victim);
		if (from >= 0)
			fig_remove(g, from);
	}
	if (fig_add(g, tile, seg, g->player, type) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	fig_strays(g);	/* a builder or pig of the victim's, or of the seducer's left behind */
	return 0;
}

/* A decision made: into the log, and the phase score, for carc-score to resolve. */
static int
decided(struct carc_game *g, const char *w, int rc, struct carc_err *err)
{
	if (rc)
		return rc;
	if (!g->quiet && game_log(g, w) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	g->phase = CARC_SCORE;
	return 0;
}

static int
hurl_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	if (strncmp(w, "hurl:", 5) != 0)
		return seterr(err, strncmp(w, "seduce:", 7) == 0 ? CARC_EREFUSED : CARC_EUSAGE,
		    "bad move '%s': a catapult round waits for %s's hurl, as hurl:TOKEN:X,Y", w,
		    g->pl[g->player].name);
	char canon[96];

	return decided(g, canon, hurl(g, w, canon, sizeof(canon), err), err);
}

static int
seduce_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	if (strncmp(w, "seduce:", 7) != 0)
		return seterr(err, strncmp(w, "hurl:", 5) == 0 ? CARC_EREFUSED : CARC_EUSAGE,
		    "bad move '%s': %s decides where the seducer comes from: seduce:supply, "
		    "seduce:X,Y,FEATURE or seduce:none", w, g->pl[g->player].name);
	char canon[96];

	return decided(g, canon, seduce(g, w, canon, sizeof(canon), err), err);
}

static int64_t
dist2(int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
	int64_t dx = ax - bx, dy = ay - by;

	return dx * dx + dy * dy;
}

static bool
on_map(const struct carc_game *g, int32_t x, int32_t y)
{
	return board_at(g, floordiv100(x), floordiv100(y)) >= 0;
}

/* X-CA-6: every follower within reach of the landing goes home, and then, as a chain, every
 * follower within the chain length of one that fell, until nothing more falls. The figures
 * fall in rounds (hit, then hit by those, …); each is told once, then all are removed. Each
 * fallen figure is looked around once, so the chain costs the figures times the fallen. */
static int
knockout(struct carc_game *g, const struct landing *l)
{
	int64_t r2 = (int64_t)OPT(g, CAT_REACH) * OPT(g, CAT_REACH), c2;
	int32_t *px, *py;
	int8_t *fell;		/* 0 standing, 1 hit by the token, 2 by a falling follower */
	int *queue, f, h, q, nq = 0, n = g->nfigs, chain = CHAIN_LENGTH(g);

	if (n == 0)
		return 0;
	c2 = (int64_t)chain * chain;
	if ((px = malloc(n * (2 * sizeof(*px) + sizeof(*queue) + sizeof(*fell)))) == NULL)
		return -1;
	py = px + n;
	queue = (int *)(py + n);
	fell = (int8_t *)(queue + n);
	for (f = 0; f < n; f++) {
		fig_position(g, f, &px[f], &py[f]);
		fell[f] = (g->ts.fig[g->figs[f].type].removed & BY_KNOCKOUT) &&
		    dist2(px[f], py[f], l->x, l->y) <= r2;
		if (fell[f])
			queue[nq++] = f;
	}
	/* a chain of length 0 is no chain */
	for (q = 0; chain > 0 && q < nq; q++)
		for (h = queue[q], f = 0; f < n; f++)
			if (!fell[f] && (g->ts.fig[g->figs[f].type].removed & BY_KNOCKOUT) &&
			    dist2(px[f], py[f], px[h], py[h]) <= c2) {
				fell[f] = 2;
				queue[nq++] = f;
			}
	for (f = n - 1; f >= 0; f--) {
		if (!fell[f])
			continue;
		report(g, "%s knocks out %s's follower at %d,%d%s\n",
		    g->pl[(int)l->player].name, g->pl[g->figs[f].owner].name,
		    g->board[g->figs[f].tile].x, g->board[g->figs[f].tile].y,
		    fell[f] == 2 ? " in a chain reaction" : "");
		fig_remove(g, f);
	}
	free(px);
	fig_strays(g);	/* a builder or pig whose last supporting follower fell */
	return 0;
}

/* X-CA-7: the follower of another player than the hurler nearest to a landing, or -1; ties go
 * to the figure placed first. The hurler's own followers are never candidates. */
static int
nearest(const struct carc_game *g, const struct landing *l)
{
	int f, best = -1;
	int64_t bd = 0, d;
	int32_t fx, fy;

	for (f = 0; f < g->nfigs; f++) {
		if (!(g->ts.fig[g->figs[f].type].removed & BY_SEDUCTION) || g->figs[f].owner == l->player)
			continue;
		fig_position(g, f, &fx, &fy);
		d = dist2(fx, fy, l->x, l->y);
		if (best < 0 || d < bd) {
			best = f;
			bd = d;
		}
	}
	return best;
}

static int64_t
fair_dist2(const struct carc_game *g, const struct landing *l)
{
	int32_t x0 = cat(g)->fx * 100, y0 = cat(g)->fy * 100, dx = 0, dy = 0;

	if (l->x < x0)
		dx = x0 - l->x;
	else if (l->x > x0 + 100)
		dx = l->x - (x0 + 100);
	if (l->y < y0)
		dy = y0 - l->y;
	else if (l->y > y0 + 100)
		dy = l->y - (y0 + 100);
	return (int64_t)dx * dx + (int64_t)dy * dy;
}

/* X-CA-8: the landings on the map nearest the fair tile score 5 each. */
static void
target_scores(struct carc_game *g)
{
	int i;
	int64_t best = -1, d;

	for (i = 0; i < cat(g)->hurled; i++)
		if (on_map(g, cat(g)->land[i].x, cat(g)->land[i].y) &&
		    (best < 0 || (d = fair_dist2(g, &cat(g)->land[i])) < best))
			best = fair_dist2(g, &cat(g)->land[i]);
	if (best < 0)
		return;
	for (i = 0; i < cat(g)->hurled; i++)
		if (on_map(g, cat(g)->land[i].x, cat(g)->land[i].y) &&
		    fair_dist2(g, &cat(g)->land[i]) == best) {
			g->pl[(int)cat(g)->land[i].player].score += 5;
			report(g, "%s scores 5 for the token nearest the fair\n",
			    g->pl[(int)cat(g)->land[i].player].name);
		}
}

/* X-CA-9, this project's model: a hurl counts when it flies at least as far as the ruler
 * (seed 002), and the left neighbour catches it when it lands within catch reach beyond; both
 * then score 5. */
static void
catch_scores(struct carc_game *g, const struct landing *l)
{
	int catcher = (l->player + 1) % g->nplayers;

	if (l->x < OPT(g, CAT_RULER) || l->x > OPT(g, CAT_RULER) + OPT(g, CAT_CATCH))
		return;
	g->pl[(int)l->player].score += 5;
	g->pl[catcher].score += 5;
	report(g, "%s scores 5 for a hurl that was caught\n", g->pl[(int)l->player].name);
	report(g, "%s scores 5 for catching %s's token\n", g->pl[catcher].name,
	    g->pl[(int)l->player].name);
}

static bool
can_seduce(const struct carc_game *g)
{
	int f;

	for (f = 0; f < g->ts.nfig; f++)
		if (seducer_may(g, FROM_SUPPLY, f) == STAND_OK)
			return true;
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].owner == g->player && seducer_may(g, f, 0) == STAND_OK)
			return true;
	return false;
}

/* For the state reader: a seduction waited for or decided must be one the rules allow. */
static int
catapult_check(const struct carc_game *g, char *why, size_t n)
{
	const struct catapult *c = cat(g);

	if (c->victim < 0)
		return 0;
	if (g->figs[c->victim].owner == g->player || !(g->ts.fig[g->figs[c->victim].type].removed & BY_SEDUCTION))
		return snprintf(why, n, "the victim is not another player's follower"), -1;
	if (g->phase == CARC_SEDUCE && !can_seduce(g))
		return snprintf(why, n, "%s has no follower that may take the victim's place",
		    g->pl[g->player].name), -1;
	if (c->pending == PENDING_SEDUCE && c->from != FROM_NONE &&
	    seducer_may(g, c->from, c->fromtype) != STAND_OK)
		return snprintf(why, n, "the seducer may not take the victim's place"), -1;
	return 0;
}

/* carc-score during a round: the effect of the last hurl, then the next hurler or the end. */
static int
catapult_resolve(struct carc_game *g, struct carc_err *err)
{
	struct landing *l = &cat(g)->land[(int)cat(g)->hurled];
	int v;

	if (!cat(g)->on)
		return -1;	/* not a round: the turn's scoring is the core's */
	g->report.len = 0;
	if (cat(g)->pending == PENDING_SEDUCE && exchange(g, err))
		return err->code;
	if (cat(g)->pending == PENDING_HURL) {
		switch (cat(g)->token) {
		case TOKEN_KNOCKOUT:
			if (knockout(g, l) == -1)
				return seterr(err, CARC_ESOFTWARE, "out of memory");
			break;
		case TOKEN_SEDUCTION:
			if (!on_map(g, l->x, l->y) || (v = nearest(g, l)) < 0)
				break;
			cat(g)->victim = v;
			if (!can_seduce(g)) {
				cat(g)->victim = -1;
				break;
			}
			g->phase = CARC_SEDUCE;
			cat(g)->pending = PENDING_NONE;
			return 0;
		case TOKEN_CATCH:
			catch_scores(g, l);
			break;
		}
	}
	cat(g)->pending = PENDING_NONE;
	cat(g)->hurled++;
	if (cat(g)->hurled < g->nplayers) {
		g->player = (cat(g)->first + cat(g)->hurled) % g->nplayers;
		g->phase = CARC_HURL;
		return 0;
	}
	if (cat(g)->token == TOKEN_TARGET)
		target_scores(g);
	/* the turn of the player who placed the fair is over: the next one's, or his second
	 * (the builder's) */
	g->player = cat(g)->first;
	memset(cat(g), 0, sizeof(struct catapult));
	cat(g)->victim = -1;
	turn_next(g);
	return g->report.data || g->quiet || g->phase != CARC_OVER ? 0 :
	    seterr(err, CARC_ESOFTWARE, "out of memory");
}

/* The landings made so far, the one being resolved or decided on included. */
static int
landings(const struct carc_game *g)
{
	const struct catapult *c = cat(g);

	return c->hurled + (c->pending != PENDING_NONE || g->phase == CARC_SEDUCE);
}

/* For people: the round so far, one line a landing, then whose decision it is. */
static void
catapult_describe(const struct carc_game *g, struct carc_buf *b)
{
	const struct catapult *c = cat(g);
	char x[24], y[24];
	int i, n = landings(g);

	if (!c->on)
		return;
	carc_buf_printf(b, "catapult round for the fair at %d,%d", c->fx, c->fy);
	if (c->token >= 0)
		carc_buf_printf(b, ", %s tokens", token_names[(int)c->token]);
	carc_buf_add(b, "\n", 1);
	for (i = 0; i < n; i++) {
		format_centi(x, sizeof(x), c->land[i].x);
		format_centi(y, sizeof(y), c->land[i].y);
		if (c->token == TOKEN_CATCH)
			carc_buf_printf(b, "  %s hurled %s tiles\n", g->pl[(int)c->land[i].player].name, x);
		else
			carc_buf_printf(b, "  %s's token landed at %s,%s%s\n",
			    g->pl[(int)c->land[i].player].name, x, y,
			    on_map(g, c->land[i].x, c->land[i].y) ? "" : " (off the map)");
	}
	if (g->phase == CARC_HURL)
		carc_buf_printf(b, "%s hurls next\n", g->pl[g->player].name);
	else if (g->phase == CARC_SEDUCE)
		carc_buf_printf(b, "%s may seduce the follower at %d,%d\n", g->pl[g->player].name,
		    g->board[g->figs[c->victim].tile].x, g->board[g->figs[c->victim].tile].y);
	else if (g->phase == CARC_SCORE)
		carc_buf_printf(b, "the hurl waits for carc-score\n");
}

/* The answers open to a hurler who may seduce: the supply (the follower, then each other type
 * in the hand, as supply@FIGURE), each of the hurler's followers that may take the victim's
 * place, none. */
/* Those answers, in the order --list gives them, into out (room for max); how many. */
static int
seducers(const struct carc_game *g, struct seducer *out, int max)
{
	int f, n = 0;

	for (f = 0; f < g->ts.nfig && n < max - 1; f++)
		if (seducer_may(g, FROM_SUPPLY, f) == STAND_OK)
			out[n++] = (struct seducer){ FROM_SUPPLY, f };
	for (f = 0; f < g->nfigs && n < max - 1; f++)
		if (g->figs[f].owner == g->player && seducer_may(g, f, 0) == STAND_OK)
			out[n++] = (struct seducer){ f, 0 };
	out[n++] = (struct seducer){ FROM_NONE, 0 };
	return n;
}

static void
seducer_word(const struct carc_game *g, const struct seducer *s, char *w, size_t n)
{
	const struct placed *p;
	char name[32];

	if (s->from == FROM_NONE)
		snprintf(w, n, "seduce:none");
	else if (s->from == FROM_SUPPLY && s->type == 0)
		snprintf(w, n, "seduce:supply");
	else if (s->from == FROM_SUPPLY)
		snprintf(w, n, "seduce:supply@%s", g->ts.fig[s->type].name);
	else {
		p = &g->board[g->figs[s->from].tile];
		seg_rotated_name(&g->ts.types[p->type], p->rot, g->figs[s->from].seg, name,
		    sizeof(name));
		snprintf(w, n, "seduce:%d,%d,%s", p->x, p->y, name);
	}
}

#define MAXSEDUCERS (MAXFIGTYPES + CARC_MAX_PLAYERS * 16 + 1)

static int
seduce_words(struct carc_game *g, struct carc_err *err)
{
	struct seducer s[MAXSEDUCERS];
	char w[96];
	int i, n = seducers(g, s, MAXSEDUCERS);

	for (i = 0; i < n; i++) {
		seducer_word(g, &s[i], w, sizeof(w));
		carc_buf_add(&g->words, w, strlen(w) + 1);
	}
	return g->words.data ? 0 : seterr(err, CARC_ESOFTWARE, "out of memory");
}

/* The random player's answer: the one seduce_words would list at the index drawn. */
static int
seduce_random(struct carc_game *g, uint64_t *rng)
{
	struct seducer s[MAXSEDUCERS];
	struct carc_err err;
	char w[96] = "";
	int n = seducers(g, s, MAXSEDUCERS), j = carc_rng_below(rng, n);

	cat(g)->from = s[j].from;
	cat(g)->fromtype = s[j].type;
	cat(g)->pending = PENDING_SEDUCE;
	if (!g->quiet)
		seducer_word(g, &s[j], w, sizeof(w));
	return decided(g, w, 0, &err) ? -1 : 0;
}

/* A hurl --list offers: its token and its aim (for a catch, x is the distance). */
/* Where a hurl of token tok at figure f aims: where the figure stands. */
static struct aim
aim_at(const struct carc_game *g, int tok, int f)
{
	struct aim a = { tok, 0, 0 };

	fig_position(g, f, &a.x, &a.y);
	return a;
}

/* The hurls --list offers in a round, in its order: aims at the other players' followers for
 * knock-out and seduction, the middle of the fair for target hurling, three distances for a
 * catch. Any other aim is a legal word too. With want < 0, into out (room for max), and
 * returns how many; else only the one at index want (of hurl_count's), into out[0] (the
 * random player's hurl, without the others worked out). */
static int
hurl_aims(const struct carc_game *g, struct aim *out, int max, int want)
{
	int tok, f, i, n = 0;

#define AIM(a) do { \
		if (want < 0 && n < max) \
			out[n] = (a); \
		else if (n == want) { \
			out[0] = (a); \
			return n; \
		} \
		n++; \
	} while (0)
	for (tok = 0; tok < NTOKENS; tok++) {
		if (cat(g)->token >= 0 && tok != cat(g)->token)
			continue;
		switch (tok) {
		case TOKEN_KNOCKOUT:
		case TOKEN_SEDUCTION:
			for (f = 0, i = 0; f < g->nfigs; f++) {
				if (g->figs[f].owner == g->player || !(g->ts.fig[g->figs[f].type].removed &
				    (tok == TOKEN_KNOCKOUT ? BY_KNOCKOUT : BY_SEDUCTION)))
					continue;
				AIM(aim_at(g, tok, f));
				i++;
			}
			if (i > 0)
				break;
			/* nobody to aim at: the fair will do */
			__attribute__((fallthrough));
		case TOKEN_TARGET:
			AIM(((struct aim){ tok, cat(g)->fx * 100 + 50, cat(g)->fy * 100 + 50 }));
			break;
		case TOKEN_CATCH:
			AIM(((struct aim){ tok, OPT(g, CAT_RULER) + 10, 0 }));
			AIM(((struct aim){ tok, OPT(g, CAT_RULER) + OPT(g, CAT_CATCH) / 2, 0 }));
			AIM(((struct aim){ tok, OPT(g, CAT_RULER) + OPT(g, CAT_CATCH), 0 }));
			break;
		}
	}
#undef AIM
	return n < max ? n : max;
}

/* How many hurls hurl_aims gives (all of them, max aside), with one look at each figure. */
static int
hurl_count(const struct carc_game *g)
{
	int f, tok, ko = 0, sed = 0, n = 0;

	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].owner != g->player) {
			ko += (g->ts.fig[g->figs[f].type].removed & BY_KNOCKOUT) != 0;
			sed += (g->ts.fig[g->figs[f].type].removed & BY_SEDUCTION) != 0;
		}
	for (tok = 0; tok < NTOKENS; tok++)
		if (cat(g)->token < 0 || tok == cat(g)->token)
			n += tok == TOKEN_KNOCKOUT ? (ko ? ko : 1) : tok == TOKEN_SEDUCTION ?
			    (sed ? sed : 1) : tok == TOKEN_TARGET ? 1 : 3;
	return n;
}

/* The word of a hurl, as --list writes it. */
static void
hurl_word(const struct aim *a, char *w, size_t n)
{
	char x[24], y[24];

	format_centi(x, sizeof(x), a->x);
	format_centi(y, sizeof(y), a->y);
	if (a->tok == TOKEN_CATCH)
		snprintf(w, n, "hurl:catch:%s", x);
	else
		snprintf(w, n, "hurl:%s:%s,%s", token_names[(int)a->tok], x, y);
}

/* Room for the aims of a round: two a figure on the board (knock-out and seduction), and the
 * target's and the catch's. */
#define MAXAIMS (2 * CARC_MAX_PLAYERS * 16 + 8)

static int
hurl_words(struct carc_game *g, struct carc_err *err)
{
	struct aim aims[MAXAIMS];
	char w[96];
	int i, n = hurl_aims(g, aims, MAXAIMS, -1);

	for (i = 0; i < n; i++) {
		hurl_word(&aims[i], w, sizeof(w));
		carc_buf_add(&g->words, w, strlen(w) + 1);
	}
	return g->words.data ? 0 : seterr(err, CARC_ESOFTWARE, "out of memory");
}

/* The random player's hurl: the one hurl_words would list at the index drawn, made without
 * a word (but for the log). */
static int
hurl_random(struct carc_game *g, uint64_t *rng)
{
	struct aim a;
	struct carc_err err;
	char w[96];
	int n = hurl_count(g), j;

	/* in --list, the first MAXAIMS */
	j = carc_rng_below(rng, n < MAXAIMS ? n : MAXAIMS);
	hurl_aims(g, &a, 1, j);
	hurl_apply(g, a.tok, a.x, a.y);
	if (!g->quiet)
		hurl_word(&a, w, sizeof(w));
	return decided(g, g->quiet ? "" : w, 0, &err) ? -1 : 0;
}

/* ---- the status line of its phases ---- */

static int
hurl_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct catapult *c = cat(g);
	const char *who = g->pl[g->player].name;

	if (c->token < 0)
		return carc_buf_printf(b, "%s chooses a token and hurls it at the fair at %d,%d",
		    who, c->fx, c->fy);
	return carc_buf_printf(b, "%s hurls a %s token (fair at %d,%d)", who,
	    token_names[(int)c->token], c->fx, c->fy);
}

static int
seduce_status(const struct carc_game *g, struct carc_buf *b)
{
	const struct figure *v = &g->figs[cat(g)->victim];

	return carc_buf_printf(b, "%s may seduce the follower at %d,%d", g->pl[g->player].name,
	    g->board[v->tile].x, g->board[v->tile].y);
}

/* ---- the turn ---- */

/* catapult=house: 5 points for placing a fair tile with a normal follower on it, before the
 * scoring can send that follower home. */
static void
catapult_placed(struct carc_game *g, int b)
{
	struct catapult *c = cat(g);
	int f;

	if (OPT(g, CAT_MODE) == CATAPULT_SIM && fair_tile(g, b)) {
		/* the round waits for the end of the turn */
		c->later = true;
		c->fx = g->board[b].x;
		c->fy = g->board[b].y;
		c->first = g->player;
		c->token = -1;
	}
	if (OPT(g, CAT_MODE) != CATAPULT_HOUSE || !fair_tile(g, b))
		return;
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].tile == b && g->figs[f].owner == g->player &&
		    strcmp(g->ts.fig[g->figs[f].type].name, DEFAULT_FIGURE) == 0) {
			g->pl[g->player].score += 5;
			report(g, "%s scores 5 for a follower on the fair tile\n",
			    g->pl[g->player].name);
			return;
		}
}

/* X-CA-3: after the whole turn in which a fair tile was placed, a round instead of the next
 * turn. A builder's double turn is one turn (§5.5): a fair placed in its first half waits for
 * the end of the second, or of the first when the second is declined or no tile is left for
 * it; with a fair in each half, one round, at the second. */
static int
catapult_turn_over(struct carc_game *g)
{
	struct catapult *c = cat(g);

	if (!c->later)
		return 0;
	g->player = c->first;
	start_round(g, board_at(g, c->fx, c->fy));
	return 1;
}

static void
catapult_init(struct carc_game *g)
{
	cat(g)->victim = -1;
}

/* ---- the state: a round in progress, landings in hundredths of a tile ---- */

static bool
catapult_present(const struct carc_game *g)
{
	return cat(g)->on || cat(g)->later;
}

/* "X,Y,FEATURE" of figure f, for the state. */
static void
figure_place(const struct carc_game *g, int f, char *out, size_t n)
{
	const struct placed *p = &g->board[g->figs[f].tile];
	char name[32];

	seg_rotated_name(&g->ts.types[p->type], p->rot, g->figs[f].seg, name, sizeof(name));
	snprintf(out, n, "%d,%d,%s", p->x, p->y, name);
}

static void
catapult_write(const struct carc_game *g, msgpack_packer *pk)
{
	const struct catapult *c = cat(g);
	char name[32], w[64];
	int i, n = landings(g);

	msgpack_pack_map(pk, 7 + c->later);
	if (c->later) {
		mp_str(pk, "later");
		msgpack_pack_true(pk);
	}
	mp_str(pk, "fair");
	msgpack_pack_array(pk, 2);
	msgpack_pack_int(pk, c->fx);
	msgpack_pack_int(pk, c->fy);
	mp_str(pk, "first");
	msgpack_pack_int(pk, c->first);
	mp_str(pk, "token");
	mp_str_or_nil(pk, c->token >= 0 ? token_names[(int)c->token] : NULL);
	mp_str(pk, "pending");
	mp_str_or_nil(pk, c->pending == PENDING_HURL ? "hurl" : c->pending == PENDING_SEDUCE ?
	    "seduce" : NULL);
	mp_str(pk, "landings");
	msgpack_pack_array(pk, n);
	for (i = 0; i < n; i++) {
		msgpack_pack_map(pk, 3);
		mp_str(pk, "player");
		msgpack_pack_int(pk, c->land[i].player);
		mp_str(pk, "x");
		msgpack_pack_int(pk, c->land[i].x);
		mp_str(pk, "y");
		msgpack_pack_int(pk, c->land[i].y);
	}
	mp_str(pk, "victim");
	if (c->victim >= 0) {
		const struct placed *p = &g->board[g->figs[c->victim].tile];

		msgpack_pack_map(pk, 3);
		mp_str(pk, "x");
		msgpack_pack_int(pk, p->x);
		mp_str(pk, "y");
		msgpack_pack_int(pk, p->y);
		mp_str(pk, "feature");
		seg_rotated_name(&g->ts.types[p->type], p->rot, g->figs[c->victim].seg, name,
		    sizeof(name));
		mp_str(pk, name);
	} else
		msgpack_pack_nil(pk);
	mp_str(pk, "from");
	if (c->pending != PENDING_SEDUCE)
		msgpack_pack_nil(pk);
	else if (c->from == FROM_SUPPLY && c->fromtype != 0) {
		snprintf(w, sizeof(w), "supply@%s", g->ts.fig[(int)c->fromtype].name);
		mp_str(pk, w);
	} else if (c->from == FROM_SUPPLY || c->from == FROM_NONE)
		mp_str(pk, c->from == FROM_SUPPLY ? "supply" : "none");
	else {
		figure_place(g, c->from, w, sizeof(w));
		mp_str(pk, w);
	}
}

/* The fair, the first hurler, the token and what is pending. */
static int
read_head(struct carc_game *g, const msgpack_object *c, struct rd *r)
{
	struct catapult *cp = cat(g);
	const msgpack_object *o;
	char s[32];
	int64_t x, y, v;
	int b, f;

	if (mp_need(r, c, "fair", MSGPACK_OBJECT_ARRAY, "the catapult round", &o))
		return CARC_EDATA;
	if (o->via.array.size != 2 || o->via.array.ptr[0].type > MSGPACK_OBJECT_NEGATIVE_INTEGER ||
	    o->via.array.ptr[1].type > MSGPACK_OBJECT_NEGATIVE_INTEGER ||
	    o->via.array.ptr[0].type < MSGPACK_OBJECT_POSITIVE_INTEGER ||
	    o->via.array.ptr[1].type < MSGPACK_OBJECT_POSITIVE_INTEGER)
		return mp_fail(r, "bad state: the fair is [X, Y]");
	x = o->via.array.ptr[0].via.i64;
	y = o->via.array.ptr[1].via.i64;
	if (x < -COORD_MAX || x > COORD_MAX || y < -COORD_MAX || y > COORD_MAX ||
	    (b = board_at(g, x, y)) < 0 || !fair_tile(g, b))
		return mp_fail(r, "inconsistent state: no fair tile at the catapult round's fair");
	cp->fx = x;
	cp->fy = y;
	if (mp_need_int(r, c, "first", "the catapult round", 0, g->nplayers - 1, &v))
		return CARC_EDATA;
	cp->first = v;
	cp->token = -1;
	if ((o = mp_get(c, "token")) != NULL && o->type != MSGPACK_OBJECT_NIL) {
		if (mp_need_str(r, c, "token", "the catapult round", s, sizeof(s)))
			return CARC_EDATA;
		for (f = 0; f < NTOKENS && strcmp(s, token_names[f]) != 0; f++)
			;
		if (f == NTOKENS)
			return mp_fail(r, "bad state: unknown token '%s'", s);
		cp->token = f;
	}
	cp->pending = PENDING_NONE;
	if ((o = mp_get(c, "pending")) != NULL && o->type != MSGPACK_OBJECT_NIL) {
		if (mp_need_str(r, c, "pending", "the catapult round", s, sizeof(s)))
			return CARC_EDATA;
		if (strcmp(s, "hurl") == 0)
			cp->pending = PENDING_HURL;
		else if (strcmp(s, "seduce") == 0)
			cp->pending = PENDING_SEDUCE;
		else
			return mp_fail(r, "bad state: unknown pending decision '%s'", s);
	}
	if (!cp->later && (g->phase == CARC_SCORE) != (cp->pending != PENDING_NONE))
		return mp_fail(r, "inconsistent state: the catapult round and the phase disagree");
	return 0;
}

/* One landing a hurl so far, each by the player whose hurl it was. */
static int
read_landings(struct carc_game *g, const msgpack_object *c, struct rd *r)
{
	static const char *const lkeys[] = { "player", "x", "y", NULL };
	struct catapult *cp = cat(g);
	const msgpack_object *ls;
	int64_t v, x, y;
	uint32_t i;

	if (mp_need(r, c, "landings", MSGPACK_OBJECT_ARRAY, "the catapult round", &ls))
		return CARC_EDATA;
	if (ls->via.array.size > (uint32_t)g->nplayers)
		return mp_fail(r, "bad state: more landings than players");
	for (i = 0; i < ls->via.array.size; i++) {
		const msgpack_object *l = &ls->via.array.ptr[i];

		if (l->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: a landing is a map");
		if (mp_check_keys(r, l, "a landing", lkeys) ||
		    mp_need_int(r, l, "player", "a landing", 0, g->nplayers - 1, &v) ||
		    mp_need_int(r, l, "x", "a landing", -LAND_MAX, LAND_MAX, &x) ||
		    mp_need_int(r, l, "y", "a landing", -LAND_MAX, LAND_MAX, &y))
			return CARC_EDATA;
		if (v != (cp->first + i) % g->nplayers)
			return mp_fail(r, "inconsistent state: landing %u is not the hurl of player %d",
			    i + 1, (int)((cp->first + i) % g->nplayers));
		cp->land[i] = (struct landing){ .player = v, .x = x, .y = y };
	}
	cp->hurled = ls->via.array.size;
	if (cp->pending == PENDING_HURL || g->phase == CARC_SEDUCE ||
	    cp->pending == PENDING_SEDUCE) {
		if (cp->hurled == 0)
			return mp_fail(r, "inconsistent state: a hurl to resolve but no landing");
		cp->hurled--;		/* the last landing is the hurl being resolved */
	} else if (cp->hurled == g->nplayers)	/* one more would be past the players */
		return mp_fail(r, "inconsistent state: phase hurl after every player has hurled");
	if (!cp->later && g->player != (cp->first + cp->hurled) % g->nplayers)
		return mp_fail(r, "inconsistent state: it is not player %d's hurl", g->player);
	if ((cp->token < 0) != (ls->via.array.size == 0))
		return mp_fail(r, "inconsistent state: a token type without a hurl, or a hurl "
		    "without one");
	return 0;
}

/* The figure at "X,Y,FEATURE" (the victim, owned by another player, or the seducer, owned by
 * the player to move), or -1. */
static int
figure_at(const struct carc_game *g, int64_t x, int64_t y, const char *feat, bool own)
{
	int b, seg, f;

	if (x < -COORD_MAX || x > COORD_MAX || y < -COORD_MAX || y > COORD_MAX ||
	    (b = board_at(g, x, y)) < 0 ||
	    (seg = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot, feat)) < 0)
		return -1;
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].tile == b && g->figs[f].seg == seg &&
		    (g->figs[f].owner == g->player) == own && f != cat(g)->victim)
			return f;
	return -1;
}

/* The victim (phase seduce, or a seduction decided) and where the seducer comes from. */
static int
read_seduction(struct carc_game *g, const msgpack_object *c, struct rd *r)
{
	static const char *const vkeys[] = { "x", "y", "feature", NULL };
	struct catapult *cp = cat(g);
	const msgpack_object *o = mp_get(c, "victim");
	char s[64], feat[32];
	const char *rest;
	int64_t x, y;
	int f, cx, cy;

	if (g->phase == CARC_SEDUCE || (cp->pending == PENDING_SEDUCE && o != NULL &&
	    o->type != MSGPACK_OBJECT_NIL)) {
		if (o == NULL || o->type != MSGPACK_OBJECT_MAP)
			return mp_fail(r, "bad state: phase seduce needs the victim");
		if (mp_check_keys(r, o, "the victim", vkeys) ||
		    mp_need_int(r, o, "x", "the victim", -COORD_MAX, COORD_MAX, &x) ||
		    mp_need_int(r, o, "y", "the victim", -COORD_MAX, COORD_MAX, &y) ||
		    mp_need_str(r, o, "feature", "the victim", feat, sizeof(feat)))
			return CARC_EDATA;
		if ((cp->victim = figure_at(g, x, y, feat, false)) < 0)
			return mp_fail(r, "inconsistent state: no follower of another player to "
			    "seduce");
	} else if (o != NULL && o->type != MSGPACK_OBJECT_NIL)
		return mp_fail(r, "inconsistent state: a victim outside phase seduce");
	cp->from = FROM_NONE;
	o = mp_get(c, "from");
	if (cp->pending != PENDING_SEDUCE)
		return o != NULL && o->type != MSGPACK_OBJECT_NIL ?
		    mp_fail(r, "inconsistent state: a seducer outside a seduction") : 0;
	if (o == NULL || o->type != MSGPACK_OBJECT_STR || o->via.str.size >= sizeof(s))
		return mp_fail(r, "bad state: a seduction to resolve needs where the seducer comes "
		    "from");
	memcpy(s, o->via.str.ptr, o->via.str.size);
	s[o->via.str.size] = '\0';
	cp->fromtype = 0;
	if (strcmp(s, "supply") == 0)
		cp->from = FROM_SUPPLY;
	else if (strncmp(s, "supply@", 7) == 0) {
		cp->from = FROM_SUPPLY;
		if ((f = figure_find(&g->ts, s + 7)) <= 0)
			return mp_fail(r, "bad state: no figure '%s' to seduce with", s + 7);
		cp->fromtype = f;
	} else if (strcmp(s, "none") != 0) {
		if (!cell_read(s, &cx, &cy, &rest) || *rest != ',' || strlen(rest + 1) >= sizeof(feat) ||
		    (cp->from = figure_at(g, cx, cy, strcpy(feat, rest + 1), true)) < 0)
			return mp_fail(r, "inconsistent state: no follower of %s at '%s'",
			    g->pl[g->player].name, s);
	}
	return 0;
}

/* A round that waits for the end of its placer's turn (after the wagons' moves, or the
 * second half of a double turn): the fair and the placer, in a turn of his, nothing hurled
 * yet. */
static int
read_later(struct carc_game *g, const msgpack_object *c, struct rd *r)
{
	struct catapult *cp = cat(g);

	cp->later = true;
	if (read_head(g, c, r) || read_landings(g, c, r) || read_seduction(g, c, r))
		return CARC_EDATA;
	if (g->phase == CARC_HURL || g->phase == CARC_SEDUCE || g->phase == CARC_OVER)
		return mp_fail(r, "inconsistent state: a catapult round to come in phase %s",
		    rules_phase_name(g->phase));
	if (cp->token >= 0 || cp->pending != PENDING_NONE || landings(g) > 0 || cp->victim >= 0)
		return mp_fail(r, "inconsistent state: a catapult round to come has begun");
	if (cp->first != g->player && g->phase != CARC_WAGON)
		return mp_fail(r, "inconsistent state: a catapult round to come of %s in %s's turn",
		    g->pl[cp->first].name, g->pl[g->player].name);
	return 0;
}

static int
catapult_read(struct carc_game *g, const msgpack_object *c, struct rd *r)
{
	static const char *const keys[] = { "later", "fair", "first", "token", "pending",
		"landings", "victim", "from", NULL };
	const msgpack_object *o;

	if (c->type != MSGPACK_OBJECT_MAP)
		return mp_fail(r, "bad state: the catapult round must be a map or nil");
	if (mp_check_keys(r, c, "the catapult round", keys))
		return CARC_EDATA;
	if ((o = mp_get(c, "later")) != NULL) {
		if (o->type != MSGPACK_OBJECT_BOOLEAN || !o->via.boolean)
			return mp_fail(r, "bad state: the catapult round's 'later' must be true");
		return read_later(g, c, r);
	}
	if (g->phase != CARC_HURL && g->phase != CARC_SEDUCE && g->phase != CARC_SCORE)
		return mp_fail(r, "inconsistent state: a catapult round in phase %s",
		    rules_phase_name(g->phase));
	cat(g)->on = true;
	return read_head(g, c, r) || read_landings(g, c, r) || read_seduction(g, c, r) ?
	    CARC_EDATA : 0;
}

/* ---- pictures ---- */

/* Each token where it came to rest, in its hurler's colour; a catch flies off the board. */
static int
catapult_marks(const struct carc_game *g, struct mark *out, int max)
{
	const struct catapult *c = cat(g);
	int i, n = 0;

	if (!c->on || c->token == TOKEN_CATCH)
		return 0;
	for (i = 0; i < landings(g) && n < max; i++)
		out[n++] = (struct mark){ c->land[i].x, c->land[i].y, c->land[i].player, 0 };
	return n;
}

/* ---- the module ---- */

static const struct kind_def fair = { "fair", SHAPE_POINT, EDGE_F, DONE_NEVER, AWARD_MAJORITY,
	false, 50, NULL, NULL };

static const struct kind_def *const catapult_kinds[] = { &fair, NULL };

static const char *const modes[] = { "sim", "house", "off", NULL };

static const struct rule_opt catapult_opts[] = {
	/* the first release wrote these in every game, the catapult's or not */
	[CAT_MODE] = { "catapult", OPT_CHOICE, modes, 0, true },
	[CAT_SCATTER] = { "scatter", OPT_LENGTH, NULL, 50, true },
	[CAT_REACH] = { "reach", OPT_LENGTH, NULL, 35, true },
	[CAT_CHAIN] = { "chain", OPT_LENGTH, NULL, -1, false },
	[CAT_RULER] = { "ruler", OPT_LENGTH, NULL, 200, true },
	[CAT_CATCH] = { "catch", OPT_LENGTH, NULL, 100, true },
	{ NULL, 0, NULL, 0, false }
};

static const struct phase_def catapult_phases[] = {
	{ CARC_HURL, "hurl", "a catapult round is on", hurl_decide, hurl_words, hurl_status,
	    false, NULL, hurl_random },
	{ CARC_SEDUCE, "seduce", "a catapult round is on", seduce_decide, seduce_words,
	    seduce_status, false, NULL, seduce_random },
	{ 0, NULL, NULL, NULL, NULL, NULL, false, NULL, NULL }
};

static int
catapult_check_all(const struct carc_game *g, char *why, size_t n)
{
	if ((g->phase == CARC_HURL || g->phase == CARC_SEDUCE) && !cat(g)->on)
		return snprintf(why, n, "phase %s without a catapult round",
		    rules_phase_name(g->phase)), -1;
	if (cat(g)->on && g->ndrawn > 0 && !rules_holds(g))
		return snprintf(why, n, "drawn tiles during a catapult round"), -1;
	return catapult_check(g, why, n);
}

/* hurl:TOKEN:X,Y or hurl:catch:DISTANCE, numbers in tiles as the word writes them */
static int
hurl_json(struct carc_buf *b, const char *w)
{
	const char *tok = w + 5, *arg = strchr(tok, ':'), *comma;

	if (arg == NULL)
		return 0;
	comma = strchr(++arg, ',');
	if (json_member(b, "token", tok, arg - 1 - tok))
		return -1;
	if (comma == NULL)
		return carc_buf_printf(b, ", \"distance\": %s", arg);
	return carc_buf_printf(b, ", \"x\": %.*s, \"y\": %s", (int)(comma - arg), arg, comma + 1);
}

/* seduce:supply, seduce:supply@FIGURE (another figure from the hand), seduce:none or
 * seduce:X,Y,FEATURE (a follower of the hurler's there) */
static int
seduce_json(struct carc_buf *b, const char *w)
{
	const char *from = w + 7, *feat;
	long x, y;
	char *end;

	if (strcmp(from, "supply") == 0 || strcmp(from, "none") == 0)
		return json_member(b, "from", from, strlen(from));
	if (strncmp(from, "supply@", 7) == 0)
		return json_member(b, "from", from, 6) ||
		    json_member(b, "figure", from + 7, strlen(from + 7));
	x = strtol(from, &end, 10);
	y = strtol(end + 1, &end, 10);
	feat = end + 1;
	return json_member(b, "from", "board", 5) ||
	    carc_buf_printf(b, ", \"x\": %ld, \"y\": %ld", x, y) ||
	    json_member(b, "feature", feat, strlen(feat));
}

static int
catapult_word_json(struct carc_buf *b, const char *w)
{
	return strncmp(w, "hurl:", 5) == 0 ? hurl_json(b, w) :
	    strncmp(w, "seduce:", 7) == 0 ? seduce_json(b, w) : 1;
}

struct rules_module catapult_module = {
	.name = "catapult",
	.set = "catapult",
	.kinds = catapult_kinds,
	.opts = catapult_opts,
	.phases = catapult_phases,
	.state_size = sizeof(struct catapult),
	.init = catapult_init,
	.placed = catapult_placed,
	.resolve = catapult_resolve,
	.turn_over = catapult_turn_over,
	.ending = catapult_turn_over,
	.key = "catapult",
	.present = catapult_present,
	.write = catapult_write,
	.read = catapult_read,
	.check = catapult_check_all,
	.describe = catapult_describe,
	.marks = catapult_marks,
	.word_json = catapult_word_json,
};
