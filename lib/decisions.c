/* The legal decisions as JSON objects (carc-place --list --format json), so that a bot in
 * another language need not parse move words: each word of carc_moves taken apart into its
 * fields. Only the words are read here; which decisions are legal is carc_moves's business. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc.h"

/* A JSON string of the n bytes at s. */
static int
jstring(struct carc_buf *b, const char *s, size_t n)
{
	size_t i;
	int rc = carc_buf_add(b, "\"", 1);

	for (i = 0; i < n && rc == 0; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			rc = carc_buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			rc = carc_buf_printf(b, "\\u%04x", c);
		else
			rc = carc_buf_add(b, &s[i], 1);
	}
	return rc ? rc : carc_buf_add(b, "\"", 1);
}

static int
jkey(struct carc_buf *b, const char *key, const char *s, size_t n)
{
	return carc_buf_printf(b, ", \"%s\": ", key) || (s ? jstring(b, s, n) :
	    carc_buf_add(b, "null", 4));
}

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
	return jkey(b, "kind", "place", 5) || jkey(b, "tile", tile, tn) ||
	    carc_buf_printf(b, ", \"x\": %ld, \"y\": %ld, \"rot\": %ld", x, y, rot) ||
	    jkey(b, "feature", feat, feat ? (at ? (size_t)(at - feat) : strlen(feat)) : 0) ||
	    jkey(b, "figure", at ? at + 1 : feat ? "follower" : NULL,
	    at ? strlen(at + 1) : feat ? 8 : 0);
}

/* hurl:TOKEN:X,Y or hurl:catch:DISTANCE, numbers in tiles as the word writes them */
static int
hurl(struct carc_buf *b, const char *w)
{
	const char *tok = w + 5, *arg = strchr(tok, ':'), *comma;

	if (arg == NULL)
		return jkey(b, "kind", "hurl", 4);
	comma = strchr(++arg, ',');
	if (jkey(b, "kind", "hurl", 4) || jkey(b, "token", tok, arg - 1 - tok))
		return -1;
	if (comma == NULL)
		return carc_buf_printf(b, ", \"distance\": %s", arg);
	return carc_buf_printf(b, ", \"x\": %.*s, \"y\": %s", (int)(comma - arg), arg, comma + 1);
}

/* seduce:supply, seduce:supply@FIGURE (another figure from the hand), seduce:none or
 * seduce:X,Y,FEATURE (a follower of the hurler's there) */
static int
seduce(struct carc_buf *b, const char *w)
{
	const char *from = w + 7, *feat;
	long x, y;
	char *end;

	if (jkey(b, "kind", "seduce", 6))
		return -1;
	if (strcmp(from, "supply") == 0 || strcmp(from, "none") == 0)
		return jkey(b, "from", from, strlen(from));
	if (strncmp(from, "supply@", 7) == 0)
		return jkey(b, "from", from, 6) || jkey(b, "figure", from + 7, strlen(from + 7));
	x = strtol(from, &end, 10);
	y = strtol(end + 1, &end, 10);
	feat = end + 1;
	return jkey(b, "from", "board", 5) ||
	    carc_buf_printf(b, ", \"x\": %ld, \"y\": %ld", x, y) ||
	    jkey(b, "feature", feat, strlen(feat));
}

/* draw:N, in phase draw under ft-draw=may */
static int
draw(struct carc_buf *b, const char *w)
{
	return jkey(b, "kind", "draw", 4) || carc_buf_printf(b, ", \"tiles\": %ld",
	    strtol(w + 5, NULL, 10));
}

/* recall:X,Y (the abbot on tile X,Y taken back) or recall:none */
static int
recall(struct carc_buf *b, const char *w)
{
	long x, y;
	char *end;

	if (jkey(b, "kind", "recall", 6))
		return -1;
	if (strcmp(w + 7, "none") == 0)
		return carc_buf_printf(b, ", \"x\": null, \"y\": null");
	x = strtol(w + 7, &end, 10);
	y = strtol(end + 1, NULL, 10);
	return carc_buf_printf(b, ", \"x\": %ld, \"y\": %ld", x, y);
}

/* phantom:FEATURE (on the tile just placed) or phantom:none */
static int
phantom(struct carc_buf *b, const char *w)
{
	const char *feat = w + 8;
	bool none = strcmp(feat, "none") == 0;

	return jkey(b, "kind", "phantom", 7) ||
	    jkey(b, "feature", none ? NULL : feat, none ? 0 : strlen(feat));
}

/* dragon:SIDE, a step of the dragon (N, E, S or W) */
static int
dragon(struct carc_buf *b, const char *w)
{
	return jkey(b, "kind", "dragon", 6) || jkey(b, "side", w + 7, strlen(w + 7));
}

/* A module's word this file does not know yet (NAME:...): its kind is NAME, and the word
 * says the rest. */
static int
other(struct carc_buf *b, const char *w)
{
	return jkey(b, "kind", w, strcspn(w, ":"));
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
		    jstring(out, w, strlen(w));
		if (rc == 0)
			rc = strncmp(w, "hurl:", 5) == 0 ? hurl(out, w) :
			    strncmp(w, "seduce:", 7) == 0 ? seduce(out, w) :
			    strncmp(w, "draw:", 5) == 0 ? draw(out, w) :
			    strncmp(w, "recall:", 7) == 0 ? recall(out, w) :
			    strncmp(w, "phantom:", 8) == 0 ? phantom(out, w) :
			    strncmp(w, "dragon:", 7) == 0 ? dragon(out, w) :
			    w[strcspn(w, ":,")] == ':' ? other(out, w) : placement(out, g, w);
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
