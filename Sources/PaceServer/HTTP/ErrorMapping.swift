import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PaceAPI
import PaceStore

/// Turns every error a route throws into the API's JSON error, and adds the security headers to
/// every response. Store errors keep their meaning (a bad query is the caller's 400); anything
/// unexpected is logged and answered with a generic 500 — never a stack trace or a path.
struct ServerMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let logger: Logger
    /// The routes, to answer a known path's other methods with `405`.
    let table: RouteTable
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = try mapped(error, request: request).response(from: request, context: context)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        // The API's answers load nothing; a page sets its own policy (WebPages).
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
        }
        response.headers[Self.referrerPolicy] = "no-referrer"
        response.headers[Self.frameOptions] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    private func mapped(_ error: any Error, request: Request) -> ServerError {
        switch error {
        case let error as ServerError:
            return error
        case let error as APIParameterError:
            return ServerError.badParameter(error.name, error.problem)
        case let error as StoreError:
            switch error.code {
            case .invalidQuery, .invalidPredicate, .invalidDateRange, .invalidInterval, .tooManyIntervals, .incompatibleUnit,
                 .optionDoesNotFitType, .noStatisticRequested:
                return ServerError(.badRequest, code: "request.query", message: error.message)
            case .notAuthorized:
                return ServerError(.forbidden, code: "scope.share", message: "This token may not write what was sent.")
            default:
                logger.error("Store error", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
                return ServerError(.internalServerError, code: "server.internal", message: "The server failed; its log says why.")
            }
        case let error as HTTPError where error.status == .notFound && !table.methods(for: request.uri.path).isEmpty
            && !table.methods(for: request.uri.path).contains(request.method):
            let allowed = table.methods(for: request.uri.path).map(\.rawValue).joined(separator: ", ")
            return ServerError(.methodNotAllowed, code: "request.method",
                               message: "\(request.method.rawValue) is not allowed here; use \(allowed).", headers: [.allow: allowed])
        case let error as HTTPError:
            let code = switch error.status {
            case .notFound: "notFound"
            case .methodNotAllowed: "request.method"
            case .contentTooLarge: "request.tooLarge"
            default: "request"
            }
            return ServerError(error.status, code: code, message: error.status == .notFound ? "No such route; see the API document." :
                                (error.body ?? error.status.reasonPhrase))
        case is CancellationError:
            // The client went away or the server is stopping: nobody may read the answer, and it is no fault to log as one.
            logger.debug("Request cancelled", metadata: ["path": "\(request.uri.path)"])
            return ServerError(.serviceUnavailable, code: "server.cancelled", message: "The request was cancelled before it was answered; send it again.")
        default:
            logger.error("Unexpected error", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            return ServerError(.internalServerError, code: "server.internal", message: "The server failed; its log says why.")
        }
    }
}
