package import PaceStore
import Foundation

/// The opaque text form of a store anchor in the sync API (base64url of its JSON).
package enum SyncAnchorText {
    /// The text a client sends back as `anchor`.
    package static func text(_ anchor: QueryAnchor) -> String {
        Base64URL.encode((try? JSONEncoder().encode(anchor)) ?? Data())
    }

    /// The anchor a client sent back.
    /// - Throws: ``APIParameterError`` for `anchor` when the text is no anchor this server gave.
    package static func anchor(_ text: String) throws(APIParameterError) -> QueryAnchor {
        guard let data = Base64URL.decode(text), let anchor = try? JSONDecoder().decode(QueryAnchor.self, from: data) else {
            throw APIParameterError(name: "anchor", problem: "is not an anchor this server gave; pull again without one to start over")
        }
        return anchor
    }
}
