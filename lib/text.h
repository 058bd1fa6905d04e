/* The one check of every string carc reads or writes: player names, move words, tile ids,
 * keys, armour headers, tile-set text. The tools use it for options and messages too. */
#ifndef CARC_TEXT_H
#define CARC_TEXT_H

#include <stddef.h>

/* What a string must be, from the loosest to the strictest. */
enum carc_text {
	CARC_TEXT_UTF8,		/* valid UTF-8, nothing more: the YAML text of a tile set, whose
				 * loader has rules of its own for the characters it takes */
	CARC_TEXT_LINE,		/* one line for people: valid UTF-8 without a control character
				 * (C0, DEL, C1), a line or paragraph separator or a
				 * bidirectional control, which would change what a terminal or
				 * a mail reader shows around it */
	CARC_TEXT_NAME		/* a player name: a line of 1 to CARC_NAME_MAX bytes whose ASCII
				 * characters are letters, digits, '_', '-' and '.' */
};

/* The bytes (1 to 4) of the character that S starts with and its code point in *CP, or 0
 * when S (N bytes) does not start with a valid UTF-8 sequence: a stray continuation byte, an
 * overlong form, a surrogate, a code point beyond U+10FFFF, or one cut short. */
size_t carc_utf8_char(const char *s, size_t n, unsigned long *cp);

/* 0 when the N bytes at S are text of the kind asked; else -1 and why not in WHY, as
 * "not UTF-8 at byte 2 (0xff)" or "a control character at byte 1 (U+001B)". */
int carc_text_check(const char *s, size_t n, enum carc_text, char *why, size_t whylen);

#endif
