import Foundation
import PaceModel
import PaceStore

extension HKHealthStore {
    /// Asks for permission to write `typesToShare` and read `typesToRead`.
    ///
    /// On Pace the request is recorded for the store's owner, who decides with `pace apps`; with
    /// `PACE_AUTHORIZATION=grant` (or `deny`) in the environment every undecided type is decided so
    /// at once, and at an interactive terminal the app asks on standard error and reads the answers.
    /// As in HealthKit, success means the request was handled, not that anything was allowed.
    ///
    /// - Parameter completion: Called on a background queue with `true`, or `false` and an
    ///   ``HKError`` (``HKError/Code/errorInvalidArgument`` for no types or a read-only type to share).
    @preconcurrency
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
                                     completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let share = typesToShare ?? [], read = typesToRead ?? []
        HKCallbacks.deliver({ try await self.requestAuthorization(toShare: share, read: read) }) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }

    /// Asks for permission (the async form of ``requestAuthorization(toShare:read:completion:)``).
    public func requestAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>) async throws {
        let share = try Self.paceTypes(typesToShare.map { $0 as HKObjectType }), read = try Self.paceTypes(Array(typesToRead))
        guard !share.isEmpty || !read.isEmpty else {
            throw HKError(.errorInvalidArgument, message: "Ask for at least one type to share or read.")
        }
        if let readOnly = share.first(where: \.isReadOnly) {
            throw HKError(.errorInvalidArgument,
                          message: "Apps may only read \(readOnly.identifier); ask for it under read: instead.")
        }
        let app = try appStore()
        do {
            switch HKAuthorizationPolicy.current(environment) {
            case .grant: try await app.requestAuthorization(toShare: share, read: read) { _, _ in true }
            case .deny: try await app.requestAuthorization(toShare: share, read: read) { _, _ in false }
            case .record: try await app.recordAuthorizationRequest(toShare: share, read: read)
            case .prompt:
                try await app.recordAuthorizationRequest(toShare: share, read: read)
                try await HKAuthorizationPrompt.ask(app: app, share: share, read: read)
            }
        } catch {
            throw HKStoreConnection.error(error)
        }
    }

    /// Whether the app may write `type`; whether it may read it is never told.
    ///
    /// It reads the store synchronously, as Apple's does; an unreadable store answers `notDetermined`.
    public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
        guard let paceType = type.paceType, let app = try? appStore(),
              let status = try? app.authorizationStatusBlocking(for: paceType) else { return .notDetermined }
        return switch status {
        case .notDetermined: .notDetermined
        case .sharingDenied: .sharingDenied
        case .sharingAuthorized: .sharingAuthorized
        }
    }

    /// Whether asking for these types would ask anything: `unnecessary` when the app asked for all
    /// of them before, decided or not.
    @preconcurrency
    public func getRequestStatusForAuthorization(toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
                                                 completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void) {
        HKCallbacks.deliver({ try await self.statusForAuthorizationRequest(toShare: typesToShare, read: typesToRead) }) { result in
            switch result {
            case .success(let status): completion(status, nil)
            case .failure(let error): completion(.unknown, error)
            }
        }
    }

    /// The async form of ``getRequestStatusForAuthorization(toShare:read:completion:)``.
    public func statusForAuthorizationRequest(toShare typesToShare: Set<HKSampleType>,
                                              read typesToRead: Set<HKObjectType>) async throws -> HKAuthorizationRequestStatus {
        let share = try Self.paceTypes(typesToShare.map { $0 as HKObjectType }), read = try Self.paceTypes(Array(typesToRead))
        do {
            return try await appStore().hasRequestedAuthorization(toShare: share, read: read) ? .unnecessary : .shouldRequest
        } catch {
            throw HKStoreConnection.error(error)
        }
    }

    /// Pace's types for HealthKit's; a type Pace does not store is an invalid argument.
    static func paceTypes(_ types: [HKObjectType]) throws(HKError) -> Set<HealthObjectType> {
        var result = Set<HealthObjectType>()
        for type in types {
            guard let pace = type.paceType else {
                throw HKError(.errorInvalidArgument, message: "Pace does not store \(type.identifier) yet (docs/HEALTHKIT.md).")
            }
            result.insert(pace)
        }
        return result
    }
}

/// How an app's permission request is decided (`PACE_AUTHORIZATION`).
enum HKAuthorizationPolicy {
    /// Every undecided type allowed (`grant`): scripts and CI.
    case grant
    /// Every undecided type refused (`deny`).
    case deny
    /// Asked at the terminal (`prompt`, or unset at an interactive terminal).
    case prompt
    /// Recorded for the owner (`record`, or unset without a terminal).
    case record

    /// The policy the environment and the terminal give.
    static func current(_ environment: [String: String]) -> HKAuthorizationPolicy {
        switch environment["PACE_AUTHORIZATION"]?.lowercased() {
        case "grant": .grant
        case "deny": .deny
        case "prompt": .prompt
        case "record": .record
        default: isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 ? .prompt : .record
        }
    }
}
