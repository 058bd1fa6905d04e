/* MessagePack helpers shared by the state's writer (state-write.c), its reader (state-read.c)
 * and the rules modules that keep a part of the state. */
#ifndef CARC_CODEC_H
#define CARC_CODEC_H

#include <msgpack.h>
#include <stdbool.h>
#include <stdint.h>

#include "carc.h"

struct carc_game;

#define MAX_LOG_WORD 95
#define MAX_SETUP_STRING 65536

/* ---- writing ---- */

void mp_str(msgpack_packer *, const char *);
void mp_str_or_nil(msgpack_packer *, const char *);
/* tile ids, by type index */
void mp_ids(msgpack_packer *, const struct carc_game *, const uint16_t *, int n);
/* KEY and a length in hundredths as "1.25" */
void mp_centi(msgpack_packer *, const char *key, int32_t);

/* ---- reading: every function returns 0, or CARC_EDATA with the message set ---- */

struct rd {
	const char *name;	/* the input, for messages: "stdin", "game.eml" */
	struct carc_err *err;
};

int mp_fail(struct rd *, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool mp_key_is(const msgpack_object_kv *, const char *);
/* Every key of the map among the allowed ones (NULL-ended), none twice. */
int mp_check_keys(struct rd *, const msgpack_object *map, const char *where,
    const char *const *allowed);
/* The value of key k, or NULL. */
const msgpack_object *mp_get(const msgpack_object *map, const char *k);
/* The value of key k, which must be there and of type t (a positive integer type takes the
 * negative ones too). */
int mp_need(struct rd *, const msgpack_object *map, const char *k, msgpack_object_type t,
    const char *where, const msgpack_object **out);
int mp_need_int(struct rd *, const msgpack_object *map, const char *k, const char *where,
    int64_t lo, int64_t hi, int64_t *out);
/* A string of fewer than n bytes, without NUL, into out. */
int mp_need_str(struct rd *, const msgpack_object *map, const char *k, const char *where,
    char *out, size_t n);
/* A string or nil (a missing key is nil), into a new allocation or NULL. */
int mp_opt_str(struct rd *, const msgpack_object *map, const char *k, char **out);

#endif
