@testable import PaceCLI
import Testing

/// `ProgressLine`: redrawn in place on a terminal, one plain line per step elsewhere.
@Suite struct ProgressLineTests {
    final class Capture: @unchecked Sendable {
        var text = ""
    }

    @Test("on a terminal each update replaces the line, and finishing ends it once")
    func terminal() {
        let capture = Capture()
        let line = ProgressLine(isTerminal: true) { capture.text += $0 }
        line.update(terminal: "1/2", plain: "first")
        line.update(terminal: "2/2", plain: "second")
        line.finish()
        line.finish()
        #expect(capture.text == "\r\u{1B}[2K1/2\r\u{1B}[2K2/2\n")
    }

    @Test("elsewhere each update is a line of its own and finishing adds nothing")
    func plain() {
        let capture = Capture()
        let line = ProgressLine(isTerminal: false) { capture.text += $0 }
        line.update(terminal: "1/2", plain: "first")
        line.update(terminal: "2/2", plain: "second")
        line.finish()
        #expect(capture.text == "first\nsecond\n")
    }

    @Test("the bar fills in proportion and stays within its width")
    func bar() {
        #expect(ProgressLine.bar(done: 0, total: 4, width: 8) == "[--------]")
        #expect(ProgressLine.bar(done: 1, total: 4, width: 8) == "[##------]")
        #expect(ProgressLine.bar(done: 4, total: 4, width: 8) == "[########]")
        #expect(ProgressLine.bar(done: 9, total: 4, width: 8) == "[########]")
        #expect(ProgressLine.bar(done: 0, total: 0, width: 8) == "[########]")
    }
}
