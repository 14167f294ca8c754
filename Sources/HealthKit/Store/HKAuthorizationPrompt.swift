import Foundation
import PaceModel
import PaceStore

/// Asks the person at the terminal to decide an app's undecided types, one line per type and
/// access, on standard error, reading `y`/`n` from standard input on a thread of its own.
enum HKAuthorizationPrompt {
    static func ask(app: AuthorizedStore, share: Set<HealthObjectType>, read: Set<HealthObjectType>) async throws {
        let records = try await app.store.authorizationRecords(client: app.client)
        var questions: [(type: HealthObjectType, access: AuthorizationAccess)] = []
        for type in share.union(read).sorted(by: { $0.identifier < $1.identifier }) {
            let record = records.first { $0.type == type }
            if share.contains(type) && (record?.shareStatus ?? .notDetermined) == .notDetermined { questions.append((type, .share)) }
            if read.contains(type) && (record?.readStatus ?? .notDetermined) == .notDetermined { questions.append((type, .read)) }
        }
        guard !questions.isEmpty else { return }
        let client = app.client, asked = questions
        let answers = await ThreadBridge.run(label: "org.pace.healthkit.prompt") { () -> [Bool] in
            asked.map { question in
                let verb = question.access == .share ? "write" : "read"
                FileHandle.standardError.write(Data("Allow \(client) to \(verb) \(question.type.displayName)? [y/N] ".utf8))
                let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                return answer == "y" || answer == "yes"
            }
        }
        for (question, allowed) in zip(questions, answers) {
            try await app.store.setAuthorization(
                client: client, type: question.type,
                share: question.access == .share ? (allowed ? .sharingAuthorized : .sharingDenied) : nil,
                read: question.access == .read ? (allowed ? .authorized : .denied) : nil)
        }
    }
}
