// What the decoders share: their library loaded on first use (see CImageCodecs.h), messages, pictures.
#ifndef VIEWFINDER_CODECLIBRARY_H
#define VIEWFINDER_CODECLIBRARY_H

#include <CLibraryLoader.h>
#include <stddef.h>

#include "CImageCodecs.h"

/// Loads a decoder's `library` once (see CLibraryLoader.h): 1 when its functions can be called,
/// else 0 with the reason copied into `message`.
int vf_codec_load(vf_library *library, char *message, size_t message_size);

/// Writes a formatted message into `message` (cut to its size).
void vf_codec_message(char *message, size_t message_size, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/// Records the size a file declares in `picture` and checks it: VF_DECODE_CORRUPT when a side is
/// not positive ("no picture size"), VF_DECODE_TOO_LARGE when its area is over the request's limit
/// (checked before any pixel is decoded), else VF_DECODE_OK; the message says which.
vf_decode_status vf_check_declared_size(vf_picture *picture, long long width, long long height,
                                        vf_decode_request request, char *message, size_t message_size);

/// Allocates `height` rows of `width` RGBA pixels into `picture`: 0 when `width` × `height` is
/// empty or memory cannot be had.
int vf_picture_allocate(vf_picture *picture, int width, int height);

/// The smallest scale (at most 1) at which a `width` × `height` picture still covers its fit into
/// the request's box: 1 when no box is asked for or the picture is smaller.
double vf_needed_scale(int width, int height, vf_decode_request request);

#endif
