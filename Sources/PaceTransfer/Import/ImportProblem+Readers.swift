import PaceFormats

extension ImportProblem {
    /// A GPX file its reader refused, at the line and column the reader names.
    static func invalidFile(_ error: GPXError, file: String) -> ImportProblem {
        ImportProblem(code: .invalidFile, file: file, position: .init(line: error.line, column: error.column), message: error.description)
    }

    /// A TCX file its reader refused, at the line and column the reader names.
    static func invalidFile(_ error: TCXError, file: String) -> ImportProblem {
        ImportProblem(code: .invalidFile, file: file, position: .init(line: error.line, column: error.column), message: error.description)
    }

    /// A FIT file its decoder refused, at the byte the decoder names.
    static func invalidFile(_ error: FITError, file: String) -> ImportProblem {
        ImportProblem(code: .invalidFile, file: file, position: .init(byteOffset: error.byteOffset), message: error.description)
    }
}

extension ActivityFileReader {
    /// A GPX document's warnings, one line each: `FILE:LINE: message`.
    static func warnings(of document: GPXDocument, path: String) -> [String] {
        document.warnings.map { "\(path):\($0.line): \($0.message)" }
    }

    /// A TCX document's warnings, one line each: `FILE:LINE: reason`.
    static func warnings(of document: TCXDocument, path: String) -> [String] {
        document.warnings.map { "\(path):\($0.line): \($0.reason)" }
    }

    /// A FIT decoder's warnings, one line each: `FILE: message`.
    static func warnings(_ warnings: [FITWarning], path: String) -> [String] {
        warnings.map { "\(path): \($0.description)" }
    }
}
