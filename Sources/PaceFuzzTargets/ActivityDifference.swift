import PaceFormats

/// The first difference between two activities, in a few words (a whole activity printed is
/// kilobytes; a fuzz report needs the field).
enum ActivityDifference {
    /// `nil` when the activities are equal, else the first field that differs and its two values.
    static func first(_ a: RecordedActivity, _ b: RecordedActivity) -> String? {
        if a.sport != b.sport { return "sport \(String(describing: a.sport)) vs \(String(describing: b.sport))" }
        if a.name != b.name { return "name \(String(describing: a.name)) vs \(String(describing: b.name))" }
        if a.identifier != b.identifier { return "identifier \(String(describing: a.identifier)) vs \(String(describing: b.identifier))" }
        if a.deviceName != b.deviceName { return "device \(String(describing: a.deviceName)) vs \(String(describing: b.deviceName))" }
        if a.totalAscent != b.totalAscent { return "ascent \(String(describing: a.totalAscent)) vs \(String(describing: b.totalAscent))" }
        if a.totalDescent != b.totalDescent { return "descent \(String(describing: a.totalDescent)) vs \(String(describing: b.totalDescent))" }
        if a.timerEvents != b.timerEvents { return "timer events \(a.timerEvents) vs \(b.timerEvents)" }
        if a.laps.count != b.laps.count { return "\(a.laps.count) vs \(b.laps.count) laps" }
        for (index, (lapA, lapB)) in zip(a.laps, b.laps).enumerated() where lapA != lapB {
            if lapA.records.count != lapB.records.count {
                return "lap \(index): \(lapA.records.count) vs \(lapB.records.count) records"
            }
            if let record = zip(lapA.records, lapB.records).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                return "lap \(index) record \(record.offset): \(record.element.0) vs \(record.element.1)"
            }
            var totalsA = lapA, totalsB = lapB
            totalsA.records = []
            totalsB.records = []
            return "lap \(index) totals: \(totalsA) vs \(totalsB)"
        }
        return a == b ? nil : "activities differ"
    }
}
