// WebP through libwebp (libwebp.so.7), loaded with dlopen; scaled while decoding, row by row.
#include "CodecLibrary.h"

#include <string.h>
#include <webp/decode.h>

static struct {
    __typeof__(WebPInitDecoderConfigInternal) *init_config;
    __typeof__(WebPGetFeaturesInternal) *features;
    __typeof__(WebPDecode) *decode;
    __typeof__(WebPFreeDecBuffer) *free_buffer;
} webp;

static const vf_library_symbol symbols[] = {
    {"WebPInitDecoderConfigInternal", (void **)&webp.init_config},
    {"WebPGetFeaturesInternal", (void **)&webp.features},
    {"WebPDecode", (void **)&webp.decode},
    {"WebPFreeDecBuffer", (void **)&webp.free_buffer},
};

static vf_library library = VF_LIBRARY("libwebp.so.7", symbols, NULL);

static const char *status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "not a valid WebP bitstream";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "a WebP feature this decoder does not read";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "stopped";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the file ends early";
    default: return "unknown error";
    }
}

vf_decode_status vf_decode_webp(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                                char *message, size_t message_size) {
    memset(picture, 0, sizeof *picture);
    if (!vf_codec_load(&library, message, message_size)) return VF_DECODE_NO_LIBRARY;
    WebPDecoderConfig config;
    if (!webp.init_config(&config, WEBP_DECODER_ABI_VERSION)) {
        vf_codec_message(message, message_size, "libwebp is of another ABI than 0x%x", WEBP_DECODER_ABI_VERSION);
        return VF_DECODE_NO_LIBRARY;
    }
    VP8StatusCode status = webp.features(bytes, count, &config.input, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) {
        vf_codec_message(message, message_size, "%s", status_text(status));
        return VF_DECODE_CORRUPT;
    }
    int width = config.input.width, height = config.input.height;
    vf_decode_status checked = vf_check_declared_size(picture, width, height, request, message, message_size);
    if (checked != VF_DECODE_OK) return checked;
    if (config.input.has_animation) {
        vf_codec_message(message, message_size, "an animated WebP");
        return VF_DECODE_CORRUPT;
    }
    // Scaled while decoding to the smallest size that covers the fit.
    double scale = vf_needed_scale(width, height, request);
    int out_width = width, out_height = height;
    if (scale < 1.0) {
        out_width = (int)(width * scale + 0.999);
        out_height = (int)(height * scale + 0.999);
        if (out_width > width) out_width = width;
        if (out_height > height) out_height = height;
        config.options.use_scaling = 1;
        config.options.scaled_width = out_width;
        config.options.scaled_height = out_height;
    }
    if (!vf_picture_allocate(picture, out_width, out_height)) {
        vf_codec_message(message, message_size, "no memory for %d×%d pixels", out_width, out_height);
        return VF_DECODE_NO_MEMORY;
    }
    config.output.colorspace = MODE_RGBA;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = picture->pixels;
    config.output.u.RGBA.stride = picture->stride;
    config.output.u.RGBA.size = (size_t)picture->stride * (size_t)picture->height;
    status = webp.decode(bytes, count, &config);
    webp.free_buffer(&config.output);
    if (status != VP8_STATUS_OK) {
        vf_codec_message(message, message_size, "%s", status_text(status));
        vf_picture_free(picture);
        return VF_DECODE_CORRUPT;
    }
    return VF_DECODE_OK;
}
