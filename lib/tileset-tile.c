/* A tile type read from YAML (tileset.c): its segments, edges and meets, checked against one
 * another and compiled into the tables of play; the names of a tile's sides, half-sides and
 * corners, a tile type by id and a segment by name. */
#include <string.h>

#include "tileset-int.h"

const char *const side_names[4] = { "N", "E", "S", "W" };
const char *const half_names[8] = { "Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn" };
const char *const corner_names[4] = { "NE", "SE", "SW", "NW" };
const int side_dx[4] = { 0, 1, 0, -1 };
const int side_dy[4] = { -1, 0, 1, 0 };

static int
add_seg(struct ld *l, yaml_node_t *n, struct tiletype *t, int kind, int *out)
{
	if (t->nseg == MAXSEG)
		return ts_bad(l, n, "tile %s has more than %d segments", t->id, MAXSEG);
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
	const char *ks = ts_scalar(key);
	int i = sign_find(ks);
	bool b;

	if (i < 0 || signs[i]->kind != kind)
		return ts_bad(l, key, "unknown key '%s' in a %s", ks, kinds[kind]->name);
	if (ts_want_bool(l, val, ks, &b))
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
		return ts_bad(l, n, "cities must be a list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *c = ts_node(l, *it);
		bool sides = false;

		if (add_seg(l, c, t, K_CITY, &s))
			return CARC_EDATA;
		if (c->type != YAML_MAPPING_NODE)
			return ts_bad(l, c, "a city must be a map with sides and pennants");
		for (p = c->data.mapping.pairs.start; p < c->data.mapping.pairs.top; p++) {
			yaml_node_t *k = ts_node(l, p->key), *val = ts_node(l, p->value);
			const char *ks = ts_scalar(k);

			if (ks && strcmp(ks, "sides") == 0) {
				if (ts_want_names(l, val, "side", side_names, 4, &m))
					return CARC_EDATA;
				t->seg[s].sides = m;
				l->segnode[s] = val;
				sides = true;
			} else if (ks && strcmp(ks, "pennants") == 0) {
				if (ts_want_int(l, val, "pennants", 0, 9, &v))
					return CARC_EDATA;
				t->seg[s].pennants = v;
			} else if (!ks || want_sign(l, k, val, K_CITY, &t->seg[s]))
				return ks ? CARC_EDATA : ts_bad(l, k, "unknown key '?' in a city");
		}
		if (!sides)
			return ts_bad(l, c, "a city needs its sides");
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
		return ts_bad(l, n, "roads must be a list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *r = ts_node(l, *it), *sides = r;
		yaml_node_pair_t *p;

		if (add_seg(l, r, t, K_ROAD, &s))
			return CARC_EDATA;
		/* W E, or a map of the sides and the signs: {sides: W E, inn: true} */
		if (r->type == YAML_MAPPING_NODE) {
			sides = NULL;
			for (p = r->data.mapping.pairs.start; p < r->data.mapping.pairs.top; p++) {
				yaml_node_t *k = ts_node(l, p->key), *val = ts_node(l, p->value);
				const char *ks = ts_scalar(k);

				if (ks && strcmp(ks, "sides") == 0)
					sides = val;
				else if (!ks)
					return ts_bad(l, k, "unknown key '?' in a road");
				else if (want_sign(l, k, val, K_ROAD, &t->seg[s]))
					return CARC_EDATA;
			}
			if (sides == NULL)
				return ts_bad(l, r, "a road needs its sides");
			l->segnode[s] = sides;
		}
		if (ts_want_names(l, sides, "side", side_names, 4, &m))
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
		return ts_bad(l, n, "fields must be a list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *f = ts_node(l, *it);

		if (add_seg(l, f, t, K_FIELD, &s))
			return CARC_EDATA;
		if (f->type != YAML_MAPPING_NODE)
			return ts_bad(l, f, "a field must be a map with halves and cities");
		for (p = f->data.mapping.pairs.start; p < f->data.mapping.pairs.top; p++) {
			yaml_node_t *k = ts_node(l, p->key), *val = ts_node(l, p->value);
			const char *ks = ts_scalar(k);

			if (ks && strcmp(ks, "halves") == 0) {
				const char *hs = ts_scalar(val);

				if (hs && strcmp(hs, "inner") == 0)
					continue;	/* an enclosed field touches no edge */
				if (ts_want_names(l, val, "half-edge", half_names, 8, &m))
					return CARC_EDATA;
				t->seg[s].halves = m;
				l->segnode[s] = val;
			} else if (ks && strcmp(ks, "cities") == 0) {
				if (val->type != YAML_SEQUENCE_NODE)
					return ts_bad(l, val,
					    "a field's cities must be a list of city numbers");
				for (ci = val->data.sequence.items.start;
				    ci < val->data.sequence.items.top; ci++) {
					if (ts_want_int(l, ts_node(l, *ci), "city number", 0, 15,
					    &v))
						return CARC_EDATA;
					if (v >= ncity)
						return ts_bad(l, ts_node(l, *ci),
						    "tile %s has no city number %d (cities count from 0)", t->id, v);
					t->seg[s].cities |= 1u << cityseg[v];
				}
			} else
				return ts_bad(l, k, "unknown key '%s' in a field", ks ? ks : "?");
		}
	}
	return 0;
}

/* Where a figure stands on a segment: the mean of the points of the sides (roads, cities) or
 * half-edges (fields) it reaches; one-tile features stand in the middle. */
void
ts_anchors_compute(struct tiletype *t)
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
				return ts_bad(l, l->segnode[s],
				    "tile %s: a %s reaches side %s, whose edge is %c", t->id,
				    kinds[g->kind]->name, side_names[side], "FRC*"[t->edge[side]]);
			if (owner_side[side] >= 0)
				return ts_bad(l, l->segnode[s],
				    "tile %s: two segments reach side %s", t->id, side_names[side]);
			owner_side[side] = s;
		}
		for (h = 0; h < 8; h++) {
			if (!(g->halves & (1u << h)))
				continue;
			if (t->edge[h / 2] == EDGE_C || t->edge[h / 2] == EDGE_ANY)
				return ts_bad(l, l->segnode[s],
				    "tile %s: a field reaches %s, but side %s is %s",
				    t->id, half_names[h], side_names[h / 2],
				    t->edge[h / 2] == EDGE_C ? "a city" : "'*'");
			if (owner_half[h] >= 0)
				return ts_bad(l, l->segnode[s], "tile %s: two fields reach %s",
				    t->id, half_names[h]);
			owner_half[h] = s;
		}
	}
	for (side = 0; side < 4; side++) {
		if (t->edge[side] == EDGE_ANY)
			continue;	/* nothing reaches it: the feature across ends there */
		if (t->edge[side] != EDGE_F && owner_side[side] < 0)
			return ts_bad(l, l->edgesnode,
			    "tile %s: side %s is a %s edge, but no %s reaches it", t->id,
			    side_names[side], t->edge[side] == EDGE_C ? "city" : "road",
			    t->edge[side] == EDGE_C ? "city" : "road");
		if (t->edge[side] != EDGE_C)
			for (h = 2 * side; h < 2 * side + 2; h++)
				if (owner_half[h] < 0)
					return ts_bad(l, l->edgesnode,
					    "tile %s: no field reaches %s", t->id, half_names[h]);
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
	ts_anchors_compute(t);
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
				return ts_bad(l, n, "tile %s has two %ss that touch no edge: a move "
				    "could not tell them apart", t->id, kinds[t->seg[s].kind]->name);
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

	if (ts_want_scalar(l, val, "edges", &v))
		return CARC_EDATA;
	for (i = 0; *v; v++) {
		if (*v == ' ')
			continue;
		if (i == 4)
			return ts_bad(l, val, "more than four edges (N E S W, as 'C R F R')");
		if (!strchr("FRC*", *v))
			return ts_bad(l, val, "unknown edge '%c' (edges are four of F, R, C, * for "
			    "N E S W, as 'C R F R')", *v);
		e[i++] = *v;
	}
	if (i != 4)
		return ts_bad(l, val, "fewer than four edges (N E S W, as 'C R F R')");
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
int
ts_load_meets(struct ld *l, yaml_node_t *n, struct tiletype *t)
{
	yaml_node_item_t *it;
	char name[32];
	const char *v, *e;
	unsigned group;
	int s, u;
	size_t len;

	if (n->type != YAML_SEQUENCE_NODE)
		return ts_bad(l, n,
		    "meets must be a list of features that touch, as [road:S city:N]");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *g = ts_node(l, *it);

		if (ts_want_scalar(l, g, "a group of features that meet", &v))
			return CARC_EDATA;
		for (group = 0; *v; v = e) {
			while (*v == ' ')
				v++;
			if ((len = strcspn(v, " ")) == 0)
				break;
			e = v + len;
			if (len >= sizeof(name))
				return ts_bad(l, g, "tile %s has no %.*s", t->id, (int)len, v);
			memcpy(name, v, len);
			name[len] = '\0';
			if ((s = seg_by_name(t, 0, name)) < 0)
				return ts_bad(l, g, "tile %s has no %s", t->id, name);
			group |= 1u << s;
		}
		if (group == 0 || (group & (group - 1)) == 0)
			return ts_bad(l, g,
			    "features that meet are two or more, as 'road:S city:N'");
		for (s = 0; s < t->nseg; s++)
			if (group >> s & 1)
				for (u = 0; u < t->nseg; u++)
					if (u != s && (group >> u & 1))
						t->meets[s] |= 1u << u;
	}
	return 0;
}

int
ts_load_tile(struct ld *l, yaml_node_t *n, struct tileset *ts, int set)
{
	struct tiletype *t = &ts->types[ts->ntypes];
	yaml_node_pair_t *p;
	yaml_node_t *cities = NULL, *roads = NULL, *fields = NULL, *meets = NULL;
	int cityseg[MAXSEG], ncity = 0, s, i, kind;
	bool have_id = false, have_edges = false, b;

	if (n->type != YAML_MAPPING_NODE)
		return ts_bad(l, n, "a tile must be a map (id, count, edges, ...)");
	memset(t, 0, sizeof(*t));
	t->set = set;
	t->count = 1;
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = ts_node(l, p->key), *val = ts_node(l, p->value);
		const char *ks = ts_scalar(k);

		if (ks == NULL)
			return ts_bad(l, k, "a key must be a plain word");
		if (strcmp(ks, "id") == 0) {
			if (ts_want_id(l, val, "tile id", t->id))
				return CARC_EDATA;
			l->idnode = val;
			have_id = true;
		} else if (strcmp(ks, "count") == 0) {
			if (ts_want_int(l, val, "count", 0, 999, &t->count))
				return CARC_EDATA;
		} else if (strcmp(ks, "own") == 0) {
			if (ts_want_int(l, val, "own", 0, 9, &t->own))
				return CARC_EDATA;
		} else if (strcmp(ks, "plain") == 0) {
			if (ts_want_id(l, val, "plain tile id", t->plain))
				return CARC_EDATA;
		} else if (strcmp(ks, "edges") == 0) {
			if (load_edges(l, val, t))
				return CARC_EDATA;
			have_edges = true;
		} else if ((kind = kind_find(ks)) >= 0 && kinds[kind]->shape == SHAPE_POINT) {
			/* a one-tile feature of a module's kind: cloister: true, tent: true ... */
			if (ts_want_bool(l, val, ks, &b))
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
			return ts_bad(l, k, "unknown key '%s' in a tile", ks);
	}
	if (!have_id)
		return ts_bad(l, n, "a tile needs an id");
	if (!have_edges)
		return ts_bad(l, n, "tile %s needs its edges", t->id);
	if (cities && load_cities(l, cities, t, cityseg, &ncity))
		return CARC_EDATA;
	if (roads && load_roads(l, roads, t))
		return CARC_EDATA;
	if (fields && load_fields(l, fields, t, cityseg, ncity))
		return CARC_EDATA;
	if (compile_tile(l, n, t))
		return CARC_EDATA;
	if (meets && ts_load_meets(l, meets, t))
		return CARC_EDATA;
	if ((i = tileset_find(ts, t->id)) >= 0)
		return i < ts->ntypes && ts->types[i].set != set ?
		    ts_bad(l, l->idnode, "tile id '%s' is taken by the set '%s'", t->id,
		    ts->sets[ts->types[i].set].name) :
		    ts_bad(l, l->idnode, "tile id '%s' is defined twice", t->id);
	ts->ntypes++;
	return 0;
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
