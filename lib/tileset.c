/* The tile-set and figure-table loader: YAML text (libyaml) to compiled tile types.
 * Every complaint names file:line:column of the offending node. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "carc.h"
#include "tileset.h"
#include "util.h"

const char *const side_names[4] = { "N", "E", "S", "W" };
const char *const half_names[8] = { "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn" };
const char *const corner_names[4] = { "NE", "SE", "SW", "NW" };
const int side_dx[4] = { 0, 1, 0, -1 };
const int side_dy[4] = { -1, 0, 1, 0 };

#define MAX_SET_BYTES (1 << 20)
#define MAX_ANCHORS 256

struct ld {
	yaml_document_t doc;
	const char *file;
	struct carc_err *err;
	/* where the tile being loaded said what, for messages about how its parts fit */
	yaml_node_t *segnode[MAXSEG], *edgesnode, *idnode;
};

static int
bad(struct ld *l, yaml_node_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int
bad(struct ld *l, yaml_node_t *n, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return seterr(l->err, CARC_EDATA, "%s:%lu:%lu: %s", l->file,
	    (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1, what);
}

static yaml_node_t *
node(struct ld *l, int i)
{
	return yaml_document_get_node(&l->doc, i);
}

static const char *
scalar(yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int
want_scalar(struct ld *l, yaml_node_t *n, const char *what, const char **out)
{
	if ((*out = scalar(n)) == NULL)
		return bad(l, n, "%s must be a plain value", what);
	return 0;
}

static int
want_int(struct ld *l, yaml_node_t *n, const char *what, int lo, int hi, int *out)
{
	const char *s;
	char *end;
	long v;

	if (want_scalar(l, n, what, &s))
		return CARC_EDATA;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		return bad(l, n, "%s must be a whole number from %d to %d, not '%s'", what, lo, hi, s);
	*out = v;
	return 0;
}

static int
want_bool(struct ld *l, yaml_node_t *n, const char *what, bool *out)
{
	const char *s;

	if (want_scalar(l, n, what, &s))
		return CARC_EDATA;
	if (strcmp(s, "true") == 0 || strcmp(s, "yes") == 0)
		*out = true;
	else if (strcmp(s, "false") == 0 || strcmp(s, "no") == 0)
		*out = false;
	else
		return bad(l, n, "%s must be true or false, not '%s'", what, s);
	return 0;
}

static int
want_id(struct ld *l, yaml_node_t *n, const char *what, char out[ID_MAX])
{
	const char *s, *p;

	if (want_scalar(l, n, what, &s))
		return CARC_EDATA;
	if (*s == '\0' || strlen(s) >= ID_MAX)
		return bad(l, n, "%s '%s' must have 1 to %d characters", what, s, ID_MAX - 1);
	for (p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-' && *p != '.')
			return bad(l, n, "%s '%s' may hold only letters, digits, '_', '-' and '.'", what, s);
	strcpy(out, s);
	return 0;
}

/* Words of a scalar like "N W S" or a sequence of scalars, matched against names. Below a
 * sequence only scalars are taken: a sequence that holds itself through an alias, &s [W, *s],
 * would recurse until the stack overflows. */
static int
want_names(struct ld *l, yaml_node_t *n, const char *what, const char *const *names, int nnames,
    unsigned *mask)
{
	char buf[128], *w, *save;
	const char *s;
	yaml_node_item_t *it;
	int i;

	*mask = 0;
	if (n->type == YAML_SEQUENCE_NODE) {
		for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
			unsigned m;

			if (node(l, *it)->type != YAML_SCALAR_NODE)
				return bad(l, node(l, *it), "%s must be a plain value", what);
			if (want_names(l, node(l, *it), what, names, nnames, &m))
				return CARC_EDATA;
			if (m & *mask)
				return bad(l, node(l, *it), "%s names a side twice", what);
			*mask |= m;
		}
		return 0;
	}
	if (want_scalar(l, n, what, &s))
		return CARC_EDATA;
	if (strlen(s) >= sizeof(buf))
		return bad(l, n, "%s is too long", what);
	strcpy(buf, s);
	for (w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
		for (i = 0; i < nnames; i++)
			if (strcmp(w, names[i]) == 0)
				break;
		if (i == nnames)
			return bad(l, n, "unknown %s '%s'", what, w);
		if (*mask & (1u << i))
			return bad(l, n, "%s names '%s' twice", what, w);
		*mask |= 1u << i;
	}
	if (*mask == 0)
		return bad(l, n, "%s is empty", what);
	return 0;
}

static int
add_seg(struct ld *l, yaml_node_t *n, struct tiletype *t, int kind, int *out)
{
	if (t->nseg == MAXSEG)
		return bad(l, n, "tile %s has more than %d segments", t->id, MAXSEG);
	memset(&t->seg[t->nseg], 0, sizeof(t->seg[0]));
	t->seg[t->nseg].kind = kind;
	l->segnode[t->nseg] = n;
	*out = t->nseg++;
	return 0;
}

/* A sign of a module's on a road or a city: `inn: true`. */
static int
want_sign(struct ld *l, yaml_node_t *key, yaml_node_t *val, int kind, struct seg *sg)
{
	const char *ks = scalar(key);
	int i = sign_find(ks);
	bool b;

	if (i < 0 || signs[i]->kind != kind)
		return bad(l, key, "unknown key '%s' in a %s", ks, kinds[kind]->name);
	if (want_bool(l, val, ks, &b))
		return CARC_EDATA;
	sg->signs = b ? sg->signs | 1u << i : sg->signs & ~(1u << i);
	return 0;
}

static int
load_cities(struct ld *l, yaml_node_t *n, struct tiletype *t, int *cityseg, int *ncity)
{
	yaml_node_item_t *it;
	yaml_node_pair_t *p;
	int s = 0, v;
	unsigned m;

	if (n->type != YAML_SEQUENCE_NODE)
		return bad(l, n, "cities must be a list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *c = node(l, *it);
		bool sides = false;

		if (add_seg(l, c, t, K_CITY, &s))
			return CARC_EDATA;
		if (c->type != YAML_MAPPING_NODE)
			return bad(l, c, "a city must be a map with sides and pennants");
		for (p = c->data.mapping.pairs.start; p < c->data.mapping.pairs.top; p++) {
			yaml_node_t *k = node(l, p->key), *val = node(l, p->value);
			const char *ks = scalar(k);

			if (ks && strcmp(ks, "sides") == 0) {
				if (want_names(l, val, "side", side_names, 4, &m))
					return CARC_EDATA;
				t->seg[s].sides = m;
				l->segnode[s] = val;
				sides = true;
			} else if (ks && strcmp(ks, "pennants") == 0) {
				if (want_int(l, val, "pennants", 0, 9, &v))
					return CARC_EDATA;
				t->seg[s].pennants = v;
			} else if (!ks || want_sign(l, k, val, K_CITY, &t->seg[s]))
				return ks ? CARC_EDATA : bad(l, k, "unknown key '?' in a city");
		}
		if (!sides)
			return bad(l, c, "a city needs its sides");
		cityseg[(*ncity)++] = s;
	}
	return 0;
}

static int
load_roads(struct ld *l, yaml_node_t *n, struct tiletype *t)
{
	yaml_node_item_t *it;
	unsigned m;
	int s = 0;

	if (n->type != YAML_SEQUENCE_NODE)
		return bad(l, n, "roads must be a list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *r = node(l, *it), *sides = r;
		yaml_node_pair_t *p;

		if (add_seg(l, r, t, K_ROAD, &s))
			return CARC_EDATA;
		/* W E, or a map of the sides and the signs: {sides: W E, inn: true} */
		if (r->type == YAML_MAPPING_NODE) {
			sides = NULL;
			for (p = r->data.mapping.pairs.start; p < r->data.mapping.pairs.top; p++) {
				yaml_node_t *k = node(l, p->key), *val = node(l, p->value);
				const char *ks = scalar(k);

				if (ks && strcmp(ks, "sides") == 0)
					sides = val;
				else if (!ks)
					return bad(l, k, "unknown key '?' in a road");
				else if (want_sign(l, k, val, K_ROAD, &t->seg[s]))
					return CARC_EDATA;
			}
			if (sides == NULL)
				return bad(l, r, "a road needs its sides");
			l->segnode[s] = sides;
		}
		if (want_names(l, sides, "side", side_names, 4, &m))
			return CARC_EDATA;
		t->seg[s].sides = m;
	}
	return 0;
}

static int
load_fields(struct ld *l, yaml_node_t *n, struct tiletype *t, const int *cityseg, int ncity)
{
	yaml_node_item_t *it, *ci;
	yaml_node_pair_t *p;
	unsigned m;
	int s = 0, v;

	if (n->type != YAML_SEQUENCE_NODE)
		return bad(l, n, "fields must be a list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *f = node(l, *it);

		if (add_seg(l, f, t, K_FIELD, &s))
			return CARC_EDATA;
		if (f->type != YAML_MAPPING_NODE)
			return bad(l, f, "a field must be a map with halves and cities");
		for (p = f->data.mapping.pairs.start; p < f->data.mapping.pairs.top; p++) {
			yaml_node_t *k = node(l, p->key), *val = node(l, p->value);
			const char *ks = scalar(k);

			if (ks && strcmp(ks, "halves") == 0) {
				const char *hs = scalar(val);

				if (hs && strcmp(hs, "inner") == 0)
					continue;	/* an enclosed field touches no edge */
				if (want_names(l, val, "half-edge", half_names, 8, &m))
					return CARC_EDATA;
				t->seg[s].halves = m;
				l->segnode[s] = val;
			} else if (ks && strcmp(ks, "cities") == 0) {
				if (val->type != YAML_SEQUENCE_NODE)
					return bad(l, val, "a field's cities must be a list of city numbers");
				for (ci = val->data.sequence.items.start;
				    ci < val->data.sequence.items.top; ci++) {
					if (want_int(l, node(l, *ci), "city number", 0, 15, &v))
						return CARC_EDATA;
					if (v >= ncity)
						return bad(l, node(l, *ci),
						    "tile %s has no city number %d (cities count from 0)", t->id, v);
					t->seg[s].cities |= 1u << cityseg[v];
				}
			} else
				return bad(l, k, "unknown key '%s' in a field", ks ? ks : "?");
		}
	}
	return 0;
}

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
			x = y = kinds[g->kind]->anchor;
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

static uint8_t
rot4(uint8_t m, int r)
{
	return ((m << r) | (m >> (4 - r))) & 15;
}

static uint8_t
rot8(uint8_t m, int r)
{
	r *= 2;
	return r ? (uint8_t)((m << r) | (m >> (8 - r))) : m;
}

/* A mask of sides (bit per side) as a mask of their two bits each in a pattern. */
static unsigned
wild2(unsigned w)
{
	unsigned m = 0;
	int side;

	for (side = 0; side < 4; side++)
		if (w >> side & 1)
			m |= 3u << (2 * side);
	return m;
}

/* Two rotations of a symmetric tile that put the same segments on the same sides are one
 * placement: --list offers only the first, so people and random bots are not misled. */
static bool
same_rotation(const struct tiletype *t, int a, int b)
{
	int s, u;
	unsigned used = 0;

	if (t->pattern[a] != t->pattern[b] || t->wild[a] != t->wild[b])
		return false;
	for (s = 0; s < t->nseg; s++) {
		for (u = 0; u < t->nseg; u++) {
			if ((used & (1u << u)) || t->seg[u].kind != t->seg[s].kind ||
			    t->seg[u].pennants != t->seg[s].pennants || t->seg[u].signs != t->seg[s].signs ||
			    t->rsides[b][u] != t->rsides[a][s] || t->rhalves[b][u] != t->rhalves[a][s])
				continue;
			break;
		}
		if (u == t->nseg)
			return false;
		used |= 1u << u;
	}
	return true;
}

/* Which segment reaches each side and each half-side of a tile, checked against its edges:
 * every road and city edge reached by one segment of its kind, every half-side of a field by
 * one field. */
static int
tile_owners(struct ld *l, struct tiletype *t, int *owner_side, int *owner_half)
{
	int side, h, s, e;

	for (side = 0; side < 4; side++)
		owner_side[side] = -1;
	for (h = 0; h < 8; h++)
		owner_half[h] = -1;
	t->kindmask = 0;
	for (s = 0; s < t->nseg; s++) {
		struct seg *g = &t->seg[s];

		t->kindmask |= 1u << g->kind;
		for (side = 0; side < 4; side++) {
			if (!(g->sides & (1u << side)))
				continue;
			e = g->kind == K_CITY ? EDGE_C : EDGE_R;
			if (t->edge[side] != e)
				return bad(l, l->segnode[s], "tile %s: a %s reaches side %s, whose edge is %c", t->id,
				    kinds[g->kind]->name, side_names[side], "FRC*"[t->edge[side]]);
			if (owner_side[side] >= 0)
				return bad(l, l->segnode[s], "tile %s: two segments reach side %s", t->id,
				    side_names[side]);
			owner_side[side] = s;
		}
		for (h = 0; h < 8; h++) {
			if (!(g->halves & (1u << h)))
				continue;
			if (t->edge[h / 2] == EDGE_C || t->edge[h / 2] == EDGE_ANY)
				return bad(l, l->segnode[s], "tile %s: a field reaches %s, but side %s is %s",
				    t->id, half_names[h], side_names[h / 2],
				    t->edge[h / 2] == EDGE_C ? "a city" : "'*'");
			if (owner_half[h] >= 0)
				return bad(l, l->segnode[s], "tile %s: two fields reach %s", t->id,
				    half_names[h]);
			owner_half[h] = s;
		}
	}
	for (side = 0; side < 4; side++) {
		if (t->edge[side] == EDGE_ANY)
			continue;	/* nothing reaches it: the feature across ends there */
		if (t->edge[side] != EDGE_F && owner_side[side] < 0)
			return bad(l, l->edgesnode, "tile %s: side %s is a %s edge, but no %s reaches it", t->id,
			    side_names[side], t->edge[side] == EDGE_C ? "city" : "road",
			    t->edge[side] == EDGE_C ? "city" : "road");
		if (t->edge[side] != EDGE_C)
			for (h = 2 * side; h < 2 * side + 2; h++)
				if (owner_half[h] < 0)
					return bad(l, l->edgesnode, "tile %s: no field reaches %s", t->id,
					    half_names[h]);
	}
	return 0;
}

/* The tables a tile type keeps for play: each rotation's edge pattern and the segment on each
 * side and half-side, its rotations that look the same, and the rotations that fit every
 * neighbourhood a cell can have. */
static void
tile_tables(struct tiletype *t, const int *owner_side, const int *owner_half)
{
	int side, h, s, r, a, e;
	unsigned keep[4];	/* the pattern bits of the sides that are not '*' */

	for (r = 0; r < 4; r++) {
		t->pattern[r] = t->wild[r] = 0;
		for (side = 0; side < 4; side++) {
			if ((e = t->edge[(side - r + 4) & 3]) == EDGE_ANY)
				t->wild[r] |= 1u << side;
			else
				t->pattern[r] |= e << (2 * side);
			t->sideseg[r][side] = owner_side[(side - r + 4) & 3];
		}
		for (h = 0; h < 8; h++)
			t->halfseg[r][h] = owner_half[(h - 2 * r + 8) & 7];
		for (s = 0; s < t->nseg; s++) {
			t->rsides[r][s] = rot4(t->seg[s].sides, r);
			t->rhalves[r][s] = rot8(t->seg[s].halves, r);
		}
	}
	anchors_compute(t);
	for (r = 0; r < 4; r++)
		for (t->same_as[r] = 0; t->same_as[r] < r; t->same_as[r]++)
			if (same_rotation(t, r, t->same_as[r]))
				break;
	/* every neighbourhood a frontier cell can have (struct fcell's asks), answered once, so
	 * that finding where a tile fits is one look-up a cell */
	for (r = 0; r < 4; r++)
		keep[r] = ~wild2(t->wild[r]);
	for (a = 0; a < 256; a++) {
		unsigned mask = 0, empty = 0;

		for (side = 0; side < 4; side++)
			if ((a >> (2 * side) & 3) != 3)
				mask |= 3u << (2 * side);
			else
				empty |= 1u << side;
		t->fitrot[a] = t->nfitrot[a] = 0;
		for (r = 0; r < 4; r++)
			if (t->same_as[r] == r && !(t->wild[r] & empty) &&
			    (t->pattern[r] & mask & keep[r]) == (a & mask & keep[r])) {
				t->fitrot[a] |= 1u << r;
				t->nfitrot[a]++;
			}
	}
}

/* Check the segments against the edges and precompute the four rotations. */
static int
compile_tile(struct ld *l, yaml_node_t *n, struct tiletype *t)
{
	int owner_side[4], owner_half[8], s, u;

	/* a feature that touches no edge is named by its kind alone (carc-place(1)): two of a
	 * kind on one tile could not be told apart in a word */
	for (s = 0; s < t->nseg; s++)
		for (u = 0; u < s; u++)
			if (t->seg[s].kind == t->seg[u].kind && (t->seg[s].sides | t->seg[s].halves |
			    t->seg[u].sides | t->seg[u].halves) == 0)
				return bad(l, n, "tile %s has two %ss that touch no edge: a move could "
				    "not tell them apart", t->id, kinds[t->seg[s].kind]->name);
	if (tile_owners(l, t, owner_side, owner_half))
		return CARC_EDATA;
	tile_tables(t, owner_side, owner_half);
	return 0;
}

/* A tile's edges: four of F, R, C for N E S W, spaces between them allowed ("C R F R"). */
static int
load_edges(struct ld *l, yaml_node_t *val, struct tiletype *t)
{
	const char *v;
	char e[4];
	int i;

	if (want_scalar(l, val, "edges", &v))
		return CARC_EDATA;
	for (i = 0; *v; v++) {
		if (*v == ' ')
			continue;
		if (i == 4)
			return bad(l, val, "more than four edges (N E S W, as 'C R F R')");
		if (!strchr("FRC*", *v))
			return bad(l, val, "unknown edge '%c' (edges are four of F, R, C, * for "
			    "N E S W, as 'C R F R')", *v);
		e[i++] = *v;
	}
	if (i != 4)
		return bad(l, val, "fewer than four edges (N E S W, as 'C R F R')");
	for (i = 0; i < 4; i++)
		t->edge[i] = e[i] == 'F' ? EDGE_F : e[i] == 'R' ? EDGE_R : e[i] == 'C' ? EDGE_C :
		    EDGE_ANY;
	l->edgesnode = val;
	return 0;
}

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
	if ((k = kind_find(kind)) < 0)
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

/* meets: a list of groups of features of the tile that touch one another, each a string of
 * feature names ("road:S city:N": the road runs into the city's gate). */
static int
load_meets(struct ld *l, yaml_node_t *n, struct tiletype *t)
{
	yaml_node_item_t *it;
	char name[32];
	const char *v, *e;
	unsigned group;
	int s, u;
	size_t len;

	if (n->type != YAML_SEQUENCE_NODE)
		return bad(l, n, "meets must be a list of features that touch, as [road:S city:N]");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *g = node(l, *it);

		if (want_scalar(l, g, "a group of features that meet", &v))
			return CARC_EDATA;
		for (group = 0; *v; v = e) {
			while (*v == ' ')
				v++;
			if ((len = strcspn(v, " ")) == 0)
				break;
			e = v + len;
			if (len >= sizeof(name))
				return bad(l, g, "tile %s has no %.*s", t->id, (int)len, v);
			memcpy(name, v, len);
			name[len] = '\0';
			if ((s = seg_by_name(t, 0, name)) < 0)
				return bad(l, g, "tile %s has no %s", t->id, name);
			group |= 1u << s;
		}
		if (group == 0 || (group & (group - 1)) == 0)
			return bad(l, g, "features that meet are two or more, as 'road:S city:N'");
		for (s = 0; s < t->nseg; s++)
			if (group >> s & 1)
				for (u = 0; u < t->nseg; u++)
					if (u != s && (group >> u & 1))
						t->meets[s] |= 1u << u;
	}
	return 0;
}

static int
load_tile(struct ld *l, yaml_node_t *n, struct tileset *ts, int set)
{
	struct tiletype *t = &ts->types[ts->ntypes];
	yaml_node_pair_t *p;
	yaml_node_t *cities = NULL, *roads = NULL, *fields = NULL, *meets = NULL;
	int cityseg[MAXSEG], ncity = 0, s, i, kind;
	bool have_id = false, have_edges = false, b;

	if (n->type != YAML_MAPPING_NODE)
		return bad(l, n, "a tile must be a map (id, count, edges, ...)");
	memset(t, 0, sizeof(*t));
	t->set = set;
	t->count = 1;
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(l, p->key), *val = node(l, p->value);
		const char *ks = scalar(k);

		if (ks == NULL)
			return bad(l, k, "a key must be a plain word");
		if (strcmp(ks, "id") == 0) {
			if (want_id(l, val, "tile id", t->id))
				return CARC_EDATA;
			l->idnode = val;
			have_id = true;
		} else if (strcmp(ks, "count") == 0) {
			if (want_int(l, val, "count", 0, 999, &t->count))
				return CARC_EDATA;
		} else if (strcmp(ks, "own") == 0) {
			if (want_int(l, val, "own", 0, 9, &t->own))
				return CARC_EDATA;
		} else if (strcmp(ks, "plain") == 0) {
			if (want_id(l, val, "plain tile id", t->plain))
				return CARC_EDATA;
		} else if (strcmp(ks, "edges") == 0) {
			if (load_edges(l, val, t))
				return CARC_EDATA;
			have_edges = true;
		} else if ((kind = kind_find(ks)) >= 0 && kinds[kind]->shape == SHAPE_POINT) {
			/* a one-tile feature of a module's kind: cloister: true, tent: true ... */
			if (want_bool(l, val, ks, &b))
				return CARC_EDATA;
			if (b && add_seg(l, val, t, kind, &s))
				return CARC_EDATA;
		} else if (strcmp(ks, "cities") == 0)
			cities = val;
		else if (strcmp(ks, "roads") == 0)
			roads = val;
		else if (strcmp(ks, "fields") == 0)
			fields = val;
		else if (strcmp(ks, "meets") == 0)
			meets = val;
		else
			return bad(l, k, "unknown key '%s' in a tile", ks);
	}
	if (!have_id)
		return bad(l, n, "a tile needs an id");
	if (!have_edges)
		return bad(l, n, "tile %s needs its edges", t->id);
	if (cities && load_cities(l, cities, t, cityseg, &ncity))
		return CARC_EDATA;
	if (roads && load_roads(l, roads, t))
		return CARC_EDATA;
	if (fields && load_fields(l, fields, t, cityseg, ncity))
		return CARC_EDATA;
	if (compile_tile(l, n, t))
		return CARC_EDATA;
	if (meets && load_meets(l, meets, t))
		return CARC_EDATA;
	if ((i = tileset_find(ts, t->id)) >= 0)
		return i < ts->ntypes && ts->types[i].set != set ?
		    bad(l, l->idnode, "tile id '%s' is taken by the set '%s'", t->id,
		    ts->sets[ts->types[i].set].name) :
		    bad(l, l->idnode, "tile id '%s' is defined twice", t->id);
	ts->ntypes++;
	return 0;
}

/* libyaml takes time in the square of some counts: its scanner looks at every open flow
 * collection at every token, its loader compares every anchor with all the earlier ones. A
 * megabyte of '[' or of anchors takes a minute, so the events are read once first and a set
 * that nests deeper than MAX_DEPTH, or names more than MAX_ANCHORS anchors, is refused after
 * a few thousand bytes. A YAML error is left for the loader to report. */
static int
prescan(struct ld *l, const char *text, size_t len)
{
	yaml_parser_t p;
	yaml_event_t ev;
	yaml_char_t *anchor;
	int depth = 0, anchors = 0, docs = 0, rc = 0;
	bool done = false;

	if (!yaml_parser_initialize(&p))
		return seterr(l->err, CARC_ESOFTWARE, "%s: out of memory", l->file);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!done && rc == 0 && yaml_parser_parse(&p, &ev)) {
		anchor = NULL;
		switch (ev.type) {
		case YAML_SEQUENCE_START_EVENT:
			anchor = ev.data.sequence_start.anchor;
			depth++;
			break;
		case YAML_MAPPING_START_EVENT:
			anchor = ev.data.mapping_start.anchor;
			depth++;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		case YAML_SCALAR_EVENT:
			anchor = ev.data.scalar.anchor;
			break;
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_DOCUMENT_START_EVENT:
			docs++;
			break;
		default:
			break;
		}
		/* the loader would read the first document and never look at the others */
		if (docs > 1)
			rc = seterr(l->err, CARC_EDATA, "%s:%lu:%lu: a second YAML document: a tile "
			    "set is one document", l->file, (unsigned long)ev.start_mark.line + 1,
			    (unsigned long)ev.start_mark.column + 1);
		else if (depth > MAX_DEPTH)
			rc = seterr(l->err, CARC_EDATA, "%s:%lu:%lu: nested more than %d deep", l->file,
			    (unsigned long)ev.start_mark.line + 1,
			    (unsigned long)ev.start_mark.column + 1, MAX_DEPTH);
		else if (anchor && ++anchors > MAX_ANCHORS)
			rc = seterr(l->err, CARC_EDATA, "%s:%lu:%lu: more than %d anchors", l->file,
			    (unsigned long)ev.start_mark.line + 1,
			    (unsigned long)ev.start_mark.column + 1, MAX_ANCHORS);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return rc;
}

static int
key_order(const void *a, const void *b)
{
	const yaml_node_t *x = *(yaml_node_t *const *)a, *y = *(yaml_node_t *const *)b;
	size_t n = x->data.scalar.length < y->data.scalar.length ? x->data.scalar.length :
	    y->data.scalar.length;
	int c = memcmp(x->data.scalar.value, y->data.scalar.value, n);

	if (c != 0)
		return c;
	if (x->data.scalar.length != y->data.scalar.length)
		return x->data.scalar.length < y->data.scalar.length ? -1 : 1;
	return x->start_mark.index < y->start_mark.index ? -1 : 1;
}

/* A key twice in one map: YAML forbids it, and libyaml keeps both, so that which one counts
 * would depend on the loader. Sorted, so that a map of many keys takes no quadratic time;
 * the second one in the file is named. */
static int
unique_keys(struct ld *l)
{
	yaml_node_t *n, **keys = NULL, *k;
	yaml_node_pair_t *p;
	size_t cap = 0, nk, i;
	int rc = 0;

	for (n = l->doc.nodes.start; n < l->doc.nodes.top && rc == 0; n++) {
		if (n->type != YAML_MAPPING_NODE)
			continue;
		nk = 0;
		for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
			if ((k = node(l, p->key)) == NULL || k->type != YAML_SCALAR_NODE)
				continue;
			if (nk == cap) {
				yaml_node_t **grown = realloc(keys, (cap = cap ? 2 * cap : 16) *
				    sizeof(*keys));

				if (grown == NULL) {
					free(keys);
					return seterr(l->err, CARC_ESOFTWARE, "out of memory");
				}
				keys = grown;
			}
			keys[nk++] = k;
		}
		if (nk < 2)
			continue;
		qsort(keys, nk, sizeof(*keys), key_order);
		for (i = 1; i < nk && rc == 0; i++)
			if (keys[i]->data.scalar.length == keys[i - 1]->data.scalar.length &&
			    memcmp(keys[i]->data.scalar.value, keys[i - 1]->data.scalar.value,
			    keys[i]->data.scalar.length) == 0)
				rc = bad(l, keys[i], "key '%.*s' twice in one map (first at %lu:%lu)",
				    (int)(keys[i]->data.scalar.length > 40 ? 40 :
				    keys[i]->data.scalar.length), (const char *)keys[i]->data.scalar.value,
				    (unsigned long)keys[i - 1]->start_mark.line + 1,
				    (unsigned long)keys[i - 1]->start_mark.column + 1);
	}
	free(keys);
	return rc;
}

/* The text must be UTF-8, as the state that keeps it must: libyaml would also take UTF-16. */
static int
utf8_text(struct ld *l, const char *text, size_t len)
{
	unsigned long c, line = 1, col = 1;
	size_t i, k;

	for (i = 0; i < len; i += k) {
		if ((k = carc_utf8_char(text + i, len - i, &c)) == 0)
			return seterr(l->err, CARC_EDATA, "%s:%lu:%lu: not UTF-8 (byte 0x%02x)",
			    l->file, line, col, (unsigned char)text[i]);
		if (c == '\n')
			line++, col = 1;
		else
			col++;
	}
	return 0;
}

static int
parse(struct ld *l, const char *text, size_t len)
{
	yaml_parser_t p;

	if (len > MAX_SET_BYTES)
		return seterr(l->err, CARC_EDATA, "%s: a tile set larger than %d MiB", l->file,
		    MAX_SET_BYTES >> 20);
	if (utf8_text(l, text, len) || prescan(l, text, len))
		return CARC_EDATA;
	if (!yaml_parser_initialize(&p))
		return seterr(l->err, CARC_ESOFTWARE, "%s: out of memory", l->file);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	if (!yaml_parser_load(&p, &l->doc)) {
		seterr(l->err, CARC_EDATA, "%s:%lu:%lu: %s", l->file,
		    (unsigned long)p.problem_mark.line + 1, (unsigned long)p.problem_mark.column + 1,
		    p.problem ? p.problem : "unreadable YAML");
		yaml_parser_delete(&p);
		return CARC_EDATA;
	}
	yaml_parser_delete(&p);
	if (yaml_document_get_root_node(&l->doc) == NULL) {
		yaml_document_delete(&l->doc);
		return seterr(l->err, CARC_EDATA, "%s: empty file", l->file);
	}
	if (unique_keys(l)) {
		yaml_document_delete(&l->doc);
		return CARC_EDATA;
	}
	return 0;
}

/* A tile set's own keys: its name (the one asked for, when one is), its start tile and its
 * list of tiles. */
static int
set_keys(struct ld *l, yaml_node_t *root, const char *name, char *setname, char *start,
    yaml_node_t **tiles)
{
	yaml_node_pair_t *p;

	if (root->type != YAML_MAPPING_NODE)
		return bad(l, root, "a tile set must be a map with name and tiles");
	for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = node(l, p->key), *val = node(l, p->value);
		const char *ks = scalar(k);
		int rc;

		if (ks && strcmp(ks, "name") == 0) {
			if ((rc = want_id(l, val, "set name", setname)))
				return rc;
		} else if (ks && strcmp(ks, "start") == 0) {
			if ((rc = want_id(l, val, "start tile", start)))
				return rc;
		} else if (ks && strcmp(ks, "tiles") == 0)
			*tiles = val;
		else
			return bad(l, k, "unknown key '%s' in a tile set", ks ? ks : "?");
	}
	if (setname[0] == '\0' || *tiles == NULL || (*tiles)->type != YAML_SEQUENCE_NODE)
		return bad(l, root, "a tile set needs a name and a list of tiles");
	if (name && strcmp(name, setname) != 0)
		return bad(l, root, "the set is named '%s', not '%s'", setname, name);
	return 0;
}

/* The set's tiles, after those of the sets loaded before it (none for a set of figures alone);
 * each plain tile they name must be defined by then. */
static int
set_tiles(struct ld *l, struct tileset *ts, yaml_node_t *tiles, int set)
{
	yaml_node_item_t *it, *first = tiles->data.sequence.items.start;
	int ntiles = tiles->data.sequence.items.top - first, i, rc;
	struct tiletype *grown;

	if (ts->ntypes + ntiles > MAX_TILES)
		return bad(l, tiles, "more than %d tile types", MAX_TILES);
	if ((grown = realloc(ts->types, (ts->ntypes + ntiles + 1) * sizeof(*grown))) == NULL)
		return seterr(l->err, CARC_ESOFTWARE, "out of memory");
	ts->types = grown;
	/* a set may bring figures alone, with no tile (The Abbot, The Phantom): tiles: [] */
	for (it = first; it < tiles->data.sequence.items.top; it++)
		if ((rc = load_tile(l, node(l, *it), ts, set)))
			return rc;
	for (i = ts->ntypes - ntiles; i < ts->ntypes; i++)
		if (ts->types[i].plain[0] && tileset_find(ts, ts->types[i].plain) < 0)
			return bad(l, node(l, first[i - (ts->ntypes - ntiles)]),
			    "tile %s: its plain tile '%s' is not defined", ts->types[i].id,
			    ts->types[i].plain);
	return 0;
}

int
tileset_load(struct tileset *ts, const char *name, const char *text, size_t len,
    const char *file, bool builtin, struct carc_err *err)
{
	struct ld l = { .file = file, .err = err };
	yaml_node_t *tiles = NULL;
	char setname[ID_MAX] = "", start[ID_MAX] = "";
	int set = ts->nsets, rc, i;

	if (ts->nsets == MAXSETS)
		return seterr(err, CARC_EUSAGE, "%s: more than %d tile sets", file, MAXSETS);
	if (parse(&l, text, len))
		return CARC_EDATA;
	if ((rc = set_keys(&l, yaml_document_get_root_node(&l.doc), name, setname, start, &tiles)))
		goto out;
	for (i = 0; i < ts->nsets; i++)
		if (strcmp(ts->sets[i].name, setname) == 0) {
			rc = seterr(err, builtin ? CARC_EUSAGE : CARC_EDATA,
			    "%s: tile set '%s' is used twice", file, setname);
			goto out;
		}
	if ((rc = set_tiles(&l, ts, tiles, set)))
		goto out;
	strcpy(ts->sets[set].name, setname);
	digest_hex(text, len, ts->sets[set].digest);
	ts->sets[set].yaml = NULL;
	if (!builtin) {
		if ((ts->sets[set].yaml = malloc(len + 1)) == NULL) {
			rc = seterr(err, CARC_ESOFTWARE, "out of memory");
			goto out;
		}
		memcpy(ts->sets[set].yaml, text, len);
		ts->sets[set].yaml[len] = '\0';
		ts->sets[set].yamllen = len;
	}
	ts->nsets++;
	if (start[0] && ts->start[0] == '\0')
		strcpy(ts->start, start);
out:
	yaml_document_delete(&l.doc);
	return rc;
}

/* A list of names for a figure row: "on" (kinds of feature) or "removed_by" (BY_* words). */
static int
figure_list(struct ld *l, yaml_node_t *val, const char *what, bool kinds_list, unsigned *mask)
{
	static const char *const removers[] = { "dragon", "tower", "knockout", "seduction" };
	yaml_node_item_t *it;
	int k;

	if (val->type != YAML_SEQUENCE_NODE)
		return bad(l, val, "%s must be a list", what);
	*mask = 0;
	for (it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
		const char *s = scalar(node(l, *it));

		if (kinds_list)
			k = s ? kind_find(s) : -1;
		else
			for (k = 3; k >= 0 && !(s && strcmp(s, removers[k]) == 0); k--)
				;
		if (k < 0)
			return bad(l, node(l, *it), "unknown %s '%s'", kinds_list ? "feature" : "remover",
			    s ? s : "?");
		*mask |= 1u << k;
	}
	return 0;
}

/* closed_by: a list of row names, kept one space apart; figures_load checks that each names a
 * row of the table. */
static int
closers(struct ld *l, yaml_node_t *val, struct figtype *f)
{
	yaml_node_item_t *it;
	size_t len = 0, n;

	if (val->type != YAML_SEQUENCE_NODE)
		return bad(l, val, "closed_by must be a list");
	for (it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
		const char *s = scalar(node(l, *it));

		if (s == NULL || (n = strlen(s)) == 0 || n >= ID_MAX || strchr(s, ' '))
			return bad(l, node(l, *it), "closed_by lists figure names");
		if (len + n + 2 > sizeof(f->closed_by))
			return bad(l, val, "closed_by lists too many figures");
		if (len)
			f->closed_by[len++] = ' ';
		memcpy(f->closed_by + len, s, n + 1);
		len += n;
	}
	return 0;
}

static int
load_figure_key(struct ld *l, const char *ks, yaml_node_t *key, yaml_node_t *val,
    struct figtype *f)
{
	static const char *const groups[] = { "follower", "special", "neutral" };
	const char *v;
	unsigned m;

	if (strcmp(ks, "name") == 0)
		return want_id(l, val, "figure name", f->name);
	if (strcmp(ks, "set") == 0)
		return want_id(l, val, "figure set", f->set);
	if (strcmp(ks, "count") == 0)
		return want_int(l, val, "count", 0, 99, &f->count);
	if (strcmp(ks, "strength") == 0) {
		/* a number, or the pennants of the figure's city as it is scored (the mayor) */
		if ((v = scalar(val)) != NULL && strcmp(v, "pennants") == 0)
			return f->pennants = true, 0;
		return want_int(l, val, "strength", 0, 9, &f->strength);
	}
	if (strcmp(ks, "claims") == 0)
		return want_bool(l, val, "claims", &f->claims);
	if (strcmp(ks, "group") == 0) {
		if (want_scalar(l, val, "group", &v))
			return CARC_EDATA;
		for (f->group = 2; f->group >= 0 && strcmp(v, groups[f->group]) != 0; f->group--)
			;
		return f->group < 0 ? bad(l, val, "group is follower, special or neutral, not '%s'",
		    v) : 0;
	}
	if (strcmp(ks, "recall") == 0)
		return want_bool(l, val, "recall", &f->recall);
	if (strcmp(ks, "second") == 0)
		return want_bool(l, val, "second", &f->second);
	if (strcmp(ks, "double") == 0)
		return want_bool(l, val, "double", &f->dbl);
	if (strcmp(ks, "moves") == 0)
		return want_bool(l, val, "moves", &f->moves);
	if (strcmp(ks, "eats") == 0)
		return want_bool(l, val, "eats", &f->eats);
	if (strcmp(ks, "guards") == 0)
		return want_bool(l, val, "guards", &f->guards);
	if (strcmp(ks, "bonus") == 0)
		return want_int(l, val, "bonus", 0, 9, &f->bonus);
	if (strcmp(ks, "stands") == 0) {
		/* on a feature of a tile (the default), or on a corner of four tiles (the barn) */
		if (want_scalar(l, val, "stands", &v))
			return CARC_EDATA;
		f->corner = strcmp(v, "corner") == 0;
		return f->corner || strcmp(v, "feature") == 0 ? 0 :
		    bad(l, val, "stands is feature or corner, not '%s'", v);
	}
	if (strcmp(ks, "needs") == 0) {
		if (want_scalar(l, val, "needs", &v))
			return CARC_EDATA;
		f->needs_own = strcmp(v, "own-follower") == 0;
		return f->needs_own ? 0 : bad(l, val, "needs is own-follower, not '%s'", v);
	}
	if (strcmp(ks, "on") == 0) {
		if (figure_list(l, val, "on", true, &m))
			return CARC_EDATA;
		f->on = m;
		return 0;
	}
	if (strcmp(ks, "closed_by") == 0)
		return closers(l, val, f);
	if (strcmp(ks, "removed_by") == 0) {
		if (figure_list(l, val, "removed_by", false, &m))
			return CARC_EDATA;
		f->removed = m;
		return 0;
	}
	return bad(l, key, "unknown key '%s' in a figure", ks);
}

static int
load_figure(struct ld *l, yaml_node_t *n, struct figtype *f)
{
	yaml_node_pair_t *p;

	if (n->type != YAML_MAPPING_NODE)
		return bad(l, n, "a figure must be a map");
	memset(f, 0, sizeof(*f));
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *key = node(l, p->key);
		const char *ks = scalar(key);

		if (ks == NULL)
			return bad(l, key, "a key must be a plain word");
		if (load_figure_key(l, ks, key, node(l, p->value), f))
			return CARC_EDATA;
	}
	if (f->name[0] == '\0' || f->set[0] == '\0')
		return bad(l, n, "a figure needs a name and a set");
	if (f->corner && f->on != 1u << K_FIELD)
		return bad(l, n, "a figure that stands on a corner stands in a field: on: [field]");
	if ((f->eats || f->guards || f->closed_by[0]) && f->group != GROUP_NEUTRAL)
		return bad(l, n, "only a neutral figure eats, guards or names closed_by");
	return 0;
}

/* Whether the game of these sets has the figure: base's figures are in every game. */
static bool
figure_in_game(const struct tileset *ts, const struct figtype *f)
{
	int i;

	if (strcmp(f->set, "base") == 0)
		return true;
	for (i = 0; i < ts->nsets; i++)
		if (strcmp(ts->sets[i].name, f->set) == 0)
			return true;
	return false;
}

/* The digest of the rows a game has, as a state records it: a row added for another set
 * changes no game's digest, a row of the game's changed does. */
static void
figures_digest(struct tileset *ts)
{
	struct carc_buf b = { 0 };
	int i;

	for (i = 0; i < ts->nfig + ts->nneutral; i++) {
		const struct figtype *f = i < ts->nfig ? &ts->fig[i] : &ts->neutral[i - ts->nfig];

		/* the abilities added since version 2 began, only where a row has them, so that
		 * the rows without keep their digest */
		carc_buf_printf(&b, "%s %s %d %d %d %d %d %x %x%s%s%s", f->name, f->set, f->group,
		    f->count, f->strength, f->claims, f->needs_own, f->on, f->removed,
		    f->recall ? " recall" : "", f->second ? " second" : "", f->dbl ? " double" : "");
		if (f->bonus)
			carc_buf_printf(&b, " bonus %d", f->bonus);
		if (f->pennants)
			carc_buf_printf(&b, " pennants");
		if (f->moves)
			carc_buf_printf(&b, " moves");
		if (f->corner)
			carc_buf_printf(&b, " corner");
		if (f->eats)
			carc_buf_printf(&b, " eats");
		if (f->guards)
			carc_buf_printf(&b, " guards");
		if (f->closed_by[0])
			carc_buf_printf(&b, " closed_by %s", f->closed_by);
		carc_buf_add(&b, "\n", 1);
	}
	digest_hex(b.data ? b.data : "", b.len, ts->figdigest);
	carc_buf_release(&b);
}

/* A built-in table, formats/NAME.yaml, parsed into l; the value of its top key `key` into *val
 * (NULL if none). */
static int
table_open(struct ld *l, const char *name, const char *key, yaml_node_t **val)
{
	yaml_node_t *root;
	yaml_node_pair_t *p;
	const char *text;
	size_t len;

	*val = NULL;
	if ((text = builtin_set(name, &len)) == NULL)
		return seterr(l->err, CARC_ESOFTWARE, "%s is not built in", l->file);
	if (parse(l, text, len))
		return CARC_EDATA;
	root = yaml_document_get_root_node(&l->doc);
	if (root->type == YAML_MAPPING_NODE)
		for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
			const char *ks = scalar(node(l, p->key));

			if (ks && strcmp(ks, key) == 0)
				*val = node(l, p->value);
		}
	return 0;
}

bool
builtin_table(const char *name)
{
	return strcmp(name, "figures") == 0 || strcmp(name, "meets") == 0;
}

/* formats/meets.yaml: for the tiles of the built-in sets, by id, the features that meet, kept
 * apart from the sets so that their digests, and the games saved with them, stay as they
 * were. A garden copy takes its plain tile's. A user's set says it in its tiles (meets:). */
static int
meets_load(struct tileset *ts, struct carc_err *err)
{
	struct ld l = { .file = "formats/meets.yaml", .err = err };
	yaml_node_t *table;
	yaml_node_pair_t *p;
	int rc, i;

	if ((rc = table_open(&l, "meets", "meets", &table)) == CARC_ESOFTWARE)
		return rc;
	if (rc)
		return CARC_EDATA;
	if (table == NULL || table->type != YAML_MAPPING_NODE) {
		rc = bad(&l, yaml_document_get_root_node(&l.doc),
		    "the table needs a map named meets, tile id to features");
		goto out;
	}
	for (p = table->data.mapping.pairs.start; rc == 0 && p < table->data.mapping.pairs.top;
	    p++) {
		const char *id = scalar(node(&l, p->key));

		for (i = 0; id && rc == 0 && i < ts->ntypes; i++) {
			struct tiletype *t = &ts->types[i];

			if (ts->sets[t->set].yaml == NULL && (strcmp(t->id, id) == 0 ||
			    strcmp(t->plain, id) == 0))
				rc = load_meets(&l, node(&l, p->value), t);
		}
	}
out:
	yaml_document_delete(&l.doc);
	return rc;
}

/* After the digest: each neutral row's closed_by names rows of the table (names, of nnames,
 * every row's; `where` a row that has the key, for the message), and the game's rows named
 * may stand on the neutral row's kinds too. */
static int
figures_widen(struct ld *l, struct tileset *ts, char (*names)[ID_MAX], int nnames,
    yaml_node_t *where)
{
	char list[sizeof(ts->neutral[0].closed_by)], *w, *save;
	int i, j, f;

	for (i = 0; i < ts->nneutral; i++) {
		memcpy(list, ts->neutral[i].closed_by, sizeof(list));
		for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			for (j = 0; j < nnames && strcmp(names[j], w) != 0; j++)
				;
			if (j == nnames)
				return bad(l, where, "closed_by names no figure '%s'", w);
			for (f = 0; f < ts->nfig; f++)
				if (strcmp(ts->fig[f].name, w) == 0)
					ts->fig[f].on |= ts->neutral[i].on;
		}
	}
	return 0;
}

/* The figure table, the rows of the game's sets, after the sets are loaded. */
int
figures_load(struct tileset *ts, struct carc_err *err)
{
	struct ld l = { .file = "formats/figures.yaml", .err = err };
	yaml_node_t *figs;
	yaml_node_item_t *it;
	yaml_node_t *closer = NULL;
	char names[64][ID_MAX];
	int rc, i, s, nnames = 0;

	if ((rc = table_open(&l, "figures", "figures", &figs)) == CARC_ESOFTWARE)
		return rc;
	if (rc)
		return CARC_EDATA;
	if (figs == NULL || figs->type != YAML_SEQUENCE_NODE) {
		rc = bad(&l, yaml_document_get_root_node(&l.doc),
		    "the figure table needs a list named figures");
		goto out;
	}
	ts->kinds = ts->signs = 0;
	for (i = 0; i < ts->ntypes; i++)
		for (s = 0; s < ts->types[i].nseg; s++) {
			ts->kinds |= 1u << ts->types[i].seg[s].kind;
			ts->signs |= ts->types[i].seg[s].signs;
		}
	ts->nfig = ts->nneutral = 0;
	for (it = figs->data.sequence.items.start; it < figs->data.sequence.items.top; it++) {
		struct figtype f;

		if ((rc = load_figure(&l, node(&l, *it), &f)))
			goto out;
		if (nnames < (int)(sizeof(names) / sizeof(names[0])))
			memcpy(names[nnames++], f.name, ID_MAX);
		if (f.closed_by[0])
			closer = node(&l, *it);
		if (!figure_in_game(ts, &f))
			continue;
		if (f.group == GROUP_NEUTRAL ? ts->nneutral == MAXNEUTRAL :
		    ts->nfig == MAXFIGTYPES) {
			rc = bad(&l, node(&l, *it), "more than %d %sfigures in one game",
			    f.group == GROUP_NEUTRAL ? MAXNEUTRAL : MAXFIGTYPES,
			    f.group == GROUP_NEUTRAL ? "neutral " : "");
			goto out;
		}
		if (f.group == GROUP_NEUTRAL)
			ts->neutral[ts->nneutral++] = f;
		else
			ts->fig[ts->nfig++] = f;
	}
	figures_digest(ts);
	rc = figures_widen(&l, ts, names, nnames, closer);
out:
	yaml_document_delete(&l.doc);
	return rc ? rc : meets_load(ts, err);
}

int
tileset_find(const struct tileset *ts, const char *id)
{
	int i;

	for (i = 0; i < ts->ntypes; i++)
		if (strcmp(ts->types[i].id, id) == 0)
			return i;
	return -1;
}

void
tileset_release(struct tileset *ts)
{
	int i;

	for (i = 0; i < ts->nsets; i++)
		free(ts->sets[i].yaml);
	free(ts->types);
	memset(ts, 0, sizeof(*ts));
}

/* A deep copy, for a game rebuilt from another's setup: the sets are the same bytes, so they
 * need not be parsed again. */
int
tileset_copy(struct tileset *dst, const struct tileset *src)
{
	int i;

	*dst = *src;
	dst->types = NULL;
	for (i = 0; i < src->nsets; i++)
		dst->sets[i].yaml = NULL;
	if ((dst->types = malloc((src->ntypes + 1) * sizeof(*dst->types))) == NULL)
		goto fail;
	memcpy(dst->types, src->types, src->ntypes * sizeof(*dst->types));
	for (i = 0; i < src->nsets; i++) {
		if (src->sets[i].yaml == NULL)
			continue;
		if ((dst->sets[i].yaml = malloc(src->sets[i].yamllen + 1)) == NULL)
			goto fail;
		memcpy(dst->sets[i].yaml, src->sets[i].yaml, src->sets[i].yamllen + 1);
	}
	return 0;
fail:
	tileset_release(dst);
	return -1;
}

/* The last few lists of built-in sets loaded, each with the tables of every game, by the list
 * ("base,tower"): a program that makes or reads many states (the tests, --verify, the bots'
 * replays, the web page) parses each list's YAML once. One process, one thread at a time. */
#define NKEPT 4
static struct {
	char key[MAXSETS * ID_MAX];
	struct tileset ts;
} kept[NKEPT];
static int nextkept;

static int
kept_find(const char *key)
{
	int i;

	for (i = 0; i < NKEPT; i++)
		if (kept[i].key[0] && strcmp(kept[i].key, key) == 0)
			return i;
	return -1;
}

int
tileset_kept(struct tileset *ts, const char *key)
{
	int i = kept_find(key);

	return i < 0 ? -1 : tileset_copy(ts, &kept[i].ts);
}

void
tileset_keep(const char *key, const struct tileset *ts)
{
	int i = nextkept;

	if (strlen(key) >= sizeof(kept[i].key) || kept_find(key) >= 0)
		return;
	tileset_release(&kept[i].ts);
	kept[i].key[0] = '\0';
	if (tileset_copy(&kept[i].ts, ts) == 0)
		strcpy(kept[i].key, key);
	nextkept = (i + 1) % NKEPT;
}
