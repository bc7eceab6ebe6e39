// Loading a decoder's library with dlopen: see CodecLibrary.h.
#include "CodecLibrary.h"
#include "CImageCodecs.h"

#include <dlfcn.h>
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

int vf_codec_library_load(vf_codec_library *library, char *message, size_t message_size) {
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) {
        // Lazy binding, as for a linked library; local, so its symbols meet no other copy.
        void *handle = dlopen(library->file, RTLD_LAZY | RTLD_LOCAL);
        if (handle == NULL) {
            const char *reason = dlerror();
            snprintf(library->error, sizeof library->error, "%s", reason != NULL ? reason : library->file);
            library->state = -1;
        } else {
            library->state = 1;
            for (size_t index = 0; index < library->count; index++) {
                void *symbol = dlsym(handle, library->symbols[index].name);
                if (symbol == NULL) {
                    snprintf(library->error, sizeof library->error, "%s has no %s", library->file,
                             library->symbols[index].name);
                    library->state = -1;
                    break;
                }
                *library->symbols[index].slot = symbol;
            }
            if (library->state == 1 && library->set_up != NULL) library->set_up();
            // A library without all its functions is closed; a loaded one stays for the process.
            if (library->state == -1) dlclose(handle);
        }
    }
    int loaded = library->state == 1;
    if (!loaded) vf_codec_message(message, message_size, "%s", library->error);
    pthread_mutex_unlock(&library->lock);
    return loaded;
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
