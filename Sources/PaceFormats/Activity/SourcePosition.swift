/// How every reader's errors and warnings name a place in a file: `run.gpx:3:12`, as far as
/// it is known.
enum SourcePosition {
    /// `file:line:column`, leaving out what is unknown; `placeholder` stands for a missing file name.
    static func text(file: String?, line: Int?, column: Int?, placeholder: String) -> String {
        [file ?? placeholder, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
    }
}
