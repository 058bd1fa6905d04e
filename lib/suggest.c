/* "did you mean": the valid word nearest to a misspelt one, by edit distance, so that a slip
 * of the keys in a move word is answered with the word that was meant. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "suggest.h"
#include "util.h"

#define WORD_MAX 96		/* longer words are never slips worth answering */
#define FAR 1000

static bool
same(char x, char y, bool fold)
{
	return fold ? tolower((unsigned char)x) == tolower((unsigned char)y) : x == y;
}

/* Edits from a to b: insertions, deletions, substitutions and swaps of two neighbours (the
 * optimal string alignment distance), letters compared without case when fold is set. */
static int
distance(const char *a, const char *b, bool fold)
{
	int d[WORD_MAX + 1][WORD_MAX + 1], i, j, la = strlen(a), lb = strlen(b), c, v;

	if (la > WORD_MAX || lb > WORD_MAX)
		return FAR;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			c = !same(a[i - 1], b[j - 1], fold);
			v = d[i - 1][j - 1] + c;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && same(a[i - 1], b[j - 2], fold) &&
			    same(a[i - 2], b[j - 1], fold) && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[la][lb];
}

/* The nearest word and its distance (FAR when none is near enough). */
static const char *
nearest(const char *word, const char *const *cands, size_t n, int *dist)
{
	const char *best = NULL;
	int bd = FAR, bc = FAR, d, c, len = strlen(word);
	size_t i;

	for (i = 0; i < n; i++) {
		if (strcmp(cands[i], word) == 0)
			continue;	/* the word itself is not what was meant */
		d = distance(word, cands[i], true);
		if (d > 2 || d >= len)
			continue;
		c = distance(word, cands[i], false);
		if (d < bd || (d == bd && c < bc)) {
			best = cands[i];
			bd = d;
			bc = c;
		}
	}
	*dist = bd;
	return best;
}

const char *
suggest_nearest(const char *word, const char *const *cands, size_t n)
{
	int d;

	return nearest(word, cands, n, &d);
}

/* A short list of names in one buffer. */
struct names {
	char buf[64][24];
	const char *v[64];
	size_t n;
};

static void
names_add(struct names *ns, const char *kind, const char *side)
{
	if (ns->n == sizeof(ns->v) / sizeof(ns->v[0]))
		return;
	snprintf(ns->buf[ns->n], sizeof(ns->buf[0]), "%s%s%s", kind, side ? ":" : "",
	    side ? side : "");
	ns->v[ns->n] = ns->buf[ns->n];
	ns->n++;
}

static int
answer(const char *best, char *out, size_t n)
{
	if (best == NULL)
		return -1;
	snprintf(out, n, "%s", best);
	return 0;
}

int
suggest_feature(const struct tiletype *t, int rot, const char *name, char *out, size_t n)
{
	struct names own = { .n = 0 }, any = { .n = 0 };
	const char *a, *b;
	int s, i, k, da, db;

	for (s = 0; s < t->nseg; s++) {
		k = t->seg[s].kind;
		for (i = 0; i < 4; i++)
			if (t->rsides[rot][s] & (1u << i))
				names_add(&own, kinds[k]->name, side_names[i]);
		for (i = 0; i < 8; i++)
			if (t->rhalves[rot][s] & (1u << i))
				names_add(&own, kinds[k]->name, half_names[i]);
		if (t->rsides[rot][s] == 0 && t->rhalves[rot][s] == 0)
			names_add(&own, kinds[k]->name, NULL);
	}
	/* every kind of the table of kinds (the modules' too), with the sides the grammar has */
	for (k = 0; k < nkinds; k++) {
		names_add(&any, kinds[k]->name, NULL);
		for (i = 0; i < 8; i++)
			if (k == K_FIELD || (i < 4 && (k == K_ROAD || k == K_CITY)))
				names_add(&any, kinds[k]->name, k == K_FIELD ? half_names[i] :
				    side_names[i]);
	}
	/* the tile's own features, unless a word of the grammar is nearer: "field:nw" is
	 * field:Nw even on a tile without one (the next try says so) */
	a = nearest(name, own.v, own.n, &da);
	b = nearest(name, any.v, any.n, &db);
	return answer(a != NULL && da <= db ? a : b, out, n);
}

int
suggest_figure(const struct tileset *ts, const char *name, char *out, size_t n)
{
	const char *v[MAXFIGTYPES];
	int i;

	for (i = 0; i < ts->nfig; i++)
		v[i] = ts->fig[i].name;
	return answer(suggest_nearest(name, v, ts->nfig), out, n);
}

int
suggest_move(const char *word, const char *const *words, size_t n, struct carc_err *err)
{
	const char *best;
	char typed[WORD_MAX + 1], meant[WORD_MAX + 1];
	int code = err->code;

	/* the message may have said what was meant already (a feature, a figure, a token) */
	if (strstr(err->msg, "; did you mean '") != NULL ||
	    snprintf(typed, sizeof(typed), "%s", word) >= (int)sizeof(typed) ||
	    (best = suggest_nearest(typed, words, n)) == NULL)
		return code;
	/* the words may be the game's own list, which the next carc_moves writes anew */
	snprintf(meant, sizeof(meant), "%s", best);
	return seterr(err, code, "%s; did you mean '%s'?", err->msg, meant);
}
