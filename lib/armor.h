/* The armoured (e-mail safe) text form of a state (armor.c). */
#ifndef CARC_ARMOR_H
#define CARC_ARMOR_H

#include "game.h"

struct armor_hdr {		/* the header lines of an armoured block, as found */
	char players[256];
	char turn[16];
	char phase[16];
	char checksum[65];
};
int base64_encode(struct carc_buf *, const void *, size_t, int width);
int armor_read(const char *, size_t, const char *name, struct carc_buf *bin, struct armor_hdr *,
    struct carc_err *);
int armor_check_headers(const struct carc_game *, const struct armor_hdr *, const char *name,
    struct carc_err *);

#endif
