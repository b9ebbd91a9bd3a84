/// The inside of a JSON string, from UTF-8 text (`JSONValue.quote` states what is escaped):
/// `escape` reads sixteen bytes a step in vector registers and copies them whole up to the
/// first byte that may need an escape; `plainEscape` reads a byte at a time and is its
/// reference (`BytesTests`). Both write each escape with `escapeOne`. A document formatted
/// whole is sent to an editor as one JSON string of megabytes with a line feed every line:
/// the byte loop took about 20 instructions a byte of it.
enum JSONEscape {
    typealias Bytes = SIMD16<UInt8>

    /// `bytes` escaped, appended to `out`.
    static func escape(_ bytes: ByteView, to out: ByteBuffer) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let count = buffer.count
            var index = 0
            while index + Bytes.scalarCount <= count {
                let chunk = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
                let lane = firstLookedAt(chunk)
                out.append(chunk, keeping: lane)
                index += lane
                if lane < Bytes.scalarCount { index = escapeOne(buffer, at: index, to: out) }
            }
            while index < count {
                index = escapeOne(buffer, at: index, to: out)
            }
        }
    }

    /// `escape`, one byte at a time: the reference.
    static func plainEscape(_ bytes: ByteView, to out: ByteBuffer) {
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count { index = escapeOne(buffer, at: index, to: out) }
        }
    }

    /// The first of the sixteen bytes that may need an escape (a control byte, DEL, a quote, a
    /// backslash, 0xC2 that may start a C1 character, `#` that may be the second of `##[`), or
    /// 16 when there is none.
    @inline(__always)
    static func firstLookedAt(_ bytes: Bytes) -> Int {
        let mask = (bytes .< Bytes(repeating: 0x20)) .| (bytes .== Bytes(repeating: 0x22)) .| (bytes .== Bytes(repeating: 0x5C))
            .| (bytes .== Bytes(repeating: 0x7F)) .| (bytes .== Bytes(repeating: 0xC2)) .| (bytes .== Bytes(repeating: 0x23))
        // A set lane is a byte of all ones: the lanes as two words, low lanes first.
        let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        if words[0] != 0 { return words[0].trailingZeroBitCount / 8 }
        if words[1] != 0 { return 8 + words[1].trailingZeroBitCount / 8 }
        return Bytes.scalarCount
    }

    /// The byte at `index` written as it goes into a JSON string (a C1 character's two bytes
    /// as one escape); the index after what was read.
    @inline(__always)
    static func escapeOne(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, to out: ByteBuffer) -> Int {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): escaped(UInt8(ascii: "\""), out)
        case UInt8(ascii: "\\"): escaped(UInt8(ascii: "\\"), out)
        case 0x0A: escaped(UInt8(ascii: "n"), out)
        case 0x0D: escaped(UInt8(ascii: "r"), out)
        case 0x09: escaped(UInt8(ascii: "t"), out)
        case UInt8(ascii: "#") where index > 0 && bytes[index - 1] == UInt8(ascii: "#")
            && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "["):
            unicode(byte, out)
        case 0x00...0x1F, 0x7F: unicode(byte, out)
        case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
            unicode(bytes[index + 1], out)
            return index + 2
        default: out.append(byte: byte)
        }
        return index + 1
    }

    /// A backslash and `letter`.
    private static func escaped(_ letter: UInt8, _ out: ByteBuffer) {
        out.append(byte: UInt8(ascii: "\\"))
        out.append(byte: letter)
    }

    /// `\u00` and the byte's two hexadecimal digits.
    private static func unicode(_ value: UInt8, _ out: ByteBuffer) {
        let digits: StaticString = "0123456789abcdef"
        let prefix: StaticString = "\\u00"
        out.append(prefix.view)
        out.append(byte: digits.view[Int(value >> 4)])
        out.append(byte: digits.view[Int(value & 0x0F)])
    }
}
