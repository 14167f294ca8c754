package import Foundation
import PaceModel

extension APIDateTime {
    /// The instant as the API writes it: `YYYY-MM-DDThh:mm:ssZ` in UTC, in whole seconds (towards
    /// the past), in the proleptic Gregorian calendar that ``parse(_:)`` reads. From 15 October 1582
    /// on this is what Foundation's ISO 8601 formatter writes; before it Foundation switches to the
    /// Julian calendar, and a date written by one and read by the other would move by days.
    /// Years past 9999 take more digits and years before 1 a minus sign (ISO 8601's expanded
    /// years), which ``parse(_:)`` refuses. `nil` for a time that is not finite or lies more than
    /// about 285 million years (9 × 10¹⁵ s) from 1970.
    package static func text(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 9e15 else { return nil }
        return CalendarDay.dateTimeText(secondsSince1970: Int(seconds)) + "Z"
    }

    /// Whether `date` lies in the years 0000–9999, which ``parse(_:)`` reads and ``text(_:)`` writes
    /// in the four digits ``parse(_:)`` takes back: the times a JSON body of the API can carry both ways.
    package static func carries(_ date: Date) -> Bool {
        CalendarDay.fourDigitYears.contains(date.timeIntervalSince1970)
    }

    /// ``text(_:)`` for an encoder: the text, or an `EncodingError` at `codingPath` for a time
    /// that has none.
    package static func text(_ date: Date, at codingPath: [any CodingKey]) throws(EncodingError) -> String {
        guard let text = text(date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: codingPath, debugDescription: "a time that is not finite has no date to write"))
        }
        return text
    }

    /// ``parse(_:)`` for a decoder: the instant, or a `DecodingError` at `codingPath` naming the
    /// text and the form to send.
    package static func date(_ text: String, at codingPath: [any CodingKey]) throws(DecodingError) -> Date {
        guard let date = parse(text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "'\(text.prefix(40))' is not an RFC 3339 date and time, e.g. 2026-11-26T07:00:00Z"))
        }
        return date
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Dates as RFC 3339 strings, read strictly by ``APIDateTime/parse(_:)``: a day that does not
    /// exist, hour 24, one-digit fields or text after the zone are a `DecodingError` naming the
    /// string, not another instant. Every JSON body the API reads uses it.
    package static var rfc3339: Self {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            return try APIDateTime.date(try container.decode(String.self), at: decoder.codingPath)
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// Dates as ``APIDateTime/text(_:)`` writes them, so that what the API writes it reads back as
    /// the same instant (to the second). Every JSON body the API writes uses it.
    package static var rfc3339: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try APIDateTime.text(date, at: encoder.codingPath))
        }
    }
}
