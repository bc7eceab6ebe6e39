#ifndef VIEWFINDER_CCURSES_H
#define VIEWFINDER_CCURSES_H

// ncursesw for `viewfinder browse`, loaded with dlopen when the screen first starts (as CCurl
// loads libcurl), so no other command's start-up pays for it. The calls are few and coarse: the
// Swift side owns one screen on one thread and draws whole frames through them.
//
// Only `vf_curses_load` loads; every other call does nothing (or returns 0 / -1) until then.

#include <wchar.h>

/// Loads libncursesw.so.6 once per process: 1 when it can be used, 0 when not
/// (`vf_curses_load_error` says why). Blocks the calling thread while it loads.
int vf_curses_load(void);

/// Why ncursesw could not be loaded (the dynamic loader's words), or NULL.
const char *vf_curses_load_error(void);

/// Sets the locale from the environment (so wide characters work; under LANG=C non-ASCII is
/// drawn as `?`), starts the screen on standard input and output (cbreak, no echo, keypad,
/// no delay, hidden cursor), with colours when `color` is 1 and the terminal has them.
/// 1 when the screen started, 0 when the terminal cannot be driven (unknown TERM).
int vf_curses_start(int color);

/// Ends the screen, putting the terminal back as it was (endwin); `vf_curses_resume` draws it again.
void vf_curses_stop(void);

/// Ends the screen for good (endwin), when the program leaves it.
void vf_curses_finish(void);

/// Takes the screen back after `vf_curses_stop` (a resumed suspension).
void vf_curses_resume(void);

/// Reads the terminal's size again (after SIGWINCH) and resizes the screen to it.
void vf_curses_resize(void);

/// The screen's size in cells.
int vf_curses_rows(void);
int vf_curses_columns(void);

/// Clears the next frame.
void vf_curses_erase(void);

/// Style bits for `vf_curses_put`.
enum {
    VF_STYLE_BOLD = 1,
    VF_STYLE_DIM = 2,
    VF_STYLE_REVERSE = 4,
    VF_STYLE_UNDERLINE = 8,
    /// A colour number (1 red, 2 green, 3 yellow, 4 blue, 5 magenta, 6 cyan) shifted by this.
    VF_STYLE_COLOR_SHIFT = 4,
};

/// Puts `count` wide characters at (row, column) of the next frame with `style`.
void vf_curses_put(int row, int column, const wchar_t *text, int count, int style);

/// Shows the cursor at (row, column), or hides it when `visible` is 0.
void vf_curses_cursor(int row, int column, int visible);

/// Sends the frame to the terminal (only what changed).
void vf_curses_refresh(void);

/// Forgets what the terminal shows, so the next refresh redraws everything (after raw
/// picture bytes were written over it, or a resume).
void vf_curses_invalidate(void);

/// Reads one key without waiting: 0 none, 1 a character in `*code`, 2 a function key
/// (ncurses' KEY_ number) in `*code`.
int vf_curses_read_key(unsigned int *code);

/// ncurses' numbers for the function keys the screen uses.
enum {
    VF_KEY_UP = 0403, VF_KEY_DOWN = 0402, VF_KEY_LEFT = 0404, VF_KEY_RIGHT = 0405,
    VF_KEY_HOME = 0406, VF_KEY_END = 0550, VF_KEY_PAGE_UP = 0523, VF_KEY_PAGE_DOWN = 0522,
    VF_KEY_BACKSPACE = 0407, VF_KEY_DELETE = 0512, VF_KEY_ENTER = 0527, VF_KEY_RESIZE = 0632,
};

/// Installs handlers for SIGSEGV, SIGBUS, SIGILL, SIGFPE and SIGABRT that put the terminal back
/// (the terminal modes from before the screen started, the normal screen, the cursor), then hand
/// the signal on to the handler that was there before (Swift's own crash reporter), once.
/// Only async-signal-safe calls run in the handler.
void vf_curses_guard_crash_signals(void);

/// Puts the terminal back at once without ncurses (the saved modes, the exit sequence): for a
/// process ending by a signal while the screen runs. Async-signal-safe; does nothing before start.
void vf_curses_restore_now(void);

#endif
