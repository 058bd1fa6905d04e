/* The one legality (DESIGN.md "Expansions as rule modules"): whether a figure may stand on a
 * feature, placement words parsed, explained, checked, applied and written, and the generator
 * of every legal placement. The generator is the authority: carc-place takes a placement when
 * the generator lists it, --list prints what it lists in a fixed order, and the bots choose
 * among what it lists (or count it, to draw one at random without listing). Decisions of a
 * module's own phase are that module's (rules.h). */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "legal.h"
#include "suggest.h"

/* ---- may a figure stand there ---- */

/* The kinds of feature player p's figure of type ft may stand on now, a bit per kind.
 * `leaving` is a figure of the same player that the same decision takes off the board (a
 * seducer moved from elsewhere), or -1. The supply (B-25) and the feature's occupancy (B-22)
 * are the caller's: they depend on where the figure comes from and on the placement. */
unsigned
figure_kinds(const struct carc_game *g, int p, int ft, int leaving)
{
	return rules_figure_kinds(g, p, ft, leaving, g->ts.fig[ft].on);
}

/* figure_kinds for one kind, and if not, whether the figure table or a limit says no. The
 * modules are asked about that kind alone: each keeps, of the kinds it is given, those the
 * figure may stand on (rules.h), so a kind the table refuses needs no asking. */
enum stand
figure_may_stand(const struct carc_game *g, int p, int ft, int k, int leaving)
{
	if (!(g->ts.fig[ft].on & (1u << k)))
		return STAND_PLACE;
	return rules_figure_kinds(g, p, ft, leaving, 1u << k) ? STAND_OK : STAND_LIMIT;
}

/* The article before a name: "an abbot", "a follower". */
static const char *
an(const char *name)
{
	return strchr("aeiou", name[0]) && name[0] ? "an" : "a";
}

/* Why not, for people, after "illegal move 'WORD': ". */
int
stand_refuse(const struct carc_game *g, enum stand why, int p, int ft, int k, const char *w,
    struct carc_err *err)
{
	char line[200];

	if (why == STAND_PLACE || !rules_limit_why(g, p, ft, k, line, sizeof(line)))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s %s may not stand on %s %s",
		    w, an(g->ts.fig[ft].name), g->ts.fig[ft].name, an(kinds[k]->name),
		    kinds[k]->name);
	return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, line);
}

static void offer_get(const struct carc_game *, struct offer *);
static unsigned bare_of(const struct offer *, const struct tiletype *);
static bool bare_now(const struct tiletype *, unsigned where, int r, unsigned claims,
    unsigned what);
static int bare_refuse(struct carc_game *, int type, const char *w, struct carc_err *);
static void barns_get(const struct carc_game *, struct offer *);
static int fits_list(struct carc_game *, const struct offer *, struct moves *);
static int fit_moves(const struct carc_game *, const struct offer *, const struct fit *, int r,
    int j, struct fmove *);

/* ---- names and words ---- */

/* The canonical name of a segment after rotation: the first side clockwise from N (edges) or
 * from Nw (half-edges); a segment that touches no edge is named by its kind alone. */
int
seg_rotated_name(const struct tiletype *t, int rot, int seg, char *out, size_t n)
{
	int k = t->seg[seg].kind, i;

	if (k == K_ROAD || k == K_CITY) {
		for (i = 0; i < 4; i++)
			if (t->rsides[rot][seg] & (1u << i))
				return snprintf(out, n, "%s:%s", kinds[k]->name, side_names[i]);
	} else if (k == K_FIELD) {
		for (i = 0; i < 8; i++)
			if (t->rhalves[rot][seg] & (1u << i))
				return snprintf(out, n, "%s:%s", kinds[k]->name, half_names[i]);
	}
	return snprintf(out, n, "%s", kinds[k]->name);
}

int
figure_find(const struct tileset *ts, const char *name)
{
	int i;

	for (i = 0; i < ts->nfig; i++)
		if (strcmp(ts->fig[i].name, name) == 0)
			return i;
	return -1;
}

/* ---- corners: a figure that stands where four tiles meet (the barn, §5.4) ---- */

int
corner_by_name(const char *name)
{
	int c;

	if (strncmp(name, "corner:", 7) != 0)
		return -1;
	for (c = 0; c < 4; c++)
		if (strcmp(name + 7, corner_names[c]) == 0)
			return c;
	return -2;
}

int
corner_seg(const struct tiletype *t, int r, int c)
{
	int s = t->halfseg[r][2 * c + 1];

	return s >= 0 && s == t->halfseg[r][(2 * c + 2) & 7] ? s : -1;
}

/* The field of board tile b at its corner c, or -1. */
static inline int
corner_seg_at(const struct carc_game *g, int b, int c)
{
	const struct placed *p = &g->board[b];

	return corner_seg(&g->ts.types[p->type], p->rot, c);
}

bool
corner_meets(const struct carc_game *g, int x, int y, int c, int *bx, int *by)
{
	/* the tiles across sides c and c+1, and the one across both; the corner of each that
	 * meets corner c of this cell: c+1, c+3 and c+2 */
	int a = (c + 1) & 3, dx[3], dy[3], at[3] = { (c + 1) & 3, (c + 3) & 3, (c + 2) & 3 }, i, b;

	dx[0] = side_dx[c], dy[0] = side_dy[c];
	dx[1] = side_dx[a], dy[1] = side_dy[a];
	dx[2] = dx[0] + dx[1], dy[2] = dy[0] + dy[1];
	for (i = 0; i < 3; i++)
		if ((b = board_at(g, x + dx[i], y + dy[i])) < 0 || corner_seg_at(g, b, at[i]) < 0) {
			*bx = x + dx[i];
			*by = y + dy[i];
			return false;
		}
	return true;
}

/* The corners of frontier cell fc where the three other tiles meeting there show field: bit
 * c for corner c, as corner_meets says, found through the tiles beside the cell. */
static unsigned
cell_corners(const struct carc_game *g, const struct fcell *fc)
{
	/* by the asks of a cell: bit c where the sides c and c+1 both have a neighbour (a side
	 * without one asks 3); most cells have one neighbour, and no corner */
	static uint8_t pairs[256];
	static bool known;
	unsigned m = 0, c4;
	int c, a, b, d;

	if (!known) {
		for (a = 0; a < 256; a++)
			for (c = 0; c < 4; c++)
				pairs[a] |= ((a >> 2 * c & 3) != 3 && (a >> 2 * ((c + 1) & 3) & 3) != 3)
				    << c;
		known = true;
	}
	for (c4 = pairs[fc->asks]; c4 != 0; c4 &= c4 - 1)
		if ((c = __builtin_ctz(c4), a = fc->nb[c]) >= 0 && (b = fc->nb[(c + 1) & 3]) >= 0 &&
		    (d = g->beside[a][(c + 1) & 3]) >= 0 && corner_seg_at(g, a, (c + 1) & 3) >= 0 &&
		    corner_seg_at(g, b, (c + 3) & 3) >= 0 && corner_seg_at(g, d, (c + 2) & 3) >= 0)
			m |= 1u << c;
	return m;
}

/* Whether the field that segment s of tile t, put in cell fc in rotation r, makes with the
 * fields across its half-edges holds a figure that stands on a corner already (o->barn). */
static bool
corner_taken(const struct carc_game *g, const struct offer *o, const struct fcell *fc,
    const struct tiletype *t, int r, int s)
{
	struct carc_game *w = (struct carc_game *)g;
	unsigned h;
	int b, u, i, root;

	if (o->nbarn == 0)
		return false;
	for (h = t->rhalves[r][s]; h != 0; h &= h - 1) {
		int half = __builtin_ctz(h);

		if ((b = fc->nb[half / 2]) < 0)
			continue;
		const struct placed *q = &g->board[b];

		if ((u = g->ts.types[q->type].halfseg[q->rot][HALF_ACROSS(half)]) < 0)
			continue;
		root = node_find(w, b * MAXSEG + u);
		for (i = 0; i < o->nbarn; i++)
			if (o->barn[i] == root)
				return true;
	}
	return false;
}

int
fig_place_name(const struct carc_game *g, int f, char *out, size_t n)
{
	const struct figure *fg = &g->figs[f];
	const struct placed *p = &g->board[fg->tile];

	if (fg->corner)
		return snprintf(out, n, "corner:%s", corner_names[fg->corner - 1]);
	return seg_rotated_name(&g->ts.types[p->type], p->rot, fg->seg, out, n);
}

static bool
parse_int(const char **p, int *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)**p) && !(**p == '-' && isdigit((unsigned char)(*p)[1])))
		return false;
	errno = 0;
	v = strtol(*p, &end, 10);
	if (errno || v < -COORD_MAX || v > COORD_MAX)
		return false;
	*out = v;
	*p = end;
	return true;
}

/* One coordinate as the engine writes it: digits with no leading zero, a '-' before any but
 * 0, within COORD_MAX; no '+', no space, nothing that overflows into another number. */
static bool
coord_read(const char **p, int *out)
{
	const char *s = *p;
	bool neg = *s == '-';
	long v = 0;

	if (neg)
		s++;
	if (!isdigit((unsigned char)*s) || (*s == '0' && (neg || isdigit((unsigned char)s[1]))))
		return false;
	for (; isdigit((unsigned char)*s); s++)
		if ((v = v * 10 + (*s - '0')) > COORD_MAX)
			return false;
	*out = neg ? -v : v;
	*p = s;
	return true;
}

/* X,Y at the start of a module's decision word (or a state's copy of one), the one reader of
 * a cell for them all: each number as coord_read takes it, so that an overflowing or
 * out-of-range number is a malformed word, never another cell, and a word logged as given
 * holds the engine's own spelling. What follows Y into *rest; false if s starts with no X,Y. */
bool
cell_read(const char *s, int *x, int *y, const char **rest)
{
	const char *p = s;

	if (!coord_read(&p, x) || *p++ != ',' || !coord_read(&p, y))
		return false;
	*rest = p;
	return true;
}

struct move {
	char tile[ID_MAX];
	int x, y, rot;
	char feature[24];
	char figure[ID_MAX];
};

static int
parse_move(const char *w, struct move *m, struct carc_err *err)
{
	const char *p = w, *slash = strchr(w, '/'), *at;
	size_t n;

	memset(m, 0, sizeof(*m));
	if (slash) {
		if ((n = slash - w) == 0 || n >= ID_MAX)
			goto bad;
		memcpy(m->tile, w, n);
		p = slash + 1;
	}
	if (!parse_int(&p, &m->x) || *p++ != ',' || !parse_int(&p, &m->y) || *p++ != ',' ||
	    !parse_int(&p, &m->rot))
		goto bad;
	if (m->rot != 0 && m->rot != 90 && m->rot != 180 && m->rot != 270)
		return seterr(err, CARC_EUSAGE, "bad move '%s': the rotation must be 0, 90, 180 or 270",
		    w);
	at = strchr(p, '@');
	if (*p == ',') {
		p++;
		n = at ? (size_t)(at - p) : strlen(p);
		if (n == 0 || n >= sizeof(m->feature))
			goto bad;
		memcpy(m->feature, p, n);
		p += n;
	}
	if (*p == '@') {
		if ((n = strlen(++p)) == 0 || n >= ID_MAX)
			goto bad;
		strcpy(m->figure, p);
		p += n;
	}
	if (*p != '\0')
		goto bad;
	if (m->figure[0] && !m->feature[0])
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': a figure needs a feature, as X,Y,ROT,city:N@FIGURE", w);
	return 0;
bad:
	return seterr(err, CARC_EUSAGE, "bad move '%s': expected [TILE/]X,Y,ROT[,FEATURE][@FIGURE]",
	    w);
}

/* Whether a logged word is the placement board[b] records (the log of a state on read). */
bool
log_word_matches(const struct carc_game *g, const char *w, int b)
{
	if (!word_is_placement(w))
		return false;
	struct move m;
	struct carc_err err;
	const struct placed *p = &g->board[b];

	return parse_move(w, &m, &err) == 0 && strcmp(m.tile, g->ts.types[p->type].id) == 0 &&
	    m.x == p->x && m.y == p->y && m.rot == p->rot * 90;
}

static const char *const edge_words[3] = { "a field", "a road", "a city" };

/* A placement word names a tile, a cell and a turn: TILE/X,Y,ROT...; the words of the
 * modules' decisions begin with a name and a colon, as hurl:... or draw:2. */
bool
word_is_placement(const char *w)
{
	size_t n = strcspn(w, ":,");

	return w[n] != ':';
}

/* The drawn tile a move means: the one named by TILE/, or the only one drawn. */
static int
chosen_tile(const struct carc_game *g, const struct move *m, const char *w, struct carc_err *err)
{
	int i;

	if (m->tile[0] == '\0') {
		if (g->ndrawn == 1)
			return g->drawn[0];
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': %d tiles were drawn, say which as TILE/X,Y,ROT", w,
		    g->ndrawn), -1;
	}
	for (i = 0; i < g->ndrawn; i++)
		if (strcmp(g->ts.types[g->drawn[i]].id, m->tile) == 0)
			return g->drawn[i];
	return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s was not drawn", w, m->tile),
	    -1;
}

/* Why the tile does not go there, as board_fits says (B-10, B-11), or 0. */
static int
explain_fit(const struct carc_game *g, int type, const struct move *m, const char *w,
    struct carc_err *err)
{
	static const char *const sidew[4] = { "north", "east", "south", "west" };
	const struct tiletype *t = &g->ts.types[type];
	int rot = m->rot / 90, why = board_fits(g, type, m->x, m->y, rot), s, nx, ny;
	const struct placed *p;

	if (g->ndrawn > 1 && !board_placeable(g, type))
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': tile %s fits nowhere; choose a drawn tile that fits (F-7)", w,
		    t->id);
	if (why == 0)
		return 0;
	if (why == 1)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the cell %d,%d holds tile %s",
		    w, m->x, m->y, g->ts.types[g->board[board_at(g, m->x, m->y)].type].id);
	if (why == 2)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': no tile next to %d,%d (B-10)",
		    w, m->x, m->y);
	if (why >= 7)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s wants a tile beside "
		    "each of its '*' edges, and there is none %s of %d,%d", w, t->id,
		    sidew[why - 7], m->x, m->y);
	s = why - 3;
	nx = m->x + side_dx[s];
	ny = m->y + side_dy[s];
	p = &g->board[board_at(g, nx, ny)];
	return seterr(err, CARC_EREFUSED,
	    "illegal move '%s': its %s edge is %s, the tile at %d,%d shows %s (B-11)", w, sidew[s],
	    edge_words[(t->pattern[rot] >> (2 * s)) & 3], nx, ny,
	    edge_words[(g->ts.types[p->type].pattern[p->rot] >> (2 * ((s + 2) & 3))) & 3]);
}

/* Whether a figure that needs a follower of its owner's may go on a segment, and why not. */
enum need { NEED_OK, NEED_NONE, NEED_TAKEN, NEED_DONE };

static enum need need_check(const struct carc_game *, const struct offer *, const int *root,
    unsigned sides, const struct tiletype *, int r, int ft, int s);
static unsigned edge_roots(const struct carc_game *, const struct fcell *, int root[12]);

/* Why a figure that needs a follower of its owner's may not go on segment s (RULES.md §5.5,
 * §5.6), or 0. */
static int
need_refuse(const struct carc_game *g, const struct offer *o, const struct fcell *fc,
    const struct tiletype *t, int r, int ft, int s, const char *w, struct carc_err *err)
{
	const char *fig = g->ts.fig[ft].name, *kind = kinds[t->seg[s].kind]->name;
	int root[12];
	unsigned sides = edge_roots(g, fc, root);

	switch (need_check(g, o, root, sides, t, r, ft, s)) {
	case NEED_NONE:
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s %s goes only on a %s that "
		    "holds a follower of %s's already", w, an(fig), fig, kind,
		    g->pl[g->player].name);
	case NEED_TAKEN:
		return seterr(err, CARC_EREFUSED, "illegal move '%s': that %s holds %s's %s "
		    "already", w, kind, g->pl[g->player].name, fig);
	case NEED_DONE:
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the tile completes that %s, "
		    "and %s %s never goes on a completed one", w, kind, an(fig), fig);
	default:
		return 0;
	}
}

/* The figure of a placement that fits on corner *corner of its tile (corner:NE): its field
 * and type into *seg and *ft, *corner made 1 + the corner, or why not, decided as the
 * generator decides (cell_corners, corner_seg, corner_taken): the figure stands on corners,
 * four tiles meet there, each showing field at it, and the field holds no such figure
 * (RULES.md §5.4). */
static int
check_corner(struct carc_game *g, int type, const struct move *m, const char *w, int *seg,
    int *ft, int *corner, struct carc_err *err)
{
	const struct tiletype *t = &g->ts.types[type];
	const struct fcell *fc = frontier_at(g, m->x, m->y);
	const char *name;
	int rot = m->rot / 90, c = *corner, bx, by;
	struct offer o;

	if (c == -2)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown corner '%s' (corner:NE, "
		    "corner:SE, corner:SW or corner:NW)", w, m->feature + 7);
	if ((*ft = figure_find(&g->ts, m->figure[0] ? m->figure : DEFAULT_FIGURE)) < 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w, m->figure);
	name = g->ts.fig[*ft].name;
	if (!g->ts.fig[*ft].corner)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s %s stands on a feature of "
		    "the tile, not on a corner", w, an(name), name);
	offer_get(g, &o);
	if (o.nbare && bare_now(t, bare_of(&o, t), rot, fcell_claims(g, fc), BARE_CORNERS))
		return bare_refuse(g, type, w, err);
	if (o.left[*ft] <= 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left", w,
		    g->pl[g->player].name, name);
	if (!(o.may[*ft] & (1u << K_FIELD)))
		return stand_refuse(g, STAND_LIMIT, g->player, *ft, K_FIELD, w, err);
	if ((*seg = corner_seg(t, rot, c)) < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': the %s corner of tile %s "
		    "turned %d is not field (§5.4)", w, corner_names[c], t->id, m->rot);
	if (!corner_meets(g, m->x, m->y, c, &bx, &by))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s %s stands where four "
		    "tiles meet, each showing field at the corner, and %d,%d %s (§5.4)", w,
		    an(name), name, bx, by, board_at(g, bx, by) < 0 ? "is empty" :
		    "does not");
	if (corner_taken(g, &o, fc, t, rot, *seg))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': that field has %s %s "
		    "already (§5.4)", w, an(name), name);
	*corner = 1 + c;
	return 0;
}

/* The figure of a placement that fits: its segment and type into *seg and *ft, or why not,
 * decided by what the generator decides with: the offer of the turn (figure_kinds, the
 * supply) and the claims around the cell (B-22). */
static int
check_figure(struct carc_game *g, int type, const struct move *m, const char *w, int *seg,
    int *ft, int *corner, struct carc_err *err)
{
	const struct tiletype *t = &g->ts.types[type];
	int rot = m->rot / 90, k;
	struct offer o;
	unsigned claims;
	char meant[32];

	if ((*corner = corner_by_name(m->feature)) != -1)
		return check_corner(g, type, m, w, seg, ft, corner, err);
	*corner = 0;
	/* a misspelt name: the feature of the tile or the figure of the game meant, if near */
	if ((*seg = seg_by_name(t, rot, m->feature)) == -2 &&
	    suggest_feature(t, rot, m->feature, meant, sizeof(meant)) == 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s'; did you mean "
		    "'%s'?", w, m->feature, meant);
	if (*seg == -2)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown feature '%s' (KIND or "
		    "KIND:SIDE, as road:E or field:Nw)", w, m->feature);
	if (*seg < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s turned %d has no %s", w,
		    t->id, m->rot, m->feature);
	if ((*ft = figure_find(&g->ts, m->figure[0] ? m->figure : DEFAULT_FIGURE)) < 0 &&
	    suggest_figure(&g->ts, m->figure, meant, sizeof(meant)) == 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'; did you mean "
		    "'%s'?", w, m->figure, meant);
	if (*ft < 0)
		return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w, m->figure);
	if (g->ts.fig[*ft].corner)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s %s stands on a corner of "
		    "the tile, as %d,%d,%d,corner:NE@%s (§5.4)", w, an(g->ts.fig[*ft].name),
		    g->ts.fig[*ft].name, m->x, m->y, m->rot, g->ts.fig[*ft].name);
	k = t->seg[*seg].kind;
	offer_get(g, &o);
	if (!(g->ts.fig[*ft].on & (1u << k)))
		return stand_refuse(g, STAND_PLACE, g->player, *ft, k, w, err);
	claims = fcell_claims(g, frontier_at(g, m->x, m->y));
	if (o.nbare && bare_now(t, bare_of(&o, t), rot, claims, BARE_FEATURES))
		return bare_refuse(g, type, w, err);
	if (o.left[*ft] <= 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left (B-25)", w,
		    g->pl[g->player].name, g->ts.fig[*ft].name);
	if (!(o.may[*ft] & (1u << k)))
		return stand_refuse(g, STAND_LIMIT, g->player, *ft, k, w, err);
	if (g->ts.fig[*ft].claims && (SEG_EDGES(t, rot, *seg) & claims)) {
		/* a field claimed by a figure that stands on a corner: a barn's (§5.4) */
		o.nbarn = 0;
		barns_get(g, &o);
		if (corner_taken(g, &o, frontier_at(g, m->x, m->y), t, rot, *seg))
			return seterr(err, CARC_EREFUSED, "illegal move '%s': that field holds a "
			    "barn, and no farmer goes there (§5.4)", w);
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': that %s already has a follower (B-22)", w, kinds[k]->name);
	}
	if (g->ts.fig[*ft].needs_own)
		return need_refuse(g, &o, frontier_at(g, m->x, m->y), t, rot, *ft, *seg, w, err);
	return 0;
}

/* A placement word in phase place, checked and put down; logged when `log`, else its
 * canonical form (TILE/X,Y,ROT...) into canon, of size n, for the caller to log. */
static int
place_word(struct carc_game *g, const char *w, bool log, char *canon, size_t n,
    struct carc_err *err)
{
	struct move m;
	int type, seg = -1, ft = -1, corner = 0;

	if (parse_move(w, &m, err) || (type = chosen_tile(g, &m, w, err)) < 0 ||
	    explain_fit(g, type, &m, w, err) ||
	    (m.feature[0] && check_figure(g, type, &m, w, &seg, &ft, &corner, err)))
		return err->code;

	struct fmove f = { m.x, m.y, type, m.rot / 90, seg, ft, corner };

	if (canon != NULL)
		placement_word(g, &f, true, canon, n);
	if (game_apply(g, &f, log) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

/* A tile from the player's own supply (an abbey), placed by placement word w as if it were
 * the one tile drawn, in phase draw or a module's; the canonical word (TILE/X,Y,ROT...) into
 * canon for the caller to log: a placement of the log like the others. On a refusal the game
 * is as it was. */
int
supply_place(struct carc_game *g, int type, const char *w, char *canon, size_t n,
    struct carc_err *err)
{
	uint16_t drawn[MAXDRAWN];
	int ndrawn = g->ndrawn, rc;
	enum carc_phase phase = g->phase;

	memcpy(drawn, g->drawn, sizeof(drawn));
	g->drawn[0] = type;
	g->ndrawn = 1;
	g->phase = CARC_PLACE;
	if ((rc = place_word(g, w, false, canon, n, err)) != 0) {
		memcpy(g->drawn, drawn, sizeof(drawn));
		g->ndrawn = ndrawn;
		g->phase = phase;
	}
	return rc;
}

/* A decision of the phase: a placement here, a module's word in its phase or in phase draw. */
static int
decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	int rc;

	switch (g->phase) {
	case CARC_DRAW:
		if ((rc = rules_draw_decide(g, w, err)) != -1)
			return rc;
		return seterr(err, CARC_EREFUSED, "no tile drawn yet: run carc-draw first");
	case CARC_SCORE:
		return seterr(err, CARC_EREFUSED,
		    "the tile is already placed: run carc-score to end the turn");
	case CARC_OVER:
		return seterr(err, CARC_EREFUSED, "the game is over");
	case CARC_PLACE:
		break;
	default:
		return rules_phase(g->phase)->decide(g, w, err);
	}
	/* a decision of phase draw once the tiles are drawn: an abbey instead of the draw
	 * (X-AM-1, F-7e), fewer tiles (F-4) */
	if (!word_is_placement(w))
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has drawn already; the "
		    "tile drawn is placed now (carc-place --list)", w, g->pl[g->player].name);
	return place_word(g, w, true, NULL, 0, err);
}

/* Every decision word comes in here, so a malformed one (of any phase, any module) is answered
 * here with the legal decision nearest to it, when one is a slip of the keys away. */
int
carc_game_place(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct carc_err ignored;
	const char **words;
	size_t n;
	int rc = decide(g, w, err);

	if (rc != CARC_EUSAGE || carc_moves(g, &words, &n, &ignored) != 0)
		return rc;
	return suggest_move(w, words, n, err);
}

/* The one writer of placement words: TILE/X,Y,ROT[,FEATURE][@FIGURE], the feature by its
 * canonical name, as --list prints them and the log keeps them. `prefix` leaves TILE/ out
 * (one tile drawn, for --list). */
int
placement_word(const struct carc_game *g, const struct fmove *f, bool prefix, char *w,
    size_t n)
{
	const struct tiletype *t = &g->ts.types[f->type];
	char name[32];
	int len;

	len = snprintf(w, n, "%s%s%d,%d,%d", prefix ? t->id : "", prefix ? "/" : "", f->x, f->y,
	    f->rot * 90);
	if (f->seg >= 0) {
		if (f->corner)
			snprintf(name, sizeof(name), "corner:%s", corner_names[f->corner - 1]);
		else
			seg_rotated_name(t, f->rot, f->seg, name, sizeof(name));
		len += snprintf(w + len, n - len, ",%s", name);
		if (strcmp(g->ts.fig[(int)f->fig].name, DEFAULT_FIGURE) != 0)
			len += snprintf(w + len, n - len, "@%s", g->ts.fig[(int)f->fig].name);
	}
	return len;
}

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
static unsigned
edge_roots(const struct carc_game *g, const struct fcell *fc, int root[12])
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
 * being root[] and its sides with a neighbour `sides` (edge_roots): the feature the segment
 * joins holds a follower of the player's, no figure of type ft of the player's, and is not
 * completed by this tile (a road's or city's open edges, the tile's own matched against its
 * neighbours'). */
static enum need
need_check(const struct carc_game *g, const struct offer *o, const int *root, unsigned sides,
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

/* The segments, a bit each, where figure type ft may go (need_check) in rotation r. A segment
 * whose edges meet a supported feature (f->own) is supported; the rest of need_check is asked
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
			sides = edge_roots(g, &g->frontier[f->cell], root);
			known = true;
		}
		if (need_check(g, o, root, sides, t, r, ft, s) == NEED_OK)
			segs |= 1u << s;
	}
	return segs;
}

/* The fields that hold a figure standing on a corner (a barn), whoever's. */
static void
barns_get(const struct carc_game *g, struct offer *o)
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
		    !corner_taken(g, o, &g->frontier[f->cell], t, r, s))
			n++;
	return n * o->ncorner;
}

static void
offer_get(const struct carc_game *g, struct offer *o)
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
			 * cell are looked at (fits_list) */
			o->edgeclaim |= (m & BARE_SEGS) != 0;
		}
	for (; claimed && !o->edgeclaim; claimed &= claimed - 1)
		o->edgeclaim = kinds[__builtin_ctz(claimed)]->shape != SHAPE_POINT;
	if (o->needs)
		support_get(g, o);
	if (o->corners)
		barns_get(g, o);
}

/* Where no figure may stand on drawn tile t (offer.bare): BARE_* bits, 0 for nowhere. */
static inline unsigned
bare_of(const struct offer *o, const struct tiletype *t)
{
	int i;

	for (i = 0; i < o->nbare; i++)
		if (o->bare[i] == t)
			return o->barewhere[i];
	return 0;
}

/* Whether `what` (BARE_FEATURES, BARE_CORNERS) of tile t in rotation r is barred, by `where`
 * (bare_of), in a cell whose claimed edges are `claims`. */
static bool
bare_now(const struct tiletype *t, unsigned where, int r, unsigned claims, unsigned what)
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

/* The refusal of a figure on a tile where bare_now bars it, in its module's words. */
static int
bare_refuse(struct carc_game *g, int type, const char *w, struct carc_err *err)
{
	char why[160];

	rules_bare(g, type, why, sizeof(why));
	return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, why);
}

/* bare_of and the decisions of a placement on which bare_now bars the features: the
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
	return 1 + (f->corners && !bare_now(t, where, r, f->claims, BARE_CORNERS) ?
	    corner_count(g, o, f, t, r) : 0);
}

/* The figure decisions of a tile where no neighbouring feature is claimed. */
static inline __attribute__((always_inline)) int
figs_all(const struct offer *o, const struct tiletype *t)
{
	int s, k, n = 0;

	if (o->nbare && bare_now(t, bare_fit(o, t), 0, 0, BARE_FEATURES))
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
	    bare_now(t, where, r, f->claims, BARE_FEATURES))
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
static int
fit_moves(const struct carc_game *g, const struct offer *o, const struct fit *f, int r, int j,
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
	if (where && bare_now(t, where, r, f->claims, BARE_FEATURES))
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
	if (where && bare_now(t, where, r, f->claims, BARE_CORNERS))
		return n;
	for (m = f->corners; m != 0; m &= m - 1) {
		if ((s = corner_seg(t, r, __builtin_ctz(m))) < 0 ||
		    corner_taken(g, o, &g->frontier[f->cell], t, r, s))
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
static int
fits_list(struct carc_game *g, const struct offer *o, struct moves *m)
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
			    fc - g->frontier, all, 0, o->corners ? cell_corners(g, fc) : 0 };
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
			while (m->cap - m->n < FIT_MOVES_MAX) {
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
 * and a second scan stops at the one drawn: the same index into the same order as fits_list
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

/* The decisions of tile type t (figs_all `all`) in frontier cell fc, as fits_list counts
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
	corners = o->corners ? cell_corners(g, fc) : 0;
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
 * the same index into the same order as fits_list gives. The counts are kept in m->fit[].n,
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
			continue;	/* fits_list skips a type drawn twice */
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
	    o->corners ? cell_corners(g, &g->frontier[i]) : 0 };
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

	offer_get(g, &o);
	j = -2;
	if (!o.edgeclaim && (j = o.needs || o.corners ? needs_fit(g, &o, m, &one, rng) :
	    one_fit(g, &o, &one, rng)) == -1)
		return -1;
	if (j >= 0)
		f = &one;
	else {
		if ((total = fits_list(g, &o, m)) <= 0)
			return -1;
		j = carc_rng_below(rng, total);
		for (f = m->fit; j >= f->n; f++)
			j -= f->n;
	}
	for (r = 0; r < 4; r++) {
		if (!(f->rots & (1u << r)))
			continue;
		if (j < (n = fit_decisions(g, &o, f, &g->ts.types[f->type], r)))
			return fit_moves(g, &o, f, r, j, NULL) == 1 ? 0 : -1;
		j -= n;
	}
	return -1;
}

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

	offer_get(g, &o);
	if (fits_list(g, &o, &m) < 0 ||
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
			n = fit_moves(g, &o, &m.fit[i], r, 0, v);
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
