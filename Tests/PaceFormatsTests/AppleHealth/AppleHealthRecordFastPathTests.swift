import Foundation
@testable import PaceFormats
import PaceModel
import Testing

/// The parser's fast path for top-level `<Record>`s (`AppleHealthExportParser+Records.swift`) against
/// the general path with its attribute dictionaries: the same objects and warnings, in the same order.
@Suite struct AppleHealthRecordFastPathTests {
    static let device = "&lt;&lt;HKDevice: 0x3036a1c20&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
        + "hardware:Watch6,1, software:10.4&gt;"

    /// Records the fast path takes, and records it must hand to the general path.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-05-01 06:00:00 +0200"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Ada’s Apple Watch" sourceVersion="10.4" device="\(device)" unit="count/min" creationDate="2024-05-01 06:12:37 +0200" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="146">
          <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
          <MetadataEntry key="HKWeatherTemperature" value="54 degF"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Berlin"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ada &amp; Bob’s iPhone" unit="count" startDate="2024-05-01T06:00:05+02:00" endDate="2024-05-01 06:01:05 +0200" value=" 12 "/>
         <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" unit="km" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:01:05 +0200" value="1e-3" value="2"/>
         <Record type="HKQuantityTypeIdentifierHeartRateVariabilitySDNN" sourceName="Watch" unit="ms" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:01:05 +0200" value="48.2">
          <HeartRateVariabilityMetadataList>
           <InstantaneousBeatsPerMinute bpm="61" time="6:00:05.12 AM"/>
          </HeartRateVariabilityMetadataList>
          <MetadataEntry key="HKAlgorithmVersion" value="2"/>
         </Record>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-01 01:00:00 +0200" endDate="2024-05-01 02:00:00 +0200" value="HKCategoryValueSleepAnalysisAsleepCore"/>
         <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Watch" startDate="2024-05-01 01:00:00 +0200" endDate="2024-05-01 02:00:00 +0200" value="HKCategoryValueSleepAnalysisNotAValue"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 05:00:05 +0200" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="yesterday" endDate="2024-05-01 05:00:05 +0200" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="kg" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="furlongs" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="60"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="sixty"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="nan"/>
         <Record type="HKQuantityTypeIdentifierNotAType" sourceName="Watch" unit="count" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="1"/>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="60">
          <MetadataEntry key="HKMetadataKeySyncIdentifier" value="abc"/>
         </Record>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="120"/>
         </Correlation>
         <Record type="HKQuantityTypeIdentifierBodyTemperature" sourceName="Thermo" unit="degF" startDate="2024-05-01 06:00:05 +0200" endDate="2024-05-01 06:00:05 +0200" value="98.6"/>
        </HealthData>
        """

    /// What the parser delivers, UUIDs set to zero (or masked in messages) so two reads compare equal.
    private static func read(fast: Bool) throws -> (items: [AnyHashable], summary: AppleHealthExportSummary) {
        var items: [AnyHashable] = []
        let zero = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        let parser = AppleHealthExportParser(file: "export.xml", routeFile: { _ in nil }) { item in
            switch item {
            case .quantitySample(var sample):
                sample.id = zero
                items.append(sample)
            case .categorySample(var sample):
                sample.id = zero
                items.append(sample)
            case .warning(let warning):
                items.append(masked(warning.description))
            case .correlation(let correlation):
                items.append("correlation \(correlation.type) \(correlation.quantitySamples.map(\.quantity))")
            default:
                items.append("\(item)")
            }
        }
        parser.usesFastPath = fast
        try parser.run(XMLScanner(source: DataByteSource(Data(document.utf8))))
        return (items, parser.summary)
    }

    private static func masked(_ text: String) -> String {
        text.replacingOccurrences(of: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", with: "UUID",
                                  options: .regularExpression)
    }

    @Test func fastAndGeneralPathsDeliverTheSameItems() throws {
        let fast = try Self.read(fast: true)
        let general = try Self.read(fast: false)

        #expect(fast.items == general.items)
        #expect(fast.summary.warnings.map { Self.masked($0.description) } == general.summary.warnings.map { Self.masked($0.description) })
        #expect(fast.summary.exportDate == general.summary.exportDate)
        #expect(fast.summary.quantitySampleCount == general.summary.quantitySampleCount)
        #expect(fast.summary.categorySampleCount == general.summary.categorySampleCount)
        #expect(fast.summary.correlationCount == 1)
        #expect(fast.summary.quantitySampleCount == 5)
        #expect(fast.summary.categorySampleCount == 1)
        #expect(fast.summary.warningCount == 10)
    }
}
