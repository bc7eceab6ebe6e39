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
    uintptr_t begin = (uintptr_t)&vf_start_up_data_begin & ~(page - 1);
    uintptr_t end = ((uintptr_t)&vf_start_up_data_end + page) & ~(page - 1);
    // Without the list the two lie side by side (a page or two), or anywhere: nothing to gain.
    if (end <= begin + page || end - begin > ((uintptr_t)1 << 20)) return 0;
    return madvise((void *)begin, end - begin, MADV_POPULATE_WRITE) == 0 ? end - begin : 0;
}
