import PaceTestSupport
import Testing

/// The tests' time scale (PaceTestSupport, used by every test target; checked here, in the first
/// target that depends on it): the sanitizer lane lengthens limits with it, nothing else changes.
@Suite struct TestTimeTests {
    @Test(arguments: [
        ([:], 1), (["PACE_TEST_TIME_SCALE": "4"], 4), (["PACE_TEST_TIME_SCALE": "100"], 100),
        (["PACE_TEST_TIME_SCALE": "0"], 1), (["PACE_TEST_TIME_SCALE": "101"], 1), (["PACE_TEST_TIME_SCALE": "2.5"], 1),
        (["PACE_TEST_TIME_SCALE": "many"], 1),
    ] as [([String: String], Int)])
    func theScaleIsAWholeNumberFromOneToAHundred(environment: [String: String], scale: Int) {
        #expect(TestTime.scale(in: environment) == scale)
    }

    @Test func waitsAreLengthenedByTheScale() {
        #expect(TestTime.seconds(15) == 15 * Double(TestTime.scale))
        #expect(TestTime.duration(.seconds(20)) == .seconds(20 * TestTime.scale))
    }
}
