import Foundation

/// Why the health store refused an operation or a query, or could not open: the store's one
/// error vocabulary, for saves, deletes, queries and their long-running forms alike.
///
/// Shaped like NIO's `FileSystemError`: a ``code`` to switch on, a ``message`` that
/// says what was wrong, where, and what to do, an optional ``path`` and the
/// underlying ``cause``. The description never prints measured values.
///
/// ```swift
/// do { try await store.save(sample) }
/// catch let error as StoreError where error.code == .syncVersionNotHigher { … }
/// ```
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: String, Hashable, Sendable {
            case notADatabase, notAPaceStore, newerSchema, cannotOpen, corrupt
            case invalidObject, duplicateObject, deletedObject, objectNotFound
            case syncVersionNotHigher, syncIdentifierConflict
            case workoutNotFound, routeAlreadyAttached
            case sessionNotFound, sessionEnded
            case database
            case notAuthorized, foreignAnchor, invalidQuery, readOnlyType
            case cancelled
            case optionDoesNotFitType, noStatisticRequested, invalidInterval, invalidDateRange
            case tooManyIntervals, incompatibleUnit, invalidPredicate
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file is not an SQLite database.
        public static let notADatabase = Code(.notADatabase)
        /// The file is an SQLite database that Pace did not create.
        public static let notAPaceStore = Code(.notAPaceStore)
        /// The store was written by a newer version of Pace.
        public static let newerSchema = Code(.newerSchema)
        /// The file or its directory cannot be opened or created.
        public static let cannotOpen = Code(.cannotOpen)
        /// SQLite found the file damaged.
        public static let corrupt = Code(.corrupt)
        /// An object breaks a rule of the data model.
        public static let invalidObject = Code(.invalidObject)
        /// An object with the same UUID is already stored.
        public static let duplicateObject = Code(.duplicateObject)
        /// An object with the same UUID was stored and deleted; UUIDs are never reused.
        public static let deletedObject = Code(.deletedObject)
        /// No object has the given UUID.
        public static let objectNotFound = Code(.objectNotFound)
        /// A sample with the same sync identifier and a version at least as high is stored.
        public static let syncVersionNotHigher = Code(.syncVersionNotHigher)
        /// The sync identifier is used by an object of another type.
        public static let syncIdentifierConflict = Code(.syncIdentifierConflict)
        /// A route names a workout that is not stored.
        public static let workoutNotFound = Code(.workoutNotFound)
        /// The route is already attached to a workout; routes never move.
        public static let routeAlreadyAttached = Code(.routeAlreadyAttached)
        /// No recording session in the journal has the given identifier.
        public static let sessionNotFound = Code(.sessionNotFound)
        /// The recording session was already saved or discarded; its journal is closed.
        public static let sessionEnded = Code(.sessionEnded)
        /// Another SQLite failure.
        public static let database = Code(.database)
        /// The client has no permission to share (write) objects of this type.
        public static let notAuthorized = Code(.notAuthorized)
        /// A query anchor was made by another store.
        public static let foreignAnchor = Code(.foreignAnchor)
        /// A query cannot be answered as asked (e.g. a predicate comparing a quantity in an incompatible unit).
        public static let invalidQuery = Code(.invalidQuery)
        /// Sharing (writing) was asked for a type clients can only read: a characteristic or the
        /// activity summary type (HealthKit refuses such a request the same way).
        public static let readOnlyType = Code(.readOnlyType)

        /// A statistic does not fit the type's aggregation style (sum of heart rate, average of steps).
        public static let optionDoesNotFitType = Code(.optionDoesNotFitType)
        /// The statistics options name no statistic to compute.
        public static let noStatisticRequested = Code(.noStatisticRequested)
        /// A collection interval is zero, negative or not a calendar interval.
        public static let invalidInterval = Code(.invalidInterval)
        /// The end of a query's date range is before its start.
        public static let invalidDateRange = Code(.invalidDateRange)
        /// The range holds more intervals than a statistics collection may have.
        public static let tooManyIntervals = Code(.tooManyIntervals)
        /// A quantity in a predicate cannot be converted to the type's canonical unit.
        public static let incompatibleUnit = Code(.incompatibleUnit)
        /// A predicate cannot be used with the queried type.
        public static let invalidPredicate = Code(.invalidPredicate)
        /// The task that asked was cancelled before the store ran the operation; nothing was changed.
        public static let cancelled = Code(.cancelled)

        /// The code's name, e.g. `"syncVersionNotHigher"`.
        public var description: String { value.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong, where, and what to do, in one sentence or two.
    public var message: String
    /// The store file concerned, if any.
    public var path: String?
    /// The error underneath, e.g. GRDB's `DatabaseError`.
    public var cause: (any Error & Sendable)?

    /// Creates an error.
    public init(code: Code, message: String, path: String? = nil, cause: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.cause = cause
    }

    /// The message: one line, safe to show to a user.
    public var description: String { message }

    /// The message followed by the chain of causes, one per line, for logs and bug reports.
    public func detailedDescription() -> String {
        var lines = ["\(code): \(message)"]
        if let path { lines.append("  path: \(path)") }
        if let cause { lines.append("  cause: \(String(describing: cause))") }
        return lines.joined(separator: "\n")
    }
}
