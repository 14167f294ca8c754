import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Compresses text answers with gzip for clients that accept it (`Accept-Encoding: gzip`): pages,
/// scripts, style sheets, JSON and exported GPX, TCX and CSV files. A route's polyline or chart
/// series shrinks to a fifth or less, which is most of what a workout page sends.
///
/// The body is compressed as it is written (zlib through CompressNIO), so a streamed file is never
/// held whole; the answer loses its length and goes out chunked. Left alone: bodies under
/// ``minimumBytes``, binary types (FIT, images), answers already encoded, `HEAD` requests, and
/// live event streams, whose events must not wait in the compressor's buffer.
struct ResponseCompression<Context: RequestContext>: RouterMiddleware {
    /// Bodies shorter than this many bytes go out as they are: gzip's header would eat the gain.
    static var minimumBytes: Int { 1024 }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard request.method != .head, Self.acceptsGzip(request.headers[values: .acceptEncoding]),
              response.status == .ok, response.headers[.contentEncoding] == nil,
              let type = response.headers[.contentType], Self.compressible(type),
              (response.body.contentLength ?? Int.max) >= Self.minimumBytes else {
            if Self.compressible(response.headers[.contentType] ?? "") { Self.varyOnEncoding(&response.headers) }
            return response
        }
        let body = response.body
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        Self.varyOnEncoding(&response.headers)
        response.body = ResponseBody { writer in
            try await body.write(GzipBodyWriter(parent: writer))
        }
        return response
    }

    /// Whether an `Accept-Encoding` list accepts gzip (RFC 9110, section 12.5.3): a `gzip` entry
    /// decides by its quality (`q=0` refuses); without one, a `*` entry decides the same way; with
    /// neither, gzip is not accepted. Codings are case-insensitive; a quality that does not parse
    /// counts as 1.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var wildcard: Double?
        for item in values.flatMap({ $0.split(separator: ",") }) {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "*" {
                wildcard = wildcard ?? quality
            } else {
                return quality > 0
            }
        }
        return (wildcard ?? 0) > 0
    }

    /// Adds `Accept-Encoding` to the response's `Vary` fields, keeping what a handler put there (a
    /// cache must not serve one client's gzip to another that did not ask for it).
    static func varyOnEncoding(_ headers: inout HTTPFields) {
        let named = headers[values: .vary].flatMap { $0.split(separator: ",") }
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !named.contains("accept-encoding"), !named.contains("*") else { return }
        headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
    }

    /// Whether a content type is text that compresses (and is not a live event stream).
    static func compressible(_ type: String) -> Bool {
        let media = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if media == "text/event-stream" { return false }
        return media.hasPrefix("text/") || ["application/json", "image/svg+xml", "application/gpx+xml",
                                            "application/vnd.garmin.tcx+xml", "application/xml"].contains(media)
    }
}

/// A body writer that gzips what it is given and hands the compressed bytes to `parent`.
struct GzipBodyWriter: ResponseBodyWriter {
    private var parent: any ResponseBodyWriter
    private let compressor: any NIOCompressor
    private var started = false
    /// The output buffer's size when finishing, bytes.
    private static let finishChunk = 16 * 1024

    /// A writer compressing into `parent`.
    init(parent: any ResponseBodyWriter) {
        self.parent = parent
        compressor = CompressionAlgorithm.gzip().compressor
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        if !started { try compressor.startStream() }
        started = true
        var input = buffer
        var output = ByteBufferAllocator().buffer(capacity: compressor.maxSize(from: input))
        // The bound fits the whole input's output, so one call takes all of it.
        try compressor.streamDeflate(from: &input, to: &output, flush: .no)
        if output.readableBytes > 0 { try await parent.write(output) }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        if !started { try compressor.startStream() }
        var output = ByteBufferAllocator().buffer(capacity: Self.finishChunk)
        while true {
            do {
                try compressor.finishDeflate(to: &output)
                break
            } catch let error as CompressNIOError where error == .bufferOverflow {
                try await parent.write(output)
                output.clear()
            }
        }
        if output.readableBytes > 0 { try await parent.write(output) }
        try compressor.finishStream()
        try await parent.finish(trailingHeaders)
    }
}
