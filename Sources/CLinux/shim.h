#ifndef VIEWFINDER_CLINUX_SHIM_H
#define VIEWFINDER_CLINUX_SHIM_H

// Linux calls that Swift's Glibc module leaves out (they need _GNU_SOURCE, or are in malloc.h),
// declared as glibc declares them.
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <sys/types.h>

extern int sync_file_range(int __fd, __off64_t __offset, __off64_t __count, unsigned int __flags);
extern int pthread_setname_np(pthread_t __target_thread, const char *__name);
extern void *memmem(const void *__haystack, size_t __haystacklen, const void *__needle, size_t __needlelen);

/// Asks the kernel to start writing a file's dirty pages to disk, without waiting: an fsync
/// afterwards finds less to wait for. Returns 0, or -1 with errno set.
static inline int vf_start_writeback(int descriptor) {
    return sync_file_range(descriptor, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */);
}

/// Puts the calling thread in SCHED_IDLE, the lowest priority Linux has: a sliver of a busy
/// core, all of an idle one. Returns 0, or -1 with errno set.
static inline int vf_set_idle_priority(void) {
    struct sched_param parameters = {0};
    return sched_setscheduler(0 /* this thread */, 5 /* SCHED_IDLE */, &parameters);
}

#endif
