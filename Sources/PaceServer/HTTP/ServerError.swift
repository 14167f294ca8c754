import Foundation
public import Hummingbird

/// What the API answers when a request fails: a status, a stable code and a message that says
/// what was wrong and what to do, as JSON (`{"error": {"code": …, "message": …}}`). Never a stack
/// trace, and never a hint that another account's object exists: one not visible is `notFound`.
public struct ServerError: Error, HTTPResponseError, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// A stable, dotted code clients may switch on, e.g. `"auth.token"` or `"scope.read"`.
    public var code: String
    /// What was wrong and what to do.
    public var message: String
    /// Extra headers (e.g. `WWW-Authenticate`, `Retry-After`).
    public var headers: HTTPFields

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            var code: String
            var message: String
        }
        var error: Detail
    }

    /// The JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Body(error: .init(code: code, message: message)))
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension ServerError {
    /// No object with this identifier that the caller may see.
    static func notFound(_ what: String) -> ServerError {
        ServerError(.notFound, code: "notFound", message: "No \(what) with this identifier is visible to this token.")
    }

    /// A parameter that cannot be read.
    static func badParameter(_ name: String, _ problem: String) -> ServerError {
        ServerError(.badRequest, code: "request.parameter", message: "The parameter '\(name)' \(problem).")
    }
}
