// EXIF orientation applied to decoded pixels: the camera stores the sensor's rows and says in
// the Orientation tag (1–8) how to turn them for display.
#include "CodecLibrary.h"

#include <stdlib.h>
#include <string.h>

int vf_picture_orient(vf_picture *picture, int orientation) {
    if (orientation < 2 || orientation > 8 || picture->pixels == NULL) return 1;
    int width = picture->width, height = picture->height;
    int transposed = orientation >= 5;
    vf_picture turned = {0};
    if (!vf_picture_allocate(&turned, transposed ? height : width, transposed ? width : height)) return 0;
    const uint32_t *source = (const uint32_t *)picture->pixels;
    size_t source_row = (size_t)picture->stride / 4;
    uint32_t *target = (uint32_t *)turned.pixels;
    size_t target_row = (size_t)turned.stride / 4;
    // Each displayed pixel (x, y) comes from the stored pixel (sx, sy).
    for (int y = 0; y < turned.height; y++) {
        for (int x = 0; x < turned.width; x++) {
            int sx, sy;
            switch (orientation) {
            case 2: sx = width - 1 - x, sy = y; break;                // mirrored left to right
            case 3: sx = width - 1 - x, sy = height - 1 - y; break;   // turned half round
            case 4: sx = x, sy = height - 1 - y; break;               // mirrored top to bottom
            case 5: sx = y, sy = x; break;                            // transposed
            case 6: sx = y, sy = height - 1 - x; break;               // turned a quarter clockwise
            case 7: sx = width - 1 - y, sy = height - 1 - x; break;   // transversed
            default: sx = width - 1 - y, sy = x; break;               // 8: a quarter anticlockwise
            }
            target[(size_t)y * target_row + (size_t)x] = source[(size_t)sy * source_row + (size_t)sx];
        }
    }
    turned.source_width = picture->source_width;
    turned.source_height = picture->source_height;
    vf_picture_free(picture);
    *picture = turned;
    return 1;
}
