import CSQLite
import GRDB
import Testing

/// CSQLite stands in for SQLite under SQLite's own names: GRDB's calls go through it to the
/// library it loads with dlopen. These check the calls it cannot pass on as they are.
@Suite("SQLite loaded with dlopen, under its own names")
struct SQLiteLibraryTests {
    @Test("SQLite loads, and GRDB's calls reach it")
    func loads() throws {
        #expect(vf_sqlite_load() == 1)
        #expect(vf_sqlite_load_error() == nil)
        let queue = try DatabaseQueue()
        let version = try queue.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }
        #expect(version?.split(separator: ".").count == 3)
    }

    @Test("GRDB's variadic sqlite3_db_config reaches SQLite: a double-quoted name is not taken for text")
    func variadicDatabaseOption() throws {
        #expect(vf_sqlite_load() == 1)
        // GRDB turns double-quoted string literals off through sqlite3_db_config(db, DQS_DML,
        // 0, NULL) when it opens a connection; were the call lost, "missing" would read as text.
        let queue = try DatabaseQueue()
        #expect(throws: DatabaseError.self) {
            try queue.read { try String.fetchOne($0, sql: #"SELECT "missing""#) }
        }
    }
}
