@testable import PaceSensors
import Testing

@Suite struct GPSDLineSplitterTests {
    @Test func splitsCRLFLinesAcrossChunks() {
        var splitter = GPSDLineSplitter()
        #expect(splitter.append(Array(#"{"class":"VER"#.utf8)).isEmpty)
        let pieces = splitter.append(Array("SION\"}\r\n{\"a\":1}\n\r\n\n{\"b\"".utf8))
        #expect(pieces == [.line(Array(#"{"class":"VERSION"}"#.utf8)), .line(Array(#"{"a":1}"#.utf8))])
        #expect(splitter.append(Array(":2}\r\n".utf8)) == [.line(Array(#"{"b":2}"#.utf8))])
    }

    @Test func discardsOverlongLinesAndRecovers() {
        var splitter = GPSDLineSplitter(maximumLineLength: 8)
        #expect(splitter.append(Array("0123456789".utf8)).isEmpty)
        #expect(splitter.append(Array("abc\nok\n".utf8)) == [.tooLong(13), .line(Array("ok".utf8))])
        #expect(splitter.append(Array("12345678\n".utf8)) == [.line(Array("12345678".utf8))], "exactly the limit is accepted")
    }
}

@Suite struct ReconnectBackoffTests {
    @Test func doublesUpToTheCapAndResets() {
        var backoff = ReconnectBackoff(initial: .milliseconds(250), cap: .seconds(4))
        let delays = (0..<7).map { _ in backoff.next() }
        #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(4), .seconds(4)])
        backoff.reset()
        #expect(backoff.next() == .milliseconds(250))
    }
}
