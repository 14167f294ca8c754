/// The name of the `LISTEN`/`NOTIFY` channel on which an account's commits are announced.
///
/// A channel name is an identifier of at most 63 bytes, and an account's text may be longer or hold
/// any character, so the name is `pace_` and the 64-bit FNV-1a hash of the account's UTF-8 bytes in
/// hexadecimal. Two accounts that share a channel only wake each other's long-running queries, which
/// re-read their own account's rows: the hash decides no visibility.
///
/// ```swift
/// PostgresChannelName.channel(for: "C0FFEE00-…")   // "pace_3c2d…" (21 characters)
/// ```
enum PostgresChannelName {
    /// The channel of `account`.
    static func channel(for account: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in account.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "pace_" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
