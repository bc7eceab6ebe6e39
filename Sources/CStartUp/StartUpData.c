// The start-up data made present at once: see CStartUp.h.
#include "CStartUp.h"

#include <stdint.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

// The markers, each in a section of its own so that the link's ordering list can place them:
// the first name of its data part, and the last.
__attribute__((section(".bss.vf_start_up_data_begin"), used)) char vf_start_up_data_begin;
__attribute__((section(".bss.vf_start_up_data_end"), used)) char vf_start_up_data_end;

size_t vf_populate_start_up_data(void) {
    const uintptr_t page = 4096;
    uintptr_t first = (uintptr_t)&vf_start_up_data_begin, last = (uintptr_t)&vf_start_up_data_end;
    // Without the list the two lie side by side, or anywhere: nothing to gain. (`make
    // release-check` holds a release build to the same bounds.)
    if (last <= first + page || last - first > ((uintptr_t)1 << 20)) return 0;
    uintptr_t begin = first & ~(page - 1);
    uintptr_t end = (last + page) & ~(page - 1);
    return madvise((void *)begin, end - begin, MADV_POPULATE_WRITE) == 0 ? end - begin : 0;
}
