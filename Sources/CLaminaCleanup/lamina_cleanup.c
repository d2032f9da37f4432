#include "lamina_cleanup.h"

#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// Enough for every output a batch has open at once (one per job).
#define SLOTS 64

static char paths[SLOTS][PATH_MAX];
// 0: free; 1: being filled; 2: holds a registered path.
static atomic_int states[SLOTS];

int lamina_cleanup_register(const char *path) {
    size_t n = strlen(path);
    if (n >= PATH_MAX) return -1;
    for (int i = 0; i < SLOTS; i++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&states[i], &expected, 1)) {
            memcpy(paths[i], path, n + 1);
            atomic_store(&states[i], 2);
            return i;
        }
    }
    return -1;
}

void lamina_cleanup_unregister(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&states[slot], 0);
}

// Only async-signal-safe calls: unlink, sigaction, raise.
static void remove_and_reraise(int sig) {
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&states[i]) == 2) unlink(paths[i]);
    }
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

void lamina_cleanup_install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = remove_and_reraise;
    sigemptyset(&sa.sa_mask);
    const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (unsigned k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
        struct sigaction old;
        // A signal ignored by whoever started the process (nohup) stays ignored.
        if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(sigs[k], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN);
}
