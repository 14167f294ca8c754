import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Archives built to attack the importer, sent over HTTP: the upload is accepted (it is only bytes
/// until the queue reads it), its job fails with a reason, nothing of the archive is stored, and no
/// file appears outside the server's uploads folder.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct HostileUploadTests {
    /// A zip in `directory` whose entries are `(path, bytes)`, deflated, or entries of `size` zero
    /// bytes when the bytes are `nil` (written in 1 MiB pieces, so a bomb never sits in memory).
    static func zip(_ entries: [(String, Data?, Int64)], in directory: TemporaryDirectory) throws -> Data {
        let url = directory.url.appendingPathComponent("upload-\(UUID().uuidString).zip")
        try TestZip.write(entries.map { path, data, size in TestZip.Entry(path: path, content: data.map { .bytes($0) } ?? .zeros(size)) }, to: url)
        return try Data(contentsOf: url)
    }

    /// Uploads `zip` as alice and waits for its job: the job's JSON.
    static func upload(_ zip: Data, _ client: any TestClientProtocol, _ secret: String) async throws -> [String: Any] {
        let (status, location) = try await client.execute(uri: "/api/v1/uploads?format=zip", method: .post,
                                                          headers: ServerFixture.bearer(secret), body: ByteBuffer(bytes: zip)) {
            ($0.status, $0.headers[.location])
        }
        #expect(status == .accepted)
        return try await UploadTests.finished(client, secret, try #require(location))
    }

    @Test func aZipSlipArchiveFailsWholeAndWritesNothingOutsideTheUploads() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let good = Data(UploadTests.gpx().utf8)
        let archives = [
            try Self.zip([("run.gpx", good, 0), ("../../escape.gpx", good, 0)], in: scratch),
            try Self.zip([("run.gpx", good, 0), ("/tmp/absolute.gpx", good, 0)], in: scratch),
            try Self.zip([("apple_health_export/export.xml", Data("<HealthData/>".utf8), 0),
                          ("apple_health_export/../../pwned.txt", Data("pwned".utf8), 0)], in: scratch),
        ]
        let before = try Self.files(under: fixture.directory.url)
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute]
            let secret = try await ServerFixture.token(client, for: alice, read: all, share: all)
            for zip in archives {
                let job = try await Self.upload(zip, client, secret)
                let problems = (job["problems"] as? [String]) ?? []
                #expect(job["status"] as? String == "failed" && job["imported"] as? Int ?? 0 == 0, "\(job)")
                #expect(problems.contains { $0.contains("..") || $0.contains("absolute") || $0.contains("zip-slip") }, "says why: \(problems)")
                #expect(problems.allSatisfy { !$0.contains(fixture.directory.url.path) }, "no server path: \(problems)")
            }
        }
        #expect(try await fixture.store(of: alice).workouts().isEmpty, "nothing of a refused archive is stored")
        let written = try Self.files(under: fixture.directory.url).subtracting(before)
        #expect(written.allSatisfy { $0.hasPrefix("uploads/") || !$0.contains("escape") && !$0.contains("pwned") && !$0.contains("absolute") },
                "\(written.sorted())")
        for name in ["escape.gpx", "pwned.txt"] {
            #expect(!FileManager.default.fileExists(atPath: fixture.directory.url.deletingLastPathComponent().appendingPathComponent(name).path))
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute.gpx"))
    }

    @Test func aZipBombFailsAtItsRatioAndTheGoodEntriesBesideItAreImported() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        // 64 MiB of zeros deflate to about 64 KB: past the 1000:1 ratio once 8 MiB are out.
        let bomb = try Self.zip([("run.gpx", Data(UploadTests.gpx().utf8), 0), ("bomb.gpx", nil, 64 << 20)], in: scratch)
        #expect(bomb.count < 200_000)
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute]
            let secret = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let job = try await Self.upload(bomb, client, secret)
            let problems = (job["problems"] as? [String]) ?? []
            #expect(job["imported"] as? Int == 1, "the good entry is imported: \(job)")
            #expect(problems.contains { $0.contains("bomb.gpx") && $0.contains("zip bomb") }, "names the entry and why: \(problems)")
        }
        #expect(try await fixture.store(of: alice).workouts().count == 1)
    }

    /// Every file under `root`, as paths relative to it.
    static func files(under root: URL) throws -> Set<String> {
        let base = root.resolvingSymlinksInPath().path + "/"
        var found: Set<String> = []
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            found.insert(url.resolvingSymlinksInPath().path.replacingOccurrences(of: base, with: ""))
        }
        return found
    }
}
