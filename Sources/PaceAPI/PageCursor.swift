package import Foundation
package import PaceStore

/// Where a page of objects sorted newest first ended: the last start date (exactly) and the
/// objects already given that start then, so ties are neither repeated nor skipped. Opaque to
/// clients (base64url of JSON).
package struct PageCursor: Codable, Equatable, Sendable {
    /// The last start, seconds since 2001-01-01 (as stored: exact).
    package var start: Double
    /// The identifiers already given with that start.
    package var ties: [UUID]

    /// The cursor after `items`, given each item's start and id, or `nil` when there is no next page.
    package init?<Item>(after items: [Item], more: Bool, start: (Item) -> Date, id: (Item) -> UUID) {
        guard more, let last = items.last else { return nil }
        let lastStart = start(last)
        self.start = lastStart.timeIntervalSinceReferenceDate
        ties = items.filter { start($0) == lastStart }.map(id)
    }

    /// Reads a cursor a client sent back.
    /// - Throws: ``APIParameterError`` for `cursor` when the text is no cursor this server gave.
    package init(parsing text: String) throws(APIParameterError) {
        guard let data = Base64URL.decode(text), let cursor = try? JSONDecoder().decode(PageCursor.self, from: data),
              cursor.start.isFinite else {
            throw APIParameterError(name: "cursor", problem: "is not a cursor this server gave; start again without it")
        }
        self = cursor
    }

    /// The cursor as text.
    package var text: String {
        Base64URL.encode((try? JSONEncoder().encode(self)) ?? Data())
    }

    /// Objects after the cursor, newest first: started earlier, or at the same instant and not given yet.
    package var predicate: SamplePredicate {
        let instant = Date(timeIntervalSinceReferenceDate: start)
        let sameStart = SamplePredicate.date(from: instant, to: Date(timeIntervalSinceReferenceDate: start.nextUp), options: .strictStartDate)
        return .date(from: nil, to: instant) || (sameStart && !.ids(ties))
    }
}
