#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing whole files with POSIX calls, reporting failures as values.
public enum FileSystem {
    /// Why a file could not be read or written, in the system's words.
    public struct Failure: Error, Sendable {
        public var path: String
        public var reason: String
    }

    private static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }

    /// The largest file Flourish reads: every byte offset fits a `SourceLocation`.
    public static let maximumSize = Int(Int32.max)

    /// Everything on standard input (a ledger read with `-f -`), at most `maximumSize` bytes.
    public static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < maximumSize {
            let count = Platform.read(0, into: &chunk)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// The whole content of a regular file.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        return try readAll(fd, size: size, path: path)
    }

    /// The whole content of a regular file, mapped into memory where the program enabled it
    /// (`MappedFiles`), read into memory of its own otherwise: a ledger file.
    public static func readSource(_ path: String) throws(Failure) -> SourceBytes {
        let (fd, size) = try openRegularFile(path)
        defer { close(fd) }
        if let mapped = MappedFiles.map(fd, size: size) { return mapped }
        return SourceBytes(try readAll(fd, size: size, path: path))
    }

    /// A regular file opened for reading, and its size. Non-blocking, so that a FIFO (or a
    /// device) is found not to be a regular file instead of blocking the read forever.
    private static func openRegularFile(_ path: String) throws(Failure) -> (descriptor: Int32, size: Int) {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { throw failure(path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = failure(path)
            close(fd)
            throw error
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw Failure(path: path, reason: (info.st_mode & S_IFMT) == S_IFDIR ? "Is a directory" : "Not a regular file")
        }
        let size = Int(info.st_size)
        // Locations are 32-bit byte offsets (SourceLocation), which keeps split lines small.
        guard size <= maximumSize else {
            close(fd)
            throw Failure(path: path, reason: "it is larger than 2 GiB, the most Flourish reads in one file; split it with `include`")
        }
        return (fd, size)
    }

    /// `size` bytes read from an open file, straight into the array's storage (no
    /// zero-filling of a large buffer first); fewer when the file is shorter by then.
    private static func readAll(_ fd: Int32, size: Int, path: String) throws(Failure) -> [UInt8] {
        var failed: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var filled = 0
            while filled < size {
                let count = Platform.read(fd, buffer.baseAddress! + filled, size - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        if failed != 0 {
            errno = failed
            throw failure(path)
        }
        return bytes
    }

    /// The current directory, for making relative paths absolute.
    /// The names of the regular files directly in a folder whose names end in `suffix`,
    /// sorted; none when the folder can't be read. Hidden files are left out.
    public static func files(in folder: String, endingWith suffix: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.hasSuffix(suffix) else { continue }
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            names.append(name)
        }
        return names.sorted()
    }

    public static func currentDirectory() -> String {
        guard let path = getcwd(nil, 0) else { return "/" }
        defer { free(path) }
        return String(cString: path)
    }

    /// `path` made absolute against the current directory and normalised, without touching
    /// the file system beyond reading the current directory.
    public static func absolute(_ path: String) -> String {
        LedgerLoader.normalise(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    /// The current directory, read once: Flourish never changes it, and a ledger with many
    /// includes asks for it for each.
    private static let workingDirectory = currentDirectory()

    /// The absolute path with symbolic links resolved, used to tell files apart.
    public static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Replaces a file's content atomically: a temporary file in the same folder, then rename.
    /// A symbolic link is followed to the real file, which keeps its permissions; a file the
    /// user may not write is refused. On any failure the original is untouched. (Ledgers are
    /// edited through `FileEdit`, which also locks and checks for edits made meanwhile.)
    public static func writeAtomically(_ written: String, _ bytes: [UInt8]) throws(Failure) {
        let path = canonicalPath(written) ?? written
        if access(path, F_OK) == 0 && access(path, W_OK) != 0 { throw failure(written) }
        // Even root does not replace a file its owner marked read-only (0444).
        var modes = stat()
        if stat(path, &modes) == 0 && modes.st_mode & 0o222 == 0 {
            throw Failure(path: written, reason: "the file is read-only; nothing was written")
        }
        var template = Array((path + ".flourish-tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path) }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        var info = stat()
        if stat(path, &info) == 0 { fchmod(fd, info.st_mode & 0o7777) }
        try writeAll(bytes, to: fd, path)
        guard rename(temporary, path) == 0 else { throw failure(path) }
        ok = true
    }

    /// The size of the regular file at `path` (following symbolic links); nil for anything else.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What tells a file's versions apart without reading it: the file behind the path (device
    /// and inode: a replacement by rename is a new one), its size and its modification time to
    /// the nanosecond. `flourish serve` looks at it a few times a second.
    public struct Version: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int64
    }

    /// The version of the file at `path` (following symbolic links); nil when there is none.
    public static func version(_ path: String) -> Version? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Version(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                       seconds: Int64(modified.tv_sec), nanoseconds: Int64(modified.tv_nsec))
    }

    /// Whether `path` leads to a regular file (following symbolic links).
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether anything is at `path` (a file, a folder, a link, even a dangling one).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Writes a new file, never one that exists (even one made meanwhile): the bytes go to a
    /// temporary file in the same folder, which is then linked to `path` — a link that fails
    /// if anything is there already — and removed.
    public static func createNew(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws(Failure) {
        let folder = directory(of: path)
        var template = Array(((folder.isEmpty ? "" : folder) + ".flourish-new-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path) }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporary) }
        fchmod(fd, mode & ~currentUmask())
        try writeAll(bytes, to: fd, path)
        guard link(temporary, path) == 0 else { throw failure(path) }
    }

    /// Makes a folder if there is none (its parent must exist); whether one is there now.
    @discardableResult
    static func makeDirectory(_ path: String) -> Bool {
        mkdir(path, 0o755) == 0 || errno == EEXIST
    }

    /// Writes every byte to `fd`, makes it durable and closes it (on failure too).
    private static func writeAll(_ bytes: [UInt8], to fd: Int32, _ path: String) throws(Failure) {
        defer { close(fd) }
        if bytes.withView({ Platform.writeAll(fd, $0) }) != nil { throw failure(path) }
        guard fsync(fd) == 0 else { throw failure(path) }
    }

    /// The process's file mode mask (read by setting it and putting it back).
    static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// The folder part of a path as the user wrote it ("" for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}
