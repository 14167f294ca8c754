import Foundation
import PaceFormats
import Testing

/// The streaming decoder: the same messages whatever the source and its chunking, constant memory,
/// 64-bit offsets, errors that name the file.
@Suite struct FITStreamingTests {
    /// Hands out at most `chunk` bytes per read (1 = a byte at a time), cycling through `chunks` if given.
    final class ChunkedSource: ByteSource {
        private let bytes: [UInt8]
        private var position = 0
        private let chunks: [Int]
        private var call = 0

        init(_ data: Data, chunks: [Int]) {
            bytes = [UInt8](data)
            self.chunks = chunks
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            let chunk = chunks[call % chunks.count]
            call += 1
            let count = min(chunk, buffer.count, bytes.count - position)
            guard count > 0 else { return 0 }
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.withUnsafeBytes { $0 }[position..<(position + count)]))
            position += count
            return count
        }
    }

    /// Yields `count` bytes of `data` (which must be read first) and then `filler` zero bytes without storing them.
    final class LongSource: ByteSource {
        private let prefix: [UInt8]
        private var position = 0
        private let total: Int

        init(prefix: [UInt8], fillerCount: Int) {
            self.prefix = prefix
            total = prefix.count + fillerCount
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            let count = min(buffer.count, total - position)
            guard count > 0 else { return 0 }
            if position < prefix.count {
                let head = min(count, prefix.count - position)
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: prefix.withUnsafeBytes { $0 }[position..<(position + head)]))
                position += head
                return head
            }
            // Zeros first (no header can start there), then whatever the buffer holds: the decoder only counts them.
            if position == prefix.count { buffer.initializeMemory(as: UInt8.self, repeating: 0) }
            position += count
            return count
        }
    }

    final class FailingSource: ByteSource {
        struct Failure: Error, CustomStringConvertible { var description: String { "device unplugged" } }
        private let prefix: [UInt8]
        private var sent = false
        init(prefix: [UInt8]) { self.prefix = prefix }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            guard !sent else { throw Failure() }
            sent = true
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: prefix.withUnsafeBytes { $0 }[0..<min(prefix.count, buffer.count)]))
            return min(prefix.count, buffer.count)
        }
    }

    /// Every fixture reads to its end with this decoder, the damaged one (Strava Android) up to its damage.
    static let lenient = FITDecoder(options: .init(keepMessagesBeforeDamage: true))

    static let fixtureNames: [String] = (try? FileManager.default.contentsOfDirectory(atPath: FITTestSupport.fixtures.path))?
        .filter { $0.hasSuffix(".fit") }.sorted() ?? []

    static func stream(_ source: any ByteSource,
                       decoder: FITDecoder = FITDecoder()) throws(FITError) -> (FITDecodeSummary, [FITMessage]) {
        var messages: [FITMessage] = []
        let summary = try decoder.decode(source: source) { messages.append($0) }
        return (summary, messages)
    }

    @Test(arguments: fixtureNames)
    func streamingFromAFileEqualsWholeDataDecode(_ name: String) throws {
        // Given
        let url = FITTestSupport.fixtures.appendingPathComponent(name)
        let whole = try Self.lenient.decode(try Data(contentsOf: url))
        // When
        var messages: [FITMessage] = []
        let summary = try Self.lenient.decode(contentsOf: url) { messages.append($0) }
        // Then
        #expect(messages == whole.messages)
        #expect(summary.fileCount == whole.fileCount)
        #expect(summary.warnings == whole.warnings)
        #expect(summary.messageCount == whole.messages.count)
        #expect(summary.byteCount == (try Data(contentsOf: url)).count)
    }

    @Test(arguments: fixtureNames)
    func aByteAtATimeAndOddChunksGiveTheSameMessages(_ name: String) throws {
        let data = try FITTestSupport.fixture(name)
        let whole = try Self.lenient.decode(data)
        let (oneByte, oneByteMessages) = try Self.stream(ChunkedSource(data, chunks: [1]), decoder: Self.lenient)
        #expect(oneByteMessages == whole.messages)
        #expect(oneByte.fileCount == whole.fileCount)
        let (_, oddMessages) = try Self.stream(ChunkedSource(data, chunks: [7, 1, 4093, 13, 65_537]), decoder: Self.lenient)
        #expect(oddMessages == whole.messages)
    }

    @Test func activityReaderStreamsFromAURL() throws {
        let url = FITTestSupport.fixtures.appendingPathComponent("fr220-run-4laps.fit")
        let streamed = try FITActivityReader().read(contentsOf: url)
        let fromData = try FITActivityReader().read(try Data(contentsOf: url))
        #expect(streamed == fromData)
        #expect(streamed.laps.map(\.records.count) == [14, 11, 10, 11])
    }

    @Test func offsetsAndCountsPastFourGiBAreExact() throws {
        // Given a valid FIT file followed by 4.5 GiB of bytes that start no header, generated without storing them.
        // (A FIT data section past 2³¹ bytes would take minutes in a debug build; the reader's offsets are the same
        // Int arithmetic for messages and trailing bytes, and chained-file offsets are checked below.)
        let file = FITTestSupport.file([0x40, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x84, 0x00, 0x01, 0x00])
        let filler = 4 << 30 + 512 << 20
        // When
        let (summary, messages) = try Self.stream(LongSource(prefix: file, fillerCount: filler))
        // Then
        #expect(messages.count == 1)
        #expect(summary.byteCount == file.count + filler)
        #expect(summary.warnings == [FITWarning(byteOffset: file.count,
                                                reason: "ignored \(filler) trailing bytes that do not start a FIT header.")])
    }

    @Test func messageOffsetsInChainedFilesAreAbsolute() throws {
        let first = FITTestSupport.file([0x40, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x84, 0x00, 0x01, 0x00])
        let file = try FITDecoder().decode(Data(first + first + first))
        #expect(file.messages.map(\.byteOffset) == [23, 23 + first.count, 23 + 2 * first.count])  // 14-byte header + 9-byte definition
    }

    @Test func errorsNameTheFile() throws {
        // Given a file on disk whose CRC is wrong.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("bad.fit")
        try Data(FITTestSupport.file([], fileCRC: 0x1234)).write(to: url)
        // When / Then
        let error = #expect(throws: FITError.self) { try FITActivityReader().read(contentsOf: url) }
        #expect(error?.code == .crcMismatch)
        #expect(error?.file == url.path)
        #expect(error?.description.hasPrefix("\(url.path): FIT decode failed: CRC mismatch at byte 14") == true)
        // A missing file is a read failure naming it.
        let missing = #expect(throws: FITError.self) {
            try FITDecoder().decode(contentsOf: directory.appendingPathComponent("none.fit")) { _ in }
        }
        #expect(missing?.code == .readFailed)
        #expect(missing?.file == directory.appendingPathComponent("none.fit").path)
        #expect(missing?.cause != nil)
    }

    @Test func aFailingSourceIsAReadFailureWithItsCause() throws {
        let bytes = FITTestSupport.file(FITDecoderTests.fileIDDefinition + FITDecoderTests.fileIDData)
        let error = #expect(throws: FITError.self) {
            try Self.stream(FailingSource(prefix: Array(bytes.prefix(20))))
        }
        #expect(error?.code == .readFailed)
        #expect(error?.byteOffset == 20)
        #expect(error?.description == "FIT decode failed: reading failed at byte 20 (device unplugged); check the file and retry.")
        #expect(error?.cause is FailingSource.Failure)
    }

    @Test func handlerSeesMessagesBeforeTheFileCRCFails() throws {
        let bytes = FITTestSupport.file(FITDecoderTests.fileIDDefinition + FITDecoderTests.fileIDData, fileCRC: 0)
        var seen = 0
        let error = #expect(throws: FITError.self) {
            try FITDecoder().decode(source: DataByteSource(Data(bytes))) { _ in seen += 1 }
        }
        #expect(error?.code == .crcMismatch)
        #expect(seen == 1)
    }

    @Test func corruptedFilesGiveTheSameOutcomeWhateverTheChunking() throws {
        // Given corrupted copies of a real file, decoded leniently from memory and from an odd-chunked source.
        let original = [UInt8](try FITTestSupport.fixture("wahoo-bolt-devdata-no-appid.fit"))
        var generator = FITRobustnessTests.Generator(state: 31)
        let lenient = FITDecoder(options: .init(validateCRC: false, allowTruncation: true))
        for _ in 0..<60 {
            var bytes = original
            for _ in 0..<(1 + generator.next(6)) { bytes[generator.next(bytes.count)] = UInt8(generator.next(256)) }
            bytes = Array(bytes.prefix(bytes.count - generator.next(40)))
            // When
            let whole = Result { () throws(FITError) in try lenient.decode(Data(bytes)) }
            let chunked = Result { () throws(FITError) in
                try Self.stream(ChunkedSource(Data(bytes), chunks: [3, 1, 509]), decoder: lenient)
            }
            // Then
            switch (whole, chunked) {
            case let (.success(file), .success((summary, messages))):
                #expect(messages == file.messages)
                #expect(summary.warnings == file.warnings)
            case let (.failure(left), .failure(right)):
                #expect(left == right)
            default:
                Issue.record("outcomes differ: \(whole) vs \(chunked)")
            }
        }
    }
}
