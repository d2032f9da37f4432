#ifndef LAMINA_CLEANUP_H
#define LAMINA_CLEANUP_H
// Removing temporary output files when a signal ends the process (SIGINT, SIGTERM, SIGHUP, SIGPIPE,
// SIGQUIT): an output is written to a temporary file and renamed when complete, so a process
// killed midway would otherwise leave the temporary file behind. In C because the handler may
// only do async-signal-safe work on memory that needs no locks.

/// Installs the handlers (once, at start-up) and ignores SIGXFSZ, so that a write past the
/// file size limit fails with EFBIG and is reported like any failed write.
void lamina_cleanup_install(void);

/// Creates `path` (write-only, exclusive, close-on-exec, mode 0644) and registers it in one
/// step, so that no signal can find the file created but not yet registered. Returns the
/// descriptor, or -1 with `errno` set; `*slot` receives the slot (-1 when none was free: the
/// file is then created but not registered). Once a handler has begun removing the files and
/// ending the process, it creates nothing and waits for that end.
int lamina_cleanup_create(const char *path, int *slot);

/// Forgets the file of `slot` (after it was renamed or removed); -1 is ignored.
void lamina_cleanup_unregister(int slot);

/// Starts `argv[0]` at `path` with `posix_spawn(actions, environ)` and registers the child in one
/// step, so that a signal ending this process also kills the child (`SIGKILL`) before the files
/// are removed: a renderer left running would go on to write its image after the handler removed
/// it. The child starts with this thread's signal mask as it was before the call. Returns 0 and
/// sets `*pid` and `*slot` (-1 when no slot was free: the child then runs unregistered), or the
/// `posix_spawn` error. Once the child has ended, call `lamina_cleanup_child_ended` before reaping
/// it (`waitpid`), so that the handler never signals a process id the system may have reused.
int lamina_cleanup_spawn(const char *path, void *actions, char *const argv[], char *const envp[],
                         int *pid, int *slot);

/// Forgets the child of `slot` (still unreaped); -1 is ignored.
void lamina_cleanup_child_ended(int slot);

/// Turns direct I/O (`O_DIRECT`: writes that bypass the page cache) on or off for `fd`.
/// Returns 0, or -1 with `errno` set (the file system does not support it, or the platform has
/// no `O_DIRECT`). Used by the output writer for very large outputs (see `DirectWrites`).
int lamina_set_direct_io(int fd, int on);

#endif
