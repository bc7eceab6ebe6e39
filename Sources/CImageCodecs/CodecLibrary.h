// One library loaded with dlopen on first use, for the decoders (see CImageCodecs.h).
#ifndef VIEWFINDER_CODECLIBRARY_H
#define VIEWFINDER_CODECLIBRARY_H

#include <pthread.h>
#include <stddef.h>

#include "CImageCodecs.h"

/// One function to find: its name, and where its address goes.
typedef struct {
    const char *name;
    void **slot;
} vf_codec_symbol;

/// A library: its file name (a soname), its functions, and the outcome of loading it.
typedef struct {
    const char *file;
    const vf_codec_symbol *symbols;
    size_t count;
    /// Run once after the functions are found (a library's global set-up), or NULL.
    void (*set_up)(void);
    pthread_mutex_t lock;
    /// 0 not tried, 1 loaded, -1 failed (for good: a missing library stays missing).
    int state;
    char error[256];
} vf_codec_library;

/// Loads `library` once (later calls return the first outcome): 1 when its functions can be
/// called, else 0 with the reason copied into `message`.
int vf_codec_library_load(vf_codec_library *library, char *message, size_t message_size);

/// Writes a formatted message into `message` (cut to its size).
void vf_codec_message(char *message, size_t message_size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// Allocates `height` rows of `width` RGBA pixels into `picture`: 0 when `width` × `height` is
/// empty or memory cannot be had.
int vf_picture_allocate(vf_picture *picture, int width, int height);

/// The smallest scale (at most 1) at which a `width` × `height` picture still covers its fit into
/// the request's box: 1 when no box is asked for or the picture is smaller.
double vf_needed_scale(int width, int height, vf_decode_request request);

#endif
