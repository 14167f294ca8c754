/// A query parameter of the HTTP API that is malformed, out of range or missing: which one, and
/// what is wrong with it, in words a client's developer can act on. The server answers it as
/// `400 request.parameter` with the message "The parameter 'NAME' PROBLEM.".
package struct APIParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parameter's name, as in the URL (`from`, `limit`, `cursor`, …).
    package var name: String
    /// What is wrong, completing "The parameter 'NAME' …" (e.g. "must be a whole number from 1 to 500").
    package var problem: String

    /// An error for the parameter `name`.
    package init(name: String, problem: String) {
        self.name = name
        self.problem = problem
    }

    /// "The parameter 'NAME' PROBLEM."
    package var description: String { "The parameter '\(name)' \(problem)." }
}
