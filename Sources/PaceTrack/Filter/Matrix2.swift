/// A horizontal vector (east, north) in the filter's plane; metres or metres per second.
///
/// Fixed-size value types keep the filter free of heap allocation.
struct Vector2: Hashable, Sendable {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    static let zero = Vector2(0, 0)

    @inline(__always) static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    @inline(__always) static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    @inline(__always) static func * (s: Double, v: Vector2) -> Vector2 { Vector2(s * v.x, s * v.y) }
    @inline(__always) static func += (a: inout Vector2, b: Vector2) { a = a + b }

    var squaredLength: Double { x * x + y * y }
    var length: Double { squaredLength.squareRoot() }
    var isFinite: Bool { x.isFinite && y.isFinite }
}

/// A 2×2 block of the filter's matrices, row-major: `[[a, b], [c, d]]`.
///
/// The 6-state filter (position, velocity, position bias; each east and north) is written in 2×2
/// blocks, so every product is hand-unrolled and the whole covariance lives on the stack.
struct Matrix2: Hashable, Sendable {
    var a: Double, b: Double, c: Double, d: Double

    init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    /// `s` times the identity.
    init(diagonal s: Double) {
        self.init(s, 0, 0, s)
    }

    static let zero = Matrix2(0, 0, 0, 0)
    static let identity = Matrix2(1, 0, 0, 1)

    var transposed: Matrix2 { Matrix2(a, c, b, d) }
    var trace: Double { a + d }
    var determinant: Double { a * d - b * c }
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite }
    /// The symmetric part, `(M + Mᵀ) / 2`.
    var symmetricPart: Matrix2 {
        let off = 0.5 * (b + c)
        return Matrix2(a, off, off, d)
    }

    /// The symmetric part, `(M + Mᵀ) / 2`, with the diagonal kept non-negative.
    var symmetrized: Matrix2 {
        let off = 0.5 * (b + c)
        return Matrix2(max(a, 0), off, off, max(d, 0))
    }

    /// The inverse, or nil when the matrix is singular or not finite.
    var inverse: Matrix2? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let r = 1 / det
        return Matrix2(d * r, -b * r, -c * r, a * r)
    }

    @inline(__always) static func + (l: Matrix2, r: Matrix2) -> Matrix2 { Matrix2(l.a + r.a, l.b + r.b, l.c + r.c, l.d + r.d) }
    @inline(__always) static func - (l: Matrix2, r: Matrix2) -> Matrix2 { Matrix2(l.a - r.a, l.b - r.b, l.c - r.c, l.d - r.d) }
    @inline(__always) static func * (s: Double, m: Matrix2) -> Matrix2 { Matrix2(s * m.a, s * m.b, s * m.c, s * m.d) }
    @inline(__always) static func * (l: Matrix2, r: Matrix2) -> Matrix2 {
        Matrix2(l.a * r.a + l.b * r.c, l.a * r.b + l.b * r.d, l.c * r.a + l.d * r.c, l.c * r.b + l.d * r.d)
    }
    @inline(__always) static func * (m: Matrix2, v: Vector2) -> Vector2 {
        Vector2(m.a * v.x + m.b * v.y, m.c * v.x + m.d * v.y)
    }
    @inline(__always) static func += (l: inout Matrix2, r: Matrix2) { l = l + r }
    @inline(__always) static func -= (l: inout Matrix2, r: Matrix2) { l = l - r }

    /// The outer product `l rᵀ`.
    @inline(__always) static func outer(_ l: Vector2, _ r: Vector2) -> Matrix2 {
        Matrix2(l.x * r.x, l.x * r.y, l.y * r.x, l.y * r.y)
    }
    /// `l * rᵀ`.
    @inline(__always) static func timesTransposed(_ l: Matrix2, _ r: Matrix2) -> Matrix2 {
        Matrix2(l.a * r.a + l.b * r.b, l.a * r.c + l.b * r.d, l.c * r.a + l.d * r.b, l.c * r.c + l.d * r.d)
    }

    /// `vᵀ M v`.
    @inline(__always) func quadraticForm(_ v: Vector2) -> Double {
        v.x * (a * v.x + b * v.y) + v.y * (c * v.x + d * v.y)
    }
}
