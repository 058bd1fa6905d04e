/* The means of the SVG picture (svg.c): text written into it (svg_sp; svg_N, a coordinate;
 * svg_xml, the state's text), the points of a tile turned, and the shapes of cities. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "svg-int.h"

void
svg_sp(struct sctx *c, const char *fmt, ...)
{
	va_list ap;
	char small[256], *big;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		c->rc = -1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		c->rc |= carc_buf_add(c->out, small, n);
		return;
	}
	if ((big = malloc(n + 1)) == NULL) {
		c->rc = -1;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(big, n + 1, fmt, ap);
	va_end(ap);
	c->rc |= carc_buf_add(c->out, big, n);
	free(big);
}

/* A coordinate with one decimal at most, the same bytes on every run, as text for svg_sp's
 * %s. The text is good until 16 more are made, which is more than one call of svg_sp takes. */
const char *
svg_N(struct sctx *c, double v)
{
	long k = (long)(v * 10 + (v >= 0 ? 0.5 : -0.5));
	char *s = c->num[c->nnum++ % 16];

	if (k % 10 == 0)
		snprintf(s, sizeof(c->num[0]), "%ld", k / 10);
	else
		snprintf(s, sizeof(c->num[0]), "%s%ld.%ld", k < 0 ? "-" : "", labs(k) / 10,
		    labs(k) % 10);
	return s;
}

/* Text from the state as XML character data: cleaned by view_text, markup escaped. */
void
svg_xml(struct sctx *c, const char *s)
{
	struct carc_buf clean = { 0 };
	const char *p;

	c->rc |= view_text(&clean, s);
	for (p = clean.data; p && *p; p++)
		if (*p == '&')
			svg_sp(c, "&amp;");
		else if (*p == '<')
			svg_sp(c, "&lt;");
		else if (*p == '>')
			svg_sp(c, "&gt;");
		else if (*p == '"')
			svg_sp(c, "&quot;");
		else
			c->rc |= carc_buf_add(c->out, p, 1);
	carc_buf_release(&clean);
}

struct pt
svg_turn(struct pt p, int r)
{
	while (r-- > 0)
		p = (struct pt){ T - p.y, p.x };
	return p;
}

struct pt
svg_unturn(struct pt p, int r)
{
	while (r-- > 0)
		p = (struct pt){ p.y, T - p.x };
	return p;
}

static uint8_t
turn4(uint8_t m, int r)
{
	return ((m << r) | (m >> (4 - r))) & 15;
}

/* City shapes in one orientation, in the pixels of a tile of side T = 64; a city's sides pick
 * the shape and the quarter turns. Walls are the curves inside the tile: the straight sides go
 * on into the next tile. The inside tests follow the same curves (quadratic Beziers whose
 * control point lies on the chord's perpendicular bisector, so parabolas). */
static bool
in_cap(struct pt p)
{
	double u = p.x / T;

	return p.y < 68 * u * (1 - u);
}

static bool
in_corner(struct pt p)
{
	double t = (T - (p.x - p.y)) / (2 * T);

	return p.x + p.y < T + 16 * t * (1 - t);
}

static bool
in_band(struct pt p)
{
	double u = p.x / T;

	return p.y > 80 * u * (1 - u) && p.y < T - 80 * u * (1 - u);
}

static bool
in_three(struct pt p)
{
	double u = p.x / T;

	return p.y < T - 112 * u * (1 - u);
}

static bool
in_four(struct pt p)
{
	return true;
}

static const struct cshape cshapes[] = {
	{ 1, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'L', { { 64, 0 } } },
	    { 'Q', { { 32, 34 }, { 0, 0 } } }, { .op = 'Z' }, { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 64, 0 } } }, { 'Q', { { 32, 34 }, { 0, 0 } } },
	    { .op = 0 } }, { 46, 7 }, in_cap },
	{ 9, (const struct pathop[]){ { 'M', { { 0, 64 } } }, { 'L', { { 0, 0 } } },
	    { 'L', { { 64, 0 } } }, { 'Q', { { 36, 36 }, { 0, 64 } } }, { .op = 'Z' },
	    { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 64, 0 } } }, { 'Q', { { 36, 36 }, { 0, 64 } } },
	    { .op = 0 } }, { 11, 11 }, in_corner },
	{ 10, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'Q', { { 32, 40 }, { 64, 0 } } },
	    { 'L', { { 64, 64 } } }, { 'Q', { { 32, 24 }, { 0, 64 } } }, { .op = 'Z' },
	    { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'Q', { { 32, 40 }, { 64, 0 } } },
	    { 'M', { { 64, 64 } } }, { 'Q', { { 32, 24 }, { 0, 64 } } }, { .op = 0 } }, { 12, 32 },
	    in_band },
	{ 11, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'L', { { 64, 0 } } },
	    { 'L', { { 64, 64 } } }, { 'Q', { { 32, 8 }, { 0, 64 } } }, { .op = 'Z' },
	    { .op = 0 } },
	    (const struct pathop[]){ { 'M', { { 64, 64 } } }, { 'Q', { { 32, 8 }, { 0, 64 } } },
	    { .op = 0 } }, { 13, 13 }, in_three },
	{ 15, (const struct pathop[]){ { 'M', { { 0, 0 } } }, { 'L', { { 64, 0 } } },
	    { 'L', { { 64, 64 } } }, { 'L', { { 0, 64 } } }, { .op = 'Z' }, { .op = 0 } },
	    (const struct pathop[]){ { .op = 0 } }, { 13, 13 }, in_four },
};

/* The shape and turns for a city reaching the sides in m; every non-empty m has one. */
const struct cshape *
svg_city_shape(uint8_t m, int *r)
{
	size_t i;

	for (i = 0; i < sizeof(cshapes) / sizeof(cshapes[0]); i++)
		for (*r = 0; *r < 4; (*r)++)
			if (turn4(cshapes[i].mask, *r) == m)
				return &cshapes[i];
	*r = 0;
	return &cshapes[sizeof(cshapes) / sizeof(cshapes[0]) - 1];
}

void
svg_path(struct sctx *c, const struct pathop *ops, int r)
{
	int i, n;

	for (; ops->op; ops++) {
		svg_sp(c, "%c", ops->op);
		n = ops->op == 'Q' ? 2 : ops->op == 'Z' ? 0 : 1;
		for (i = 0; i < n; i++) {
			struct pt q = svg_turn(ops->p[i], r);

			if (i > 0)
				svg_sp(c, " ");
			svg_sp(c, "%s %s", svg_N(c, q.x), svg_N(c, q.y));
		}
	}
}
