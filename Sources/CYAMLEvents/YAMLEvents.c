// libyaml's event parser through dlopen: see CYAMLEvents.h.
#include "CYAMLEvents.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

/// The library Debian's libyaml-0-2 installs, with the ABI `yaml.h` (libyaml-dev) describes.
static const char *const library_name = "libyaml-0.so.2";

static struct {
    __typeof__(yaml_parser_initialize) *parser_initialize;
    __typeof__(yaml_parser_set_input_string) *parser_set_input_string;
    __typeof__(yaml_parser_parse) *parser_parse;
    __typeof__(yaml_parser_delete) *parser_delete;
    __typeof__(yaml_event_delete) *event_delete;
} yaml;

static int loaded;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // RTLD_DEEPBIND: the library's own calls stay inside it, whatever copy of libyaml the
    // executable links (Yams compiles one in).
    void *library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : library_name);
        return;
    }
    yaml.parser_initialize = dlsym(library, "yaml_parser_initialize");
    yaml.parser_set_input_string = dlsym(library, "yaml_parser_set_input_string");
    yaml.parser_parse = dlsym(library, "yaml_parser_parse");
    yaml.parser_delete = dlsym(library, "yaml_parser_delete");
    yaml.event_delete = dlsym(library, "yaml_event_delete");
    if (!yaml.parser_initialize || !yaml.parser_set_input_string || !yaml.parser_parse || !yaml.parser_delete
        || !yaml.event_delete) {
        snprintf(load_error, sizeof load_error, "%s lacks the event parser's functions", library_name);
        return;
    }
    loaded = 1;
}

struct vf_yaml_events {
    yaml_parser_t parser;
    yaml_event_t event;
    int has_event;
};

vf_yaml_events *vf_yaml_open(const char *bytes, size_t count) {
    pthread_once(&load_once, load);
    if (!loaded) return NULL;
    vf_yaml_events *events = calloc(1, sizeof *events);
    if (events == NULL) return NULL;
    if (!yaml.parser_initialize(&events->parser)) {
        free(events);
        return NULL;
    }
    yaml.parser_set_input_string(&events->parser, (const unsigned char *)bytes, count);
    return events;
}

static vf_yaml_event_kind kind_of(yaml_event_type_t type) {
    switch (type) {
    case YAML_STREAM_END_EVENT: return VF_YAML_END;
    case YAML_ALIAS_EVENT: return VF_YAML_ALIAS;
    case YAML_SCALAR_EVENT: return VF_YAML_SCALAR;
    case YAML_SEQUENCE_START_EVENT: return VF_YAML_SEQUENCE_START;
    case YAML_SEQUENCE_END_EVENT: return VF_YAML_SEQUENCE_END;
    case YAML_MAPPING_START_EVENT: return VF_YAML_MAPPING_START;
    case YAML_MAPPING_END_EVENT: return VF_YAML_MAPPING_END;
    default: return VF_YAML_OTHER;
    }
}

int vf_yaml_next(vf_yaml_events *events, vf_yaml_event *event) {
    if (events->has_event) {
        yaml.event_delete(&events->event);
        events->has_event = 0;
    }
    if (!yaml.parser_parse(&events->parser, &events->event)) return 0;
    events->has_event = 1;
    event->kind = kind_of(events->event.type);
    event->line = events->event.start_mark.line;
    event->column = events->event.start_mark.column;
    if (events->event.type == YAML_SCALAR_EVENT) {
        event->text = (const char *)events->event.data.scalar.value;
        event->length = events->event.data.scalar.length;
    } else {
        event->text = NULL;
        event->length = 0;
    }
    return 1;
}

void vf_yaml_close(vf_yaml_events *events) {
    if (events == NULL) return;
    if (events->has_event) yaml.event_delete(&events->event);
    yaml.parser_delete(&events->parser);
    free(events);
}

const char *vf_yaml_load_error(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}
