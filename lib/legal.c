/* The one legality (DESIGN.md "Expansions as rule modules"): the generator of every legal
 * placement, and a placement put down. The generator is the authority: carc-place takes a
 * placement when the generator lists it, --list prints what it lists in a fixed order, and the
 * bots choose among what it lists (or count it, to draw one at random without listing).
 * Decisions of a module's own phase are that module's (rules.h). The words are legal-word.c's,
 * the corners legal-corner.c's, the lists legal-list.c's, the checks legal-check.c's. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "legal-int.h"

/* ---- a placement put down ---- */

/* Puts a checked placement down: the tile, its figure, the log word (unless a bot's playout
 * asks for none), the drawn tiles not chosen held until the turn ends (F-7d); then phase score
 * or a module's decision of step 2. -1 if out of memory. */
int
game_apply(struct carc_game *g, const struct fmove *f, bool log)
{
	char word[96];
	int b, i, type = f->type;

	b = board_place(g, type, f->x, f->y, f->rot);
	if (f->seg >= 0) {
		if (fig_add(g, b, f->seg, g->player, f->fig) == -1)
			return -1;
		g->figs[g->nfigs - 1].corner = f->corner;
	}
	if (log) {
		placement_word(g, f, true, word, sizeof(word));
		if (game_log(g, word) == -1)
			return -1;
	}
	for (i = 0; i < g->ndrawn && g->drawn[i] != type; i++)
		;
	if (g->ndrawn == 1)
		g->ndrawn = 0;
	else if (i < g->ndrawn) {
		memmove(g->drawn + i, g->drawn + i + 1, (g->ndrawn - i - 1) * sizeof(*g->drawn));
		g->ndrawn--;
	}
	/* phase score, or a module's decision of step 2 (the abbot's recall, the phantom) */
	rules_step2(g, NULL);
	return 0;
}

/* Whether the turn's figure action is taken: a figure put with the tile just placed, on a
 * feature or a corner (not the phantom's, a decision of its own), or a decision of step 2
 * that took it (g->acted: an abbot's recall, a portal, the princess, the fairy). */
bool
action_taken(const struct carc_game *g)
{
	int i, b = g->nboard - 1;

	if (g->acted)
		return true;
	for (i = 0; i < g->nfigs; i++)
		if (g->figs[i].tile == b && !g->ts.fig[g->figs[i].type].second)
			return true;
	return false;
}

/* Whether every one of `what` (BARE_FEATURES, BARE_CORNERS) is barred on the tile just
 * placed, as the bare hook says now: both mean that the turn's figure action is another's (the
 * princess's, with princess=must, PD-42), which a decision of step 2 may then not take. */
bool
placed_bare(struct carc_game *g, unsigned what)
{
	const struct placed *p = &g->board[g->nboard - 1];
	unsigned where, m;

	if (!RULES_BARE_ANY(g) || g->nboard == 0 ||
	    ((where = rules_bare(g, p->type, NULL, 0)) & what) != what)
		return false;
	if ((where & BARE_SEGS) == 0)
		return true;
	for (m = where & BARE_SEGS; m != 0; m &= m - 1)
		if (g->nodes[node_find(g, (g->nboard - 1) * MAXSEG + __builtin_ctz(m))].claims > 0)
			return true;
	return false;
}

/* ---- the generator ---- */

static const uint8_t bits4[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 };

/* The bits of a set of segments (MAXSEG of them): __builtin_popcount is a call into libgcc
 * without -mpopcnt, which the Makefile does not assume. */
static inline int
segs_count(unsigned m)
{
	m -= m >> 1 & 0x5555;
	m = (m & 0x3333) + (m >> 2 & 0x3333);
	m = (m + (m >> 4)) & 0x0f0f;
	return (m + (m >> 8)) & 0x1f;
}

/* ---- figures that need a follower of their owner's in their feature ---- */

/* The features holding figures of the player to move: followers (support for the figures
 * that need one) and those figures themselves. None supported: none of them is offered. */
static void
support_get(const struct carc_game *g, struct offer *o)
{
	struct carc_game *w = (struct carc_game *)g;	/* node_find shortens paths, no more */
	int i, r;

	o->nsup = o->nown = 0;
	o->ownfts = 0;
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *f = &g->figs[i];

		if (f->owner != g->player)
			continue;
		o->nsup += g->ts.fig[f->type].group == GROUP_FOLLOWER;
		if (g->ts.fig[f->type].needs_own && o->nown < MAXSUPPORT) {
			r = node_find(w, f->tile * MAXSEG + f->seg);
			o->own[o->nown] = r;
			o->owntype[o->nown++] = f->type;
			o->ownfts |= 1u << f->type;
		}
	}
	if (o->nsup == 0)
		o->needs = 0;
	/* the board keeps the supported edges, the game having such figures (board_init) */
	o->supmask = g->support + (size_t)g->player * g->cap;
}

static bool
supported(const struct carc_game *g, int r)
{
	return g->follow[r][g->player] > 0;
}

/* The features across the edges of frontier cell fc, in fcell_claims's bits: root[bit], or
 * -1 where no tile or no such segment is. Returns the sides that have a neighbour. */
unsigned
legal_edge_roots(const struct carc_game *g, const struct fcell *fc, int root[12])
{
	struct carc_game *w = (struct carc_game *)g;
	unsigned sides = 0;
	int side, opp, b, s, h;

	for (side = 0; side < 4; side++) {
		root[side] = root[4 + 2 * side] = root[5 + 2 * side] = -1;
		if ((b = fc->nb[side]) < 0)
			continue;
		const struct placed *q = &g->board[b];
		const struct tiletype *u = &g->ts.types[q->type];

		sides |= 1u << side;
		opp = (side + 2) & 3;
		/* across a side, half 2s meets the neighbour's half 2(s+2)+1 and 2s+1 its 2(s+2) */
		if ((s = u->sideseg[q->rot][opp]) >= 0)
			root[side] = node_find(w, b * MAXSEG + s);
		for (h = 0; h < 2; h++)
			if ((s = u->halfseg[q->rot][2 * opp + 1 - h]) >= 0)
				root[4 + 2 * side + h] = node_find(w, b * MAXSEG + s);
	}
	return sides;
}

/* The edges of cell fc whose feature across holds a follower of the player's, found as
 * fcell_claims finds the claimed ones: one look per neighbour. */
static inline unsigned
fcell_own(const struct carc_game *g, const struct offer *o, const struct fcell *fc)
{
	unsigned m = 0, c, h;
	int side, b, opp;

	for (side = 0; side < 4; side++) {
		if ((b = fc->nb[side]) < 0 || (c = o->supmask[b]) == 0)
			continue;
		opp = (side + 2) & 3;
		h = c >> (4 + 2 * opp) & 3;
		m |= (c >> opp & 1) << side | ((h >> 1 | h << 1) & 3) << (4 + 2 * side);
	}
	return m;
}

/* Whether the player's figure of type ft that needs a follower may go on segment s of tile t
 * put in a cell in rotation r (RULES.md §5.5, §5.6), the features across the cell's edges
 * being root[] and its sides with a neighbour `sides` (legal_edge_roots): the feature the segment
 * joins holds a follower of the player's, no figure of type ft of the player's, and is not
 * completed by this tile (a road's or city's open edges, the tile's own matched against its
 * neighbours'). */
enum need
legal_need_check(const struct carc_game *g, const struct offer *o, const int *root, unsigned sides,
    const struct tiletype *t, int r, int ft, int s)
{
	int seen[12], nseen = 0, b, i, open;
	unsigned e = SEG_EDGES(t, r, s), m;
	bool sup = false, taken = false;

	for (m = e; m != 0; m &= m - 1) {
		if ((b = root[__builtin_ctz(m)]) < 0)
			continue;
		for (i = 0; i < nseen && seen[i] != b; i++)
			;
		if (i < nseen)
			continue;
		seen[nseen++] = b;
		sup |= supported(g, b);
		for (i = 0; i < o->nown; i++)
			taken |= o->own[i] == b && o->owntype[i] == ft;
	}
	if (!sup)
		return NEED_NONE;
	if (taken)
		return NEED_TAKEN;
	if (kinds[t->seg[s].kind]->done == DONE_CLOSED) {
		open = bits4[e & 15] - 2 * bits4[e & 15 & sides];
		for (i = 0; i < nseen; i++)
			open += g->nodes[seen[i]].open;
		if (open == 0)
			return NEED_DONE;
	}
	return NEED_OK;
}

/* The segments, a bit each, where figure type ft may go (legal_need_check) in rotation r. A segment
 * whose edges meet a supported feature (f->own) is supported; the rest of legal_need_check is asked
 * only when it can say no: the feature may be completed by the tile (a road, a city), or the
 * player has a figure of type ft on the board already. */
static unsigned
need_segs(const struct carc_game *g, const struct offer *o, const struct fit *f, int r, int ft)
{
	const struct tiletype *t = &g->ts.types[f->type];
	unsigned segs = 0, sides = 0, near = 0, c;
	int s, b, root[12];
	bool known = false, placed = o->ownfts >> ft & 1;

	/* the segments on the own edges, found as fit_decisions finds the claimed ones */
	for (c = f->own; c != 0; c &= c - 1) {
		b = __builtin_ctz(c);
		if ((s = b < 4 ? t->sideseg[r][b] : t->halfseg[r][b - 4]) >= 0)
			near |= 1u << s;
	}
	for (; near != 0; near &= near - 1) {
		s = __builtin_ctz(near);
		if (!(o->may[ft] & (1u << t->seg[s].kind)))
			continue;
		if (!placed && kinds[t->seg[s].kind]->done != DONE_CLOSED) {
			segs |= 1u << s;
			continue;
		}
		if (!known) {
			sides = legal_edge_roots(g, &g->frontier[f->cell], root);
			known = true;
		}
		if (legal_need_check(g, o, root, sides, t, r, ft, s) == NEED_OK)
			segs |= 1u << s;
	}
	return segs;
}

/* The fields that hold a figure standing on a corner (a barn), whoever's. */
void
legal_barns_get(const struct carc_game *g, struct offer *o)
{
	struct carc_game *w = (struct carc_game *)g;
	int i, p, ft, n = 0;

	for (ft = 0; ft < g->ts.nfig; ft++)
		for (p = 0; g->ts.fig[ft].corner && p < g->nplayers; p++)
			n += g->held[p][ft];
	for (i = 0; n > 0 && i < g->nfigs && o->nbarn < MAXSUPPORT; i++)
		if (g->figs[i].corner)
			o->barn[o->nbarn++] = node_find(w, g->figs[i].tile * MAXSEG + g->figs[i].seg);
}

/* The corner decisions of a fit in rotation r: each corner of the cell where the tile shows
 * field too and the field holds no barn, for each figure type that stands on corners. Kept
 * out of fit_decisions, which the generator's loops want inlined and short. */
static __attribute__((noinline)) int
corner_count(const struct carc_game *g, const struct offer *o, const struct fit *f,
    const struct tiletype *t, int r)
{
	unsigned m;
	int s, n = 0;

	for (m = f->corners; m != 0; m &= m - 1)
		if ((s = corner_seg(t, r, __builtin_ctz(m))) >= 0 &&
		    !legal_corner_taken(g, o, &g->frontier[f->cell], t, r, s))
			n++;
	return n * o->ncorner;
}

void
legal_offer_get(const struct carc_game *g, struct offer *o)
{
	unsigned claimed = 0, present = 0, m;
	int f, d;

	/* only the kinds of the drawn tiles' segments are offered: the modules are asked about
	 * those alone (each keeps, of the kinds it is given, those allowed: rules.h), and not
	 * at all for a figure that stands on none of them (an abbot, mostly) */
	for (d = 0; d < g->ndrawn; d++)
		present |= g->ts.types[g->drawn[d]].kindmask;
	memset(o->free, 0, sizeof(o->free));
	memset(o->claim, 0, sizeof(o->claim));
	o->needs = 0;
	o->nsup = o->nown = 0;
	o->corners = 0;
	o->ncorner = o->nbarn = 0;
	for (f = 0; f < g->ts.nfig; f++) {
		o->may[f] = 0;
		if ((o->left[f] = figures_left(g, g->player, f)) <= 0 ||
		    (m = g->ts.fig[f].on & present) == 0)
			continue;
		o->may[f] = rules_figure_kinds(g, g->player, f, -1, m);
		if (g->ts.fig[f].corner) {
			/* on corners, never on a segment: counted apart (corner_count) */
			if (o->may[f] & (1u << K_FIELD))
				o->corners |= 1u << f, o->ncorner++;
			continue;
		}
		if (g->ts.fig[f].needs_own) {
			o->needs |= (o->may[f] != 0) << f;
			continue;
		}
		if (g->ts.fig[f].claims)
			claimed |= o->may[f];
		for (m = o->may[f]; m != 0; m &= m - 1)
			(g->ts.fig[f].claims ? o->claim : o->free)[__builtin_ctz(m)]++;
	}
	o->nbare = 0;
	o->edgeclaim = false;
	for (d = 0; RULES_BARE_ANY(g) && d < g->ndrawn; d++)
		if ((m = rules_bare(g, g->drawn[d], NULL, 0)) != 0) {
			o->bare[o->nbare] = &g->ts.types[g->drawn[d]];
			o->barewhere[o->nbare++] = m;
			/* bare only where a segment joins a claimed feature: the claims of each
			 * cell are looked at (legal_fits_list) */
			o->edgeclaim |= (m & BARE_SEGS) != 0;
		}
	for (; claimed && !o->edgeclaim; claimed &= claimed - 1)
		o->edgeclaim = kinds[__builtin_ctz(claimed)]->shape != SHAPE_POINT;
	if (o->needs)
		support_get(g, o);
	if (o->corners)
		legal_barns_get(g, o);
}

/* Whether `what` (BARE_FEATURES, BARE_CORNERS) of tile t in rotation r is barred, by `where`
 * (bare_of), in a cell whose claimed edges are `claims`. */
bool
legal_bare_now(const struct tiletype *t, unsigned where, int r, unsigned claims, unsigned what)
{
	unsigned m;

	if (!(where & what))
		return false;
	if ((where & BARE_SEGS) == 0)
		return true;
	for (m = where & BARE_SEGS; m != 0; m &= m - 1)
		if (SEG_EDGES(t, r, __builtin_ctz(m)) & claims)
			return true;
	return false;
}

/* bare_of and the decisions of a placement on which legal_bare_now bars the features: the
 * placement and, unless barred too, its corners; kept out of line: fit_decisions, inlined
 * into the loops over the frontier, stays small. */
static __attribute__((noinline)) unsigned
bare_fit(const struct offer *o, const struct tiletype *t)
{
	return bare_of(o, t);
}

static __attribute__((noinline)) int
bare_decisions(const struct carc_game *g, const struct offer *o, const struct fit *f,
    const struct tiletype *t, int r, unsigned where)
{
	return 1 + (f->corners && !legal_bare_now(t, where, r, f->claims, BARE_CORNERS) ?
	    corner_count(g, o, f, t, r) : 0);
}

/* The figure decisions of a tile where no neighbouring feature is claimed. */
static inline __attribute__((always_inline)) int
figs_all(const struct offer *o, const struct tiletype *t)
{
	int s, k, n = 0;

	if (o->nbare && legal_bare_now(t, bare_fit(o, t), 0, 0, BARE_FEATURES))
		return 0;
	for (s = 0; s < t->nseg; s++) {
		k = t->seg[s].kind;
		n += o->free[k] + o->claim[k];
	}
	return n;
}

/* The decisions of a placement in rotation r: itself and its figures, less the claiming
 * figures of the segments that would join a claimed feature. Each side and half-side of a
 * claim is one segment's (sideseg, halfseg), so the few bits of the claims are walked, not
 * the segments. */
static inline __attribute__((always_inline)) int
fit_decisions(const struct carc_game *g, const struct offer *o, const struct fit *f,
    const struct tiletype *t, int r)
{
	unsigned c, hit = 0, ft, where;
	int n = 1 + f->all, b, s;

	if (o->nbare && (where = bare_fit(o, t)) != 0 &&
	    legal_bare_now(t, where, r, f->claims, BARE_FEATURES))
		return bare_decisions(g, o, f, t, r, where);
	for (c = f->claims; c != 0; c &= c - 1) {
		b = __builtin_ctz(c);
		s = b < 4 ? t->sideseg[r][b] : t->halfseg[r][b - 4];
		if (s >= 0 && !(hit >> s & 1)) {
			hit |= 1u << s;
			n -= o->claim[t->seg[s].kind];
		}
	}
	if (f->own)
		for (ft = o->needs; ft != 0; ft &= ft - 1)
			n += segs_count(need_segs(g, o, f, r, __builtin_ctz(ft)));
	if (f->corners)
		n += corner_count(g, o, f, t, r);
	return n;
}

/* The placement of a fit in rotation r, followed by its figure decisions in the order --list
 * gives them (by segment, then by figure type) into out, or only decision j of them when out
 * is NULL. Returns how many were put out. */
int
legal_fit_moves(const struct carc_game *g, const struct offer *o, const struct fit *f, int r, int j,
    struct fmove *out)
{
	const struct tiletype *t = &g->ts.types[f->type];
	uint32_t key = g->frontier[f->cell].key;
	struct fmove fm = { (int)(key >> 16) - 32768, (int)(key & 0xffff) - 32768, f->type, r,
	    -1, -1, 0 };
	unsigned need[MAXFIGTYPES] = { 0 }, needany = 0, m, where = o->nbare ? bare_of(o, t) : 0;
	int s, k, ft, n = 0;
	bool claimed;

	if (out != NULL)
		out[n++] = fm;
	else if (j-- == 0)
		goto found;
	if (where && legal_bare_now(t, where, r, f->claims, BARE_FEATURES))
		goto corners;
	for (m = f->own ? o->needs : 0; m != 0; m &= m - 1) {
		ft = __builtin_ctz(m);
		needany |= need[ft] = need_segs(g, o, f, r, ft);
	}
	for (s = 0; s < t->nseg; s++) {
		k = t->seg[s].kind;
		if (!o->free[k] && !o->claim[k] && !(needany >> s & 1))
			continue;
		claimed = (SEG_EDGES(t, r, s) & f->claims) != 0;
		for (ft = 0; ft < g->ts.nfig; ft++) {
			if (o->corners >> ft & 1)
				continue;	/* on corners only: below */
			if (g->ts.fig[ft].needs_own ? !(need[ft] >> s & 1) :
			    !(o->may[ft] & (1u << k)) || o->left[ft] <= 0 ||
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
corners:	/* then the corners, as corner_count counts them */
	if (where && legal_bare_now(t, where, r, f->claims, BARE_CORNERS))
		return n;
	for (m = f->corners; m != 0; m &= m - 1) {
		if ((s = corner_seg(t, r, __builtin_ctz(m))) < 0 ||
		    legal_corner_taken(g, o, &g->frontier[f->cell], t, r, s))
			continue;
		for (ft = 0; ft < g->ts.nfig; ft++) {
			if (!(o->corners >> ft & 1))
				continue;
			fm.seg = s;
			fm.fig = ft;
			fm.corner = 1 + __builtin_ctz(m);
			if (out != NULL)
				out[n++] = fm;
			else if (j-- == 0)
				goto found;
		}
	}
	return n;
found:
	return game_apply((struct carc_game *)g, &fm, !g->quiet) ? -1 : 1;
}

/* Room in m->fit for n fits. */
static int
fits_room(struct moves *m, int n)
{
	struct fit *v;

	if (m->capfit >= n)
		return 0;
	if ((v = realloc(m->fit, (n + 64) * sizeof(*v))) == NULL)
		return -1;
	m->fit = v;
	m->capfit = n + 64;
	return 0;
}

/* Every tile and cell that fit in phase place, each with its count of decisions; the total
 * is the number of placements --list prints. */
int
legal_fits_list(struct carc_game *g, const struct offer *o, struct moves *m)
{
	const struct fcell *fc, *end = g->frontier + g->nfrontier;
	struct fit *f;
	int d, e, all, n, nfit = 0, total = 0;
	unsigned rots, claims;
	bool edgeclaim = o->edgeclaim;

	m->nfit = 0;
	if (fits_room(m, g->nfrontier * g->ndrawn) == -1)
		return -1;
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
			claims = edgeclaim ? fcell_claims(g, fc) : 0;
			*f = (struct fit){ type, rots, claims, o->needs ? fcell_own(g, o, fc) : 0,
			    fc - g->frontier, all, 0, o->corners ? legal_cell_corners(g, fc) : 0 };
			if (claims == 0 && f->own == 0 && f->corners == 0)
				n = bits4[rots] * (1 + all);
			else
				for (n = 0; rots != 0; rots &= rots - 1)
					n += fit_decisions(g, o, f, t, __builtin_ctz(rots));
			f->n = n;
			total += n;
		}
	}
	m->nfit = nfit;
	return total;
}

/* Every legal placement in phase place, the same set --list prints, in no particular order. */
int
fast_moves(struct carc_game *g, struct moves *m)
{
	struct offer o;
	const struct fit *f;
	int i, r;

	legal_offer_get(g, &o);
	m->n = 0;
	if (legal_fits_list(g, &o, m) < 0)
		return -1;
	for (i = 0; i < m->nfit; i++) {
		f = &m->fit[i];
		for (r = 0; r < 4; r++) {
			if (!(f->rots & (1u << r)))
				continue;
			/* room for the placement and every figure on every segment */
			while (m->cap - m->n < FIT_MOVES_MAX) {
				int cap = m->cap ? m->cap * 2 : 256;
				struct fmove *v = realloc(m->v, cap * sizeof(*v));

				if (v == NULL)
					return -1;
				m->v = v;
				m->cap = cap;
			}
			m->n += legal_fit_moves(g, &o, f, r, 0, m->v + m->n);
		}
	}
	return 0;
}

/* The rotations of tile t that fit, over the whole frontier. */
static inline int
rot_count(const struct carc_game *g, const struct tiletype *t)
{
	const struct fcell *fc, *end = g->frontier + g->nfrontier;
	int n = 0;

	/* two cells a step: the loop's own counting costs as much as the look-up */
	for (fc = g->frontier; end - fc >= 2; fc += 2)
		n += t->nfitrot[fc[0].asks] + t->nfitrot[fc[1].asks];
	if (fc < end)
		n += t->nfitrot[fc->asks];
	return n;
}

/* With several tiles drawn: one number drawn over all their decisions, in one_fit's order;
 * the drawn tile it falls on into *i, the decision among that tile's into *d, the tile's
 * rotations that fit and figure decisions into *nrot and *all. -1 if none fits. */
static int
drawn_pick(struct carc_game *g, const struct offer *o, uint64_t *rng, int *i, int *d,
    int *nrot, int *all)
{
	int a[MAXDRAWN] = { 0 }, n[MAXDRAWN] = { 0 }, k, e, total = 0;
	const struct tiletype *t;

	for (k = 0; k < g->ndrawn; k++) {
		for (e = 0; e < k && g->drawn[e] != g->drawn[k]; e++)
			;
		if (e < k)
			continue;	/* a second tile of a type is the first one's fits again */
		t = &g->ts.types[g->drawn[k]];
		a[k] = figs_all(o, t);
		total += (n[k] = rot_count(g, t)) * (1 + a[k]);
	}
	if (total == 0)
		return -1;
	*d = carc_rng_below(rng, total);
	for (k = 0; *d >= n[k] * (1 + a[k]); k++)
		*d -= n[k] * (1 + a[k]);
	*i = k;
	*nrot = n[k];
	*all = a[k];
	return 0;
}

/* When no claimed feature around a cell can take a decision away (the player has no claiming
 * figure left for roads, cities and fields: most turns of a random game, its followers being
 * out), nothing about a cell matters but the rotations that fit, and every rotation of a
 * drawn tile stands for the same number of decisions. So the cells are counted, not listed,
 * and a second scan stops at the one drawn: the same index into the same order as legal_fits_list
 * gives (the drawn tiles in their order, each over the frontier), from the same RNG call.
 * Fills f with that cell and returns the index of the decision drawn among the cell's; -1 if
 * no drawn tile fits anywhere. */
static int
one_fit(struct carc_game *g, const struct offer *o, struct fit *f, uint64_t *rng)
{
	const struct fcell *fc, *end = g->frontier + g->nfrontier;
	const struct tiletype *t = &g->ts.types[g->drawn[0]];
	int i = 0, d, q, n, nrot, all;

	if (g->ndrawn > 1) {
		if (drawn_pick(g, o, rng, &i, &d, &nrot, &all) == -1)
			return -1;
		t = &g->ts.types[g->drawn[i]];
	} else {
		all = figs_all(o, t);
		if ((nrot = rot_count(g, t)) == 0)
			return -1;
		d = carc_rng_below(rng, nrot * (1 + all));
	}
	/* rotation q of all that fit, counted from whichever end of the frontier is nearer */
	if ((q = d / (1 + all)) < nrot / 2) {
		for (fc = g->frontier; q >= (n = t->nfitrot[fc->asks]); fc++)
			q -= n;
	} else {
		for (fc = end - 1, q = nrot - 1 - q; q >= (n = t->nfitrot[fc->asks]); fc--)
			q -= n;
		q = n - 1 - q;
	}
	*f = (struct fit){ g->drawn[i], t->fitrot[fc->asks], 0, 0, fc - g->frontier, all,
	    n * (1 + all), 0 };
	return q * (1 + all) + d % (1 + all);
}

/* The decisions of tile type t (figs_all `all`) in frontier cell fc, as legal_fits_list counts
 * them: the cell's own edges (fcell_own) into *own. */
static inline int
cell_decisions(const struct carc_game *g, const struct offer *o, const struct tiletype *t,
    const struct fcell *fc, int all, unsigned *own)
{
	struct fit x;
	unsigned corners;
	int n, r;

	if ((x.rots = t->fitrot[fc->asks]) == 0)
		return 0;
	*own = o->needs ? fcell_own(g, o, fc) : 0;
	corners = o->corners ? legal_cell_corners(g, fc) : 0;
	if (*own == 0 && corners == 0)
		return bits4[x.rots] * (1 + all);
	x = (struct fit){ t - g->ts.types, x.rots, 0, *own, fc - g->frontier, all, 0, corners };
	for (n = 0, r = 0; r < 4; r++)
		if (x.rots >> r & 1)
			n += fit_decisions(g, o, &x, t, r);
	return n;
}

/* one_fit when figures that need a follower are offered (the builder, the pig), or one that
 * stands on corners (the barn), and no claimed feature takes a decision away: each cell is
 * counted, those beside a supported feature or with corners where four tiles may meet one
 * decision at a time (cell_decisions), without listing them; one number drawn over them all,
 * the same index into the same order as legal_fits_list gives. The counts are kept in m->fit[].n,
 * drawn tile d's of cell i at d * nfrontier + i, so that the cell drawn is found without
 * counting again, from whichever end of the frontier is nearer. Fills f and returns the
 * decision drawn among the cell's; -1 if nothing fits. */
static int
needs_fit(struct carc_game *g, const struct offer *o, struct moves *m, struct fit *f,
    uint64_t *rng)
{
	const struct tiletype *t;
	struct fit *c;
	int sum[MAXDRAWN] = { 0 }, all[MAXDRAWN] = { 0 }, d, e, i, j, nf = g->nfrontier, total = 0;
	unsigned own;

	if (fits_room(m, nf * g->ndrawn) == -1)
		return -1;
	for (d = 0; d < g->ndrawn; d++) {
		t = &g->ts.types[g->drawn[d]];
		for (e = 0; e < d && g->drawn[e] != g->drawn[d]; e++)
			;
		if (e < d)
			continue;	/* legal_fits_list skips a type drawn twice */
		all[d] = figs_all(o, t);
		for (c = m->fit + d * nf, i = 0; i < nf; i++)
			sum[d] += c[i].n = cell_decisions(g, o, t, &g->frontier[i], all[d], &own);
		total += sum[d];
	}
	if (total == 0)
		return -1;
	j = carc_rng_below(rng, total);
	for (d = 0; j >= sum[d]; d++)
		j -= sum[d];
	c = m->fit + d * nf;
	if (j < sum[d] / 2) {
		for (i = 0; j >= c[i].n; i++)
			j -= c[i].n;
	} else {
		for (i = nf - 1, j = sum[d] - 1 - j; j >= c[i].n; i--)
			j -= c[i].n;
		j = c[i].n - 1 - j;
	}
	t = &g->ts.types[g->drawn[d]];
	*f = (struct fit){ g->drawn[d], t->fitrot[g->frontier[i].asks], 0,
	    o->needs ? fcell_own(g, o, &g->frontier[i]) : 0, i, all[d], c[i].n,
	    o->corners ? legal_cell_corners(g, &g->frontier[i]) : 0 };
	return j;
}

/* The random player's placement: uniform over the placements fast_moves lists, and the very
 * one it would pick from the same RNG, found by counting instead of listing. */
int
random_place(struct carc_game *g, struct moves *m, uint64_t *rng)
{
	struct offer o;
	struct fit one;
	const struct fit *f;
	int total, j, r, n;

	legal_offer_get(g, &o);
	j = -2;
	if (!o.edgeclaim && (j = o.needs || o.corners ? needs_fit(g, &o, m, &one, rng) :
	    one_fit(g, &o, &one, rng)) == -1)
		return -1;
	if (j >= 0)
		f = &one;
	else {
		if ((total = legal_fits_list(g, &o, m)) <= 0)
			return -1;
		j = carc_rng_below(rng, total);
		for (f = m->fit; j >= f->n; f++)
			j -= f->n;
	}
	for (r = 0; r < 4; r++) {
		if (!(f->rots & (1u << r)))
			continue;
		if (j < (n = fit_decisions(g, &o, f, &g->ts.types[f->type], r)))
			return legal_fit_moves(g, &o, f, r, j, NULL) == 1 ? 0 : -1;
		j -= n;
	}
	return -1;
}
