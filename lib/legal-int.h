/* What the files of the one legality (legal.c) share, beyond legal.h, which the modules see:
 * a move word's parts, the generator's offer and lists, the corners it looks at. */
#ifndef CARC_LEGAL_INT_H
#define CARC_LEGAL_INT_H

#include "legal.h"

struct move {
	char tile[ID_MAX];
	int x, y, rot;
	char feature[24];
	char figure[ID_MAX];
};

int legal_parse_move(const char *, struct move *, struct carc_err *);

void legal_offer_get(const struct carc_game *, struct offer *);
bool legal_bare_now(const struct tiletype *, unsigned where, int r, unsigned claims,
    unsigned what);
void legal_barns_get(const struct carc_game *, struct offer *);
int legal_fits_list(struct carc_game *, const struct offer *, struct moves *);
int legal_fit_moves(const struct carc_game *, const struct offer *, const struct fit *, int r,
    int j, struct fmove *);

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

/* Whether a figure that needs a follower of its owner's may go on a segment, and why not. */
enum need { NEED_OK, NEED_NONE, NEED_TAKEN, NEED_DONE };

enum need legal_need_check(const struct carc_game *, const struct offer *, const int *root,
    unsigned sides, const struct tiletype *, int r, int ft, int s);
unsigned legal_edge_roots(const struct carc_game *, const struct fcell *, int root[12]);

unsigned legal_cell_corners(const struct carc_game *, const struct fcell *);
bool legal_corner_taken(const struct carc_game *, const struct offer *, const struct fcell *,
    const struct tiletype *, int r, int s);

#endif
