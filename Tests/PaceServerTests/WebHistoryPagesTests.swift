import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PaceAnalysis
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import PaceTrack
import PaceTransfer
import Testing

/// The history pages (dashboard, calendar and filters, statistics, records, trends, heatmap) as
/// HTML: the figures PaceAnalysis computes for known workouts, the session they need, the bounds of
/// a month and of a filtered range in the reader's time zone, and nothing of another account.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WebHistoryPagesTests {
    static let pages = ["/dashboard", "/workouts/calendar", "/statistics", "/records", "/trends", "/heatmap"]

    /// The body and status of a page read with `cookie`.
    static func page(_ client: any TestClientProtocol, _ path: String, _ cookie: HTTPFields) async throws -> (HTTPResponse.Status, String) {
        try await client.execute(uri: path, method: .get, headers: cookie) { ($0.status, String(buffer: $0.body)) }
    }

    /// A run with a 200-fix route (about 660 m, so it sets a 400 m record), started this week in UTC.
    static func runThisWeek() -> (Workout, WorkoutRoute) {
        let week = Calendar.history(timeZone: TimeZone(identifier: "UTC")!).interval(of: .week, containing: Date())
        let run = TestObjects.run(start: week.start.addingTimeInterval(60))
        return (run, TestObjects.route(for: run, count: 200))
    }

    /// Saves this week's run with its route and yesterday's weight (71.4 kg) for `account`; the run's digest.
    static func saveRunAndWeight(_ fixture: ServerFixture, _ account: Account) async throws -> (Workout, WorkoutRoute, WorkoutDigest) {
        let (run, route) = runThisWeek()
        let weight = QuantitySample(type: .bodyMass, quantity: Quantity(value: 71.4, unit: .kilogram),
                                    start: Date().addingTimeInterval(-86_400), end: Date().addingTimeInterval(-86_400), source: TestObjects.watch)
        let store = try await fixture.store(of: account)
        try await store.save([.workout(run), .workoutRoute(route), .quantitySample(weight)])
        let analysis = WorkoutAnalysis(workout: run, routes: [route], series: try await WorkoutSeries(store: store, workout: run))
        return (run, route, WorkoutDigest(run, analysis: analysis))
    }

    @Test func withoutASessionEveryHistoryPageLeadsToSignIn() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        try await fixture.test { client in
            for path in Self.pages + ["/workouts?activity=running", "/workouts/calendar?month=2026-11"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .seeOther && response.headers[.location] == "/sign-in", "\(path): \(response.status)")
                }
            }
        }
    }

    @Test func theDashboardShowsTheLibrarysWeekRecordsAndRings() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        _ = try await fixture.account("bob")
        let (run, route) = Self.runThisWeek()
        let store = try await fixture.store(of: alice)
        try await store.save([.workout(run), .workoutRoute(route)])
        let analysis = WorkoutAnalysis(workout: run, routes: [route], series: try await WorkoutSeries(store: store, workout: run))
        let digest = WorkoutDigest(run, analysis: analysis)
        let calendar = Calendar.history(timeZone: TimeZone(identifier: "UTC")!)
        let week = try #require(PeriodTotals.totals(of: [digest], by: .week, calendar: calendar).first)
        let record = try #require(PersonalRecord.records(in: [digest]).first { $0.effort == "400m" })

        try await fixture.test { client in
            let cookie = try await WebPagesTests.signIn(client, "alice")
            try await client.execute(uri: "/", method: .get, headers: cookie) { response in
                #expect(response.status == .seeOther && response.headers[.location] == "/dashboard")
            }
            var (status, page) = try await Self.page(client, "/dashboard", cookie)
            #expect(status == .ok)
            #expect(page.contains(#"<dd id="week-distance">\#(WebFormat.distance(week.distance))</dd>"#), "\(page)")
            #expect(page.contains(#"<td class="distance">\#(WebFormat.distance(week.distance))</td>"#))
            #expect(page.contains(#"<td class="best">\#(WebFormat.duration(record.duration))</td>"#), "the 400 m record")
            #expect(page.contains(#"<a href="/workouts/\#(run.id.uuidString)">"#), "the recent workout and the record link it")
            #expect(page.contains(#"id="rings-empty""#), "no summary today: the rings say so")
            #expect(page.contains("Days and weeks in UTC."))
            (_, page) = try await Self.page(client, "/dashboard?tz=Europe/Paris", cookie)
            #expect(page.contains("Days and weeks in Europe/Paris."))

            // Today's summary draws the rings.
            let today = calendar.dateComponents([.year, .month, .day], from: Date())
            _ = try await store.saveActivitySummaries([ActivitySummary(
                day: today, activeEnergyBurned: Quantity(value: 312, unit: .kilocalorie), activeEnergyBurnedGoal: Quantity(value: 500, unit: .kilocalorie),
                appleExerciseTime: Quantity(value: 24, unit: .minute), appleExerciseTimeGoal: Quantity(value: 30, unit: .minute),
                appleStandHours: Quantity(value: 9, unit: .count), appleStandHoursGoal: Quantity(value: 12, unit: .count))])
            (status, page) = try await Self.page(client, "/dashboard", cookie)
            #expect(!page.contains(#"id="rings-empty""#))
            #expect(page.contains("312 kcal of 500 kcal") && page.contains("24 min of 30 min") && page.contains("9 h of 12 h"), "\(page)")
            #expect(page.contains(#"max="500" value="312""#))

            // Bob's dashboard has none of it.
            let bobs = try await WebPagesTests.signIn(client, "bob")
            for path in Self.pages {
                let (bobStatus, bobPage) = try await Self.page(client, path, bobs)
                #expect(bobStatus == .ok, "\(path): \(bobStatus)")
                #expect(!bobPage.contains(run.id.uuidString), "\(path) shows Alice's workout to Bob")
            }
            (_, page) = try await Self.page(client, "/dashboard", bobs)
            #expect(page.contains(#"id="week-empty""#) && page.contains(#"id="records-empty""#) && page.contains(#"id="rings-empty""#))
        }
    }

    @Test func theFiltersAndTheCalendarKeepToTheReadersDays() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        // 2026-10-31 23:30 UTC is already 1 November (00:30) in Paris.
        let lateRun = TestObjects.run(start: Date(timeIntervalSince1970: 1_793_489_400))
        var ride = TestObjects.run(start: Date(timeIntervalSince1970: 1_795_255_200))   // 2026-11-21 10:00 UTC
        ride.activityType = .cycling
        let store = try await fixture.store(of: alice)
        try await store.save([.workout(lateRun), .workout(ride)])
        let late = lateRun.id.uuidString, cycling = ride.id.uuidString

        try await fixture.test { client in
            let cookie = try await WebPagesTests.signIn(client, "alice")
            /// Whether the page at `path` shows the late run and the ride.
            func shows(_ path: String) async throws -> [Bool] {
                let (status, page) = try await Self.page(client, path, cookie)
                #expect(status == .ok, "\(path): \(status)")
                return [page.contains(late), page.contains(cycling)]
            }
            #expect(try await shows("/workouts") == [true, true])
            #expect(try await shows("/workouts?activity=cycling") == [false, true])
            #expect(try await shows("/workouts?activity=running") == [true, false])
            #expect(try await shows("/workouts?from=2026-11-01&to=2026-11-30") == [false, true], "UTC by default")
            #expect(try await shows("/workouts?from=2026-11-01&to=2026-11-30&tz=Europe/Paris") == [true, true])
            #expect(try await shows("/workouts?to=2026-10-31") == [true, false], "the last day is included")
            #expect(try await shows("/workouts?from=2026-11-22") == [false, false])
            let (_, invalid) = try await Self.page(client, "/workouts?from=2026-13-40", cookie)
            #expect(invalid.contains("is not a day written YYYY-MM-DD") && invalid.contains(cycling), "an unreadable day is named and left out")

            #expect(try await shows("/workouts/calendar?month=2026-11") == [false, true])
            #expect(try await shows("/workouts/calendar?month=2026-10") == [true, false])
            #expect(try await shows("/workouts/calendar?month=2026-11&tz=Europe/Paris") == [true, true])
            let (_, november) = try await Self.page(client, "/workouts/calendar?month=2026-11&tz=Europe/Paris", cookie)
            #expect(november.contains("<h1>November 2026</h1>"))
            #expect(november.contains(#"href="/workouts/calendar?tz=Europe/Paris&amp;month=2026-10""#), "\(november)")
            #expect(november.contains(#"href="/workouts/calendar?tz=Europe/Paris&amp;month=2026-12""#))
            // 1 November 2026 is a Sunday: six blanks (Monday to Saturday) come before it, and the ride is on the 21st.
            #expect(november.components(separatedBy: #"<td class="blank">"#).count - 1 == 6 + 6, "6 before the 1st, 6 after the 30th")
            let ridesDay = try #require(november.range(of: #"<td data-day="2026-11-21">"#))
            #expect(november[ridesDay.upperBound...].prefix(300).contains(cycling))
            let (_, december) = try await Self.page(client, "/workouts/calendar?month=2026-12", cookie)
            #expect(december.contains("month=2027-01") && december.contains("month=2026-11"), "the year turns")
            // Without `tz`, days are the account's: its settings name Paris, so the late run is November's.
            try await fixture.accounts.saveSettings(AccountSettings(timeZone: "Europe/Paris"), of: alice.id)
            #expect(try await shows("/workouts/calendar?month=2026-11") == [true, true], "the account's zone by default")
            #expect(try await shows("/workouts?from=2026-11-01&to=2026-11-30") == [true, true])
            #expect(try await shows("/workouts/calendar?month=2026-11&tz=UTC") == [false, true], "tz still overrides it")
            let (_, paris) = try await Self.page(client, "/dashboard", cookie)
            #expect(paris.contains("Days and weeks in Europe/Paris."), "the page names the zone it used")
            for bad in ["2026-13", "26-11", "2026-1", "november"] {
                let (status, _) = try await Self.page(client, "/workouts/calendar?month=\(bad)", cookie)
                #expect(status == .notFound, "\(bad): \(status)")
            }
        }
    }

    @Test func statisticsRecordsTrendsAndTheHeatmapShowTheLibrarysFigures() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (run, route, digest) = try await Self.saveRunAndWeight(fixture, alice)
        let calendar = Calendar.history(timeZone: TimeZone(identifier: "UTC")!)

        try await fixture.test { client in
            let cookie = try await WebPagesTests.signIn(client, "alice")
            for (period, history) in [("week", HistoryPeriod.week), ("month", .month), ("year", .year)] {
                let total = try #require(PeriodTotals.totals(of: [digest], by: history, calendar: calendar).first)
                let (status, page) = try await Self.page(client, "/statistics?period=\(period)", cookie)
                #expect(status == .ok)
                let label = WebPages.periodLabel(total.interval.start, history, calendar: calendar)
                #expect(page.contains(#"<tr><th scope="row">\#(label)</th><td>Running</td><td>1</td><td>\#(WebFormat.distance(total.distance))</td>"#),
                        "\(period): \(page)")
                #expect(page.contains(#"id="bar-chart""#) && page.contains("data-chart=\"{&quot;labels&quot;"))
                #expect(page.contains(#"<option value="\#(period)" selected>"#))
            }
            #expect(try await Self.page(client, "/statistics?period=decade", cookie).0 == .notFound)

            let (_, records) = try await Self.page(client, "/records", cookie)
            let expected = PersonalRecord.records(in: [digest])
            #expect(!expected.isEmpty)
            for record in expected {
                let best = record.duration.map { WebFormat.duration($0) } ?? String(format: "%.0f W", record.power ?? 0)
                #expect(records.contains(#"<tr><th scope="row">\#(WebFormat.effort(record.effort))</th><td class="best">\#(best)</td>"#), "\(record.effort)")
            }
            #expect(records.contains(#"<tr><th scope="row">Longest</th><td class="best">\#(WebFormat.distance(digest.distance))</td>"#))
            #expect(records.contains(#"<a href="/workouts/\#(run.id.uuidString)">"#))

            let (_, trends) = try await Self.page(client, "/trends", cookie)
            #expect(trends.contains(#"<strong id="trend-bodyMass-latest">71.4 kg</strong>"#), "\(trends)")
            #expect(trends.contains(#"id="trend-steps-empty""#) && trends.contains(#"id="trend-sleep-empty""#))
            #expect(trends.contains(#"id="load-chart""#) && !trends.contains(#"id="load-empty""#))
            let days = TrainingLoad().days(of: [digest], from: calendar.date(byAdding: .day, value: -84, to: calendar.interval(of: .day, containing: Date()).end)!,
                                           to: calendar.interval(of: .day, containing: Date()).end, calendar: calendar)
            #expect(trends.contains(#"<dd id="load-acute">\#(String(format: "%.1f", days.last?.acute ?? -1))</dd>"#))
            #expect(try await Self.page(client, "/trends?period=fortnight", cookie).0 == .notFound)

            let (_, heatmap) = try await Self.page(client, "/heatmap", cookie)
            let line = EncodedPolyline.encode(WebPages.heatmapLine(route.locations).map { ($0.latitude, $0.longitude) })
            // In the attribute: JSON (a backslash doubled), then HTML-escaped.
            let escaped = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            #expect(heatmap.contains(#"id="heatmap""#) && heatmap.contains("Routes drawn: 1 (workouts 1–1 of 1,"), "\(heatmap)")
            #expect(heatmap.contains("&quot;" + escaped + "&quot;"), "the simplified route is in the map's data")
            #expect(try await Self.page(client, "/heatmap?page=2", cookie).0 == .notFound)
        }
    }

    @Test func theHistoryPagesWriteTheReadersUnitsAndMapsDrawNoTilesWhenTheReaderChoseNone() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (run, _, digest) = try await Self.saveRunAndWeight(fixture, alice)
        let calendar = Calendar.history(timeZone: TimeZone(identifier: "UTC")!)
        let week = try #require(PeriodTotals.totals(of: [digest], by: .week, calendar: calendar).first)
        let record = try #require(PersonalRecord.records(in: [digest]).first { $0.effort == "400m" })
        try await fixture.accounts.saveSettings(AccountSettings(units: .imperial, mapTiles: .none), of: alice.id)
        let miles = WebFormat.distance(digest.distance, units: .imperial)
        #expect(miles.hasSuffix(" mi"))

        try await fixture.test { client in
            let cookie = try await WebPagesTests.signIn(client, "alice")
            let (_, dashboard) = try await Self.page(client, "/dashboard", cookie)
            #expect(dashboard.contains(#"<dd id="week-distance">\#(WebFormat.distance(week.distance, units: .imperial))</dd>"#), "\(dashboard)")
            #expect(dashboard.contains(#"<td class="distance">\#(miles)</td><td>\#(WebFormat.duration(week.duration))</td>"#))
            #expect(dashboard.contains(" · \(miles) · "), "the recent workout in miles")
            #expect(dashboard.contains(WebFormat.pace(seconds: record.duration ?? 0, metres: record.distance, units: .imperial)))

            let (_, statistics) = try await Self.page(client, "/statistics?period=week", cookie)
            #expect(statistics.contains("<td>Running</td><td>1</td><td>\(miles)</td>"), "\(statistics)")
            let chartMiles = (digest.distance / WebFormat.metresPerMile * 100).rounded() / 100
            #expect(statistics.contains("&quot;unit&quot;:&quot;mi&quot;") && statistics.contains("\(chartMiles)"), "the chart in miles")

            let (_, records) = try await Self.page(client, "/records", cookie)
            #expect(records.contains(#"<tr><th scope="row">Longest</th><td class="best">\#(miles)</td>"#), "\(records)")
            #expect(records.contains(" /mi") && !records.contains(" /km"))

            let (_, trends) = try await Self.page(client, "/trends", cookie)
            #expect(trends.contains(#"<strong id="trend-bodyMass-latest">157.4 lb</strong>"#), "71.4 kg in pounds: \(trends)")

            let (_, calendarPage) = try await Self.page(client, "/workouts/calendar", cookie)
            #expect(calendarPage.contains(miles))

            // No tiles: the maps get no tile address, so the browser asks no tile server.
            let (_, heatmap) = try await Self.page(client, "/heatmap", cookie)
            #expect(heatmap.contains(#"data-tiles="""#) && !heatmap.contains("tile.openstreetmap.org/{z}"))
            let (_, workout) = try await Self.page(client, "/workouts/\(run.id.uuidString)", cookie)
            #expect(workout.contains(#"data-tiles="""#) && !workout.contains("tile.openstreetmap.org/{z}"), "\(workout)")
        }
    }

    @Test func theHeatmapKeepsLongRoutesLight() {
        let run = TestObjects.run()
        // 2,000 fixes on a zig-zag no tolerance under 10 km straightens: the cap still holds.
        let locations = (0..<2_000).map { index in
            RouteLocation(timestamp: run.startDate.addingTimeInterval(Double(index)), latitude: 48.8 + Double(index) * 0.0001,
                          longitude: 2.35 + (index % 2 == 0 ? 0 : 0.2))
        }
        let kept = WebPages.heatmapLine(locations)
        #expect(kept.count <= WebPages.heatmapPoints && kept.count > 2)
        #expect(kept.first == locations.first && kept.last == locations.last)
        let straight = TestObjects.route(for: run, count: 1000).locations
        #expect(WebPages.heatmapLine(straight).count == 2, "a straight line keeps its ends")
    }
}
