/* What every file of libcarc may use: messages, strings, digests, the RNG, lengths in
 * hundredths, and the limits on what a state may be. Depends on nothing but carc.h. */
#ifndef CARC_UTIL_H
#define CARC_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "carc.h"

/* What a state may be, MessagePack or JSON, so that hostile input cannot make a tool use much
 * memory or stack; a real game stays far below (a few KiB, 4 deep, a few thousand values). */
#define MAX_STATE_BYTES (16 << 20)
#define MAX_DEPTH 16		/* containers inside containers */
#define MAX_VALUES 1048576	/* keys and values, in all */
#define STR(x) #x
#define XSTR(x) STR(x)		/* a number macro as a string, for messages */

int seterr(struct carc_err *, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
char *xstrdup(const char *);
/* The message for people in MSG (N bytes), for a comparison that found a difference: 1. */
int differ(char *msg, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* lengths in hundredths of a tile, "1.25" */
int parse_centi(const char *, int lo, int hi, int32_t *);
void format_centi(char *, size_t, int32_t);

/* the digest of a tile set or figure table in states: 16 hex digits of SHA-256 */
void digest_hex(const char *, size_t, char out[17]);
void sha256_hex(const void *, size_t, char out[65]);

void rng_shuffle(uint64_t *, uint16_t *, int);

/* A decision word's fields as JSON members (carc-place --list --format json), for the word
 * parsers of the core and of the modules (rules.h, word_json): the n bytes at s as a JSON
 * string; `, "key": ` and that string, or null when s is NULL; the members of a word's
 * X,Y[,REST][@FIGURE] after its NAME: (each null for "none"): "x", "y", REST under `rest`
 * (when rest is not NULL), and with `figure` "figure", the one after '@', the normal
 * follower when REST is given without one. 0, or -1 out of memory. */
int json_string(struct carc_buf *, const char *s, size_t n);
int json_member(struct carc_buf *, const char *key, const char *s, size_t n);
int json_xy(struct carc_buf *, const char *args, const char *rest, bool figure);

#endif
