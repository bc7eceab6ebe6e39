// The plugin supervisor; see CPluginSupervisor.h.
#define _GNU_SOURCE
#include "CPluginSupervisor.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char mode_name[] = "viewfinder-plugin-supervisor";

/// The descriptor the supervisor reports the plugin's start on.
enum { report_descriptor = 3 };

const char *vf_supervisor_mode(void) { return mode_name; }

/// Writes `code` on the report pipe and closes it.
static void report(int code) {
    ssize_t written;
    do {
        written = write(report_descriptor, &code, sizeof code);
    } while (written < 0 && errno == EINTR);
    close(report_descriptor);
}

/// Runs `argv[0]` like posix_spawnp: a name without `/` is looked for in `search` (Viewfinder's
/// PATH, not the plugin's); returns only on failure, with errno set.
static void run(const char *search, char *const argv[], char *const envp[]) {
    const char *file = argv[0];
    if (strchr(file, '/') != NULL) {
        execve(file, argv, envp);
        return;
    }
    if (*file == '\0') {
        errno = ENOENT;
        return;
    }
    int denied = 0;
    size_t file_length = strlen(file);
    const char *folder = search;
    for (;;) {
        const char *end = strchrnul(folder, ':');
        size_t length = (size_t)(end - folder);
        char path[PATH_MAX];
        if (length == 0) {
            path[0] = '.';
            length = 1;
        } else if (length < sizeof path) {
            memcpy(path, folder, length);
        }
        if (length + 1 + file_length < sizeof path) {
            path[length] = '/';
            memcpy(path + length + 1, file, file_length + 1);
            execve(path, argv, envp);
            if (errno == EACCES) denied = 1;
            else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ENODEV && errno != ETIMEDOUT)
                return;
        }
        if (*end == '\0') break;
        folder = end + 1;
    }
    errno = denied ? EACCES : ENOENT;
}

/// The parent pid field of /proc/<name>/stat, or -1.
static pid_t parent_of(const char *name) {
    char path[64], text[512];
    if (strlen(name) > 32) return -1;
    strcpy(path, "/proc/");
    strcat(path, name);
    strcat(path, "/stat");
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    ssize_t count = read(descriptor, text, sizeof text - 1);
    close(descriptor);
    if (count <= 0) return -1;
    text[count] = '\0';
    // "pid (name) state ppid …": the name may hold spaces and parentheses, so from the last ')'.
    char *close_paren = strrchr(text, ')');
    if (close_paren == NULL || close_paren[1] != ' ' || close_paren[2] == '\0' || close_paren[3] != ' ') return -1;
    return (pid_t)strtol(close_paren + 4, NULL, 10);
}

/// Whether the process `name` (a /proc entry) descends from `ancestor`: its parent chain,
/// followed through /proc for at most 64 steps, reaches it.
static int descends_from(const char *name, pid_t ancestor) {
    char current[32];
    if (strlen(name) >= sizeof current) return 0;
    strcpy(current, name);
    for (int step = 0; step < 64; step++) {
        pid_t parent = parent_of(current);
        if (parent <= 1) return 0;
        if (parent == ancestor) return 1;
        snprintf(current, sizeof current, "%d", (int)parent);
    }
    return 0;
}

/// Sends SIGKILL to every living process below this one, children and their descendants alike
/// (found in /proc: the kernel's own children list needs CONFIG_PROC_CHILDREN). A descendant
/// still under a living parent would come to us only when that parent dies, perhaps after we
/// had ended; killing them all at once leaves none to escape to init. Returns how many.
static int kill_descendants(void) {
    pid_t self = getpid();
    int count = 0;
    DIR *proc = opendir("/proc");
    if (proc == NULL) return 0;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
        if (!descends_from(entry->d_name, self)) continue;
        kill((pid_t)strtol(entry->d_name, NULL, 10), SIGKILL);
        count += 1;
    }
    closedir(proc);
    return count;
}

/// Kills the plugin's group and everything left below the supervisor, reaps it all, and ends as
/// the plugin ended (its status from `status`, or from its reaping here).
static void finish(pid_t plugin, int known, int status) __attribute__((noreturn));
static void finish(pid_t plugin, int known, int status) {
    kill(-getpid(), SIGKILL);  // the plugin's group: its id is our pid, which nothing can reuse
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);
    // Until nothing is left below us: a killed process's children come to us (we are their
    // subreaper) and are reaped here. Bounded (3 s), for a process the kernel cannot end.
    for (int round = 0; round < 300; round++) {
        int left = kill_descendants();
        int reaped = 0;
        for (;;) {
            int child_status;
            pid_t pid = waitpid(-1, &child_status, WNOHANG);
            if (pid > 0) {
                if (pid == plugin) {
                    status = child_status;
                    known = 1;
                }
                reaped = 1;
                continue;
            }
            if (pid < 0 && errno == ECHILD && left == 0) goto done;
            break;
        }
        if (!reaped) {
            struct timespec pause = {0, 10 * 1000 * 1000};
            sigtimedwait(&children, NULL, &pause);
        }
    }
done:
    if (!known) _exit(127);
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    // Ends by the same signal, so Viewfinder reads the plugin's own ending; no core file.
    int signal_number = WTERMSIG(status);
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    signal(signal_number, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

/// Closes every descriptor from `first` up: the plugin gets its three streams and nothing else
/// Viewfinder holds or inherited (a test harness's pipe, a shell's `3>file`).
static void close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
    long most = sysconf(_SC_OPEN_MAX);
    if (most < 0 || most > 65536) most = 65536;
    for (int descriptor = first; descriptor < most; descriptor++) close(descriptor);
}

/// Reads the plugin's command from the report socket up to Viewfinder's end of writing: the
/// search path, then the program and its arguments, each ended by a NUL byte. Fills `argv`
/// (malloc'd, NULL-terminated) and returns the search path, or NULL with errno set.
static char *read_command(char ***argv) {
    size_t size = 0, capacity = 4096;
    char *text = malloc(capacity);
    if (text == NULL) return NULL;
    for (;;) {
        if (size == capacity) {
            if (capacity >= ((size_t)64 << 20)) {  // far past what exec takes
                errno = E2BIG;
                return NULL;
            }
            capacity *= 2;
            char *larger = realloc(text, capacity);
            if (larger == NULL) return NULL;
            text = larger;
        }
        ssize_t got = read(report_descriptor, text + size, capacity - size);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return NULL;
        if (got == 0) break;
        size += (size_t)got;
    }
    size_t parts = 0;
    for (size_t index = 0; index < size; index++) parts += text[index] == '\0';
    if (size == 0 || text[size - 1] != '\0' || parts < 2) {  // a search path and a program at least
        errno = EINVAL;
        return NULL;
    }
    *argv = calloc(parts, sizeof(char *));  // parts - 1 arguments and the NULL
    if (*argv == NULL) return NULL;
    char *part = text + strlen(text) + 1;
    for (size_t index = 0; index + 1 < parts; index++) {
        (*argv)[index] = part;
        part += strlen(part) + 1;
    }
    return text;
}

static void supervise(const char *parent, char **envp) __attribute__((noreturn));
static void supervise(const char *parent, char **envp) {
    if (fcntl(report_descriptor, F_SETFD, FD_CLOEXEC) != 0) _exit(127);  // not started by Viewfinder
    close_from(report_descriptor + 1);
    pid_t expected_parent = (pid_t)strtol(parent, NULL, 10);

    // Signals are taken one at a time with sigwaitinfo; Ctrl-C and job control are Viewfinder's.
    sigset_t watched, previous;
    sigemptyset(&watched);
    sigaddset(&watched, SIGTERM);
    sigaddset(&watched, SIGHUP);
    sigaddset(&watched, SIGCHLD);
    sigprocmask(SIG_BLOCK, &watched, &previous);
    int ignored[] = {SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE};
    for (size_t index = 0; index < sizeof ignored / sizeof ignored[0]; index++) signal(ignored[index], SIG_IGN);

    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != expected_parent) _exit(127);  // Viewfinder died before the request took hold
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {
        report(errno);
        _exit(127);
    }

    char **plugin_argv = NULL;
    char *search = read_command(&plugin_argv);
    if (search == NULL) {
        report(errno);
        _exit(127);
    }

    pid_t self = getpid();
    pid_t viewfinder_group = getpgrp();
    setpgid(0, 0);  // the plugin's group, whose id is our pid
    int started[2];
    if (pipe2(started, O_CLOEXEC) != 0) {
        report(errno);
        _exit(127);
    }
    pid_t plugin = fork();
    if (plugin < 0) {
        report(errno);
        _exit(127);
    }
    if (plugin == 0) {
        close(started[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // the plugin itself goes if the supervisor is killed
        if (getppid() != self) _exit(127);
        for (size_t index = 0; index < sizeof ignored / sizeof ignored[0]; index++) signal(ignored[index], SIG_DFL);
        sigprocmask(SIG_SETMASK, &previous, NULL);
        run(search, plugin_argv, envp);
        int code = errno;
        ssize_t written;
        do {
            written = write(started[1], &code, sizeof code);
        } while (written < 0 && errno == EINTR);
        _exit(127);
    }
    close(started[1]);
    int code = 0;
    ssize_t got;
    do {
        got = read(started[0], &code, sizeof code);
    } while (got < 0 && errno == EINTR);
    close(started[0]);
    if (got == (ssize_t)sizeof code) {  // the plugin could not be started
        waitpid(plugin, NULL, 0);
        report(code);
        _exit(127);
    }
    // Out of the plugin's group: Viewfinder kills that group at once, and we stay to clean up.
    setpgid(0, viewfinder_group);
    report(0);
    int null_device = open("/dev/null", O_RDWR | O_CLOEXEC);
    for (int descriptor = 0; descriptor < 3; descriptor++) {  // the plugin's streams are its own
        if (null_device >= 0) dup2(null_device, descriptor);
        else close(descriptor);
    }
    if (null_device > 2) close(null_device);

    for (;;) {
        siginfo_t info;
        int signal_number = sigwaitinfo(&watched, &info);
        if (signal_number < 0) continue;
        if (signal_number != SIGCHLD) finish(plugin, 0, 0);  // Viewfinder died, or asks us to stop
        for (;;) {  // the plugin, or orphans that came to us and exited
            siginfo_t child;
            memset(&child, 0, sizeof child);
            if (waitid(P_ALL, 0, &child, WEXITED | WNOHANG | WNOWAIT) != 0 || child.si_pid == 0) break;
            if (child.si_pid == plugin) finish(plugin, 0, 0);
            waitpid(child.si_pid, NULL, 0);
        }
    }
}

/// Runs before main (and before the Swift runtime's own set-up) in every binary linking this.
__attribute__((constructor(101))) static void vf_supervisor_check(int argc, char **argv, char **envp) {
    if (argc == 2 && argv != NULL && argv[0] != NULL && strcmp(argv[0], mode_name) == 0) supervise(argv[1], envp);
}
