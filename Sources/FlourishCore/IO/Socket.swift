#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The TCP calls of `flourish serve`, each a thin wrapper: a listening socket on one address,
/// connections accepted and used without blocking, and the clock its timeouts are counted by.
enum Socket {
    struct Failure: Error {
        var reason: String
        /// The host is not an address at all (the command line's mistake, not the system's).
        var notAnAddress = false
    }

    /// Listens on `host` (an IPv4 or IPv6 address, as digits) and `port` (0: any free one); the
    /// socket, non-blocking, and the port it got.
    static func listening(host: String, port: Int) throws(Failure) -> (descriptor: Int32, port: Int) {
        var address4 = sockaddr_in()
        var address6 = sockaddr_in6()
        let isIPv6: Bool
        if inet_pton(AF_INET, host, &address4.sin_addr) == 1 {
            isIPv6 = false
            address4.sin_family = sa_family_t(AF_INET)
            address4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host, &address6.sin6_addr) == 1 {
            isIPv6 = true
            address6.sin6_family = sa_family_t(AF_INET6)
            address6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw Failure(reason: "'\(host)' is not an IP address (such as 127.0.0.1 or 192.168.1.20)", notAnAddress: true)
        }
        #if canImport(Darwin)
        let stream = SOCK_STREAM
        #else
        let stream = Int32(SOCK_STREAM.rawValue)
        #endif
        let descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, stream, 0)
        guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32 = isIPv6
            ? withUnsafePointer(to: &address6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
            : withUnsafePointer(to: &address4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let failure = errno
            let reason = String(cString: strerror(failure))
            close(descriptor)
            let hint = failure == EADDRINUSE ? " (another program has it: give another with --port N, or --port 0 for any free one)" : ""
            throw Failure(reason: "cannot listen on \(host) port \(port): \(reason)\(hint)")
        }
        setNonBlocking(descriptor)
        var storage = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let named = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        guard named == 0 else { throw Failure(reason: String(cString: strerror(errno))) }
        // Both families keep the port in the same place, after the family.
        let given = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } }
        return (descriptor, Int(given))
    }

    /// A waiting connection, non-blocking; nil when none waits.
    static func accepted(_ listener: Int32) -> Int32? {
        let descriptor = accept(listener, nil, nil)
        guard descriptor >= 0 else { return nil }
        setNonBlocking(descriptor)
        return descriptor
    }

    static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// What a read of a connection gave.
    enum Read {
        case bytes(Int)
        case wouldBlock
        /// The peer closed, or the connection failed.
        case closed
    }

    static func read(_ descriptor: Int32, into chunk: inout [UInt8]) -> Read {
        let count = Platform.read(descriptor, into: &chunk)
        if count > 0 { return .bytes(count) }
        if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .wouldBlock }
        return .closed
    }

    /// Sends what it can of `bytes` without waiting: how many went, or nil when the connection
    /// failed (a peer gone sends no signal: `MSG_NOSIGNAL`).
    static func sendSome(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
        if sent >= 0 { return sent }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil
    }

    static func hangUp(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Waits up to `milliseconds` for the descriptors' events (`poll(2)`); the events seen, by index.
    static func events(_ watched: [(descriptor: Int32, read: Bool, write: Bool)], milliseconds: Int32) -> [(read: Bool, write: Bool, failed: Bool)] {
        var entries = watched.map { pollfd(fd: $0.descriptor, events: Int16(($0.read ? POLLIN : 0) | ($0.write ? POLLOUT : 0)), revents: 0) }
        let ready = poll(&entries, nfds_t(entries.count), milliseconds)
        guard ready > 0 else { return entries.map { _ in (false, false, false) } }
        return entries.map { entry in
            (entry.revents & Int16(POLLIN) != 0, entry.revents & Int16(POLLOUT) != 0,
             entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0)
        }
    }

    /// Milliseconds on a clock that only goes forward: for timeouts, never shown.
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}
