// What the decoders share: see CodecLibrary.h.
#include "CodecLibrary.h"
#include "CImageCodecs.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void vf_codec_message(char *message, size_t message_size, const char *format, ...) {
    if (message == NULL || message_size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, message_size, format, arguments);
    va_end(arguments);
}

int vf_codec_load(vf_library *library, char *message, size_t message_size) {
    if (vf_library_load(library)) return 1;
    vf_codec_message(message, message_size, "%s", vf_library_error(library));
    return 0;
}

vf_decode_status vf_check_declared_size(vf_picture *picture, long long width, long long height,
                                        vf_decode_request request, char *message, size_t message_size) {
    picture->source_width = width > INT_MAX ? INT_MAX : (int)width;
    picture->source_height = height > INT_MAX ? INT_MAX : (int)height;
    if (width <= 0 || height <= 0) {
        vf_codec_message(message, message_size, "no picture size");
        return VF_DECODE_CORRUPT;
    }
    if (width * height > request.max_pixels) {
        vf_codec_message(message, message_size, "%lld×%lld pixels", width, height);
        return VF_DECODE_TOO_LARGE;
    }
    return VF_DECODE_OK;
}

int vf_picture_allocate(vf_picture *picture, int width, int height) {
    if (width <= 0 || height <= 0) return 0;
    size_t stride = (size_t)width * 4;
    uint8_t *pixels = malloc(stride * (size_t)height);
    if (pixels == NULL) return 0;
    picture->pixels = pixels;
    picture->width = width;
    picture->height = height;
    picture->stride = (int)stride;
    return 1;
}

void vf_picture_free(vf_picture *picture) {
    if (picture == NULL) return;
    free(picture->pixels);
    picture->pixels = NULL;
    picture->width = 0;
    picture->height = 0;
    picture->stride = 0;
}

double vf_needed_scale(int width, int height, vf_decode_request request) {
    if (request.wanted_width <= 0 || request.wanted_height <= 0 || width <= 0 || height <= 0) return 1.0;
    double scale_x = (double)request.wanted_width / width, scale_y = (double)request.wanted_height / height;
    double scale = scale_x < scale_y ? scale_x : scale_y;
    return scale < 1.0 ? scale : 1.0;
}
