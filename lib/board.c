/* The board: placed tiles in a hash of cells, the frontier of empty cells next to them, and
 * the features as a union-find over (tile, segment) nodes kept up to date on every placement. */
#include <stdlib.h>
#include <string.h>

#include "board.h"

static const uint8_t bits4[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

static uint32_t
cellkey(int x, int y)
{
	return ((uint32_t)(uint16_t)(x + 32768) << 16) | (uint16_t)(y + 32768);
}

static uint32_t
cellhash(uint32_t k)
{
	k *= 0x9e3779b1u;
	return k ^ (k >> 15);
}

static struct cell *
cell_slot(const struct carc_game *g, uint32_t key)
{
	uint32_t i = cellhash(key) & g->cellmask;

	while (g->cells[i].key != 0 && g->cells[i].key != key)
		i = (i + 1) & g->cellmask;
	return &g->cells[i];
}

/* Whether a figure of the table needs its owner's follower: only then are the features'
 * followers counted by player (follow, support). */
static bool
support_wanted(const struct tileset *ts)
{
	int f;

	for (f = 0; f < ts->nfig; f++)
		if (ts->fig[f].needs_own)
			return true;
	return false;
}

int
board_init(struct carc_game *g, int cap)
{
	uint32_t n = 16;

	g->cap = cap;
	while (n < (uint32_t)(cap * 3 + 8) * 2)
		n *= 2;
	g->cellmask = n - 1;
	g->cells = calloc(n, sizeof(*g->cells));
	g->board = calloc(cap, sizeof(*g->board));
	g->nodes = calloc((size_t)cap * MAXSEG, sizeof(*g->nodes));
	g->stamp = calloc((size_t)cap * MAXSEG, sizeof(*g->stamp));
	g->frontier = calloc(cap * 2 + 4, sizeof(*g->frontier));
	g->beside = calloc(cap, sizeof(*g->beside));
	g->follow = NULL;
	g->support = NULL;
	if (support_wanted(&g->ts) &&
	    ((g->follow = calloc((size_t)cap * MAXSEG, sizeof(*g->follow))) == NULL ||
	    (g->support = calloc((size_t)cap * CARC_MAX_PLAYERS, sizeof(*g->support))) == NULL))
		return -1;
	if (cap > 30000)
		return -1;	/* board indices are int16_t in the frontier cache */
	if (!g->cells || !g->board || !g->nodes || !g->stamp || !g->frontier || !g->beside)
		return -1;
	g->nboard = g->nfrontier = 0;
	return 0;
}

void
board_release(struct carc_game *g)
{
	free(g->cells);
	free(g->board);
	free(g->nodes);
	free(g->stamp);
	free(g->frontier);
	free(g->beside);
	free(g->follow);
	free(g->support);
	g->beside = NULL;
	g->follow = NULL;
	g->support = NULL;
	g->cells = NULL;
	g->board = NULL;
	g->nodes = NULL;
	g->stamp = NULL;
	g->frontier = NULL;
}

/* board_at for this file's hot paths, which the compiler may then inline */
static int
tile_at(const struct carc_game *g, int x, int y)
{
	struct cell *c = cell_slot(g, cellkey(x, y));

	return c->key != 0 && c->val >= 0 ? c->val : -1;
}

int
board_at(const struct carc_game *g, int x, int y)
{
	return tile_at(g, x, y);
}

/* The edge types a tile must show to the placed neighbours of (x,y): returns a mask of the
 * sides that have a neighbour and fills want with the pattern they ask for. */
static unsigned
needs(const struct carc_game *g, int x, int y, uint8_t *want)
{
	unsigned mask = 0;
	int s, b;

	*want = 0;
	for (s = 0; s < 4; s++) {
		if ((b = board_at(g, x + side_dx[s], y + side_dy[s])) < 0)
			continue;
		const struct placed *p = &g->board[b];
		const struct tiletype *t = &g->ts.types[p->type];
		int e = (t->pattern[p->rot] >> (2 * ((s + 2) & 3))) & 3;

		*want |= e << (2 * s);
		mask |= 3u << (2 * s);
	}
	return mask;
}

/* 0 if the tile fits; else 1 for an occupied cell, 2 for no neighbour, 3 + side for the first
 * edge that does not match, 7 + side for the first edge that fits anything (EDGE_ANY) with no
 * tile beside it. */
int
board_fits(const struct carc_game *g, int type, int x, int y, int rot)
{
	const struct tiletype *t = &g->ts.types[type];
	uint8_t want, have;
	unsigned mask;
	int s;

	if (board_at(g, x, y) >= 0)
		return 1;
	if ((mask = needs(g, x, y, &want)) == 0)
		return 2;
	for (s = 0; s < 4; s++)
		if (t->wild[rot] >> s & 1) {
			if (!(mask >> (2 * s) & 3))
				return 7 + s;
			mask &= ~(3u << (2 * s));
			want &= ~(3u << (2 * s));
		}
	have = t->pattern[rot];
	if ((have & mask) == want)
		return 0;
	for (s = 0; s < 4; s++)
		if (((have ^ want) & mask) >> (2 * s) & 3)
			return 3 + s;
	return 3;
}

bool
board_placeable(const struct carc_game *g, int type)
{
	const struct tiletype *t = &g->ts.types[type];
	int i;

	for (i = 0; i < g->nfrontier; i++)
		if (t->fitrot[g->frontier[i].asks])
			return true;
	return false;
}

int
node_find(struct carc_game *g, int a)
{
	int r = a, n;

	while (g->nodes[r].parent != r)
		r = g->nodes[r].parent;
	while (g->nodes[a].parent != r) {
		n = g->nodes[a].parent;
		g->nodes[a].parent = r;
		a = n;
	}
	return r;
}

/* The edges of every tile of the feature with root r become claimed, or free: what
 * fcell_claims reads. */
static void
mark_claimed(struct carc_game *g, int r, bool on)
{
	int i = r;

	do {
		struct placed *p = &g->board[i / MAXSEG];
		unsigned e = SEG_EDGES(&g->ts.types[p->type], p->rot, i % MAXSEG);

		p->claimed = on ? p->claimed | e : p->claimed & ~e;
		i = g->nodes[i].next;
	} while (i != r);
}

/* The edges of every tile of the feature with root r become supported for player p, or not:
 * what fcell_own reads (legal.c). */
static void
mark_support(struct carc_game *g, int r, int p, bool on)
{
	uint16_t *m = g->support + (size_t)p * g->cap;
	int i = r;

	do {
		const struct placed *q = &g->board[i / MAXSEG];
		unsigned e = SEG_EDGES(&g->ts.types[q->type], q->rot, i % MAXSEG);

		m[i / MAXSEG] = on ? m[i / MAXSEG] | e : m[i / MAXSEG] & ~e;
		i = g->nodes[i].next;
	} while (i != r);
}

/* The followers of features a and b (roots) become a's, before their rings are spliced:
 * for a player with followers in one of them only, the other's edges become supported. */
static void
support_union(struct carc_game *g, int a, int b)
{
	uint16_t *fa = g->follow[a], *fb = g->follow[b];
	int p;

	/* the players' figures come after the players (no owner beyond nplayers) */
	for (p = 0; p < g->nplayers; p++) {
		if ((fa[p] > 0) != (fb[p] > 0))
			mark_support(g, fa[p] > 0 ? b : a, p, true);
		fa[p] += fb[p];
	}
}

static int
node_union(struct carc_game *g, int a, int b)
{
	struct node *na, *nb;
	int32_t t;

	a = node_find(g, a);
	b = node_find(g, b);
	if (a == b)
		return a;
	if (g->nodes[a].size < g->nodes[b].size) {
		t = a;
		a = b;
		b = t;
	}
	na = &g->nodes[a];
	nb = &g->nodes[b];
	if ((na->claims > 0) != (nb->claims > 0))
		mark_claimed(g, na->claims > 0 ? b : a, true);
	if (g->follow != NULL)
		support_union(g, a, b);
	nb->parent = a;
	na->size += nb->size;
	na->open += nb->open;
	na->pennants += nb->pennants;
	na->claims += nb->claims;
	t = na->next;		/* splice the two member rings */
	na->next = nb->next;
	nb->next = t;
	return a;
}

/* The empty cell (x,y) next to the tile just placed at board index b, on its side `side`:
 * a new frontier cell learns all its neighbours, a known one just the new tile. */
static void
frontier_add(struct carc_game *g, int x, int y, int b, int side)
{
	struct cell *c = cell_slot(g, cellkey(x, y));
	struct fcell *f;
	int s, opp = (side + 2) & 3;

	if (c->key != 0) {
		const struct placed *p = &g->board[b];
		int e = (g->ts.types[p->type].pattern[p->rot] >> (2 * side)) & 3;

		f = &g->frontier[-c->val - 1];
		f->asks = (f->asks & ~(3u << (2 * opp))) | e << (2 * opp);
		f->nb[opp] = b;
		return;
	}
	c->key = cellkey(x, y);
	c->val = -(g->nfrontier + 1);
	f = &g->frontier[g->nfrontier++];
	f->key = c->key;
	f->asks = 0xff;
	for (s = 0; s < 4; s++) {
		/* as needs() does, but with one look-up a side for both */
		f->nb[s] = s == opp ? b : tile_at(g, x + side_dx[s], y + side_dy[s]);
		if (f->nb[s] < 0)
			continue;
		const struct placed *p = &g->board[f->nb[s]];
		unsigned e = (g->ts.types[p->type].pattern[p->rot] >> (2 * ((s + 2) & 3))) & 3;

		f->asks = (f->asks & ~(3u << (2 * s))) | e << (2 * s);
	}
}

static void
frontier_take(struct carc_game *g, struct cell *c)
{
	int i = -c->val - 1;

	g->frontier[i] = g->frontier[--g->nfrontier];
	if (i < g->nfrontier)
		cell_slot(g, g->frontier[i].key)->val = -(i + 1);
}

/* Put a tile down (legality is the caller's business) and join its segments to the features
 * around it. Returns the board index. */
int
board_place(struct carc_game *g, int type, int x, int y, int rot)
{
	const struct tiletype *t = &g->ts.types[type];
	struct cell *c = cell_slot(g, cellkey(x, y));
	int i = g->nboard++, s, side, b, h, base = i * MAXSEG;
	int16_t nb[4] = { -1, -1, -1, -1 };
	bool known = false;

	g->board[i] = (struct placed){ .type = type, .x = x, .y = y, .rot = rot };
	if (c->key != 0 && c->val < 0) {
		/* a frontier cell knows its neighbours: no look-ups */
		memcpy(nb, g->frontier[-c->val - 1].nb, sizeof(nb));
		known = true;
		frontier_take(g, c);
	}
	c->key = cellkey(x, y);
	c->val = i;
	for (s = 0; s < t->nseg; s++) {
		struct node *n = &g->nodes[base + s];

		n->parent = n->next = base + s;
		n->size = 1;
		n->open = bits4[t->seg[s].sides & 15];
		n->pennants = t->seg[s].pennants;
		n->claims = 0;
	}
	if (g->follow != NULL) {
		memset(g->follow[base], 0, t->nseg * sizeof(*g->follow));
		for (s = 0; s < CARC_MAX_PLAYERS; s++)
			g->support[(size_t)s * g->cap + i] = 0;
	}
	for (side = 0; side < 4; side++) {
		int nx = x + side_dx[side], ny = y + side_dy[side], opp = (side + 2) & 3;

		g->beside[i][side] = b = known ? nb[side] : board_at(g, nx, ny);
		if (b < 0) {
			frontier_add(g, nx, ny, i, side);
			continue;
		}
		g->beside[b][opp] = i;
		const struct placed *p = &g->board[b];
		const struct tiletype *u = &g->ts.types[p->type];

		if (t->sideseg[rot][side] >= 0 && u->sideseg[p->rot][opp] >= 0) {
			int r = node_union(g, base + t->sideseg[rot][side],
			    b * MAXSEG + u->sideseg[p->rot][opp]);

			g->nodes[r].open -= 2;
		} else if ((t->wild[rot] >> side & 1) && u->sideseg[p->rot][opp] >= 0)
			/* an edge that fits anything ends the road or city across it */
			g->nodes[node_find(g, b * MAXSEG + u->sideseg[p->rot][opp])].open--;
		for (h = 2 * side; h < 2 * side + 2; h++)
			if (t->halfseg[rot][h] >= 0 && u->halfseg[p->rot][HALF_ACROSS(h)] >= 0)
				node_union(g, base + t->halfseg[rot][h],
				    b * MAXSEG + u->halfseg[p->rot][HALF_ACROSS(h)]);
	}
	return i;
}

/* Whether the eight cells around tile b all hold tiles: its four neighbours, and the cells
 * at its corners as the neighbours' neighbours (a corner is filled only if it can be so
 * reached, since both cells beside it are then filled). */
bool
board_surrounded(const struct carc_game *g, int b)
{
	const int16_t *n = g->beside[b];

	return n[SIDE_N] >= 0 && n[SIDE_E] >= 0 && n[SIDE_S] >= 0 && n[SIDE_W] >= 0 &&
	    g->beside[n[SIDE_N]][SIDE_E] >= 0 && g->beside[n[SIDE_N]][SIDE_W] >= 0 &&
	    g->beside[n[SIDE_S]][SIDE_E] >= 0 && g->beside[n[SIDE_S]][SIDE_W] >= 0;
}

/* The frontier cell (x,y), an empty cell next to a tile, or NULL. */
const struct fcell *
frontier_at(const struct carc_game *g, int x, int y)
{
	const struct cell *c = cell_slot(g, cellkey(x, y));

	return c->key != 0 && c->val < 0 ? &g->frontier[-c->val - 1] : NULL;
}

int
board_neighbours8(const struct carc_game *g, int x, int y)
{
	int dx, dy, n = 0;

	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++)
			if ((dx || dy) && board_at(g, x + dx, y + dy) >= 0)
				n++;
	return n;
}

int
fig_add(struct carc_game *g, int tile, int seg, int owner, int type)
{
	int k;

	if (g->nfigs == g->capfigs) {
		int cap = g->capfigs ? g->capfigs * 2 : 16;
		struct figure *f = realloc(g->figs, cap * sizeof(*f));

		if (f == NULL)
			return -1;
		g->figs = f;
		g->capfigs = cap;
	}
	g->figs[g->nfigs++] = (struct figure){ .tile = tile, .seg = seg, .owner = owner,
	    .type = type };
	g->held[owner][type]++;
	k = g->ts.types[g->board[tile].type].seg[seg].kind;
	g->onkind[owner][k]++;
	if (kinds[k]->done == DONE_AROUND8)
		g->around++;
	if (g->ts.fig[type].claims) {
		int r = node_find(g, tile * MAXSEG + seg);

		if (g->nodes[r].claims++ == 0)
			mark_claimed(g, r, true);
	} else
		g->unclaiming++;
	if (g->follow != NULL && g->ts.fig[type].group == GROUP_FOLLOWER) {
		int r = node_find(g, tile * MAXSEG + seg);

		if (g->follow[r][owner]++ == 0)
			mark_support(g, r, owner, true);
	}
	return 0;
}

/* A neutral figure beside follower f (the fairy's, PD-30) stays on its tile as f leaves it,
 * with no follower (PD-34): one that comes to that place later is not its. */
static void
neutral_leave(struct carc_game *g, const struct figure *f)
{
	struct npos *q;
	int i;

	if (g->ts.fig[f->type].group != GROUP_FOLLOWER || f->corner)
		return;
	for (i = 0; i < g->ts.nneutral; i++) {
		q = &g->neutral[i];
		if (q->on && q->seg == f->seg && q->x == g->board[f->tile].x &&
		    q->y == g->board[f->tile].y)
			q->seg = -1;
	}
}

/* Keeps the order of the others, so the state stays canonical. */
void
fig_remove(struct carc_game *g, int i)
{
	struct figure *f = &g->figs[i];
	int k = g->ts.types[g->board[f->tile].type].seg[f->seg].kind;

	if (g->ts.nneutral)
		neutral_leave(g, f);

	if (g->ts.fig[f->type].claims) {
		int r = node_find(g, f->tile * MAXSEG + f->seg);

		if (--g->nodes[r].claims == 0)
			mark_claimed(g, r, false);
	} else
		g->unclaiming--;
	if (g->follow != NULL && g->ts.fig[f->type].group == GROUP_FOLLOWER) {
		int r = node_find(g, f->tile * MAXSEG + f->seg);

		if (--g->follow[r][f->owner] == 0)
			mark_support(g, r, f->owner, false);
	}
	g->held[f->owner][f->type]--;
	g->onkind[f->owner][k]--;
	if (kinds[k]->done == DONE_AROUND8)
		g->around--;
	memmove(f, f + 1, (g->nfigs - i - 1) * sizeof(*f));
	g->nfigs--;
}

/* Whether figure i, one that needs a follower of its owner's in its feature (the builder, the
 * pig), has one there. */
bool
fig_supported(struct carc_game *g, int i)
{
	const struct figure *f = &g->figs[i];
	int r = node_find(g, f->tile * MAXSEG + f->seg), j;

	if (g->follow != NULL)
		return g->follow[r][f->owner] > 0;
	for (j = 0; j < g->nfigs; j++)
		if (g->figs[j].owner == f->owner &&
		    g->ts.fig[g->figs[j].type].group == GROUP_FOLLOWER &&
		    node_find(g, g->figs[j].tile * MAXSEG + g->figs[j].seg) == r)
			return true;
	return false;
}

/* The weight of figure i in a majority of the feature with root r, its own (B-44): its row's
 * strength, or for a figure whose strength is its city's pennants (the mayor, RULES.md §5.2)
 * the pennants of the whole feature as it stands now, 0 for none. */
int
fig_strength(const struct carc_game *g, int i, int r)
{
	const struct figtype *t = &g->ts.fig[g->figs[i].type];

	return t->pennants ? g->nodes[r].pennants : t->strength;
}

/* The strength of each player in the feature with root r (fig_strength). */
void
feature_strengths(struct carc_game *g, int r, int *st)
{
	int i;

	memset(st, 0, CARC_MAX_PLAYERS * sizeof(*st));
	for (i = 0; i < g->nfigs; i++)
		if (node_find(g, g->figs[i].tile * MAXSEG + g->figs[i].seg) == r)
			st[g->figs[i].owner] += fig_strength(g, i, r);
}

/* The figures that need a follower of their owner's and have none left in their feature go
 * home, whatever took the follower away (RULES.md §5.5, §5.6); said in the report. Returns how
 * many went. */
int
fig_strays(struct carc_game *g)
{
	int i, n = 0;

	if (g->unclaiming == 0)
		return 0;	/* such figures do not claim: none stands */
	for (i = g->nfigs - 1; i >= 0; i--) {
		const struct figure *f = &g->figs[i];

		if (!g->ts.fig[f->type].needs_own || fig_supported(g, i))
			continue;
		report(g, "%s's %s at %d,%d goes home: no follower of %s's is left with it\n",
		    g->pl[f->owner].name, g->ts.fig[f->type].name, g->board[f->tile].x,
		    g->board[f->tile].y, g->pl[f->owner].name);
		fig_remove(g, i);
		n++;
	}
	return n;
}
