/* The one check of every string: the state reader, the state writer, carc-deck --players,
 * --from-json (through the state reader), the armour's header lines and the tile-set loader
 * all ask carc_text_check, so that what one of them takes every other takes too. It calls
 * nothing: the messages (util.c) use it too. */
#include <stdio.h>
#include <string.h>

#include "carc.h"

size_t
carc_utf8_char(const char *s, size_t n, unsigned long *cp)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long c, min;
	size_t len, i;

	if (n == 0)
		return 0;
	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2, c = p[0] & 0x1f, min = 0x80;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3, c = p[0] & 0x0f, min = 0x800;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4, c = p[0] & 0x07, min = 0x10000;
	else
		return 0;	/* a continuation byte, 0xc0 and 0xc1 (always overlong), 0xf5.. */
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return len;
}

/* What a code point is, when a line of text may not hold it; NULL when it may. */
static const char *
unwanted(unsigned long c)
{
	if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f))
		return "a control character";
	if (c == 0x2028 || c == 0x2029)
		return "a line separator";
	if (c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
	    (c >= 0x2066 && c <= 0x2069))
		return "a bidirectional control";
	return NULL;
}

int
carc_text_check(const char *s, size_t n, enum carc_text kind, char *why, size_t whylen)
{
	unsigned long c;
	const char *what;
	size_t i, k;

	if (kind == CARC_TEXT_NAME && (n == 0 || n > CARC_NAME_MAX)) {
		snprintf(why, whylen, "1 to %d bytes", CARC_NAME_MAX);
		return -1;
	}
	for (i = 0; i < n; i += k) {
		if ((k = carc_utf8_char(s + i, n - i, &c)) == 0) {
			snprintf(why, whylen, "not UTF-8 at byte %zu (0x%02x)", i + 1,
			    (unsigned char)s[i]);
			return -1;
		}
		if (kind == CARC_TEXT_UTF8)
			continue;
		if (kind == CARC_TEXT_NAME && c < 0x80 && !(c >= 'a' && c <= 'z') &&
		    !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') && !strchr("_-.", (int)c)) {
			snprintf(why, whylen, "letters, digits, '_', '-' and '.' only");
			return -1;
		}
		if ((what = unwanted(c)) != NULL) {
			snprintf(why, whylen, "%s at byte %zu (U+%04lX)", what, i + 1, c);
			return -1;
		}
	}
	return 0;
}
