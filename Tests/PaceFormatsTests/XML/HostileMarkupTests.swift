import Foundation
import PaceFormats
import PaceTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Markup built to hurt a reader: a DTD named by a public identifier and a web address, elements
/// nested hundreds of thousands deep, and elevations that are devices' "no data" values. Every XML
/// reader (GPX, TCX, Apple Health's export.xml) reads such a document without fetching, recursing
/// or keeping the sentinel.
@Suite struct HostileMarkupTests {
    /// A TCP port on loopback that counts the connections made to it, without ever accepting one:
    /// the kernel completes a connection into the listen backlog, where `accept` finds it.
    final class CountingListener {
        let socket: Int32
        let port: UInt16

        init() throws {
            (socket, port) = try GPSFakeProcess.loopbackSocket(listening: 16)
            _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        }

        /// How many connections are waiting, taking them off the backlog.
        func connections() -> Int {
            var count = 0
            while case let client = accept(socket, nil, nil), client >= 0 {
                close(client)
                count += 1
            }
            return count
        }

        deinit { close(socket) }
    }

    /// A DOCTYPE that names its DTD by a public identifier and a web address on `port`.
    static func publicDoctype(_ root: String, port: UInt16) -> String {
        "<!DOCTYPE \(root) PUBLIC \"-//Pace//DTD Hostile 1.0//EN\" \"http://127.0.0.1:\(port)/hostile.dtd\">\n"
    }

    @Test func aDTDNamedByPublicIdentifierAndAddressIsNeverFetchedByAnyReader() throws {
        let listener = try CountingListener()
        let doctype = { Self.publicDoctype($0, port: listener.port) }

        let gpx = "<?xml version=\"1.0\"?>\n" + doctype("gpx")
            + "<gpx version=\"1.1\" creator=\"t\"><wpt lat=\"1\" lon=\"2\"><name>a</name></wpt></gpx>"
        #expect(try GPXReader().read(data: Data(gpx.utf8), file: "public.gpx").waypoints.count == 1)

        let tcx = "<?xml version=\"1.0\"?>\n" + doctype("TrainingCenterDatabase") + Self.tcx(altitudes: ["12.5"])
        #expect(try TCXReader().read(Data(tcx.utf8), fileName: "public.tcx").activities.first?.recorded.laps.first?.records.count == 1)

        let folder = try AppleHealthFixtures.export(AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "12"),
                                                    prolog: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + doctype("HealthData"))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try AppleHealthFixtures.read(folder).items.quantitySamples.count == 1)

        #expect(listener.connections() == 0, "a reader connected to the DTD's address")
        // The listener does count a connection, so the zero above means something.
        let probe = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = listener.port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0 && listener.connections() == 1)
    }

    /// Elements nested `depth` deep, opened and (when `closed`) closed again.
    static func nested(_ depth: Int, closed: Bool = true) -> String {
        String(repeating: "<n>", count: depth) + (closed ? String(repeating: "</n>", count: depth) : "")
    }

    /// 200,000 levels is far deeper than any real file (a GPX extension goes five or six deep) and
    /// would overflow the stack of a recursive reader; the scanner keeps its open elements in an array.
    static let depth = 200_000

    @Test func elementsNestedTwoHundredThousandDeepAreReadWithoutRecursion() throws {
        let gpx = "<gpx version=\"1.1\" creator=\"t\"><wpt lat=\"1\" lon=\"2\"><extensions>" + Self.nested(Self.depth)
            + "</extensions></wpt><trk><trkseg><trkpt lat=\"3\" lon=\"4\"><ele>7</ele></trkpt></trkseg></trk></gpx>"
        let document = try GPXReader().read(data: Data(gpx.utf8), file: "deep.gpx")
        #expect(document.waypoints.count == 1 && document.tracks.first?.records.first?.altitude == 7)

        let tcx = Self.tcx(altitudes: ["12.5"], extensions: Self.nested(Self.depth))
        let activity = try TCXReader().read(Data(tcx.utf8), fileName: "deep.tcx").activities.first
        #expect(activity?.recorded.laps.first?.records.first?.altitude == 12.5)

        let folder = try AppleHealthFixtures.export(AppleHealthFixtures.record(type: "HKQuantityTypeIdentifierStepCount", value: "12")
                                                    + Self.nested(Self.depth))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try AppleHealthFixtures.read(folder).items.quantitySamples.count == 1)
    }

    @Test func elementsNestedDeepAndNeverClosedAreRefusedAtTheEnd() throws {
        let gpx = "<gpx version=\"1.1\" creator=\"t\">" + Self.nested(Self.depth, closed: false)
        let gpxError = #expect(throws: GPXError.self) { try GPXReader().read(data: Data(gpx.utf8), file: "deep.gpx") }
        #expect(gpxError?.code == .malformedXML && gpxError?.line == 1)

        let tcx = "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">" + Self.nested(Self.depth, closed: false)
        let tcxError = #expect(throws: TCXError.self) { try TCXReader().read(Data(tcx.utf8), fileName: "deep.tcx") }
        #expect(tcxError?.code == .malformedXML && tcxError?.line == 1)
    }

    /// A one-lap TCX run with a trackpoint per altitude text, a second apart; `extensions` goes into
    /// the first trackpoint's `<Extensions>`.
    static func tcx(altitudes: [String], extensions: String = "") -> String {
        let points = altitudes.enumerated().map { index, altitude in
            "<Trackpoint><Time>2024-01-01T00:00:0\(index)Z</Time><AltitudeMeters>\(altitude)</AltitudeMeters>"
                + (index == 0 && !extensions.isEmpty ? "<Extensions>\(extensions)</Extensions>" : "") + "</Trackpoint>"
        }
        return """
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
            <Activity Sport="Running"><Id>2024-01-01T00:00:00Z</Id><Lap StartTime="2024-01-01T00:00:00Z"><Track>
            \(points.joined())
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
    }

    @Test func tcxAltitudesThatAreNoDataValuesAreDroppedWithAWarningAsInGPX() throws {
        let document = try TCXReader().read(Data(Self.tcx(altitudes: ["-19999", "-30.5", "12000", "8848.9"]).utf8), fileName: "sentinel.tcx")
        let records = try #require(document.activities.first?.recorded.laps.first?.records)
        #expect(records.map(\.altitude) == [nil, -30.5, nil, 8848.9])
        #expect(document.warnings.count == 2)
        #expect(document.warnings.allSatisfy { $0.reason.contains("AltitudeMeters") && $0.reason.contains("-1000…10000") },
                "\(document.warnings.map(\.reason))")
        #expect(document.warnings.map(\.line) == [3, 3])
        // The GPX reader judges the same values by the same range.
        let gpx = "<gpx version=\"1.1\" creator=\"t\"><trk><trkseg>"
            + ["-19999", "-30.5", "12000", "8848.9"].map { "<trkpt lat=\"1\" lon=\"2\"><ele>\($0)</ele></trkpt>" }.joined()
            + "</trkseg></trk></gpx>"
        #expect(try GPXReader().read(data: Data(gpx.utf8), file: "sentinel.gpx").tracks.first?.records.map(\.altitude) == [nil, -30.5, nil, 8848.9])
    }
}
