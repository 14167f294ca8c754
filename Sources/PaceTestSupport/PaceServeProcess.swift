public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import PaceModel

/// A real `pace serve` on a free loopback port, as a child process, for the end-to-end server tests:
/// its data folder gets an administrator first, it can be killed with SIGKILL and started again on
/// the same port, and it makes tokens through the API as a device would.
public final class PaceServeProcess: Sendable {
    /// The administrator's name.
    public static let administrator = "admin"
    /// The administrator's password.
    public static let password = "correct horse battery staple"

    /// Runs the `pace` executable.
    public let runner: CommandRunner
    /// The server's data folder.
    public let data: String
    /// The loopback port it listens on, the same after every restart.
    public let port: UInt16
    /// Arguments added after `serve --data DIR --port N` (e.g. `--database URL`).
    public let extraArguments: [String]
    private let process = Locked<Process?>(nil)

    /// Prepares a server on `data` (nothing runs until ``start()``) and creates its administrator
    /// with `pace serve --create-admin`, unless the folder has one already.
    ///
    /// - Parameters:
    ///   - runner: Runs the built `pace`.
    ///   - directory: A temporary folder; the data folder is `server` in it, the password file `password`.
    ///   - extraArguments: Arguments for every start, after `--port`.
    /// - Throws: When no port is free, or `pace serve --create-admin` fails (its standard error says why).
    public init(runner: CommandRunner, directory: TemporaryDirectory, extraArguments: [String] = []) async throws {
        self.runner = runner
        data = directory.path("server")
        port = try GPSFakeProcess.freePort()
        self.extraArguments = extraArguments
        let passwordFile = directory.path("password")
        try (Self.password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if !FileManager.default.fileExists(atPath: data) {
            let made = try await runner.run(["serve", "--data", data, "--create-admin", Self.administrator, "--password-file", passwordFile])
            guard made.status == 0 else { throw Failure(description: "pace serve --create-admin failed: \(made.standardError)") }
        }
    }

    /// What went wrong starting or talking to the server.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// `http://127.0.0.1:PORT`.
    public var origin: String { "http://127.0.0.1:\(port)" }
    /// `http://127.0.0.1:PORT/api/v1`.
    public var api: String { origin + "/api/v1" }
    /// Whether the process is running.
    public var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// Starts `pace serve` and waits until `GET /api/v1/health` answers (at most 60 s × ``TestTime/scale``).
    ///
    /// - Throws: ``Failure`` when it never answers or exits first.
    public func start() async throws {
        let child = Process()
        child.executableURL = runner.executable
        child.arguments = ["serve", "--data", data, "--port", String(port)] + extraArguments
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        process.withLock { $0 = child }
        guard let url = URL(string: api + "/health") else { throw Failure(description: "no URL for port \(port)") }
        for _ in 0..<300 * TestTime.scale {
            if (try? await URLSession.shared.data(from: url)) != nil { return }
            guard child.isRunning else { break }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw Failure(description: "pace serve never answered on port \(port) (running: \(child.isRunning))")
    }

    /// Kills the server with SIGKILL and waits for it to end.
    public func kill9() {
        guard let child = process.withLock({ $0 }), child.isRunning else { return }
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
    }

    /// Asks the server to shut down (SIGTERM) and waits for it to end.
    public func stop() {
        guard let child = process.withLock({ $0 }), child.isRunning else { return }
        child.terminate()
        child.waitUntilExit()
    }

    /// The `Authorization` header of the administrator's password.
    public static var basicAuthorization: String {
        "Basic " + Data("\(administrator):\(password)".utf8).base64EncodedString()
    }

    /// Makes a token through `POST /api/v1/tokens` with the administrator's password.
    ///
    /// - Parameters:
    ///   - name: The token's name.
    ///   - read: Type identifiers it may read.
    ///   - share: Type identifiers it may write.
    /// - Returns: The token's secret.
    /// - Throws: ``Failure`` with the server's answer when it is not `201`.
    public func token(name: String = "tests", read: [String], share: [String]) async throws -> String {
        guard let url = URL(string: api + "/tokens") else { throw Failure(description: "no URL for port \(port)") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue(Self.basicAuthorization, forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: ["name": name, "read": read, "share": share])
        let (body, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201,
              let secret = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["token"] as? String else {
            throw Failure(description: "POST /tokens answered \(String(decoding: body, as: UTF8.self))")
        }
        return secret
    }

    /// Sends a request with `token`; returns the status and the JSON object answered (empty when none).
    public func request(_ method: String, _ path: String, token: String, body: Data? = nil,
                 headers: [String: String] = [:]) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: try Self.url(api + path))
        request.httpMethod = method
        request.timeoutInterval = 300
        request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    /// Polls `GET /api/v1/uploads/{job}` until the upload is done or failed (at most 150 s ×
    /// ``TestTime/scale``); its JSON.
    public func finished(_ job: String, token: String) async throws -> [String: Any] {
        for _ in 0..<1500 * TestTime.scale {
            let (_, json) = try await request("GET", "/uploads/\(job)", token: token)
            if ["done", "failed"].contains(json["status"] as? String) { return json }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "upload \(job) never finished")
    }

    private static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw Failure(description: "'\(text)' is no URL") }
        return url
    }

    deinit {
        if let child = process.withLock({ $0 }), child.isRunning { kill(child.processIdentifier, SIGKILL) }
    }
}
