/// A growable array of trivial values in manually managed memory, for the scanner's and readers'
/// hot paths: no reference counting, no uniqueness checks, no copy-on-write.
///
/// It is a plain struct holding a pointer: the owner must call ``deallocate()`` exactly once and
/// never copy it. Only for `BitwiseCopyable` elements.
struct XMLUnsafeStack<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// Allocates room for `capacity` elements.
    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    /// Frees the memory; the stack must not be used afterwards.
    func deallocate() { base.deallocate() }

    @inline(__always) var isEmpty: Bool { count == 0 }

    @inline(__always) var last: Element? { count > 0 ? base[count - 1] : nil }

    @inline(__always) subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    /// Appends `length` elements copied from `source`.
    @inline(__always) mutating func append(from source: UnsafePointer<Element>, count length: Int) {
        if count + length > capacity { grow(to: count + length) }
        if length <= 32 {
            // Names and values are short: a loop beats a call to memmove.
            for index in 0..<length { base[count + index] = source[index] }
        } else {
            (base + count).update(from: source, count: length)
        }
        count += length
    }

    @inline(__always) @discardableResult mutating func removeLast() -> Element {
        count -= 1
        return base[count]
    }

    /// Keeps the first `newCount` elements.
    @inline(__always) mutating func truncate(to newCount: Int) { count = newCount }

    /// Empties the stack, keeping its memory.
    @inline(__always) mutating func removeAll() { count = 0 }

    private mutating func grow(to minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
