#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs another program and collects what it prints: `git`, for `flourish git` and for
/// `flourish diff` reading revisions. The program is found on `PATH`; no shell is involved, so
/// no argument is ever read as shell syntax.
enum Subprocess {
    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]

        var succeeded: Bool { status == 0 }
        /// Standard output as text, without its last line feed.
        var text: String {
            var bytes = stdout
            if bytes.last == 0x0A { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        var errorText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `program` with `arguments` and waits for it; nil when it cannot be started (not
    /// installed). Standard input is empty.
    static func run(_ program: String, _ arguments: [String]) -> Output? {
        var outPipe: [Int32] = [0, 0]
        var errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { return nil }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            return nil
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for descriptor in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = ([program] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        var pointers = argv + [nil]
        let started = posix_spawnp(&pid, program, &actions, nil, &pointers, environ)
        close(outPipe[1])
        close(errPipe[1])
        defer {
            close(outPipe[0])
            close(errPipe[0])
        }
        guard started == 0 else { return nil }
        var output = Output(status: -1, stdout: [], stderr: [])
        drain(outPipe[0], errPipe[0], &output)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // The exit status as the shell gives it (a signal: 128 + its number).
        output.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return output
    }

    /// Reads both pipes to their ends, whichever has output first.
    private static func drain(_ out: Int32, _ err: Int32, _ output: inout Output) {
        var open = [out, err]
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var entries = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in entries where entry.revents != 0 {
                let count = Platform.read(entry.fd, into: &chunk)
                if count > 0 {
                    if entry.fd == out { output.stdout += chunk[0..<count] } else { output.stderr += chunk[0..<count] }
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
    }
}
