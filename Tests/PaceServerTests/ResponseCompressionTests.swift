import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceFormats
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Text answers go out gzipped to clients that accept gzip, and read back byte for byte what an
/// uncompressed answer holds; small, binary and refused answers go out as they are.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct ResponseCompressionTests {
    /// `data` decompressed by the project's own gzip reader (system zlib's inflate, not the server's compressor).
    static func gunzip(_ data: Data) throws -> Data {
        let source = GzipByteSource(DataByteSource(data))
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { return output }
            output.append(contentsOf: chunk[..<count])
        }
    }

    @Test func aWorkoutsSeriesIsGzippedForAClientThatAcceptsItAndReadsBackTheSame() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run()
        let store = try await fixture.store(of: alice)
        try await store.save([.workout(run), .workoutRoute(TestObjects.route(for: run, count: 400))])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute], share: [])
            let uri = "/api/v1/workouts/\(run.id.uuidString)/series?points=400"
            let plain = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == nil, "no Accept-Encoding, no compression")
                return Data(response.body.readableBytesView)
            }
            #expect(plain.count > 10_000)
            var headers = ServerFixture.bearer(secret)
            headers[.acceptEncoding] = "br;q=1.0, gzip;q=0.8"
            let zipped = try await client.execute(uri: uri, method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                return Data(response.body.readableBytesView)
            }
            #expect(zipped.count * 3 < plain.count, "\(zipped.count) compressed bytes of \(plain.count)")
            #expect(try Self.gunzip(zipped) == plain)

            headers[.acceptEncoding] = "gzip;q=0, identity"
            let refused = try await client.execute(uri: uri, method: .get, headers: headers) { response in
                #expect(response.headers[.contentEncoding] == nil, "gzip;q=0 refuses gzip")
                return Data(response.body.readableBytesView)
            }
            #expect(refused == plain)

            // An error answer is small: it goes out as it is, still JSON.
            headers[.acceptEncoding] = "gzip"
            try await client.execute(uri: "/api/v1/workouts/\(UUID().uuidString)", method: .get, headers: headers) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentEncoding] == nil)
                let code = try ServerFixture.errorCode(response)
                #expect(code == "notFound")
            }
        }
    }

    @Test func aStreamedFileIsGzippedAsItIsRead() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        try await fixture.test { client in
            let plain = try await client.execute(uri: "/static/pace.js", method: .get) { response in
                #expect(response.status == .ok)
                return Data(response.body.readableBytesView)
            }
            #expect(plain.count > 4 * 1024)
            let zipped = try await client.execute(uri: "/static/pace.js", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.headers[.contentEncoding] == "gzip")
                #expect(response.headers[.contentLength] == nil, "the compressed length is not known before it is sent")
                return Data(response.body.readableBytesView)
            }
            #expect(zipped.count < plain.count / 2)
            #expect(try Self.gunzip(zipped) == plain)
        }
    }

    @Test func whatIsCompressedAndWhatAcceptsIt() {
        typealias Compression = ResponseCompression<ServerRequestContext>
        #expect(Compression.acceptsGzip(["gzip, deflate, br"]))
        #expect(Compression.acceptsGzip(["deflate", "GZIP ; q=0.5"]))
        #expect(Compression.acceptsGzip(["*"]))
        #expect(!Compression.acceptsGzip(["gzip;q=0"]))
        #expect(!Compression.acceptsGzip(["gzip; q=0.000"]))
        #expect(!Compression.acceptsGzip(["br, deflate"]))
        #expect(!Compression.acceptsGzip([]))
        // An explicit gzip entry wins over the wildcard, wherever either stands.
        #expect(!Compression.acceptsGzip(["*;q=1, gzip;q=0"]), "gzip refused by name, other codings welcome")
        #expect(!Compression.acceptsGzip(["*", "gzip; q=0"]))
        #expect(Compression.acceptsGzip(["*;q=0, gzip;q=0.2"]))
        #expect(Compression.acceptsGzip(["br, *;q=0.1"]))
        #expect(!Compression.acceptsGzip(["br, *;q=0"]))
        #expect(Compression.acceptsGzip(["x-gzip"]))
        var headers: HTTPFields = [.vary: "Cookie"]
        Compression.varyOnEncoding(&headers)
        Compression.varyOnEncoding(&headers)
        #expect(headers[values: .vary] == ["Cookie", "Accept-Encoding"], "added once, beside what was there")
        #expect(Compression.compressible("text/html; charset=utf-8"))
        #expect(Compression.compressible("application/json"))
        #expect(Compression.compressible("application/gpx+xml"))
        #expect(!Compression.compressible("text/event-stream; charset=utf-8"), "live events must not wait in the compressor")
        #expect(!Compression.compressible("application/vnd.ant.fit"))
        #expect(!Compression.compressible("image/png"))
    }
}
