/* Reads each file named with LibRaw (libraw_open_file: headers and metadata, no decoding) and
 * prints one JSON object per line: make, model, date taken (LibRaw gives a time_t read as local
 * time, without the offset), orientation (LibRaw's flip, mapped to EXIF's), size (LibRaw's
 * output size, turned for a quarter turn) and GPS. For Benchmarks/libraw-compare.sh only:
 * LibRaw (LGPL-2.1/CDDL) is never linked into Viewfinder. Build: cc -O2 libraw-read.c -lraw. */
#include <libraw/libraw.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static void text(const char *name, const char *value) {
    printf("\"%s\":", name);
    if (!value || !*value) { printf("null,"); return; }
    putchar('"');
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\') putchar('\\');
        if ((unsigned char)*c >= 0x20) putchar(*c);
    }
    printf("\",");
}

static double degrees(const float value[3]) { return value[0] + value[1] / 60.0 + value[2] / 3600.0; }

int main(int argc, char **argv) {
    libraw_data_t *raw = libraw_init(0);
    for (int i = 1; i < argc; i++) {
        printf("{");
        text("path", argv[i]);
        int status = libraw_open_file(raw, argv[i]);
        if (status != LIBRAW_SUCCESS) {
            text("error", libraw_strerror(status));
            printf("\"ok\":false}\n");
            libraw_recycle(raw);
            continue;
        }
        text("make", raw->idata.make);
        text("model", raw->idata.model);
        char date[32] = "";
        time_t stamp = raw->other.timestamp;
        if (stamp) strftime(date, sizeof date, "%Y:%m:%d %H:%M:%S", localtime(&stamp));
        text("date", date);
        int flip = raw->sizes.flip;  /* 0 none, 3 180°, 5 90° CCW, 6 90° CW */
        int orientation = flip == 3 ? 3 : flip == 5 ? 8 : flip == 6 ? 6 : 1;
        int width = raw->sizes.width, height = raw->sizes.height;
        if (flip == 5 || flip == 6) { int t = width; width = height; height = t; }
        printf("\"orientation\":%d,\"width\":%d,\"height\":%d,", orientation, width, height);
        if (raw->other.parsed_gps.gpsparsed) {
            double lat = degrees(raw->other.parsed_gps.latitude), lon = degrees(raw->other.parsed_gps.longitude);
            if (raw->other.parsed_gps.latref == 'S') lat = -lat;
            if (raw->other.parsed_gps.longref == 'W') lon = -lon;
            printf("\"latitude\":%.7f,\"longitude\":%.7f,", lat, lon);
        }
        printf("\"ok\":true}\n");
        libraw_recycle(raw);
    }
    libraw_close(raw);
    return 0;
}
