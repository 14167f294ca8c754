import CoreLocation
import Foundation
import HealthKit

// Compile-only: one call of every supported HealthKit signature, written as Apple documents them,
// so a changed label, type or optionality fails the build. Nothing here runs.

/// Every `HKHealthStore`, type, object and unit signature.
func healthKitStoreAndObjectSignatures(_ store: HKHealthStore) async throws {
    _ = HKHealthStore.isHealthDataAvailable()
    _ = store.supportsHealthRecords()
    _ = store.earliestPermittedSampleDate()
    let heartRate = HKQuantityType(.heartRate), steps = HKObjectType.quantityType(forIdentifier: .stepCount)!
    let sleep: HKCategoryType? = HKObjectType.categoryType(forIdentifier: .sleepAnalysis)
    let birth: HKCharacteristicType? = HKObjectType.characteristicType(forIdentifier: .dateOfBirth)
    let share: Set<HKSampleType> = [heartRate, steps, HKObjectType.workoutType(), HKSeriesType.workoutRoute(), sleep!]
    let read: Set<HKObjectType> = [heartRate, birth!, HKObjectType.activitySummaryType(), HKCategoryType(.sleepAnalysis),
                                   HKCharacteristicType(.biologicalSex), HKObjectType.correlationType(forIdentifier: .bloodPressure)!]
    store.requestAuthorization(toShare: share, read: read) { (success: Bool, error: (any Error)?) in _ = (success, error) }
    try await store.requestAuthorization(toShare: share, read: read)
    let status: HKAuthorizationStatus = store.authorizationStatus(for: heartRate)
    store.getRequestStatusForAuthorization(toShare: share, read: read) { (status: HKAuthorizationRequestStatus, error: (any Error)?) in
        _ = (status, error)
    }
    _ = try await store.statusForAuthorizationRequest(toShare: share, read: read)
    let bpm = HKUnit.count().unitDivided(by: .minute())
    let sample = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 150), start: Date(), end: Date())
    let withMetadata = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 150), start: Date(), end: Date(),
                                        metadata: [HKMetadataKeyWasUserEntered: true])
    let withDevice = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 150), start: Date(), end: Date(),
                                      device: HKDevice.local(), metadata: nil)
    let category = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: 1, start: Date(), end: Date(), metadata: nil)
    store.save(sample) { (success: Bool, error: (any Error)?) in _ = (success, error, status) }
    store.save([withMetadata, withDevice, category]) { _, _ in }
    try await store.save(sample)
    try await store.save([withMetadata, category])
    store.delete(sample) { _, _ in }
    store.delete([sample]) { _, _ in }
    try await store.delete(sample)
    try await store.delete([sample])
    store.deleteObjects(of: heartRate, predicate: HKQuery.predicateForObject(with: sample.uuid)) { (ok: Bool, count: Int, error: (any Error)?) in
        _ = (ok, count, error)
    }
    _ = try await store.deleteObjects(of: heartRate, predicate: HKQuery.predicateForObjects(with: [sample.uuid]))
    store.preferredUnits(for: [heartRate]) { (units: [HKQuantityType: HKUnit], error: (any Error)?) in _ = (units, error) }
    _ = try await store.preferredUnits(for: [heartRate])
    store.enableBackgroundDelivery(for: heartRate, frequency: .immediate) { _, _ in }
    try await store.enableBackgroundDelivery(for: heartRate, frequency: .hourly)
    store.disableBackgroundDelivery(for: heartRate) { _, _ in }
    store.disableAllBackgroundDelivery { _, _ in }
    let components: DateComponents = try store.dateOfBirthComponents()
    let sex: HKBiologicalSex = try store.biologicalSex().biologicalSex
    let blood: HKBloodType = try store.bloodType().bloodType
    let skin: HKFitzpatrickSkinType = try store.fitzpatrickSkinType().skinType
    let wheelchair: HKWheelchairUse = try store.wheelchairUse().wheelchairUse
    let mode: HKActivityMoveMode = try store.activityMoveMode().activityMoveMode
    _ = (components, sex, blood, skin, wheelchair, mode)

    let unit = HKUnit(from: "count/min")
    _ = [unit, .meterUnit(with: .kilo), .gramUnit(with: .milli), .literUnit(with: .milli), .secondUnit(with: .milli), .kilocalorie(),
         .largeCalorie(), .joule(), .jouleUnit(with: .kilo), .degreeCelsius(), .degreeFahrenheit(), .percent(), .mile(), .foot(),
         .pound(), .watt(), .hertz(), .millimeterOfMercury(), .moleUnit(with: .milli, molarMass: 180.16), unit.reciprocal(),
         unit.unitMultiplied(by: .second()), HKUnit.meter().unitRaised(toPower: 2)]
    let quantity = HKQuantity(unit: .meter(), doubleValue: 5)
    _ = (quantity.is(compatibleWith: .mile()), quantity.doubleValue(for: .mile()), quantity.compare(quantity), unit.unitString)
    _ = (sample.uuid, sample.metadata, sample.sourceRevision.source.bundleIdentifier, sample.device?.name, sample.startDate,
         sample.endDate, sample.sampleType, sample.quantityType, sample.quantity, sample.count, category.value, category.categoryType)
    let event = HKWorkoutEvent(type: .lap, dateInterval: DateInterval(start: Date(), duration: 60), metadata: nil)
    _ = (event.type, event.dateInterval, event.metadata, HKSource.default().name, heartRate.aggregationStyle, heartRate.is(compatibleWith: bpm))
    do { try await store.save(sample) } catch HKError.errorAuthorizationDenied {} catch let error as HKError { _ = error.code }
}

/// Every query signature.
func healthKitQuerySignatures(_ store: HKHealthStore, workout: HKWorkout, route: HKWorkoutRoute) {
    let heartRate = HKQuantityType(.heartRate)
    let predicate = NSCompoundPredicate(andPredicateWithSubpredicates: [
        HKQuery.predicateForSamples(withStart: Date(), end: nil, options: .strictStartDate),
        HKQuery.predicateForSamples(withStart: nil, end: Date(), options: [.strictStartDate, .strictEndDate]),
        HKQuery.predicateForObjects(from: workout), HKQuery.predicateForObjects(from: HKSource.default()),
        HKQuery.predicateForObjects(from: Set([HKSource.default()])), HKQuery.predicateForObjects(from: Set([HKDevice.local()])),
        HKQuery.predicateForObjects(withDeviceProperty: HKDevicePropertyKeyName, allowedValues: ["Strap"]),
        HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyIndoorWorkout, allowedValues: [true]),
        HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWorkoutBrandName, operatorType: .equalTo, value: "Pace"),
        HKQuery.predicateForQuantitySamples(with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 100)),
        HKQuery.predicateForWorkouts(with: .running), HKQuery.predicateForObjectsWithNoCorrelation(),
    ])
    let sort = [NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: false)]
    store.execute(HKSampleQuery(sampleType: heartRate, predicate: predicate, limit: HKObjectQueryNoLimit, sortDescriptors: sort) {
        (query: HKSampleQuery, samples: [HKSample]?, error: (any Error)?) in _ = (query, samples, error)
    })
    let descriptors = [HKQueryDescriptor(sampleType: heartRate, predicate: nil)]
    store.execute(HKSampleQuery(queryDescriptors: descriptors, limit: 10) { (query: HKSampleQuery, samples: [HKSample]?, error: (any Error)?) in
        _ = (query, samples, error)
    })
    store.execute(HKSampleQuery(queryDescriptors: descriptors, limit: 10, sortDescriptors: sort) { _, _, _ in })
    let anchored = HKAnchoredObjectQuery(type: heartRate, predicate: nil, anchor: HKQueryAnchor(fromValue: 0), limit: 100) {
        (query: HKAnchoredObjectQuery, added: [HKSample]?, deleted: [HKDeletedObject]?, anchor: HKQueryAnchor?, error: (any Error)?) in
        _ = (query, added, deleted, anchor, error)
    }
    anchored.updateHandler = { _, _, _, _, _ in }
    store.execute(anchored)
    store.execute(HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: nil, limit: HKObjectQueryNoLimit) {
        (query: HKAnchoredObjectQuery, added: [HKSample]?, deleted: [HKDeletedObject]?, anchor: HKQueryAnchor?, error: (any Error)?) in
        _ = (query, added, deleted, anchor, error)
    })
    store.stop(anchored)
    store.execute(HKObserverQuery(sampleType: heartRate, predicate: nil) {
        (query: HKObserverQuery, completion: @escaping HKObserverQueryCompletionHandler, error: (any Error)?) in completion()
    })
    store.execute(HKStatisticsQuery(quantityType: heartRate, quantitySamplePredicate: nil, options: [.discreteAverage, .separateBySource]) {
        (query: HKStatisticsQuery, statistics: HKStatistics?, error: (any Error)?) in
        _ = (statistics?.averageQuantity(), statistics?.minimumQuantity(), statistics?.maximumQuantity(), statistics?.mostRecentQuantity(),
             statistics?.sumQuantity(), statistics?.sources, statistics?.mostRecentQuantityDateInterval(), query, error)
    })
    let collection = HKStatisticsCollectionQuery(quantityType: heartRate, quantitySamplePredicate: nil, options: .discreteAverage,
                                                 anchorDate: Date(), intervalComponents: DateComponents(day: 1))
    collection.initialResultsHandler = { (query: HKStatisticsCollectionQuery, results: HKStatisticsCollection?, error: (any Error)?) in
        results?.enumerateStatistics(from: Date(), to: Date()) { (statistics: HKStatistics, stop: UnsafeMutablePointer<ObjCBool>) in
            stop.pointee = true
        }
        _ = (results?.statistics(), results?.statistics(for: Date()), results?.sources(), query, error)
    }
    collection.statisticsUpdateHandler = { (query: HKStatisticsCollectionQuery, statistics: HKStatistics?, results: HKStatisticsCollection?, error: (any Error)?) in
        _ = (query, statistics, results, error)
    }
    store.execute(collection)
    store.execute(HKSourceQuery(sampleType: heartRate, samplePredicate: nil) { (query: HKSourceQuery, sources: Set<HKSource>?, error: (any Error)?) in
        _ = (query, sources, error)
    })
    let days = HKQuery.predicate(forActivitySummariesBetweenStart: DateComponents(year: 2026, month: 1, day: 1),
                                 end: DateComponents(year: 2026, month: 1, day: 7))
    let summaries = HKActivitySummaryQuery(predicate: days) { (query: HKActivitySummaryQuery, summaries: [HKActivitySummary]?, error: (any Error)?) in
        _ = (summaries?.first?.activeEnergyBurned, summaries?.first?.appleExerciseTime, summaries?.first?.appleStandHours, query, error)
    }
    summaries.updateHandler = { _, _, _ in }
    store.execute(summaries)
    store.execute(HKActivitySummaryQuery(predicate: HKQuery.predicateForActivitySummary(with: DateComponents(year: 2026, month: 1, day: 1))) { _, _, _ in })
    store.execute(HKWorkoutRouteQuery(route: route) { (query: HKWorkoutRouteQuery, locations: [CLLocation]?, done: Bool, error: (any Error)?) in
        _ = (query, locations, done, error)
    })
    store.execute(HKWorkoutRouteQuery(route: route, dateInterval: DateInterval(start: Date(), duration: 60)) { _, _, _, _ in })
}

/// Every builder and descriptor signature.
func healthKitBuilderSignatures(_ store: HKHealthStore, locations: [CLLocation], samples: [HKSample]) async throws {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .cycling
    configuration.locationType = .outdoor
    configuration.swimmingLocationType = .unknown
    configuration.lapLength = nil
    let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
    builder.beginCollection(withStart: Date()) { (success: Bool, error: (any Error)?) in _ = (success, error) }
    try await builder.beginCollection(at: Date())
    builder.add(samples) { _, _ in }
    try await builder.addSamples(samples)
    builder.addWorkoutEvents([]) { _, _ in }
    try await builder.addWorkoutEvents([HKWorkoutEvent(type: .marker, dateInterval: DateInterval(start: Date(), duration: 0), metadata: [:])])
    builder.addMetadata([HKMetadataKeyIndoorWorkout: false]) { _, _ in }
    try await builder.addMetadata(["key": "value"])
    builder.endCollection(withEnd: Date()) { _, _ in }
    try await builder.endCollection(at: Date())
    _ = (builder.startDate, builder.endDate, builder.metadata, builder.workoutEvents, builder.elapsedTime(at: Date()), builder.workoutConfiguration,
         builder.statistics(for: HKQuantityType(.heartRate))?.averageQuantity())
    builder.finishWorkout { (workout: HKWorkout?, error: (any Error)?) in _ = (workout, error) }
    let workout = try await builder.finishWorkout()
    builder.discardWorkout()
    let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
    let series: HKSeriesBuilder? = builder.seriesBuilder(for: HKSeriesType.workoutRoute())
    routeBuilder.insertRouteData(locations) { (success: Bool, error: (any Error)?) in _ = (success, error, series) }
    try await routeBuilder.insertRouteData(locations)
    routeBuilder.finishRoute(with: workout!, metadata: nil) { (route: HKWorkoutRoute?, error: (any Error)?) in _ = (route, error) }
    let route: HKWorkoutRoute = try await routeBuilder.finishRoute(with: workout!, metadata: [HKMetadataKeyWorkoutBrandName: "Pace"])
    _ = (workout?.duration, workout?.totalDistance, workout?.totalEnergyBurned, workout?.workoutActivityType, workout?.workoutEvents, route.count)

    let heartRate = HKQuantityType(.heartRate)
    let newest: [HKQuantitySample] = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: heartRate)],
                                                                       sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)],
                                                                       limit: 10).result(for: store)
    let workouts: [HKWorkout] = try await HKSampleQueryDescriptor(predicates: [.workout(HKQuery.predicateForWorkouts(with: .running))],
                                                                  sortDescriptors: []).result(for: store)
    let anchored = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate)], anchor: nil, limit: 100)
    let changes = try await anchored.result(for: store)
    _ = (changes.addedSamples, changes.deletedObjects, changes.newAnchor, newest, workouts)
    for try await update in anchored.results(for: store) { _ = update.newAnchor; break }
    let statistics: HKStatistics? = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .discreteMax)
        .result(for: store)
    let collection = HKStatisticsCollectionQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .discreteAverage,
                                                           anchorDate: Date(), intervalComponents: DateComponents(hour: 1))
    _ = (try await collection.result(for: store), statistics)
    for try await update in collection.results(for: store) { _ = update.statistics(); break }
    for try await location in HKWorkoutRouteQueryDescriptor(route).results(for: store) { _ = location.coordinate; break }

    let seriesBuilder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: heartRate, startDate: Date(), device: nil)
    let beat = HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 120)
    try seriesBuilder.insert(beat, at: Date())
    try seriesBuilder.insert(beat, for: DateInterval(start: Date(), duration: 5))
    seriesBuilder.finishSeries(metadata: nil) { (samples: [HKQuantitySample]?, error: (any Error)?) in _ = (samples, error) }
    seriesBuilder.finishSeries(metadata: nil, endDate: nil) { (samples: [HKQuantitySample]?, error: (any Error)?) in _ = (samples, error) }
    let built: [HKQuantitySample] = try await seriesBuilder.finishSeries(metadata: [HKMetadataKeyWasUserEntered: false])
    let builtUntil: [HKQuantitySample] = try await seriesBuilder.finishSeries(metadata: nil, endDate: Date())
    seriesBuilder.discard()
    _ = (built, builtUntil, seriesBuilder.quantityType, seriesBuilder.startDate, seriesBuilder.device)

    let valuesQuery = HKQuantitySeriesSampleQuery(quantityType: heartRate, predicate: HKQuery.predicateForObject(with: UUID())) {
        (query: HKQuantitySeriesSampleQuery, quantity: HKQuantity?, interval: DateInterval?, sample: HKQuantitySample?, done: Bool,
         error: (any Error)?) in _ = (query, quantity, interval, sample, done, error)
    }
    valuesQuery.includeSample = true
    valuesQuery.orderByQuantitySampleStartDate = valuesQuery.includeSample
    store.execute(valuesQuery)
    let oneSample = HKQuantitySeriesSampleQuery(sample: built[0]) {
        (query: HKQuantitySeriesSampleQuery, quantity: HKQuantity?, date: Date?, done: Bool, error: (any Error)?) in
        _ = (query, quantity, date, done, error)
    }
    store.stop(oneSample)
}

/// Every live workout session signature: the session, its states and delegate, the live builder,
/// its delegate and data source, and recovery.
func healthKitLiveSessionSignatures(_ store: HKHealthStore, samples: [HKSample],
                                    sessionDelegate: any HKWorkoutSessionDelegate,
                                    builderDelegate: any HKLiveWorkoutBuilderDelegate) async throws {
    let configuration = HKWorkoutConfiguration()
    configuration.activityType = .running
    configuration.locationType = .outdoor
    let session: HKWorkoutSession = try HKWorkoutSession(healthStore: store, configuration: configuration)
    session.delegate = sessionDelegate
    let state: HKWorkoutSessionState = session.state
    let states: [HKWorkoutSessionState] = [.notStarted, .prepared, .running, .paused, .stopped, .ended]
    let dates: (Date?, Date?) = (session.startDate, session.endDate)
    let sessionConfiguration: HKWorkoutConfiguration = session.workoutConfiguration
    session.prepare()
    session.startActivity(with: Date())
    session.startActivity(with: nil)
    session.pause()
    session.resume()
    session.stopActivity(with: Date())
    session.end()
    let builder: HKLiveWorkoutBuilder = session.associatedWorkoutBuilder()
    let source = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: sessionConfiguration)
    let nilConfigured = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: nil)
    source.enableCollection(for: HKQuantityType(.stepCount), predicate: nil)
    source.disableCollection(for: HKQuantityType(.activeEnergyBurned))
    let collected: Set<HKQuantityType> = source.typesToCollect
    builder.dataSource = source
    builder.delegate = builderDelegate
    builder.shouldCollectWorkoutEvents = false
    let owner: HKWorkoutSession? = builder.workoutSession
    let elapsed: TimeInterval = builder.elapsedTime
    builder.beginCollection(withStart: Date()) { (success: Bool, error: (any Error)?) in _ = (success, error) }
    try await builder.beginCollection(at: Date())
    builder.add(samples) { _, _ in }
    try await builder.addSamples(samples)
    let heartRate: HKStatistics? = builder.statistics(for: HKQuantityType(.heartRate))
    builder.endCollection(withEnd: Date()) { _, _ in }
    builder.finishWorkout { (workout: HKWorkout?, error: (any Error)?) in _ = (workout, error) }
    let workout: HKWorkout? = try await builder.finishWorkout()
    store.recoverActiveWorkoutSession { (recovered: HKWorkoutSession?, error: (any Error)?) in _ = (recovered, error) }
    let recovered: HKWorkoutSession? = try await store.recoverActiveWorkoutSession()
    let metadataPredicate: NSPredicate = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyIndoorWorkout)
    _ = (state, states, dates, nilConfigured, collected, owner, elapsed, heartRate, workout, recovered, metadataPredicate)
}
