import Foundation
import HTTPTypes
import Hummingbird

/// The files the pages load: Pace's own script and style sheet (shipped with the server), and
/// Leaflet and Chart.js from the folders the system installed them in. A file name is one path
/// segment of letters, digits, `.`, `-` and `_`, never starting with a dot, so no request reaches
/// outside its folder.
struct WebAssets: Sendable {
    let configuration: WebConfiguration
    /// Pace's own script and style sheet, shipped with the server.
    let staticFolder: String
    private let files = FileIO()

    /// Finds the server's own files once.
    init(configuration: WebConfiguration) throws {
        self.configuration = configuration
        staticFolder = try Self.bundled("Static").path
    }

    /// The folder of a resource shipped with the server (`Templates`, `Static`).
    static func bundled(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw ServerError(.internalServerError, code: "server.resources",
                              message: "The server's \(name) folder is missing beside the pace executable (Pace_PaceServer.resources); reinstall pace.")
        }
        return url
    }

    var routes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .get, path: "/static/:file") { try await serve(staticFolder, $0, $1) },
            ServerRoutes.Route(method: .get, path: "/assets/leaflet/:file") { try await serve(configuration.leafletFolder, $0, $1) },
            ServerRoutes.Route(method: .get, path: "/assets/leaflet/images/:file") {
                try await serve(configuration.leafletFolder + "/images", $0, $1)
            },
            ServerRoutes.Route(method: .get, path: "/assets/chart.js/:file") { try await serve(configuration.chartFolder, $0, $1) },
        ]
    }

    /// The content types of the files served, by extension.
    static let types: [String: String] = [
        "js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8", "png": "image/png", "svg": "image/svg+xml",
        "map": "application/json",
    ]

    private func serve(_ folder: String, _ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let name = try context.parameters.require("file")
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard allowed, !name.hasPrefix("."), let type = Self.types[(name as NSString).pathExtension] else {
            throw ServerError.notFound("file")
        }
        let body = try await files.loadFile(path: folder + "/" + name, context: context)
        return Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=3600"], body: body)
    }
}
