#ifndef VIEWFINDER_CLIBRARYLOADER_H
#define VIEWFINDER_CLIBRARYLOADER_H

// One way to load a shared library with dlopen on first use, for every C shim (libcurl,
// libcrypto, ncursesw, chafa, the image decoders). Each shim lists the functions it calls; the
// library is opened once, on the first call that needs it, with lazy binding and local symbols
// (as a linked library would be bound, and meeting no other copy of the same names), and stays
// loaded for the life of the process. A library without every listed function is closed again
// and refused, with a reason naming the missing function.

#include <pthread.h>
#include <stddef.h>

/// One function (or variable) to find: its name, and where its address goes.
typedef struct {
    const char *name;
    void **slot;
} vf_library_symbol;

/// A library: its file name (a soname), its symbols, and the outcome of loading it. Declare one
/// per shim as a static with `VF_LIBRARY(file, symbols, set_up)`.
typedef struct vf_library {
    const char *file;
    const vf_library_symbol *symbols;
    size_t count;
    /// Run once after every symbol is found (a library's global set-up or a version check), or
    /// NULL: returns 0 to refuse the library, with the reason written into `error`.
    int (*set_up)(struct vf_library *library);
    /// dlopen flags added to RTLD_LAZY | RTLD_LOCAL (RTLD_DEEPBIND for a library whose own calls
    /// must stay inside it), or 0.
    int extra_flags;
    pthread_mutex_t lock;
    /// 0 not tried, 1 loaded, -1 refused (for good: a missing library stays missing). Read with
    /// `vf_library_is_loaded`, written once under `lock`.
    int state;
    char error[512];
} vf_library;

/// A `vf_library` initialiser for `file` with the array `symbols`, an optional `set_up`, and
/// dlopen flags beyond the usual ones.
#define VF_LIBRARY_WITH_FLAGS(file_name, symbol_array, set_up_function, flags)                       \
    {                                                                                                \
        .file = (file_name), .symbols = (symbol_array),                                              \
        .count = sizeof(symbol_array) / sizeof((symbol_array)[0]), .set_up = (set_up_function),      \
        .extra_flags = (flags), .lock = PTHREAD_MUTEX_INITIALIZER, .state = 0,                       \
    }

/// A `vf_library` initialiser for `file` with the array `symbols` and an optional `set_up`.
#define VF_LIBRARY(file_name, symbol_array, set_up_function)                                         \
    VF_LIBRARY_WITH_FLAGS(file_name, symbol_array, set_up_function, 0)

/// Loads `library` on the first call (later calls return the first outcome at the cost of one
/// atomic read): 1 when its functions can be called, else 0.
int vf_library_load(vf_library *library);

/// Whether `library` has been loaded, without trying to load it.
int vf_library_is_loaded(const vf_library *library);

/// Why `library` was refused, or NULL while it is loaded or not yet tried.
const char *vf_library_error(const vf_library *library);

#endif
