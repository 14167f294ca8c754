import Foundation
import PaceFormats
import PaceModel
import Testing

@Suite("AppleHealthExportReader: reading from a byte source with a route loader")
struct AppleHealthExportSourceTests {
    private let workout = """
        <HealthData locale="en_US">
        <Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="Watch" startDate="2019-06-11 15:00:00 -0700" endDate="2019-06-11 15:30:00 -0700">
          <WorkoutRoute sourceName="Watch" startDate="2019-06-11 15:00:00 -0700" endDate="2019-06-11 15:30:00 -0700">
            <FileReference path="/workout-routes/route_2019-06-11_3.00pm.gpx"/>
          </WorkoutRoute>
        </Workout>
        </HealthData>
        """

    @Test("route files come from the closure, by the path the export names")
    func routeFromClosure() throws {
        let gpx = try Data(contentsOf: AppleHealthFixtures.url("apple_health_export/workout-routes/route_2019-06-11_3.00pm.gpx"))
        var requested: [String] = []
        var items: [AppleHealthExportItem] = []
        let summary = try AppleHealthExportReader().read(source: DataByteSource(Data(workout.utf8)), file: "export.xml",
                                                          routeFile: { path in requested.append(path); return gpx }) { items.append($0) }
        #expect(requested == ["/workout-routes/route_2019-06-11_3.00pm.gpx"])
        #expect(summary.workoutCount == 1 && summary.workoutRouteCount == 1)
        #expect(items.routes.first?.locations.isEmpty == false)
    }

    @Test("a missing route is a warning; an AppleHealthError from the loader stops the read at the WorkoutRoute")
    func missingAndRefusedRoutes() throws {
        let (items, summary) = try read(routeFile: { _ in nil })
        #expect(items.routes.isEmpty)
        #expect(summary.warnings.map(\.code) == [.unreadableRoute])

        let refusal = AppleHealthError(code: .unsafeRoutePath, message: "no", file: nil, line: nil, column: nil)
        let error = #expect(throws: AppleHealthError.self) { _ = try read(routeFile: { _ in throw refusal }) }
        #expect(error?.code == .unsafeRoutePath)
        #expect(error?.line == 3)
        #expect(error?.file == "export.xml")
    }

    private func read(routeFile: (String) throws -> Data?) throws -> ([AppleHealthExportItem], AppleHealthExportSummary) {
        var items: [AppleHealthExportItem] = []
        let summary = try AppleHealthExportReader().read(source: DataByteSource(Data(workout.utf8)), file: "export.xml",
                                                          routeFile: routeFile) { items.append($0) }
        return (items, summary)
    }
}
