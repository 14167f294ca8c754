/// A bounded window over a ``ByteSource``: the decoder asks for the next `n` bytes contiguous in
/// memory, the reader refills from the source only when needed, and bytes already consumed are
/// dropped (after they went through the running CRC). Memory is the buffer whatever the file size:
/// ``firstCapacity`` for a file that fits it, ``capacity`` once the file or one message needs more.
///
/// Positions are absolute byte offsets from the start of the source, as `Int` (64-bit), so files over
/// 2 GiB report exact offsets.
final class FITByteReader {
    /// The buffer's largest size in bytes: larger than the largest FIT message (1 + 2 × 255 × 255
    /// bytes of data).
    static let capacity = 256 * 1024
    /// The buffer's first size in bytes: most files (a fuzz input, an upload of a short activity)
    /// fit, and a buffer of ``capacity`` costs far more than their decoding under
    /// AddressSanitizer's allocator (DECISIONS 171).
    static let firstCapacity = 64 * 1024

    private let source: any ByteSource
    private var buffer: UnsafeMutableRawBufferPointer
    /// Index in `buffer` of the next unread byte.
    private var start = 0
    /// Index in `buffer` one past the last valid byte.
    private var end = 0
    /// Absolute offset of `buffer[0]`.
    private var bufferOffset = 0
    /// Index in `buffer` of the first consumed byte not yet added to `crc`.
    private var crcStart = 0
    /// The CRC of the bytes consumed since the last ``resetCRC()``.
    private var crc = FITCRC()
    /// Whether consumed bytes go into `crc` (inside a FIT file; not trailing bytes being skipped).
    private var crcActive = false
    /// Whether the source returned 0 (its end).
    private(set) var reachedEnd = false
    private let file: String?

    init(source: any ByteSource, file: String?) {
        self.source = source
        self.file = file
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.firstCapacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The absolute offset of the next unread byte.
    var position: Int { bufferOffset + start }

    /// The buffer's size in bytes now: ``firstCapacity`` until the source or a message needs more.
    var bufferSize: Int { buffer.count }

    /// How many unread bytes are in the buffer.
    var available: Int { end - start }

    /// The absolute offset one past the last byte read from the source so far (the source's size once
    /// ``reachedEnd`` is true).
    var bytesRead: Int { bufferOffset + end }

    /// The unread bytes, valid until the next call to ``ensure(_:)``.
    var bytes: UnsafeRawPointer { UnsafeRawPointer(buffer.baseAddress!) + start }

    /// Makes at least `count` (≤ ``capacity``) unread bytes available, reading from the source as needed.
    /// - Returns: `false` when the source ended first (``available`` says how many bytes there are).
    /// - Throws: ``FITError/Code/readFailed`` when the source fails.
    @inline(__always)
    func ensure(_ count: Int) throws(FITError) -> Bool {
        if end - start >= count { return true }
        return try refill(count)
    }

    private func refill(_ count: Int) throws(FITError) -> Bool {
        precondition(count <= Self.capacity, "FIT reads are bounded by the buffer")
        if buffer.count < Self.capacity, count > buffer.count || bytesRead >= buffer.count {
            // A message larger than the first buffer, or a file longer than it: the full size from now on.
            grow()
        }
        if buffer.count - start < count {
            // Slide the unread bytes to the front; consumed bytes enter the CRC before they are dropped.
            flushCRC()
            let unread = end - start
            if unread > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: unread) }
            bufferOffset += start
            crcStart -= start
            start = 0
            end = unread
        }
        while end - start < count && !reachedEnd {
            let read: Int
            do {
                read = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
            } catch {
                throw FITError(code: .readFailed, byteOffset: bytesRead, messageIndex: nil,
                               reason: "reading failed at byte \(bytesRead) (\(error)); check the file and retry.",
                               file: file, cause: error)
            }
            if read == 0 { reachedEnd = true } else { end += read }
        }
        return end - start >= count
    }

    /// Moves the buffer's bytes into one of ``capacity`` bytes; offsets within it are unchanged.
    private func grow() {
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.capacity, alignment: 16)
        grown.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
        buffer.deallocate()
        buffer = grown
    }

    /// Consumes `count` bytes (≤ ``available``).
    @inline(__always)
    func advance(_ count: Int) {
        start += count
    }

    /// Consumes `count` bytes, reading and dropping them as needed.
    /// - Returns: How many were skipped: fewer than `count` only at the end of the source.
    func skip(_ count: Int) throws(FITError) -> Int {
        var remaining = count
        while remaining > 0 {
            if available == 0, try !ensure(1) { break }
            let step = min(remaining, available)
            advance(step)
            remaining -= step
        }
        return count - remaining
    }

    /// Reads and drops everything left in the source.
    /// - Returns: How many bytes were dropped.
    func skipToEnd() throws(FITError) -> Int {
        var total = 0
        while true {
            if available == 0, try !ensure(1) { return total }
            total += available
            advance(available)
        }
    }

    /// Starts a new CRC at the next unread byte.
    func resetCRC() {
        crc = FITCRC()
        crcStart = start
        crcActive = true
    }

    /// The CRC of the bytes consumed since the last ``resetCRC()``; later bytes are not added.
    func consumedCRC() -> UInt16 {
        flushCRC()
        crcActive = false
        return crc.value
    }

    private func flushCRC() {
        if crcActive && start > crcStart {
            crc.add(UnsafeRawBufferPointer(rebasing: buffer[crcStart..<start]))
        }
        crcStart = start
    }
}
