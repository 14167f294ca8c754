extension StoreSchema {
    /// What each client asked for (migration `v11-authorization-requests`): a client's request is
    /// recorded even when nobody decides it at once (HealthKit apps on Linux ask; the owner decides
    /// later, `pace apps`). `shareRequested`/`readRequested` say which access was asked for,
    /// `requestedAt` when last (seconds since 2001-01-01, `NULL` for decisions made before requests
    /// were recorded).
    static let v11 = """
        ALTER TABLE authorizationDecision ADD COLUMN shareRequested INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE authorizationDecision ADD COLUMN readRequested INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE authorizationDecision ADD COLUMN requestedAt REAL;
        UPDATE authorizationDecision SET shareRequested = shareStatus <> 'notDetermined',
                                         readRequested = readStatus <> 'notDetermined';
        """
}
