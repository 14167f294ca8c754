// zlib, the system's, for PaceFormats' gzip and zip readers (DECISIONS 169).
#include <zlib.h>
