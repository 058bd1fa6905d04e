/* The table of feature kinds, filled as the rules modules are registered (rules.c). */
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
