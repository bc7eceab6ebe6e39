// HEIF/HEIC through libheif (libheif.so.1, LGPL: only ever loaded, never linked in), with dlopen.
// A camera's HEIC carries a small thumbnail item beside a grid of full-size tiles: when the
// thumbnail is near enough the wanted size (see `thumbnail_share`), it is decoded instead.
#include "CodecLibrary.h"

#include <libheif/heif.h>
#include <string.h>

static struct {
    __typeof__(heif_init) *init;
    __typeof__(heif_context_alloc) *context_alloc;
    __typeof__(heif_context_free) *context_free;
    __typeof__(heif_context_read_from_memory_without_copy) *read;
    __typeof__(heif_context_get_primary_image_handle) *primary;
    __typeof__(heif_image_handle_release) *handle_release;
    __typeof__(heif_image_handle_get_width) *handle_width;
    __typeof__(heif_image_handle_get_height) *handle_height;
    __typeof__(heif_image_handle_get_number_of_thumbnails) *thumbnail_count;
    __typeof__(heif_image_handle_get_list_of_thumbnail_IDs) *thumbnail_ids;
    __typeof__(heif_image_handle_get_thumbnail) *thumbnail;
    __typeof__(heif_decode_image) *decode;
    __typeof__(heif_image_get_width) *image_width;
    __typeof__(heif_image_get_height) *image_height;
    __typeof__(heif_image_get_plane_readonly) *plane;
    __typeof__(heif_image_release) *image_release;
} heif;

static const vf_library_symbol symbols[] = {
    {"heif_init", (void **)&heif.init},
    {"heif_context_alloc", (void **)&heif.context_alloc},
    {"heif_context_free", (void **)&heif.context_free},
    {"heif_context_read_from_memory_without_copy", (void **)&heif.read},
    {"heif_context_get_primary_image_handle", (void **)&heif.primary},
    {"heif_image_handle_release", (void **)&heif.handle_release},
    {"heif_image_handle_get_width", (void **)&heif.handle_width},
    {"heif_image_handle_get_height", (void **)&heif.handle_height},
    {"heif_image_handle_get_number_of_thumbnails", (void **)&heif.thumbnail_count},
    {"heif_image_handle_get_list_of_thumbnail_IDs", (void **)&heif.thumbnail_ids},
    {"heif_image_handle_get_thumbnail", (void **)&heif.thumbnail},
    {"heif_decode_image", (void **)&heif.decode},
    {"heif_image_get_width", (void **)&heif.image_width},
    {"heif_image_get_height", (void **)&heif.image_height},
    {"heif_image_get_plane_readonly", (void **)&heif.plane},
    {"heif_image_release", (void **)&heif.image_release},
};

/// libheif's global set-up (its decoder plugins), once; never undone, as for a linked library.
static int set_up(vf_library *library) {
    (void)library;
    heif.init(NULL);
    return 1;
}

static vf_library library = VF_LIBRARY("libheif.so.1", symbols, set_up);

/// A thumbnail at least this share of the picture's fit into the box is drawn instead of the
/// photo: a phone's HEIC carries a 320×240 thumbnail beside a 12-megapixel grid of tiles whose
/// decode takes a second and a half, and a preview drawn from a thumbnail half its size is still
/// a fair likeness, at a hundredth of the cost. A full-screen view asks for a box no thumbnail
/// comes near, and gets the photo.
static const double thumbnail_share = 0.5;

/// The smallest thumbnail of `primary` that covers the picture's fit into the wanted box, else the
/// largest that covers `thumbnail_share` of it, or NULL.
static struct heif_image_handle *covering_thumbnail(const struct heif_image_handle *primary,
                                                    vf_decode_request request) {
    int primary_width = heif.handle_width(primary), primary_height = heif.handle_height(primary);
    double needed = vf_needed_scale(primary_width, primary_height, request);
    if (needed >= 1.0) return NULL;
    double fit_width = primary_width * needed, fit_height = primary_height * needed;
    heif_item_id ids[8];
    int count = heif.thumbnail_ids(primary, ids, 8);
    struct heif_image_handle *best = NULL;
    int best_covers = 0;
    for (int index = 0; index < count; index++) {
        struct heif_image_handle *thumbnail = NULL;
        if (heif.thumbnail(primary, ids[index], &thumbnail).code != heif_error_Ok || thumbnail == NULL) continue;
        int width = heif.handle_width(thumbnail), height = heif.handle_height(thumbnail);
        int covers = width >= fit_width - 0.5 && height >= fit_height - 0.5;
        int enough = width >= fit_width * thumbnail_share && height >= fit_height * thumbnail_share;
        int better = best == NULL || (covers && !best_covers) ||
                     (covers && best_covers && width < heif.handle_width(best)) ||
                     (!covers && !best_covers && width > heif.handle_width(best));
        if ((covers || enough) && better) {
            if (best != NULL) heif.handle_release(best);
            best = thumbnail;
            best_covers = covers;
        } else {
            heif.handle_release(thumbnail);
        }
    }
    return best;
}

vf_decode_status vf_decode_heif(const uint8_t *bytes, size_t count, vf_decode_request request, vf_picture *picture,
                                char *message, size_t message_size) {
    memset(picture, 0, sizeof *picture);
    if (!vf_codec_load(&library, message, message_size)) return VF_DECODE_NO_LIBRARY;
    struct heif_context *context = heif.context_alloc();
    if (context == NULL) {
        vf_codec_message(message, message_size, "libheif could not start a decoder");
        return VF_DECODE_NO_MEMORY;
    }
    vf_decode_status status = VF_DECODE_OK;
    struct heif_image_handle *primary = NULL, *chosen = NULL;
    struct heif_image *image = NULL;
    // libheif keeps its own limits on every item's size (a side of 32,768 at most by default),
    // the grid's tiles too; the check below is on the whole picture's area.
    struct heif_error error = heif.read(context, bytes, count, NULL);
    if (error.code == heif_error_Ok) error = heif.primary(context, &primary);
    if (error.code != heif_error_Ok) {
        vf_codec_message(message, message_size, "%s", error.message);
        status = error.code == heif_error_Memory_allocation_error ? VF_DECODE_NO_MEMORY : VF_DECODE_CORRUPT;
        goto done;
    }
    int width = heif.handle_width(primary), height = heif.handle_height(primary);
    status = vf_check_declared_size(picture, width, height, request, message, message_size);
    if (status != VF_DECODE_OK) goto done;
    chosen = covering_thumbnail(primary, request);
    // Decoded with the file's rotation and mirroring applied, as a viewer shows it.
    error = heif.decode(chosen != NULL ? chosen : primary, &image, heif_colorspace_RGB,
                        heif_chroma_interleaved_RGBA, NULL);
    if (error.code != heif_error_Ok) {
        vf_codec_message(message, message_size, "%s", error.message);
        status = error.code == heif_error_Memory_allocation_error ? VF_DECODE_NO_MEMORY : VF_DECODE_CORRUPT;
        goto done;
    }
    int stride = 0;
    const uint8_t *plane = heif.plane(image, heif_channel_interleaved, &stride);
    int out_width = heif.image_width(image, heif_channel_interleaved);
    int out_height = heif.image_height(image, heif_channel_interleaved);
    if (plane == NULL || out_width <= 0 || out_height <= 0 || stride < out_width * 4) {
        vf_codec_message(message, message_size, "libheif gave no RGBA pixels");
        status = VF_DECODE_CORRUPT;
        goto done;
    }
    if (!vf_picture_allocate(picture, out_width, out_height)) {
        vf_codec_message(message, message_size, "no memory for %d×%d pixels", out_width, out_height);
        status = VF_DECODE_NO_MEMORY;
        goto done;
    }
    for (int row = 0; row < out_height; row++)
        memcpy(picture->pixels + (size_t)row * picture->stride, plane + (size_t)row * stride, (size_t)out_width * 4);
done:
    if (image != NULL) heif.image_release(image);
    if (chosen != NULL) heif.handle_release(chosen);
    if (primary != NULL) heif.handle_release(primary);
    heif.context_free(context);
    return status;
}
