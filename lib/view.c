/* What the text and SVG pictures of a game share: the players' colours, the part of the board
 * to show, the marks on its cells and the words that say what the game waits for. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "legal.h"
#include "view.h"

/* Players take these in order unless --player-colors says otherwise. The ANSI numbers are the
 * nearest xterm 256-colour entries; the ink keeps a digit or an outline readable on the colour. */
const struct pcolor pcolors[] = {
	{ "red", "#d7263d", "#1a1a1a", 160, 231 },
	{ "blue", "#1e5bc6", "#1a1a1a", 26, 231 },
	{ "green", "#1f9e3a", "#1a1a1a", 28, 231 },
	{ "yellow", "#f5d000", "#1a1a1a", 220, 16 },
	{ "black", "#1e1e1e", "#d9d9d9", 235, 231 },
	{ "purple", "#7b3fa8", "#1a1a1a", 91, 231 },
	{ "orange", "#f07f12", "#1a1a1a", 208, 16 },
	{ "pink", "#f27bb5", "#1a1a1a", 211, 16 },
	{ "grey", "#8d8d8d", "#1a1a1a", 245, 16 },
};
const int npcolors = sizeof(pcolors) / sizeof(pcolors[0]);

int
carc_color_find(const char *name)
{
	int i;

	for (i = 0; i < npcolors; i++)
		if (strcmp(pcolors[i].name, name) == 0)
			return i;
	return -1;
}

int
carc_render_colors(struct carc_render_opts *o, const char *list, struct carc_err *err)
{
	char word[32], names[128] = "";
	const char *p = list, *end;
	size_t n;
	int i, c;

	for (i = 0; i < npcolors; i++) {
		strcat(names, i ? ", " : "");
		strcat(names, pcolors[i].name);
	}
	o->ncolors = 0;
	for (;;) {
		end = strchr(p, ',');
		n = end ? (size_t)(end - p) : strlen(p);
		if (n == 0)
			return seterr(err, CARC_EUSAGE, "bad color list '%s': an empty name",
			    list);
		if (n >= sizeof(word))
			return seterr(err, CARC_EUSAGE, "unknown color '%.*s' (%s)", (int)n, p,
			    names);
		memcpy(word, p, n);
		word[n] = '\0';
		if ((c = carc_color_find(word)) < 0)
			return seterr(err, CARC_EUSAGE, "unknown color '%s' (%s)", word, names);
		if (o->ncolors == CARC_MAX_PLAYERS)
			return seterr(err, CARC_EUSAGE,
			    "bad color list '%s': more than %d colors", list, CARC_MAX_PLAYERS);
		o->colors[o->ncolors++] = c;
		if (end == NULL)
			return 0;
		p = end + 1;
	}
}

static void
grow(struct view *v, int x, int y)
{
	if (x < v->minx)
		v->minx = x;
	if (x > v->maxx)
		v->maxx = x;
	if (y < v->miny)
		v->miny = y;
	if (y > v->maxy)
		v->maxy = y;
}

void
view_init(struct view *v, const struct carc_game *g, const struct carc_render_opts *o)
{
	bool used[32] = { false };
	int i, j, x, y, next = 0, x0, x1, y0, y1;

	memset(v, 0, sizeof(*v));
	v->g = g;
	v->o = o;
	for (i = 0; i < g->nplayers && i < o->ncolors; i++) {
		if (o->colors[i] < 0 || o->colors[i] >= npcolors)
			break;
		v->color[i] = o->colors[i];
		used[o->colors[i]] = true;
	}
	/* the players without a colour of their own take the first ones nobody took */
	for (; i < g->nplayers; i++) {
		while (next < npcolors - 1 && used[next])
			next++;
		v->color[i] = next;
		used[next] = true;
	}
	v->last = g->nboard > 1 ? g->nboard - 1 : -1;
	if (g->nboard > 0) {
		v->minx = v->maxx = g->board[0].x;
		v->miny = v->maxy = g->board[0].y;
	}
	for (i = 1; i < g->nboard; i++)
		grow(v, g->board[i].x, g->board[i].y);
	/* marks one step beyond the tiles are drawn; farther ones would only add empty space */
	x0 = v->minx - 1, x1 = v->maxx + 1, y0 = v->miny - 1, y1 = v->maxy + 1;
	for (j = 0; j < o->nhighlight; j++)
		if (o->highlight[j].x >= x0 && o->highlight[j].x <= x1 &&
		    o->highlight[j].y >= y0 && o->highlight[j].y <= y1)
			grow(v, o->highlight[j].x, o->highlight[j].y);
	if (o->legal && g->phase == CARC_PLACE)
		for (y = y0; y <= y1; y++)
			for (x = x0; x <= x1; x++)
				if (view_legal(v, x, y))
					grow(v, x, y);
}

/* Whether a drawn tile fits the empty cell in some rotation, when --legal asks for it. */
bool
view_legal(const struct view *v, int x, int y)
{
	const struct carc_game *g = v->g;
	int i, r;

	if (!v->o->legal || g->phase != CARC_PLACE)
		return false;
	for (i = 0; i < g->ndrawn; i++)
		for (r = 0; r < 4; r++)
			if (board_fits(g, g->drawn[i], x, y, r) == 0)
				return true;
	return false;
}

bool
view_highlighted(const struct view *v, int x, int y)
{
	int i;

	for (i = 0; i < v->o->nhighlight; i++)
		if (v->o->highlight[i].x == x && v->o->highlight[i].y == y)
			return true;
	return false;
}

/* The figure types people are told of by another name than the figure table's and by a letter
 * of their own; a type missing here is named as the table names it, and its letter is its
 * name's first, in capitals. */
static const struct flook {
	const char *name;
	const char *label;
	char letter;
} flooks[] = {
	{ DEFAULT_FIGURE, DEFAULT_FIGURE, 0 },
	{ "big", "big follower", 'B' },
	{ "abbot", "abbot", 'A' },
	{ "phantom", "phantom", 'P' },
	{ "builder", "builder", 'U' },
	{ "pig", "pig", 'G' },
	{ "barn", "barn", 'N' },	/* B is the big follower's */
};

static const struct flook *
flook(const struct carc_game *g, int f)
{
	size_t i;

	for (i = 0; i < sizeof(flooks) / sizeof(flooks[0]); i++)
		if (strcmp(flooks[i].name, g->ts.fig[f].name) == 0)
			return &flooks[i];
	return NULL;
}

const char *
view_figure_label(const struct carc_game *g, int f)
{
	return flook(g, f) ? flook(g, f)->label : g->ts.fig[f].name;
}

char
view_figure_letter(const struct carc_game *g, int f)
{
	return flook(g, f) ? flook(g, f)->letter : toupper((unsigned char)g->ts.fig[f].name[0]);
}

/* The figures a player still holds, as "7 followers" or "6 followers, 1 big follower (B)":
 * the letter that marks a figure of the type in the text picture, for its legend. */
int
view_figures(const struct view *v, int player, struct carc_buf *b)
{
	const struct carc_game *g = v->g;
	int f, n, k = 0, rc = 0;
	char letter;

	for (f = 0; f < g->ts.nfig; f++) {
		if (g->ts.fig[f].count == 0)
			continue;
		n = figures_left(g, player, f);
		rc |= carc_buf_printf(b, "%s%d %s%s", k++ ? ", " : "", n, view_figure_label(g, f),
		    n == 1 ? "" : "s");
		if ((letter = view_figure_letter(g, f)) != 0)
			rc |= carc_buf_printf(b, " (%c)", letter);
	}
	return rc;
}

/* What the player holds of the modules' own, "; 2 wine, 1 grain", after the figures left. */
int
view_holdings(const struct view *v, int player, struct carc_buf *b)
{
	return rules_holdings(v->g, player, b);
}

/* Whether a logged word is a decision of step 2 of a turn (recall:..., phantom:...): its name
 * is that of a phase of step 2. */
static bool
step2_word(const char *w)
{
	char name[16];
	size_t n = strcspn(w, ":");
	int p;

	if (n >= sizeof(name))
		return false;
	memcpy(name, w, n);
	name[n] = '\0';
	return (p = rules_phase_find(name)) >= 0 && rules_phase(p) && rules_phase(p)->step2;
}

/* One line on the decision the game waits for: its phase, whose turn, the drawn tiles. */
int
view_status(const struct view *v, struct carc_buf *b)
{
	const struct carc_game *g = v->g;
	const char *who = g->pl[g->player].name;
	int i, best, nbest = 0, k = 0, rc;

	rc = carc_buf_printf(b, "phase %s: ", carc_phase_name(g->phase));
	switch (g->phase) {
	case CARC_DRAW:
		rc |= carc_buf_printf(b, "%s draws the next tile; %d tile%s left", who, g->nsupply,
		    g->nsupply == 1 ? "" : "s");
		break;
	case CARC_PLACE:
		rc |= carc_buf_printf(b, "%s places", who);
		for (i = 0; i < g->ndrawn; i++)
			rc |= carc_buf_printf(b, "%s %s", i ? "," : "",
			    g->ts.types[g->drawn[i]].id);
		rc |= carc_buf_printf(b, "; %d tile%s left", g->nsupply,
		    g->nsupply == 1 ? "" : "s");
		break;
	case CARC_SCORE:
		/* after a decision of a module's phase (a hurl), or after a placement and the
		 * decisions of step 2 that follow it (a recall) */
		if (g->nlog > 0 && !word_is_placement(g->log[g->nlog - 1]) &&
		    !step2_word(g->log[g->nlog - 1]))
			rc |= carc_buf_printf(b, "%s has decided; carc-score resolves it", who);
		else {
			rc |= carc_buf_printf(b, "%s has placed %s; carc-score ends the turn", who,
			    g->ts.types[g->board[g->nboard - 1].type].id);
			/* F-7d: the tiles not chosen go back when the turn ends */
			for (i = 0; i < g->ndrawn; i++)
				rc |= carc_buf_printf(b, "%s %s", i ? "," : " and returns",
				    g->ts.types[g->drawn[i]].id);
		}
		break;
	case CARC_OVER:
		best = g->pl[0].score;
		for (i = 1; i < g->nplayers; i++)
			if (g->pl[i].score > best)
				best = g->pl[i].score;
		for (i = 0; i < g->nplayers; i++)
			nbest += g->pl[i].score == best;
		rc |= carc_buf_printf(b, "the game is over; ");
		for (i = 0; i < g->nplayers; i++)
			if (g->pl[i].score == best)
				rc |= carc_buf_printf(b, "%s%s",
				    k++ == 0 ? "" : k == nbest ? " and " : ", ", g->pl[i].name);
		rc |= carc_buf_printf(b, " %s with %d point%s",
		    nbest == 1 ? "wins" : "share the win", best, best == 1 ? "" : "s");
		break;
	default:	/* a phase of a module's */
		rc |= rules_phase(g->phase)->status(g, b) < 0;
		break;
	}
	return rc;
}

/* Text from the state, where a name may hold any byte: appended with every control character
 * and every byte that is not part of valid UTF-8 replaced by '?', so that a name can neither
 * steer a terminal nor break an XML document. */
int
view_text(struct carc_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	uint32_t cp;
	int n, i, rc = 0;

	while (*p) {
		n = *p < 0x80 ? 0 : *p >= 0xc2 && *p <= 0xdf ? 1 : *p >= 0xe0 && *p <= 0xef ? 2 :
		    *p >= 0xf0 && *p <= 0xf4 ? 3 : -1;
		cp = n == 0 ? *p : n == 1 ? *p & 0x1f : n == 2 ? *p & 0x0f : *p & 0x07;
		for (i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80) {
				n = -1;
				break;
			}
			cp = cp << 6 | (p[i] & 0x3f);
		}
		if (n < 0 || cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (n == 2 && cp < 0x800) ||
		    (cp >= 0xd800 && cp < 0xe000) || (n == 3 && (cp < 0x10000 || cp > 0x10ffff)) ||
		    cp == 0xfffe || cp == 0xffff)
			rc |= carc_buf_add(b, "?", 1);
		else
			rc |= carc_buf_add(b, p, n + 1);
		p += n < 0 ? 1 : n + 1;
	}
	return rc;
}

/* The root of the union-find without shortening paths: the pictures only read the game. */
bool
view_complete(const struct view *v, int b, int s)
{
	const struct node *nodes = v->g->nodes;
	int r = b * MAXSEG + s;

	while (nodes[r].parent != r)
		r = nodes[r].parent;
	return nodes[r].open == 0;
}
