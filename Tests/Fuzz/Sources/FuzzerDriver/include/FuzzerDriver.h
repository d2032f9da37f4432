#ifndef LAMINA_FUZZER_DRIVER_H
#define LAMINA_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in libclang_rt.fuzzer, linked by -sanitize=fuzzer). SwiftPM links
/// executables with `--defsym main=<Target>_main`, so each fuzz target defines `<Target>_main`
/// and hands control to this driver instead of relying on libFuzzer's own `main`.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
