#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output or standard error, buffered and written with `write(2)`.
public final class StandardOutput: TextOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// 1 for standard output, 2 for standard error.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public var isTerminal: Bool { isatty(descriptor) == 1 }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func write(bytes: ByteView) {
        // A block of 32 KB or more (a report's rows) goes out as it is, after what was held.
        if bytes.count >= 1 << 15 {
            flush()
            writeAll(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        buffer.withView { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: ByteView) {
        Platform.writeAll(descriptor, bytes)
    }
}
