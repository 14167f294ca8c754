import ArgumentParser
import Foundation
import PaceModel

/// `pace-bench sync-decode`: how long the server takes to read a sync push's body.
///
/// Builds the body `Scripts/bench-server.sh` pushes — heart-rate samples as the bench client writes
/// them (upper-case UUIDs, `count/min`, dates in seconds since 2001, empty metadata) — then decodes
/// it with `SyncPushBatch.decode`, the server's own reader, and prints the best of the rounds.
struct SyncDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync-decode",
        abstract: "Time the decoding of a sync push's JSON body.",
        discussion: "Prints one line: samples=<per body> bytes=<body size> best=<seconds> mean=<seconds> µs/sample=<best>.")

    @Option(help: "Samples in the body (the bench client pushes 5,000 per POST).")
    var samples = 5_000

    @Option(help: "Times the body is decoded.")
    var rounds = 20

    func run() throws {
        let body = Self.body(samples: samples)
        var times: [Double] = []
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let batch = try SyncPushBatch.decode(body)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard batch.objects.count == samples else { throw ValidationError("decoded \(batch.objects.count) of \(samples)") }
        }
        let best = times.min() ?? 0, mean = times.reduce(0, +) / Double(times.count)
        print(String(format: "samples=%d bytes=%d best=%.4f mean=%.4f µs/sample=%.2f", samples, body.count, best, mean,
                     best / Double(samples) * 1e6))
    }

    /// The push body of `samples` heart-rate samples, as the bench client writes it.
    static func body(samples: Int) -> Data {
        let start = 757_000_000.0
        let objects = (0..<samples).map { index in
            """
            {"kind": "quantitySample", "object": {"id": "\(UUID().uuidString)", "type": "HKQuantityTypeIdentifierHeartRate", \
            "quantity": {"value": \(120 + index % 40), "unit": "count/min"}, "startDate": \(start + Double(index)), \
            "endDate": \(start + Double(index)), "source": {"name": "Bench", "bundleIdentifier": "org.pace.bench"}, "metadata": {}}}
            """
        }
        return Data(("{\"objects\": [" + objects.joined(separator: ", ") + "]}").utf8)
    }
}
