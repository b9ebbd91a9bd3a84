/// A growable run of bytes in memory of its own, appended to in pieces and read back as a
/// view: the output blocks' store (`OutputBlock`). Pieces are copied with `memcpy`
/// (appending to an array copied small pieces a byte at a time).
final class ByteBuffer {
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes held.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    /// The bytes held, valid until the next change.
    var view: ByteView { ByteView(unsafe: UnsafeBufferPointer(start: buffer, count: count)) }

    /// Forgets the bytes held.
    func removeAll() { count = 0 }

    /// The last byte held, if any.
    var last: UInt8? { count > 0 ? buffer[count - 1] : nil }

    /// Forgets the last byte held (there must be one).
    func removeLast() {
        precondition(count > 0, "no byte to remove")
        count -= 1
    }

    /// Room for `more` bytes after the ones held.
    @inline(__always)
    private func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    @inline(never)
    private func grow(_ needed: Int) {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(needed, capacity * 2))
        larger.update(from: buffer, count: count)
        buffer.deallocate()
        buffer = larger
        capacity = Swift.max(needed, capacity * 2)
    }

    @inline(__always)
    func append(_ bytes: ByteView) {
        guard bytes.count > 0 else { return }
        reserve(bytes.count)
        bytes.withUnsafeBufferPointer { (buffer + count).update(from: $0.baseAddress!, count: $0.count) }
        count += bytes.count
    }

    /// The first `kept` of sixteen bytes (`kept` at most 16), stored whole in one step: the
    /// bytes past the kept ones are room not yet counted.
    @inline(__always)
    func append(_ chunk: SIMD16<UInt8>, keeping kept: Int) {
        reserve(16)
        UnsafeMutableRawPointer(buffer + count).storeBytes(of: chunk, as: SIMD16<UInt8>.self)
        count += Swift.min(Swift.max(kept, 0), 16)
    }

    @inline(__always)
    func append(byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    /// `repeats` copies of `byte`: a short run (a column's padding) written sixteen bytes at a
    /// time, not with a call to `memset` (the bytes past the run are room not yet counted).
    @inline(__always)
    func append(repeating byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        reserve(repeats + 16)
        if repeats <= 128 {
            let chunk = SIMD16<UInt8>(repeating: byte)
            let start = UnsafeMutableRawPointer(buffer + count)
            var offset = 0
            while offset < repeats {
                start.storeBytes(of: chunk, toByteOffset: offset, as: SIMD16<UInt8>.self)
                offset += 16
            }
        } else {
            (buffer + count).initialize(repeating: byte, count: repeats)
        }
        count += repeats
    }

    /// Lets `body` write at most `most` bytes after the ones held; it returns how many it wrote.
    @inline(__always)
    func write(atMost most: Int, _ body: (MutableByteView) -> Int) {
        reserve(most)
        let written = body(MutableByteView(UnsafeMutableBufferPointer(start: buffer + count, count: most)))
        precondition(written >= 0 && written <= most, "wrote more than the room given")
        count += written
    }
}

/// Bytes to write in place (room an output block gives, `ByteBuffer.write(atMost:_:)`),
/// positions from 0. Writing outside `0..<count` stops the program.
struct MutableByteView {
    private let buffer: UnsafeMutableBufferPointer<UInt8>

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    var count: Int { buffer.count }

    /// The room from `start` on, its positions from 0 again.
    func dropFirst(_ start: Int) -> MutableByteView {
        precondition(start >= 0 && start <= buffer.count, "byte position out of range")
        return MutableByteView(UnsafeMutableBufferPointer(rebasing: buffer[start...]))
    }

    @inline(__always)
    subscript(position: Int) -> UInt8 {
        get {
            precondition(position >= 0 && position < buffer.count, "byte position out of range")
            return buffer[position]
        }
        nonmutating set {
            precondition(position >= 0 && position < buffer.count, "byte position out of range")
            buffer[position] = newValue
        }
    }
}

extension String {
    /// A string of the UTF-8 bytes `body` writes straight into its storage (at most `most`;
    /// it returns how many): a date or an amount made without a buffer of its own.
    init(writingAtMost most: Int, _ body: (MutableByteView) -> Int) {
        self.init(unsafeUninitializedCapacity: most) { buffer in
            let written = body(MutableByteView(buffer))
            precondition(written >= 0 && written <= most, "wrote more than the room given")
            return written
        }
    }
}
