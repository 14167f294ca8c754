import Foundation
import PaceFormats
import Testing
import CPaceZlib

/// `GzipByteSource`: gzip files read in constant memory, members, padding, damage and bombs.
@Suite struct GzipByteSourceTests {
    /// `data` compressed as one gzip member with zlib (level 6, like `gzip`).
    static func gzip(_ data: Data) -> Data {
        var stream = z_stream()
        #expect(deflateInit2_(&stream, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                              Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        var input = data
        let written = input.withUnsafeMutableBytes { source in
            output.withUnsafeMutableBytes { target in
                stream.next_in = source.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(target.count)
                #expect(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return target.count - Int(stream.avail_out)
            }
        }
        return output.prefix(written)
    }

    /// Everything the source delivers, read in `chunk`-byte calls.
    static func readAll(_ source: any ByteSource, chunk: Int = 4096) throws -> Data {
        var result = Data()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { return result }
            result.append(contentsOf: buffer[..<count])
        }
    }

    static let text = Data((0..<200_000).map { "<trkpt lat=\"47.\($0 % 9973)\" lon=\"8.\($0 % 7919)\"/>\n" }.joined().utf8)

    @Test("what gzip wrote reads back byte for byte, whatever the read size", arguments: [1, 7, 4096, 1 << 20])
    func roundTrip(chunk: Int) throws {
        let sample = chunk < 100 ? Self.text.prefix(50_000) : Self.text
        let read = try Self.readAll(GzipByteSource(DataByteSource(Self.gzip(sample))), chunk: chunk)
        #expect(read == sample)
    }

    @Test("members written back to back read as one stream; zero padding after the last is skipped")
    func membersAndPadding() throws {
        let first = Data("first part\n".utf8), second = Data("second part\n".utf8)
        let joined = Self.gzip(first) + Self.gzip(second) + Data(repeating: 0, count: 512)
        #expect(try Self.readAll(GzipByteSource(DataByteSource(joined))) == first + second)
        let empty = Self.gzip(Data())
        #expect(try Self.readAll(GzipByteSource(DataByteSource(empty))).isEmpty)
    }

    @Test("damage is a typed error with the byte offset, never a crash or a silent short read")
    func damage() throws {
        let good = Self.gzip(Self.text.prefix(100_000))
        // Not gzip at all.
        let plain = #expect(throws: GzipError.self) { try Self.readAll(GzipByteSource(DataByteSource(Data("<?xml version".utf8)))) }
        #expect(plain?.code == .notGzip, "\(String(describing: plain))")
        // Cut short.
        let cut = #expect(throws: GzipError.self) { try Self.readAll(GzipByteSource(DataByteSource(good.prefix(good.count / 2)))) }
        #expect(cut?.code == .truncated)
        #expect(cut?.description.contains("byte \(good.count / 2)") == true, "\(String(describing: cut))")
        // The CRC-32 in the trailer does not match.
        var badCRC = good
        badCRC[badCRC.count - 6] ^= 0xFF
        let crc = #expect(throws: GzipError.self) { try Self.readAll(GzipByteSource(DataByteSource(badCRC))) }
        #expect(crc?.code == .corrupt)
        #expect(crc?.description.contains("incorrect data check") == true, "\(String(describing: crc))")
        // Something that is not a member after the stream.
        let trailing = #expect(throws: GzipError.self) { try Self.readAll(GzipByteSource(DataByteSource(good + Data("junk".utf8)))) }
        #expect(trailing?.code == .trailingData)
        #expect(trailing?.offset == UInt64(good.count))
        // Every cut of a small file fails with an error; none returns the bytes as if complete.
        let small = Self.gzip(Data("a short activity file\n".utf8))
        for length in 0..<small.count {
            #expect(throws: GzipError.self) { try Self.readAll(GzipByteSource(DataByteSource(small.prefix(length)))) }
        }
        // An error is thrown again by every later read.
        let source = GzipByteSource(DataByteSource(badCRC))
        #expect(throws: GzipError.self) { try Self.readAll(source) }
        #expect(throws: GzipError.self) { try Self.readAll(source) }
    }

    @Test("a gzip bomb stops at the ratio limit; a large file at the size limit")
    func limits() throws {
        let zeros = Self.gzip(Data(count: 40 << 20))
        let bomb = #expect(throws: GzipError.self) { try Self.readAll(GzipByteSource(DataByteSource(zeros)), chunk: 1 << 16) }
        #expect(bomb?.code == .ratioExceeded, "\(String(describing: bomb)) from \(zeros.count) bytes")
        let large = #expect(throws: GzipError.self) {
            try Self.readAll(GzipByteSource(DataByteSource(Self.gzip(Self.text)), maximumOutputBytes: 1_000_000))
        }
        #expect(large?.code == .tooLarge)
        // Under the limits the same data reads completely.
        #expect(try Self.readAll(GzipByteSource(DataByteSource(Self.gzip(Self.text)), maximumOutputBytes: 1 << 30)).count == Self.text.count)
    }
}
