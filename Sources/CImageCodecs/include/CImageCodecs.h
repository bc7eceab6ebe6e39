#ifndef VIEWFINDER_CIMAGECODECS_H
#define VIEWFINDER_CIMAGECODECS_H

// Image decoders for pictures in the terminal: libjpeg-turbo (TurboJPEG API), libpng, libwebp and
// libheif, each loaded with dlopen when first needed, so no command that never draws a picture
// pays for them at start-up (libheif alone brings a dozen codec libraries), and libheif (LGPL)
// is only ever linked dynamically. Each decoder turns an encoded file into 8-bit RGBA pixels
// (alpha not premultiplied), smaller than the file when the format can decode smaller (JPEG's
// scale factors, WebP's scaling, HEIF's thumbnails, which may be as small as half the fit), and refuses images whose declared size is
// larger than the caller allows before allocating anything for them.
//
// Every input is untrusted: a decoder returns a status and a message, never crashes on bad
// bytes, and never hands back a partial picture.

#include <stddef.h>
#include <stdint.h>

/// What a decode came to.
typedef enum {
    VF_DECODE_OK = 0,
    /// The library could not be loaded (`message` says which and why).
    VF_DECODE_NO_LIBRARY,
    /// The bytes are not a picture this decoder can read (`message` gives the library's words).
    VF_DECODE_CORRUPT,
    /// The declared width × height is over the caller's limit (`width`/`height` say it).
    VF_DECODE_TOO_LARGE,
    /// Memory for the pixels could not be had.
    VF_DECODE_NO_MEMORY,
} vf_decode_status;

/// A decoded picture: `height` rows of `stride` bytes, 4 bytes (R, G, B, A) a pixel, in memory
/// from malloc that the caller frees with `vf_picture_free`. `source_width`/`source_height` are the
/// image's full size as the file declares it (also set for VF_DECODE_TOO_LARGE).
typedef struct {
    uint8_t *pixels;
    int width;
    int height;
    int stride;
    int source_width;
    int source_height;
} vf_picture;

/// What a caller asks for: the picture is to be fitted (aspect kept) into `wanted_width` ×
/// `wanted_height` pixels, so a decoder may give any size that still covers that fit, the smallest
/// it can cheaply (0 × 0: full size); and the most pixels the file may declare.
typedef struct {
    int wanted_width;
    int wanted_height;
    long long max_pixels;
} vf_decode_request;

/// Frees a picture's pixels (and clears it).
void vf_picture_free(vf_picture *picture);

/// Turns `picture` as EXIF orientation `orientation` (1–8) says the stored pixels are shown:
/// 2–4 mirror or turn it half round, 5–8 also swap its width and height (6: a quarter clockwise,
/// a portrait photo from a camera held upright). 1 and anything else leave it as it is. Returns
/// 0, the picture unchanged, when memory for the turned copy cannot be had.
int vf_picture_orient(vf_picture *picture, int orientation);

/// Decoders, one a format; `message` (at least 256 bytes) says what went wrong.
vf_decode_status vf_decode_jpeg(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                                char *message, size_t message_size);
vf_decode_status vf_decode_png(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                               char *message, size_t message_size);
vf_decode_status vf_decode_webp(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                                char *message, size_t message_size);
vf_decode_status vf_decode_heif(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                                char *message, size_t message_size);

#endif
