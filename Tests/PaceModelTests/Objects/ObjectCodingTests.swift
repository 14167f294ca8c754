import Foundation
import PaceModel
import PaceTestSupport
import Testing

@Suite struct ObjectCodingTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func everyObjectKindRoundTripsThroughJSON() throws {
        let workout = TestObjects.run()
        #expect(try roundTrip(workout) == workout)
        let heartRate = TestObjects.heartRate()
        #expect(try roundTrip(heartRate) == heartRate)
        let sleep = TestObjects.sleep()
        #expect(try roundTrip(sleep) == sleep)
        let route = TestObjects.route(for: workout)
        #expect(try roundTrip(route) == route)
    }

    @Test func metadataValuesKeepTheirKind() throws {
        let metadata: Metadata = [
            "text": .string("x"), "real": .double(1.5), "whole": .integer(3), "flag": .bool(true),
            "when": .date(Date(timeIntervalSince1970: 1_000)), "temperature": .quantity(Quantity(value: 22, unit: .degreeCelsius)),
        ]
        let json = String(decoding: try JSONEncoder.sorted.encode(metadata), as: UTF8.self)

        #expect(json == #"{"flag":{"bool":true},"real":{"double":1.5},"temperature":{"quantity":{"unit":"degC","value":22}},"text":{"string":"x"},"when":{"date":1000},"whole":{"integer":3}}"#)
        #expect(try roundTrip(metadata) == metadata)
    }

    @Test func metadataWithTwoKindsInOneValueIsRejected() {
        let json = Data(#"{"k":{"string":"a","bool":true}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Metadata.self, from: json) }
    }

    @Test func syncAccessorsReadAndWriteTheHealthKitKeys() {
        var metadata = Metadata()
        metadata.syncIdentifier = "abc"
        metadata.syncVersion = 7
        #expect(metadata[.syncIdentifier] == .string("abc"))
        #expect(metadata[.syncVersion] == .integer(7))
        metadata[.syncVersion] = .double(8)
        #expect(metadata.syncVersion == 8)
        metadata[.syncVersion] = .double(8.5)
        #expect(metadata.syncVersion == nil)
    }

    @Test func metadataIteratesInKeyOrder() {
        let metadata: Metadata = ["b": .integer(2), "a": .integer(1), "c": .integer(3)]
        #expect(metadata.map(\.key.rawValue) == ["a", "b", "c"])
    }
}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
