import Foundation
import PaceFuzzTargets
import Testing

/// Every target over its seed corpus: the fixtures and generated seeds decode and keep the
/// target's invariants, and known-bad inputs are refused with the reader's typed error.
@Suite struct FuzzTargetSeedTests {
    @Test func everyTargetHasAUniqueName() {
        let names = FuzzTarget.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names == ["gpx", "tcx", "fit", "applehealth", "gzip", "zip", "nmea", "gpsd", "gatt", "dbus", "unit", "sync", "query", "live", "import"])
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func seedsDecodeAndKeepInvariants(name: String) async throws {
        // Given the target's seeds, as Scripts/fuzz.sh assembles them
        let target = try #require(FuzzTarget.named(name))
        let seeds = try FuzzSeeds.seeds(of: target)
        #expect(seeds.count >= 3, "\(name) has \(seeds.count) seeds")

        // When each is read
        var decoded = 0
        for (seed, outcome) in zip(seeds, await target.outcomes(seeds.map(\.data))) {
            switch outcome {
            case .success(let outcome): if outcome == .decoded { decoded += 1 }
            case .failure(let error): Issue.record("\(seed.name): \(error)")
            }
        }

        // Then none breaks an invariant, and most decode
        #expect(decoded * 2 >= seeds.count, "\(name): \(decoded) of \(seeds.count) seeds decode")
    }

    /// Inputs each reader must refuse, and the code it refuses them with.
    static let refusals: [(target: String, input: [UInt8], code: String)] = [
        ("gpx", Array(#"<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaa">]><gpx>&a;</gpx>"#.utf8), "entityDeclaration"),
        ("gpx", Array("<kml></kml>".utf8), "notGPX"),
        ("gpx", Array("<gpx><trk>".utf8), "malformedXML"),
        ("tcx", Array("this is not xml".utf8), "malformedXML"),
        ("tcx", Array("<gpx></gpx>".utf8), "notTCX"),
        ("applehealth", Array("<HealthData><Record".utf8), "malformedXML"),
        ("gzip", Array("plain text".utf8), "notGzip"),
        ("zip", Array("plain text, not an archive".utf8), "notZip"),
        ("nmea", Array("$GPGGA,1*00\r\n".utf8), "nmea.checksum"),
        ("gpsd", Array("not json\n".utf8), "gpsd.json"),
        ("gatt", [0, 2, 0x01, 72], "gatt.short"),
        ("dbus", [UInt8](repeating: 0, count: 16), "malformedMessage"),
        ("unit", Array("m/".utf8), "syntax"),
        ("unit", Array("furlong".utf8), "unknownUnit"),
        ("sync", Array(#"{"objects": [{"kind": "photo", "object": {}}]}"#.utf8), "decoding"),
        ("sync", Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8), "decoding"),
        ("query", Array("limit=0".utf8), "limit"),
        ("live", Array(#"{"points": []}"#.utf8), "decoding"),
        ("live", Array(#"{"sequence": 1, "points": [{"time": "2026-11-26T07:00:00Z", "latitude": 91, "longitude": 8, "distance": 0}]}"#.utf8), "invalid"),
        ("live", Array(#"{"sequence": 1, "end": {"outcome": "exploded"}}"#.utf8), "invalid"),
        ("query", Array("from=yesterday&timeZone=Mars%2FOlympus".utf8), "from,timeZone"),
        ("query", Array("cursor=not-a-cursor&activityType=flying".utf8), "activityType,cursor"),
        ("query", Array("from=2026-11-27T00:00:00Z&to=2026-11-26T00:00:00Z".utf8), "to"),
    ]

    @Test(arguments: 0..<refusals.count)
    func knownBadInputIsRefusedWithTheTypedError(index: Int) async throws {
        let (name, input, code) = Self.refusals[index]
        let target = try #require(FuzzTarget.named(name))
        let outcome = try await target.outcomes([Data(input)])[0].get()
        #expect(outcome == .refused(code: code), "\(name): \(String(decoding: input, as: UTF8.self).debugDescription)")
    }

    @Test(arguments: FuzzTarget.all.map(\.name))
    func committedRegressionInputsKeepInvariants(name: String) async throws {
        let target = try #require(FuzzTarget.named(name))
        let inputs = try FuzzSeeds.regressionInputs(of: target)
        for (input, outcome) in zip(inputs, await target.outcomes(inputs.map(\.data))) {
            #expect(throws: Never.self, "\(name)/\(input.name)") { _ = try outcome.get() }
        }
    }
}
