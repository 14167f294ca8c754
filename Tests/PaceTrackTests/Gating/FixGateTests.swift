import PaceModel
import PaceTrack
import Testing

@Suite struct FixGateTests {
    static let t0 = 1_700_000_000.0

    /// A good fix at `seconds` after t0, `metresNorth` north of a fixed point (1° of latitude ≈ 111.2 km).
    static func fix(_ seconds: Double, north metresNorth: Double = 0, accuracy: Double = 5, speed: Double = -1) -> Fix {
        Fix(time: t0 + seconds, latitude: 48 + metresNorth / 111_200, longitude: 11, horizontalAccuracy: accuracy,
            speed: speed)
    }

    @Test func acceptsGoodFixesAndCountsThem() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(0)) == .accepted)
        #expect(gate.evaluate(Self.fix(1, north: 3)) == .accepted)
        #expect(gate.acceptedCount == 2)
        #expect(gate.rejections.isEmpty)
    }

    @Test func rejectsInvalidValues() {
        var gate = FixGate(configuration: .forActivity(.running))
        let bad = [
            Fix(time: .nan, latitude: 48, longitude: 11, horizontalAccuracy: 5),
            Fix(time: Self.t0, latitude: .infinity, longitude: 11, horizontalAccuracy: 5),
            Fix(time: Self.t0, latitude: 48, longitude: .nan, horizontalAccuracy: 5),
            Fix(time: Self.t0, latitude: 48, longitude: 11, horizontalAccuracy: .nan),
            Fix(time: Self.t0, latitude: 48, longitude: 11, altitude: -.infinity, horizontalAccuracy: 5),
        ]
        for fix in bad { #expect(gate.evaluate(fix) == .rejected(.invalidValue)) }
        #expect(gate.rejections == [.invalidValue: 5])
    }

    @Test func rejectsCoordinatesOutOfRange() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Fix(time: Self.t0, latitude: 90.5, longitude: 11, horizontalAccuracy: 5)) == .rejected(.coordinateOutOfRange))
        #expect(gate.evaluate(Fix(time: Self.t0, latitude: 48, longitude: -180.01, horizontalAccuracy: 5)) == .rejected(.coordinateOutOfRange))
        #expect(gate.evaluate(Fix(time: Self.t0, latitude: 90, longitude: 180, horizontalAccuracy: 5)) == .accepted)
        #expect(gate.rejections[.coordinateOutOfRange] == 2)
    }

    @Test func rejectsNegativeAccuracyAsInvalidAndLargeAccuracyAsInaccurate() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(0, accuracy: -1)) == .rejected(.invalidAccuracy))
        #expect(gate.evaluate(Self.fix(1, accuracy: 25)) == .rejected(.inaccurate))
        #expect(gate.evaluate(Self.fix(2, accuracy: 20)) == .accepted)
        #expect(gate.rejections == [.invalidAccuracy: 1, .inaccurate: 1])

        var routeGate = FixGate(configuration: .healthKitRoute)
        #expect(routeGate.evaluate(Self.fix(0, accuracy: 45)) == .accepted)
        #expect(routeGate.evaluate(Self.fix(1, accuracy: 55)) == .rejected(.inaccurate))
    }

    @Test func rejectsDuplicatesWithTheSameTime() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(0)) == .accepted)
        #expect(gate.evaluate(Self.fix(0)) == .rejected(.duplicate))              // same time and position
        #expect(gate.evaluate(Self.fix(0, north: 4)) == .rejected(.duplicate))    // same time, moved
        #expect(gate.evaluate(Self.fix(0.001)) == .rejected(.duplicate))          // within the minimum step
        #expect(gate.evaluate(Self.fix(1)) == .accepted)                          // same place later: fine
        #expect(gate.rejections == [.duplicate: 3])
    }

    @Test func rejectsTimeGoingBackwards() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(10)) == .accepted)
        #expect(gate.evaluate(Self.fix(9, north: 3)) == .rejected(.outOfOrder))
        #expect(gate.evaluate(Self.fix(-100)) == .rejected(.outOfOrder))
        #expect(gate.evaluate(Self.fix(11, north: 3)) == .accepted)
        #expect(gate.rejections == [.outOfOrder: 2])
    }

    @Test func rejectsImpossibleSpeedForTheActivity() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(0)) == .accepted)
        // 500 m in 1 s is 1800 km/h, even allowing 5 + 5 m of accuracy.
        #expect(gate.evaluate(Self.fix(1, north: 500)) == .rejected(.implausibleJump))
        #expect(gate.evaluate(Self.fix(2, north: 8)) == .accepted)
        #expect(gate.rejections == [.implausibleJump: 1])

        // The same jump is plausible on a bicycle over 20 s.
        var rideGate = FixGate(configuration: .forActivity(.cycling))
        #expect(rideGate.evaluate(Self.fix(0)) == .accepted)
        #expect(rideGate.evaluate(Self.fix(20, north: 500)) == .accepted)
    }

    @Test func rejectsImpossibleAccelerationAgainstTheDopplerSpeed() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(0, accuracy: 3, speed: 2)) == .accepted)
        // 17 m in 1 s: at least 11 m/s after the 3 + 3 m allowance, under the 12.5 m/s limit, but
        // 9 m/s faster than the 2 m/s Doppler speed, beyond 6 m/s² of acceleration.
        #expect(gate.evaluate(Self.fix(1, north: 17, accuracy: 3, speed: 2)) == .rejected(.implausibleJump))
        #expect(gate.evaluate(Self.fix(2, north: 4, accuracy: 3, speed: 2)) == .accepted)
    }

    @Test func reanchorsAfterConsecutiveJumpsSoABadAnchorCannotLockItOut() {
        var gate = FixGate(configuration: .forActivity(.walking))
        #expect(gate.evaluate(Self.fix(0, north: 2_000)) == .accepted)     // a wild first fix
        #expect(gate.evaluate(Self.fix(1)) == .rejected(.implausibleJump))
        #expect(gate.evaluate(Self.fix(2, north: 1)) == .rejected(.implausibleJump))
        #expect(gate.evaluate(Self.fix(3, north: 2)) == .accepted)        // third in a row: re-anchor
        #expect(gate.evaluate(Self.fix(4, north: 3)) == .accepted)
        #expect(gate.rejections == [.implausibleJump: 2])
    }

    @Test func acceptsAFarFixAfterALongGap() {
        var gate = FixGate(configuration: .forActivity(.running))
        #expect(gate.evaluate(Self.fix(0)) == .accepted)
        #expect(gate.evaluate(Self.fix(3_600, north: 5_000)) == .accepted)  // an hour later, 5 km away
    }

    @Test func countsEveryReasonSeparately() {
        var gate = FixGate(configuration: .forActivity(.running))
        let fixes = [Self.fix(0), Self.fix(0), Self.fix(-1), Self.fix(1, accuracy: -1), Self.fix(2, accuracy: 99),
                     Self.fix(3, north: 900), Fix(time: Self.t0 + 4, latitude: 95, longitude: 0, horizontalAccuracy: 5),
                     Fix(time: .infinity, latitude: 48, longitude: 11, horizontalAccuracy: 5), Self.fix(5, north: 5)]
        let accepted = fixes.filter { gate.evaluate($0).isAccepted }.count
        #expect(accepted == 2)
        #expect(gate.rejections == [.duplicate: 1, .outOfOrder: 1, .invalidAccuracy: 1, .inaccurate: 1,
                                    .implausibleJump: 1, .coordinateOutOfRange: 1, .invalidValue: 1])
    }

    @Test func limitsFollowTheActivity() {
        let run = GateConfiguration.forActivity(.running), ride = GateConfiguration.forActivity(.cycling)
        let walk = GateConfiguration.forActivity(.walking), ski = GateConfiguration.forActivity(.downhillSkiing)
        #expect(walk.maxSpeed < run.maxSpeed && run.maxSpeed < ride.maxSpeed && ride.maxSpeed < ski.maxSpeed)
        #expect(run.maxHorizontalAccuracy == GateConfiguration.recordingAccuracy)
        #expect(GateConfiguration.healthKitRoute.maxHorizontalAccuracy == 50)
        #expect(run.withMaxHorizontalAccuracy(50).maxHorizontalAccuracy == 50)
    }
}
