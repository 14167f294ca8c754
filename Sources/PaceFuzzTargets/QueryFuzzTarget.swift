import Foundation
import PaceAPI
import PaceModel
import PaceStore

extension FuzzTarget {
    /// The server's query parameters: the bytes as a URL query (`name=value&…`, percent-decoded,
    /// the first value of a name counting, inputs over 4 KiB skipped), read with every getter of
    /// ``APIQuery`` the routes use. Each getter either refuses with an ``APIParameterError`` naming
    /// the parameter it read, or gives a value inside its stated bounds: dates finite and `to` not
    /// before `from`, numbers in their ranges, statistics options that fit the type's aggregation;
    /// a cursor, a sync anchor and an activity type print as text that reads back to the same value.
    static let query = FuzzTarget(
        name: "query",
        summary: "APIQuery getters: APIParameterError naming the parameter, values in bounds, cursor/anchor round trips",
        generatedSeeds: { QueryFuzzChecks.seeds() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        guard data.count <= 4096 else { return .refused(code: "tooLong") }
        let query = APIQuery(QueryFuzzChecks.parameters(String(decoding: data, as: UTF8.self)))
        let refused = try QueryFuzzChecks(check: FuzzCheck(target: "query"), query: query).run()
        return refused.isEmpty ? .decoded : .refused(code: refused.sorted().joined(separator: ","))
    }
}

/// The query target's checks and seeds.
struct QueryFuzzChecks {
    let check: FuzzCheck
    let query: APIQuery

    /// The pairs of a URL query, percent-decoded (`+` as a space), the first value of each name kept.
    static func parameters(_ text: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String? { part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding }
            guard let name = decoded(parts[0]), let value = parts.count == 2 ? decoded(parts[1]) : "" else { continue }
            if parameters[name] == nil { parameters[name] = value }
        }
        return parameters
    }

    /// Runs every getter; returns the names of the given parameters that every getter reading them
    /// refused (a `from` written as a day is refused as a date and time, and read as a day).
    func run() throws(FuzzInvariantViolation) -> Set<String> {
        var refused: Set<String> = []
        var accepted: Set<String> = []
        /// The getter's value, or `nil` when it refused — naming one of `names`, saying why.
        func read<Value>(_ names: Set<String>, _ body: () throws(APIParameterError) -> Value) throws(FuzzInvariantViolation) -> Value? {
            do throws(APIParameterError) {
                let value = try body()
                accepted.formUnion(names.filter { query[$0] != nil })
                return value
            } catch {
                try check.require(names.contains(error.name), "a getter of \(names.sorted()) refused naming '\(error.name)'")
                try check.require(!error.problem.isEmpty, "'\(error.name)' refused without saying why")
                try check.require(query[error.name] != nil || error.problem.hasPrefix("is missing"),
                                  "'\(error.name)' refused although it was not given: \(error.problem)")
                // A parameter the getter requires and the query lacks is the route's rule, not the input's fault.
                if query[error.name] != nil { refused.insert(error.name) }
                return nil
            }
        }
        func finite(_ date: Date?, _ what: String) throws(FuzzInvariantViolation) {
            try check.require(date.map { $0.timeIntervalSinceReferenceDate.isFinite } ?? true, "\(what) read as a date that is not finite")
        }

        if let (from, to) = try read(["from", "to"], { () throws(APIParameterError) in try query.dateRange() }) {
            try finite(from, "from")
            try finite(to, "to")
            if let from, let to { try check.require(to >= from, "'to' \(to) before 'from' \(from) was accepted") }
            try check.require(try read(["from", "to"], { () throws(APIParameterError) in try query.interval() }) != nil,
                              "the dates read as a range but not as an interval")
        }
        if let (from, to) = try read(["from", "to"], { () throws(APIParameterError) in try query.dayRange() }) {
            try check.require(from.map { CalendarDay.text($0) != nil } ?? true, "'from' read as a day that does not print")
            try check.require(to.map { CalendarDay.text($0) != nil } ?? true, "'to' read as a day that does not print")
        }
        try finite(try read(["from"], { () throws(APIParameterError) in try query.requiredDate("from", meaning: "the start") }), "from")
        try finite(try read(["anchor"], { () throws(APIParameterError) in try query.date("anchor") }) ?? nil, "anchor")
        for name in ["from", "to", "anchor"] { try agreesWithFoundation(name) }
        if let zone = try read(["timeZone"], { () throws(APIParameterError) in try query.timeZone() }) {
            try check.require(!zone.identifier.isEmpty, "a time zone without an identifier")
        }
        if let limit = try read(["limit"], { () throws(APIParameterError) in try query.limit(default: 50, maximum: 500) }) {
            try check.require((1...500).contains(limit), "limit \(limit) outside 1…500")
        }
        if let after = try read(["after"], { () throws(APIParameterError) in try query.wholeNumber("after", in: 0...Int.max) }) ?? nil {
            try check.require(after >= 0, "a negative position \(after)")
        }
        if let tolerance = try read(["tolerance"], { () throws(APIParameterError) in try query.number("tolerance", in: 0...1000, unit: "metres") }) ?? nil {
            try check.require(tolerance.isFinite && (0...1000).contains(tolerance), "tolerance \(tolerance) outside 0…1000")
        }
        if let cursor = try read(["cursor"], { () throws(APIParameterError) in try query.cursor() }) ?? nil {
            try check.require(cursor.start.isFinite, "a cursor whose start is not finite")
            try check.require((try? PageCursor(parsing: cursor.text)) == cursor, "a cursor does not read back from its own text")
        }
        if let anchor = try read(["anchor"], { () throws(APIParameterError) in try query.syncAnchor() }) ?? nil {
            try check.require((try? SyncAnchorText.anchor(SyncAnchorText.text(anchor))) == anchor, "an anchor does not read back from its own text")
        }
        if let type = try read(["activityType"], { () throws(APIParameterError) in try query.activityType() }) ?? nil {
            try check.require(type.name == query["activityType"], "activity type \(type.name) read from '\(query["activityType"] ?? "")'")
        }
        for type in [QuantityTypeIdentifier.heartRate, .stepCount] {
            if let options = try read(["options"], { () throws(APIParameterError) in try query.statisticsOptions(for: type) }) {
                let cumulative = type.descriptor.aggregationStyle.isCumulative
                try check.require(!options.isEmpty, "no statistics option for \(type.rawValue)")
                try check.require(cumulative ? options == .sum : !options.contains(.sum), "options that do not fit \(type.rawValue)")
            }
        }
        return refused.subtracting(accepted)
    }

    /// A date the API reads is one Foundation's ISO 8601 parser reads too, as the same instant (to
    /// the microsecond, or the precision of `Date` far from 2001): the API's grammar is stricter
    /// than Foundation's, never different (but for `t` and `z`, which RFC 3339 allows and
    /// Foundation reads in upper case only). From 1583 on, to nanoseconds, where Foundation's parser
    /// is ISO 8601's.
    private func agreesWithFoundation(_ name: String) throws(FuzzInvariantViolation) {
        guard let text = query[name], let date = APIDateTime.parse(text) else { return }
        // Foundation's calendar is Julian before 1582-10-15, and it reads at most 9 fractional digits.
        guard let year = Int(text.prefix(4)), year >= 1583,
              text.split(separator: ".").dropFirst().first.map({ $0.prefix(while: \.isNumber).count <= 9 }) ?? true else { return }
        let foundation = try? Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")).parse(text.uppercased())
        // A microsecond, or a few units in the last place of a date far from 2001 (Date's origin).
        let tolerance = max(1e-6, 4 * abs(date.timeIntervalSinceReferenceDate).ulp)
        try check.require(foundation.map { abs($0.timeIntervalSince(date)) <= tolerance } ?? false,
                          "'\(name)' \(text) read as \(date.timeIntervalSince1970) s, Foundation reads \(foundation.map { "\($0.timeIntervalSince1970) s" } ?? "nothing")")
    }

    /// Valid queries of every parameter, and a few refusals.
    static func seeds() -> [Data] {
        let start = Date(timeIntervalSinceReferenceDate: 817_000_000)
        let cursor = PageCursor(after: [(start, UUID(uuidString: "01A21CD2-3F23-72F9-8AFF-A5B8BEAA58C6")!)], more: true,
                                start: \.0, id: \.1)!
        let anchor = QueryAnchor(storeID: UUID(uuidString: "11111111-2222-4333-8444-555555555555")!, anchor: Anchor(rawValue: 42))
        return [
            "from=2026-11-26T07:00:00Z&to=2026-11-27T07:00:00Z&limit=50",
            "from=2026-11-26T07:00:00%2B01:00&to=2026-11-26T08:00:00Z&timeZone=Europe/Zurich&options=discreteAverage,discreteMax",
            "from=2026-11-01&to=2026-11-30", "limit=0", "limit=501", "after=1000&limit=10000",
            "cursor=\(cursor.text)", "anchor=\(SyncAnchorText.text(anchor))", "anchor=2026-11-26T00:00:00Z", "from=2024-02-29T23:59:59.125-05:30&to=2026-02-30T00:00:00Z",
            "activityType=running&tolerance=5.5", "tolerance=1e400", "limit=500&after=0&source=org.pace.import", "options=cumulativeSum", "timeZone=Mars/Olympus",
        ].map { Data($0.utf8) }
    }
}
