/* What the text and SVG pictures of a game share: the players' colours, the part of the board
 * to show, the marks on its cells and the words that say what the game waits for. */
#ifndef CARC_VIEW_H
#define CARC_VIEW_H

#include "game.h"

struct pcolor {
	const char *name;
	const char *svg;	/* fill for SVG figures and swatches */
	const char *ink;	/* SVG outline and text drawn on it */
	uint8_t ansi;		/* background in the xterm 256-colour palette */
	uint8_t ansiink;	/* foreground for a digit drawn on it */
};

extern const struct pcolor pcolors[];
extern const int npcolors;

struct view {
	const struct carc_game *g;
	const struct carc_render_opts *o;
	int minx, maxx, miny, maxy;	/* the cells drawn */
	int last;			/* board index of the last placed tile, or -1 */
	int color[CARC_MAX_PLAYERS];	/* index into pcolors of each player */
};

void view_init(struct view *, const struct carc_game *, const struct carc_render_opts *);
bool view_legal(const struct view *, int x, int y);
bool view_highlighted(const struct view *, int x, int y);
int view_status(const struct view *, struct carc_buf *);
int view_figures(const struct view *, int player, struct carc_buf *);
int view_holdings(const struct view *, int player, struct carc_buf *);
/* How figure type f is named for people ("big follower") and the letter that tells it from a
 * follower beside its owner's digit in the text picture ('B'), 0 for the follower. */
const char *view_figure_label(const struct carc_game *, int f);
char view_figure_letter(const struct carc_game *, int f);
int view_text(struct carc_buf *, const char *);
/* Whether the road or city that segment s of board tile b belongs to is complete. */
bool view_complete(const struct view *, int b, int s);

#endif
