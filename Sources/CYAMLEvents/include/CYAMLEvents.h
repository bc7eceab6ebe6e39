#ifndef VIEWFINDER_CYAMLEVENTS_H
#define VIEWFINDER_CYAMLEVENTS_H

// libyaml's event parser (Debian's libyaml-0-2, loaded with dlopen), for checking a
// configuration's shape before a node tree is built from it: the events show an alias as an
// alias, before anything is expanded. Yams bundles libyaml too, but only as a module internal
// to it; this header keeps libyaml's own types out of Swift, so the two never meet.

#include <stddef.h>

/// What one event is.
typedef enum {
    VF_YAML_OTHER = 0,
    VF_YAML_END,
    VF_YAML_ALIAS,
    VF_YAML_SCALAR,
    VF_YAML_SEQUENCE_START,
    VF_YAML_SEQUENCE_END,
    VF_YAML_MAPPING_START,
    VF_YAML_MAPPING_END,
} vf_yaml_event_kind;

/// One event: its kind, where it starts (counted from 0), and a scalar's text (valid until the
/// next call of `vf_yaml_next`).
typedef struct {
    vf_yaml_event_kind kind;
    size_t line;
    size_t column;
    const char *text;
    size_t length;
} vf_yaml_event;

/// A parse of one text, event by event.
typedef struct vf_yaml_events vf_yaml_events;

/// Starts parsing `count` bytes at `bytes` (which must stay valid until closed); NULL when
/// libyaml cannot be loaded (`vf_yaml_load_error` says why) or memory runs out.
vf_yaml_events *vf_yaml_open(const char *bytes, size_t count);

/// The next event into `event`: 1 when there is one, 0 when the text is not valid YAML.
int vf_yaml_next(vf_yaml_events *events, vf_yaml_event *event);

/// Ends the parse and frees it.
void vf_yaml_close(vf_yaml_events *events);

/// Why libyaml could not be loaded (the dynamic loader's words), or NULL.
const char *vf_yaml_load_error(void);

#endif
