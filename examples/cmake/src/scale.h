/* Found beside kernel.c (#include "scale.h"), not through -I. */
#define ALPHA 1.5
