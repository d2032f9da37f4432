#ifndef LAMINA_CMALLOC_SHIM_H
#define LAMINA_CMALLOC_SHIM_H
// glibc's allocator controls (`mallopt`), which Swift's Glibc module does not export. The
// command calls them directly: a static executable cannot look them up with `dlsym`.
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
