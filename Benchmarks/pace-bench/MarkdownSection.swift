import Foundation

/// Rewrites one `## ` section of a Markdown file (docs/BENCHMARKS.md), leaving the others as they
/// are, so each benchmark command updates only its own results.
enum MarkdownSection {
    /// Replaces the section whose heading line is `heading` (from that line up to the next `## `
    /// heading) with `body`, or appends it when there is none; creates the file with a `# Benchmarks`
    /// title when it does not exist.
    /// - Parameters:
    ///   - heading: The heading line, e.g. `"## Recording: CPU per recorded hour"`.
    ///   - body: The section's text after the heading.
    ///   - path: The Markdown file.
    static func replace(_ heading: String, with body: String, in path: String) throws {
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "# Benchmarks\n"
        var lines = existing.components(separatedBy: "\n")
        let section = [heading, ""] + body.trimmingCharacters(in: .newlines).components(separatedBy: "\n") + [""]
        if let start = lines.firstIndex(of: heading) {
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
            lines.replaceSubrange(start..<end, with: section)
        } else {
            if lines.last?.isEmpty == false { lines.append("") }
            lines += section
        }
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
