import Foundation
import PaceFormats
import PaceModel
import PaceStore
import PaceTransfer

extension FuzzTarget {
    /// The import invariant: any bytes read as a FIT, TCX or GPX file (picked by their content, as
    /// the importer sniffs it) and, when the reader takes them, imported by ``ActivityImporter`` into
    /// a new in-memory store. Every activity is imported, skipped or refused with a problem; the
    /// store then holds exactly the imported workouts — each valid, its routes valid, in time order
    /// and its own, its samples found by "samples of this workout" — and nothing of a refused one.
    /// A reader's refusal leaves the store untouched (nothing is imported).
    static let importInvariant = FuzzTarget(
        name: "import",
        summary: "read as FIT/TCX/GPX, ActivityImporter into a new store: exactly the imported workouts stored, each consistent",
        seedFiles: [
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/gpx", extensions: ["gpx"]),
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/tcx", extensions: ["tcx"]),
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/fit", extensions: ["fit"]),
            FuzzSeedFiles("Tests/PaceCLITests/Fixtures", extensions: ["gpx", "fit"]),
        ]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let activities: [RecordedActivity]
        switch ImportFuzzChecks.read(data) {
        case .success(let read): activities = read
        case .failure(let refusal): return .refused(code: refusal.code)
        }
        let check = FuzzCheck(target: "import")
        let report: ImportReport
        let problems: [String]
        do throws(StoreError) {
            let store = try HealthStore.inMemory()
            (report, problems) = try ThreadBridge.wait { () async throws(StoreError) -> (ImportReport, [String]) in
                let report = await ActivityImporter(store: store).import(activities, fileIdentifier: "fuzz")
                return (report, try await ImportFuzzChecks.problems(in: store, after: report))
            }
        } catch {
            throw FuzzInvariantViolation(target: "import", message: "the store failed: \(error)")
        }
        try check.require(problems.isEmpty, problems.joined(separator: "; "))
        let accounted = report.imported.count + report.skippedAsDuplicate + report.rejected.count
        try check.require(accounted == activities.count, "\(activities.count) activities, \(accounted) imported, skipped or refused")
        try check.require(report.rejected.allSatisfy { !$0.message.isEmpty }, "a refusal without a reason")
        return report.rejected.isEmpty ? .decoded : .refused(code: "activityRefused")
    }
}

/// The import target's reading and store checks.
enum ImportFuzzChecks {
    /// A reader's refusal, by code.
    struct Refusal: Error {
        let code: String
    }

    /// The activities of `data` read as the format its content shows: FIT by its header's `.FIT`,
    /// TCX by its root element's name, else GPX.
    static func read(_ data: Data) -> Result<[RecordedActivity], Refusal> {
        if data.count >= 12, data[data.startIndex + 8 ..< data.startIndex + 12].elementsEqual(".FIT".utf8) {
            do throws(FITError) { return .success([try FITActivityReader().read(data)]) } catch { return .failure(Refusal(code: "fit." + error.code.description)) }
        }
        if data.prefix(4096).range(of: Data("TrainingCenterDatabase".utf8)) != nil {
            do throws(TCXError) {
                let document = try TCXReader().read(data, fileName: "fuzz.tcx")
                return .success(document.activities.map(\.recorded))
            } catch { return .failure(Refusal(code: "tcx." + error.code.description)) }
        }
        do throws(GPXError) { return .success(try GPXReader().read(data: data, file: "fuzz.gpx").tracks) } catch {
            return .failure(Refusal(code: "gpx." + error.code.description))
        }
    }

    /// What is wrong with `store` after an import that reported `report`: an empty list when it
    /// holds exactly the imported workouts, each valid, with routes of its own in time order, and
    /// every other object a sample of one of them.
    static func problems(in store: HealthStore, after report: ImportReport) async throws(StoreError) -> [String] {
        var problems: [String] = []
        let imported = Set(report.imported)
        let saved = try await store.changes(after: .initial).saved
        let workouts = Set(saved.filter { $0.objectType == .workout }.map(\.id))
        if workouts != imported { problems.append("the store holds workouts \(workouts.sorted { $0.uuidString < $1.uuidString }), the report imported \(imported.sorted { $0.uuidString < $1.uuidString })") }
        var accounted = workouts
        for workout in try await store.workouts() where imported.contains(workout.id) {
            do throws(InvalidObjectError) { try workout.validate() } catch { problems.append("workout \(workout.id) is invalid: \(error)") }
            for route in try await store.routes(forWorkout: workout.id) {
                accounted.insert(route.id)
                do throws(InvalidObjectError) { try route.validate() } catch { problems.append("route \(route.id) is invalid: \(error)") }
                if route.workoutID != workout.id { problems.append("route \(route.id) belongs to \(route.workoutID), not \(workout.id)") }
            }
            for type in Set(saved.map(\.objectType)) where type != .workout && type != .workoutRoute {
                for sample in try await store.samples(matching: type, predicate: .workout(workout.id)) { accounted.insert(sample.id) }
            }
        }
        let strays = saved.filter { !accounted.contains($0.id) }
        if !strays.isEmpty { problems.append("\(strays.count) stored objects belong to no imported workout (first: \(strays[0].objectType) \(strays[0].id))") }
        return problems
    }
}
