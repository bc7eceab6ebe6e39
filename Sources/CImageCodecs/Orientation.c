// EXIF orientation applied to decoded pixels: the camera stores the sensor's rows and says in
// the Orientation tag (1–8) how to turn them for display.
#include "CodecLibrary.h"

#include <stddef.h>
#include <stdlib.h>

/// Square tiles of this many pixels a side are turned one at a time: a quarter turn reads the
/// source down its columns, and a tile's rows stay in the cache (3.4 megapixels turned a quarter:
/// 27–40 ms walking whole columns, 13–19 ms in tiles; `viewfinder-benchmarks full-screen-pictures`).
enum { tile = 32 };

int vf_picture_orient(vf_picture *picture, int orientation) {
    if (orientation < 2 || orientation > 8 || picture->pixels == NULL) return 1;
    ptrdiff_t width = picture->width, height = picture->height;
    int transposed = orientation >= 5;
    vf_picture turned = {0};
    if (!vf_picture_allocate(&turned, (int)(transposed ? height : width), (int)(transposed ? width : height))) return 0;
    const uint32_t *source = (const uint32_t *)picture->pixels;
    ptrdiff_t row = picture->stride / 4;
    // The displayed pixel (x, y) is the stored one at base + x * step_x + y * step_y.
    ptrdiff_t base = 0, step_x = 1, step_y = row;
    switch (orientation) {
    case 2: base = width - 1, step_x = -1, step_y = row; break;                        // mirrored left to right
    case 3: base = (height - 1) * row + width - 1, step_x = -1, step_y = -row; break;  // turned half round
    case 4: base = (height - 1) * row, step_x = 1, step_y = -row; break;               // mirrored top to bottom
    case 5: base = 0, step_x = row, step_y = 1; break;                                 // transposed
    case 6: base = (height - 1) * row, step_x = -row, step_y = 1; break;               // a quarter clockwise
    case 7: base = (height - 1) * row + width - 1, step_x = -row, step_y = -1; break;  // transversed
    default: base = width - 1, step_x = row, step_y = -1; break;                       // 8: a quarter anticlockwise
    }
    uint32_t *target = (uint32_t *)turned.pixels;
    ptrdiff_t target_row = turned.stride / 4;
    for (int top = 0; top < turned.height; top += tile) {
        int bottom = top + tile < turned.height ? top + tile : turned.height;
        for (int left = 0; left < turned.width; left += tile) {
            int right = left + tile < turned.width ? left + tile : turned.width;
            for (int y = top; y < bottom; y++) {
                const uint32_t *from = source + base + (ptrdiff_t)left * step_x + (ptrdiff_t)y * step_y;
                uint32_t *to = target + (ptrdiff_t)y * target_row + left;
                for (int x = left; x < right; x++, from += step_x) *to++ = *from;
            }
        }
    }
    turned.source_width = picture->source_width;
    turned.source_height = picture->source_height;
    vf_picture_free(picture);
    *picture = turned;
    return 1;
}
