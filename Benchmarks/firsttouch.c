// firsttouch: what this machine charges for memory a process touches for the first time.
//
// Prints microseconds per 4 KB page to fault in fresh anonymous memory (mmap + memset) at two
// sizes, and to write over it again. On a VM whose host backs guest memory lazily (or takes it
// back through a balloon), the first touch costs several times the rewrite and grows with the
// size: a conversion's new memory and its output's new page-cache pages pay it, the libxml2
// SAX floor (a small reused buffer) does not. Benchmarks/run.sh prints it with the machine.
//
//   gcc -O2 -o firsttouch firsttouch.c && ./firsttouch 100 1000
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    for (int k = 1; k < argc; k++) {
        size_t bytes = (size_t)atol(argv[k]) << 20;
        double t0 = now();
        char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return 1;
        memset(p, 1, bytes);
        double t1 = now();
        memset(p, 2, bytes);
        double t2 = now();
        munmap(p, bytes);
        double pages = bytes / 4096.0;
        printf("%s%zu MB: first touch %.2f us/page, rewrite %.2f us/page", k > 1 ? "; " : "", bytes >> 20,
               (t1 - t0) * 1e6 / pages, (t2 - t1) * 1e6 / pages);
    }
    printf("\n");
    return 0;
}
