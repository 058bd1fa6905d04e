/* C unit tests of libcarc: the RNG, the tile-set loader against rules/TILES.md, rotations,
 * feature names, the board and its union-find, game setup errors and the state codecs.
 * One line per failed check, then "unit: N passed, M failed"; the status is 1 if any failed. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "game.h"
#include "legal.h"
#include "rules/modules.h"
#include "score.h"
#include "setup.h"
#include "suggest.h"

static int npass, nfail;

/* ---- the runner ---- */

/* A check's name, built like printf; a few rotating buffers so two can be alive at once. */
static const char *
nm(const char *fmt, ...)
{
	static char bufs[4][512];
	static int k;
	va_list ap;
	char *b = bufs[k++ & 3];

	va_start(ap, fmt);
	vsnprintf(b, sizeof(bufs[0]), fmt, ap);
	va_end(ap);
	return b;
}

static int
expect_int(const char *name, long long want, long long got)
{
	if (want == got) {
		npass++;
		return 1;
	}
	printf("unit: FAIL %s: expected %lld, got %lld\n", name, want, got);
	nfail++;
	return 0;
}

static int
expect_u64(const char *name, uint64_t want, uint64_t got)
{
	if (want == got) {
		npass++;
		return 1;
	}
	printf("unit: FAIL %s: expected 0x%016" PRIx64 ", got 0x%016" PRIx64 "\n", name, want, got);
	nfail++;
	return 0;
}

static int
expect_str(const char *name, const char *want, const char *got)
{
	if (want && got && strcmp(want, got) == 0) {
		npass++;
		return 1;
	}
	printf("unit: FAIL %s: expected '%s', got '%s'\n", name, want ? want : "(null)",
	    got ? got : "(null)");
	nfail++;
	return 0;
}

static int
expect_true(const char *name, int cond, const char *want, const char *got)
{
	if (cond) {
		npass++;
		return 1;
	}
	printf("unit: FAIL %s: expected %s, got %s\n", name, want, got);
	nfail++;
	return 0;
}

/* ---- shared fixtures ---- */

static const char *const letters = "ABCDEFGHIJKLMNOPQRSTUVWX";

static int
load_text(struct tileset *ts, const char *name, const char *text, const char *file,
    struct carc_err *err)
{
	memset(ts, 0, sizeof(*ts));
	return tileset_load(ts, name, text, strlen(text), file, false, err);
}

static int
load_base(struct tileset *ts)
{
	struct carc_err err = { 0 };
	const char *text;
	size_t len;
	int rc;

	memset(ts, 0, sizeof(*ts));
	if ((text = builtin_set("base", &len)) == NULL) {
		expect_true("builtin base set", 0, "formats/base.yaml built in", "none");
		return -1;
	}
	rc = tileset_load(ts, "base", text, len, "formats/base.yaml", true, &err);
	if (!expect_int("load base set", 0, rc))
		printf("unit:   %s\n", err.msg);
	return rc ? -1 : 0;
}

static const struct tiletype *
tile(const struct tileset *ts, const char *id)
{
	int i = tileset_find(ts, id);

	return i < 0 ? NULL : &ts->types[i];
}

/* The segment of kind k whose unrotated sides (road/city) or halves (field) are mask. */
static int
seg_with(const struct tiletype *t, int k, unsigned mask)
{
	int s;

	for (s = 0; s < t->nseg; s++)
		if (t->seg[s].kind == k &&
		    (k == K_FIELD ? t->seg[s].halves : t->seg[s].sides) == mask)
			return s;
	return -1;
}

/* "N W" -> side bits, "En Wn" -> half bits. */
static unsigned
mask_of(const char *words, const char *const *names, int n)
{
	char buf[64], *w, *save;
	unsigned m = 0;
	int i;

	snprintf(buf, sizeof(buf), "%s", words);
	for (w = strtok_r(buf, " +-", &save); w; w = strtok_r(NULL, " +-", &save))
		for (i = 0; i < n; i++)
			if (strcmp(w, names[i]) == 0)
				m |= 1u << i;
	return m;
}

#define SIDES(s) mask_of(s, side_names, 4)
#define HALVES(s) mask_of(s, half_names, 8)

static struct carc_game *
new_game(const char *players, uint64_t seed, const char *stack, const char *deck)
{
	struct carc_setup su = { .players = players, .seed = seed, .stack = stack, .deck = deck };
	struct carc_err err = { 0 };
	struct carc_game *g = carc_game_new(&su, &err);

	if (g == NULL)
		printf("unit:   carc_game_new: %s\n", err.msg);
	return g;
}

/* ---- the RNG ---- */

static void
test_rng_sequence(void)
{
	/* splitmix64 (Steele, Lea, Flood 2014; Vigna's reference splitmix64.c): state += gamma,
	 * then the variant-13 finaliser. Values from the published reference for these seeds. */
	static const struct {
		uint64_t seed;
		uint64_t out[4];
	} tab[] = {
		{ 0, { 0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL,
		    0xf88bb8a8724c81ecULL } },
		{ 1, { 0x910a2dec89025cc1ULL, 0xbeeb8da1658eec67ULL, 0xf893a2eefb32555eULL,
		    0x71c18690ee42c90bULL } },
		{ 1234567, { 6457827717110365317ULL, 3203168211198807973ULL,
		    9817491932198370423ULL, 4593380528125082431ULL } },
	};
	size_t i, j;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		uint64_t s = tab[i].seed;

		for (j = 0; j < 4; j++)
			expect_u64(nm("rng seed %" PRIu64 " draw %zu", tab[i].seed, j + 1), tab[i].out[j],
			    carc_rng_next(&s));
		/* the whole generator state is the seed plus four times the golden gamma */
		expect_u64(nm("rng seed %" PRIu64 " state after 4 draws", tab[i].seed),
		    tab[i].seed + 4 * 0x9e3779b97f4a7c15ULL, s);
	}
}

static void
test_rng_below(void)
{
	static const uint32_t ns[] = { 2, 3, 6, 7, 10, 71, 72, 100, 1000 };
	/* Lemire's multiply-shift on the low 32 bits of each splitmix64 output */
	static const struct {
		uint64_t seed;
		uint32_t n;
		uint32_t out[8];
		int nout;
	} pins[] = {
		{ 0, 6, { 2, 3, 3, 2, 1, 2, 0, 4 }, 8 },
		{ 42, 71, { 13, 49, 5, 3, 10 }, 5 },
	};
	uint32_t seen[1000];
	size_t i, k;
	uint64_t s;

	s = 7;
	expect_int("rng_below(0) is 0", 0, carc_rng_below(&s, 0));
	expect_int("rng_below(1) is 0", 0, carc_rng_below(&s, 1));
	for (i = 0; i < sizeof(pins) / sizeof(pins[0]); i++) {
		s = pins[i].seed;
		for (k = 0; k < (size_t)pins[i].nout; k++)
			expect_int(nm("rng_below seed %" PRIu64 " n %u draw %zu", pins[i].seed, pins[i].n,
			    k + 1), pins[i].out[k], carc_rng_below(&s, pins[i].n));
	}
	for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		uint32_t n = ns[i], v, missing = 0, out = 0, draws = n * 300, lo = draws, hi = 0;

		memset(seen, 0, sizeof(seen));
		s = 12345 + n;
		for (k = 0; k < draws; k++) {
			v = carc_rng_below(&s, n);
			if (v >= n)
				out++;
			else
				seen[v]++;
		}
		for (v = 0; v < n; v++) {
			if (seen[v] == 0)
				missing++;
			if (seen[v] < lo)
				lo = seen[v];
			if (seen[v] > hi)
				hi = seen[v];
		}
		expect_int(nm("rng_below(%u) draws out of range", n), 0, out);
		expect_int(nm("rng_below(%u) values never drawn in %u draws", n, draws), 0, missing);
		/* 300 expected per value: anything outside 200..400 is far beyond chance */
		expect_true(nm("rng_below(%u) spread", n), lo >= 200 && hi <= 400,
		    "every value 200..400 times", nm("%u..%u", lo, hi));
	}
	s = 99;
	for (k = 0, i = 0; k < 10000; k++)
		if (carc_rng_below(&s, 0x80000001u) > 0x80000000u)
			i++;
	expect_int("rng_below(2^31+1) draws out of range", 0, i);
}

static void
test_rng_shuffle(void)
{
	uint16_t a[71], count[71];
	uint64_t s = 5;
	int i, bad = 0, moved = 0;

	for (i = 0; i < 71; i++)
		a[i] = i;
	rng_shuffle(&s, a, 71);
	memset(count, 0, sizeof(count));
	for (i = 0; i < 71; i++) {
		if (a[i] >= 71)
			bad++;
		else
			count[a[i]]++;
		if (a[i] != i)
			moved++;
	}
	for (i = 0; i < 71; i++)
		if (count[i] != 1)
			bad++;
	expect_int("shuffle is a permutation", 0, bad);
	expect_true("shuffle moves tiles", moved > 50, "most of 71 tiles moved", nm("%d", moved));
}

/* ---- the base tile set against rules/TILES.md §1 ---- */

/* One row of TILES.md §1 (C2), all copies of a letter together, garden copies included.
 * cities "N+W;S", roads "W-E;S", fields "En Wn>0;Es Se" (>i,j: borders city i, j). */
static const struct letter_row {
	char letter;
	int count, gardens;
	const char *edges;
	int cloister;
	const char *cities, *pennants, *roads, *fields;
} base_rows[] = {
	{ 'A', 2, 0, "FFRF", 1, "", "", "S", "Nw Ne En Es Se Sw Ws Wn" },
	{ 'B', 4, 0, "FFFF", 1, "", "", "", "Nw Ne En Es Se Sw Ws Wn" },
	{ 'C', 1, 0, "CCCC", 0, "N+W+S+E", "1", "", "" },
	{ 'D', 4, 0, "CRFR", 0, "N", "0", "W-E", "En Wn>0;Es Se Sw Ws" },
	{ 'E', 5, 1, "CFFF", 0, "N", "0", "", "En Es Se Sw Ws Wn>0" },
	{ 'F', 2, 0, "FCFC", 0, "W+E", "1", "", "Nw Ne>0;Se Sw>0" },
	{ 'G', 1, 0, "FCFC", 0, "W+E", "0", "", "Nw Ne>0;Se Sw>0" },
	{ 'H', 3, 1, "CFCF", 0, "N;S", "00", "", "En Es Ws Wn>0,1" },
	{ 'I', 2, 1, "CFFC", 0, "N;W", "00", "", "En Es Se Sw>0,1" },
	{ 'J', 3, 0, "CRRF", 0, "N", "0", "E-S", "En Sw Ws Wn>0;Es Se" },
	{ 'K', 3, 0, "CFRR", 0, "N", "0", "S-W", "En Es Se Wn>0;Sw Ws" },
	{ 'L', 3, 0, "CRRR", 0, "N", "0", "E;S;W", "En Wn>0;Sw Ws;Es Se" },
	{ 'M', 2, 1, "CFFC", 0, "N+W", "1", "", "En Es Se Sw>0" },
	{ 'N', 3, 1, "CFFC", 0, "N+W", "0", "", "En Es Se Sw>0" },
	{ 'O', 2, 0, "CRRC", 0, "N+W", "1", "E-S", "En Sw>0;Es Se" },
	{ 'P', 3, 0, "CRRC", 0, "N+W", "0", "E-S", "En Sw>0;Es Se" },
	{ 'Q', 1, 0, "CCFC", 0, "N+E+W", "1", "", "Se Sw>0" },
	{ 'R', 3, 1, "CCFC", 0, "N+E+W", "0", "", "Se Sw>0" },
	{ 'S', 2, 0, "CCRC", 0, "N+W+E", "1", "S", "Se>0;Sw>0" },
	{ 'T', 1, 0, "CCRC", 0, "N+W+E", "0", "S", "Se>0;Sw>0" },
	{ 'U', 8, 1, "FRFR", 0, "", "", "W-E", "Nw Ne En Wn;Es Se Sw Ws" },
	{ 'V', 9, 1, "FFRR", 0, "", "", "W-S", "Nw Ne En Es Se Wn;Sw Ws" },
	{ 'W', 4, 0, "FRRR", 0, "", "", "E;S;W", "Nw Ne En Wn;Es Se;Sw Ws" },
	{ 'X', 1, 0, "RRRR", 0, "", "", "N;E;S;W", "Nw Wn;Ne En;Es Se;Sw Ws" },
};

static int
count_items(const char *list)
{
	int n = *list ? 1 : 0;

	for (; *list; list++)
		if (*list == ';')
			n++;
	return n;
}

/* The i-th ';'-separated item of list into out. */
static const char *
item(const char *list, int i, char *out, size_t n)
{
	const char *e;

	while (i-- > 0 && (list = strchr(list, ';')) != NULL)
		list++;
	if (list == NULL)
		return "";
	e = strchr(list, ';');
	snprintf(out, n, "%.*s", (int)(e ? (size_t)(e - list) : strlen(list)), list);
	return out;
}

/* Compares one tile type with its row: edges, segments, pennants, cloister. */
/* The segment of a one-tile kind (cloister, garden, tent, fair) on a tile, or -1. */
static int
point_seg(const struct tiletype *t, const char *kind)
{
	int s, k = kind_find(kind);

	for (s = 0; s < t->nseg; s++)
		if (t->seg[s].kind == k)
			return s;
	return -1;
}

static void
check_shape(const struct tiletype *t, const struct letter_row *r)
{
	char buf[64], *gt;
	int i, s, k, ncity = 0, nroad = 0, nfield = 0, c, cityseg[4];
	unsigned want;

	for (i = 0; i < 4; i++)
		expect_int(nm("tile %s edge %s", t->id, side_names[i]),
		    r->edges[i] == 'F' ? EDGE_F : r->edges[i] == 'R' ? EDGE_R : EDGE_C, t->edge[i]);
	expect_int(nm("tile %s has a cloister", t->id), r->cloister, point_seg(t, "cloister") >= 0);
	expect_int(nm("tile %s has a garden", t->id), t->id[1] == 'g', point_seg(t, "garden") >= 0);
	for (s = 0; s < t->nseg; s++) {
		k = t->seg[s].kind;
		ncity += k == K_CITY;
		nroad += k == K_ROAD;
		nfield += k == K_FIELD;
	}
	expect_int(nm("tile %s city segments", t->id), count_items(r->cities), ncity);
	expect_int(nm("tile %s road segments", t->id), count_items(r->roads), nroad);
	expect_int(nm("tile %s field segments", t->id), count_items(r->fields), nfield);
	for (i = 0; i < count_items(r->cities); i++) {
		want = SIDES(item(r->cities, i, buf, sizeof(buf)));
		cityseg[i] = s = seg_with(t, K_CITY, want);
		if (expect_true(nm("tile %s city %s", t->id, buf), s >= 0, "a city segment", "none"))
			expect_int(nm("tile %s city %s pennants", t->id, buf), r->pennants[i] - '0',
			    t->seg[s].pennants);
	}
	for (i = 0; i < count_items(r->roads); i++) {
		want = SIDES(item(r->roads, i, buf, sizeof(buf)));
		expect_true(nm("tile %s road %s", t->id, buf), seg_with(t, K_ROAD, want) >= 0,
		    "a road segment", "none");
	}
	for (i = 0; i < count_items(r->fields); i++) {
		unsigned cities = 0;

		item(r->fields, i, buf, sizeof(buf));
		if ((gt = strchr(buf, '>')) != NULL) {
			*gt++ = '\0';
			for (; *gt; gt++)
				if (*gt >= '0' && *gt <= '9' && (c = *gt - '0') < count_items(r->cities) &&
				    cityseg[c] >= 0)
					cities |= 1u << cityseg[c];
		}
		want = HALVES(buf);
		s = seg_with(t, K_FIELD, want);
		if (expect_true(nm("tile %s field {%s}", t->id, buf), s >= 0, "a field segment", "none"))
			expect_int(nm("tile %s field {%s} borders cities (segment bits)", t->id, buf),
			    cities, t->seg[s].cities);
	}
}

static void
test_base_set(void)
{
	struct tileset ts;
	const struct letter_row *r;
	int total = 0, pennants = 0, gardens = 0, cloisters = 0, i, s, per[26] = { 0 },
	    gper[26] = { 0 }, unknown = 0;

	if (load_base(&ts))
		return;
	expect_str("base set name", "base", ts.sets[0].name);
	expect_str("base start tile", "D", ts.start);
	expect_int("base set is built in (no yaml kept)", 1, ts.sets[0].yaml == NULL);
	expect_int("base tile types (24 letters + 8 garden copies)", 32, ts.ntypes);
	for (i = 0; i < ts.ntypes; i++) {
		const struct tiletype *t = &ts.types[i];
		const char *p = strchr(letters, t->id[0]);

		total += t->count;
		if (p == NULL || t->id[0] == '\0' || (t->id[1] && strcmp(t->id + 1, "g") != 0)) {
			unknown++;
			continue;
		}
		per[p - letters] += t->count;
		if (point_seg(t, "garden") >= 0)
			gper[p - letters] += t->count;
		gardens += point_seg(t, "garden") >= 0 ? t->count : 0;
		cloisters += point_seg(t, "cloister") >= 0 ? t->count : 0;
		for (s = 0; s < t->nseg; s++)
			pennants += t->seg[s].pennants * t->count;
		if (t->id[1] == 'g')
			expect_str(nm("tile %s is printed plain in C1 as", t->id), nm("%c", t->id[0]),
			    t->plain);
		for (r = base_rows; r < base_rows + 24; r++)
			if (r->letter == t->id[0])
				check_shape(t, r);
	}
	expect_int("base tile ids outside A-X and their g copies", 0, unknown);
	expect_int("base tiles in total, start tile included", 72, total);
	expect_int("base pennants (C1 + F2 + M2 + O2 + Q1 + S2)", 10, pennants);
	expect_int("base garden tiles", 8, gardens);
	expect_int("base monasteries (A2 + B4)", 6, cloisters);
	for (r = base_rows; r < base_rows + 24; r++) {
		expect_int(nm("base count of %c", r->letter), r->count, per[r->letter - 'A']);
		expect_int(nm("base garden copies of %c", r->letter), r->gardens,
		    gper[r->letter - 'A']);
	}
	tileset_release(&ts);
}

static void
test_figures(void)
{
	struct tileset ts;
	struct carc_err err = { 0 };

	memset(&ts, 0, sizeof(ts));
	expect_int("load figure table", 0, figures_load(&ts, &err));
	expect_true("figure table has the follower first", ts.nfig >= 1 &&
	    strcmp(ts.fig[0].name, "follower") == 0, "follower", ts.nfig ? ts.fig[0].name : "none");
	if (ts.nfig < 1)
		return;
	expect_int("followers per player (B: 7 + score marker)", 7, ts.fig[0].count);
	expect_int("follower strength", 1, ts.fig[0].strength);
	expect_int("follower claims", 1, ts.fig[0].claims);
	expect_int("follower stands on road, city, cloister, field, tent (F-2), not garden (B-61)",
	    1 << K_ROAD | 1 << K_CITY | 1 << K_CLOISTER | 1 << K_FIELD | 1 << kind_find("tent"),
	    ts.fig[0].on);
}

/* ---- rotation tables ---- */

static int
edge_at(const struct tiletype *t, int rot, int side)
{
	return (t->pattern[rot] >> (2 * side)) & 3;
}

static void
test_half_across(void)
{
	static const char *const pairs[][2] = {
		{ "Nw", "Sw" }, { "Ne", "Se" }, { "En", "Wn" }, { "Es", "Ws" },
		{ "Sw", "Nw" }, { "Se", "Ne" }, { "Wn", "En" }, { "Ws", "Es" },
	};
	size_t i;
	int h;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		int a = -1, b = -1;

		for (h = 0; h < 8; h++) {
			if (strcmp(half_names[h], pairs[i][0]) == 0)
				a = h;
			if (strcmp(half_names[h], pairs[i][1]) == 0)
				b = h;
		}
		expect_str(nm("HALF_ACROSS(%s)", pairs[i][0]), pairs[i][1],
		    a >= 0 ? half_names[HALF_ACROSS(a)] : "?");
		(void)b;
	}
	for (h = 0; h < 8; h++) {
		expect_int(nm("HALF_ACROSS twice of %s", half_names[h]), h, HALF_ACROSS(HALF_ACROSS(h)));
		expect_int(nm("HALF_ACROSS(%s) lies on the opposite side", half_names[h]),
		    (h / 2 + 2) % 4, HALF_ACROSS(h) / 2);
	}
	/* the names themselves: clockwise from the north-west corner (TILES.md §0) */
	expect_str("half 0", "Nw", half_names[0]);
	expect_str("half 3", "Es", half_names[3]);
	expect_str("half 5", "Sw", half_names[5]);
	expect_str("half 7", "Wn", half_names[7]);
}

static void
test_rotation_d(void)
{
	/* D is C R F R (N E S W); turning clockwise moves what faced N to E */
	static const char *const pattern[4] = { "CRFR", "RCRF", "FRCR", "RFRC" };
	static const char *const city[4] = { "N", "E", "S", "W" };
	static const char *const road[4] = { "W E", "N S", "W E", "N S" };
	static const char *const small[4] = { "En Wn", "Ne Se", "Es Ws", "Nw Sw" };
	static const char *const big[4] = { "Es Se Sw Ws", "Sw Ws Wn Nw", "Wn Nw Ne En",
		"Ne En Es Se" };
	struct tileset ts;
	const struct tiletype *t;
	int r, s, h, sc, sr, sf, sb;

	if (load_base(&ts))
		return;
	if ((t = tile(&ts, "D")) == NULL) {
		expect_true("tile D", 0, "present", "missing");
		return;
	}
	sc = seg_with(t, K_CITY, SIDES("N"));
	sr = seg_with(t, K_ROAD, SIDES("W E"));
	sf = seg_with(t, K_FIELD, HALVES("En Wn"));
	sb = seg_with(t, K_FIELD, HALVES("Es Se Sw Ws"));
	if (!expect_true("D segments", sc >= 0 && sr >= 0 && sf >= 0 && sb >= 0, "all four",
	    "some missing"))
		return;
	for (r = 0; r < 4; r++) {
		for (s = 0; s < 4; s++) {
			char e = pattern[r][s];

			expect_int(nm("D rot %d edge %s", r * 90, side_names[s]),
			    e == 'F' ? EDGE_F : e == 'R' ? EDGE_R : EDGE_C, edge_at(t, r, s));
			expect_int(nm("D rot %d sideseg %s", r * 90, side_names[s]),
			    e == 'C' ? sc : e == 'R' ? sr : -1, t->sideseg[r][s]);
		}
		expect_int(nm("D rot %d rsides city", r * 90), SIDES(city[r]), t->rsides[r][sc]);
		expect_int(nm("D rot %d rsides road", r * 90), SIDES(road[r]), t->rsides[r][sr]);
		expect_int(nm("D rot %d rhalves city field", r * 90), HALVES(small[r]),
		    t->rhalves[r][sf]);
		expect_int(nm("D rot %d rhalves big field", r * 90), HALVES(big[r]), t->rhalves[r][sb]);
		expect_int(nm("D rot %d rsides of a field", r * 90), 0, t->rsides[r][sf]);
		expect_int(nm("D rot %d rhalves of a city", r * 90), 0, t->rhalves[r][sc]);
		for (h = 0; h < 8; h++)
			expect_int(nm("D rot %d halfseg %s", r * 90, half_names[h]),
			    HALVES(small[r]) & (1u << h) ? sf : HALVES(big[r]) & (1u << h) ? sb : -1,
			    t->halfseg[r][h]);
	}
	/* "tile D rotated 90 has its city on E" */
	expect_int("D rot 90 city on E", EDGE_C, edge_at(t, 1, SIDE_E));
	tileset_release(&ts);
}

static void
test_rotation_all(void)
{
	struct tileset ts;
	int i, r, s, side, h, bad;

	if (load_base(&ts))
		return;
	/* Every base tile, every rotation: the tables agree with each other and with the edges. */
	for (i = 0; i < ts.ntypes; i++) {
		const struct tiletype *t = &ts.types[i];

		bad = 0;
		for (r = 0; r < 4; r++) {
			for (side = 0; side < 4; side++) {
				if (edge_at(t, r, side) != t->edge[(side - r + 4) & 3])
					bad++;
				s = t->sideseg[r][side];
				if ((t->edge[(side - r + 4) & 3] == EDGE_F) != (s < 0))
					bad++;
				if (s >= 0 && !(t->rsides[r][s] & (1u << side)))
					bad++;
			}
			for (h = 0; h < 8; h++) {
				s = t->halfseg[r][h];
				if ((edge_at(t, r, h / 2) == EDGE_C) != (s < 0))
					bad++;
				if (s >= 0 && !(t->rhalves[r][s] & (1u << h)))
					bad++;
			}
			for (s = 0; s < t->nseg; s++) {
				if (__builtin_popcount(t->rsides[r][s]) != __builtin_popcount(t->seg[s].sides))
					bad++;
				if (__builtin_popcount(t->rhalves[r][s]) !=
				    __builtin_popcount(t->seg[s].halves))
					bad++;
				for (side = 0; side < 4; side++)
					if ((t->rsides[r][s] >> side & 1) !=
					    (t->seg[s].sides >> ((side - r + 4) & 3) & 1))
						bad++;
				for (h = 0; h < 8; h++)
					if ((t->rhalves[r][s] >> h & 1) !=
					    (t->seg[s].halves >> ((h - 2 * r + 8) & 7) & 1))
						bad++;
			}
		}
		expect_int(nm("tile %s rotation tables consistent", t->id), 0, bad);
	}
	/* a curve: V's road W-S turns to N-W, N-E, E-S */
	{
		const struct tiletype *t = tile(&ts, "V");
		static const char *const want[4] = { "W S", "N W", "N E", "E S" };

		s = t ? seg_with(t, K_ROAD, SIDES("W S")) : -1;
		if (expect_true("V road W-S", s >= 0, "found", "missing"))
			for (r = 0; r < 4; r++)
				expect_int(nm("V rot %d road sides", r * 90), SIDES(want[r]),
				    t->rsides[r][s]);
	}
	tileset_release(&ts);
}

/* ---- feature names ---- */

static const char odd_set[] =
    "name: odd\n"
    "tiles:\n"
    "  - id: Z1\n"
    "    edges: R F C F\n"
    "    cities:\n"
    "      - {sides: S}\n"
    "    roads:\n"
    "      - N\n"
    "    fields:\n"
    "      - {halves: Nw}\n"
    "      - {halves: Ne En Wn, cities: [0]}\n"
    "      - {halves: Es Ws}\n";

static void
test_seg_names(void)
{
	static const struct {
		const char *tile;
		int rot;
		const char *kind, *unrotated, *name;
	} names[] = {
		{ "D", 0, "city", "N", "city:N" },
		{ "D", 90, "city", "N", "city:E" },
		{ "D", 180, "city", "N", "city:S" },
		{ "D", 270, "city", "N", "city:W" },
		{ "D", 0, "road", "W E", "road:E" },
		{ "D", 90, "road", "W E", "road:N" },
		{ "D", 0, "field", "En Wn", "field:En" },
		{ "D", 90, "field", "En Wn", "field:Ne" },
		{ "D", 180, "field", "En Wn", "field:Es" },
		{ "D", 270, "field", "En Wn", "field:Nw" },
		{ "D", 0, "field", "Es Se Sw Ws", "field:Es" },
		{ "D", 90, "field", "Es Se Sw Ws", "field:Nw" },
		{ "C", 0, "city", "N W S E", "city:N" },
		{ "C", 270, "city", "N W S E", "city:N" },
		{ "V", 0, "road", "W S", "road:S" },
		{ "V", 90, "road", "W S", "road:N" },
		{ "V", 0, "field", "Sw Ws", "field:Sw" },
		{ "V", 90, "field", "Sw Ws", "field:Nw" },
		{ "V", 0, "field", "Nw Ne En Es Se Wn", "field:Nw" },
		{ "J", 0, "field", "En Sw Ws Wn", "field:En" },
		{ "J", 180, "field", "En Sw Ws Wn", "field:Ne" },	/* Ws Ne En Es */
		{ "X", 0, "road", "W", "road:W" },
		{ "X", 90, "road", "W", "road:N" },
		{ "B", 90, "cloister", "", "cloister" },
		{ "Eg", 0, "garden", "", "garden" },
	};
	static const struct {
		const char *tile;
		int rot;
		const char *name, *kind, *unrotated;	/* kind NULL: want -1; "?" want -2 */
	} lookups[] = {
		{ "D", 90, "city:E", "city", "N" },
		{ "D", 90, "city:N", NULL, NULL },
		{ "D", 90, "road:N", "road", "W E" },
		{ "D", 90, "road:S", "road", "W E" },
		{ "D", 90, "road:E", NULL, NULL },
		{ "D", 90, "field:Ne", "field", "En Wn" },
		{ "D", 90, "field:Se", "field", "En Wn" },
		{ "D", 90, "field:Wn", "field", "Es Se Sw Ws" },
		{ "D", 90, "field:En", NULL, NULL },
		{ "D", 0, "field:N", NULL, NULL },
		{ "D", 0, "city:Nw", NULL, NULL },
		{ "D", 0, "cloister", NULL, NULL },
		{ "D", 0, "field", NULL, NULL },
		{ "D", 0, "castle:N", "?", NULL },
		{ "D", 0, "", "?", NULL },
		{ "A", 180, "cloister", "cloister", "" },
		{ "A", 180, "road:N", "road", "S" },
		{ "B", 0, "cloister", "cloister", "" },
		{ "Eg", 90, "garden", "garden", "" },
		{ "Eg", 90, "city:E", "city", "N" },
		{ "Ug", 0, "garden", "garden", "" },
		{ "E", 0, "garden", NULL, NULL },
	};
	struct tileset ts, odd;
	struct carc_err err = { 0 };
	const struct tiletype *t;
	char out[32];
	size_t i;
	int k, s, got;

	if (load_base(&ts))
		return;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if ((t = tile(&ts, names[i].tile)) == NULL)
			continue;
		k = kind_find(names[i].kind);
		s = k == K_FIELD ? seg_with(t, k, HALVES(names[i].unrotated)) :
		    kinds[k]->shape == SHAPE_POINT ? point_seg(t, names[i].kind) :
		    seg_with(t, k, SIDES(names[i].unrotated));
		if (s < 0) {
			expect_true(nm("%s %s %s", names[i].tile, names[i].kind, names[i].unrotated), 0,
			    "a segment", "none");
			continue;
		}
		seg_rotated_name(t, names[i].rot / 90, s, out, sizeof(out));
		expect_str(nm("name of %s rot %d %s {%s}", names[i].tile, names[i].rot, names[i].kind,
		    names[i].unrotated), names[i].name, out);
		expect_int(nm("seg_by_name(%s rot %d, %s)", names[i].tile, names[i].rot,
		    names[i].name), s, seg_by_name(t, names[i].rot / 90, names[i].name));
	}
	for (i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++) {
		int want;

		if ((t = tile(&ts, lookups[i].tile)) == NULL)
			continue;
		if (lookups[i].kind == NULL)
			want = -1;
		else if (strcmp(lookups[i].kind, "?") == 0)
			want = -2;
		else {
			k = kind_find(lookups[i].kind);
			want = k == K_FIELD ? seg_with(t, k, HALVES(lookups[i].unrotated)) :
			    kinds[k]->shape == SHAPE_POINT ? point_seg(t, lookups[i].kind) :
			    seg_with(t, k, SIDES(lookups[i].unrotated));
		}
		got = seg_by_name(t, lookups[i].rot / 90, lookups[i].name);
		expect_int(nm("seg_by_name(%s rot %d, '%s')", lookups[i].tile, lookups[i].rot,
		    lookups[i].name), want, got);
	}
	tileset_release(&ts);

	/* DESIGN.md: "a field touching Ne, En and Wn is field:Ne" (not Wn, which comes last) */
	if (!expect_int("load a set with a field on Ne En Wn", 0,
	    load_text(&odd, NULL, odd_set, "odd.yaml", &err))) {
		printf("unit:   %s\n", err.msg);
		return;
	}
	t = &odd.types[0];
	s = seg_with(t, K_FIELD, HALVES("Ne En Wn"));
	if (expect_true("odd field segment", s >= 0, "found", "none")) {
		static const char *const want[4] = { "field:Ne", "field:Ne", "field:Es", "field:Nw" };

		for (k = 0; k < 4; k++) {
			seg_rotated_name(t, k, s, out, sizeof(out));
			expect_str(nm("field {Ne En Wn} rot %d name", k * 90), want[k], out);
		}
		expect_int("seg_by_name field:Wn", s, seg_by_name(t, 0, "field:Wn"));
		expect_int("seg_by_name field:En", s, seg_by_name(t, 0, "field:En"));
		expect_int("seg_by_name field:Nw is the other field", seg_with(t, K_FIELD, HALVES("Nw")),
		    seg_by_name(t, 0, "field:Nw"));
	}
	tileset_release(&odd);
}

/* ---- the board ---- */

static int
type_of(const struct carc_game *g, const char *id)
{
	return tileset_find(&g->ts, id);
}

/* The root of segment seg (unrotated description) of the tile at board index b. */
static struct node *
feature(struct carc_game *g, int b, int kind, const char *where)
{
	const struct tiletype *t = &g->ts.types[g->board[b].type];
	int s = kind == K_FIELD ? seg_with(t, kind, HALVES(where)) : seg_with(t, kind, SIDES(where));

	if (s < 0)
		return NULL;
	return &g->nodes[node_find(g, b * MAXSEG + s)];
}

static int
root_of(struct carc_game *g, int b, int kind, const char *where)
{
	struct node *n = feature(g, b, kind, where);

	return n ? (int)(n - g->nodes) : -1;
}

/* X-AM-1: the abbey has no field, and the fields beside it are not joined through it, as they
 * are through a cloister in a field. The start B(0,0) and B at -1,1, 1,1 and 0,2 (put down
 * without the rules: each touches only the cell 0,1), then the abbey or a B at 0,1. */
static void
test_abbey_fields(void)
{
	static const int around[4][2] = { { 0, 0 }, { -1, 1 }, { 1, 1 }, { 0, 2 } };
	int k, i, b[4], roots[4], distinct;

	for (k = 0; k < 2; k++) {
		struct carc_setup su = { .players = "a,b", .seed = 1,
			.expansions = "base,abbey-mayor", .start = "B" };
		struct carc_err err;
		struct carc_game *g = carc_game_new(&su, &err);

		if (g == NULL) {
			expect_int("abbey fields: game", 0, -1);
			return;
		}
		for (i = 0; i < 4; i++)
			b[i] = i == 0 ? board_at(g, 0, 0) :
			    board_place(g, type_of(g, "B"), around[i][0], around[i][1], 0);
		board_place(g, type_of(g, k == 0 ? "ABBEY" : "B"), 0, 1, 0);
		for (distinct = 0, i = 0; i < 4; i++) {
			roots[i] = root_of(g, b[i], K_FIELD, "Nw Ne En Es Se Sw Ws Wn");
			distinct += i == 0 || roots[i] != roots[0];
		}
		expect_int(k == 0 ? "the fields around an abbey stay four" :
		    "the fields around a cloister in a field are one", k == 0 ? 4 : 1, distinct);
		carc_game_free(g);
	}
}

static void
test_board_fits(void)
{
	static const struct {
		const char *tile;
		int x, y, rot, want;
	} tab[] = {
		/* the start tile D lies at 0,0: N city, E road, S field, W road */
		{ "B", 0, 0, 0, 1 },		/* occupied */
		{ "D", 0, 0, 0, 1 },
		{ "B", 2, 0, 0, 2 },		/* no neighbour */
		{ "B", 1, 1, 0, 2 },		/* only a diagonal neighbour */
		{ "B", 0, 1, 0, 0 },		/* field meets field */
		{ "B", 0, -1, 0, 3 + SIDE_S },	/* field under a city */
		{ "E", 0, -1, 2, 0 },		/* city cap turned to face S */
		{ "E", 0, -1, 0, 3 + SIDE_S },
		{ "E", 0, -1, 1, 3 + SIDE_S },
		{ "U", 1, 0, 0, 0 },		/* road continues W-E */
		{ "U", 1, 0, 1, 3 + SIDE_W },	/* turned: its W is a field */
		{ "U", -1, 0, 2, 0 },
		{ "V", 1, 0, 0, 0 },		/* curve W-S: W is a road */
		{ "V", 1, 0, 3, 3 + SIDE_W },	/* S-E: W is a field */
		{ "C", 0, -1, 0, 0 },
		{ "C", 0, 1, 0, 3 + SIDE_N },
		{ "X", -1, 0, 0, 0 },
		{ "X", 0, 1, 0, 3 + SIDE_N },
	};
	struct carc_game *g = new_game("a,b", 1, NULL, NULL);
	size_t i;
	int t, b;

	if (g == NULL)
		return;
	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		if ((t = type_of(g, tab[i].tile)) < 0)
			continue;
		expect_int(nm("fits %s at %d,%d rot %d", tab[i].tile, tab[i].x, tab[i].y,
		    tab[i].rot * 90), tab[i].want, board_fits(g, t, tab[i].x, tab[i].y, tab[i].rot));
	}
	/* two neighbours: a cell east of 0,-1 and north of 1,0 */
	b = board_place(g, type_of(g, "E"), 0, -1, 2);	/* city faces S onto D; N, E, W fields */
	board_place(g, type_of(g, "U"), 1, 0, 0);	/* road W-E; N field */
	expect_int("cell 1,-1 B fits fields W and S", 0, board_fits(g, type_of(g, "B"), 1, -1, 0));
	expect_int("cell 1,-1 D rot 0: W road vs field", 3 + SIDE_W,
	    board_fits(g, type_of(g, "D"), 1, -1, 0));
	expect_int("cell 1,-1 D rot 180: S city vs field", 3 + SIDE_S,
	    board_fits(g, type_of(g, "D"), 1, -1, 2));
	expect_int("cell 1,-1 C: first mismatch is S", 3 + SIDE_S,
	    board_fits(g, type_of(g, "C"), 1, -1, 0));
	expect_int("cell 1,-1 E rot 0: N city has no neighbour", 0,
	    board_fits(g, type_of(g, "E"), 1, -1, 0));
	expect_int("board_at 0,-1", b, board_at(g, 0, -1));
	expect_int("board_at 5,5", -1, board_at(g, 5, 5));
	/* every open edge is a field or a road now: the city-only C fits nowhere */
	expect_int("board_placeable C", 0, board_placeable(g, type_of(g, "C")));
	expect_int("board_placeable B", 1, board_placeable(g, type_of(g, "B")));
	carc_game_free(g);

	/* Nothing fits: a C (city everywhere) next to a board of fields only. */
	g = new_game("a,b", 1, NULL, "B");
	if (g == NULL)
		return;
	g->nboard = 0;
	board_release(g);
	board_init(g, 8);
	board_place(g, type_of(g, "B"), 0, 0, 0);
	expect_int("board_placeable C next to B only", 0, board_placeable(g, type_of(g, "C")));
	expect_int("board_placeable A next to B only", 1, board_placeable(g, type_of(g, "A")));
	carc_game_free(g);
}

static void
test_union_find(void)
{
	struct carc_game *g = new_game("a,b", 1, NULL, NULL);
	struct node *n;
	int d = 0, u, w1, w2, c0, c1, c2, c3, r;

	if (g == NULL)
		return;
	/* D at 0,0 has its road W-E: one tile, both ends open */
	n = feature(g, d, K_ROAD, "W E");
	expect_int("start road open ends", 2, n ? n->open : -1);
	n = feature(g, d, K_CITY, "N");
	expect_int("start city open edges", 1, n ? n->open : -1);

	/* a road across two tiles whose ends stay open */
	expect_int("U fits east of the start", 0, board_fits(g, type_of(g, "U"), 1, 0, 0));
	u = board_place(g, type_of(g, "U"), 1, 0, 0);
	expect_int("road D+U is one feature", root_of(g, d, K_ROAD, "W E"),
	    root_of(g, u, K_ROAD, "W E"));
	n = feature(g, u, K_ROAD, "W E");
	expect_int("road D+U open ends", 2, n ? n->open : -1);
	expect_int("road D+U size", 2, n ? n->size : -1);
	/* fields across the shared edge: D's En with U's Wn, D's Es with U's Ws */
	expect_int("field north of the road D+U", root_of(g, d, K_FIELD, "En Wn"),
	    root_of(g, u, K_FIELD, "Nw Ne En Wn"));
	expect_int("field south of the road D+U", root_of(g, d, K_FIELD, "Es Se Sw Ws"),
	    root_of(g, u, K_FIELD, "Es Se Sw Ws"));
	expect_true("north and south fields stay apart", root_of(g, d, K_FIELD, "En Wn") !=
	    root_of(g, d, K_FIELD, "Es Se Sw Ws"), "two features", "one");

	/* close the east end at a junction W (roads E, S, W end there) */
	expect_int("W fits at 2,0", 0, board_fits(g, type_of(g, "W"), 2, 0, 0));
	w1 = board_place(g, type_of(g, "W"), 2, 0, 0);
	n = feature(g, u, K_ROAD, "W E");
	expect_int("road with one end closed: open", 1, n ? n->open : -1);
	n = feature(g, w1, K_ROAD, "S");
	expect_int("junction's south road: open", 1, n ? n->open : -1);
	/* close the west end at another junction, turned so its dead end E faces the start */
	expect_int("W fits at -1,0", 0, board_fits(g, type_of(g, "W"), -1, 0, 0));
	w2 = board_place(g, type_of(g, "W"), -1, 0, 0);
	n = feature(g, d, K_ROAD, "W E");
	expect_int("road closed at both ends: open", 0, n ? n->open : -1);
	expect_int("closed road size (D, U and two stubs)", 4, n ? n->size : -1);
	expect_int("closed road joins the stub of the west junction", root_of(g, d, K_ROAD, "W E"),
	    root_of(g, w2, K_ROAD, "E"));
	expect_true("the junction's other roads stay apart", root_of(g, w1, K_ROAD, "S") !=
	    root_of(g, w1, K_ROAD, "W"), "two features", "one");
	carc_game_free(g);

	/* A city ring of four corner tiles south of the start: M, M (1 pennant each), N, N. */
	g = new_game("a,b", 1, NULL, NULL);
	if (g == NULL)
		return;
	expect_int("ring top-left M rot 180 fits", 0, board_fits(g, type_of(g, "M"), 0, 1, 2));
	c0 = board_place(g, type_of(g, "M"), 0, 1, 2);		/* city E+S */
	n = feature(g, c0, K_CITY, "N W");
	expect_int("ring 1 tile: open", 2, n ? n->open : -1);
	expect_int("ring 1 tile: pennants", 1, n ? n->pennants : -1);
	expect_int("ring top-right N rot 270 fits", 0, board_fits(g, type_of(g, "N"), 1, 1, 3));
	c1 = board_place(g, type_of(g, "N"), 1, 1, 3);		/* city W+S */
	n = feature(g, c1, K_CITY, "N W");
	expect_int("ring 2 tiles: open", 2, n ? n->open : -1);
	expect_int("ring 2 tiles: pennants", 1, n ? n->pennants : -1);
	expect_int("ring bottom-left N rot 90 fits", 0, board_fits(g, type_of(g, "N"), 0, 2, 1));
	c2 = board_place(g, type_of(g, "N"), 0, 2, 1);		/* city N+E */
	n = feature(g, c2, K_CITY, "N W");
	expect_int("ring 3 tiles: open", 2, n ? n->open : -1);
	expect_int("ring bottom-right M rot 0 fits", 0, board_fits(g, type_of(g, "M"), 1, 2, 0));
	c3 = board_place(g, type_of(g, "M"), 1, 2, 0);		/* city N+W */
	n = feature(g, c3, K_CITY, "N W");
	expect_int("ring closed: open", 0, n ? n->open : -1);
	expect_int("ring closed: pennants", 2, n ? n->pennants : -1);
	expect_int("ring closed: size", 4, n ? n->size : -1);
	r = root_of(g, c3, K_CITY, "N W");
	expect_int("ring: every tile in one city", 1, r == root_of(g, c0, K_CITY, "N W") &&
	    r == root_of(g, c1, K_CITY, "N W") && r == root_of(g, c2, K_CITY, "N W"));
	expect_true("ring is not the start city", r != root_of(g, d, K_CITY, "N"), "two cities",
	    "one");
	/* the member list is a ring through all four */
	if (r >= 0) {
		int m = r, steps = 0;

		do {
			m = g->nodes[m].next;
			steps++;
		} while (m != r && steps < 100);
		expect_int("ring: member list length", 4, steps);
	}
	/* the field south of D reaches the top-left tile's outer field (D Sw/Se - M Nw/Ne) */
	expect_int("field D south = field of the top-left corner", root_of(g, d, K_FIELD,
	    "Es Se Sw Ws"), root_of(g, c0, K_FIELD, "En Es Se Sw"));
	carc_game_free(g);

	/* Pennants add up across a city: start D's cap N meets C (1) and, to its north, F (1). */
	g = new_game("a,b", 1, NULL, NULL);
	if (g == NULL)
		return;
	c0 = board_place(g, type_of(g, "C"), 0, -1, 0);
	n = feature(g, d, K_CITY, "N");
	expect_int("D+C: pennants", 1, n ? n->pennants : -1);
	expect_int("D+C: open", 3, n ? n->open : -1);
	expect_int("F turned N-S fits north of C", 0, board_fits(g, type_of(g, "F"), 0, -2, 1));
	board_place(g, type_of(g, "F"), 0, -2, 1);
	n = feature(g, d, K_CITY, "N");
	expect_int("D+C+F: pennants", 2, n ? n->pennants : -1);
	expect_int("D+C+F: open", 3, n ? n->open : -1);
	/* a follower on the city counts as a claim of the whole feature */
	fig_add(g, c0, seg_with(&g->ts.types[g->board[c0].type], K_CITY, SIDES("N E S W")), 0, 0);
	n = feature(g, d, K_CITY, "N");
	expect_int("claims after one follower", 1, n ? n->claims : -1);
	expect_int("E rot 270 east of C would join the claimed city", 1,
	    (SEG_EDGES(&g->ts.types[type_of(g, "E")], 3, seg_with(&g->ts.types[type_of(g, "E")],
	    K_CITY, SIDES("N"))) & fcell_claims(g, frontier_at(g, 1, -1))) != 0);
	fig_remove(g, 0);
	n = feature(g, d, K_CITY, "N");
	expect_int("claims after removing it", 0, n ? n->claims : -1);
	carc_game_free(g);
}

/* ---- games: setup errors, the state codecs ---- */

static void
test_game_new_errors(void)
{
	static const char *missing[] = { "/nonexistent/carc-unit.yaml", NULL };
	static const char *badrule[] = { "farmers=off", "nosuch=1", NULL };
	static const char *badvalue[] = { "farmers=maybe", NULL };
	static const char *norule[] = { "farmers", NULL };
	static const char *c1[] = { "edition=c1", NULL };
	static const struct {
		const char *name;
		struct carc_setup su;
		int want;
	} tab[] = {
		{ "one player", { .players = "ann" }, CARC_EUSAGE },
		{ "seven players", { .players = "a,b,c,d,e,f,g" }, CARC_EUSAGE },
		{ "empty player name", { .players = "a,,b" }, CARC_EUSAGE },
		{ "player named twice", { .players = "ann,ann" }, CARC_EUSAGE },
		{ "unknown rule", { .players = "a,b", .rules = badrule }, CARC_EUSAGE },
		{ "bad rule value", { .players = "a,b", .rules = badvalue }, CARC_EUSAGE },
		{ "rule without value", { .players = "a,b", .rules = norule }, CARC_EUSAGE },
		{ "unknown expansion", { .players = "a,b", .expansions = "nosuch" }, CARC_EUSAGE },
		{ "figures is no expansion", { .players = "a,b", .expansions = "figures" },
		    CARC_EUSAGE },
		{ "base twice", { .players = "a,b", .expansions = "base,base" }, CARC_EUSAGE },
		{ "stack of an unknown tile", { .players = "a,b", .stack = "ZZ" }, CARC_EUSAGE },
		/* one C in the box */
		{ "stack C twice", { .players = "a,b", .stack = "C,C" }, CARC_EUSAGE },
		/* four D in the box, one of them is the start tile */
		{ "stack D four times", { .players = "a,b", .stack = "D,D,D,D" }, CARC_EUSAGE },
		{ "stack with an empty id", { .players = "a,b", .stack = "C,,X" }, CARC_EUSAGE },
		{ "deck of an unknown tile", { .players = "a,b", .deck = "U,ZZ" }, CARC_EUSAGE },
		{ "start tile unknown", { .players = "a,b", .start = "ZZ" }, CARC_EUSAGE },
		{ "tile set file missing", { .players = "a,b", .tilesets = missing }, CARC_ENOINPUT },
	};
	static const struct {
		const char *name;
		struct carc_setup su;
		int players, left;
	} good[] = {
		{ "two players", { .players = "a,b" }, 2, 71 },
		{ "six players", { .players = "a,b,c,d,e,f" }, 6, 71 },
		{ "stack D three times", { .players = "a,b", .stack = "D,D,D" }, 2, 71 },
		{ "stack C,X", { .players = "a,b", .stack = "C,X" }, 2, 71 },
		{ "deck of three", { .players = "a,b", .deck = "U,U,C" }, 2, 3 },
		{ "edition c1", { .players = "a,b", .rules = c1 },
		    2, 71 },
	};
	struct carc_err err;
	struct carc_game *g;
	size_t i;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		memset(&err, 0, sizeof(err));
		g = carc_game_new(&tab[i].su, &err);
		expect_true(nm("game_new %s: no game", tab[i].name), g == NULL, "NULL", "a game");
		expect_int(nm("game_new %s: status", tab[i].name), tab[i].want, err.code);
		expect_true(nm("game_new %s: message", tab[i].name), err.msg[0] != '\0',
		    "a message", "none");
		carc_game_free(g);
	}
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		memset(&err, 0, sizeof(err));
		g = carc_game_new(&good[i].su, &err);
		if (!expect_true(nm("game_new %s", good[i].name), g != NULL, "a game", err.msg))
			continue;
		expect_int(nm("game_new %s: players", good[i].name), good[i].players,
		    carc_game_nplayers(g));
		expect_int(nm("game_new %s: tiles left", good[i].name), good[i].left,
		    carc_game_tiles_left(g));
		expect_int(nm("game_new %s: phase", good[i].name), CARC_DRAW, carc_game_phase(g));
		expect_int(nm("game_new %s: player to move", good[i].name), 0, carc_game_player(g));
		expect_int(nm("game_new %s: start tile on the board", good[i].name), 1, g->nboard);
		carc_game_free(g);
	}
	/* the stack lies on top in its order */
	g = new_game("a,b", 3, "C,X,D", NULL);
	if (g) {
		memset(&err, 0, sizeof(err));
		expect_int("stack: draw 1", 0, carc_game_draw(g, &err));
		expect_str("stack: first drawn", "C", carc_game_ndrawn(g) ? carc_game_drawn(g, 0) : "");
		expect_str("stack: then", "X", g->ts.types[g->supply[0]].id);
		expect_str("stack: then", "D", g->ts.types[g->supply[1]].id);
		carc_game_free(g);
	}
	/* edition c1 prints the garden copies plain: no garden tile in the supply */
	g = carc_game_new(&good[5].su, &err);
	if (g) {
		int k, gardens = 0, e = 0;

		for (k = 0; k < g->nsupply; k++) {
			gardens += point_seg(&g->ts.types[g->supply[k]], "garden") >= 0;
			e += strcmp(g->ts.types[g->supply[k]].id, "E") == 0;
		}
		expect_int("edition c1: garden tiles in the supply", 0, gardens);
		expect_int("edition c1: E tiles in the supply (C1 count)", 5, e);
		carc_game_free(g);
	}
	/* the same setup deals the same supply; another seed another one */
	{
		struct carc_game *a = new_game("a,b", 77, NULL, NULL), *b = new_game("a,b", 77, NULL,
		    NULL), *c = new_game("a,b", 78, NULL, NULL);

		if (a && b && c) {
			expect_int("same seed, same supply", 0, memcmp(a->supply, b->supply,
			    a->nsupply * sizeof(*a->supply)));
			expect_true("other seed, other supply", memcmp(a->supply, c->supply,
			    a->nsupply * sizeof(*a->supply)) != 0, "a different order", "the same");
		}
		carc_game_free(a);
		carc_game_free(b);
		carc_game_free(c);
	}
}

static void
test_phases(void)
{
	struct carc_game *g = new_game("a,b", 9, NULL, NULL);
	struct carc_err err;

	if (g == NULL)
		return;
	memset(&err, 0, sizeof(err));
	expect_int("place before draw", CARC_EREFUSED, carc_game_place(g, "0,1,0", &err));
	expect_int("score before draw", CARC_EREFUSED, carc_game_score(g, &err));
	expect_int("draw", 0, carc_game_draw(g, &err));
	expect_int("draw twice", CARC_EREFUSED, carc_game_draw(g, &err));
	expect_int("score before place", CARC_EREFUSED, carc_game_score(g, &err));
	expect_int("place on the start tile", CARC_EREFUSED, carc_game_place(g, "0,0,0", &err));
	expect_int("place far away", CARC_EREFUSED, carc_game_place(g, "5,5,0", &err));
	expect_int("bad move word", CARC_EUSAGE, carc_game_place(g, "1,0", &err));
	expect_int("bad rotation", CARC_EUSAGE, carc_game_place(g, "1,0,45", &err));
	carc_game_free(g);
}

static int
write_state(const struct carc_game *g, struct carc_buf *b)
{
	struct carc_err err = { 0 };

	b->len = 0;
	if (carc_state_write(g, b, &err)) {
		printf("unit:   carc_state_write: %s\n", err.msg);
		return -1;
	}
	return 0;
}

/* Writes g, reads it back, writes again: the bytes must not change. Same through JSON.
 * when may be one of nm()'s buffers, which the names of the checks reuse: it is copied. */
static void
round_trip(const struct carc_game *g, const char *when_, int json)
{
	struct carc_buf a = { 0 }, b = { 0 }, j = { 0 };
	struct carc_err err = { 0 };
	struct carc_game *h;
	char when[160];

	snprintf(when, sizeof(when), "%s", when_);

	if (write_state(g, &a))
		goto out;
	h = carc_state_read(a.data, a.len, "unit", &err);
	if (!expect_true(nm("state read back %s", when), h != NULL, "a game", err.msg))
		goto out;
	if (write_state(h, &b) == 0)
		expect_true(nm("state round trip %s is byte-identical", when), a.len == b.len &&
		    memcmp(a.data, b.data, a.len) == 0, nm("%zu bytes", a.len),
		    nm("%zu bytes, %s", b.len, a.len == b.len ? "other content" : "other length"));
	expect_int(nm("round trip %s: phase", when), carc_game_phase(g), carc_game_phase(h));
	expect_int(nm("round trip %s: tiles left", when), carc_game_tiles_left(g),
	    carc_game_tiles_left(h));
	carc_game_free(h);
	if (!json)
		goto out;
	memset(&err, 0, sizeof(err));
	if (!expect_int(nm("state to json %s", when), 0, carc_state_to_json(g, &j, &err)))
		goto out;
	h = carc_state_from_json(j.data, j.len, "unit.json", &err);
	if (!expect_true(nm("json read back %s", when), h != NULL, "a game", err.msg))
		goto out;
	if (write_state(h, &b) == 0)
		expect_true(nm("json round trip %s gives the same state", when), a.len == b.len &&
		    memcmp(a.data, b.data, a.len) == 0, nm("%zu bytes", a.len), nm("%zu bytes", b.len));
	carc_game_free(h);
out:
	carc_buf_release(&a);
	carc_buf_release(&b);
	carc_buf_release(&j);
}

/* Plays a whole game, choosing move k*7+3 of the list each turn (figures included), and
 * returns the final state's bytes in out. */
static int
play(uint64_t seed, const char *players, struct carc_buf *out, int check)
{
	struct carc_game *g = new_game(players, seed, NULL, NULL);
	struct carc_err err = { 0 };
	const char **words;
	size_t n;
	int turn = 0, placed = 0;

	if (g == NULL)
		return -1;
	if (check)
		round_trip(g, "at the start", 1);
	while (carc_game_phase(g) != CARC_OVER && turn < 200) {
		if (carc_game_draw(g, &err) || carc_moves(g, &words, &n, &err) || n == 0 ||
		    carc_game_place(g, words[(turn * 7 + 3) % n], &err)) {
			expect_true(nm("seed %" PRIu64 " turn %d", seed, turn), 0, "a legal turn",
			    n == 0 ? "no legal move" : err.msg);
			break;
		}
		placed++;
		if (check && turn % 9 == 4)
			round_trip(g, nm("after placing on turn %d", turn), turn % 18 == 4);
		if (carc_game_score(g, &err)) {
			expect_true(nm("seed %" PRIu64 " score turn %d", seed, turn), 0, "scored", err.msg);
			break;
		}
		if (check && turn % 9 == 0)
			round_trip(g, nm("after turn %d", turn), 1);
		turn++;
	}
	if (check) {
		expect_int("game ends", CARC_OVER, carc_game_phase(g));
		expect_int("every tile is placed or set aside", 72, g->nboard + g->naside);
		expect_int("placements logged", placed, g->nlog);
		expect_int("no tile left", 0, carc_game_tiles_left(g));
		round_trip(g, "at the end", 1);
		expect_int("draw after the end", CARC_EREFUSED, carc_game_draw(g, &err));
	}
	write_state(g, out);
	carc_game_free(g);
	return 0;
}

static void
test_state_round_trip(void)
{
	struct carc_buf a = { 0 }, b = { 0 }, c = { 0 };

	if (play(2024, "ann,bob,cy", &a, 1) == 0 && play(2024, "ann,bob,cy", &b, 0) == 0 &&
	    play(2025, "ann,bob,cy", &c, 0) == 0) {
		expect_true("same seed and moves: byte-identical final state", a.len == b.len &&
		    memcmp(a.data, b.data, a.len) == 0, "the same bytes", "different bytes");
		expect_true("another seed: another state", a.len != c.len ||
		    memcmp(a.data, c.data, a.len) != 0, "different bytes", "the same bytes");
	}
	carc_buf_release(&a);
	carc_buf_release(&b);
	carc_buf_release(&c);
}

static void
expect_bad_state(const char *name, const char *data, size_t len)
{
	struct carc_err err = { 0 };
	struct carc_game *g = carc_state_read(data, len, "in.carc", &err);

	expect_true(nm("read %s: no game", name), g == NULL, "NULL", "a game");
	expect_int(nm("read %s: status", name), CARC_EDATA, err.code);
	expect_true(nm("read %s: message names the input", name),
	    strncmp(err.msg, "in.carc: ", 9) == 0 && err.msg[9] != '\0', "'in.carc: ...'",
	    nm("'%s'", err.msg));
	carc_game_free(g);
}

static void
test_state_bad(void)
{
	static const struct {
		const char *name, *data;
		size_t len;
	} tab[] = {
		{ "empty input", "", 0 },
		{ "text", "hello, world\n", 13 },
		{ "a msgpack integer", "\x01", 1 },
		{ "a msgpack string", "\xa4" "carc", 5 },
		{ "an empty map", "\x80", 1 },
		{ "a map without format", "\x81\xa1" "a\x01", 4 },
		{ "format not carc", "\x82\xa6" "format\xa4" "card\xa7" "version\x01", 22 },
		{ "unknown version", "\x82\xa6" "format\xa4" "carc\xa7" "version\x63", 22 },
		{ "no setup", "\x82\xa6" "format\xa4" "carc\xa7" "version\x01", 22 },
		{ "never-used byte 0xc1", "\xc1", 1 },
		/* short headers that promise far more than the input holds: truncated data */
		{ "array32 header promising 2^32-1 items", "\xdd\xff\xff\xff\xff", 5 },
		{ "map32 header promising 2^32-1 pairs", "\xdf\xff\xff\xff\xff", 5 },
		{ "str32 header promising 4 GiB", "\xdb\xff\xff\xff\xff", 5 },
	};
	struct carc_buf s = { 0 }, t = { 0 };
	struct carc_game *g;
	size_t i, bad = 0, n;
	uint64_t rng = 17;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		expect_bad_state(tab[i].name, tab[i].data, tab[i].len);
	/* nesting far deeper than any state */
	for (i = 0; i < 100000; i++)
		carc_buf_add(&t, "\x91", 1);
	carc_buf_add(&t, "\x01", 1);
	expect_bad_state("100000 nested arrays", t.data, t.len);
	t.len = 0;

	g = new_game("a,b", 5, NULL, NULL);
	if (g == NULL || write_state(g, &s)) {
		carc_game_free(g);
		return;
	}
	/* every proper prefix of a state is truncated */
	for (n = 0; n < s.len; n++) {
		struct carc_err err = { 0 };
		struct carc_game *h = carc_state_read(s.data, n, "in.carc", &err);

		if (h != NULL || err.code != CARC_EDATA || err.msg[0] == '\0') {
			if (bad++ == 0)
				printf("unit:   prefix of %zu bytes: status %d '%s'\n", n, err.code, err.msg);
		}
		carc_game_free(h);
	}
	expect_int(nm("prefixes of a %zu-byte state refused with status 65", s.len), 0, bad);
	expect_bad_state("the last byte cut", s.data, s.len - 1);
	carc_buf_add(&t, s.data, s.len);
	carc_buf_add(&t, "\0", 1);
	expect_bad_state("a state and a trailing byte", t.data, t.len);
	/* two states back to back are not one state */
	t.len = 0;
	carc_buf_add(&t, s.data, s.len);
	carc_buf_add(&t, s.data, s.len);
	expect_bad_state("two states back to back", t.data, t.len);
	/* random bytes, and a state with random bytes changed: never a crash, never a wrong status */
	bad = 0;
	for (i = 0; i < 300; i++) {
		struct carc_err err = { 0 };
		struct carc_game *h;
		char junk[64];
		size_t k;

		for (k = 0; k < sizeof(junk); k++)
			junk[k] = carc_rng_below(&rng, 256);
		h = carc_state_read(junk, 1 + carc_rng_below(&rng, sizeof(junk)), "in.carc", &err);
		if (h != NULL || err.code != CARC_EDATA) {
			if (bad++ == 0)
				printf("unit:   random bytes #%zu: status %d '%s'\n", i, err.code, err.msg);
		}
		carc_game_free(h);
	}
	expect_int("random bytes refused with status 65", 0, bad);
	bad = 0;
	for (i = 0; i < 300; i++) {
		struct carc_err err = { 0 };
		struct carc_game *h;

		t.len = 0;
		carc_buf_add(&t, s.data, s.len);
		t.data[carc_rng_below(&rng, s.len)] = carc_rng_below(&rng, 256);
		h = carc_state_read(t.data, t.len, "in.carc", &err);
		if (h == NULL && err.code != CARC_EDATA) {
			if (bad++ == 0)
				printf("unit:   damaged state #%zu: status %d '%s'\n", i, err.code, err.msg);
		}
		if (h == NULL && err.msg[0] == '\0')
			bad++;
		carc_game_free(h);
	}
	expect_int("damaged states refused with status 65 and a message", 0, bad);
	carc_buf_release(&s);
	carc_buf_release(&t);
	carc_game_free(g);
}

static void
test_json_bad(void)
{
	static const struct {
		const char *name, *text;
	} tab[] = {
		{ "empty", "" },
		{ "not json", "hello" },
		{ "an array", "[1, 2]" },
		{ "unclosed object", "{\"format\": \"carc\"" },
		{ "not a carc state", "{\"format\": \"card\", \"version\": 1}" },
		{ "unknown version", "{\"format\": \"carc\", \"version\": 99}" },
		{ "trailing garbage", "{} x" },
	};
	struct carc_buf deep = { 0 };
	size_t i;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]) + 2; i++) {
		struct carc_err err = { 0 };
		struct carc_game *g;
		const char *name = i < sizeof(tab) / sizeof(tab[0]) ? tab[i].name : NULL, *text;
		size_t k;

		if (name == NULL) {
			/* nesting far deeper than any state: refused, not a stack overflow */
			deep.len = 0;
			for (k = 0; k < 100000; k++)
				carc_buf_add(&deep, i == sizeof(tab) / sizeof(tab[0]) ? "[" : "{\"a\":", i ==
				    sizeof(tab) / sizeof(tab[0]) ? 1 : 5);
			name = i == sizeof(tab) / sizeof(tab[0]) ? "100000 nested arrays" :
			    "100000 nested objects";
			text = deep.data;
		} else
			text = tab[i].text;
		g = carc_state_from_json(text, strlen(text), "in.json", &err);
		expect_true(nm("json %s: no game", name), g == NULL, "NULL", "a game");
		expect_int(nm("json %s: status", name), CARC_EDATA, err.code);
		expect_true(nm("json %s: message", name), err.msg[0] != '\0', "a message", "none");
		carc_game_free(g);
	}
	carc_buf_release(&deep);
}

/* A user's set travels inside the state: reading needs no file. */
static void
test_user_set_in_state(void)
{
	static const char text[] =
	    "name: mini\n"
	    "tiles:\n"
	    "  - id: MR1\n"
	    "    count: 3\n"
	    "    edges: F R F R\n"
	    "    roads:\n"
	    "      - W E\n"
	    "    fields:\n"
	    "      - {halves: Nw Ne En Wn}\n"
	    "      - {halves: Es Se Sw Ws}\n";
	const char *sets[] = { NULL, NULL };
	struct carc_setup su = { .players = "a,b", .seed = 4, .tilesets = sets };
	struct carc_err err = { 0 };
	struct carc_game *g;
	struct carc_buf a = { 0 };
	FILE *f;

	char tmp[] = "/tmp/carc-unit-XXXXXX";
	int fd = mkstemp(tmp);

	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		expect_true("temporary tile set", 0, "a file", "none");
		return;
	}
	fputs(text, f);
	fclose(f);
	sets[0] = tmp;
	g = carc_game_new(&su, &err);
	if (!expect_true("game with a user set", g != NULL, "a game", err.msg)) {
		remove(tmp);
		return;
	}
	expect_int("user set: tiles left (71 + 3)", 74, carc_game_tiles_left(g));
	expect_int("user set: two sets", 2, g->ts.nsets);
	expect_str("user set: name", "mini", g->ts.sets[1].name);
	expect_true("user set: its text is kept", g->ts.sets[1].yaml != NULL &&
	    g->ts.sets[1].yamllen == strlen(text) && memcmp(g->ts.sets[1].yaml, text,
	    strlen(text)) == 0, "the file's text", "something else");
	write_state(g, &a);
	remove(tmp);
	round_trip(g, "with a user set, its file removed", 1);
	carc_buf_release(&a);
	carc_game_free(g);
}

/* ---- the armour ---- */

/* suggest_nearest: a slip of one or two keys, letter case aside; the case-true word first */
static void
test_suggest(void)
{
	static const char *const words[] = { "road:E", "road:W", "city:N", "field:Nw", "field:Wn",
		"cloister" };
	static const struct {
		const char *typed, *meant;
	} cases[] = {
		{ "raod:E", "road:E" }, { "ROAD:E", "road:E" }, { "road:e", "road:E" },
		{ "rod:E", "road:E" }, { "roads:E", "road:E" }, { "field:nw", "field:Nw" },
		{ "field:wn", "field:Wn" }, { "cloistre", "cloister" }, { "castle", NULL },
		{ "tower:N", NULL }, { "road:E", "road:W" }, { "c", NULL }, { "", NULL },
	};
	size_t i;
	const char *got;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = suggest_nearest(cases[i].typed, words, sizeof(words) / sizeof(words[0]));
		expect_str(nm("suggest '%s'", cases[i].typed), cases[i].meant ? cases[i].meant :
		    "(none)", got ? got : "(none)");
	}
}

static void
test_sha256(void)
{
	/* FIPS 180-4 examples, and lengths around the padding's block boundary (hashlib) */
	static const struct {
		char c;
		size_t n;
		const char *text, *hex;
	} tab[] = {
		{ 0, 0, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ 0, 0, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ 0, 0, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
		{ 'a', 1000000, NULL,
		    "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
		{ 'x', 55, NULL, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072" },
		{ 'x', 56, NULL, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e" },
		{ 'x', 63, NULL, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2" },
		{ 'x', 64, NULL, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c" },
		{ 'x', 119, NULL, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c" },
	};
	char hex[65], *buf;
	size_t i, n;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		n = tab[i].text ? strlen(tab[i].text) : tab[i].n;
		if ((buf = malloc(n + 1)) == NULL)
			return;
		if (tab[i].text)
			memcpy(buf, tab[i].text, n);
		else
			memset(buf, tab[i].c, n);
		sha256_hex(buf, n, hex);
		expect_str(nm("sha256 of %zu bytes", n), tab[i].hex, hex);
		free(buf);
	}
}

/* Replaces every FROM in s by TO, into a new buffer. */
static char *
replace(const char *s, const char *from, const char *to)
{
	struct carc_buf b = { 0 };
	const char *p;

	for (; (p = strstr(s, from)) != NULL; s = p + strlen(from)) {
		carc_buf_add(&b, s, p - s);
		carc_buf_add(&b, to, strlen(to));
	}
	carc_buf_add(&b, s, strlen(s));
	return b.data;
}

static void
test_armor(void)
{
	struct carc_game *g = new_game("ann,bob", 7, NULL, NULL);
	struct carc_buf bin = { 0 }, txt = { 0 }, got = { 0 };
	struct carc_err err = { 0 };
	char *mangled[5], *t;
	const char *what[5] = { "CRLF", "quoted twice", "quoted-printable escapes",
		"a soft line break", "text around it" };
	int i;

	if (g == NULL || carc_game_draw(g, &err) || write_state(g, &bin) ||
	    carc_armor_write(g, &txt, &err))
		goto out;
	expect_true("armour: text", carc_armor_is(txt.data, txt.len), "armour", "binary");
	expect_true("binary: not armour", !carc_armor_is(bin.data, bin.len), "binary", "armour");
	expect_true("plain text: not armour", !carc_armor_is("hello\n", 6), "binary path",
	    "armour");
	expect_int("armour: read back", 0, carc_armor_find_read(txt.data, txt.len, "unit", &got,
	    &err));
	expect_true("armour: the binary state", got.len == bin.len &&
	    memcmp(got.data, bin.data, bin.len) == 0, "the same bytes", "others");
	mangled[0] = replace(txt.data, "\n", "\r\n");
	t = replace(txt.data, "\n", "\n> >");
	mangled[1] = replace(t, "-----BEGIN", "> > -----BEGIN");
	free(t);
	mangled[2] = replace(txt.data, "=", "=3D");
	mangled[3] = replace(txt.data, "\nPlayers: ", "\nPlay=\ners: ");
	mangled[4] = replace(txt.data, "-----BEGIN", "Hi,\n\nmy move:\n-----BEGIN");
	for (i = 0; i < 5; i++) {
		got.len = 0;
		expect_int(nm("armour with %s: read back", what[i]), 0,
		    carc_armor_find_read(mangled[i], strlen(mangled[i]), "unit", &got, &err));
		expect_true(nm("armour with %s: the binary state", what[i]), got.len == bin.len &&
		    memcmp(got.data, bin.data, bin.len) == 0, "the same bytes", err.msg);
		free(mangled[i]);
	}
	got.len = 0;
	txt.data[txt.len - 5] = 'X';	/* in the END line */
	expect_int("armour without its END line", CARC_EDATA,
	    carc_armor_find_read(txt.data, txt.len, "unit", &got, &err));
	expect_str("the message", "unit: armoured state without its -----END CARC GAME----- line",
	    err.msg);
out:
	carc_buf_release(&bin);
	carc_buf_release(&txt);
	carc_buf_release(&got);
	carc_game_free(g);
}

/* ---- the table ---- */

/* ---- one legality (issue 14) ---- */

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The words of a list, sorted, in one allocation: the strings, then the pointers. */
static char **
sorted_words(char **v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_str);
	return v;
}

/* One turn in phase place: the bots' generator (fast_moves) and --list (carc_moves) give the
 * same set of words, none twice. On sampled turns every listed word is also taken by
 * carc_game_place on a copy of the game read back from its state, and the state after it
 * reads again: the checker and the reader agree with the generator. Returns the number of
 * problems, the first of them said. */
static int
generator_turn(struct carc_game *g, const char *kind, int turn, bool sample)
{
	static struct moves m;
	const char **listed;
	char **fast, **list, w[96];
	size_t nlist, i, bad = 0;
	struct carc_err err;
	struct carc_buf b = { 0 };

	if (fast_moves(g, &m) || carc_moves(g, &listed, &nlist, &err)) {
		printf("unit: FAIL %s turn %d: a generator failed\n", kind, turn);
		return 1;
	}
	if (nlist == 1 && listed[0][0] == '\0')
		nlist = 0;
	fast = malloc((m.n + 1) * sizeof(*fast));
	list = malloc((nlist + 1) * sizeof(*list));
	for (i = 0; i < (size_t)m.n; i++) {
		placement_word(g, &m.v[i], g->ndrawn > 1, w, sizeof(w));
		fast[i] = strdup(w);
	}
	for (i = 0; i < nlist; i++)
		list[i] = strdup(listed[i]);
	sorted_words(fast, m.n);
	sorted_words(list, nlist);
	if (nlist != (size_t)m.n) {
		printf("unit: FAIL %s turn %d: --list has %zu words, the generator %d\n", kind, turn,
		    nlist, m.n);
		bad++;
	}
	for (i = 0; !bad && i < nlist; i++)
		if (strcmp(fast[i], list[i]) != 0 || (i > 0 && strcmp(list[i - 1], list[i]) == 0)) {
			printf("unit: FAIL %s turn %d: --list '%s', the generator '%s'\n", kind, turn,
			    list[i], fast[i]);
			bad++;
		}
	if (sample && carc_state_write(g, &b, &err) == 0)
		for (i = 0; !bad && i < nlist; i++) {
			struct carc_game *c = carc_state_read(b.data, b.len, "unit", &err);
			struct carc_buf after = { 0 };
			struct carc_game *r = NULL;

			if (c == NULL || carc_game_place(c, list[i], &err) ||
			    carc_state_write(c, &after, &err) ||
			    (r = carc_state_read(after.data, after.len, "unit", &err)) == NULL) {
				printf("unit: FAIL %s turn %d: listed '%s' refused: %s\n", kind, turn,
				    list[i], err.msg);
				bad++;
			}
			carc_game_free(r);
			carc_game_free(c);
			carc_buf_release(&after);
		}
	carc_buf_release(&b);
	for (i = 0; i < (size_t)m.n; i++)
		free(fast[i]);
	for (i = 0; i < nlist; i++)
		free(list[i]);
	free(fast);
	free(list);
	return (int)bad;
}

/* Every turn of seeded games of every set and the options that change what is legal. */
static void
test_generator_agrees(void)
{
	static const struct {
		const char *sets;
		const char *rules[4];
	} gkinds[] = {
		{ "base", { NULL } },
		{ "base", { "edition=c1", NULL } },
		{ "base", { "farmers=off", NULL } },
		{ "base,fortune-teller", { NULL } },
		{ "base,fortune-teller", { "ft-draw=may", NULL } },
		{ "base,catapult", { NULL } },
		{ "base,fortune-teller,catapult", { "edition=c1", NULL } },
		{ "base,inns-cathedrals", { NULL } },
		{ "base,inns-cathedrals,fortune-teller,catapult", { "edition=c1", NULL } },
		{ "base,abbot,phantom", { NULL } },
		{ "base,inns-cathedrals,abbot,phantom,fortune-teller,catapult", { "ft-big=two",
		    NULL } },
		{ "base,traders-builders", { NULL } },
		{ "base,inns-cathedrals,abbot,phantom,traders-builders,fortune-teller,catapult",
		    { "edition=c1", NULL } },
		{ "base,abbey-mayor", { NULL } },
		{ "base,inns-cathedrals,abbot,phantom,traders-builders,abbey-mayor,fortune-teller,"
		    "catapult", { NULL } },
		{ "base,princess-dragon,phantom,fortune-teller", { "dragon-timing=after-scoring",
		    NULL } },
		{ "base,inns-cathedrals,abbot,phantom,traders-builders,abbey-mayor,fortune-teller,"
		    "catapult,princess-dragon", { "edition=c1", NULL } },
		/* princess=must: no figure with a princess tile placed into a city with
		 * followers, on a corner neither (the barn) */
		{ "base,princess-dragon,abbey-mayor,phantom", { "princess=must", NULL } },
		/* The Tower: no follower on a foundation with the tile (TW-05), whatever the
		 * figure table lets it stand on */
		{ "base,tower", { NULL } },
		{ "base,inns-cathedrals,abbot,phantom,traders-builders,abbey-mayor,fortune-teller,"
		    "catapult,princess-dragon,tower", { "edition=c1", "prisoner-exchange=holder",
		    NULL } },
	};
	static const char *const players[] = { "a,b", "a,b,c", "a,b,c,d", "a,b,c,d,e,f" };
	size_t k;
	int np, s;

	for (k = 0; k < sizeof(gkinds) / sizeof(gkinds[0]); k++)
		for (np = 0; np < 4; np++)
			for (s = 0; s < 3; s++) {
				struct carc_setup su = { .players = players[np], .seed = 500 + s,
				    .expansions = gkinds[k].sets, .rules = (const char **)gkinds[k].rules };
				struct carc_bot bot = { .strategy = CARC_BOT_RANDOM, .seed = s };
				struct carc_err err;
				struct carc_game *g = carc_game_new(&su, &err);
				char word[96], kind[96];
				int turn = 0, steps = 0, rc = 0, bad = 0;

				snprintf(kind, sizeof(kind), "%s %s %s seed %d", gkinds[k].sets,
				    gkinds[k].rules[0] ? gkinds[k].rules[0] : "", players[np], 500 + s);
				if (!expect_int(nm("%s: new", kind), 0, g == NULL))
					continue;
				while (rc == 0 && carc_game_phase(g) != CARC_OVER && steps++ < 5000) {
					const char **w;
					size_t n;

					switch (carc_game_phase(g)) {
					case CARC_DRAW:
						rc = carc_moves(g, &w, &n, &err) == 0 && n > 0 ?
						    carc_bot_move(g, &bot, word, sizeof(word), &err) :
						    carc_game_draw(g, &err);
						break;
					case CARC_SCORE:
						rc = carc_game_score(g, &err);
						break;
					case CARC_PLACE:
						turn++;
						bad += generator_turn(g, kind, turn, s == 0 && np == 0 &&
						    turn % 7 == 3);
						/* fall through */
					default:
						rc = carc_bot_move(g, &bot, word, sizeof(word), &err);
						break;
					}
				}
				expect_int(nm("%s: played to the end (%s)", kind, rc ? err.msg : "ok"),
				    CARC_OVER, carc_game_phase(g));
				expect_int(nm("%s: generator and --list agree on all %d turns", kind,
				    turn), 0, bad);
				carc_game_free(g);
			}
}

/* Whether the state of g, written, reads back and writes the same bytes; if not, why[] says
 * at which decision and what the reader said. */
static bool
reads_back(const struct carc_game *g, char *why, size_t nwhy)
{
	struct carc_buf a = { 0 }, b = { 0 };
	struct carc_err err = { 0 };
	struct carc_game *back = NULL;
	bool same;

	if (carc_state_write(g, &a, &err) == 0 &&
	    (back = carc_state_read(a.data, a.len, "step", &err)) != NULL)
		carc_state_write(back, &b, &err);
	same = back && a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
	if (!same)
		snprintf(why, nwhy, "after '%s' (log entry %d, phase %s): %s",
		    g->nlog ? g->log[g->nlog - 1] : "", g->nlog, rules_phase_name(g->phase),
		    back ? "other bytes" : err.msg);
	carc_buf_release(&a);
	carc_buf_release(&b);
	carc_game_free(back);
	return same;
}

/* A game of random bots to its end (NULL if it cannot be made): in phase draw the bot decides
 * when the draw is a decision (ft-draw=may), else the draw is made. With why[], every state
 * the game passes through is written and read back (reads_back); why[] says the first that
 * did not, and stays empty when all did. */
static struct carc_game *
random_game(const struct carc_setup *su, uint64_t seed, char *why, size_t nwhy)
{
	struct carc_bot bot = { .strategy = CARC_BOT_RANDOM, .seed = seed };
	struct carc_err err;
	struct carc_game *g = carc_game_new(su, &err);
	char word[96];
	int rc = 0, steps = 0;

	while (g && rc == 0 && carc_game_phase(g) != CARC_OVER && steps++ < 5000) {
		const char **w;
		size_t n;

		if (carc_game_phase(g) == CARC_DRAW)
			rc = carc_moves(g, &w, &n, &err) == 0 && n > 0 ?
			    carc_bot_move(g, &bot, word, sizeof(word), &err) :
			    carc_game_draw(g, &err);
		else if (carc_game_phase(g) == CARC_SCORE)
			rc = carc_game_score(g, &err);
		else
			rc = carc_bot_move(g, &bot, word, sizeof(word), &err);
		if (rc == 0 && why != NULL && *why == '\0')
			reads_back(g, why, nwhy);
	}
	return g;
}

static int
draw_words(const struct carc_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->nlog; i++)
		n += strncmp(g->log[i], "draw:", 5) == 0;
	return n;
}

/* The web page's replay viewer: a finished game made again a log entry at a time from its
 * restart ends in the game's own bytes, as carc_game_replay does; a step that scored nothing
 * (a draw:N) reports nothing; an entry beyond the log is refused. */
static void
test_replay_step(void)
{
	static const char *const may[] = { "ft-draw=may", NULL };
	static const struct {
		const char *sets;
		const char *const *rules;
	} rk[] = {
		{ "base", NULL },
		{ "base,fortune-teller", may },
		{ "base,catapult", NULL },
	};
	size_t k;

	for (k = 0; k < sizeof(rk) / sizeof(rk[0]); k++) {
		struct carc_setup su = { .players = "a,b", .seed = 500, .expansions = rk[k].sets,
		    .rules = (const char **)rk[k].rules };
		struct carc_buf want = { 0 }, got = { 0 };
		struct carc_err err;
		struct carc_game *g = NULL, *r;
		const char *kind = rk[k].sets;
		int i, rc = 0, quiet = 0, seed;

		/* under ft-draw=may, a game in which some draw was a decision */
		for (seed = 1; seed < 40; seed++) {
			carc_game_free(g);
			if ((g = random_game(&su, seed, NULL, 0)) == NULL || !rk[k].rules || draw_words(g))
				break;
		}
		if (!expect_int(nm("replay_step %s: played to the end", kind), CARC_OVER,
		    g ? (int)carc_game_phase(g) : -1))
			goto next;
		r = carc_game_restart(g, &err);
		for (i = 0; r && rc == 0 && i < g->nlog; i++) {
			rc = carc_game_replay_step(r, g, i, &err);
			quiet += strncmp(g->log[i], "draw:", 5) == 0 && carc_game_report(r)[0] == '\0';
		}
		expect_int(nm("replay_step %s: every entry made (%s)", kind, rc ? err.msg : "ok"), 0,
		    r == NULL || rc != 0);
		if (rk[k].rules)
			expect_int(nm("replay_step %s: the draw:N steps, and they report nothing",
			    kind), draw_words(g) ? draw_words(g) : -1, quiet);
		if (r) {
			carc_state_write(g, &want, &err);
			carc_state_write(r, &got, &err);
			expect_int(nm("replay_step %s: the game's own bytes", kind), 1,
			    want.len == got.len && memcmp(want.data, got.data, want.len) == 0);
			expect_int(nm("replay_step %s: no entry beyond the log", kind), CARC_EUSAGE,
			    carc_game_replay_step(r, g, g->nlog, &err));
			expect_str(nm("replay_step %s: its message", kind),
			    nm("no log entry %d: the log has %d", g->nlog + 1, g->nlog), err.msg);
		}
		carc_buf_release(&want);
		carc_buf_release(&got);
		carc_game_free(r);
next:
		carc_game_free(g);
	}
}

/* Whole games of every combination of the sets of figures (Inns & Cathedrals, the abbot, the
 * phantom, Traders & Builders, Abbey & Mayor, The Princess & the Dragon, The Tower) with The
 * Fortune Teller and The Catapult, for 2 to 6 players, random bots: each ends, replays from its
 * log to the same bytes, and reads back as it was written; all of them together make every
 * decision of the new sets. The combinations with Abbey & Mayor, The Princess & the Dragon or The
 * Tower are played for one number of players each, in turn, so that every number meets every
 * set without doubling the games. */
static void
test_combinations(void)
{
	static const char *const news[] = { "inns-cathedrals", "abbot", "phantom",
		"traders-builders", "abbey-mayor", "princess-dragon", "tower" };
	static const char *const olds[] = { "fortune-teller", "catapult" };
	static const char *const players[] = { "a,b", "a,b,c", "a,b,c,d", "a,b,c,d,e",
		"a,b,c,d,e,f" };
	static const char *const words[] = { "@big", "recall:", "recall:none", "phantom:",
		"phantom:none", "seduce:supply@", "@builder", "@pig", "again:none", "@mayor",
		"ABBEY/", "@wagon", "wagon:none", "wagon:", ",corner:", "dragon:", "portal:",
		"princess:", "tower:", ",top", "capture:", "ransom:" };
	int seen[sizeof(words) / sizeof(words[0])] = { 0 };
	int nm_, om, np, i, w;

	for (nm_ = 1; nm_ < 128; nm_++)
		for (om = 0; om < 4; om++)
			for (np = 0; np < 5; np++) {
				if (nm_ >= 16 && np != (nm_ + om) % 5)
					continue;
				struct carc_setup su = { .players = players[np], .seed = 900 + nm_ * 8 + om };
				struct carc_buf a = { 0 }, b = { 0 };
				struct carc_err err;
				struct carc_game *g, *r = NULL, *back = NULL;
				char sets[160] = "base", why[200] = "";

				for (i = 0; i < 7; i++)
					if (nm_ & (1 << i))
						strcat(strcat(sets, ","), news[i]);
				for (i = 0; i < 2; i++)
					if (om & (1 << i))
						strcat(strcat(sets, ","), olds[i]);
				su.expansions = sets;
				g = random_game(&su, np, NULL, 0);
				if (!expect_int(nm("combination %s %s: played to the end", sets,
				    players[np]), CARC_OVER, g ? (int)carc_game_phase(g) : -1)) {
					carc_game_free(g);
					continue;
				}
				r = carc_game_replay(g, &err);
				expect_int(nm("combination %s %s: replays (%s)", sets, players[np],
				    r ? "" : err.msg), 0, r == NULL || carc_game_compare(g, r, why,
				    sizeof(why)) != 0);
				carc_state_write(g, &a, &err);
				back = carc_state_read(a.data, a.len, "combination", &err);
				if (back)
					carc_state_write(back, &b, &err);
				expect_int(nm("combination %s %s: reads back as written", sets,
				    players[np]), 1, back && a.len == b.len &&
				    memcmp(a.data, b.data, a.len) == 0);
				for (i = 0; i < g->nlog; i++)
					for (w = 0; w < (int)(sizeof(words) / sizeof(words[0])); w++)
						seen[w] += strstr(g->log[i], words[w]) != NULL;
				carc_buf_release(&a);
				carc_buf_release(&b);
				carc_game_free(back);
				carc_game_free(r);
				carc_game_free(g);
			}
	for (w = 0; w < (int)(sizeof(words) / sizeof(words[0])); w++)
		expect_int(nm("combinations: some decision holds '%s'", words[w]), 1, seen[w] > 0);
}

/* Every state that a game of random bots passes through, written by the engine after a legal
 * decision, reads back and writes the same bytes, and the game replays from its log: games of
 * combinations of the built-in sets, 2 to 6 players. READBACK_GAMES (default 128: each
 * combination of the seven newer sets, the Fortune Teller and the Catapult and the player
 * count turning with it) plays more: make fuzz plays 512, every combination of the nine. */
static void
test_readback(void)
{
	static const char *const sets9[] = { "inns-cathedrals", "abbot", "phantom",
		"traders-builders", "abbey-mayor", "princess-dragon", "tower", "fortune-teller",
		"catapult" };
	static const char *const players[] = { "a,b", "a,b,c", "a,b,c,d", "a,b,c,d,e",
		"a,b,c,d,e,f" };
	const char *e = getenv("READBACK_GAMES");
	int games = e && atoi(e) > 0 ? atoi(e) : 128, k, i, m;

	for (k = 0; k < games; k++) {
		char sets[200] = "base", why[600] = "", rwhy[200] = "";
		struct carc_setup su = { .players = players[k % 5], .seed = 4100 + k };
		struct carc_err err;
		struct carc_game *g, *r;

		/* the newer sets count up; the older two turn over every 128 games, or with k */
		m = (k % 128) | ((games <= 128 ? k * 3 : k >> 7) & 3) << 7;
		for (i = 0; i < 9; i++)
			if (m & (1 << i))
				strcat(strcat(sets, ","), sets9[i]);
		su.expansions = sets;
		g = random_game(&su, k, why, sizeof(why));
		if (!expect_int(nm("readback %s %s: played to the end", sets, players[k % 5]),
		    CARC_OVER, g ? (int)carc_game_phase(g) : -1)) {
			carc_game_free(g);
			continue;
		}
		expect_int(nm("readback %s %s: every state of the game reads back (%s)", sets,
		    players[k % 5], *why ? why : "all did"), 0, *why != '\0');
		r = carc_game_replay(g, &err);
		expect_int(nm("readback %s %s: replays (%s)", sets, players[k % 5], r ? "" :
		    err.msg), 0, r == NULL || carc_game_compare(g, r, rwhy, sizeof(rwhy)) != 0);
		carc_game_free(r);
		carc_game_free(g);
	}
}

/* The random player's shortcuts (self-play and mcts's playouts) against the long way: on
 * every decision of seeded games, random_place with an RNG makes the placement that
 * fast_moves lists at the index the same RNG draws, and a phase's random hook makes the
 * decision that --list gives at that index; the two copies of the game, read from the same
 * state, then write the same bytes (log words included) and the RNGs stand alike. Returns
 * whether the step agreed, the first difference said. */
static bool
random_step_agrees(struct carc_game *g, const char *kind, int step)
{
	static struct moves m, m2;
	const struct phase_def *d = rules_phase(g->phase);
	struct carc_buf b = { 0 }, ba = { 0 }, bb = { 0 };
	struct carc_err err;
	struct carc_game *a = NULL, *c = NULL;
	uint64_t ra = 0x5eed0000ULL + step, rb = ra;
	const char **w;
	size_t n;
	int rc = -1;
	bool same;

	if (carc_state_write(g, &b, &err) || (a = carc_state_read(b.data, b.len, "a", &err)) ==
	    NULL || (c = carc_state_read(b.data, b.len, "b", &err)) == NULL)
		goto out;
	if (g->phase == CARC_PLACE) {
		if (fast_moves(a, &m) || m.n == 0)
			goto out;
		m.v[0] = m.v[carc_rng_below(&ra, m.n)];
		rc = game_apply(a, &m.v[0], true) || random_place(c, &m2, &rb);
	} else {
		if (carc_moves(a, &w, &n, &err) || n == 0)
			goto out;
		rc = carc_game_place(a, w[carc_rng_below(&ra, n)], &err) || d->random(c, &rb);
	}
out:
	same = rc == 0 && ra == rb && carc_state_write(a, &ba, &err) == 0 &&
	    carc_state_write(c, &bb, &err) == 0 && ba.len == bb.len &&
	    memcmp(ba.data, bb.data, ba.len) == 0;
	if (!same)
		printf("unit: FAIL %s step %d (phase %s): the random player's shortcut and the "
		    "list differ\n", kind, step, rules_phase_name(g->phase));
	carc_buf_release(&b);
	carc_buf_release(&ba);
	carc_buf_release(&bb);
	carc_game_free(a);
	carc_game_free(c);
	return same;
}

static void
test_random_agrees(void)
{
	static const struct {
		const char *sets, *players;
		const char *rules[3];
	} rk[] = {
		{ "base", "a,b", { NULL } },
		{ "base,inns-cathedrals,abbot,phantom,fortune-teller,catapult", "a,b", { NULL } },
		{ "base,inns-cathedrals,abbot,phantom,fortune-teller,catapult", "a,b,c,d",
		    { "ft-big=two", NULL } },
		{ "base,abbot,phantom,fortune-teller", "a,b,c", { "ft-draw=may", "farmers=off",
		    NULL } },
		{ "base,inns-cathedrals,phantom,catapult", "a,b,c,d,e,f", { "scatter=0", NULL } },
		{ "base,traders-builders,abbot,fortune-teller,catapult", "a,b,c", { NULL } },
		{ "base,abbey-mayor,inns-cathedrals,catapult", "a,b,c,d", { NULL } },
		{ "base,princess-dragon,phantom,fortune-teller", "a,b,c", { NULL } },
		{ "base,princess-dragon,abbey-mayor,abbot", "a,b", { "princess=must", NULL } },
		{ "base,tower,phantom,princess-dragon", "a,b,c", { "ransom=step2", NULL } },
		{ "base,princess-dragon,abbot", "a,b,c", { "fairy=on-tile", "fairy-final=off",
		    NULL } },
	};
	struct carc_err err;
	size_t k;
	int s, step, bad, steps;

	for (k = 0; k < sizeof(rk) / sizeof(rk[0]); k++)
		for (s = 0; s < 2; s++) {
			struct carc_setup su = { .players = rk[k].players, .seed = 700 + s,
			    .expansions = rk[k].sets, .rules = (const char **)rk[k].rules };
			struct carc_bot bot = { .strategy = CARC_BOT_RANDOM, .seed = s };
			struct carc_game *g = carc_game_new(&su, &err);
			char word[96], kind[160];
			const char **w;
			size_t n;
			int rc = 0;

			snprintf(kind, sizeof(kind), "%s %s %s seed %d", rk[k].sets, rk[k].players,
			    rk[k].rules[0] ? rk[k].rules[0] : "", 700 + s);
			if (!expect_int(nm("%s: new", kind), 0, g == NULL))
				continue;
			for (step = bad = steps = 0; rc == 0 && g->phase != CARC_OVER &&
			    step < 5000; step++) {
				if (g->phase == CARC_DRAW)
					rc = carc_moves(g, &w, &n, &err) == 0 && n > 0 ?
					    carc_bot_move(g, &bot, word, sizeof(word), &err) :
					    carc_game_draw(g, &err);
				else if (g->phase == CARC_SCORE)
					rc = carc_game_score(g, &err);
				else {
					if (g->phase == CARC_PLACE || rules_phase(g->phase)->random) {
						bad += !random_step_agrees(g, kind, step);
						steps++;
					}
					rc = carc_bot_move(g, &bot, word, sizeof(word), &err);
				}
			}
			expect_int(nm("%s: played to the end", kind), CARC_OVER, g->phase);
			expect_int(nm("%s: the random player's shortcuts agree with the lists on all "
			    "%d decisions", kind, steps), 0, bad);
			carc_game_free(g);
		}
}

static const struct {
	const char *name;
	void (*fn)(void);
} tests[] = {
	{ "rng_sequence", test_rng_sequence },
	{ "rng_below", test_rng_below },
	{ "rng_shuffle", test_rng_shuffle },
	{ "base_set", test_base_set },
	{ "figures", test_figures },
	{ "half_across", test_half_across },
	{ "rotation_d", test_rotation_d },
	{ "rotation_all", test_rotation_all },
	{ "seg_names", test_seg_names },
	{ "board_fits", test_board_fits },
	{ "abbey_fields", test_abbey_fields },
	{ "union_find", test_union_find },
	{ "game_new_errors", test_game_new_errors },
	{ "phases", test_phases },
	{ "state_round_trip", test_state_round_trip },
	{ "state_bad", test_state_bad },
	{ "json_bad", test_json_bad },
	{ "user_set_in_state", test_user_set_in_state },
	{ "suggest", test_suggest },
	{ "sha256", test_sha256 },
	{ "armor", test_armor },
	{ "generator_agrees", test_generator_agrees },
	{ "replay_step", test_replay_step },
	{ "combinations", test_combinations },
	{ "readback", test_readback },
	{ "random_agrees", test_random_agrees },
};

int
main(int argc, char **argv)
{
	size_t i;
	int j, run;

	/* the tests call the tile-set loader before any game is made: the kinds come first */
	modules_init();
	for (i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		/* "./tests/unit NAME..." runs only those, "./tests/unit -x NAME..." all but those */
		bool except = argc > 1 && strcmp(argv[1], "-x") == 0;

		for (run = argc < 2 || except, j = 1 + except; j < argc; j++)
			if (strcmp(argv[j], tests[i].name) == 0)
				run = !except;
		if (run)
			tests[i].fn();
	}
	printf("unit: %d passed, %d failed\n", npass, nfail);
	return nfail > 0;
}
