/* Move words: [TILE/]X,Y,ROT[,FEATURE][@FIGURE] parsed, checked, applied and listed. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The canonical name of a segment after rotation: the first side clockwise from N (edges) or
 * from Nw (half-edges); a segment that touches no edge is named by its kind alone. */
int
seg_rotated_name(const struct tiletype *t, int rot, int seg, char *out, size_t n)
{
	int k = t->seg[seg].kind, i;

	if (k == K_ROAD || k == K_CITY) {
		for (i = 0; i < 4; i++)
			if (t->rsides[rot][seg] & (1u << i))
				return snprintf(out, n, "%s:%s", kind_names[k], side_names[i]);
	} else if (k == K_FIELD) {
		for (i = 0; i < 8; i++)
			if (t->rhalves[rot][seg] & (1u << i))
				return snprintf(out, n, "%s:%s", kind_names[k], half_names[i]);
	}
	return snprintf(out, n, "%s", kind_names[k]);
}

/* The segment a name like "city:E", "field:Sw" or "cloister" means, -1 if none, -2 if the
 * kind or the side is not a word of the grammar. */
int
seg_by_name(const struct tiletype *t, int rot, const char *name)
{
	char kind[16];
	const char *colon = strchr(name, ':');
	size_t kl = colon ? (size_t)(colon - name) : strlen(name);
	int k, s, i;

	if (kl >= sizeof(kind))
		return -2;
	memcpy(kind, name, kl);
	kind[kl] = '\0';
	for (k = 0; k < NKINDS; k++)
		if (strcmp(kind, kind_names[k]) == 0)
			break;
	if (k == NKINDS)
		return -2;
	if (colon) {
		for (i = 0; i < 8; i++)
			if (strcmp(colon + 1, half_names[i]) == 0 ||
			    (i < 4 && strcmp(colon + 1, side_names[i]) == 0))
				break;
		if (i == 8)
			return -2;
	}
	for (s = 0; s < t->nseg; s++) {
		if (t->seg[s].kind != k)
			continue;
		if (colon == NULL) {
			if (t->rsides[rot][s] == 0 && t->rhalves[rot][s] == 0)
				return s;
			continue;
		}
		for (i = 0; i < 4; i++)
			if (strcmp(colon + 1, side_names[i]) == 0 && (t->rsides[rot][s] & (1u << i)))
				return s;
		for (i = 0; i < 8; i++)
			if (strcmp(colon + 1, half_names[i]) == 0 && (t->rhalves[rot][s] & (1u << i)))
				return s;
	}
	return -1;
}

int
figures_left(const struct carc_game *g, int player, int figtype)
{
	return g->ts.fig[figtype].count - g->held[player][figtype];
}

static int
figtype_find(const struct tileset *ts, const char *name)
{
	int i;

	for (i = 0; i < ts->nfig; i++)
		if (strcmp(ts->fig[i].name, name) == 0)
			return i;
	return -1;
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
	if (!is_placement_word(w))
		return false;
	struct move m;
	struct carc_err err;
	const struct placed *p = &g->board[b];

	return parse_move(w, &m, &err) == 0 && strcmp(m.tile, g->ts.types[p->type].id) == 0 &&
	    m.x == p->x && m.y == p->y && m.rot == p->rot * 90;
}

static const char *const edge_words[3] = { "a field", "a road", "a city" };

/* draw:N, the decision to draw N tiles when the rules let a player draw fewer (F-4). */
static int
draw_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	const char *p = w + 5;
	int n;

	if (*p < '1' || *p > '9' || p[1] != '\0')
		return seterr(err, CARC_EUSAGE, "bad move '%s': expected draw:N, N from 1 to %d", w,
		    DRAW_LIMIT);
	n = *p - '0';
	return carc_game_draw_n(g, n, err);
}

/* The draw decisions open in phase draw: draw:1 ... draw:N when the player may draw fewer
 * than the N tiles his fortune tellers give; none when there is no choice. */
int
draw_words(const struct carc_game *g, struct carc_buf *words)
{
	int n = draw_allowed(g, g->player), i;
	char w[16];

	if (g->rules.ft_draw != FT_DRAW_MAY || n < 2)
		return 0;
	for (i = n; i >= 1; i--) {
		snprintf(w, sizeof(w), "draw:%d", i);
		if (carc_buf_add(words, w, strlen(w) + 1) == -1)
			return -1;
	}
	return n;
}

int
carc_game_place(struct carc_game *g, const char *w, struct carc_err *err)
{
	struct move m;
	const struct tiletype *t;
	int i, type = -1, rot, why, seg = -1, ft = -1, b;

	switch (g->phase) {
	case CARC_DRAW:
		if (strncmp(w, "draw:", 5) == 0)
			return draw_decide(g, w, err);
		return seterr(err, CARC_EREFUSED, "no tile drawn yet: run carc-draw first");
	case CARC_SCORE:
		return seterr(err, CARC_EREFUSED,
		    "the tile is already placed: run carc-score to end the turn");
	case CARC_OVER:
		return seterr(err, CARC_EREFUSED, "the game is over");
	case CARC_HURL:
	case CARC_SEDUCE:
		return catapult_decide(g, w, err);
	case CARC_PLACE:
		break;
	}
	if (parse_move(w, &m, err))
		return err->code;
	if (m.tile[0]) {
		for (i = 0; i < g->ndrawn; i++)
			if (strcmp(g->ts.types[g->drawn[i]].id, m.tile) == 0)
				type = g->drawn[i];
		if (type < 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s was not drawn", w,
			    m.tile);
	} else if (g->ndrawn == 1)
		type = g->drawn[0];
	else
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': %d tiles were drawn, say which as TILE/X,Y,ROT", w, g->ndrawn);
	t = &g->ts.types[type];
	rot = m.rot / 90;
	if (g->ndrawn > 1 && !board_placeable(g, type))
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': tile %s fits nowhere; choose a drawn tile that fits (F-7)", w,
		    t->id);
	if ((why = board_fits(g, type, m.x, m.y, rot)) != 0) {
		if (why == 1) {
			b = board_at(g, m.x, m.y);
			return seterr(err, CARC_EREFUSED, "illegal move '%s': the cell %d,%d holds tile %s",
			    w, m.x, m.y, g->ts.types[g->board[b].type].id);
		}
		if (why == 2)
			return seterr(err, CARC_EREFUSED,
			    "illegal move '%s': no tile next to %d,%d (B-10)", w, m.x, m.y);
		int s = why - 3, nx = m.x + side_dx[s], ny = m.y + side_dy[s];
		const struct placed *p = &g->board[board_at(g, nx, ny)];
		static const char *const sidew[4] = { "north", "east", "south", "west" };

		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': its %s edge is %s, the tile at %d,%d shows %s (B-11)", w,
		    sidew[s], edge_words[(t->pattern[rot] >> (2 * s)) & 3], nx, ny,
		    edge_words[(g->ts.types[p->type].pattern[p->rot] >> (2 * ((s + 2) & 3))) & 3]);
	}
	if (m.feature[0]) {
		seg = seg_by_name(t, rot, m.feature);
		if (seg == -2)
			return seterr(err, CARC_EUSAGE,
			    "bad move '%s': unknown feature '%s' (KIND or KIND:SIDE, as road:E or "
			    "field:Nw)", w,
			    m.feature);
		if (seg < 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': tile %s turned %d has no %s",
			    w, t->id, m.rot, m.feature);
		ft = figtype_find(&g->ts, m.figure[0] ? m.figure : DEFAULT_FIGURE);
		if (ft < 0)
			return seterr(err, CARC_EUSAGE, "bad move '%s': unknown figure '%s'", w, m.figure);
		int k = t->seg[seg].kind;
		enum stand st = figure_may_stand(g, g->player, ft, k, -1);

		if (st == STAND_PLACE || st == STAND_FARMERS)
			return stand_refuse(g, st, g->player, ft, k, w, err);
		if (figures_left(g, g->player, ft) <= 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no %s left (B-25)", w,
			    g->pl[g->player].name, g->ts.fig[ft].name);
		if (st != STAND_OK)
			return stand_refuse(g, st, g->player, ft, k, w, err);
		if (g->ts.fig[ft].claims && seg_claimed_if_placed(g, type, m.x, m.y, rot, seg))
			return seterr(err, CARC_EREFUSED,
			    "illegal move '%s': that %s already has a follower (B-22)", w, kind_names[k]);
	}
	if (game_apply(g, type, m.x, m.y, rot, seg, ft, true) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

/* Puts a checked placement down: the tile, its figure, the log word (unless a bot's playout
 * asks for none), the drawn tiles not chosen back into the supply. -1 if out of memory. */
int
game_apply(struct carc_game *g, int type, int x, int y, int rot, int seg, int ft, bool log)
{
	const struct tiletype *t = &g->ts.types[type];
	char word[96], name[32];
	int b, i;

	b = board_place(g, type, x, y, rot);
	if (seg >= 0 && fig_add(g, b, seg, g->player, ft) == -1)
		return -1;
	if (log) {
		snprintf(word, sizeof(word), "%s/%d,%d,%d", t->id, x, y, rot * 90);
		if (seg >= 0) {
			seg_rotated_name(t, rot, seg, name, sizeof(name));
			snprintf(word + strlen(word), sizeof(word) - strlen(word), ",%s", name);
			if (strcmp(g->ts.fig[ft].name, DEFAULT_FIGURE) != 0)
				snprintf(word + strlen(word), sizeof(word) - strlen(word), "@%s",
				    g->ts.fig[ft].name);
		}
		if (game_log(g, word) == -1)
			return -1;
	}
	/* F-7d: the tiles not chosen are held until the turn ends (carc_game_score) */
	for (i = 0; i < g->ndrawn && g->drawn[i] != type; i++)
		;
	if (g->ndrawn == 1)
		g->ndrawn = 0;
	else if (i < g->ndrawn) {
		memmove(g->drawn + i, g->drawn + i + 1, (g->ndrawn - i - 1) * sizeof(*g->drawn));
		g->ndrawn--;
	}
	g->phase = CARC_SCORE;
	g->cat.pending = PENDING_PLACE;
	return 0;
}

static int
cmp_cell(const void *a, const void *b)
{
	int32_t ka = *(const int32_t *)a, kb = *(const int32_t *)b;
	int ya = (ka & 0xffff), yb = (kb & 0xffff), xa = (uint32_t)ka >> 16, xb = (uint32_t)kb >> 16;

	return ya != yb ? (ya > yb) - (ya < yb) : (xa > xb) - (xa < xb);
}

static int
word_add(struct carc_game *g, const char *w)
{
	return carc_buf_add(&g->words, w, strlen(w) + 1);
}

/* Fills g->words with every legal placement word, NUL-separated. */
static int
list_words(struct carc_game *g, struct carc_err *err)
{
	int32_t *cells;
	int i, d, r, s, f, x, y, n;
	char pre[ID_MAX + 1], w[96], name[32];

	g->words.len = 0;
	if (g->phase == CARC_OVER)
		return seterr(err, CARC_EREFUSED, "the game is over");
	if (g->phase == CARC_HURL || g->phase == CARC_SEDUCE)
		return catapult_words(g, err);
	if (g->phase == CARC_DRAW && (n = draw_words(g, &g->words)) != 0)
		return n < 0 ? seterr(err, CARC_ESOFTWARE, "out of memory") : 0;
	if (g->phase != CARC_PLACE)
		return seterr(err, CARC_EREFUSED, "the game waits for %s, not for a placement",
		    g->phase == CARC_DRAW ? "carc-draw" : "carc-score");
	n = g->nfrontier;
	if ((cells = malloc((n + 1) * sizeof(*cells))) == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	for (i = 0; i < n; i++)
		cells[i] = g->frontier[i].key;
	qsort(cells, n, sizeof(*cells), cmp_cell);
	for (d = 0; d < g->ndrawn; d++) {
		int type = g->drawn[d], e;
		const struct tiletype *t = &g->ts.types[type];

		for (e = 0; e < d && g->drawn[e] != type; e++)
			;
		if (e < d)
			continue;	/* two copies of a tile: one set of decisions */

		if (g->ndrawn > 1)
			snprintf(pre, sizeof(pre), "%s/", t->id);
		else
			pre[0] = '\0';
		for (i = 0; i < n; i++) {
			x = (int)((uint32_t)cells[i] >> 16) - 32768;
			y = (int)(cells[i] & 0xffff) - 32768;
			for (r = 0; r < 4; r++) {
				if (t->same_as[r] != r || board_fits(g, type, x, y, r) != 0)
					continue;
				snprintf(w, sizeof(w), "%s%d,%d,%d", pre, x, y, r * 90);
				word_add(g, w);
				for (s = 0; s < t->nseg; s++) {
					int k = t->seg[s].kind;

					seg_rotated_name(t, r, s, name, sizeof(name));
					for (f = 0; f < g->ts.nfig; f++) {
						const struct figtype *ft = &g->ts.fig[f];

						if (figure_may_stand(g, g->player, f, k, -1) != STAND_OK ||
						    figures_left(g, g->player, f) <= 0)
							continue;
						if (ft->claims && seg_claimed_if_placed(g, type, x, y, r, s))
							continue;
						bool plain = strcmp(ft->name, DEFAULT_FIGURE) == 0;

						snprintf(w, sizeof(w), "%s%d,%d,%d,%s%s%s", pre, x, y, r * 90,
						    name, plain ? "" : "@", plain ? "" : ft->name);
						word_add(g, w);
					}
				}
			}
		}
	}
	free(cells);
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
