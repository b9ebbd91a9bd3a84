#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few system calls whose names clash with Flourish's own (`read`, `write`), behind one
/// name on every platform, so no other file qualifies a call with its C library's module.
enum Platform {
    /// `read(2)`.
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Waits without spinning until a descriptor can be read (input, its end, or an error):
    /// for a standard input opened non-blocking. False when it cannot be waited on.
    static func waitForInput(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, -1)
            if ready > 0 { return entry.revents & Int16(POLLNVAL) == 0 }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    /// Whether a descriptor has input waiting now (`poll(2)` with no wait): the language
    /// server reads all that has arrived before answering, so a cancellation can overtake the
    /// request it cancels.
    static func hasInput(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }

    /// Whether a descriptor has input (or its end) within `milliseconds`: the language server
    /// reads the client this way while a check runs on another thread.
    static func hasInput(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0 && entry.revents & Int16(POLLIN | POLLHUP) != 0
    }

    /// `write(2)`.
    static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
    }

    /// One `read(2)` into `chunk`, as many bytes as it holds at most: how many were read, 0 at
    /// the end, -1 on an error (in `errno`).
    static func read(_ descriptor: Int32, into chunk: inout [UInt8]) -> Int {
        chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
    }

    /// All of `bytes` to a descriptor, through interruptions: nil, or the error that stopped it.
    @discardableResult
    static func writeAll(_ descriptor: Int32, _ bytes: ByteView) -> Int32? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if count == 0 { return EIO }
                written += count
            }
            return nil
        }
    }
}
