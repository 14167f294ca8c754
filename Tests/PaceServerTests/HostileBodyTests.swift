import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Request bodies that are not what a route reads — not JSON, numbers JSON cannot hold as finite
/// values, more bytes than the route takes — are refused with a stable code, and nothing is saved.
@Suite struct HostileBodyTests {
    /// A one-sample push whose heart-rate value is replaced by `value` (JSON text).
    static func push(value: String) throws -> ByteBuffer {
        let text = String(buffer: try SyncPushTests.body([.quantitySample(TestObjects.heartRate(150))]))
        try #require(text.contains(#""value":150"#), "the push's JSON changed shape: \(text)")
        return ByteBuffer(string: text.replacingOccurrences(of: #""value":150"#, with: #""value":\#(value)"#))
    }

    @Test func syncPushBodiesThatHoldNoObjectsAreRefusedAndNothingIsSaved() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let watch = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)], share: [.quantity(.heartRate)])
            func answer(_ body: ByteBuffer) async throws -> (HTTPResponse.Status, String?) {
                try await client.execute(uri: "/api/v1/sync/objects", method: .post, headers: ServerFixture.bearer(watch), body: body) {
                    ($0.status, try ServerFixture.errorCode($0))
                }
            }
            let bodies: [(String, ByteBuffer)] = [
                ("not JSON", ByteBuffer(string: "{not json")),
                ("a value past Double's range (infinite)", try Self.push(value: "1e400")),
                ("NaN as text", try Self.push(value: #""NaN""#)),
                ("a value that is no number", try Self.push(value: "null")),
                ("JSON nested 10,000 deep", ByteBuffer(string: String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))),
            ]
            for (what, body) in bodies {
                let (status, code) = try await answer(body)
                #expect(status == .badRequest && code == "sync.invalid", "\(what): \(status) \(code ?? "no code")")
            }
            var tooLarge = ByteBuffer(repeating: UInt8(ascii: " "), count: SyncPush.maximumBytes)
            tooLarge.writeString("{}")
            let (status, code) = try await answer(tooLarge)
            #expect(status == .contentTooLarge && code == "request.tooLarge", "\(status) \(code ?? "no code")")
        }
        #expect(try await fixture.store(of: alice).quantitySamples(matching: .heartRate).isEmpty, "nothing of a refused push is saved")
    }

    @Test func aLiveBatchOverItsByteLimitIsRefused() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout], share: [.workout])
            var body = ByteBuffer(repeating: UInt8(ascii: " "), count: 1 << 20)
            body.writeString(#"{"sequence": 1}"#)
            let answer = try await LiveRoutesTests.post(client, secret, UUID(), body)
            #expect(answer.status == .contentTooLarge && (answer.json["error"] as? [String: Any])?["code"] as? String == "request.tooLarge", "\(answer.status) \(answer.json)")
        }
    }

    /// Every route that reads a body answers `413 request.tooLarge` for one over its limit — the JSON
    /// routes and the settings form alike — not that the body is malformed.
    @Test func everyBodyOverItsRoutesLimitIsAnswered413() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            func padded(_ json: String, to count: Int) -> ByteBuffer {
                var body = ByteBuffer(repeating: UInt8(ascii: " "), count: count)
                body.writeString(json)
                return body
            }
            let oneMiB = 1 << 20
            let cookie = try await WebPagesTests.signIn(client, "alice")
            let csrf = try await WebAccountPagesTests.csrf(client, cookie)
            var form = cookie
            form[.contentType] = "application/x-www-form-urlencoded"
            let routes: [(String, HTTPRequest.Method, HTTPFields, ByteBuffer)] = [
                ("/api/v1/session", .post, [:], padded(#"{"name": "alice", "password": "x"}"#, to: oneMiB)),
                ("/api/v1/accounts", .post, [:], padded(#"{"name": "carol", "password": "carolcarolcarol"}"#, to: oneMiB)),
                ("/api/v1/tokens", .post, ServerFixture.basic(alice), padded(#"{"name": "t", "read": [], "share": []}"#, to: oneMiB)),
                ("/settings", .post, form, ByteBuffer(string: "csrf=\(csrf)&units=metric&timeZone=" + String(repeating: "U", count: 16_384))),
            ]
            for (uri, method, headers, body) in routes {
                try await client.execute(uri: uri, method: method, headers: headers, body: body) { response in
                    let code = try ServerFixture.errorCode(response)
                    #expect(response.status == .contentTooLarge && code == "request.tooLarge", "\(uri): \(response.status) \(code ?? "no code")")
                }
            }
            // The same routes still read a body within their limit.
            try await client.execute(uri: "/api/v1/session", method: .post,
                                     body: padded(#"{"name": "alice", "password": "\#(ServerFixture.password("alice"))"}"#, to: oneMiB / 2)) {
                #expect($0.status == .created)
            }
        }
    }
}
