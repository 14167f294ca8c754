import Foundation
import PaceModel
import PaceStore

extension ActivityImporter {
    /// Saves a converted activity in one transaction through the store's streamed save, as a file
    /// read in passes is saved (``importBlocking(_:fileIdentifier:)``): its samples become series —
    /// one series sample per type and part of ``streamedPart`` values on SQLite (DECISIONS 172) —
    /// and the route's locations are written in parts. Runs on a thread of its own: the streamed
    /// save blocks while it holds the store's writer.
    ///
    /// - Throws: ``StoreError`` when the store refuses the workout (nothing is saved then).
    func save(_ converted: ConvertedActivity) async throws {
        let store = self.store, partSize = streamedPartSize
        try await ThreadBridge.run(label: "org.pace.import") { () throws in
            try store.saveStreamed(routeID: converted.route?.id, produce: { writer in
                if let route = converted.route {
                    for start in stride(from: 0, to: route.locations.count, by: partSize) {
                        try writer.append(Array(route.locations[start..<min(start + partSize, route.locations.count)]))
                    }
                }
                for series in converted.sampleSeries(partSize: partSize) { try writer.append(series) }
            }, complete: {
                guard let route = converted.route, let first = route.locations.first, let last = route.locations.last else {
                    return (converted.workout, nil)
                }
                var header = route
                header.locations = []
                return (converted.workout, StreamedRoute(route: header, start: first.timestamp, end: last.timestamp,
                                                         locationCount: route.locations.count))
            })
        }
    }
}

extension ConvertedActivity {
    /// ``samples`` as columns: one series per type, unit, source and device, in the samples' order,
    /// each at most `partSize` values long.
    func sampleSeries(partSize: Int) -> [QuantitySampleSeries] {
        var open: [QuantitySampleSeries] = []
        var full: [QuantitySampleSeries] = []
        for sample in samples {
            let index = open.firstIndex { $0.type == sample.type && $0.unit == sample.quantity.unit
                && $0.source == sample.source && $0.device == sample.device } ?? {
                open.append(QuantitySampleSeries(type: sample.type, unit: sample.quantity.unit, source: sample.source, device: sample.device))
                return open.count - 1
            }()
            open[index].append(value: sample.quantity.value, start: sample.startDate, end: sample.endDate)
            if open[index].count >= partSize {
                full.append(open[index])
                open.remove(at: index)
            }
        }
        return full + open
    }
}
