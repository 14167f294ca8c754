#include "pace_sqlite.h"
#include <sqlite3.h>

int pace_sqlite_configure(int statement_journal_spill) {
    int memstatus = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    int spill = sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, statement_journal_spill);
    return memstatus == SQLITE_OK && spill == SQLITE_OK ? 0 : 1;
}
