import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// What a streamed save's producer throws in the rules below.
    struct ReadFailed: Error {}

    static func streamedRoute(_ route: WorkoutRoute, count: Int? = nil) -> StreamedRoute {
        StreamedRoute(route: route, start: route.startDate!, end: route.endDate!, locationCount: count ?? route.locations.count)
    }

    static func heartRates(_ workout: Workout, count: Int) -> [HealthObject] {
        (0..<count).map {
            .quantitySample(TestObjects.heartRate(120 + Double($0 % 40), at: workout.startDate.addingTimeInterval(Double($0))))
        }
    }

    static func holdsNothing(_ store: HealthStore) async throws -> Bool {
        let workouts = try await store.workouts().count
        let samples = try await store.samples(matching: .quantity(.heartRate)).count
        let routes = try await store.samples(matching: .workoutRoute).count
        return workouts + samples + routes == 0
    }

    /// A workout saved with its route and samples written in parts before it
    /// (``PaceStore/HealthStore/saveStreamed(routeID:produce:complete:)``): one transaction, all or
    /// nothing, the rules of a batch — on every backend, whether it takes the parts into an open
    /// transaction as they come or holds them.
    static let streamedSaveRules: [Rule] = [
        Rule(name: "a workout streamed in parts makes the same workout, route and associated samples as one batch") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 25)
            let samples = heartRates(run, count: 30)
            try await ThreadBridge.run(label: "conformance") { () throws(any Error) in
                try store.saveStreamed(routeID: route.id, produce: { writer in
                    for part in stride(from: 0, to: 25, by: 10) { try writer.append(Array(route.locations[part..<min(25, part + 10)])) }
                    try writer.append(samples: Array(samples[..<17]))
                    try writer.append(samples: Array(samples[17...]))
                    #expect(writer.samplesWritten == 30)
                }, complete: { (run, streamedRoute(route)) })
            }
            #expect(try await store.workouts().map(\.id) == [run.id])
            #expect(try await store.routes(forWorkout: run.id) == [route], "every location, in order, with the route's identity")
            let associated = try await store.quantitySamples(matching: .heartRate, predicate: .workout(run.id))
            #expect(Set(associated.map(\.id)) == Set(samples.map(\.id)), "every sample belongs to the workout")
        },

        Rule(name: "a streamed save's samples take the device named after them, and no other sample does") { store in
            let earlier = TestObjects.heartRate(99, at: TestObjects.run().startDate.addingTimeInterval(-3_600))
            try await store.save([.quantitySample(earlier)])
            let run = TestObjects.run()
            var values = QuantitySampleSeries(type: .heartRate, unit: .countPerMinute, source: .pace, device: nil)
            for second in 0..<12 {
                let time = run.startDate.addingTimeInterval(Double(second))
                values.append(value: 120 + Double(second), start: time, end: time)
            }
            let series = values
            let samples = heartRates(run, count: 3)
            let watch = Device(name: "Forerunner 220", manufacturer: "Garmin")
            try await ThreadBridge.run(label: "conformance") { () throws(any Error) in
                try store.saveStreamed(routeID: nil, produce: { writer in
                    try writer.append(series)
                    try writer.append(samples: samples)
                    try writer.setSamplesDevice(watch)
                }, complete: { (run, nil) })
            }
            let saved = try await store.quantitySamples(matching: .heartRate, predicate: .workout(run.id))
            #expect(saved.count == 4, "one series sample and three samples")
            #expect(saved.allSatisfy { $0.device == watch }, "every sample of the save has the device")
            let others = try await store.quantitySamples(matching: .heartRate).filter { $0.id == earlier.id }
            #expect(others.count == 1 && others[0].device == earlier.device, "a sample of another save keeps its own")
        },

        Rule(name: "a streamed save whose producer fails half way leaves nothing, and its error comes back") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 20)
            let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> (any Error)? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in
                        try writer.append(Array(route.locations[..<10]))
                        try writer.append(samples: heartRates(run, count: 5))
                        throw ReadFailed()
                    }, complete: { (run, streamedRoute(route)) })
                    return nil
                } catch { return error }
            }
            #expect(error is ReadFailed)
            let holdsNothing = try await StoreConformance.holdsNothing(store)
            #expect(holdsNothing, "no workout, route or sample of the failed save")
        },

        Rule(name: "a streamed route that gets fewer locations than declared is refused whole") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 8)
            let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> StoreError? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in
                        try writer.append(route.locations)
                        try writer.append(samples: heartRates(run, count: 3))
                    }, complete: { (run, streamedRoute(route, count: 9)) })
                    return nil
                } catch { return error as? StoreError }
            }
            #expect(error?.code == .invalidObject)
            #expect(error?.message.contains("declared 9 locations and 8 arrived") == true, "\(String(describing: error))")
            let holdsNothing = try await StoreConformance.holdsNothing(store)
            #expect(holdsNothing)
        },

        Rule(name: "a streamed location out of order or out of range is refused, and nothing is saved") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 4)
            var backwards = route.locations
            backwards.swapAt(1, 2)
            var outside = route.locations
            outside[3].latitude = 91
            for locations in [backwards, outside] {
                let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> StoreError? in
                    do {
                        try store.saveStreamed(routeID: route.id, produce: { writer in try writer.append(locations) },
                                               complete: { (run, streamedRoute(route)) })
                        return nil
                    } catch { return error as? StoreError }
                }
                #expect(error?.code == .invalidObject)
                let holdsNothing = try await StoreConformance.holdsNothing(store)
                #expect(holdsNothing)
            }
        },

        Rule(name: "a streamed workout's sync rules refuse the whole save, parts written before it included") { store in
            var metadata = Metadata()
            metadata.syncIdentifier = "import:file"
            metadata.syncVersion = 1
            let first = TestObjects.run(metadata: metadata), again = TestObjects.run(metadata: metadata)
            let route = TestObjects.route(for: again, count: 6)
            try await store.save(first)
            let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> StoreError? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in
                        try writer.append(route.locations)
                        try writer.append(samples: heartRates(again, count: 4))
                    }, complete: { (again, streamedRoute(route)) })
                    return nil
                } catch { return error as? StoreError }
            }
            #expect(error?.code == .syncVersionNotHigher)
            #expect(try await store.workouts().map(\.id) == [first.id])
            #expect(try await store.samples(matching: .quantity(.heartRate)).isEmpty, "the samples written before the workout rolled back")
            #expect(try await store.samples(matching: .workoutRoute).isEmpty)
        },

        Rule(name: "a streamed save whose completion fails leaves nothing") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 3)
            let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> (any Error)? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in
                        try writer.append(route.locations)
                        try writer.append(samples: heartRates(run, count: 2))
                    }, complete: { throw ReadFailed() })
                    return nil
                } catch { return error }
            }
            #expect(error is ReadFailed)
            let holdsNothing = try await StoreConformance.holdsNothing(store)
            #expect(holdsNothing)
        },

        Rule(name: "a streamed sample whose UUID is stored already refuses the whole save, parts before it included") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 10)
            let samples = heartRates(run, count: 6)
            try await store.save([samples[3]])
            let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> StoreError? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in
                        try writer.append(Array(route.locations[..<5]))
                        try writer.append(samples: Array(samples[..<2]))
                        try writer.append(samples: Array(samples[2...]))
                        try writer.append(Array(route.locations[5...]))
                    }, complete: { (run, streamedRoute(route)) })
                    return nil
                } catch { return error as? StoreError }
            }
            #expect(error?.code == .duplicateObject, "\(String(describing: error))")
            #expect(try await store.workouts().isEmpty)
            #expect(try await store.samples(matching: .workoutRoute).isEmpty)
            #expect(try await store.samples(matching: .quantity(.heartRate)).map(\.id) == [samples[3].id], "only what was stored before")
        },

        Rule(name: "streamed locations for a workout without a route are refused") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 3)
            let error = await ThreadBridge.run(label: "conformance") { () throws(Never) -> StoreError? in
                do {
                    try store.saveStreamed(routeID: route.id, produce: { writer in try writer.append(route.locations) },
                                           complete: { (run, nil) })
                    return nil
                } catch { return error as? StoreError }
            }
            #expect(error?.code == .invalidObject)
            let holdsNothing = try await StoreConformance.holdsNothing(store)
            #expect(holdsNothing)
        },
    ]
}
