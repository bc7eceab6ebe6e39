#ifndef VIEWFINDER_CSTARTUP_H
#define VIEWFINDER_CSTARTUP_H

// The zero-initialised data a command's start uses, made present in one call.
//
// Swift keeps its caches (type metadata, witness tables, lazy globals' once-tokens) in .bss, and
// reads each before it first writes it: the kernel maps the shared zero page on the read, and on
// the write copies it (a second fault) and, once other threads run, interrupts the other core to
// flush its TLB. A local search did that on 105 scattered pages. The release link lays the .bss
// a search writes out together, between two markers (scripts/start-up-order.sh lists them after
// the functions), and `vf_populate_start_up_data` faults that range in writable at once, before
// the command starts any thread.

#include <stddef.h>

/// Makes the pages between the markers present and writable (MADV_POPULATE_WRITE, Linux 5.14);
/// returns how many bytes it asked for, 0 when the markers do not bracket a range of at most
/// 1 MB (a build linked without the list) or the kernel refused. Call it before any thread starts.
size_t vf_populate_start_up_data(void);

#endif
