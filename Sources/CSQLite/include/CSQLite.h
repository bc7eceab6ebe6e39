#ifndef VIEWFINDER_CSQLITE_H
#define VIEWFINDER_CSQLITE_H

// SQLite (Debian's libsqlite3-0), loaded when first needed (dlopen) instead of by the dynamic
// loader at launch. Only the download archive uses it, through GRDB; linked, the library and
// its 1,500 symbol bindings cost every command about 0.4 ms of its start (a tenth of a local
// search's), and made every other library's lookups search one library more.
//
// GRDB calls SQLite's functions by their own names, so this module defines those names (hidden:
// only calls linked into the same binary reach them): each loads SQLite on its first call and
// calls the library's function; when SQLite cannot be loaded, each fails (SQLITE_ERROR,
// SQLITE_CANTOPEN, NULL or 0; error texts say SQLite could not be loaded). Release builds leave
// GRDB's `link "sqlite3"` out (the Makefile's -disable-autolink-library), so a function GRDB
// starts to call that is missing here fails the link by name: add it to SQLiteLibrary.c.

/// Loads libsqlite3.so.0 and finds its functions, once per process; blocks the calling thread
/// until done (a thread of our own: it reads files). 1 when SQLite can be used, 0 when not
/// (`vf_sqlite_load_error` says why).
int vf_sqlite_load(void);

/// Why SQLite could not be loaded (the dynamic loader's words), or NULL.
const char *vf_sqlite_load_error(void);

#endif
