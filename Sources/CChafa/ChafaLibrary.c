// chafa through dlopen: see CChafa.h.
#include "CChafa.h"

#include <CLibraryLoader.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// chafa 1.12's API, as its headers declare it (GLib's gint is int, gfloat float, gboolean int).
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaSymbolMap ChafaSymbolMap;
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} GString;

/// ChafaTermSeq values used here (chafa-term-seq-def.h's order, fixed by chafa's ABI).
enum {
    SEQ_SET_COLOR_FGBG_DIRECT = 33,
    SEQ_SET_COLOR_FGBG_256 = 36,
    SEQ_SET_COLOR_FGBG_16 = 39,
    SEQ_BEGIN_SIXELS = 40,
    SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1 = 43,
    SEQ_BEGIN_ITERM2_IMAGE = 47,
};
/// CHAFA_PIXEL_RGBA8_UNASSOCIATED.
enum { PIXEL_RGBA8_UNASSOCIATED = 4 };

static struct {
    ChafaTermDb *(*term_db_get_default)(void);
    ChafaTermInfo *(*term_db_detect)(ChafaTermDb *, char **);
    ChafaTermInfo *(*term_db_get_fallback_info)(ChafaTermDb *);
    int (*term_info_have_seq)(const ChafaTermInfo *, int);
    void (*term_info_supplement)(ChafaTermInfo *, ChafaTermInfo *);
    void (*term_info_unref)(ChafaTermInfo *);
    void (*calc_canvas_geometry)(int, int, int *, int *, float, int, int);
    ChafaCanvasConfig *(*config_new)(void);
    void (*config_unref)(ChafaCanvasConfig *);
    void (*config_set_geometry)(ChafaCanvasConfig *, int, int);
    void (*config_set_cell_geometry)(ChafaCanvasConfig *, int, int);
    void (*config_set_pixel_mode)(ChafaCanvasConfig *, int);
    void (*config_set_canvas_mode)(ChafaCanvasConfig *, int);
    void (*config_set_preprocessing_enabled)(ChafaCanvasConfig *, int);
    void (*config_set_work_factor)(ChafaCanvasConfig *, float);
    void (*config_set_transparency_threshold)(ChafaCanvasConfig *, float);
    void (*config_set_symbol_map)(ChafaCanvasConfig *, const ChafaSymbolMap *);
    ChafaSymbolMap *(*symbol_map_new)(void);
    void (*symbol_map_unref)(ChafaSymbolMap *);
    int (*symbol_map_apply_selectors)(ChafaSymbolMap *, const char *, void **);
    ChafaCanvas *(*canvas_new)(const ChafaCanvasConfig *);
    void (*canvas_unref)(ChafaCanvas *);
    void (*canvas_draw_all_pixels)(ChafaCanvas *, int, const uint8_t *, int, int, int);
    GString *(*canvas_print)(ChafaCanvas *, ChafaTermInfo *);
    char *(*string_free)(GString *, int);  // GLib's g_string_free, found through chafa's handle
} chafa;

static const vf_library_symbol symbols[] = {
    {"chafa_term_db_get_default", (void **)&chafa.term_db_get_default},
    {"chafa_term_db_detect", (void **)&chafa.term_db_detect},
    {"chafa_term_db_get_fallback_info", (void **)&chafa.term_db_get_fallback_info},
    {"chafa_term_info_have_seq", (void **)&chafa.term_info_have_seq},
    {"chafa_term_info_supplement", (void **)&chafa.term_info_supplement},
    {"chafa_term_info_unref", (void **)&chafa.term_info_unref},
    {"chafa_calc_canvas_geometry", (void **)&chafa.calc_canvas_geometry},
    {"chafa_canvas_config_new", (void **)&chafa.config_new},
    {"chafa_canvas_config_unref", (void **)&chafa.config_unref},
    {"chafa_canvas_config_set_geometry", (void **)&chafa.config_set_geometry},
    {"chafa_canvas_config_set_cell_geometry", (void **)&chafa.config_set_cell_geometry},
    {"chafa_canvas_config_set_pixel_mode", (void **)&chafa.config_set_pixel_mode},
    {"chafa_canvas_config_set_canvas_mode", (void **)&chafa.config_set_canvas_mode},
    {"chafa_canvas_config_set_preprocessing_enabled", (void **)&chafa.config_set_preprocessing_enabled},
    {"chafa_canvas_config_set_work_factor", (void **)&chafa.config_set_work_factor},
    {"chafa_canvas_config_set_transparency_threshold", (void **)&chafa.config_set_transparency_threshold},
    {"chafa_canvas_config_set_symbol_map", (void **)&chafa.config_set_symbol_map},
    {"chafa_symbol_map_new", (void **)&chafa.symbol_map_new},
    {"chafa_symbol_map_unref", (void **)&chafa.symbol_map_unref},
    {"chafa_symbol_map_apply_selectors", (void **)&chafa.symbol_map_apply_selectors},
    {"chafa_canvas_new", (void **)&chafa.canvas_new},
    {"chafa_canvas_unref", (void **)&chafa.canvas_unref},
    {"chafa_canvas_draw_all_pixels", (void **)&chafa.canvas_draw_all_pixels},
    {"chafa_canvas_print", (void **)&chafa.canvas_print},
    {"g_string_free", (void **)&chafa.string_free},
};

static vf_library library = VF_LIBRARY("libchafa.so.0", symbols, NULL);

#define LOADED() vf_library_is_loaded(&library)

int vf_chafa_load(void) { return vf_library_load(&library); }

const char *vf_chafa_load_error(void) { return vf_library_error(&library); }

int vf_chafa_detect(char *const *environment, vf_chafa_pixel_mode *pixel_mode, vf_chafa_canvas_mode *canvas_mode) {
    if (!LOADED()) return 0;
    ChafaTermInfo *info = chafa.term_db_detect(chafa.term_db_get_default(), (char **)environment);
    if (info == NULL) return 0;
    if (chafa.term_info_have_seq(info, SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1)) *pixel_mode = VF_CHAFA_KITTY;
    else if (chafa.term_info_have_seq(info, SEQ_BEGIN_ITERM2_IMAGE)) *pixel_mode = VF_CHAFA_ITERM2;
    else if (chafa.term_info_have_seq(info, SEQ_BEGIN_SIXELS)) *pixel_mode = VF_CHAFA_SIXELS;
    else *pixel_mode = VF_CHAFA_SYMBOLS;
    if (chafa.term_info_have_seq(info, SEQ_SET_COLOR_FGBG_DIRECT)) *canvas_mode = VF_CHAFA_TRUECOLOR;
    else if (chafa.term_info_have_seq(info, SEQ_SET_COLOR_FGBG_256)) *canvas_mode = VF_CHAFA_INDEXED_240;
    else if (chafa.term_info_have_seq(info, SEQ_SET_COLOR_FGBG_16)) *canvas_mode = VF_CHAFA_INDEXED_16;
    else *canvas_mode = VF_CHAFA_FGBG;
    chafa.term_info_unref(info);
    return 1;
}

char *vf_chafa_draw(const uint8_t *pixels, int width, int height, int stride, const vf_chafa_options *options,
                    char *const *environment, size_t *length, int *used_columns, int *used_rows) {
    if (!LOADED() || width <= 0 || height <= 0 || options->columns <= 0 || options->rows <= 0 ||
        options->cell_width <= 0 || options->cell_height <= 0)
        return NULL;
    ChafaTermDb *database = chafa.term_db_get_default();
    ChafaTermInfo *info = chafa.term_db_detect(database, (char **)environment);
    ChafaTermInfo *fallback = chafa.term_db_get_fallback_info(database);
    if (info == NULL || fallback == NULL) {
        if (info != NULL) chafa.term_info_unref(info);
        if (fallback != NULL) chafa.term_info_unref(fallback);
        return NULL;
    }
    chafa.term_info_supplement(info, fallback);
    chafa.term_info_unref(fallback);

    // As the chafa command does with its defaults (work 5 of 9, preprocessing only for 16
    // colours or fewer, transparency from half, its default symbols: without inverted ones when
    // colours can be swapped instead), so that both draw the same pixels alike.
    int columns = options->columns, rows = options->rows;
    chafa.calc_canvas_geometry(width, height, &columns, &rows,
                               (float)options->cell_width / (float)options->cell_height, 0, 0);
    ChafaCanvasConfig *config = chafa.config_new();
    ChafaSymbolMap *symbol_map = chafa.symbol_map_new();
    int monochrome = options->canvas_mode == VF_CHAFA_FGBG;
    chafa.symbol_map_apply_selectors(
        symbol_map, monochrome ? "block+border+space-wide" : "block+border+space-wide-inverted", NULL);
    chafa.config_set_symbol_map(config, symbol_map);
    chafa.config_set_geometry(config, columns, rows);
    chafa.config_set_cell_geometry(config, options->cell_width, options->cell_height);
    chafa.config_set_pixel_mode(config, options->pixel_mode);
    chafa.config_set_canvas_mode(config, options->canvas_mode);
    chafa.config_set_preprocessing_enabled(config, monochrome || options->canvas_mode == VF_CHAFA_INDEXED_16);
    chafa.config_set_work_factor(config, 0.5f);
    chafa.config_set_transparency_threshold(config, 0.5f);
    ChafaCanvas *canvas = chafa.canvas_new(config);
    char *result = NULL;
    if (canvas != NULL) {
        chafa.canvas_draw_all_pixels(canvas, PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, stride);
        GString *printed = chafa.canvas_print(canvas, info);
        if (printed != NULL) {
            result = malloc(printed->len > 0 ? printed->len : 1);
            if (result != NULL) {
                memcpy(result, printed->str, printed->len);
                *length = printed->len;
                *used_columns = columns;
                *used_rows = rows;
            }
            chafa.string_free(printed, 1);
        }
        chafa.canvas_unref(canvas);
    }
    chafa.symbol_map_unref(symbol_map);
    chafa.config_unref(config);
    chafa.term_info_unref(info);
    return result;
}
