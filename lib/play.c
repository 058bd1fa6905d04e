/* Bots inside libcarc: copies of a game that cost no allocation, placements as small structs
 * instead of words, and the random, greedy and Monte Carlo players built on them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "legal.h"
#include "score.h"

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
	memcpy(dst->neutral, src->neutral, sizeof(dst->neutral));
	memcpy(dst->held, src->held, sizeof(dst->held));
	memcpy(dst->away, src->away, sizeof(dst->away));
	memcpy(dst->onkind, src->onkind, sizeof(dst->onkind));
	dst->around = src->around;
	dst->unclaiming = src->unclaiming;
	dst->phase = src->phase;
	dst->player = src->player;
	dst->acted = src->acted;
	memcpy(dst->drawn, src->drawn, sizeof(dst->drawn));
	dst->ndrawn = src->ndrawn;
	dst->fit_nboard = src->fit_nboard;
	dst->fit_type = src->fit_type;
	for (i = 0; i < dst->nlog; i++)
		free(dst->log[i]);
	dst->nlog = 0;
	dst->active = src->active;
	memcpy(dst->modstate, src->modstate, rules_state_used);
	copy(dst->nodes, src->nodes, (size_t)src->nboard * MAXSEG * sizeof(*src->nodes));
	copy(dst->beside, src->beside, src->nboard * sizeof(*src->beside));
	if (src->follow != NULL) {
		copy(dst->follow, src->follow, (size_t)src->nboard * MAXSEG * sizeof(*src->follow));
		for (i = 0; i < CARC_MAX_PLAYERS; i++)
			copy(dst->support + (size_t)i * dst->cap, src->support + (size_t)i * src->cap,
			    src->nboard * sizeof(*src->support));
	}
	memcpy(dst->cells, src->cells, (src->cellmask + 1) * sizeof(*src->cells));
	copy(dst->frontier, src->frontier, src->nfrontier * sizeof(*src->frontier));
	dst->nfrontier = src->nfrontier;
	/* the scratch marks are not copied: an epoch above both games' keeps them apart */
	dst->epoch = (dst->epoch > src->epoch ? dst->epoch : src->epoch) + 1;
}

static void
fast_apply(struct carc_game *g, const struct fmove *f)
{
	game_apply(g, f, !g->quiet);
}

/* ---- playing on ---- */

/* Whether the game waits for a player's decision: a placement, or a decision of a module's
 * phase; not a draw, a scoring or nothing. */
static bool
deciding(const struct carc_game *g)
{
	return g->phase != CARC_DRAW && g->phase != CARC_SCORE && g->phase != CARC_OVER;
}

/* How many ways the player to move may draw (The Fortune Teller's draw:N under ft-draw=may),
 * 0 when carc-draw's draw is the only one. */
static int
draw_choices(struct carc_game *g)
{
	g->words.len = 0;
	return rules_draw_words(g, &g->words);
}

/* Whether the draw is a decision the thinking bots judge word by word as they judge
 * placements: a tile of the player's own may go down instead (an abbey). */
static bool
judged_draw(struct carc_game *g)
{
	return g->phase == CARC_DRAW && rules_draw_judged(g) && draw_choices(g) > 1;
}

/* One step of any phase by the random player; the game's own RNG is not touched except by
 * the rules themselves (draws, reshuffles, scatter). */
static int
random_step(struct carc_game *g, struct moves *m, uint64_t *rng)
{
	const struct phase_def *d;
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
	case CARC_OVER:
		break;
	default:	/* a phase of a module's */
		if ((d = rules_phase(g->phase))->random != NULL)
			return d->random(g, rng);
		if (carc_moves(g, &words, &n, &err) || n == 0)
			return -1;
		if ((w = strdup(words[carc_rng_below(rng, n)])) == NULL)
			return -1;
		n = carc_game_place(g, w, &err);
		free(w);
		return n;
	}
	return -1;
}

/* ---- judging a position ---- */

/* The player's lead as if the game ended now: scores plus the final scoring of what stands,
 * what the modules say each player stands to lose (risks), a little for each follower (of any
 * type) still in hand, against the best other player. */
static double
lead(struct carc_game *g, struct carc_game *scratch, int me)
{
	double best = -1e9, mine = 0, v, risk[CARC_MAX_PLAYERS] = { 0 };
	int i;

	game_copy(scratch, g);
	if (scratch->phase != CARC_OVER) {
		score_final(scratch);
		rules_risks(g, risk);
	}
	for (i = 0; i < g->nplayers; i++) {
		v = scratch->pl[i].score + risk[i] + 0.6 * hand_figures(g, i) +
		    TURN_WORTH * rules_extra_turns(g, i);
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

/* The first word listed for the phase, into buf (the list is the game's, which the word's
 * decision may reuse): a decision of step 2 that may not be declined (the dragon's steps) is
 * made so when a placement is judged alone. */
static const char *
first_word(struct carc_game *g, char *buf, size_t len)
{
	struct carc_err err;
	const char **w;
	size_t n;

	snprintf(buf, len, "%s", carc_moves(g, &w, &n, &err) || n == 0 ? "" : w[0]);
	return buf;
}

/* Plays choice i on g (a copy) and finishes the step with carc-score's work. The decisions
 * of step 2 that follow a placement (the abbot's recall, the phantom) are declined on the way
 * (the dragon's steps, which may not be, and a princess's removal under princess=must made
 * as first listed):
 * a choice is judged alone, and those decisions are judged when they come. */
static int
choice_play(struct carc_game *g, struct choices *c, const char *const *words, int i)
{
	const struct phase_def *d;
	struct carc_err err;
	char buf[64];

	if (c->placing)
		fast_apply(g, &c->m.v[i]);
	else if (carc_game_place(g, words[i], &err))
		return -1;
	while ((d = rules_phase(g->phase)) != NULL && d->step2)
		if ((d->pass == NULL || carc_game_place(g, d->pass, &err)) &&
		    carc_game_place(g, first_word(g, buf, sizeof(buf)), &err))
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
		if (deciding(g)) {
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
	if (!deciding(g) && !judged_draw(g)) {
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
		placement_word(g, &x.c.m.v[pick], true, word, wlen);
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
	int i, k, n, pick, rc = 0;
	char word[96];
	bool choosing;

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
	/* whether a draw may be a decision (ft-draw=may), asked once: mostly not */
	choosing = rules_draw_words_any(g);
	while (g->phase != CARC_OVER) {
		const struct carc_bot *b = &bots[g->player];

		if (choosing && g->phase == CARC_DRAW && b->strategy == CARC_BOT_RANDOM &&
		    (n = draw_choices(g)) > 1) {
			/* random tries every decision: fewer tiles too (F-4, ft-draw=may: the
			 * words draw:N to draw:1, taken from the last), or no second turn */
			const char *w = g->words.data;

			for (k = n - 1 - carc_rng_below(&rng, n); k > 0; k--)
				w += strlen(w) + 1;
			snprintf(word, sizeof(word), "%s", w);
			if (carc_game_place(g, word, err)) {
				rc = err->code;
				goto out;
			}
			continue;
		}
		if ((g->phase == CARC_DRAW && !judged_draw(g)) || g->phase == CARC_SCORE ||
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
