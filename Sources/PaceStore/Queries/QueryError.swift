/// Why a sample or statistics query was refused.
///
/// A ``code`` to switch on and a ``message`` that says what was wrong and what to do.
/// Failures of the store underneath are ``Code/store`` with the ``StoreError`` as ``cause``.
///
/// ```swift
/// do { _ = try await store.statistics(for: .heartRate, options: .sum) }
/// catch let error where error.code == .optionDoesNotFitType { print(error.message) }
/// ```
public struct QueryError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case optionDoesNotFitType, noStatisticRequested, invalidInterval, invalidDateRange
            case tooManyIntervals, incompatibleUnit, invalidPredicate, store
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A statistic does not fit the type's aggregation style (sum of heart rate, average of steps).
        public static let optionDoesNotFitType = Code(.optionDoesNotFitType)
        /// The options name no statistic to compute.
        public static let noStatisticRequested = Code(.noStatisticRequested)
        /// The collection interval is zero, negative or not a calendar interval.
        public static let invalidInterval = Code(.invalidInterval)
        /// The end of a range is before its start.
        public static let invalidDateRange = Code(.invalidDateRange)
        /// The range holds more intervals than a collection may have.
        public static let tooManyIntervals = Code(.tooManyIntervals)
        /// A quantity in a predicate cannot be converted to the type's canonical unit.
        public static let incompatibleUnit = Code(.incompatibleUnit)
        /// A predicate cannot be used with the queried type.
        public static let invalidPredicate = Code(.invalidPredicate)
        /// The store failed; see ``QueryError/cause``.
        public static let store = Code(.store)

        /// The code's name, e.g. `"optionDoesNotFitType"`.
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and what to do, in one sentence or two; never contains measured values.
    public var message: String
    /// The error underneath, e.g. a ``StoreError``.
    public var cause: (any Error & Sendable)?

    /// Creates an error.
    public init(code: Code, message: String, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.cause = cause
    }

    /// Wraps a store failure.
    init(_ error: StoreError) {
        self.init(code: .store, message: error.message, cause: error)
    }

    /// The message: one line, safe to show to a user.
    public var description: String { message }
}
