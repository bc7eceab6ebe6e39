// Loading a shim's library with dlopen on first use: see CLibraryLoader.h.
#include "CLibraryLoader.h"

#include <dlfcn.h>
#include <stdio.h>

static int state_of(const vf_library *library) { return __atomic_load_n(&library->state, __ATOMIC_ACQUIRE); }

static void settle(vf_library *library, int state) { __atomic_store_n(&library->state, state, __ATOMIC_RELEASE); }

/// Opens the library and finds every symbol, under the library's lock.
static void load_locked(vf_library *library) {
    // Lazy binding, as for a linked library: binding every function of a library and those it
    // needs up front costs CPU for functions never called. Local, so its symbols meet no other copy.
    void *handle = dlopen(library->file, RTLD_LAZY | RTLD_LOCAL | library->extra_flags);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->error, sizeof library->error, "%s", reason != NULL ? reason : library->file);
        settle(library, -1);
        return;
    }
    for (size_t index = 0; index < library->count; index++) {
        // dlsym on the library's handle also searches the libraries it needs (chafa's GLib).
        void *symbol = dlsym(handle, library->symbols[index].name);
        if (symbol == NULL) {
            snprintf(library->error, sizeof library->error, "%s has no %s", library->file,
                     library->symbols[index].name);
            dlclose(handle);
            settle(library, -1);
            return;
        }
        *library->symbols[index].slot = symbol;
    }
    if (library->set_up != NULL && !library->set_up(library)) {
        // Its set-up may have started threads or registered handlers: never closed once it ran.
        settle(library, -1);
        return;
    }
    settle(library, 1);
}

int vf_library_load(vf_library *library) {
    int state = state_of(library);
    if (state == 0) {
        pthread_mutex_lock(&library->lock);
        if (state_of(library) == 0) load_locked(library);
        pthread_mutex_unlock(&library->lock);
        state = state_of(library);
    }
    return state == 1;
}

int vf_library_is_loaded(const vf_library *library) { return state_of(library) == 1; }

const char *vf_library_error(const vf_library *library) {
    return state_of(library) == -1 ? library->error : NULL;
}
