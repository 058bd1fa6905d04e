/* A tile laid out for the SVG picture (svg.c): which segment each sample point of it shows,
 * where its marks, its signs and the figures on it stand. */
#include <math.h>
#include <string.h>

#include "svg-int.h"

enum { OWN_NONE = -1, OWN_MARK = -2 };

static double
dist2(struct pt a, struct pt b)
{
	return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
}

static double
segdist2(struct pt p, struct pt a, struct pt b)
{
	double dx = b.x - a.x, dy = b.y - a.y, l = dx * dx + dy * dy, u;

	u = l > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l : 0;
	u = u < 0 ? 0 : u > 1 ? 1 : u;
	return dist2(p, (struct pt){ a.x + u * dx, a.y + u * dy });
}

static struct pt
sample(int i, int j)
{
	return (struct pt){ 4 * (i + 1), 4 * (j + 1) };
}

/* A road's centre line: to the middle of the tile from each side, or through it as one
 * curve when the road joins two sides. Returns the number of pieces, as polylines. */
#define ROADSTEPS 8
static int
road_line(const struct tiletype *t, int rot, int s, struct pt line[4][ROADSTEPS + 1], int *len)
{
	uint8_t m = t->rsides[rot][s];
	int a = -1, b = -1, side, n = 0, i;

	if (__builtin_popcount(m) == 2) {
		for (side = 0; side < 4; side++)
			if (m & (1u << side)) {
				if (a < 0)
					a = side;
				else
					b = side;
			}
		for (i = 0; i <= ROADSTEPS; i++) {
			double u = (double)i / ROADSTEPS;

			line[0][i].x = (1 - u) * (1 - u) * sidemid[a].x +
			    2 * u * (1 - u) * centre.x + u * u * sidemid[b].x;
			line[0][i].y = (1 - u) * (1 - u) * sidemid[a].y +
			    2 * u * (1 - u) * centre.y + u * u * sidemid[b].y;
		}
		*len = ROADSTEPS + 1;
		return 1;
	}
	for (side = 0; side < 4; side++)
		if (m & (1u << side)) {
			line[n][0] = sidemid[side];
			line[n][1] = centre;
			n++;
		}
	*len = 2;
	return n;
}

static double
road_dist2(const struct tiletype *t, int rot, int s, struct pt p)
{
	struct pt line[4][ROADSTEPS + 1];
	int len, n = road_line(t, rot, s, line, &len), i, k;
	double best = 1e9, d;

	for (k = 0; k < n; k++)
		for (i = 0; i + 1 < len; i++)
			if ((d = segdist2(p, line[k][i], line[k][i + 1])) < best)
				best = d;
	return best;
}

static bool
city_covers(const struct tiletype *t, int rot, int s, struct pt p)
{
	int r;
	const struct cshape *sh = svg_city_shape(t->rsides[rot][s], &r);

	return sh->inside(svg_unturn(p, r));
}

/* The field of the half-edge nearest to p: fields are split by the roads and cities between
 * their half-edges, so the nearest half tells which side of them p lies. */
static int
field_at(const struct tiletype *t, int rot, struct pt p)
{
	int h, s, best = -1;
	double d, bd = 1e9;

	for (h = 0; h < 8; h++) {
		if ((s = t->halfseg[rot][h]) < 0 || t->seg[s].kind != K_FIELD)
			continue;
		d = h % 2 == 0 ? segdist2(p, corner[h / 2], sidemid[h / 2]) :
		    segdist2(p, sidemid[h / 2], corner[(h / 2 + 1) % 4]);
		if (d < bd) {
			bd = d;
			best = s;
		}
	}
	return best;
}

static void
disc(struct tlayout *L, struct pt p, double r)
{
	int i, j;

	for (j = 0; j < GRID; j++)
		for (i = 0; i < GRID; i++)
			if (dist2(sample(i, j), p) <= r * r)
				L->own[j][i] = OWN_MARK;
}

enum { WANT_SEG, WANT_FIELD, WANT_OPEN };

static bool
wanted(const struct tlayout *L, int own, int how, int s)
{
	if (how == WANT_SEG)
		return own == s;
	if (own >= 0 && L->t->seg[own].kind == K_FIELD)
		return true;
	return how == WANT_OPEN && own == OWN_NONE;
}

/* The wanted sample point with the most room around it; ties go to the one nearest the
 * middle of the tile, then to the first. False if no point is wanted. */
static bool
roomiest(const struct tlayout *L, int how, int s, struct pt *out)
{
	int i, j, k, l;
	double room, d, bestroom = -1, bestmid = 0, mid;
	struct pt p;

	for (j = 0; j < GRID; j++)
		for (i = 0; i < GRID; i++) {
			if (!wanted(L, L->own[j][i], how, s))
				continue;
			p = sample(i, j);
			/* the tile's edge counts as a neighbour a little farther off */
			d = p.x < p.y ? p.x : p.y;
			d = T - p.x < d ? T - p.x : d;
			d = T - p.y < d ? T - p.y : d;
			room = (d + 2) * (d + 2);
			for (l = 0; l < GRID; l++)
				for (k = 0; k < GRID; k++)
					if (!wanted(L, L->own[l][k], how, s) &&
					    (d = dist2(p, sample(k, l))) < room)
						room = d;
			mid = dist2(p, centre);
			if (room > bestroom || (room == bestroom && mid < bestmid)) {
				bestroom = room;
				bestmid = mid;
				*out = p;
			}
		}
	return bestroom >= 0;
}

static bool
free_field(const struct tlayout *L, struct pt p)
{
	int i = (int)(p.x / 4 + 0.5) - 1, j = (int)(p.y / 4 + 0.5) - 1, own;

	if (i < 1 || j < 1 || i >= GRID - 1 || j >= GRID - 1)
		return false;
	own = L->own[j][i];
	return own >= 0 && L->t->seg[own].kind == K_FIELD;
}

/* Where sign k of segment s is drawn (a module's sign: an inn's lake beside its road, a
 * cathedral in its city): on a road's kind, in the field beside the middle of the road; else
 * in the segment's roomiest spot. The spot is taken, so figures stand elsewhere. */
static void
place_sign(struct tlayout *L, int s, int k)
{
	struct pt line[4][ROADSTEPS + 1], p = centre, d, q;
	int len, n, i;
	bool found = false;
	double dl;

	if (L->t->seg[s].kind == K_ROAD) {
		/* halfway along the road (its first piece, when it ends in the middle), then
		 * 12 px to the one side of it or the other */
		n = road_line(L->t, L->rot, s, line, &len);
		d.x = line[0][len - 1].x - line[0][0].x;
		d.y = line[0][len - 1].y - line[0][0].y;
		dl = sqrt(d.x * d.x + d.y * d.y);
		if (n == 1 && len > 2)
			p = line[0][len / 2];
		else
			p = (struct pt){ (line[0][0].x + line[0][1].x) / 2,
			    (line[0][0].y + line[0][1].y) / 2 };
		for (i = 0; i < 2 && dl > 0 && !found; i++) {
			q.x = p.x - (i ? -12 : 12) * d.y / dl;
			q.y = p.y + (i ? -12 : 12) * d.x / dl;
			found = free_field(L, q);
		}
		if (found)
			p = q;
		else if (!roomiest(L, WANT_FIELD, s, &p))
			p = centre;
	} else if (!roomiest(L, WANT_SEG, s, &p))
		p = centre;
	L->sign[s][k] = p;
	disc(L, p, 7);
}

void
svg_layout(struct tlayout *L, const struct tiletype *t, int rot)
{
	int i, j, s, k, ends = 0, where;
	bool midtaken = false;
	struct pt p;

	memset(L, 0, sizeof(*L));
	L->t = t;
	L->rot = rot;
	for (j = 0; j < GRID; j++)
		for (i = 0; i < GRID; i++) {
			p = sample(i, j);
			L->own[j][i] = OWN_NONE;
			for (s = 0; s < t->nseg && L->own[j][i] == OWN_NONE; s++)
				if (svg_skind(t->seg[s].kind)->area == AREA_CITY &&
				    city_covers(t, rot, s, p))
					L->own[j][i] = s;
			for (s = 0; s < t->nseg && L->own[j][i] == OWN_NONE; s++)
				if (svg_skind(t->seg[s].kind)->area == AREA_ROAD &&
				    road_dist2(t, rot, s, p) <= 5.5 * 5.5)
					L->own[j][i] = s;
			if (L->own[j][i] == OWN_NONE)
				L->own[j][i] = field_at(t, rot, p);
		}
	/* marks in the middle first, then a village where roads end and nothing else stands,
	 * then pennants, then the marks that need open ground */
	for (s = 0; s < t->nseg; s++) {
		if (svg_skind(t->seg[s].kind)->area == AREA_ROAD &&
		    __builtin_popcount(t->rsides[rot][s]) == 1)
			ends++;
		if (svg_skind(t->seg[s].kind)->where == MARK_CENTRE) {
			L->mark[s] = centre;
			L->hasmark[s] = true;
			disc(L, centre, svg_skind(t->seg[s].kind)->radius);
			midtaken = true;
		}
	}
	if (ends > 0 && !midtaken && L->own[GRID / 2][GRID / 2] >= 0 &&
	    svg_skind(t->seg[L->own[GRID / 2][GRID / 2]].kind)->area != AREA_CITY) {
		L->village = true;
		disc(L, centre, 8);
	}
	for (s = 0; s < t->nseg; s++) {
		if (svg_skind(t->seg[s].kind)->area != AREA_CITY)
			continue;
		const struct cshape *sh = svg_city_shape(t->rsides[rot][s], &k);

		for (i = 0; i < t->seg[s].pennants && i < 3; i++)
			disc(L, svg_turn((struct pt){ sh->pennant.x + 11 * i, sh->pennant.y },
			    k), 7);
	}
	for (s = 0; s < t->nseg; s++)
		for (k = 0; k < nsigns; k++)
			if (t->seg[s].signs & (1u << k))
				place_sign(L, s, k);
	for (where = MARK_FIELD; where <= MARK_OPEN; where++)
		for (s = 0; s < t->nseg; s++) {
			if (svg_skind(t->seg[s].kind)->where != where)
				continue;
			if (!roomiest(L, where == MARK_FIELD ? WANT_FIELD : WANT_OPEN, s, &p) &&
			    !roomiest(L, WANT_OPEN, s, &p))
				p = centre;
			L->mark[s] = p;
			L->hasmark[s] = true;
			disc(L, p, svg_skind(t->seg[s].kind)->radius);
		}
}

/* Where a figure on segment s stands, and the room it takes from the next one. */
struct pt
svg_figure_spot(struct tlayout *L, int s)
{
	const struct tiletype *t = L->t;
	uint8_t m = t->rsides[L->rot][s];
	struct pt p = centre;
	int side, n = 0;

	if (L->hasmark[s] && L->nfig[s] == 0) {
		p = L->mark[s];
		p.y += svg_skind(t->seg[s].kind)->figdy;
	}
	else if (svg_skind(t->seg[s].kind)->area == AREA_ROAD && L->nfig[s] == 0) {
		/* on the road: halfway along a bend, near the side where a road ends */
		p.x = p.y = 0;
		for (side = 0; side < 4; side++)
			if (m & (1u << side)) {
				p.x += sidemid[side].x;
				p.y += sidemid[side].y;
				n++;
			}
		if (n == 1) {
			p.x = p.x + 0.4 * (centre.x - p.x);
			p.y = p.y + 0.4 * (centre.y - p.y);
		} else if (n == 2) {
			p.x = p.x / 4 + centre.x / 2;
			p.y = p.y / 4 + centre.y / 2;
		} else
			p = centre;
	} else if (!roomiest(L, WANT_SEG, s, &p) && !roomiest(L, WANT_OPEN, s, &p))
		p = centre;
	L->nfig[s]++;
	p.x = p.x < 10 ? 10 : p.x > T - 10 ? T - 10 : p.x;
	p.y = p.y < 10 ? 10 : p.y > T - 10 ? T - 10 : p.y;
	disc(L, p, 9);
	return p;
}
