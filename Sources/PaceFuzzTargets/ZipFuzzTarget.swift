import Foundation
import PaceFormats
import ZIPFoundation

extension FuzzTarget {
    /// zip: ``ZipArchive`` on any bytes (written to a temporary file, as the archive reads files).
    /// The listed paths are all safe (no `..`, absolute, drive-letter or backslash paths, no NUL);
    /// every entry reads to exactly its declared size or fails with a ``ZipArchiveError``, within
    /// the limits.
    static let zip = FuzzTarget(
        name: "zip",
        summary: "ZipArchive: only safe paths listed, entries read to their declared size or a ZipArchiveError",
        generatedSeeds: { ZipFuzzSeeds.archives() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "zip")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pace-fuzz-\(UUID().uuidString).zip")
        do {
            try data.write(to: url)
        } catch {
            throw FuzzInvariantViolation(target: "zip", message: "cannot write the temporary archive: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        let limits = ZipLimits(maxTotalUncompressedBytes: 4 << 20, ratioCheckThresholdBytes: 1 << 20, maxEntryCount: 1000)
        let archive: ZipArchive
        do throws(ZipArchiveError) {
            archive = try ZipArchive(url: url, limits: limits)
        } catch {
            try check.require(error.code != .unreadable && error.code != .missingEntry, "opening failed with \(error.code): \(error)")
            return .refused(code: error.code.rawValue)
        }
        var refusal: String?
        for path in archive.filePaths {
            try check.require(ZipFuzzSeeds.isSafe(path), "listed an unsafe path \(path.debugDescription)")
            let declared = archive.declaredSize(ofEntry: path)
            let source: ZipEntryByteSource
            do throws(ZipArchiveError) {
                source = try archive.source(ofEntry: path)
            } catch {
                try check.require(error.code != .missingEntry, "a listed path has no entry: \(error)")
                refusal = refusal ?? error.code.rawValue
                continue
            }
            let result = ByteSourceDrain(chunkSize: 64 * 1024, limit: Int(limits.maxTotalUncompressedBytes) + 1).drain(source)
            try check.require(result.bytes.count <= Int(limits.maxTotalUncompressedBytes),
                              "entry produced \(result.bytes.count) bytes past the limit")
            if let error = result.error {
                guard let error = error as? ZipArchiveError else {
                    throw FuzzInvariantViolation(target: "zip", message: "entry failed with a \(type(of: error)), not a ZipArchiveError: \(error)")
                }
                refusal = refusal ?? error.code.rawValue
            } else {
                try check.require(declared == UInt64(result.bytes.count),
                                  "entry declares \(declared.map(String.init) ?? "nil") bytes but read \(result.bytes.count)")
            }
        }
        return refusal.map { .refused(code: $0) } ?? .decoded
    }
}

/// The zip target's seeds and path rule.
enum ZipFuzzSeeds {
    /// Whether a listed path is a plain relative path (the rule ``ZipArchive`` promises).
    static func isSafe(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, !bytes.contains(0), !bytes.contains(UInt8(ascii: "\\")), bytes.first != UInt8(ascii: "/") else {
            return false
        }
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":"), (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[0] & 0xDF) {
            return false
        }
        return !path.split(separator: "/").contains("..")
    }

    /// Small archives written by ZIPFoundation: stored and deflated entries, a folder, an empty file.
    static func archives() -> [Data] {
        let text = Data(String(repeating: "<trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt>\n", count: 20).utf8)
        let layouts: [[(path: String, type: Entry.EntryType, data: Data, method: CompressionMethod)]] = [
            [("ride.gpx", .file, text, .none)],
            [("export/", .directory, Data(), .none), ("export/ride.gpx", .file, text, .deflate), ("empty.txt", .file, Data(), .none)],
            [("a.fit", .file, Data((0..<200).map { UInt8($0 % 251) }), .deflate), ("b/c.tcx", .file, text, .deflate)],
        ]
        return layouts.compactMap { entries in
            guard let archive = try? Archive(data: Data(), accessMode: .create, pathEncoding: nil) else { return nil }
            for entry in entries {
                try? archive.addEntry(with: entry.path, type: entry.type, uncompressedSize: Int64(entry.data.count),
                                      modificationDate: Date(timeIntervalSince1970: 1_700_000_000),
                                      compressionMethod: entry.method) { position, size in
                    entry.data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            return archive.data
        }
    }
}
