#include "lamina_cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sys/wait.h>
#include <signal.h>
#include <spawn.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

// Enough for every output a batch has open at once (one per job).
#define SLOTS 64

enum { FREE = 0, CREATING = 1, REGISTERED = 2 };

static char paths[SLOTS][PATH_MAX];
static atomic_int states[SLOTS];
// Set once a handler has begun removing the files: the process is ending, and a file created
// after the handler looked at its slot would be left behind.
static atomic_int ending;

// Children to kill when the process ends by a signal: their pid, 0 for a free slot, or -1 while
// a thread is starting one (the handler waits for the pid).
static atomic_int children[SLOTS];

// SIGPIPE too: a reader that stops early (`lamina check Samples | head`) ends the process at its
// next write to the pipe, while an output may be half written.
static const int handled[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};
#define HANDLED_COUNT (sizeof handled / sizeof handled[0])

// Takes a free slot for `path`, left CREATING; -1 when the path is too long or none is free.
static int claim(const char *path) {
    size_t n = strlen(path);
    if (n >= PATH_MAX) return -1;
    for (int i = 0; i < SLOTS; i++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&states[i], &expected, CREATING)) {
            memcpy(paths[i], path, n + 1);
            return i;
        }
    }
    return -1;
}

int lamina_cleanup_create(const char *path, int *slot) {
    // The file must never exist unregistered, or a signal arriving between its creation and
    // its registration would leave it behind. This thread blocks the signals meanwhile; a
    // handler running on another thread waits while the slot is CREATING.
    sigset_t block, old;
    sigemptyset(&block);
    for (unsigned k = 0; k < HANDLED_COUNT; k++) sigaddset(&block, handled[k]);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int i = claim(path);
    // Other threads go on while a handler removes the files and ends the process: one that
    // created a file now (a check writing its next golden) left it behind. The slot is claimed
    // before `ending` is read and the handler sets `ending` before reading the slots, so either
    // the handler waits for this file and removes it, or this thread sees `ending` and, its
    // signals blocked, waits for the end the handler is bringing.
    if (atomic_load(&ending)) {
        if (i >= 0) atomic_store(&states[i], FREE);
        for (;;) pause();
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    int saved = errno;
    if (i >= 0) atomic_store(&states[i], fd >= 0 ? REGISTERED : FREE);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    *slot = fd >= 0 ? i : -1;
    errno = saved;
    return fd;
}

void lamina_cleanup_unregister(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&states[slot], FREE);
}

int lamina_cleanup_spawn(const char *path, void *actions, char *const argv[], char *const envp[],
                         int *pid, int *slot) {
    // As for files: the child must never run unregistered. The signals are blocked in this
    // thread while it starts; the child gets the mask as it was before.
    sigset_t block, old;
    sigemptyset(&block);
    for (unsigned k = 0; k < HANDLED_COUNT; k++) sigaddset(&block, handled[k]);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    int i = -1;
    for (int k = 0; k < SLOTS && i < 0; k++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&children[k], &expected, -1)) i = k;
    }
    if (atomic_load(&ending)) {
        if (i >= 0) atomic_store(&children[i], 0);
        for (;;) pause();
    }
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setsigmask(&attributes, &old);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
    pid_t child = 0;
    int result = posix_spawn(&child, path, (const posix_spawn_file_actions_t *)actions, &attributes,
                             argv, envp);
    posix_spawnattr_destroy(&attributes);
    if (i >= 0) atomic_store(&children[i], result == 0 ? (int)child : 0);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    *pid = result == 0 ? (int)child : 0;
    *slot = result == 0 ? i : -1;
    return result;
}

void lamina_cleanup_child_ended(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&children[slot], 0);
}

// Only async-signal-safe calls: kill, waitpid, unlink, sigaction, raise.
static void remove_and_reraise(int sig) {
    atomic_store(&ending, 1);
    // Children first, and waited for: one still running could write a file after it was removed.
    // A registered child is not reaped yet (its thread forgets it first), so its pid is its own.
    for (int i = 0; i < SLOTS; i++) {
        int child;
        while ((child = atomic_load(&children[i])) == -1) {}
        if (child > 0) {
            kill(child, SIGKILL);
            // Its own thread may reap it first (ECHILD then): either way it has ended.
            while (waitpid(child, NULL, __WALL) < 0 && errno == EINTR) {}
        }
    }
    for (int i = 0; i < SLOTS; i++) {
        int state;
        // Another thread is between creating this file and recording that it did.
        while ((state = atomic_load(&states[i])) == CREATING) {}
        if (state == REGISTERED) unlink(paths[i]);
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
    // While one handler runs, the other signals wait: two handlers at once on one thread
    // could not both finish.
    for (unsigned k = 0; k < HANDLED_COUNT; k++) sigaddset(&sa.sa_mask, handled[k]);
    for (unsigned k = 0; k < HANDLED_COUNT; k++) {
        struct sigaction old;
        // A signal ignored by whoever started the process (nohup) stays ignored.
        if (sigaction(handled[k], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(handled[k], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN);
}
