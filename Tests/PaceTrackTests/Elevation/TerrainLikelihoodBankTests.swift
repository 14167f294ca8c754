import Foundation
import Testing
@testable import PaceTrack

/// The candidates' likelihoods are computed four models to a SIMD bank (DECISIONS 123); each must be
/// the very number the scalar ``TerrainAltitudeFilter`` gives run alone.
@Suite struct TerrainLikelihoodBankTests {
    static func alone(_ samples: [TerrainAltitudeSmoother.Sample], _ candidates: [TerrainAltitudeModel],
                      _ configuration: ElevationConfiguration) -> [Double] {
        candidates.map { model in
            var filter = TerrainAltitudeFilter(model: model, configuration: configuration)
            for sample in samples {
                filter.update(time: sample.time, distance: sample.distance, gpsAltitude: sample.altitude,
                              verticalAccuracy: sample.verticalAccuracy)
            }
            return filter.logLikelihood
        }
    }

    /// A rolling hour with everything a file can hold: gaps (the `exp` branch of the decay), altitudes
    /// missing before and after the first, outliers beyond the gate, times running backwards, unknown
    /// distances, reported and unreported accuracies.
    static func awkwardTrack(reportsAccuracy: Bool) -> [TerrainAltitudeSmoother.Sample] {
        var samples = TerrainAltitudeSmootherTests.track(seed: 11, seconds: 1_200, terrain: TerrainAltitudeSmootherTests.rolling)
        samples[0].altitude = .nan
        samples[1].time = .nan
        for index in stride(from: 50, to: samples.count, by: 97) { samples[index].altitude += 80 }
        samples[200].time = samples[199].time - 3
        samples[300].distance = .nan
        samples[301].distance = .infinity
        for index in 400..<samples.count { samples[index].time += 600 }   // a ten-minute gap
        samples[500].verticalAccuracy = .infinity
        samples[501].altitude = .infinity
        if !reportsAccuracy { for index in samples.indices where index % 5 != 0 { samples[index].verticalAccuracy = -1 } }
        return samples
    }

    @Test(arguments: [true, false])
    func everyLaneEqualsItsModelRunAlone(reportsAccuracy: Bool) {
        let samples = Self.awkwardTrack(reportsAccuracy: reportsAccuracy)
        for configuration in [ElevationConfiguration.onFoot, .cycling] {
            var candidates = TerrainAltitudeModel.withUnreportedAccuracies(configuration.gpsTerrainModels)
            candidates.append(TerrainAltitudeModel(gradeDeviation: 0.05, gradeCorrelationDistance: 0, errorCorrelationTime: 0))
            for count in [1, 3, 4, candidates.count] {
                let models = Array(candidates.prefix(count))
                let together = TerrainAltitudeSmoother.logLikelihoods(of: samples, under: models, configuration: configuration)
                #expect(together.map(\.bitPattern) == Self.alone(samples, models, configuration).map(\.bitPattern),
                        "\(count) models, accuracies reported: \(reportsAccuracy)")
            }
        }
    }

    @Test func aGateOfZeroAndNoSamples() {
        var configuration = ElevationConfiguration.onFoot
        configuration.gpsInnovationGate = 0
        let samples = Self.awkwardTrack(reportsAccuracy: false)
        let models = TerrainAltitudeModel.candidates
        #expect(TerrainAltitudeSmoother.logLikelihoods(of: samples, under: models, configuration: configuration).map(\.bitPattern)
                == Self.alone(samples, models, configuration).map(\.bitPattern))
        #expect(TerrainAltitudeSmoother.logLikelihoods(of: [], under: models, configuration: configuration).map(\.bitPattern)
                == Self.alone([], models, configuration).map(\.bitPattern))
        #expect(TerrainAltitudeSmoother.logLikelihoods(of: samples, under: [], configuration: configuration).isEmpty)
    }
}
