/* Bots inside libcarc: copies of a game that cost no allocation, placements as small structs
 * instead of words, and the random, greedy and Monte Carlo players built on them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

/* ---- copies ---- */

/* A game with the arrays of src's size and src's tile set borrowed, ready for game_copy. */
static struct carc_game *
game_shell(const struct carc_game *src)
{
	struct carc_game *g = game_alloc();
	int figcap = 0, f;

	if (g == NULL)
		return NULL;
	g->ts = src->ts;
	g->borrowed = true;
	g->quiet = true;
	if (board_init(g, src->cap) == -1 ||
	    (g->supply = malloc((src->cap + 1) * sizeof(*g->supply))) == NULL ||
	    (g->aside = malloc((src->cap + 1) * sizeof(*g->aside))) == NULL)
		goto fail;
	for (f = 0; f < src->ts.nfig; f++)
		figcap += src->ts.fig[f].count;
	figcap = figcap * src->nplayers + 1;
	if ((g->figs = malloc(figcap * sizeof(*g->figs))) == NULL)
		goto fail;
	g->capfigs = figcap;
	return g;
fail:
	carc_game_free(g);
	return NULL;
}

/* memcpy for arrays that may be empty, and then NULL (which memcpy may not be given). */
static void
copy(void *dst, const void *src, size_t n)
{
	if (n > 0)
		memcpy(dst, src, n);
}

/* dst becomes src, position and all, without a log; both must come from one game. */
static void
game_copy(struct carc_game *dst, const struct carc_game *src)
{
	int i;

	dst->rules = src->rules;
	dst->seed = src->seed;
	dst->nplayers = src->nplayers;
	memcpy(dst->pl, src->pl, sizeof(dst->pl));
	copy(dst->supply, src->supply, src->nsupply * sizeof(*src->supply));
	dst->nsupply = src->nsupply;
	copy(dst->aside, src->aside, src->naside * sizeof(*src->aside));
	dst->naside = src->naside;
	dst->rng = src->rng;
	copy(dst->board, src->board, src->nboard * sizeof(*src->board));
	dst->nboard = src->nboard;
	copy(dst->figs, src->figs, src->nfigs * sizeof(*src->figs));
	dst->nfigs = src->nfigs;
	memcpy(dst->held, src->held, sizeof(dst->held));
	memcpy(dst->tellers, src->tellers, sizeof(dst->tellers));
	dst->monks = src->monks;
	dst->unclaiming = src->unclaiming;
	dst->phase = src->phase;
	dst->player = src->player;
	memcpy(dst->drawn, src->drawn, sizeof(dst->drawn));
	dst->ndrawn = src->ndrawn;
	dst->fit_nboard = src->fit_nboard;
	dst->fit_type = src->fit_type;
	for (i = 0; i < dst->nlog; i++)
		free(dst->log[i]);
	dst->nlog = 0;
	dst->cat = src->cat;
	copy(dst->nodes, src->nodes, (size_t)src->nboard * MAXSEG * sizeof(*src->nodes));
	memcpy(dst->cells, src->cells, (src->cellmask + 1) * sizeof(*src->cells));
	copy(dst->frontier, src->frontier, src->nfrontier * sizeof(*src->frontier));
	dst->nfrontier = src->nfrontier;
	/* the scratch marks are not copied: an epoch above both games' keeps them apart */
	dst->epoch = (dst->epoch > src->epoch ? dst->epoch : src->epoch) + 1;
}

/* ---- placements as structs ---- */

struct fmove {
	int16_t x, y;
	uint16_t type;
	int8_t rot, seg, fig;
};

/* A tile and a cell it fits, with the rotations that fit and the decisions they stand for:
 * each placement alone and each figure it may take. */
struct fit {
	uint16_t type;
	uint8_t rots;		/* bit r: rotation r, one of its kind (same_as) */
	uint16_t claims;	/* fcell_claims of the cell */
	int cell;		/* frontier index */
	int all;		/* figure decisions of a segment set that nothing claims */
	int n;
};

struct moves {
	struct fmove *v;
	int n, cap;
	struct fit *fit;
	int nfit, capfit;
};

/* What a segment of each kind offers the player to move, worked out once a turn so that the
 * enumeration has no loop over figure types: how many figure types that do not claim (they go
 * on any such segment) and how many that claim (they need the feature free). */
struct offer {
	int left[MAXFIGTYPES];
	unsigned may[MAXFIGTYPES];	/* bit per kind the figure may stand on now */
	uint8_t free[NKINDS], claim[NKINDS];
	bool anyclaim;
};

static void
offer_get(const struct carc_game *g, struct offer *o)
{
	int f, k;

	memset(o->free, 0, sizeof(o->free));
	memset(o->claim, 0, sizeof(o->claim));
	o->anyclaim = false;
	for (f = 0; f < g->ts.nfig; f++) {
		o->may[f] = 0;
		if ((o->left[f] = figures_left(g, g->player, f)) <= 0)
			continue;
		o->may[f] = figure_kinds(g, g->player, f, -1);
		for (k = 0; k < NKINDS; k++) {
			if (!(o->may[f] & (1u << k)))
				continue;
			if (g->ts.fig[f].claims) {
				o->claim[k]++;
				o->anyclaim = true;
			} else
				o->free[k]++;
		}
	}
}

/* The figure decisions of a tile where no neighbouring feature is claimed. */
static int
figs_all(const struct offer *o, const struct tiletype *t)
{
	int s, k, n = 0;

	for (s = 0; s < t->nseg; s++) {
		k = t->seg[s].kind;
		n += o->free[k] + o->claim[k];
	}
	return n;
}

/* The decisions of a placement in rotation r: itself and its figures, less the claiming
 * figures of the segments that would join a claimed feature. */
static int
fit_decisions(const struct offer *o, const struct fit *f, const struct tiletype *t, int r)
{
	int s, n = 1 + f->all;

	if (f->claims == 0)
		return n;
	for (s = 0; s < t->nseg; s++)
		if (SEG_EDGES(t, r, s) & f->claims)
			n -= o->claim[t->seg[s].kind];
	return n;
}

/* The placement of a fit in rotation r, followed by its figure decisions in the order --list
 * gives them (by segment, then by figure type) into out, or only decision j of them when out
 * is NULL. Returns how many were put out. */
static int
fit_moves(const struct carc_game *g, const struct offer *o, const struct fit *f, int r, int j,
    struct fmove *out)
{
	const struct tiletype *t = &g->ts.types[f->type];
	uint32_t key = g->frontier[f->cell].key;
	struct fmove fm = { (int)(key >> 16) - 32768, (int)(key & 0xffff) - 32768, f->type, r,
	    -1, -1 };
	int s, k, ft, n = 0;
	bool claimed;

	if (out != NULL)
		out[n++] = fm;
	else if (j-- == 0)
		goto found;
	for (s = 0; s < t->nseg; s++) {
		k = t->seg[s].kind;
		if (!o->free[k] && !o->claim[k])
			continue;
		claimed = (SEG_EDGES(t, r, s) & f->claims) != 0;
		for (ft = 0; ft < g->ts.nfig; ft++) {
			if (!(o->may[ft] & (1u << k)) || o->left[ft] <= 0 ||
			    (g->ts.fig[ft].claims && claimed))
				continue;
			fm.seg = s;
			fm.fig = ft;
			if (out != NULL)
				out[n++] = fm;
			else if (j-- == 0)
				goto found;
		}
	}
	return n;
found:
	return game_apply((struct carc_game *)g, fm.type, fm.x, fm.y, fm.rot, fm.seg, fm.fig,
	    !g->quiet) ? -1 : 1;
}

static const uint8_t bits4[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

/* Every tile and cell that fit in phase place, each with its count of decisions; the total
 * is the number of placements --list prints. */
static int
fits_list(struct carc_game *g, const struct offer *o, struct moves *m)
{
	const struct fcell *fc, *end = g->frontier + g->nfrontier;
	struct fit *f;
	int d, e, r, all, n, nfit = 0, total = 0;
	unsigned rots, claims;
	bool anyclaim = o->anyclaim;

	m->nfit = 0;
	if (m->capfit < g->nfrontier * g->ndrawn) {
		int cap = g->nfrontier * g->ndrawn + 64;
		struct fit *v = realloc(m->fit, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		m->fit = v;
		m->capfit = cap;
	}
	for (d = 0; d < g->ndrawn; d++) {
		int type = g->drawn[d];
		const struct tiletype *t = &g->ts.types[type];

		for (e = 0; e < d && g->drawn[e] != type; e++)
			;
		if (e < d)
			continue;
		all = figs_all(o, t);
		/* locals throughout: the stores into the list would make the compiler reload
		 * whatever they might alias */
		for (fc = g->frontier; fc < end; fc++) {
			if ((rots = t->fitrot[fc->asks]) == 0)
				continue;
			f = &m->fit[nfit++];
			claims = anyclaim ? fcell_claims(g, fc) : 0;
			*f = (struct fit){ type, rots, claims, fc - g->frontier, all, 0 };
			if (claims == 0)
				n = bits4[rots] * (1 + all);
			else
				for (r = 0, n = 0; r < 4; r++)
					if (rots & (1u << r))
						n += fit_decisions(o, f, t, r);
			f->n = n;
			total += n;
		}
	}
	m->nfit = nfit;
	return total;
}

/* Every legal placement in phase place, the same set --list prints, in no particular order. */
static int
fast_moves(struct carc_game *g, struct moves *m)
{
	struct offer o;
	const struct fit *f;
	int i, r;

	offer_get(g, &o);
	m->n = 0;
	if (fits_list(g, &o, m) < 0)
		return -1;
	for (i = 0; i < m->nfit; i++) {
		f = &m->fit[i];
		for (r = 0; r < 4; r++) {
			if (!(f->rots & (1u << r)))
				continue;
			/* room for the placement and every figure on every segment */
			while (m->cap - m->n < 1 + MAXSEG * MAXFIGTYPES) {
				int cap = m->cap ? m->cap * 2 : 256;
				struct fmove *v = realloc(m->v, cap * sizeof(*v));

				if (v == NULL)
					return -1;
				m->v = v;
				m->cap = cap;
			}
			m->n += fit_moves(g, &o, f, r, 0, m->v + m->n);
		}
	}
	return 0;
}

/* When the player has no claiming figure left (most turns of a random game: its followers
 * are out), nothing around a cell matters but the rotations that fit, and every rotation of
 * the one tile stands for the same number of decisions. So the cells are counted, not listed,
 * and a second scan stops at the one drawn: the same index into the same order as fits_list
 * gives, from the same RNG call. Fills f with that cell and returns the index of the decision
 * drawn among the cell's; -1 if the tile fits nowhere. */
static int
one_fit(struct carc_game *g, const struct offer *o, struct fit *f, uint64_t *rng)
{
	const struct fcell *fc, *end = g->frontier + g->nfrontier;
	const struct tiletype *t = &g->ts.types[g->drawn[0]];
	int all = figs_all(o, t), nrot = 0, d, q, n;

	/* two cells a step: the loop's own counting costs as much as the look-up */
	for (fc = g->frontier; end - fc >= 2; fc += 2)
		nrot += t->nfitrot[fc[0].asks] + t->nfitrot[fc[1].asks];
	if (fc < end)
		nrot += t->nfitrot[fc->asks];
	if (nrot == 0)
		return -1;
	d = carc_rng_below(rng, nrot * (1 + all));
	/* rotation q of all that fit, counted from whichever end of the frontier is nearer */
	if ((q = d / (1 + all)) < nrot / 2) {
		for (fc = g->frontier; q >= (n = t->nfitrot[fc->asks]); fc++)
			q -= n;
	} else {
		for (fc = end - 1, q = nrot - 1 - q; q >= (n = t->nfitrot[fc->asks]); fc--)
			q -= n;
		q = n - 1 - q;
	}
	*f = (struct fit){ g->drawn[0], t->fitrot[fc->asks], 0, fc - g->frontier, all,
	    n * (1 + all) };
	return q * (1 + all) + d % (1 + all);
}

/* The random player's placement: uniform over the placements fast_moves lists, and the very
 * one it would pick from the same RNG, found by counting instead of listing. */
static int
random_place(struct carc_game *g, struct moves *m, uint64_t *rng)
{
	struct offer o;
	struct fit one;
	const struct fit *f;
	int total, j, r, n;

	offer_get(g, &o);
	if (!o.anyclaim && g->ndrawn == 1) {
		if ((j = one_fit(g, &o, &one, rng)) < 0)
			return -1;
		f = &one;
	} else {
		if ((total = fits_list(g, &o, m)) <= 0)
			return -1;
		j = carc_rng_below(rng, total);
		for (f = m->fit; j >= f->n; f++)
			j -= f->n;
	}
	for (r = 0; r < 4; r++) {
		if (!(f->rots & (1u << r)))
			continue;
		if (j < (n = fit_decisions(&o, f, &g->ts.types[f->type], r)))
			return fit_moves(g, &o, f, r, j, NULL) == 1 ? 0 : -1;
		j -= n;
	}
	return -1;
}

static void
fast_apply(struct carc_game *g, const struct fmove *f)
{
	game_apply(g, f->type, f->x, f->y, f->rot, f->seg, f->fig, !g->quiet);
}

/* The word --list would print for a placement, for the log of the real game. */
static void
fmove_word(const struct carc_game *g, const struct fmove *f, char *w, size_t n)
{
	const struct tiletype *t = &g->ts.types[f->type];
	char name[32];
	int len;

	len = snprintf(w, n, "%s/%d,%d,%d", t->id, f->x, f->y, f->rot * 90);
	if (f->seg >= 0) {
		seg_rotated_name(t, f->rot, f->seg, name, sizeof(name));
		len += snprintf(w + len, n - len, ",%s", name);
		if (strcmp(g->ts.fig[(int)f->fig].name, DEFAULT_FIGURE) != 0)
			snprintf(w + len, n - len, "@%s", g->ts.fig[(int)f->fig].name);
	}
}

/* ---- playing on ---- */

/* One step of any phase by the random player; the game's own RNG is not touched except by
 * the rules themselves (draws, reshuffles, scatter). */
static int
random_step(struct carc_game *g, struct moves *m, uint64_t *rng)
{
	struct carc_err err;
	const char **words;
	size_t n;
	char *w;

	switch (g->phase) {
	case CARC_DRAW:
		return carc_game_draw(g, &err);
	case CARC_PLACE:
		return random_place(g, m, rng);
	case CARC_SCORE:
		return carc_game_score(g, &err);
	case CARC_HURL:
	case CARC_SEDUCE:
		if (carc_moves(g, &words, &n, &err) || n == 0)
			return -1;
		if ((w = strdup(words[carc_rng_below(rng, n)])) == NULL)
			return -1;
		n = carc_game_place(g, w, &err);
		free(w);
		return n;
	case CARC_OVER:
		break;
	}
	return -1;
}

/* ---- judging a position ---- */

/* The player's lead as if the game ended now: scores plus the final scoring of what stands,
 * a little for each follower still in hand, against the best other player. */
static double
lead(struct carc_game *g, struct carc_game *scratch, int me)
{
	double best = -1e9, mine = 0, v;
	int i;

	game_copy(scratch, g);
	if (scratch->phase != CARC_OVER)
		score_final(scratch);
	for (i = 0; i < g->nplayers; i++) {
		v = scratch->pl[i].score + 0.6 * figures_left(g, i, 0);
		if (i == me)
			mine = v;
		else if (v > best)
			best = v;
	}
	return mine - best;
}

/* The decision of the player to move, as one struct or one word: placements in phase place,
 * words (hurls, seductions) otherwise. */
struct choices {
	struct moves m;
	const char **words;
	size_t nwords;
	bool placing;
};

static int
choices_get(struct carc_game *g, struct choices *c)
{
	struct carc_err err;

	c->placing = g->phase == CARC_PLACE;
	if (c->placing)
		return fast_moves(g, &c->m) ? -1 : c->m.n;
	if (carc_moves(g, &c->words, &c->nwords, &err))
		return -1;
	return c->nwords;
}

/* Plays choice i on g (a copy) and finishes the step with carc-score's work. */
static int
choice_play(struct carc_game *g, struct choices *c, const char *const *words, int i)
{
	struct carc_err err;

	if (c->placing)
		fast_apply(g, &c->m.v[i]);
	else if (carc_game_place(g, words[i], &err))
		return -1;
	return g->phase == CARC_SCORE ? carc_game_score(g, &err) : 0;
}

/* ---- the bots ---- */

struct carc_bot_ctx {
	struct carc_game *work, *scratch;
	struct moves m;
	struct choices c;
	char **words;		/* copies of the choice words: the real game's list is reused */
	size_t nwords;
};

static void
ctx_release(struct carc_bot_ctx *x)
{
	size_t i;

	carc_game_free(x->work);
	carc_game_free(x->scratch);
	free(x->m.v);
	free(x->m.fit);
	free(x->c.m.v);
	free(x->c.m.fit);
	for (i = 0; i < x->nwords; i++)
		free(x->words[i]);
	free(x->words);
}

static int
ctx_words(struct carc_bot_ctx *x)
{
	size_t i;

	if (x->c.placing)
		return 0;
	if ((x->words = calloc(x->c.nwords + 1, sizeof(*x->words))) == NULL)
		return -1;
	x->nwords = x->c.nwords;
	for (i = 0; i < x->c.nwords; i++)
		if ((x->words[i] = strdup(x->c.words[i])) == NULL)
			return -1;
	return 0;
}

/* Greedy: the choice after which the player's lead, with what stands valued as if the game
 * ended, is largest; ties go to the RNG. */
static int
greedy_pick(struct carc_game *g, struct carc_bot_ctx *x, int n, uint64_t *rng)
{
	double v, best = -1e18;
	int i, pick = 0, nbest = 0, me = g->player;

	for (i = 0; i < n; i++) {
		game_copy(x->work, g);
		if (choice_play(x->work, &x->c, (const char *const *)x->words, i))
			return -1;
		v = lead(x->work, x->scratch, me);
		if (v > best + 1e-9) {
			best = v;
			pick = i;
			nbest = 1;
		} else if (v > best - 1e-9 && carc_rng_below(rng, ++nbest) == 0)
			pick = i;
	}
	return pick;
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* A lead in points as a reward between 0 and 1. */
static double
squash(double lead)
{
	return 1 / (1 + exp(-lead / 8));
}

/* Plays a copy on by `depth` random decisions (draws and scorings come along), or to the end. */
static int
roll(struct carc_game *g, struct moves *m, uint64_t *rng, int depth)
{
	while (g->phase != CARC_OVER) {
		if (g->phase == CARC_PLACE || g->phase == CARC_HURL || g->phase == CARC_SEDUCE) {
			if (depth-- == 0)
				break;
		}
		if (random_step(g, m, rng))
			return -1;
	}
	return 0;
}

/* Monte Carlo tree search at the root: UCB1 over the choices, each started with the forecast
 * (forecast.c: what unfinished features and followers in hand are likely to be worth by the
 * end) as a prior worth many visits. A playout copies the game, shuffles its supply afresh
 * (the bot does not know the order of the tiles), plays the choice, then a few random turns of
 * every player, and judges the position by the forecast again. The choice made is the one
 * tried most. The prior is heavy because the forecast alone, one move deep, already beats
 * greedy four games in five; the playouts then mostly weigh the best few choices against the
 * tiles and the replies that may come. */
#define MCTS_PRIOR 200		/* visits the forecast is worth */
#define MCTS_DEPTH 2		/* random turns of each player after the choice */

static int
mcts_pick(struct carc_game *g, struct carc_bot_ctx *x, int n, uint64_t *rng,
    const struct carc_bot *b)
{
	double *sum, start = now_ms(), u, bestu;
	int *visits, i, it, pick = 0, me = g->player, k, total = 0;

	if (n == 1)
		return 0;
	sum = calloc(n, sizeof(*sum));
	visits = calloc(n, sizeof(*visits));
	if (sum == NULL || visits == NULL)
		goto fail;
	for (k = 0; k < n; k++) {
		game_copy(x->work, g);
		if (choice_play(x->work, &x->c, (const char *const *)x->words, k))
			goto fail;
		sum[k] = MCTS_PRIOR * squash(forecast(x->work, me));
		visits[k] = MCTS_PRIOR;
		total += MCTS_PRIOR;
	}
	for (it = 0; b->iterations <= 0 || it < b->iterations; it++) {
		if (b->time_ms > 0 && (it & 15) == 0 && now_ms() - start >= b->time_ms)
			break;
		for (i = 0, k = 0, bestu = -1e18; k < n; k++) {
			u = sum[k] / visits[k] + 0.5 * sqrt(2 * log(total) / visits[k]);
			if (u > bestu) {
				bestu = u;
				i = k;
			}
		}
		game_copy(x->work, g);
		rng_shuffle(rng, x->work->supply, x->work->nsupply);
		x->work->rng ^= carc_rng_next(rng);
		if (choice_play(x->work, &x->c, (const char *const *)x->words, i) ||
		    roll(x->work, &x->m, rng, MCTS_DEPTH * g->nplayers))
			goto fail;
		sum[i] += squash(forecast(x->work, me));
		visits[i]++;
		total++;
	}
	for (k = 1; k < n; k++)
		if (visits[k] > visits[pick] || (visits[k] == visits[pick] && sum[k] > sum[pick]))
			pick = k;
	free(sum);
	free(visits);
	return pick;
fail:
	free(sum);
	free(visits);
	return -1;
}

int
carc_bot_move(struct carc_game *g, const struct carc_bot *b, char *word, size_t wlen,
    struct carc_err *err)
{
	struct carc_bot_ctx x = { 0 };
	uint64_t rng;
	int n, pick, rc = 0;

	/* the choice depends on the game's seed, how far it has come and the bot's seed only */
	rng = g->seed ^ b->seed * 0x9e3779b97f4a7c15ULL;
	rng ^= (uint64_t)g->nlog << 40;
	carc_rng_next(&rng);
	if (g->phase != CARC_PLACE && g->phase != CARC_HURL && g->phase != CARC_SEDUCE) {
		const char **w;
		size_t nw;

		/* says what the state waits for, or lists the draws open (ft-draw=may) */
		if ((rc = carc_moves(g, &w, &nw, err)))
			return rc;
		/* the thinking bots draw all they may: the tiles not chosen go back into the
		 * supply, so a wider choice costs nothing; random tries every decision */
		snprintf(word, wlen, "%s", w[b->strategy == CARC_BOT_RANDOM ?
		    carc_rng_below(&rng, nw) : 0]);
		return carc_game_place(g, word, err);
	}
	if ((x.work = game_shell(g)) == NULL || (x.scratch = game_shell(g)) == NULL) {
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	if ((n = choices_get(g, &x.c)) < 0 || ctx_words(&x)) {
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	if (n == 0) {
		rc = seterr(err, CARC_EDATA, "inconsistent state: no legal decision");
		goto out;
	}
	if (b->strategy == CARC_BOT_RANDOM) {
		/* uniform over the words --list prints, in their order */
		const char **w;
		size_t nw;

		if ((rc = carc_moves(g, &w, &nw, err)))
			goto out;
		snprintf(word, wlen, "%s", w[carc_rng_below(&rng, nw)]);
		rc = carc_game_place(g, word, err);
		goto out;
	}
	switch (b->strategy) {
	case CARC_BOT_GREEDY:
		pick = greedy_pick(g, &x, n, &rng);
		break;
	case CARC_BOT_MCTS:
		pick = mcts_pick(g, &x, n, &rng, b);
		break;
	default:
		pick = carc_rng_below(&rng, n);
		break;
	}
	if (pick < 0) {
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	if (x.c.placing)
		fmove_word(g, &x.c.m.v[pick], word, wlen);
	else
		snprintf(word, wlen, "%s", x.words[pick]);
	rc = carc_game_place(g, word, err);
out:
	ctx_release(&x);
	return rc;
}

/* ---- self-play ---- */

struct carc_game *
carc_selfplay_new(const struct carc_game *tmpl)
{
	return game_shell(tmpl);
}

/* Deals game number `seed` of the template's setup into g and plays it to the end with the
 * given bots, one per seat; fills the scores. */
int
carc_selfplay_game(struct carc_game *g, const struct carc_game *tmpl, uint64_t seed,
    const struct carc_bot *bots, int *scores, struct carc_err *err)
{
	struct carc_bot_ctx x = { 0 };
	uint64_t rng = seed;
	int i, n, pick, rc = 0;
	char word[96];

	game_copy(g, tmpl);
	g->seed = seed;
	g->rng = seed;
	carc_rng_next(&g->rng);
	rng_shuffle(&g->rng, g->supply, g->nsupply);
	for (i = 0; i < g->nplayers; i++)
		if (bots[i].strategy != CARC_BOT_RANDOM)
			break;
	/* the copies a thinking bot needs; random players need none */
	if (i < g->nplayers &&
	    ((x.work = game_shell(tmpl)) == NULL || (x.scratch = game_shell(tmpl)) == NULL)) {
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	carc_rng_next(&rng);
	while (g->phase != CARC_OVER) {
		const struct carc_bot *b = &bots[g->player];

		if (g->rules.ft_draw == FT_DRAW_MAY && g->phase == CARC_DRAW &&
		    b->strategy == CARC_BOT_RANDOM && (n = draw_allowed(g, g->player)) > 1) {
			/* random tries every decision: fewer tiles too (F-4, ft-draw=may) */
			if (carc_game_draw_n(g, 1 + carc_rng_below(&rng, n), err)) {
				rc = err->code;
				goto out;
			}
			continue;
		}
		if (g->phase == CARC_DRAW || g->phase == CARC_SCORE ||
		    b->strategy == CARC_BOT_RANDOM) {
			if (random_step(g, &x.m, &rng)) {
				rc = seterr(err, CARC_ESOFTWARE, "self-play failed");
				goto out;
			}
			continue;
		}
		if ((n = choices_get(g, &x.c)) <= 0 || ctx_words(&x)) {
			rc = seterr(err, CARC_ESOFTWARE, "self-play failed");
			goto out;
		}
		pick = b->strategy == CARC_BOT_GREEDY ? greedy_pick(g, &x, n, &rng) :
		    mcts_pick(g, &x, n, &rng, b);
		if (pick < 0) {
			rc = seterr(err, CARC_ESOFTWARE, "out of memory");
			goto out;
		}
		if (x.c.placing)
			fast_apply(g, &x.c.m.v[pick]);
		else if (carc_game_place(g, x.words[pick], err)) {
			rc = err->code;
			goto out;
		}
		for (i = 0; i < (int)x.nwords; i++)
			free(x.words[i]);
		free(x.words);
		x.words = NULL;
		x.nwords = 0;
		(void)word;
	}
	for (i = 0; i < g->nplayers; i++)
		scores[i] = g->pl[i].score;
out:
	ctx_release(&x);
	return rc;
}
