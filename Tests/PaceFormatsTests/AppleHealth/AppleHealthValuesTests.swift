import Foundation
@testable import PaceFormats
import PaceModel
import Testing

@Suite("AppleHealthValues: dates, device strings, metadata values")
struct AppleHealthValuesTests {
    @Test("export dates with a numeric offset")
    func dates() {
        #expect(AppleHealthValues.date("2019-06-11 15:00:22 -0700") == Date(timeIntervalSince1970: 1_560_290_422))
        #expect(AppleHealthValues.date("2016-04-15 07:27:26 +0100") == Date(timeIntervalSince1970: 1_460_701_646))
        #expect(AppleHealthValues.date("1969-12-31 23:59:59 +0000") == Date(timeIntervalSince1970: -1))
        #expect(AppleHealthValues.date("2024-02-29 00:00:00 +05:30") == Date(timeIntervalSince1970: 1_709_145_000))
        #expect(AppleHealthValues.date("2019-06-11") == nil)
        #expect(AppleHealthValues.date("2019-13-11 15:00:22 -0700") == nil)
        #expect(AppleHealthValues.date("2019-06-11 15:00:22 -07") == nil)
        #expect(AppleHealthValues.day("1990-02-02") == DateComponents(year: 1990, month: 2, day: 2))
    }

    @Test("the device attribute's key:value pairs")
    func device() {
        let text = "<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:8.0>"
        #expect(AppleHealthValues.device(text) == Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch",
                                                         hardwareVersion: "Watch6,1", softwareVersion: "8.0"))
        let phone = "<<HKDevice: 0x1>, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone10,6, software:13.1, "
            + "localIdentifier:ABC, UDIDeviceIdentifier:XYZ>"
        #expect(AppleHealthValues.device(phone)?.localIdentifier == "ABC")
        #expect(AppleHealthValues.device(phone)?.udiDeviceIdentifier == "XYZ")
        #expect(AppleHealthValues.device("<<HKDevice: 0x1>, name:Bob, Jr's Watch, model:Watch>")?.name == "Bob, Jr's Watch")
        #expect(AppleHealthValues.device("<<HKDevice: 0x1>>") == nil)
    }

    @Test("metadata values: integers, numbers, dates, quantities and strings")
    func metadataValues() throws {
        #expect(AppleHealthValues.metadataValue("0") == .integer(0))
        #expect(AppleHealthValues.metadataValue("1.5") == .double(1.5))
        #expect(AppleHealthValues.metadataValue("54 degF") == .quantity(try Quantity(parsing: "54 degF")))
        #expect(AppleHealthValues.metadataValue("4524 cm") == .quantity(Quantity(value: 4524, unit: .centimeter)))
        #expect(AppleHealthValues.metadataValue("2016-04-18 15:56:05 +0000") == .date(Date(timeIntervalSince1970: 1_460_994_965)))
        #expect(AppleHealthValues.metadataValue("2.16.0") == .string("2.16.0"))
        #expect(AppleHealthValues.metadataValue("America/Los_Angeles") == .string("America/Los_Angeles"))
        #expect(AppleHealthValues.metadataValue("nan") == .string("nan"))
    }

    @Test("characteristic and category value names")
    func names() {
        #expect(AppleHealthValues.enumCase("HKBloodTypeABNegative", prefix: "HKBloodType") == BloodType.abNegative)
        #expect(AppleHealthValues.enumCase("HKFitzpatrickSkinTypeIII", prefix: "HKFitzpatrickSkinType", alsoPrefixed: "type")
                == FitzpatrickSkinType.typeIII)
        #expect(AppleHealthValues.enumCase("HKBiologicalSexFemale", prefix: "HKBiologicalSex") == BiologicalSex.female)
        #expect(AppleHealthValues.enumCase("HKWorkoutEventTypeMotionPaused", prefix: "HKWorkoutEventType") == WorkoutEventType.motionPaused)
        #expect(AppleHealthValues.categoryValue("HKCategoryValueSleepAnalysisAsleepREM", type: .sleepAnalysis) == 5)
        #expect(AppleHealthValues.categoryValue("HKCategoryValueSleepAnalysisInBed", type: .sleepAnalysis) == 0)
        #expect(AppleHealthValues.categoryValue("2", type: .sleepAnalysis) == 2)
        #expect(AppleHealthValues.categoryValue("HKCategoryValueSleepAnalysisDreaming", type: .sleepAnalysis) == nil)
    }
}
