import Foundation
@testable import PaceStore
import Testing

@Suite struct UUIDTextTests {
    @Test func parsesWhatFoundationParses() {
        for _ in 0..<200 {
            let id = UUID()
            #expect(UUIDText.parse(id.uuidString) == id)
            #expect(UUIDText.parse(id.uuidString.lowercased()) == id)
        }
        #expect(UUIDText.parse("00000000-0000-0000-0000-000000000000") == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }

    @Test(arguments: ["", "01A202FE-1E26-70F9-B8C0-617766860DF", "01A202FE-1E26-70F9-B8C0-617766860DFFF",
                      "01A202FE_1E26-70F9-B8C0-617766860DFF", "01A202FE-1E26-70F9-B8C0-617766860DFG",
                      "01A202FE1E26-70F9-B8C0-617766860DFF0", " 1A202FE-1E26-70F9-B8C0-617766860DFF"])
    func refusesWhatIsNotAUUID(text: String) {
        // Stricter than Foundation on Linux, whose sscanf-based parser takes " 1A202FE-…" as a UUID.
        #expect(UUIDText.parse(text) == nil)
    }
}
