import Foundation
import PaceFormats
import Testing

/// Decoder tests on tiny synthetic files written as commented byte arrays.
@Suite struct FITDecoderTests {
    /// file_id definition (local 0, little endian): time_created uint32, manufacturer uint16.
    static let fileIDDefinition: [UInt8] = [
        0x40, 0x00, 0x00, 0x00, 0x00, 0x02,  // definition, local 0, reserved, little endian, global 0, 2 fields
        0x04, 0x04, 0x86,  // field 4 time_created, 4 bytes, uint32
        0x01, 0x02, 0x84,  // field 1 manufacturer, 2 bytes, uint16
    ]
    /// file_id data: time_created 1_000_000_000, manufacturer 1 (garmin).
    static let fileIDData: [UInt8] = [0x00, 0x00, 0xCA, 0x9A, 0x3B, 0x01, 0x00]

    @Test func headerOnlyFileDecodesToNoMessages() throws {
        // Given a 14-byte header announcing 0 bytes of data, then the CRC.
        let bytes = FITTestSupport.file([])
        // When
        let file = try FITDecoder().decode(Data(bytes))
        // Then
        #expect(file.messages.isEmpty)
        #expect(file.fileCount == 1)
        #expect(file.warnings.isEmpty)
    }

    @Test func twelveByteHeaderWithoutHeaderCRC() throws {
        let bytes = FITTestSupport.file(Self.fileIDDefinition + Self.fileIDData, headerSize: 12)
        let file = try FITDecoder().decode(Data(bytes))
        let fileID = try #require(file.messages.first)
        #expect(fileID.name == "file_id")
        #expect(fileID.field(named: "manufacturer")?.enumName == "garmin")
        #expect(fileID.field(named: "time_created")?.value == .unsigned(1_000_000_000))
    }

    @Test func fileCRCMismatchIsReportedWithPosition() throws {
        // Given a valid file whose stored CRC was zeroed.
        let messages = Self.fileIDDefinition + Self.fileIDData
        let good = FITTestSupport.file(messages)
        let expected = FITTestSupport.crc(Array(good.dropLast(2)))
        let bytes = FITTestSupport.file(messages, fileCRC: 0)
        // When / Then
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(Data(bytes)) }
        #expect(error?.code == .crcMismatch)
        #expect(error?.byteOffset == 33)
        #expect(error?.description == "FIT decode failed: CRC mismatch at byte 33 (expected "
            + "\(FITTestSupport.hex(expected)), found 0x0000); file is truncated or corrupt.")
        // And the check can be turned off.
        let lenient = try FITDecoder(options: .init(validateCRC: false)).decode(Data(bytes))
        #expect(lenient.messages.count == 1)
    }

    @Test func badSignatureIsNotAFITFile() {
        let bytes = Array("<?xml version=\"1.0\"?><gpx/>".utf8)
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(Data(bytes)) }
        #expect(error?.code == .badSignature)
        #expect(error?.description == "FIT decode failed: no \".FIT\" signature at byte 8; not a FIT file.")
    }

    @Test func shortDataIsTruncated() {
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(Data([14, 0x10, 0x08])) }
        #expect(error?.code == .truncated)
        #expect(error?.description
            == "FIT decode failed: file is 3 bytes, shorter than the 12-byte FIT header; file is truncated or not a FIT file.")
    }

    @Test func undefinedLocalMessageThrows() {
        // A data message for local type 3 with no definition before it.
        let bytes = FITTestSupport.file([0x03, 0x01, 0x02])
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(Data(bytes)) }
        #expect(error?.code == .undefinedLocalMessage)
        #expect(error?.messageIndex == 0)
        #expect(error?.detailedDescription() == """
            FIT decode failed (undefinedLocalMessage)
              reason: message 0 at byte 14 uses local message type 3, which no definition message defined; \
            file is corrupt or was written by a non-conforming encoder.
              byte offset: 14
              message index: 0
            """)
        #expect(error?.description == "FIT decode failed: message 0 at byte 14 uses local message type 3, which no "
            + "definition message defined; file is corrupt or was written by a non-conforming encoder.")
    }

    @Test func bigEndianDefinitionAndCompressedTimestampsWithRollover() throws {
        let messages: [UInt8] = [
            0x40, 0x00, 0x01, 0x00, 0x14, 0x03,  // definition, local 0, big endian, global 20 (record), 3 fields
            0xFD, 0x04, 0x86,  // 253 timestamp uint32
            0x03, 0x01, 0x02,  // 3 heart_rate uint8
            0x06, 0x02, 0x84,  // 6 speed uint16 (scale 1000)
            0x00, 0x3B, 0x9A, 0xCA, 0x1E, 0x8C, 0x0B, 0xB8,  // data: ts 1_000_000_030, hr 140, speed 3000
            0x41, 0x00, 0x01, 0x00, 0x14, 0x02, 0x03, 0x01, 0x02, 0x06, 0x02, 0x84,  // local 1: record, hr + speed
            0xA0 | 0x1F, 0x8D, 0x0B, 0xB9,  // compressed header, local 1, offset 31 → ts 1_000_000_031; hr 141
            0xA0 | 0x02, 0xFF, 0xFF, 0xFF,  // offset 2 < 31 → rolls over to 1_000_000_034; hr and speed invalid
            0x41, 0x00, 0x01, 0x00, 0x14, 0x01, 0x03, 0x01, 0x02,  // redefine local 1: record, heart_rate only
            0xA0 | 0x03, 0x64,  // offset 3 → ts 1_000_000_035; hr 100
        ]
        let file = try FITDecoder().decode(Data(FITTestSupport.file(messages)))
        try #require(file.messages.count == 4)
        let times = file.messages.map { $0.field(253)?.value }
        #expect(times == [.unsigned(1_000_000_030), .unsigned(1_000_000_031), .unsigned(1_000_000_034),
                          .unsigned(1_000_000_035)])
        #expect(file.messages[0].field(named: "heart_rate")?.value == .unsigned(140))
        #expect(file.messages[0].field(named: "speed")?.doubleValue == 3.0)
        #expect(file.messages[0].field(named: "speed")?.units == "m/s")
        #expect(file.messages[2].fields.map(\.number) == [253])  // invalid values are absent
        #expect(file.messages[3].field(named: "heart_rate")?.value == .unsigned(100))
        #expect(file.messages[0].timestamp == Date(timeIntervalSince1970: 1_000_000_030 + 631_065_600))
    }

    @Test func invalidArchitectureIsAnInvalidDefinition() {
        let bytes = FITTestSupport.file([0x40, 0x00, 0x07, 0x00, 0x00, 0x00])
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(Data(bytes)) }
        #expect(error?.code == .invalidDefinition)
        #expect(error?.description == "FIT decode failed: definition message 0 at byte 14 has architecture 7 "
            + "(expected 0 or 1); file is corrupt.")
    }

    @Test func truncatedFileThrowsOrKeepsWhatWasDecodedWhenAllowed() throws {
        // Given a file cut in its second message.
        let whole = FITTestSupport.file(Self.fileIDDefinition + Self.fileIDData + Self.fileIDData)
        let cut = Data(whole.prefix(14 + 12 + 7 + 3))
        // Then the default decoder throws…
        let error = #expect(throws: FITError.self) { try FITDecoder().decode(cut) }
        #expect(error?.code == .truncated)
        #expect(error?.description == "FIT decode failed: data ends at byte 36 but the header at byte 0 announces "
            + "26 bytes of messages and a CRC ending at byte 42; file is truncated (decode with allowTruncation "
            + "to keep the messages before the cut).")
        // …and the lenient one keeps the complete message, with warnings.
        let file = try FITDecoder(options: .init(allowTruncation: true)).decode(cut)
        #expect(file.messages.count == 1)
        #expect(file.warnings.map(\.description) == [
            "FIT warning at byte 36: file is truncated: the header announces 42 bytes, 36 are present; CRC not "
                + "checked, messages after the cut are lost.",
            "FIT warning at byte 33: dropped the incomplete message 2 at byte 33.",
        ])
    }

    @Test func stringsArraysAndDeveloperFields() throws {
        let messages: [UInt8] = [
            // developer field description: definition local 2, global 206, fields 0,1,2 uint8; 3 string[8]; 8 string[4]
            0x42, 0x00, 0x00, 0xCE, 0x00, 0x05,
            0x00, 0x01, 0x02, 0x01, 0x01, 0x02, 0x02, 0x01, 0x02, 0x03, 0x08, 0x07, 0x08, 0x04, 0x07,
            // data: index 0, field 7, base type 0x84 (uint16), name "stride" + NUL + pad, units "cm" unterminated-ish
            0x02, 0x00, 0x07, 0x84, 0x73, 0x74, 0x72, 0x69, 0x64, 0x65, 0x00, 0x00, 0x63, 0x6D, 0x00, 0x00,
            // record definition with developer flag: local 3, field 3 heart_rate uint8[2] (array), 1 dev field
            0x63, 0x00, 0x00, 0x14, 0x00, 0x01, 0x03, 0x02, 0x02, 0x01, 0x07, 0x02, 0x00,
            // data: hr [0x50, 0xFF] → [80, nil]; dev field 7 = 0x0102 little endian = 513
            0x03, 0x50, 0xFF, 0x01, 0x02,
        ]
        let file = try FITDecoder().decode(Data(FITTestSupport.file(messages)))
        let record = try #require(file.messages.last)
        #expect(record.field(3)?.value == .array([.unsigned(80), nil]))
        #expect(record.field(3)?.doubleValues == [80, nil])
        let developer = try #require(record.developerFields.first)
        #expect(developer.name == "stride")
        #expect(developer.units == "cm")
        #expect(developer.value == .unsigned(513))
    }
}
