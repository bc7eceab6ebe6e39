// ncursesw through dlopen: see CCurses.h.
#define _XOPEN_SOURCE_EXTENDED 1
#define _GNU_SOURCE 1
#include "CCurses.h"

#include <CLibraryLoader.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static struct {
    __typeof__(newterm) *newterm_fn;
    __typeof__(endwin) *endwin_fn;
    __typeof__(cbreak) *cbreak_fn;
    __typeof__(noecho) *noecho_fn;
    __typeof__(nonl) *nonl_fn;
    __typeof__(keypad) *keypad_fn;
    __typeof__(nodelay) *nodelay_fn;
    __typeof__(idlok) *idlok_fn;
    __typeof__(idcok) *idcok_fn;
    __typeof__(curs_set) *curs_set_fn;
    __typeof__(set_escdelay) *set_escdelay_fn;
    __typeof__(has_colors) *has_colors_fn;
    __typeof__(start_color) *start_color_fn;
    __typeof__(use_default_colors) *use_default_colors_fn;
    __typeof__(init_pair) *init_pair_fn;
    __typeof__(getmaxy) *getmaxy_fn;
    __typeof__(getmaxx) *getmaxx_fn;
    __typeof__(resizeterm) *resizeterm_fn;
    __typeof__(werase) *werase_fn;
    __typeof__(wmove) *wmove_fn;
    __typeof__(waddnwstr) *waddnwstr_fn;
    __typeof__(wattr_set) *wattr_set_fn;
    __typeof__(wnoutrefresh) *wnoutrefresh_fn;
    __typeof__(doupdate) *doupdate_fn;
    __typeof__(clearok) *clearok_fn;
    __typeof__(wget_wch) *wget_wch_fn;
    __typeof__(tigetstr) *tigetstr_fn;
    __typeof__(reset_prog_mode) *reset_prog_mode_fn;
    WINDOW **stdscr;
} nc;

static SCREEN *screen;
static int colors;
static struct sigaction previous_actions[NSIG];
static volatile sig_atomic_t restoring;

/// What the crash handler writes and sets back: copied when the screen starts.
static struct termios saved_modes;
static int have_saved_modes;
static char exit_sequence[256];
static size_t exit_sequence_length;

static const vf_library_symbol symbols[] = {
    {"newterm", (void **)&nc.newterm_fn},
    {"endwin", (void **)&nc.endwin_fn},
    {"cbreak", (void **)&nc.cbreak_fn},
    {"noecho", (void **)&nc.noecho_fn},
    {"nonl", (void **)&nc.nonl_fn},
    {"keypad", (void **)&nc.keypad_fn},
    {"nodelay", (void **)&nc.nodelay_fn},
    {"idlok", (void **)&nc.idlok_fn},
    {"idcok", (void **)&nc.idcok_fn},
    {"curs_set", (void **)&nc.curs_set_fn},
    {"set_escdelay", (void **)&nc.set_escdelay_fn},
    {"has_colors", (void **)&nc.has_colors_fn},
    {"start_color", (void **)&nc.start_color_fn},
    {"use_default_colors", (void **)&nc.use_default_colors_fn},
    {"init_pair", (void **)&nc.init_pair_fn},
    {"getmaxy", (void **)&nc.getmaxy_fn},
    {"getmaxx", (void **)&nc.getmaxx_fn},
    {"resizeterm", (void **)&nc.resizeterm_fn},
    {"werase", (void **)&nc.werase_fn},
    {"wmove", (void **)&nc.wmove_fn},
    {"waddnwstr", (void **)&nc.waddnwstr_fn},
    {"wattr_set", (void **)&nc.wattr_set_fn},
    {"wnoutrefresh", (void **)&nc.wnoutrefresh_fn},
    {"doupdate", (void **)&nc.doupdate_fn},
    {"clearok", (void **)&nc.clearok_fn},
    {"wget_wch", (void **)&nc.wget_wch_fn},
    {"tigetstr", (void **)&nc.tigetstr_fn},
    {"reset_prog_mode", (void **)&nc.reset_prog_mode_fn},
    {"stdscr", (void **)&nc.stdscr},
};

/// Debian's libncurses6 (wide characters), with the ABI the header describes.
static vf_library library = VF_LIBRARY("libncursesw.so.6", symbols, NULL);

int vf_curses_load(void) { return vf_library_load(&library); }

const char *vf_curses_load_error(void) {
    const char *error = vf_library_error(&library);
    return error != NULL ? error : "";
}

static void append_capability(const char *name) {
    char *value = nc.tigetstr_fn(name);
    if (value == NULL || value == (char *)-1) return;
    size_t length = strlen(value);
    if (exit_sequence_length + length >= sizeof exit_sequence) return;
    memcpy(exit_sequence + exit_sequence_length, value, length);
    exit_sequence_length += length;
}

int vf_curses_start(int color) {
    if (!vf_library_is_loaded(&library) || screen != NULL) return 0;
    setlocale(LC_ALL, "");
    have_saved_modes = tcgetattr(STDIN_FILENO, &saved_modes) == 0;
    screen = nc.newterm_fn(NULL, stdout, stdin);
    if (screen == NULL) return 0;
    WINDOW *window = *nc.stdscr;
    nc.cbreak_fn();
    nc.noecho_fn();
    nc.nonl_fn();
    nc.keypad_fn(window, TRUE);
    nc.nodelay_fn(window, TRUE);
    // A picture is written beside ncurses, in cells it believes blank: no inserted or deleted
    // lines and characters, which would slide a picture's cells along with the text. (ncurses
    // still scrolls regions to move rows; the painter clears the screen for that instead.)
    nc.idlok_fn(window, FALSE);
    nc.idcok_fn(window, FALSE);
    nc.curs_set_fn(0);
    nc.set_escdelay_fn(25);
    if (color && nc.has_colors_fn()) {
        nc.start_color_fn();
        nc.use_default_colors_fn();
        for (short number = 1; number <= 6; number++) nc.init_pair_fn(number, number, -1);
        colors = 1;
    }
    exit_sequence_length = 0;
    append_capability("sgr0");
    append_capability("cnorm");
    append_capability("rmcup");
    append_capability("rmkx");
    return 1;
}

void vf_curses_stop(void) {
    if (screen != NULL) nc.endwin_fn();
}

void vf_curses_finish(void) {
    if (screen == NULL) return;
    nc.endwin_fn();
    restoring = 1;  // put back already: a later crash or signal has nothing to undo
}

void vf_curses_resume(void) {
    if (screen == NULL) return;
    nc.reset_prog_mode_fn();
    nc.clearok_fn(*nc.stdscr, TRUE);
    nc.wnoutrefresh_fn(*nc.stdscr);
    nc.doupdate_fn();
}

void vf_curses_resize(void) {
    if (screen == NULL) return;
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_row > 0 && size.ws_col > 0) {
        nc.resizeterm_fn(size.ws_row, size.ws_col);
    }
}

int vf_curses_rows(void) { return screen != NULL ? nc.getmaxy_fn(*nc.stdscr) : 0; }
int vf_curses_columns(void) { return screen != NULL ? nc.getmaxx_fn(*nc.stdscr) : 0; }

void vf_curses_erase(void) {
    if (screen != NULL) nc.werase_fn(*nc.stdscr);
}

void vf_curses_put(int row, int column, const wchar_t *text, int count, int style) {
    if (screen == NULL) return;
    attr_t attributes = A_NORMAL;
    if (style & VF_STYLE_BOLD) attributes |= A_BOLD;
    if (style & VF_STYLE_DIM) attributes |= A_DIM;
    if (style & VF_STYLE_REVERSE) attributes |= A_REVERSE;
    if (style & VF_STYLE_UNDERLINE) attributes |= A_UNDERLINE;
    short pair = colors ? (short)((style >> VF_STYLE_COLOR_SHIFT) & 7) : 0;
    WINDOW *window = *nc.stdscr;
    nc.wattr_set_fn(window, attributes, pair, NULL);
    if (nc.wmove_fn(window, row, column) != ERR) nc.waddnwstr_fn(window, text, count);
    nc.wattr_set_fn(window, A_NORMAL, 0, NULL);
}

void vf_curses_cursor(int row, int column, int visible) {
    if (screen == NULL) return;
    nc.curs_set_fn(visible ? 1 : 0);
    if (visible) nc.wmove_fn(*nc.stdscr, row, column);
}

void vf_curses_refresh(void) {
    if (screen == NULL) return;
    nc.wnoutrefresh_fn(*nc.stdscr);
    nc.doupdate_fn();
}

void vf_curses_invalidate(void) {
    if (screen != NULL) nc.clearok_fn(*nc.stdscr, TRUE);
}

int vf_curses_read_key(unsigned int *code) {
    if (screen == NULL) return 0;
    wint_t key = 0;
    int result = nc.wget_wch_fn(*nc.stdscr, &key);
    *code = (unsigned int)key;
    if (result == KEY_CODE_YES) return 2;
    if (result == OK) return 1;
    return 0;
}


void vf_curses_restore_now(void) {
    if (restoring) return;
    restoring = 1;
    if (screen == NULL) return;
    if (exit_sequence_length > 0) {
        ssize_t ignored = write(STDOUT_FILENO, exit_sequence, exit_sequence_length);
        (void)ignored;
    }
    if (have_saved_modes) tcsetattr(STDIN_FILENO, TCSANOW, &saved_modes);
}

static void restore_after_crash(int signal, siginfo_t *info, void *context) {
    vf_curses_restore_now();
    // Hand the signal on to the handler that was there before (Swift's backtracer), as if ours
    // had never been installed; with none, to the default action.
    struct sigaction *previous = &previous_actions[signal];
    sigaction(signal, previous, NULL);
    if ((previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction != NULL) {
        previous->sa_sigaction(signal, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler != NULL) {
        previous->sa_handler(signal);
    } else {
        raise(signal);
    }
}

void vf_curses_guard_crash_signals(void) {
    static int installed;
    if (installed) return;
    installed = 1;
    const int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = restore_after_crash;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigaction(signals[index], &action, &previous_actions[signals[index]]);
    }
}
