// PNG through libpng's simplified reading API (libpng16.so.16), loaded with dlopen. libpng keeps
// its setjmp error handling inside that API: an error comes back as 0 and a message.
#include "CodecLibrary.h"

#include <png.h>
#include <string.h>

static struct {
    __typeof__(png_image_begin_read_from_memory) *begin;
    __typeof__(png_image_finish_read) *finish;
    __typeof__(png_image_free) *free;
} png;

static const vf_library_symbol symbols[] = {
    {"png_image_begin_read_from_memory", (void **)&png.begin},
    {"png_image_finish_read", (void **)&png.finish},
    {"png_image_free", (void **)&png.free},
};

static vf_library library = VF_LIBRARY("libpng16.so.16", symbols, NULL);

vf_decode_status vf_decode_png(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                               char *message, size_t message_size) {
    memset(picture, 0, sizeof *picture);
    if (!vf_codec_load(&library, message, message_size)) return VF_DECODE_NO_LIBRARY;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png.begin(&image, bytes, count)) {
        vf_codec_message(message, message_size, "%s", image.message);
        png.free(&image);
        return VF_DECODE_CORRUPT;
    }
    // libpng itself refuses more than 1,000,000 a side; the caller's limit is on the area.
    vf_decode_status checked = vf_check_declared_size(picture, image.width, image.height, request, message,
                                                      message_size);
    if (checked != VF_DECODE_OK) {
        png.free(&image);
        return checked;
    }
    image.format = PNG_FORMAT_RGBA;
    if (!vf_picture_allocate(picture, (int)image.width, (int)image.height)) {
        vf_codec_message(message, message_size, "no memory for %u×%u pixels", image.width, image.height);
        png.free(&image);
        return VF_DECODE_NO_MEMORY;
    }
    if (!png.finish(&image, NULL, picture->pixels, picture->stride, NULL)) {
        vf_codec_message(message, message_size, "%s", image.message);
        png.free(&image);
        vf_picture_free(picture);
        return VF_DECODE_CORRUPT;
    }
    png.free(&image);
    return VF_DECODE_OK;
}
