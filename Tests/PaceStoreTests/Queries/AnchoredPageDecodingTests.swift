import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Anchored pages of samples are decoded straight from one statement, reusing the texts that
/// repeat; every field must still come back exactly as saved.
@Suite struct AnchoredPageDecodingTests {
    /// Samples whose sources, devices, metadata and units vary from one to the next, some in
    /// patterns of equal length (the decoder compares texts byte for byte).
    private func mixedSamples() -> [HealthObject] {
        let sources = [
            Source(name: "Watch", bundleIdentifier: "com.example.watch", version: "10.1", productType: "Watch6,1"),
            Source(name: "Watch", bundleIdentifier: "com.example.watch", version: "10.2", productType: "Watch6,1"),
            Source(name: "Phone", bundleIdentifier: "com.example.phone"),
            Source(name: "Phone", bundleIdentifier: "com.example.phonf", operatingSystemVersion: "18.0"),
            Source(name: "", bundleIdentifier: "x"),
        ]
        let devices: [Device?] = [nil, TestObjects.strap, Device(name: "Strap", manufacturer: "Acme", model: "HR-8"),
                                  Device(name: "Strap", manufacturer: "Acme", model: "HR-9"), Device(localIdentifier: "α")]
        let metadata: [Metadata] = [
            Metadata(), [.wasUserEntered: .bool(true)], [.wasUserEntered: .bool(false)],
            ["org.example.note": .string("ünïcode"), "org.example.speed": .quantity(Quantity(value: 3, unit: .meterPerSecond))],
        ]
        let units: [HealthUnit] = [.countPerMinute, try! HealthUnit(parsing: "count/s")]
        var objects: [HealthObject] = []
        for index in 0..<60 {
            let start = TestObjects.morning.addingTimeInterval(Double(index * 60))
            let source = sources[index % sources.count]
            let device = devices[(index / 2) % devices.count]
            var meta = metadata[(index / 3) % metadata.count]
            if index % 7 == 0 {
                meta.syncIdentifier = "sample-\(index)"
                meta.syncVersion = Int64(index)
            }
            if index % 4 == 3 {
                objects.append(.categorySample(CategorySample(type: .sleepAnalysis, value: index % 5, start: start,
                                                              end: start.addingTimeInterval(30), source: source,
                                                              device: device, metadata: meta)))
            } else {
                let unit = units[index % units.count]
                let value = unit == .countPerMinute ? Double(60 + index) : Double(60 + index) / 60
                objects.append(.quantitySample(QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: unit),
                                                              start: start, end: start, source: source,
                                                              device: device, metadata: meta)))
            }
        }
        return objects
    }

    @Test(arguments: [1, 7, 1000])
    func pagedSamplesComeBackExactlyAsSaved(limit: Int) async throws {
        let objects = mixedSamples()
        let store = try HealthStore.inMemory()
        try await store.save(objects)

        for type in [HealthObjectType.quantity(.heartRate), .category(.sleepAnalysis)] {
            var query = AnchoredObjectQuery(type: type, limit: limit)
            var read: [HealthObject] = []
            while true {
                let page = try await store.anchoredObjects(query)
                #expect(page.added.count <= limit)
                read += page.added
                query.anchor = page.anchor
                if !page.hasMore { break }
            }
            let expected = objects.filter { $0.objectType == type }
            #expect(read == expected)
            var fetched: [HealthObject?] = []
            for object in read { fetched.append(try await store.object(id: object.id)) }
            #expect(fetched == expected)
        }
    }
}
