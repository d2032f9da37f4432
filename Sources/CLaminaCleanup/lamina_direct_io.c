#define _GNU_SOURCE
#include "lamina_cleanup.h"

#include <fcntl.h>

int lamina_set_direct_io(int fd, int on) {
#ifdef O_DIRECT
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0) return -1;
    flags = on ? (flags | O_DIRECT) : (flags & ~O_DIRECT);
    return fcntl(fd, F_SETFL, flags);
#else
    (void)fd;
    (void)on;
    return -1;
#endif
}
