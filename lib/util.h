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

#endif
