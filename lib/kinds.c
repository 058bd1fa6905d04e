/* The tables of feature kinds and of the signs a segment may show, filled as the rules modules
 * are registered (rules.c). */
#include <string.h>

#include "kinds.h"

int nkinds;
const struct kind_def *kinds[MAXKINDS];

int
kind_find(const char *name)
{
	int k;

	for (k = 0; k < nkinds; k++)
		if (strcmp(kinds[k]->name, name) == 0)
			return k;
	return -1;
}

int
kind_add(const struct kind_def *k)
{
	if (nkinds == MAXKINDS)
		return -1;
	kinds[nkinds] = k;
	return nkinds++;
}

int nsigns;
const struct sign_def *signs[MAXSIGNS];

int
sign_find(const char *name)
{
	int i;

	for (i = 0; i < nsigns; i++)
		if (strcmp(signs[i]->name, name) == 0)
			return i;
	return -1;
}

int
sign_add(const struct sign_def *s)
{
	if (nsigns == MAXSIGNS)
		return -1;
	signs[nsigns] = s;
	return nsigns++;
}
