import Foundation

/// Why a request to a Pace server failed: what went wrong, where, and what to do.
public struct ClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Equatable {
        /// The server's address is not an `http` or `https` URL with a host.
        case invalidServer
        /// The server could not be reached, or the connection broke or timed out: worth retrying.
        case network
        /// The server answered with an error: its HTTP status and its stable error code
        /// (`auth.token`, `scope.share`, `sync.conflict`, …; `"http"` when the body held none).
        case server(status: Int, code: String)
        /// The server's answer was not what the API describes (e.g. JSON of another shape).
        case response
    }

    /// The kind of failure.
    public let kind: Kind
    /// What happened, in words, including the server's own message for ``Kind/server(status:code:)``.
    public let message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Whether sending the same request again later may succeed: network failures, `429`, and
    /// the server's `5xx` answers. Every other error stays the same on retry.
    public var isRetryable: Bool {
        switch kind {
        case .network: true
        case .server(let status, _): status == 429 || status >= 500
        case .invalidServer, .response: false
        }
    }

    /// The server's error code, for ``Kind/server(status:code:)``.
    public var serverCode: String? {
        if case .server(_, let code) = kind { code } else { nil }
    }

    /// The message, as the error prints.
    public var description: String { message }
}
