import Foundation
import HTTPTypes
import Hummingbird

/// `/upload`: a file dropped or picked (GPX, TCX, FIT, gzipped or zipped) goes to the upload API
/// (`POST /api/v1/uploads`) with a progress bar; the page's script (`/static/upload.js`) then
/// follows the job (`GET /api/v1/uploads/{id}`) and links the workouts it imported, or says why
/// it failed.
extension WebPages {
    /// The upload page's content: the file types the picker offers.
    struct UploadPage {
        var accept: String
    }

    @Sendable func upload(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, _) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let page = AccountPage(title: "Upload", account: account.name, script: "upload.js",
                               content: UploadPage(accept: ".gpx,.tcx,.fit,.gz,.zip,.xml"))
        return try render("upload", page)
    }
}
