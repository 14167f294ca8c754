public import Foundation
import PaceModel
import PaceStore

extension HKQuery {
    /// The activity summary of one day (year, month, day).
    public class func predicateForActivitySummary(with dateComponents: DateComponents) -> NSPredicate {
        HKActivitySummaryPredicate(start: dateComponents, end: dateComponents)
    }

    /// The activity summaries from `startDateComponents` through `endDateComponents`.
    public class func predicate(forActivitySummariesBetweenStart startDateComponents: DateComponents,
                                end endDateComponents: DateComponents) -> NSPredicate {
        HKActivitySummaryPredicate(start: startDateComponents, end: endDateComponents)
    }
}

/// A predicate over days, for activity summary queries.
final class HKActivitySummaryPredicate: NSPredicate {
    let start: DateComponents?
    let end: DateComponents?

    init(start: DateComponents?, end: DateComponents?) {
        self.start = start
        self.end = end
        super.init(value: true)
    }

    required init?(coder: NSCoder) { nil }
}

/// The daily rings of a range of days, then again after each change with an ``updateHandler``
/// (Apple's `HKActivitySummaryQuery`). Without read permission the app gets no days.
public final class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
    /// The handler's shape.
    public typealias Handler = @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void

    private let resultsHandler: Handler
    private let updates = Locked<Handler?>(nil)

    /// Called with the days again after each change; set it before executing to keep the query running.
    @preconcurrency
    public var updateHandler: Handler? {
        get { updates.withLock { $0 } }
        set { updates.withLock { $0 = newValue } }
    }

    /// A query of the days `predicate` names (``HKQuery/predicateForActivitySummary(with:)``), all days when `nil`.
    @preconcurrency
    public init(predicate: NSPredicate?, resultsHandler handler: @escaping Handler) {
        self.resultsHandler = handler
        super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    override func run(on app: AuthorizedStore) async {
        do {
            let range: (start: DateComponents?, end: DateComponents?)
            switch predicate {
            case nil: range = (nil, nil)
            case let days as HKActivitySummaryPredicate: range = (days.start, days.end)
            default:
                throw HKError(.errorInvalidArgument, message: "An activity summary query takes HKQuery.predicateForActivitySummary(with:) "
                    + "or predicate(forActivitySummariesBetweenStart:end:).")
            }
            guard updateHandler != nil else {
                let days = try await app.activitySummaries(from: range.start, through: range.end)
                deliver(days, to: resultsHandler)
                return
            }
            var isFirst = true
            for try await days in try app.activitySummaryUpdates(from: range.start, through: range.end) {
                guard !isStopped else { return }
                if isFirst {
                    deliver(days, to: resultsHandler)
                    isFirst = false
                } else if let update = updateHandler {
                    deliver(days, to: update)
                }
            }
        } catch {
            let failure = HKStoreConnection.error(error)
            deliver { [self] in resultsHandler(self, nil, failure) }
        }
    }

    override func fail(_ error: HKError) {
        resultsHandler(self, nil, error)
    }

    private func deliver(_ days: [ActivitySummary], to handler: @escaping Handler) {
        let summaries = days.map(HKActivitySummary.init)
        deliver { [self] in handler(self, summaries, nil) }
    }
}
