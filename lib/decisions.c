/* The legal decisions as JSON objects (carc-place --list --format json), so that a bot in
 * another language need not parse move words: each word of carc_moves taken apart into its
 * fields, placements here, the modules' words by the modules (word_json). Only the words are
 * read here; which decisions are legal is carc_moves's business. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc.h"
#include "game.h"
#include "rules.h"
#include "util.h"

/* [TILE/]X,Y,ROT[,FEATURE][@FIGURE]: the tile is the drawn one when the word names none, the
 * figure the normal follower when a feature is named without one. */
static int
placement(struct carc_buf *b, const struct carc_game *g, const char *w)
{
	const char *slash = strchr(w, '/'), *p = slash ? slash + 1 : w, *feat, *at;
	const char *tile = slash ? w : carc_game_drawn(g, 0);
	size_t tn = slash ? (size_t)(slash - w) : strlen(tile);
	long x, y, rot;
	char *end;

	x = strtol(p, &end, 10);
	y = strtol(end + 1, &end, 10);
	rot = strtol(end + 1, &end, 10);
	feat = *end == ',' ? end + 1 : NULL;
	at = strchr(end, '@');
	return json_member(b, "kind", "place", 5) || json_member(b, "tile", tile, tn) ||
	    carc_buf_printf(b, ", \"x\": %ld, \"y\": %ld, \"rot\": %ld", x, y, rot) ||
	    json_member(b, "feature", feat, feat ? (at ? (size_t)(at - feat) : strlen(feat)) : 0) ||
	    json_member(b, "figure", at ? at + 1 : feat ? "follower" : NULL,
	    at ? strlen(at + 1) : feat ? 8 : 0);
}

/* A module's word, NAME:...: its kind is NAME, and the module that lists it gives its fields
 * (rules.h, word_json); a word no module knows says the rest itself. */
static int
module_word(struct carc_buf *b, const struct carc_game *g, const char *w)
{
	return json_member(b, "kind", w, strcspn(w, ":")) || rules_word_json(g, b, w) < 0;
}

int
carc_moves_json(struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	const char **words;
	size_t n, i;
	int rc;

	if (carc_moves(g, &words, &n, err))
		return err->code;
	rc = carc_buf_add(out, "[", 1);
	for (i = 0; i < n && rc == 0; i++) {
		const char *w = words[i];

		rc = carc_buf_add(out, i ? ",\n{\"word\": " : "\n{\"word\": ", i ? 11 : 10) ||
		    json_string(out, w, strlen(w));
		if (rc == 0)
			rc = w[strcspn(w, ":,")] == ':' ? module_word(out, g, w) :
			    placement(out, g, w);
		if (rc == 0)
			rc = carc_buf_add(out, "}", 1);
	}
	if (rc == 0)
		rc = carc_buf_add(out, n ? "\n]\n" : "]\n", n ? 3 : 2);
	if (rc) {
		err->code = CARC_ESOFTWARE;
		snprintf(err->msg, sizeof(err->msg), "out of memory");
	}
	return rc ? CARC_ESOFTWARE : 0;
}
