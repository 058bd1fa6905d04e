/* The web page of make web (web/README), kept inside carc-render for --format html and
 * --attach-html; web/embed.sh writes bin/webpage.c, with no page (length 0) before make web. */
#ifndef CARC_WEBPAGE_H
#define CARC_WEBPAGE_H

#include <stddef.h>

extern const char webpage[];
extern const size_t webpage_len;

#endif
