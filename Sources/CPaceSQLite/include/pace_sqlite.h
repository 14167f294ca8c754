#ifndef PACE_SQLITE_H
#define PACE_SQLITE_H

/// Process-wide SQLite settings Pace's store wants, applied through sqlite3_config(), which is
/// variadic and so cannot be called from Swift.
///
/// - Turns memory statistics off (SQLITE_CONFIG_MEMSTATUS): otherwise every allocation SQLite makes
///   takes a global mutex to count itself, which cost about a tenth of a bulk import's store thread.
/// - Keeps statement journals in memory up to `statement_journal_spill` bytes
///   (SQLITE_CONFIG_STMTJRNL_SPILL): multi-row inserts need one, and past the default 64 KiB it
///   becomes a temporary file written and deleted for every statement.
///
/// Settings only take effect before SQLite initialises, that is before the first connection of the
/// process opens. Returns 0 when both were applied, 1 when SQLite was already initialised (nothing
/// changes then: the store works the same, only slower on bulk writes).
int pace_sqlite_configure(int statement_journal_spill);

#endif
