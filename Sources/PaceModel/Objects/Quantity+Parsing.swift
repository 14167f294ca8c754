extension Quantity {
    /// Parses a number followed by a HealthKit unit string, with or without a space
    /// between them: `"5km"`, `"5 km"`, `"54 degF"`, `"-1.5e3 m"`, `"142 count/min"`.
    ///
    /// This is the form Apple Health's `export.xml` uses for quantity metadata
    /// (`value="4524 cm"`) and the form `pace add --distance` accepts.
    ///
    /// ```swift
    /// let distance = try Quantity(parsing: "10.5km")   // 10.5 km
    /// ```
    ///
    /// - Parameter text: The quantity text.
    /// - Throws: ``UnitError`` with code ``UnitError/Code/syntax`` when there is no number,
    ///   or the unit parser's error (its offset counted from the start of `text`).
    public init(parsing text: String) throws(UnitError) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func skipDigits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
        var digits = skipDigits()
        if index < scalars.count, scalars[index] == "." {
            index += 1
            digits += skipDigits()
        }
        if digits > 0, index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            let mark = index
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            if skipDigits() == 0 { index = mark }
        }
        let number = String(String.UnicodeScalarView(scalars[0..<index]))
        guard digits > 0, let value = Double(number), value.isFinite else {
            throw UnitError(code: .syntax,
                message: "'\(text)' does not start with a number. Write a number and a unit, such as '10 km' or '142 count/min'.",
                input: text, offset: 0)
        }
        var unitStart = index
        while unitStart < scalars.count, scalars[unitStart] == " " { unitStart += 1 }
        let unitText = String(String.UnicodeScalarView(scalars[unitStart...]))
        guard !unitText.isEmpty else {
            throw UnitError(code: .syntax,
                message: "'\(text)' has no unit after the number. Add a HealthKit unit string, such as 'km' or 'count/min'.",
                input: text, offset: scalars.count)
        }
        do {
            self.init(value: value, unit: try HealthUnit(parsing: unitText))
        } catch {
            var shifted = error
            shifted.input = text
            shifted.offset = error.offset.map { $0 + unitStart }
            throw shifted
        }
    }
}
