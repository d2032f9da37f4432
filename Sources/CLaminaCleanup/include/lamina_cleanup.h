#ifndef LAMINA_CLEANUP_H
#define LAMINA_CLEANUP_H
// Removing temporary output files when a signal ends the process (SIGINT, SIGTERM, SIGHUP,
// SIGQUIT): an output is written to a temporary file and renamed when complete, so a process
// killed midway would otherwise leave the temporary file behind. In C because the handler may
// only do async-signal-safe work on memory that needs no locks.

/// Installs the handlers (once, at start-up) and ignores SIGXFSZ, so that a write past the
/// file size limit fails with EFBIG and is reported like any failed write.
void lamina_cleanup_install(void);

/// Registers `path` (a temporary file) for removal on such a signal; returns a slot for
/// `lamina_cleanup_unregister`, or -1 when the path is too long or every slot is taken.
int lamina_cleanup_register(const char *path);

/// Forgets the file of `slot` (after it was renamed or removed); -1 is ignored.
void lamina_cleanup_unregister(int slot);

#endif
