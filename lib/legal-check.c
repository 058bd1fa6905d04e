/* A decision checked and taken, for the one legality (legal.c): whether a figure may stand on
 * a feature; a placement word parsed, explained (each refusal says why) and put down; every
 * decision word of any phase (carc_game_place), a malformed one answered with the nearest. */
#include <string.h>

#include "board.h"
#include "legal-int.h"
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

/* ---- a placement word checked and put down ---- */

static const char *const edge_words[3] = { "a field", "a road", "a city" };

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

/* Why a figure that needs a follower of its owner's may not go on segment s (RULES.md §5.5,
 * §5.6), or 0. */
static int
need_refuse(const struct carc_game *g, const struct offer *o, const struct fcell *fc,
    const struct tiletype *t, int r, int ft, int s, const char *w, struct carc_err *err)
{
	const char *fig = g->ts.fig[ft].name, *kind = kinds[t->seg[s].kind]->name;
	int root[12];
	unsigned sides = legal_edge_roots(g, fc, root);

	switch (legal_need_check(g, o, root, sides, t, r, ft, s)) {
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

/* The refusal of a figure on a tile where legal_bare_now bars it, in its module's words. */
static int
bare_refuse(struct carc_game *g, int type, const char *w, struct carc_err *err)
{
	char why[160];

	rules_bare(g, type, why, sizeof(why));
	return seterr(err, CARC_EREFUSED, "illegal move '%s': %s", w, why);
}

/* The figure of a placement that fits on corner *corner of its tile (corner:NE): its field
 * and type into *seg and *ft, *corner made 1 + the corner, or why not, decided as the
 * generator decides (legal_cell_corners, corner_seg, legal_corner_taken): the figure stands on
 * corners, four tiles meet there, each showing field at it, and the field holds no such figure
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
	legal_offer_get(g, &o);
	if (o.nbare && legal_bare_now(t, bare_of(&o, t), rot, fcell_claims(g, fc), BARE_CORNERS))
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
	if (legal_corner_taken(g, &o, fc, t, rot, *seg))
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
	legal_offer_get(g, &o);
	if (!(g->ts.fig[*ft].on & (1u << k)))
		return stand_refuse(g, STAND_PLACE, g->player, *ft, k, w, err);
	claims = fcell_claims(g, frontier_at(g, m->x, m->y));
	if (o.nbare && legal_bare_now(t, bare_of(&o, t), rot, claims, BARE_FEATURES))
		return bare_refuse(g, type, w, err);
	if (o.left[*ft] <= 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left (B-25)", w,
		    g->pl[g->player].name, g->ts.fig[*ft].name);
	if (!(o.may[*ft] & (1u << k)))
		return stand_refuse(g, STAND_LIMIT, g->player, *ft, k, w, err);
	if (g->ts.fig[*ft].claims && (SEG_EDGES(t, rot, *seg) & claims)) {
		/* a field claimed by a figure that stands on a corner: a barn's (§5.4) */
		o.nbarn = 0;
		legal_barns_get(g, &o);
		if (legal_corner_taken(g, &o, frontier_at(g, m->x, m->y), t, rot, *seg))
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

	if (legal_parse_move(w, &m, err) || (type = chosen_tile(g, &m, w, err)) < 0 ||
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
