// libyaml's event parser through dlopen: see CYAMLEvents.h.
#include "CYAMLEvents.h"

#include <CLibraryLoader.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <yaml.h>

static struct {
    __typeof__(yaml_parser_initialize) *parser_initialize;
    __typeof__(yaml_parser_set_input_string) *parser_set_input_string;
    __typeof__(yaml_parser_parse) *parser_parse;
    __typeof__(yaml_parser_delete) *parser_delete;
    __typeof__(yaml_event_delete) *event_delete;
} yaml;

static const vf_library_symbol symbols[] = {
    {"yaml_parser_initialize", (void **)&yaml.parser_initialize},
    {"yaml_parser_set_input_string", (void **)&yaml.parser_set_input_string},
    {"yaml_parser_parse", (void **)&yaml.parser_parse},
    {"yaml_parser_delete", (void **)&yaml.parser_delete},
    {"yaml_event_delete", (void **)&yaml.event_delete},
};

/// The library Debian's libyaml-0-2 installs, with the ABI `yaml.h` (libyaml-dev) describes.
/// RTLD_DEEPBIND: the library's own calls stay inside it, whatever copy of libyaml the
/// executable links (Yams compiles one in).
static vf_library library = VF_LIBRARY_WITH_FLAGS("libyaml-0.so.2", symbols, NULL, RTLD_DEEPBIND);

struct vf_yaml_events {
    yaml_parser_t parser;
    yaml_event_t event;
    int has_event;
};

vf_yaml_events *vf_yaml_open(const char *bytes, size_t count) {
    if (!vf_library_load(&library)) return NULL;
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
    vf_library_load(&library);
    return vf_library_error(&library);
}
