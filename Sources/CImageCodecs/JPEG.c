// JPEG through libjpeg-turbo's TurboJPEG API (libturbojpeg.so.0), loaded with dlopen.
#include "CodecLibrary.h"

#include <string.h>
#include <turbojpeg.h>

static struct {
    __typeof__(tjInitDecompress) *init;
    __typeof__(tjDestroy) *destroy;
    __typeof__(tjDecompressHeader3) *header;
    __typeof__(tjGetScalingFactors) *scaling_factors;
    __typeof__(tjDecompress2) *decompress;
    __typeof__(tjGetErrorStr2) *error_text;
    __typeof__(tjGetErrorCode) *error_code;
} tj;

static const vf_library_symbol symbols[] = {
    {"tjInitDecompress", (void **)&tj.init},       {"tjDestroy", (void **)&tj.destroy},
    {"tjDecompressHeader3", (void **)&tj.header},  {"tjGetScalingFactors", (void **)&tj.scaling_factors},
    {"tjDecompress2", (void **)&tj.decompress},    {"tjGetErrorStr2", (void **)&tj.error_text},
    {"tjGetErrorCode", (void **)&tj.error_code},
};

static vf_library library = VF_LIBRARY("libturbojpeg.so.0", symbols, NULL);

/// The smallest of TurboJPEG's scale factors (1/8 to 1) at which the picture still covers its fit
/// into the wanted box.
static tjscalingfactor choose_scale(int width, int height, vf_decode_request request) {
    tjscalingfactor best = {1, 1};
    double needed = vf_needed_scale(width, height, request);
    int count = 0;
    tjscalingfactor *factors = tj.scaling_factors(&count);
    for (int index = 0; factors != NULL && index < count; index++) {
        tjscalingfactor factor = factors[index];
        if (factor.num > factor.denom || (double)factor.num / factor.denom < needed) continue;
        if ((double)factor.num / factor.denom < (double)best.num / best.denom) best = factor;
    }
    return best;
}

vf_decode_status vf_decode_jpeg(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                                char *message, size_t message_size) {
    memset(picture, 0, sizeof *picture);
    if (!vf_codec_load(&library, message, message_size)) return VF_DECODE_NO_LIBRARY;
    if (count > (size_t)0xFFFFFFFFu) {
        vf_codec_message(message, message_size, "JPEG of more than 4 GB");
        return VF_DECODE_TOO_LARGE;
    }
    tjhandle handle = tj.init();
    if (handle == NULL) {
        vf_codec_message(message, message_size, "TurboJPEG could not start a decoder");
        return VF_DECODE_NO_MEMORY;
    }
    vf_decode_status status = VF_DECODE_OK;
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    if (tj.header(handle, bytes, (unsigned long)count, &width, &height, &subsampling, &colorspace) != 0) {
        vf_codec_message(message, message_size, "%s", tj.error_text(handle));
        status = VF_DECODE_CORRUPT;
        goto done;
    }
    status = vf_check_declared_size(picture, width, height, request, message, message_size);
    if (status != VF_DECODE_OK) goto done;
    tjscalingfactor scale = choose_scale(width, height, request);
    if (!vf_picture_allocate(picture, TJSCALED(width, scale), TJSCALED(height, scale))) {
        vf_codec_message(message, message_size, "no memory for %d×%d pixels", width, height);
        status = VF_DECODE_NO_MEMORY;
        goto done;
    }
    // TJFLAG_LIMITSCANS: a progressive file of thousands of scans (a known way to make a decoder
    // spin) is refused.
    if (tj.decompress(handle, bytes, (unsigned long)count, picture->pixels, picture->width, picture->stride,
                      picture->height, TJPF_RGBA, TJFLAG_LIMITSCANS) != 0) {
        const char *text = tj.error_text(handle);
        // A warning leaves a whole picture (libjpeg's "Corrupt JPEG data: N extraneous bytes",
        // common in camera files), except when the data ended early: that one is refused, as a
        // picture with its lower part grey is not the photo.
        int warning = tj.error_code(handle) == TJERR_WARNING;
        if (!warning || strstr(text, "Premature end") != NULL) {
            vf_codec_message(message, message_size, "%s", text);
            vf_picture_free(picture);
            status = VF_DECODE_CORRUPT;
        }
    }
done:
    tj.destroy(handle);
    return status;
}
