import Foundation

/// A file `InputStream` for `XMLParser(stream:)` that reads in chunks and replaces the bytes of the
/// `<!DOCTYPE …>` declaration with spaces (keeping line breaks, so positions stay right).
///
/// swift-corelibs-foundation's `XMLParser` crashes on `<!ATTLIST … #IMPLIED>` declarations (its
/// attribute-declaration callback reads the absent default value as a C string), and every Apple
/// Health export's internal DTD is made of those. The DTD carries nothing the reader needs (no
/// defaults, no entities — those are refused before parsing), so it is blanked out.
final class AppleHealthInputStream: InputStream {
    private let handle: FileHandle
    private let blanked: ClosedRange<Int>?
    private var position = 0
    private var status: Stream.Status = .notOpen
    private var failure: (any Error)?

    /// Opens `url` for reading; `blanked` is the byte range to replace with spaces.
    init(url: URL, blanking blanked: ClosedRange<Int>?) throws {
        handle = try FileHandle(forReadingFrom: url)
        self.blanked = blanked
        super.init(data: Data())
    }

    deinit { try? handle.close() }

    override func open() { status = .open }
    override func close() { status = .closed }
    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { failure }
    override var hasBytesAvailable: Bool { status == .open }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let chunk: Data
        do {
            chunk = try handle.read(upToCount: length) ?? Data()
        } catch {
            failure = error
            status = .error
            return -1
        }
        guard !chunk.isEmpty else {
            status = .atEnd
            return 0
        }
        chunk.copyBytes(to: buffer, count: chunk.count)
        if let blanked, blanked.overlaps(position...(position + chunk.count - 1)) {
            for index in max(blanked.lowerBound, position)...min(blanked.upperBound, position + chunk.count - 1) {
                let byte = buffer[index - position]
                if byte != 0x0A, byte != 0x0D { buffer[index - position] = 0x20 }
            }
        }
        position += chunk.count
        return chunk.count
    }
}
