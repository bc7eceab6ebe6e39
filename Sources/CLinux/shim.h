#ifndef VIEWFINDER_CLINUX_SHIM_H
#define VIEWFINDER_CLINUX_SHIM_H

// Linux calls that Swift's Glibc module leaves out (they need _GNU_SOURCE, or are in malloc.h),
// declared as glibc declares them.
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

extern int sync_file_range(int __fd, __off64_t __offset, __off64_t __count, unsigned int __flags);
extern int pthread_setname_np(pthread_t __target_thread, const char *__name);
extern void *memmem(const void *__haystack, size_t __haystacklen, const void *__needle, size_t __needlelen);

/// Asks the kernel to start writing a file's dirty pages to disk, without waiting: an fsync
/// afterwards finds less to wait for. Returns 0, or -1 with errno set.
static inline int vf_start_writeback(int descriptor) {
    return sync_file_range(descriptor, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */);
}

/// A descriptor that wakes a poll when written to (an eventfd counter, non-blocking): cheaper
/// than a socket pair. Returns -1 with errno set when none can be made.
static inline int vf_wakeup_descriptor(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

/// Opens a new file in `folder` that has no name (O_TMPFILE): it gets one from
/// vf_link_descriptor, and vanishes when closed unnamed, also when the process is killed.
/// Returns the descriptor, or -1 with errno set (EOPNOTSUPP or EISDIR where the file system
/// has no such files).
static inline int vf_open_unnamed(const char *folder, unsigned int mode) {
    return open(folder, 020000000 /* __O_TMPFILE */ | O_DIRECTORY | O_WRONLY | O_CLOEXEC, mode);
}

/// Gives the open file `descriptor` the name `target` (through /proc/self/fd), never replacing
/// a file there. Returns 0, or -1 with errno set (EEXIST when the name is taken).
static inline int vf_link_descriptor(int descriptor, const char *target) {
    char path[32];
    snprintf(path, sizeof path, "/proc/self/fd/%d", descriptor);
    return linkat(AT_FDCWD, path, AT_FDCWD, target, AT_SYMLINK_FOLLOW);
}

/// Puts the calling thread in SCHED_IDLE, the lowest priority Linux has: a sliver of a busy
/// core, all of an idle one. Returns 0, or -1 with errno set.
static inline int vf_set_idle_priority(void) {
    struct sched_param parameters = {0};
    return sched_setscheduler(0 /* this thread */, 5 /* SCHED_IDLE */, &parameters);
}

/// The processors the calling thread may run on (its affinity mask, which `taskset` and
/// cgroup cpusets narrow), at least 1: the count a pool of worker threads should match. The
/// system call itself, as glibc's sched_getaffinity and CPU_COUNT need _GNU_SOURCE.
static inline int vf_available_processors(void) {
    unsigned long mask[16] = {0};  /* 1,024 processors */
    long copied = syscall(SYS_sched_getaffinity, 0, sizeof mask, mask);
    if (copied <= 0) {
        long online = sysconf(_SC_NPROCESSORS_ONLN);
        return online > 0 ? (int)online : 1;
    }
    int count = 0;
    for (long word = 0; word < copied / (long)sizeof mask[0]; word++) count += __builtin_popcountl(mask[word]);
    return count > 0 ? count : 1;
}

#endif
