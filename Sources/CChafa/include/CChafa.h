#ifndef VIEWFINDER_CCHAFA_H
#define VIEWFINDER_CCHAFA_H

// chafa (libchafa.so.0, LGPL-3), loaded with dlopen when a picture is first drawn: it turns RGBA
// pixels into what a terminal draws (kitty graphics, iTerm2 inline images, sixels, or Unicode
// block symbols in colour) and knows from the environment which of these a terminal speaks. Being
// LGPL, it is only ever loaded from the system, never linked in; loaded late, it (and GLib under
// it) costs nothing to a command that never draws.
//
// Its API is declared inside the shim's source, from chafa 1.12's headers, so that no GLib header
// is needed to build; Swift sees only the functions below.

#include <stddef.h>
#include <stdint.h>

/// How pictures are drawn (chafa's ChafaPixelMode).
typedef enum {
    VF_CHAFA_SYMBOLS = 0,
    VF_CHAFA_SIXELS = 1,
    VF_CHAFA_KITTY = 2,
    VF_CHAFA_ITERM2 = 3,
} vf_chafa_pixel_mode;

/// Which colours symbols are drawn in (chafa's ChafaCanvasMode).
typedef enum {
    VF_CHAFA_TRUECOLOR = 0,
    VF_CHAFA_INDEXED_240 = 2,
    VF_CHAFA_INDEXED_16 = 3,
    /// No colour at all: the terminal's own foreground and background (NO_COLOR, dumb terminals).
    VF_CHAFA_FGBG = 5,
} vf_chafa_canvas_mode;

/// What to draw: the mode, colours, the box in cells the picture is fitted into (aspect kept),
/// and one cell's size in pixels.
typedef struct {
    vf_chafa_pixel_mode pixel_mode;
    vf_chafa_canvas_mode canvas_mode;
    int columns;
    int rows;
    int cell_width;
    int cell_height;
} vf_chafa_options;

/// Loads chafa once (later calls return the first outcome); blocks the calling thread while it
/// loads. 1 when it can be used, 0 when not (`vf_chafa_load_error` says why).
int vf_chafa_load(void);

/// Why chafa could not be loaded (the dynamic loader's words), or NULL.
const char *vf_chafa_load_error(void);

/// What chafa's terminal database finds for the environment `environment` (NULL-terminated
/// "NAME=value" strings): the best picture protocol (kitty, then iTerm2, then sixels, else
/// symbols) and the most colours symbols can use. 0 when chafa is not loaded.
int vf_chafa_detect(char *const *environment, vf_chafa_pixel_mode *pixel_mode, vf_chafa_canvas_mode *canvas_mode);

/// The terminal bytes drawing `width` × `height` RGBA pixels (rows of `stride` bytes, alpha not
/// premultiplied) as `options` say, for the terminal `environment` describes; the sequences a
/// forced protocol needs and the terminal's entry lacks come from chafa's fallback entry. The
/// result is from malloc (the caller frees it), `*length` bytes, with the cells it covers in
/// `*used_columns` × `*used_rows`; NULL when chafa is not loaded or memory runs out.
char *vf_chafa_draw(const uint8_t *pixels, int width, int height, int stride, const vf_chafa_options *options,
                    char *const *environment, size_t *length, int *used_columns, int *used_rows);

#endif
