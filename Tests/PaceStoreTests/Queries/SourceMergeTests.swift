@testable import PaceStore
import Testing

@Suite struct SourceMergeTests {
    private func span(_ start: Double, _ end: Double, _ value: Double, _ source: String) -> CumulativeSpan {
        CumulativeSpan(start: start, end: end, value: value, source: source)
    }

    @Test func aLowerSourceKeepsOnlyItsUncoveredShare() {
        let spans = [span(0, 10, 10, "a"), span(20, 30, 10, "a"), span(5, 25, 40, "b")]

        let pieces = SourceMerge.merged(spans, priority: [])

        #expect(pieces.filter { $0.source == "b" }.map(\.start) == [10])
        let total = pieces.reduce(0.0) { $0 + $1.value }
        #expect(total == 40)
    }

    @Test func rankingPutsTheExplicitListFirstThenFirstAppearance() {
        let spans = [span(5, 6, 1, "c"), span(0, 1, 1, "b"), span(9, 10, 1, "a")]

        #expect(SourceMerge.ranking(of: spans, priority: ["a", "missing"]) == ["a", "b", "c"])
    }

    @Test func instantaneousSamplesCountUnlessCovered() {
        let spans = [span(0, 10, 10, "a"), span(5, 5, 3, "b"), span(15, 15, 4, "b")]

        let total = SourceMerge.merged(spans, priority: []).reduce(0.0) { $0 + $1.value }
        #expect(total == 14)
    }
}
