#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Rewriting a person's only copy of their finances without losing anything (`fmt`, `add`,
/// `import`):
/// - the write goes to the real file behind a symbolic link, and keeps its mode and owner;
///   a file the user may not write is refused before anything is done;
/// - an advisory lock (`flock`) is held from reading to writing, so two writers take turns
///   (the second waits up to `lockWait` milliseconds, then fails clearly);
/// - just before the new content replaces the old, the file must be as it was read (same
///   bytes); otherwise nothing is written and the error says the file changed meanwhile;
/// - the new content is written whole to a temporary file beside the real one, the file is
///   compared with what was read, and the temporary file renamed over it (a file with hard
///   links is rewritten in place instead, so every link sees the change, the temporary file
///   kept as the complete copy until it is done); temporary files left by an earlier crash are
///   removed once the lock is held when they are older and no larger than the file, and
///   named otherwise (`commit`, `removeStaleTemporaryFiles`).
public final class FileEdit {
    /// Why an edit could not be made; nothing was written.
    public struct Failure: Error, Sendable {
        public var path: String
        public var reason: String
    }

    /// The path as the user named it, and the file it leads to.
    public let path: String
    public let realPath: String
    /// The content read under the lock.
    public let original: [UInt8]
    private let lockDescriptor: Int32
    private let info: stat

    /// How long a second writer waits for the first, in milliseconds.
    public static let lockWait = 5_000
    static let temporaryMarker = ".flourish-tmp-"

    /// Opens `path` for editing: resolves it, checks it may be written, takes the lock, cleans
    /// up stale temporary files and reads the content.
    public init(_ path: String) throws(Failure) {
        self.path = path
        guard let real = FileSystem.canonicalPath(path) else { throw Self.failure(path) }
        realPath = real
        // Refused when the system says no, and when nobody may write it (0444): even root
        // does not rewrite a ledger its owner marked read-only.
        var modes = stat()
        guard stat(real, &modes) == 0 else { throw Self.failure(path) }
        guard access(real, W_OK) == 0, modes.st_mode & 0o222 != 0 else {
            throw Failure(path: path, reason: "the file is read-only; nothing was written")
        }
        // Lock the file that is at the path once the lock is held (a writer before us may
        // have replaced it).
        var descriptor: Int32 = -1
        let deadline = Self.now() + Self.lockWait
        while true {
            descriptor = open(real, O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else { throw Self.failure(path) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                var held = stat()
                var current = stat()
                if fstat(descriptor, &held) == 0, stat(real, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                    break
                }
            } else if errno != EWOULDBLOCK && errno != EINTR {
                let error = Self.failure(path)
                close(descriptor)
                throw error
            }
            close(descriptor)
            if Self.now() > deadline {
                throw Failure(path: path, reason: "another flourish command is writing it; try again when it has finished")
            }
            usleep(20_000)
        }
        lockDescriptor = descriptor
        var info = stat()
        fstat(descriptor, &info)
        self.info = info
        do {
            try Self.removeStaleTemporaryFiles(of: real, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        do {
            original = try FileSystem.read(real)
        } catch {
            close(descriptor)
            throw Failure(path: path, reason: error.reason)
        }
    }

    deinit { close(lockDescriptor) }

    /// Replaces the content with `bytes`, unless the file changed since it was read.
    /// `doing` names the command in the refusal ("the file changed while `add` ran").
    ///
    /// The new content is written whole (and synced) to a temporary file beside the real one
    /// first; only then is the file compared with what was read, byte for byte, and its
    /// identity, size and times are looked at once more just before the rename. An edit
    /// landing after that last look and before the rename — a window of a few system calls,
    /// microseconds — is the only one not seen. An edit seen anywhere earlier refuses the
    /// write, and the temporary file is removed.
    public func commit(_ bytes: [UInt8], doing: String) throws(Failure) {
        let temporary = try writeTemporaryCopy(bytes)
        var done = false
        defer { if !done { unlink(temporary) } }
        var before = stat()
        guard stat(realPath, &before) == 0 else { throw Self.failure(path) }
        let now: [UInt8]
        do { now = try FileSystem.read(realPath) } catch { throw Failure(path: path, reason: error.reason) }
        beforeReplacing?()
        var last = stat()
        guard now == original, stat(realPath, &last) == 0, Self.sameVersion(before, last) else {
            throw Failure(path: path, reason: "the file changed while \(doing) ran — nothing was written")
        }
        if info.st_nlink > 1 {
            // The complete copy goes only once the file itself holds the new content.
            let fd = open(realPath, O_WRONLY)
            guard fd >= 0 else { throw Self.failure(path) }
            defer { close(fd) }
            do {
                try Self.rewriteInPlace(fd, bytes)
            } catch {
                done = true
                throw Failure(path: path, reason: error.reason + "; the new content is complete in '\(temporary)'")
            }
        } else {
            guard rename(temporary, realPath) == 0 else { throw Self.failure(path) }
            done = true
        }
    }

    /// Called between the last comparison and the rename (tests make an edit land there).
    var beforeReplacing: (() -> Void)?

    /// Whether two looks at a file saw the same version of it: the same file, size and times.
    private static func sameVersion(_ a: stat, _ b: stat) -> Bool {
        a.st_ino == b.st_ino && a.st_dev == b.st_dev && a.st_size == b.st_size
            && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
            && a.st_ctim.tv_sec == b.st_ctim.tv_sec && a.st_ctim.tv_nsec == b.st_ctim.tv_nsec
    }

    /// The new content, complete and synced, in a temporary file beside the real one with its
    /// mode and owner: renamed over it, or (hard links) kept as the complete copy while the
    /// file is rewritten in place.
    private func writeTemporaryCopy(_ bytes: [UInt8]) throws(Failure) -> String {
        var template = Array((realPath + Self.temporaryMarker + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Self.failure(path) }
        let temporary = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer { if !done { unlink(temporary) } }
        fchmod(fd, info.st_mode & 0o7777)
        // Keep the owner where allowed (root editing another user's ledger).
        if fchown(fd, info.st_uid, info.st_gid) != 0 && getuid() == 0 {
            close(fd)
            throw Self.failure(path)
        }
        do { try Self.writeAll(fd, bytes) } catch { close(fd); throw Failure(path: path, reason: error.reason) }
        guard fsync(fd) == 0 else {
            let error = Self.failure(path)
            close(fd)
            throw error
        }
        close(fd)
        done = true
        return temporary
    }

    /// Hard links share one inode: the new content is written into it. The complete new
    /// content is already on disk beside it (the temporary copy, removed by `commit` after),
    /// and the file is never empty on the way: the new bytes are written over the old from the
    /// start, then the file is cut to their length. A crash in the middle leaves the copy,
    /// which the next edit finds and names instead of removing it.
    private static func rewriteInPlace(_ fd: Int32, _ bytes: [UInt8]) throws(FileSystem.Failure) {
        try writeAll(fd, bytes)
        guard ftruncate(fd, off_t(bytes.count)) == 0, fsync(fd) == 0 else {
            throw FileSystem.Failure(path: "", reason: String(cString: strerror(errno)))
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(FileSystem.Failure) {
        if let failure = bytes.withView({ Platform.writeAll(fd, $0) }) {
            throw FileSystem.Failure(path: "", reason: String(cString: strerror(failure)))
        }
    }

    /// Temporary files of this file left by a crash (`NAME.flourish-tmp-…`): those older and
    /// no larger than the file are removed; any other may be the only complete copy (a rewrite
    /// in place cut short), so it is kept and the edit refused with what it is.
    private static func removeStaleTemporaryFiles(of real: String, path: String) throws(Failure) {
        let folder = FileSystem.directory(of: real)
        let prefix = String(real.dropFirst(folder.count)) + temporaryMarker
        var file = stat()
        guard stat(real, &file) == 0, let directory = opendir(folder.isEmpty ? "." : folder) else { return }
        defer { closedir(directory) }
        var kept: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            guard name.hasPrefix(prefix) else { continue }
            var leftover = stat()
            guard lstat(folder + name, &leftover) == 0, (leftover.st_mode & S_IFMT) == S_IFREG else { continue }
            let newer = (leftover.st_mtim.tv_sec, leftover.st_mtim.tv_nsec) > (file.st_mtim.tv_sec, file.st_mtim.tv_nsec)
            if newer || leftover.st_size > file.st_size {
                kept.append(folder + name)
            } else {
                unlink(folder + name)
            }
        }
        guard let first = kept.sorted().first else { return }
        throw Failure(path: path, reason: "'\(first)' is left from a write that was cut short and is newer or larger than the file: "
                      + "it may be the only complete copy. Compare the two, keep the right one, delete the other, and run the command again; nothing was written")
    }

    private static func failure(_ path: String) -> Failure {
        Failure(path: path, reason: String(cString: strerror(errno)))
    }

    /// Milliseconds on the monotonic clock (only for the lock's wait, never for figures).
    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000 + Int(time.tv_nsec) / 1_000_000
    }
}
