/* The Catapult played digitally (RULES.md §7, DESIGN.md "The catapult, digitally"): figures
 * stand at points given by the tile data, a hurl lands at its aim plus seeded scatter, and
 * every distance is integer hundredths of a tile. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

const char *const token_names[NTOKENS] = { "knockout", "seduction", "target", "catch" };

/* Where a figure stands on a segment: the mean of the points of the sides (roads, cities) or
 * half-edges (fields) it reaches; one-tile features stand in the middle. */
void
anchors_compute(struct tiletype *t)
{
	static const int city[4][2] = { { 50, 18 }, { 82, 50 }, { 50, 82 }, { 18, 50 } };
	static const int road[4][2] = { { 50, 30 }, { 70, 50 }, { 50, 70 }, { 30, 50 } };
	static const int half[8][2] = { { 25, 8 }, { 75, 8 }, { 92, 25 }, { 92, 75 }, { 75, 92 },
		{ 25, 92 }, { 8, 75 }, { 8, 25 } };
	int s, i, r, n, x, y;

	for (s = 0; s < t->nseg; s++) {
		const struct seg *g = &t->seg[s];

		n = x = y = 0;
		for (i = 0; i < 4; i++)
			if (g->sides & (1u << i)) {
				x += g->kind == K_CITY ? city[i][0] : road[i][0];
				y += g->kind == K_CITY ? city[i][1] : road[i][1];
				n++;
			}
		for (i = 0; i < 8; i++)
			if (g->halves & (1u << i)) {
				x += half[i][0];
				y += half[i][1];
				n++;
			}
		if (n == 0) {
			x = y = g->kind == K_GARDEN ? 72 : 50;
			n = 1;
		}
		x /= n;
		y /= n;
		for (r = 0; r < 4; r++) {
			t->ax[r][s] = x;
			t->ay[r][s] = y;
			i = x;		/* a quarter turn clockwise about the middle */
			x = 100 - y;
			y = i;
		}
	}
}

void
fig_position(const struct carc_game *g, int f, int32_t *x, int32_t *y)
{
	const struct figure *fg = &g->figs[f];
	const struct placed *p = &g->board[fg->tile];
	const struct tiletype *t = &g->ts.types[p->type];

	*x = p->x * 100 + t->ax[p->rot][fg->seg];
	*y = p->y * 100 + t->ay[p->rot][fg->seg];
}

/* "1.25" or "-0.5" to hundredths; at most two decimals. */
int
parse_centi(const char *s, int lo, int hi, int32_t *out)
{
	long v = 0, frac = 0;
	int neg = 0, digits = 0, fd = 0;

	if (*s == '-') {
		neg = 1;
		s++;
	}
	for (; isdigit((unsigned char)*s); s++, digits++)
		if ((v = v * 10 + (*s - '0')) > 1000000)
			return -1;
	if (*s == '.') {
		for (s++; isdigit((unsigned char)*s); s++, fd++)
			if (fd < 2)
				frac = frac * 10 + (*s - '0');
			else if (*s != '0')
				return -1;	/* finer than a hundredth */
		if (fd == 1)
			frac *= 10;
	}
	if (*s != '\0' || (digits == 0 && fd == 0))
		return -1;
	v = v * 100 + frac;
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

void
format_centi(char *buf, size_t n, int32_t v)
{
	snprintf(buf, n, "%s%d.%02d", v < 0 ? "-" : "", abs(v) / 100, abs(v) % 100);
}

static int
floordiv100(int32_t v)
{
	return v >= 0 ? v / 100 : -((-v + 99) / 100);
}

/* Triangular scatter in [-s, s]: small misses are likelier than large ones. */
static int32_t
scatter(struct carc_game *g)
{
	int s = g->rules.scatter;

	if (s == 0)
		return 0;
	return ((int32_t)carc_rng_below(&g->rng, 2 * s + 1) - s +
	    (int32_t)carc_rng_below(&g->rng, 2 * s + 1) - s) / 2;
}

static int32_t
clamp(int32_t v, int32_t lo, int32_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static int
token_find(const char *s, size_t n)
{
	int i;

	for (i = 0; i < NTOKENS; i++)
		if (strlen(token_names[i]) == n && strncmp(token_names[i], s, n) == 0)
			return i;
	return -1;
}

bool
is_placement_word(const char *w)
{
	return strncmp(w, "hurl:", 5) != 0 && strncmp(w, "seduce:", 7) != 0 &&
	    strncmp(w, "draw:", 5) != 0;
}

/* After the full turn in which a fair tile was placed (X-CA-3). */
void
catapult_start(struct carc_game *g, int tile)
{
	memset(&g->cat, 0, sizeof(g->cat));
	g->cat.on = true;
	g->cat.fx = g->board[tile].x;
	g->cat.fy = g->board[tile].y;
	g->cat.first = g->player;
	g->cat.token = -1;
	g->cat.victim = -1;
	g->phase = CARC_HURL;
}

static int
hurl(struct carc_game *g, const char *w, struct carc_err *err)
{
	const char *p = w + 5, *colon = strchr(p, ':'), *comma;
	int tok;
	int32_t x = 0, y = 0;
	char a[24];

	if (colon == NULL || (tok = token_find(p, colon - p)) < 0)
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': expected hurl:TOKEN:X,Y or hurl:catch:DISTANCE (tokens: knockout, "
		    "seduction, target, catch)", w);
	p = colon + 1;
	if (tok == TOKEN_CATCH) {
		if (parse_centi(p, 0, 2000, &x) == -1)
			return seterr(err, CARC_EUSAGE,
			    "bad move '%s': a catch hurl names a distance from 0 to 20 tiles", w);
	} else {
		if ((comma = strchr(p, ',')) == NULL || (size_t)(comma - p) >= sizeof(a))
			return seterr(err, CARC_EUSAGE, "bad move '%s': expected hurl:TOKEN:X,Y", w);
		memcpy(a, p, comma - p);
		a[comma - p] = '\0';
		if (parse_centi(a, -LAND_MAX, LAND_MAX, &x) == -1 ||
		    parse_centi(comma + 1, -LAND_MAX, LAND_MAX, &y) == -1)
			return seterr(err, CARC_EUSAGE,
			    "bad move '%s': the aim is X,Y in tiles with at most two decimals", w);
	}
	if (g->cat.token >= 0 && tok != g->cat.token)
		return seterr(err, CARC_EREFUSED,
		    "illegal move '%s': this round hurls %s tokens (X-CA-4)", w,
		    token_names[(int)g->cat.token]);
	g->cat.token = tok;
	if (tok == TOKEN_CATCH) {
		x += scatter(g);
		if (x < 0)
			x = 0;
	} else {
		/* an aim at the edge may scatter past it: the state holds no farther landing */
		x = clamp(x + scatter(g), -LAND_MAX, LAND_MAX);
		y = clamp(y + scatter(g), -LAND_MAX, LAND_MAX);
	}
	g->cat.land[(int)g->cat.hurled] = (struct landing){ .player = g->player, .x = x, .y = y };
	g->cat.pending = PENDING_HURL;
	return 0;
}

/* The kind of feature the victim stands on. */
static int
victim_kind(const struct carc_game *g)
{
	const struct figure *v = &g->figs[g->cat.victim];

	return g->ts.types[g->board[v->tile].type].seg[v->seg].kind;
}

/* Whether the hurler may put the seducer `from` (FROM_SUPPLY: a follower from the supply, or
 * one of the hurler's figures on the board) where the victim stands: a follower that may stand
 * there, within every limit (X-CA-7, F-3). */
static enum stand
seducer_may(const struct carc_game *g, int from)
{
	int k = victim_kind(g);

	if (from == FROM_SUPPLY)
		return figures_left(g, g->player, 0) > 0 ?
		    figure_may_stand(g, g->player, 0, k, -1) : STAND_PLACE;
	if (from == g->cat.victim || g->figs[from].owner != g->player ||
	    !g->ts.fig[g->figs[from].type].claims)
		return STAND_PLACE;
	return figure_may_stand(g, g->player, g->figs[from].type, k, from);
}

/* X,Y,FEATURE: the coordinates are read in range, as in a placement, for board_at. */
static int
own_follower_at(struct carc_game *g, const char *spec, struct carc_err *err, const char *w)
{
	int xy[2], x, y, b, s, f;
	const char *feat = spec;
	char *end;
	long v;

	for (f = 0; f < 2; f++) {
		errno = 0;
		v = strtol(feat, &end, 10);
		if (end == feat || *end != ',' || errno || v < -COORD_MAX || v > COORD_MAX)
			break;
		xy[f] = v;
		feat = end + 1;
	}
	if (f < 2 || *feat == '\0')
		return seterr(err, CARC_EUSAGE,
		    "bad move '%s': expected seduce:supply, seduce:X,Y,FEATURE or seduce:none", w), -1;
	x = xy[0];
	y = xy[1];
	if ((b = board_at(g, x, y)) < 0 ||
	    (s = seg_by_name(&g->ts.types[g->board[b].type], g->board[b].rot, feat)) < 0)
		return seterr(err, CARC_EREFUSED, "illegal move '%s': no %s at %d,%d", w, feat, x, y),
		    -1;
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].tile == b && g->figs[f].seg == s && g->figs[f].owner == g->player &&
		    g->ts.fig[g->figs[f].type].claims && f != g->cat.victim)
			return f;
	return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no follower there", w,
	    g->pl[g->player].name), -1;
}

/* X-CA-7: the hurler says where the seducer comes from; carc-score makes the exchange. */
static int
seduce(struct carc_game *g, const char *w, struct carc_err *err)
{
	const char *spec = w + 7;
	int from = FROM_SUPPLY;

	enum stand why;

	if (strcmp(spec, "none") == 0)
		from = FROM_NONE;
	else if (strcmp(spec, "supply") == 0) {
		if (figures_left(g, g->player, 0) <= 0)
			return seterr(err, CARC_EREFUSED, "illegal move '%s': %s has no follower left",
			    w, g->pl[g->player].name);
	} else if ((from = own_follower_at(g, spec, err, w)) < 0)
		return err->code;
	if (from != FROM_NONE && (why = seducer_may(g, from)) != STAND_OK)
		return stand_refuse(g, why, g->player, from >= 0 ? g->figs[from].type : 0,
		    victim_kind(g), w, err);
	g->cat.from = from;
	g->cat.pending = PENDING_SEDUCE;
	return 0;
}

/* The victim goes home and one of the hurler's followers takes its place, from the supply or
 * from elsewhere on the board. */
static int
exchange(struct carc_game *g, struct carc_err *err)
{
	int victim = g->cat.victim, from = g->cat.from, tile, seg, type;

	g->cat.victim = -1;
	if (from == FROM_NONE || victim < 0)
		return 0;
	tile = g->figs[victim].tile;
	seg = g->figs[victim].seg;
	type = from >= 0 ? g->figs[from].type : 0;	/* the seducer's kind, not the victim's */
	report(g, "%s seduces %s's follower at %d,%d\n", g->pl[g->player].name,
	    g->pl[g->figs[victim].owner].name, g->board[tile].x, g->board[tile].y);
	if (from > victim) {
		fig_remove(g, from);
		fig_remove(g, victim);
	} else {
		fig_remove(g, victim);
		if (from >= 0)
			fig_remove(g, from);
	}
	if (fig_add(g, tile, seg, g->player, type) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}

int
catapult_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	int rc;

	if (g->phase == CARC_HURL) {
		if (strncmp(w, "hurl:", 5) != 0)
			return seterr(err, strncmp(w, "seduce:", 7) == 0 ? CARC_EREFUSED : CARC_EUSAGE,
			    "bad move '%s': a catapult round waits for %s's hurl, "
			    "as hurl:TOKEN:X,Y", w, g->pl[g->player].name);
		rc = hurl(g, w, err);
	} else {
		if (strncmp(w, "seduce:", 7) != 0)
			return seterr(err, strncmp(w, "hurl:", 5) == 0 ? CARC_EREFUSED : CARC_EUSAGE,
			    "bad move '%s': %s decides where the seducer comes from: seduce:supply, "
			    "seduce:X,Y,FEATURE or seduce:none", w, g->pl[g->player].name);
		rc = seduce(g, w, err);
	}
	if (rc)
		return rc;
	if (!g->quiet && game_log(g, w) == -1)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	g->phase = CARC_SCORE;
	return 0;
}

static int64_t
dist2(int32_t ax, int32_t ay, int32_t bx, int32_t by)
{
	int64_t dx = ax - bx, dy = ay - by;

	return dx * dx + dy * dy;
}

static bool
on_map(const struct carc_game *g, int32_t x, int32_t y)
{
	return board_at(g, floordiv100(x), floordiv100(y)) >= 0;
}

/* X-CA-6: every follower within reach of the landing goes home, and then, as a chain, every
 * follower within the chain length of one that fell, until nothing more falls. The figures
 * fall in rounds (hit, then hit by those, …); each is told once, then all are removed. */
static int
knockout(struct carc_game *g, const struct landing *l)
{
	int64_t r2 = (int64_t)g->rules.reach * g->rules.reach, c2;
	int32_t *px, *py;
	int8_t *fell;		/* 0 standing, 1 hit by the token, 2 by a falling follower */
	int f, h, n = g->nfigs, chain = CHAIN_LENGTH(&g->rules);
	bool more;

	if (n == 0)
		return 0;
	c2 = (int64_t)chain * chain;
	px = malloc(n * sizeof(*px));
	py = malloc(n * sizeof(*py));
	fell = calloc(n, 1);
	if (px == NULL || py == NULL || fell == NULL) {
		free(px);
		free(py);
		free(fell);
		return -1;
	}
	for (f = 0; f < n; f++) {
		fig_position(g, f, &px[f], &py[f]);
		if (g->ts.fig[g->figs[f].type].claims && dist2(px[f], py[f], l->x, l->y) <= r2)
			fell[f] = 1;
	}
	/* a chain of length 0 is no chain */
	for (more = chain > 0; more;) {
		more = false;
		for (f = 0; f < n; f++) {
			if (fell[f] || !g->ts.fig[g->figs[f].type].claims)
				continue;
			for (h = 0; h < n; h++)
				if (fell[h] && dist2(px[f], py[f], px[h], py[h]) <= c2)
					break;
			if (h < n) {
				fell[f] = 2;
				more = true;
			}
		}
	}
	for (f = n - 1; f >= 0; f--) {
		if (!fell[f])
			continue;
		report(g, "%s knocks out %s's follower at %d,%d%s\n",
		    g->pl[(int)l->player].name, g->pl[g->figs[f].owner].name,
		    g->board[g->figs[f].tile].x, g->board[g->figs[f].tile].y,
		    fell[f] == 2 ? " in a chain reaction" : "");
		fig_remove(g, f);
	}
	free(px);
	free(py);
	free(fell);
	return 0;
}

/* X-CA-7: the follower of another player than the hurler nearest to a landing, or -1; ties go
 * to the figure placed first. The hurler's own followers are never candidates. */
static int
nearest(const struct carc_game *g, const struct landing *l)
{
	int f, best = -1;
	int64_t bd = 0, d;
	int32_t fx, fy;

	for (f = 0; f < g->nfigs; f++) {
		if (!g->ts.fig[g->figs[f].type].claims || g->figs[f].owner == l->player)
			continue;
		fig_position(g, f, &fx, &fy);
		d = dist2(fx, fy, l->x, l->y);
		if (best < 0 || d < bd) {
			best = f;
			bd = d;
		}
	}
	return best;
}

static int64_t
fair_dist2(const struct carc_game *g, const struct landing *l)
{
	int32_t x0 = g->cat.fx * 100, y0 = g->cat.fy * 100, dx = 0, dy = 0;

	if (l->x < x0)
		dx = x0 - l->x;
	else if (l->x > x0 + 100)
		dx = l->x - (x0 + 100);
	if (l->y < y0)
		dy = y0 - l->y;
	else if (l->y > y0 + 100)
		dy = l->y - (y0 + 100);
	return (int64_t)dx * dx + (int64_t)dy * dy;
}

/* X-CA-8: the landings on the map nearest the fair tile score 5 each. */
static void
target_scores(struct carc_game *g)
{
	int i;
	int64_t best = -1, d;

	for (i = 0; i < g->cat.hurled; i++)
		if (on_map(g, g->cat.land[i].x, g->cat.land[i].y) &&
		    (best < 0 || (d = fair_dist2(g, &g->cat.land[i])) < best))
			best = fair_dist2(g, &g->cat.land[i]);
	if (best < 0)
		return;
	for (i = 0; i < g->cat.hurled; i++)
		if (on_map(g, g->cat.land[i].x, g->cat.land[i].y) &&
		    fair_dist2(g, &g->cat.land[i]) == best) {
			g->pl[(int)g->cat.land[i].player].score += 5;
			report(g, "%s scores 5 for the token nearest the fair\n",
			    g->pl[(int)g->cat.land[i].player].name);
		}
}

/* X-CA-9, this project's model: a hurl counts when it flies at least as far as the ruler
 * (seed 002), and the left neighbour catches it when it lands within catch reach beyond; both
 * then score 5. */
static void
catch_scores(struct carc_game *g, const struct landing *l)
{
	int catcher = (l->player + 1) % g->nplayers;

	if (l->x < g->rules.ruler || l->x > g->rules.ruler + g->rules.catch_reach)
		return;
	g->pl[(int)l->player].score += 5;
	g->pl[catcher].score += 5;
	report(g, "%s scores 5 for a hurl that was caught\n", g->pl[(int)l->player].name);
	report(g, "%s scores 5 for catching %s's token\n", g->pl[catcher].name,
	    g->pl[(int)l->player].name);
}

static bool
can_seduce(const struct carc_game *g)
{
	int f;

	if (seducer_may(g, FROM_SUPPLY) == STAND_OK)
		return true;
	for (f = 0; f < g->nfigs; f++)
		if (g->figs[f].owner == g->player && seducer_may(g, f) == STAND_OK)
			return true;
	return false;
}

/* For the state reader: a seduction waited for or decided must be one the rules allow. */
int
catapult_check(const struct carc_game *g, char *why, size_t n)
{
	const struct catapult *c = &g->cat;

	if (c->victim < 0)
		return 0;
	if (g->figs[c->victim].owner == g->player || !g->ts.fig[g->figs[c->victim].type].claims)
		return snprintf(why, n, "the victim is not another player's follower"), -1;
	if (g->phase == CARC_SEDUCE && !can_seduce(g))
		return snprintf(why, n, "%s has no follower that may take the victim's place",
		    g->pl[g->player].name), -1;
	if (c->pending == PENDING_SEDUCE && c->from != FROM_NONE &&
	    seducer_may(g, c->from) != STAND_OK)
		return snprintf(why, n, "the seducer may not take the victim's place"), -1;
	return 0;
}

/* carc-score during a round: the effect of the last hurl, then the next hurler or the end. */
int
catapult_resolve(struct carc_game *g, struct carc_err *err)
{
	struct landing *l = &g->cat.land[(int)g->cat.hurled];
	int v;

	g->report.len = 0;
	if (g->cat.pending == PENDING_SEDUCE && exchange(g, err))
		return err->code;
	if (g->cat.pending == PENDING_HURL) {
		switch (g->cat.token) {
		case TOKEN_KNOCKOUT:
			if (knockout(g, l) == -1)
				return seterr(err, CARC_ESOFTWARE, "out of memory");
			break;
		case TOKEN_SEDUCTION:
			if (!on_map(g, l->x, l->y) || (v = nearest(g, l)) < 0)
				break;
			g->cat.victim = v;
			if (!can_seduce(g)) {
				g->cat.victim = -1;
				break;
			}
			g->phase = CARC_SEDUCE;
			g->cat.pending = PENDING_NONE;
			return 0;
		case TOKEN_CATCH:
			catch_scores(g, l);
			break;
		}
	}
	g->cat.pending = PENDING_NONE;
	g->cat.hurled++;
	if (g->cat.hurled < g->nplayers) {
		g->player = (g->cat.first + g->cat.hurled) % g->nplayers;
		g->phase = CARC_HURL;
		return 0;
	}
	if (g->cat.token == TOKEN_TARGET)
		target_scores(g);
	g->player = (g->cat.first + 1) % g->nplayers;
	memset(&g->cat, 0, sizeof(g->cat));
	g->cat.victim = -1;
	g->phase = CARC_DRAW;
	game_advance(g);
	return g->report.data || g->quiet || g->phase != CARC_OVER ? 0 :
	    seterr(err, CARC_ESOFTWARE, "out of memory");
}

/* For people: the round so far, one line a landing, then whose decision it is. */
void
catapult_describe(const struct carc_game *g, struct carc_buf *b)
{
	const struct catapult *c = &g->cat;
	char x[24], y[24];
	int i, n = c->hurled + (c->pending != PENDING_NONE || g->phase == CARC_SEDUCE);

	carc_buf_printf(b, "catapult round for the fair at %d,%d", c->fx, c->fy);
	if (c->token >= 0)
		carc_buf_printf(b, ", %s tokens", token_names[(int)c->token]);
	carc_buf_add(b, "\n", 1);
	for (i = 0; i < n; i++) {
		format_centi(x, sizeof(x), c->land[i].x);
		format_centi(y, sizeof(y), c->land[i].y);
		if (c->token == TOKEN_CATCH)
			carc_buf_printf(b, "  %s hurled %s tiles\n", g->pl[(int)c->land[i].player].name, x);
		else
			carc_buf_printf(b, "  %s's token landed at %s,%s%s\n",
			    g->pl[(int)c->land[i].player].name, x, y,
			    on_map(g, c->land[i].x, c->land[i].y) ? "" : " (off the map)");
	}
	if (g->phase == CARC_HURL)
		carc_buf_printf(b, "%s hurls next\n", g->pl[g->player].name);
	else if (g->phase == CARC_SEDUCE)
		carc_buf_printf(b, "%s may seduce the follower at %d,%d\n", g->pl[g->player].name,
		    g->board[g->figs[c->victim].tile].x, g->board[g->figs[c->victim].tile].y);
	else if (g->phase == CARC_SCORE)
		carc_buf_printf(b, "the hurl waits for carc-score\n");
}

static int
word(struct carc_game *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int
word(struct carc_game *g, const char *fmt, ...)
{
	char w[96];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(w, sizeof(w), fmt, ap);
	va_end(ap);
	return carc_buf_add(&g->words, w, strlen(w) + 1);
}

/* The decisions --list offers in a round: aims at the other players' followers for knock-out
 * and seduction, the middle of the fair for target hurling, three distances for a catch. Any
 * other aim is a legal word too. */
int
catapult_words(struct carc_game *g, struct carc_err *err)
{
	char a[24], b[24], name[32];
	int tok, f, i;
	int32_t x, y;

	if (g->phase == CARC_SEDUCE) {
		if (seducer_may(g, FROM_SUPPLY) == STAND_OK)
			word(g, "seduce:supply");
		for (f = 0; f < g->nfigs; f++) {
			const struct placed *p = &g->board[g->figs[f].tile];

			if (g->figs[f].owner != g->player || seducer_may(g, f) != STAND_OK)
				continue;
			seg_rotated_name(&g->ts.types[p->type], p->rot, g->figs[f].seg, name,
			    sizeof(name));
			word(g, "seduce:%d,%d,%s", p->x, p->y, name);
		}
		word(g, "seduce:none");
		return 0;
	}
	for (tok = 0; tok < NTOKENS; tok++) {
		if (g->cat.token >= 0 && tok != g->cat.token)
			continue;
		switch (tok) {
		case TOKEN_KNOCKOUT:
		case TOKEN_SEDUCTION:
			for (f = 0, i = 0; f < g->nfigs; f++) {
				if (g->figs[f].owner == g->player || !g->ts.fig[g->figs[f].type].claims)
					continue;
				fig_position(g, f, &x, &y);
				format_centi(a, sizeof(a), x);
				format_centi(b, sizeof(b), y);
				word(g, "hurl:%s:%s,%s", token_names[tok], a, b);
				i++;
			}
			if (i > 0)
				break;
			/* nobody to aim at: the fair will do */
			__attribute__((fallthrough));
		case TOKEN_TARGET:
			format_centi(a, sizeof(a), g->cat.fx * 100 + 50);
			format_centi(b, sizeof(b), g->cat.fy * 100 + 50);
			word(g, "hurl:%s:%s,%s", token_names[tok], a, b);
			break;
		case TOKEN_CATCH:
			format_centi(a, sizeof(a), g->rules.ruler + 10);
			word(g, "hurl:catch:%s", a);
			format_centi(a, sizeof(a), g->rules.ruler + g->rules.catch_reach / 2);
			word(g, "hurl:catch:%s", a);
			format_centi(a, sizeof(a), g->rules.ruler + g->rules.catch_reach);
			word(g, "hurl:catch:%s", a);
			break;
		}
	}
	return g->words.data ? 0 : seterr(err, CARC_ESOFTWARE, "out of memory");
}
