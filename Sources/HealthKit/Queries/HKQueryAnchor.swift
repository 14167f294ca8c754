public import Foundation
import PaceStore

/// Where an anchored query stopped (Apple's `HKQueryAnchor`): pass it to the next query to get
/// only what changed since. An anchor belongs to one store.
public final class HKQueryAnchor: NSObject, @unchecked Sendable {
    let anchor: QueryAnchor?
    let legacyValue: Int?

    init(_ anchor: QueryAnchor) {
        self.anchor = anchor
        self.legacyValue = nil
    }

    /// An anchor from the integer anchors of iOS 8; `0` is the start. Pace reads such an anchor
    /// as the change counter of the store it is used with.
    public init(fromValue value: Int) {
        self.anchor = nil
        self.legacyValue = value
    }

    /// The Pace anchor to resume from, for the store `storeID`.
    func pace(storeID: UUID) -> QueryAnchor? {
        if let anchor { return anchor }
        guard let legacyValue, legacyValue > 0 else { return nil }
        return QueryAnchor(storeID: storeID, anchor: Anchor(rawValue: Int64(legacyValue)))
    }

    /// Anchors are equal when they name the same point of the same store.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKQueryAnchor else { return false }
        return other.anchor == anchor && other.legacyValue == legacyValue
    }

    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { anchor?.hashValue ?? legacyValue?.hashValue ?? 0 }

    /// The store and change counter, e.g. `6F1…:42`.
    public override var description: String { anchor?.description ?? "\(legacyValue ?? 0)" }
}
