import Foundation
import Testing
@testable import PaceFormats

/// The FIT decoder's window over its source: a small file never pays for the full buffer, and a
/// long file or a large message grows it without changing a byte or the CRC.
@Suite struct FITByteReaderTests {
    /// `count` bytes of a fixed pseudo-random sequence.
    private static func bytes(_ count: Int) -> [UInt8] {
        var state: UInt32 = 0x2545_F491
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// Reads `data` through a reader in steps of `steps` (cycled), returning what was read and its CRC.
    private static func readAll(_ data: [UInt8], steps: [Int]) throws -> (read: [UInt8], crc: UInt16, bufferSize: Int) {
        let reader = FITByteReader(source: DataByteSource(Data(data)), file: nil)
        reader.resetCRC()
        var read: [UInt8] = []
        var index = 0
        while true {
            let step = steps[index % steps.count]
            index += 1
            let complete = try reader.ensure(step)
            let count = complete ? step : reader.available
            read += UnsafeRawBufferPointer(start: reader.bytes, count: count)
            reader.advance(count)
            if !complete { break }
        }
        return (read, reader.consumedCRC(), reader.bufferSize)
    }

    private static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc = FITCRC()
        bytes.withUnsafeBytes { crc.add($0) }
        return crc.value
    }

    @Test func aSmallFileKeepsTheFirstBuffer() throws {
        let data = Self.bytes(20_000)
        let result = try Self.readAll(data, steps: [14, 5, 37, 1, 255])
        #expect(result.read == data)
        #expect(result.crc == Self.crc(data))
        #expect(result.bufferSize == FITByteReader.firstCapacity)
    }

    @Test func aLongFileGrowsTheBufferAndReadsTheSameBytes() throws {
        // Given 600 KB read in small steps, across the first buffer's end and many slides
        let data = Self.bytes(600_000)
        let result = try Self.readAll(data, steps: [14, 5, 37, 1, 255, 3_001])
        #expect(result.read == data)
        #expect(result.crc == Self.crc(data))
        #expect(result.bufferSize == FITByteReader.capacity)
    }

    @Test func aMessageLargerThanTheFirstBufferIsReadWhole() throws {
        // Given a first read of 130,051 bytes (FIT's largest data message: 1 + 2 × 255 × 255)
        let data = Self.bytes(200_000)
        let reader = FITByteReader(source: DataByteSource(Data(data)), file: nil)
        reader.resetCRC()
        #expect(try reader.ensure(130_051))
        #expect(Array(UnsafeRawBufferPointer(start: reader.bytes, count: 130_051)) == Array(data[..<130_051]))
        reader.advance(130_051)
        #expect(reader.consumedCRC() == Self.crc(Array(data[..<130_051])))
        #expect(reader.bufferSize == FITByteReader.capacity)
        // and the rest follows
        #expect(try !reader.ensure(70_000))
        #expect(reader.available == 200_000 - 130_051)
    }
}
