/* The legal decisions listed, from the one legality's generator (legal.c): every legal word
 * of the phase, for carc-place --list and carc_moves, the placements in --list's order, and
 * those of a tile of the player's own supply (an abbey) for its module. */
#include <stdlib.h>
#include <string.h>

#include "legal-int.h"

static int
word_add(struct carc_game *g, const char *w)
{
	return carc_buf_add(&g->words, w, strlen(w) + 1);
}

/* --list's order: the drawn tiles as drawn, each tile's cells by row then column, then (as
 * the generator gives them) rotation, segment and figure. */
static const struct carc_game *sorting;

static int
cmp_fit(const void *a, const void *b)
{
	const struct fit *p = a, *q = b;
	uint32_t kp = sorting->frontier[p->cell].key, kq = sorting->frontier[q->cell].key;
	int i, dp = 0, dq = 0, yp = kp & 0xffff, yq = kq & 0xffff, xp = kp >> 16, xq = kq >> 16;

	for (i = 0; i < sorting->ndrawn; i++) {
		if (sorting->drawn[i] == p->type && dp == 0)
			dp = i + 1;
		if (sorting->drawn[i] == q->type && dq == 0)
			dq = i + 1;
	}
	if (dp != dq)
		return dp - dq;
	return yp != yq ? yp - yq : xp - xq;
}

/* Fills g->words with every legal placement word, NUL-separated, from the generator. */
static int
placement_words(struct carc_game *g, struct carc_err *err)
{
	struct moves m = { 0 };
	struct offer o;
	struct fmove *v = NULL;
	char w[96];
	int i, r, j, n, rc = 0;

	legal_offer_get(g, &o);
	if (legal_fits_list(g, &o, &m) < 0 ||
	    (v = malloc(FIT_MOVES_MAX * sizeof(*v))) == NULL) {
		rc = seterr(err, CARC_ESOFTWARE, "out of memory");
		goto out;
	}
	sorting = g;
	qsort(m.fit, m.nfit, sizeof(*m.fit), cmp_fit);
	for (i = 0; i < m.nfit; i++)
		for (r = 0; r < 4; r++) {
			if (!(m.fit[i].rots & (1u << r)))
				continue;
			n = legal_fit_moves(g, &o, &m.fit[i], r, 0, v);
			for (j = 0; j < n; j++) {
				placement_word(g, &v[j], g->ndrawn > 1, w, sizeof(w));
				word_add(g, w);
			}
		}
out:
	free(v);
	free(m.fit);
	return rc;
}

/* The placement words of tile type `type` from the player's own supply (an abbey), as if it
 * were the one tile drawn, each passed to add (with arg) in --list's order: the game is
 * changed for the listing and put back as it was. How many, or -1 out of memory. */
int
supply_words(const struct carc_game *cg, int type, int (*add)(void *, const char *),
    void *arg)
{
	struct carc_game *g = (struct carc_game *)cg;
	uint16_t drawn[MAXDRAWN];
	int ndrawn = g->ndrawn, rc = 0, k = 0;
	enum carc_phase phase = g->phase;
	struct carc_buf words = g->words, list;
	struct carc_err err;
	size_t i;

	memcpy(drawn, g->drawn, sizeof(drawn));
	g->drawn[0] = type;
	g->ndrawn = 1;
	g->phase = CARC_PLACE;
	g->words = (struct carc_buf){ 0 };
	if (placement_words(g, &err))
		rc = -1;
	/* the game as it was before any word is added: add may write into g->words */
	list = g->words;
	g->words = words;
	memcpy(g->drawn, drawn, sizeof(drawn));
	g->ndrawn = ndrawn;
	g->phase = phase;
	for (i = 0; rc == 0 && i < list.len; i += strlen(list.data + i) + 1, k++)
		if (add(arg, list.data + i) == -1)
			rc = -1;
	carc_buf_release(&list);
	return rc ? -1 : k;
}

/* Fills g->words with every legal decision of the phase, NUL-separated. */
static int
list_words(struct carc_game *g, struct carc_err *err)
{
	int n;

	g->words.len = 0;
	if (g->phase == CARC_OVER)
		return seterr(err, CARC_EREFUSED, "the game is over");
	if (rules_phase(g->phase) != NULL)
		return rules_phase(g->phase)->words(g, err);
	if (g->phase == CARC_DRAW && (n = rules_draw_words(g, &g->words)) != 0)
		return n < 0 ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
	if (g->phase != CARC_PLACE)
		return seterr(err, CARC_EREFUSED, "the game waits for %s, not for a placement",
		    g->phase == CARC_DRAW ? "carc-draw" : "carc-score");
	if (placement_words(g, err))
		return err->code;
	if (g->words.data == NULL && carc_buf_add(&g->words, "", 0) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

int
carc_moves_list(struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	size_t i;

	if (list_words(g, err))
		return err->code;
	for (i = 0; i < g->words.len; i++)
		if (carc_buf_add(out, g->words.data[i] ? &g->words.data[i] : "\n", 1) == -1)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

int
carc_moves(struct carc_game *g, const char ***words, size_t *n, struct carc_err *err)
{
	size_t i, k = 0;

	if (list_words(g, err))
		return err->code;
	for (i = 0; i < g->words.len; i++)
		if (i == 0 || g->words.data[i - 1] == '\0')
			k++;
	if (k > g->capwordv) {
		const char **v = realloc(g->wordv, k * sizeof(*v));

		if (v == NULL)
			return seterr(err, CARC_ESOFTWARE, "out of memory");
		g->wordv = v;
		g->capwordv = k;
	}
	k = 0;
	for (i = 0; i < g->words.len; i++)
		if (i == 0 || g->words.data[i - 1] == '\0')
			g->wordv[k++] = &g->words.data[i];
	*words = g->wordv;
	*n = k;
	return 0;
}
