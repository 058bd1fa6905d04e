/* Placement words and the names in them, for the one legality (legal.c): a segment's name
 * after rotation, a figure type by name, a cell and a move word read, whether a logged word is
 * a placement and which, and the one writer of placement words. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "legal-int.h"

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

int
legal_parse_move(const char *w, struct move *m, struct carc_err *err)
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

	return legal_parse_move(w, &m, &err) == 0 && strcmp(m.tile, g->ts.types[p->type].id) == 0 &&
	    m.x == p->x && m.y == p->y && m.rot == p->rot * 90;
}

/* A placement word names a tile, a cell and a turn: TILE/X,Y,ROT...; the words of the
 * modules' decisions begin with a name and a colon, as hurl:... or draw:2. */
bool
word_is_placement(const char *w)
{
	size_t n = strcspn(w, ":,");

	return w[n] != ':';
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
