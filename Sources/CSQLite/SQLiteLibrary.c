// SQLite through dlopen, under SQLite's own names: see CSQLite.h.
#include "CSQLite.h"

#include <CLibraryLoader.h>
#include <stdarg.h>
#include <strings.h>

// Hidden: GRDB's calls, linked into the same binary, reach these definitions, but the dynamic
// loader never sees them. Exported (as a test binary exports its functions), they would take
// the place of SQLite's own functions in calls SQLite makes to itself.
#pragma GCC visibility push(hidden)
#include <sqlite3.h>
#pragma GCC visibility pop

static struct {
    __typeof__(sqlite3_aggregate_context) *aggregate_context;
    __typeof__(sqlite3_backup_finish) *backup_finish;
    __typeof__(sqlite3_backup_init) *backup_init;
    __typeof__(sqlite3_backup_pagecount) *backup_pagecount;
    __typeof__(sqlite3_backup_remaining) *backup_remaining;
    __typeof__(sqlite3_backup_step) *backup_step;
    __typeof__(sqlite3_bind_blob) *bind_blob;
    __typeof__(sqlite3_bind_double) *bind_double;
    __typeof__(sqlite3_bind_int64) *bind_int64;
    __typeof__(sqlite3_bind_null) *bind_null;
    __typeof__(sqlite3_bind_parameter_count) *bind_parameter_count;
    __typeof__(sqlite3_bind_parameter_name) *bind_parameter_name;
    __typeof__(sqlite3_bind_pointer) *bind_pointer;
    __typeof__(sqlite3_bind_text) *bind_text;
    __typeof__(sqlite3_busy_handler) *busy_handler;
    __typeof__(sqlite3_busy_timeout) *busy_timeout;
    __typeof__(sqlite3_changes) *changes;
    __typeof__(sqlite3_clear_bindings) *clear_bindings;
    __typeof__(sqlite3_close) *close;
    __typeof__(sqlite3_close_v2) *close_v2;
    __typeof__(sqlite3_column_blob) *column_blob;
    __typeof__(sqlite3_column_bytes) *column_bytes;
    __typeof__(sqlite3_column_count) *column_count;
    __typeof__(sqlite3_column_double) *column_double;
    __typeof__(sqlite3_column_int64) *column_int64;
    __typeof__(sqlite3_column_name) *column_name;
    __typeof__(sqlite3_column_text) *column_text;
    __typeof__(sqlite3_column_type) *column_type;
    __typeof__(sqlite3_commit_hook) *commit_hook;
    __typeof__(sqlite3_create_collation_v2) *create_collation_v2;
    __typeof__(sqlite3_create_function_v2) *create_function_v2;
    __typeof__(sqlite3_db_handle) *db_handle;
    __typeof__(sqlite3_db_release_memory) *db_release_memory;
    __typeof__(sqlite3_errcode) *errcode;
    __typeof__(sqlite3_errmsg) *errmsg;
    __typeof__(sqlite3_errstr) *errstr;
    __typeof__(sqlite3_expanded_sql) *expanded_sql;
    __typeof__(sqlite3_extended_result_codes) *extended_result_codes;
    __typeof__(sqlite3_finalize) *finalize;
    __typeof__(sqlite3_free) *free;
    __typeof__(sqlite3_get_autocommit) *get_autocommit;
    __typeof__(sqlite3_interrupt) *interrupt;
    __typeof__(sqlite3_last_insert_rowid) *last_insert_rowid;
    __typeof__(sqlite3_libversion_number) *libversion_number;
    __typeof__(sqlite3_limit) *limit;
    __typeof__(sqlite3_next_stmt) *next_stmt;
    __typeof__(sqlite3_prepare_v2) *prepare_v2;
    __typeof__(sqlite3_prepare_v3) *prepare_v3;
    __typeof__(sqlite3_reset) *reset;
    __typeof__(sqlite3_result_blob) *result_blob;
    __typeof__(sqlite3_result_double) *result_double;
    __typeof__(sqlite3_result_error) *result_error;
    __typeof__(sqlite3_result_error_code) *result_error_code;
    __typeof__(sqlite3_result_int64) *result_int64;
    __typeof__(sqlite3_result_null) *result_null;
    __typeof__(sqlite3_result_text) *result_text;
    __typeof__(sqlite3_rollback_hook) *rollback_hook;
    __typeof__(sqlite3_set_authorizer) *set_authorizer;
    __typeof__(sqlite3_sql) *sql;
    __typeof__(sqlite3_step) *step;
    __typeof__(sqlite3_stmt_busy) *stmt_busy;
    __typeof__(sqlite3_stmt_readonly) *stmt_readonly;
    __typeof__(sqlite3_stricmp) *stricmp;
    __typeof__(sqlite3_total_changes) *total_changes;
    __typeof__(sqlite3_trace_v2) *trace_v2;
    __typeof__(sqlite3_update_hook) *update_hook;
    __typeof__(sqlite3_user_data) *user_data;
    __typeof__(sqlite3_value_blob) *value_blob;
    __typeof__(sqlite3_value_bytes) *value_bytes;
    __typeof__(sqlite3_value_double) *value_double;
    __typeof__(sqlite3_value_int64) *value_int64;
    __typeof__(sqlite3_value_text) *value_text;
    __typeof__(sqlite3_value_type) *value_type;
    __typeof__(sqlite3_wal_checkpoint_v2) *wal_checkpoint_v2;
    __typeof__(sqlite3_open_v2) *open_v2;
    __typeof__(sqlite3_config) *config;
    __typeof__(sqlite3_db_config) *db_config;
} sqlite;

static const vf_library_symbol symbols[] = {
    {"sqlite3_aggregate_context", (void **)&sqlite.aggregate_context},
    {"sqlite3_backup_finish", (void **)&sqlite.backup_finish},
    {"sqlite3_backup_init", (void **)&sqlite.backup_init},
    {"sqlite3_backup_pagecount", (void **)&sqlite.backup_pagecount},
    {"sqlite3_backup_remaining", (void **)&sqlite.backup_remaining},
    {"sqlite3_backup_step", (void **)&sqlite.backup_step},
    {"sqlite3_bind_blob", (void **)&sqlite.bind_blob},
    {"sqlite3_bind_double", (void **)&sqlite.bind_double},
    {"sqlite3_bind_int64", (void **)&sqlite.bind_int64},
    {"sqlite3_bind_null", (void **)&sqlite.bind_null},
    {"sqlite3_bind_parameter_count", (void **)&sqlite.bind_parameter_count},
    {"sqlite3_bind_parameter_name", (void **)&sqlite.bind_parameter_name},
    {"sqlite3_bind_pointer", (void **)&sqlite.bind_pointer},
    {"sqlite3_bind_text", (void **)&sqlite.bind_text},
    {"sqlite3_busy_handler", (void **)&sqlite.busy_handler},
    {"sqlite3_busy_timeout", (void **)&sqlite.busy_timeout},
    {"sqlite3_changes", (void **)&sqlite.changes},
    {"sqlite3_clear_bindings", (void **)&sqlite.clear_bindings},
    {"sqlite3_close", (void **)&sqlite.close},
    {"sqlite3_close_v2", (void **)&sqlite.close_v2},
    {"sqlite3_column_blob", (void **)&sqlite.column_blob},
    {"sqlite3_column_bytes", (void **)&sqlite.column_bytes},
    {"sqlite3_column_count", (void **)&sqlite.column_count},
    {"sqlite3_column_double", (void **)&sqlite.column_double},
    {"sqlite3_column_int64", (void **)&sqlite.column_int64},
    {"sqlite3_column_name", (void **)&sqlite.column_name},
    {"sqlite3_column_text", (void **)&sqlite.column_text},
    {"sqlite3_column_type", (void **)&sqlite.column_type},
    {"sqlite3_commit_hook", (void **)&sqlite.commit_hook},
    {"sqlite3_config", (void **)&sqlite.config},
    {"sqlite3_create_collation_v2", (void **)&sqlite.create_collation_v2},
    {"sqlite3_create_function_v2", (void **)&sqlite.create_function_v2},
    {"sqlite3_db_config", (void **)&sqlite.db_config},
    {"sqlite3_db_handle", (void **)&sqlite.db_handle},
    {"sqlite3_db_release_memory", (void **)&sqlite.db_release_memory},
    {"sqlite3_errcode", (void **)&sqlite.errcode},
    {"sqlite3_errmsg", (void **)&sqlite.errmsg},
    {"sqlite3_errstr", (void **)&sqlite.errstr},
    {"sqlite3_expanded_sql", (void **)&sqlite.expanded_sql},
    {"sqlite3_extended_result_codes", (void **)&sqlite.extended_result_codes},
    {"sqlite3_finalize", (void **)&sqlite.finalize},
    {"sqlite3_free", (void **)&sqlite.free},
    {"sqlite3_get_autocommit", (void **)&sqlite.get_autocommit},
    {"sqlite3_interrupt", (void **)&sqlite.interrupt},
    {"sqlite3_last_insert_rowid", (void **)&sqlite.last_insert_rowid},
    {"sqlite3_libversion_number", (void **)&sqlite.libversion_number},
    {"sqlite3_limit", (void **)&sqlite.limit},
    {"sqlite3_next_stmt", (void **)&sqlite.next_stmt},
    {"sqlite3_open_v2", (void **)&sqlite.open_v2},
    {"sqlite3_prepare_v2", (void **)&sqlite.prepare_v2},
    {"sqlite3_prepare_v3", (void **)&sqlite.prepare_v3},
    {"sqlite3_reset", (void **)&sqlite.reset},
    {"sqlite3_result_blob", (void **)&sqlite.result_blob},
    {"sqlite3_result_double", (void **)&sqlite.result_double},
    {"sqlite3_result_error", (void **)&sqlite.result_error},
    {"sqlite3_result_error_code", (void **)&sqlite.result_error_code},
    {"sqlite3_result_int64", (void **)&sqlite.result_int64},
    {"sqlite3_result_null", (void **)&sqlite.result_null},
    {"sqlite3_result_text", (void **)&sqlite.result_text},
    {"sqlite3_rollback_hook", (void **)&sqlite.rollback_hook},
    {"sqlite3_set_authorizer", (void **)&sqlite.set_authorizer},
    {"sqlite3_sql", (void **)&sqlite.sql},
    {"sqlite3_step", (void **)&sqlite.step},
    {"sqlite3_stmt_busy", (void **)&sqlite.stmt_busy},
    {"sqlite3_stmt_readonly", (void **)&sqlite.stmt_readonly},
    {"sqlite3_stricmp", (void **)&sqlite.stricmp},
    {"sqlite3_total_changes", (void **)&sqlite.total_changes},
    {"sqlite3_trace_v2", (void **)&sqlite.trace_v2},
    {"sqlite3_update_hook", (void **)&sqlite.update_hook},
    {"sqlite3_user_data", (void **)&sqlite.user_data},
    {"sqlite3_value_blob", (void **)&sqlite.value_blob},
    {"sqlite3_value_bytes", (void **)&sqlite.value_bytes},
    {"sqlite3_value_double", (void **)&sqlite.value_double},
    {"sqlite3_value_int64", (void **)&sqlite.value_int64},
    {"sqlite3_value_text", (void **)&sqlite.value_text},
    {"sqlite3_value_type", (void **)&sqlite.value_type},
    {"sqlite3_wal_checkpoint_v2", (void **)&sqlite.wal_checkpoint_v2},
};

/// The library Debian's libsqlite3-0 installs.
static vf_library library = VF_LIBRARY("libsqlite3.so.0", symbols, NULL);

// Every forwarder loads SQLite on its first call (then one atomic read), so GRDB works whoever
// calls it first; the download archive loads it ahead, to fail with its own words.
#define LOADED() vf_library_load(&library)

/// What SQLite's error texts say while it cannot be loaded: never NULL, as SQLite's never are.
static const char *const not_loaded = "SQLite could not be loaded (libsqlite3.so.0)";

int vf_sqlite_load(void) { return vf_library_load(&library); }

const char *vf_sqlite_load_error(void) { return vf_library_error(&library); }

int sqlite3_open_v2(const char *a0, sqlite3 **a1, int a2, const char *a3) {
    if (LOADED()) return sqlite.open_v2(a0, a1, a2, a3);
    if (a1 != NULL) *a1 = NULL;
    return SQLITE_CANTOPEN;
}

// The two variadic functions, with the arguments GRDB passes (its shim.h): a va_list cannot be
// passed on, so each names the options it forwards and refuses the others.

int sqlite3_config(int a0, ...) {
    // The error log: a function and its argument.
    if (!LOADED() || a0 != SQLITE_CONFIG_LOG) return SQLITE_MISUSE;
    va_list list;
    va_start(list, a0);
    void (*log)(void *, int, const char *) = va_arg(list, void (*)(void *, int, const char *));
    void *argument = va_arg(list, void *);
    va_end(list);
    return sqlite.config(a0, log, argument);
}

int sqlite3_db_config(sqlite3 *a0, int a1, ...) {
    // Every option but these two takes an int and an int * for the value it leaves.
    if (!LOADED() || a1 == SQLITE_DBCONFIG_MAINDBNAME || a1 == SQLITE_DBCONFIG_LOOKASIDE) return SQLITE_ERROR;
    va_list list;
    va_start(list, a1);
    int value = va_arg(list, int);
    int *outcome = va_arg(list, int *);
    va_end(list);
    return sqlite.db_config(a0, a1, value, outcome);
}

// The rest, in the order of the table above.

void *sqlite3_aggregate_context(sqlite3_context *a0, int a1) {
    return LOADED() ? sqlite.aggregate_context(a0, a1) : NULL;
}
int sqlite3_backup_finish(sqlite3_backup *a0) { return LOADED() ? sqlite.backup_finish(a0) : SQLITE_ERROR; }
sqlite3_backup *sqlite3_backup_init(sqlite3 *a0, const char *a1, sqlite3 *a2, const char *a3) {
    return LOADED() ? sqlite.backup_init(a0, a1, a2, a3) : NULL;
}
int sqlite3_backup_pagecount(sqlite3_backup *a0) { return LOADED() ? sqlite.backup_pagecount(a0) : 0; }
int sqlite3_backup_remaining(sqlite3_backup *a0) { return LOADED() ? sqlite.backup_remaining(a0) : 0; }
int sqlite3_backup_step(sqlite3_backup *a0, int a1) { return LOADED() ? sqlite.backup_step(a0, a1) : SQLITE_ERROR; }
int sqlite3_bind_blob(sqlite3_stmt *a0, int a1, const void *a2, int a3, void(*a4)(void*)) {
    return LOADED() ? sqlite.bind_blob(a0, a1, a2, a3, a4) : SQLITE_ERROR;
}
int sqlite3_bind_double(sqlite3_stmt *a0, int a1, double a2) {
    return LOADED() ? sqlite.bind_double(a0, a1, a2) : SQLITE_ERROR;
}
int sqlite3_bind_int64(sqlite3_stmt *a0, int a1, sqlite3_int64 a2) {
    return LOADED() ? sqlite.bind_int64(a0, a1, a2) : SQLITE_ERROR;
}
int sqlite3_bind_null(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.bind_null(a0, a1) : SQLITE_ERROR; }
int sqlite3_bind_parameter_count(sqlite3_stmt *a0) { return LOADED() ? sqlite.bind_parameter_count(a0) : 0; }
const char *sqlite3_bind_parameter_name(sqlite3_stmt *a0, int a1) {
    return LOADED() ? sqlite.bind_parameter_name(a0, a1) : NULL;
}
int sqlite3_bind_pointer(sqlite3_stmt *a0, int a1, void *a2, const char *a3, void(*a4)(void*)) {
    return LOADED() ? sqlite.bind_pointer(a0, a1, a2, a3, a4) : SQLITE_ERROR;
}
int sqlite3_bind_text(sqlite3_stmt *a0, int a1, const char *a2, int a3, void(*a4)(void*)) {
    return LOADED() ? sqlite.bind_text(a0, a1, a2, a3, a4) : SQLITE_ERROR;
}
int sqlite3_busy_handler(sqlite3 *a0, int(*a1)(void*,int), void *a2) {
    return LOADED() ? sqlite.busy_handler(a0, a1, a2) : SQLITE_ERROR;
}
int sqlite3_busy_timeout(sqlite3 *a0, int a1) { return LOADED() ? sqlite.busy_timeout(a0, a1) : SQLITE_ERROR; }
int sqlite3_changes(sqlite3 *a0) { return LOADED() ? sqlite.changes(a0) : 0; }
int sqlite3_clear_bindings(sqlite3_stmt *a0) { return LOADED() ? sqlite.clear_bindings(a0) : SQLITE_ERROR; }
int sqlite3_close(sqlite3 *a0) { return LOADED() ? sqlite.close(a0) : SQLITE_ERROR; }
int sqlite3_close_v2(sqlite3 *a0) { return LOADED() ? sqlite.close_v2(a0) : SQLITE_ERROR; }
const void *sqlite3_column_blob(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.column_blob(a0, a1) : NULL; }
int sqlite3_column_bytes(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.column_bytes(a0, a1) : 0; }
int sqlite3_column_count(sqlite3_stmt *a0) { return LOADED() ? sqlite.column_count(a0) : 0; }
double sqlite3_column_double(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.column_double(a0, a1) : 0; }
sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.column_int64(a0, a1) : 0; }
const char *sqlite3_column_name(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.column_name(a0, a1) : NULL; }
const unsigned char *sqlite3_column_text(sqlite3_stmt *a0, int a1) {
    return LOADED() ? sqlite.column_text(a0, a1) : NULL;
}
int sqlite3_column_type(sqlite3_stmt *a0, int a1) { return LOADED() ? sqlite.column_type(a0, a1) : SQLITE_NULL; }
void *sqlite3_commit_hook(sqlite3 *a0, int(*a1)(void*), void *a2) {
    return LOADED() ? sqlite.commit_hook(a0, a1, a2) : NULL;
}
int sqlite3_create_collation_v2(sqlite3 *a0, const char *a1, int a2, void *a3,
    int(*a4)(void*,int,const void*,int,const void*), void(*a5)(void*)) {
    return LOADED() ? sqlite.create_collation_v2(a0, a1, a2, a3, a4, a5) : SQLITE_ERROR;
}
int sqlite3_create_function_v2(sqlite3 *a0, const char *a1, int a2, int a3, void *a4,
    void (*a5)(sqlite3_context*,int,sqlite3_value**), void (*a6)(sqlite3_context*,int,sqlite3_value**),
    void (*a7)(sqlite3_context*), void(*a8)(void*)) {
    return LOADED() ? sqlite.create_function_v2(a0, a1, a2, a3, a4, a5, a6, a7, a8) : SQLITE_ERROR;
}
sqlite3 *sqlite3_db_handle(sqlite3_stmt *a0) { return LOADED() ? sqlite.db_handle(a0) : NULL; }
int sqlite3_db_release_memory(sqlite3 *a0) { return LOADED() ? sqlite.db_release_memory(a0) : SQLITE_ERROR; }
int sqlite3_errcode(sqlite3 *a0) { return LOADED() ? sqlite.errcode(a0) : SQLITE_ERROR; }
const char *sqlite3_errmsg(sqlite3 *a0) { return LOADED() ? sqlite.errmsg(a0) : not_loaded; }
const char *sqlite3_errstr(int a0) { return LOADED() ? sqlite.errstr(a0) : not_loaded; }
char *sqlite3_expanded_sql(sqlite3_stmt *a0) { return LOADED() ? sqlite.expanded_sql(a0) : NULL; }
int sqlite3_extended_result_codes(sqlite3 *a0, int a1) {
    return LOADED() ? sqlite.extended_result_codes(a0, a1) : SQLITE_ERROR;
}
int sqlite3_finalize(sqlite3_stmt *a0) { return LOADED() ? sqlite.finalize(a0) : SQLITE_ERROR; }
void sqlite3_free(void *a0) { if (LOADED()) sqlite.free(a0); }
int sqlite3_get_autocommit(sqlite3 *a0) { return LOADED() ? sqlite.get_autocommit(a0) : 0; }
void sqlite3_interrupt(sqlite3 *a0) { if (LOADED()) sqlite.interrupt(a0); }
sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *a0) { return LOADED() ? sqlite.last_insert_rowid(a0) : 0; }
int sqlite3_libversion_number(void) { return LOADED() ? sqlite.libversion_number() : 0; }
int sqlite3_limit(sqlite3 *a0, int a1, int a2) { return LOADED() ? sqlite.limit(a0, a1, a2) : 0; }
sqlite3_stmt *sqlite3_next_stmt(sqlite3 *a0, sqlite3_stmt *a1) { return LOADED() ? sqlite.next_stmt(a0, a1) : NULL; }
int sqlite3_prepare_v2(sqlite3 *a0, const char *a1, int a2, sqlite3_stmt **a3, const char **a4) {
    return LOADED() ? sqlite.prepare_v2(a0, a1, a2, a3, a4) : SQLITE_ERROR;
}
int sqlite3_prepare_v3(sqlite3 *a0, const char *a1, int a2, unsigned int a3, sqlite3_stmt **a4, const char **a5) {
    return LOADED() ? sqlite.prepare_v3(a0, a1, a2, a3, a4, a5) : SQLITE_ERROR;
}
int sqlite3_reset(sqlite3_stmt *a0) { return LOADED() ? sqlite.reset(a0) : SQLITE_ERROR; }
void sqlite3_result_blob(sqlite3_context *a0, const void *a1, int a2, void(*a3)(void*)) {
    if (LOADED()) sqlite.result_blob(a0, a1, a2, a3);
}
void sqlite3_result_double(sqlite3_context *a0, double a1) { if (LOADED()) sqlite.result_double(a0, a1); }
void sqlite3_result_error(sqlite3_context *a0, const char *a1, int a2) {
    if (LOADED()) sqlite.result_error(a0, a1, a2);
}
void sqlite3_result_error_code(sqlite3_context *a0, int a1) { if (LOADED()) sqlite.result_error_code(a0, a1); }
void sqlite3_result_int64(sqlite3_context *a0, sqlite3_int64 a1) { if (LOADED()) sqlite.result_int64(a0, a1); }
void sqlite3_result_null(sqlite3_context *a0) { if (LOADED()) sqlite.result_null(a0); }
void sqlite3_result_text(sqlite3_context *a0, const char *a1, int a2, void(*a3)(void*)) {
    if (LOADED()) sqlite.result_text(a0, a1, a2, a3);
}
void *sqlite3_rollback_hook(sqlite3 *a0, void(*a1)(void *), void *a2) {
    return LOADED() ? sqlite.rollback_hook(a0, a1, a2) : NULL;
}
int sqlite3_set_authorizer(sqlite3 *a0, int (*a1)(void*,int,const char*,const char*,const char*,const char*),
    void *a2) {
    return LOADED() ? sqlite.set_authorizer(a0, a1, a2) : SQLITE_ERROR;
}
const char *sqlite3_sql(sqlite3_stmt *a0) { return LOADED() ? sqlite.sql(a0) : NULL; }
int sqlite3_step(sqlite3_stmt *a0) { return LOADED() ? sqlite.step(a0) : SQLITE_ERROR; }
int sqlite3_stmt_busy(sqlite3_stmt *a0) { return LOADED() ? sqlite.stmt_busy(a0) : 0; }
int sqlite3_stmt_readonly(sqlite3_stmt *a0) { return LOADED() ? sqlite.stmt_readonly(a0) : 0; }
int sqlite3_stricmp(const char *a0, const char *a1) { return LOADED() ? sqlite.stricmp(a0, a1) : strcasecmp(a0, a1); }
int sqlite3_total_changes(sqlite3 *a0) { return LOADED() ? sqlite.total_changes(a0) : 0; }
int sqlite3_trace_v2(sqlite3 *a0, unsigned a1, int(*a2)(unsigned,void*,void*,void*), void *a3) {
    return LOADED() ? sqlite.trace_v2(a0, a1, a2, a3) : SQLITE_ERROR;
}
void *sqlite3_update_hook(sqlite3 *a0, void(*a1)(void *,int ,char const *,char const *,sqlite3_int64), void *a2) {
    return LOADED() ? sqlite.update_hook(a0, a1, a2) : NULL;
}
void *sqlite3_user_data(sqlite3_context *a0) { return LOADED() ? sqlite.user_data(a0) : NULL; }
const void *sqlite3_value_blob(sqlite3_value *a0) { return LOADED() ? sqlite.value_blob(a0) : NULL; }
int sqlite3_value_bytes(sqlite3_value *a0) { return LOADED() ? sqlite.value_bytes(a0) : 0; }
double sqlite3_value_double(sqlite3_value *a0) { return LOADED() ? sqlite.value_double(a0) : 0; }
sqlite3_int64 sqlite3_value_int64(sqlite3_value *a0) { return LOADED() ? sqlite.value_int64(a0) : 0; }
const unsigned char *sqlite3_value_text(sqlite3_value *a0) { return LOADED() ? sqlite.value_text(a0) : NULL; }
int sqlite3_value_type(sqlite3_value *a0) { return LOADED() ? sqlite.value_type(a0) : SQLITE_NULL; }
int sqlite3_wal_checkpoint_v2(sqlite3 *a0, const char *a1, int a2, int *a3, int *a4) {
    return LOADED() ? sqlite.wal_checkpoint_v2(a0, a1, a2, a3, a4) : SQLITE_ERROR;
}
