// Internal string helpers shared by the HealthKit type catalogue.

/// Name-manipulation helpers used by the type catalogue (identifier ↔ Swift
/// name conversion, lenient matching and "did you mean" suggestions).
enum CatalogueNaming {
    /// Lower-cases `text` and removes `-`, `_`, spaces and dots, so that
    /// `"High-Intensity_Interval Training"` and `"highIntensityIntervalTraining"`
    /// compare equal.
    static func normalize(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " && $0 != "." })
    }

    /// Converts an upper-camel HealthKit suffix to the Swift lower-camel
    /// spelling: `"HeartRate"` → `"heartRate"`, `"VO2Max"` → `"vo2Max"`,
    /// `"UVExposure"` → `"uvExposure"`.
    static func lowerCamel(_ suffix: String) -> String {
        let chars = Array(suffix)
        var upperRun = 0
        while upperRun < chars.count, chars[upperRun].isUppercase { upperRun += 1 }
        guard upperRun > 0 else { return suffix }
        let lowered: Int
        if upperRun < chars.count, upperRun > 1, chars[upperRun].isLowercase {
            // "UVExposure": keep the "E" that starts the next word.
            lowered = upperRun - 1
        } else {
            lowered = upperRun
        }
        return String(chars[..<lowered]).lowercased() + String(chars[lowered...])
    }

    /// Upper-cases the first character: `"running"` → `"Running"`.
    static func upperCamel(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// Splits a lower-camel name into title-cased words, keeping the joining
    /// words "and"/"or" in lower case: `"mindAndBody"` → `"Mind and Body"`.
    static func titleWords(fromLowerCamel name: String) -> String {
        var words: [String] = []
        var current = ""
        for character in name {
            if character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.enumerated().map { index, word in
            let lower = word.lowercased()
            if index > 0, lower == "and" || lower == "or" { return lower }
            return upperCamel(word)
        }.joined(separator: " ")
    }

    /// Levenshtein edit distance between two strings, computed over UTF-8 bytes.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
