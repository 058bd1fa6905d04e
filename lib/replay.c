/* Replay and verification (carc-deck --replay, --verify): a game rebuilt from another's setup
 * and log through the same steps the tools take, and the first way two games differ. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "legal.h"
#include "setup.h"
#include "since.h"

/* A new game with o's setup: the same players, tile sets, rules, seed and deal. */
static struct carc_game *
same_setup(const struct carc_game *o, struct carc_err *err)
{
	struct carc_game *g;
	int i;

	if ((g = game_alloc()) == NULL)
		goto nomem;
	g->nplayers = o->nplayers;
	for (i = 0; i < o->nplayers; i++)
		memcpy(g->pl[i].name, o->pl[i].name, sizeof(g->pl[i].name));
	g->rules = o->rules;
	g->seed = o->seed;
	if (tileset_copy(&g->ts, &o->ts) == -1 ||
	    (o->setup_start && (g->setup_start = strdup(o->setup_start)) == NULL) ||
	    (o->setup_stack && (g->setup_stack = strdup(o->setup_stack)) == NULL) ||
	    (o->setup_deck && (g->setup_deck = strdup(o->setup_deck)) == NULL))
		goto nomem;
	rules_start(g);
	if (game_deal(g, err)) {
		carc_game_free(g);
		return NULL;
	}
	return g;
nomem:
	carc_game_free(g);
	seterr(err, CARC_ESOFTWARE, "out of memory");
	return NULL;
}

struct carc_game *
carc_game_restart(const struct carc_game *o, struct carc_err *err)
{
	return same_setup(o, err);
}

/* One logged decision as a turn of the tools. In phase draw a module may take the word as the
 * draw itself (draw:N, The Fortune Teller) or as a tile of the player's own put down instead
 * (an abbey); any other word is played after carc-draw. Then carc-place WORD, and carc-score
 * unless this is the last word of a game saved before its score. */
static int
replay_word(struct carc_game *g, const struct carc_game *o, int i, struct carc_err *err)
{
	int rc;

	if (g->phase == CARC_DRAW && (rc = rules_draw_decide(g, o->log[i], err)) != -1) {
		/* the draw itself, or a tile of the player's own put down instead (an abbey) */
		if (rc != 0)
			return rc;
	} else {
		if (g->phase == CARC_DRAW && carc_game_draw(g, err))
			return -1;
		if (carc_game_place(g, o->log[i], err))
			return -1;
	}
	if (g->phase == CARC_SCORE && (i + 1 < o->nlog || o->phase != CARC_SCORE))
		return carc_game_score(g, err);
	return 0;
}

int
carc_game_replay_step(struct carc_game *g, const struct carc_game *o, int i,
    struct carc_err *err)
{
	if (i < 0 || i >= o->nlog)
		return seterr(err, CARC_EUSAGE, "no log entry %d: the log has %d", i + 1, o->nlog);
	/* the report is of this step alone, empty when it scored nothing (a draw:N) */
	g->report.len = 0;
	if (g->report.data)
		g->report.data[0] = '\0';
	return replay_word(g, o, i, err) ? err->code : 0;
}

/* A game again from its setup and its log; carc-draw once more for a game saved with its tile
 * drawn. WHO, when not NULL, gets the player who made each decision. The old readings OLDREAD
 * (corrections.h) are in force for the first UPTO entries, today's rules after. */
static struct carc_game *
replay_read(const struct carc_game *o, int *who, unsigned oldread, int upto,
    struct carc_err *err)
{
	struct carc_game *g;
	int i;

	if ((g = same_setup(o, err)) == NULL)
		return NULL;
	for (i = 0; i < o->nlog; i++) {
		g->oldread = i < upto ? oldread : 0;
		if (who != NULL)	/* a draw is for the player to move, and leaves the turn */
			who[i] = g->player;
		if (replay_word(g, o, i, err)) {
			char why[sizeof(err->msg)];

			memcpy(why, err->msg, sizeof(why));
			seterr(err, CARC_EDATA, "log entry %d '%s' does not replay: %s", i + 1,
			    o->log[i], why);
			carc_game_free(g);
			return NULL;
		}
	}
	g->oldread = 0;
	if (o->phase == CARC_PLACE && g->phase == CARC_DRAW && carc_game_draw(g, err)) {
		carc_game_free(g);
		return NULL;
	}
	return g;
}

struct carc_game *
replay_who(const struct carc_game *o, int *who, struct carc_err *err)
{
	return replay_read(o, who, 0, 0, err);
}

struct carc_game *
replay_old(const struct carc_game *o, unsigned oldread, int upto, struct carc_err *err)
{
	return replay_read(o, NULL, oldread, upto, err);
}

struct carc_game *
carc_game_replay(const struct carc_game *o, struct carc_err *err)
{
	return replay_who(o, NULL, err);
}

static void
ids(const struct carc_game *g, const uint16_t *a, int n, char *out, size_t size)
{
	size_t len = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < n && len < size; i++)
		len += snprintf(out + len, size - len, "%s%s", i ? "," : "", g->ts.types[a[i]].id);
	if (n == 0)
		snprintf(out, size, "none");
}

/* "ann's follower on road:E at 1,0" */
static void
figure_name(const struct carc_game *g, int f, char *out, size_t size)
{
	const struct figure *fg = &g->figs[f];
	const struct placed *p = &g->board[fg->tile];
	char feat[32];

	fig_place_name(g, f, feat, sizeof(feat));
	snprintf(out, size, "%s's %s on %s at %d,%d", g->pl[fg->owner].name,
	    g->ts.fig[fg->type].name, feat, p->x, p->y);
}

/* What differs in the modules' parts of two games, for people. */
static const char *
module_differs(const struct carc_game *a, const struct carc_game *b)
{
	static char why[96];
	int m;

	for (m = 0; m < nmodules; m++) {
		const struct rules_module *mod = modules[m];

		if (HAS_MODULE(a, mod) && mod->key &&
		    memcmp(MODULE_STATE(a, mod), MODULE_STATE(b, mod), mod->state_size) != 0) {
			snprintf(why, sizeof(why), "the %s part of the state is not the one the log "
			    "gives", mod->key);
			return why;
		}
	}
	return "the state is not the one its log gives";
}

static int
cmp_ids(const struct carc_game *a, const uint16_t *x, int nx, const struct carc_game *b,
    const uint16_t *y, int ny, const char *what, char *msg, size_t n)
{
	char s[64], t[64];
	int i;

	if (nx != ny)
		return differ(msg, n, "%s %d tiles, the log gives %d", what, nx, ny);
	for (i = 0; i < nx; i++)
		if (strcmp(a->ts.types[x[i]].id, b->ts.types[y[i]].id) != 0) {
			ids(a, x + i, nx - i < 4 ? nx - i : 4, s, sizeof(s));
			ids(b, y + i, ny - i < 4 ? ny - i : 4, t, sizeof(t));
			return differ(msg, n, "%s %s from tile %d on, the log gives %s", what, s,
			    i + 1, t);
		}
	return 0;
}

/* The first way the game in a file (a) differs from its replay (b), in the order a person
 * would look: scores, figures in hand, board, figures, whose turn, then the hidden parts. */
int
carc_game_compare(const struct carc_game *a, const struct carc_game *b, char *msg, size_t n)
{
	struct carc_buf x = { 0 }, y = { 0 };
	struct carc_err err;
	char s[96], t[96];
	int i, f, rc = 0;

	for (i = 0; i < a->nplayers; i++)
		if (a->pl[i].score != b->pl[i].score)
			return differ(msg, n, "player %d (%s) score is %d, the log gives %d", i + 1,
			    a->pl[i].name, a->pl[i].score, b->pl[i].score);
	for (i = 0; i < a->nplayers; i++)
		for (f = 0; f < a->ts.nfig; f++)
			if (figures_left(a, i, f) != figures_left(b, i, f))
				return differ(msg, n, "player %d (%s) supply of %s is %d, the log gives %d",
				    i + 1, a->pl[i].name, a->ts.fig[f].name, figures_left(a, i, f),
				    figures_left(b, i, f));
	if (a->nboard != b->nboard)
		return differ(msg, n, "the board holds %d tiles, the log gives %d", a->nboard,
		    b->nboard);
	for (i = 0; i < a->nboard; i++) {
		const struct placed *p = &a->board[i], *q = &b->board[i];

		if (p->type != q->type || p->x != q->x || p->y != q->y || p->rot != q->rot)
			return differ(msg, n, "tile %d on the board is %s at %d,%d turned %d, the log "
			    "gives %s at %d,%d turned %d", i + 1, a->ts.types[p->type].id, p->x, p->y,
			    p->rot * 90, b->ts.types[q->type].id, q->x, q->y, q->rot * 90);
	}
	if (a->nfigs != b->nfigs)
		return differ(msg, n, "the board holds %d figures, the log gives %d", a->nfigs,
		    b->nfigs);
	for (i = 0; i < a->nfigs; i++) {
		figure_name(a, i, s, sizeof(s));
		figure_name(b, i, t, sizeof(t));
		if (strcmp(s, t) != 0)
			return differ(msg, n, "figure %d is %s, the log gives %s", i + 1, s, t);
	}
	for (i = 0; i < a->ts.nneutral; i++) {
		const struct npos *p = &a->neutral[i], *q = &b->neutral[i];

		if (p->on == q->on && (!p->on || (p->x == q->x && p->y == q->y &&
		    p->seg == q->seg)))
			continue;
		snprintf(s, sizeof(s), p->on ? "at %d,%d" : "beside the board", p->x, p->y);
		snprintf(t, sizeof(t), q->on ? "at %d,%d" : "beside the board", q->x, q->y);
		return differ(msg, n, "the %s stands %s, the log gives %s", a->ts.neutral[i].name,
		    s, t);
	}
	if (a->phase != b->phase)
		return differ(msg, n, "the phase is %s, the log gives %s", carc_phase_name(a->phase),
		    carc_phase_name(b->phase));
	if (a->acted != b->acted)
		return differ(msg, n, "the turn's figure action is %s, the log gives %s",
		    a->acted ? "taken" : "open", b->acted ? "taken" : "open");
	if (a->player != b->player)
		return differ(msg, n, "player %d (%s) is to move, the log gives player %d (%s)",
		    a->player + 1, a->pl[a->player].name, b->player + 1, b->pl[b->player].name);
	if (cmp_ids(a, a->drawn, a->ndrawn, b, b->drawn, b->ndrawn, "the drawn tiles are", msg, n) ||
	    cmp_ids(a, a->supply, a->nsupply, b, b->supply, b->nsupply, "the supply holds", msg,
	    n) ||
	    cmp_ids(a, a->aside, a->naside, b, b->aside, b->naside, "the tiles set aside are", msg,
	    n))
		return 1;
	if (a->rng != b->rng)
		return differ(msg, n, "the rng is %016" PRIx64 ", the log gives %016" PRIx64, a->rng,
		    b->rng);
	for (i = 0; i < a->nlog; i++)
		if (strcmp(a->log[i], b->log[i]) != 0)
			return differ(msg, n, "log entry %d is '%s', its replay logs '%s'", i + 1,
			    a->log[i], b->log[i]);
	/* what is left: the modules' parts (a catapult round in progress), or anything the
	 * fields above miss */
	if (carc_state_write(a, &x, &err) || carc_state_write(b, &y, &err))
		rc = differ(msg, n, "%s", err.msg);
	else if (x.len != y.len || memcmp(x.data, y.data, x.len) != 0)
		rc = differ(msg, n, "%s", module_differs(a, b));
	carc_buf_release(&x);
	carc_buf_release(&y);
	return rc;
}
