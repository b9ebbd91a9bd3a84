#if canImport(Glibc)
import Glibc
import Synchronization
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one file that asks the system for memory tricks (`mmap`, `madvise`, a SIGBUS handler);
/// nothing in Model, Syntax, Booking, Budgeting or Reports does. Each is kept because it buys
/// more than 10 % on a measured command (BENCHMARKS.md, "Tricks kept"); prefaulting the long
/// lists (`MADV_POPULATE_WRITE`, 3–5 %) did not, and was taken out.
///
/// **Mapped ledger files.** A file mapped into memory (`SourceBytes`) costs a fraction of one
/// read into memory of its own: the pages of the system's file cache are used as they are,
/// neither zero-filled nor copied. A mapped file that shrinks while Flourish runs (another
/// program cuts it short) would stop the process with SIGBUS at the first byte past its new
/// end, so files are mapped only once the program has said how that is handled: the
/// `flourish` executable calls `MappedFiles.enable()`, which installs a handler that puts a
/// page of zeros where a noted mapping's page was and marks the mapping; the command then
/// reports that a file changed while it was read and fails (`Flourish.run`). A library caller
/// that does not enable it (the tests, mostly) reads files into memory of their own.
///
/// A file parsed whole gives its pages back (`releasePages(of:)`), and so do all mapped files
/// after each block of a long output (`releaseAll`): they are the file cache's, and come back
/// from it when a report reads a description again. A mapping shows the file as
/// it is now: a file rewritten in place while a command runs may show some new bytes (cut
/// short, it is reported).
public enum MappedFiles {
    #if canImport(Glibc)
    /// How many mappings may be noted at once; a file read when all are taken is copied.
    static let capacity = 4096

    /// Each slot's first and last-plus-one address (zero when free), and whether a page of it
    /// was gone. Allocated once and never freed: the handler reads them at any moment.
    nonisolated(unsafe) private static let ranges: UnsafeMutablePointer<UInt> = {
        let ranges = UnsafeMutablePointer<UInt>.allocate(capacity: 2 * capacity)
        ranges.initialize(repeating: 0, count: 2 * capacity)
        return ranges
    }()
    nonisolated(unsafe) private static let cut: UnsafeMutablePointer<UInt8> = {
        let cut = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        cut.initialize(repeating: 0, count: capacity)
        return cut
    }()
    nonisolated(unsafe) private static var lock = pthread_mutex_t()
    /// The bytes of all mappings noted now.
    nonisolated(unsafe) private static var noted = 0
    nonisolated(unsafe) fileprivate static var pageSize = 4096
    private static let enabled = Atomic<Bool>(false)

    /// Installs the SIGBUS handler, once, and from then on maps ledger files. For a program
    /// (the `flourish` executable) that reports a file cut short (`wasCutShort`) rather than stop.
    public static func enable() {
        installed
        enabled.store(true, ordering: .releasing)
    }

    private static let installed: Void = {
        pthread_mutex_init(&lock, nil)
        _ = ranges
        _ = cut
        pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            guard let info else { return }
            MappedFiles.replacePage(at: UInt(bitPattern: info.pointee._sifields._sigfault.si_addr))
        }
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, nil)
    }()

    /// In the handler: a private page of zeros in place of a noted mapping's page (the read
    /// that faulted then reads it), and the mapping marked. An address in no noted mapping
    /// gets the signal's default: the process stops.
    private static func replacePage(at address: UInt) {
        for slot in 0..<capacity where ranges[2 * slot] <= address && address < ranges[2 * slot + 1] {
            let page = address & ~UInt(pageSize - 1)
            let zeros = mmap(UnsafeMutableRawPointer(bitPattern: page), pageSize, PROT_READ,
                             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            if zeros != MAP_FAILED {
                cut[slot] = 1
                return
            }
        }
        signal(SIGBUS, SIG_DFL)
    }

    /// The open file `descriptor` of `size` bytes, mapped and noted; nil when mapping is not
    /// enabled, fails, or every slot is taken (the caller reads the file instead).
    static func map(_ descriptor: Int32, size: Int) -> SourceBytes? {
        guard size > 0, enabled.load(ordering: .acquiring),
              let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        guard let slot = note(mapped, count: size) else {
            munmap(mapped, size)
            return nil
        }
        let buffer = UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: size)
        return SourceBytes(SourceBytes.Storage(buffer: buffer, mapping: slot) { buffer in
            MappedFiles.forget(slot)
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress!), buffer.count)
        })
    }

    /// Notes a mapping; nil when every slot is taken.
    private static func note(_ base: UnsafeRawPointer, count: Int) -> Int? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for slot in 0..<capacity where ranges[2 * slot + 1] == 0 {
            cut[slot] = 0
            ranges[2 * slot] = UInt(bitPattern: base)
            ranges[2 * slot + 1] = UInt(bitPattern: base) + UInt(count)
            noted += count
            return slot
        }
        return nil
    }

    /// Forgets a mapping, before it is unmapped.
    private static func forget(_ slot: Int) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        noted -= Int(ranges[2 * slot + 1] - ranges[2 * slot])
        ranges[2 * slot + 1] = 0
        ranges[2 * slot] = 0
    }

    /// Whether the file was cut short while mapped: the bytes past its new end read as zeros,
    /// and what was read from them cannot be trusted.
    public static func wasCutShort(_ bytes: SourceBytes) -> Bool {
        bytes.storage.mapping.map { cut[$0] != 0 } ?? false
    }

    /// Lets the system take back the pages of a mapped file read so far (`madvise`); a file
    /// parsed whole is then not counted in the memory a command holds.
    static func releasePages(of bytes: SourceBytes) {
        guard bytes.storage.mapping != nil, let base = bytes.storage.buffer.baseAddress else { return }
        madvise(UnsafeMutableRawPointer(mutating: base), bytes.storage.buffer.count, MADV_DONTNEED)
    }

    /// The bytes of all files mapped now.
    static var mappedBytes: Int {
        guard enabled.load(ordering: .acquiring) else { return 0 }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return noted
    }

    /// Gives back the pages of every mapped file (during a long output, each time a quarter of
    /// the files' size is written, `OutputBlock.flushIfFull`); pages read again come back from
    /// the file cache.
    static func releaseAll() {
        guard enabled.load(ordering: .acquiring) else { return }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for slot in 0..<capacity where ranges[2 * slot + 1] != 0 {
            madvise(UnsafeMutableRawPointer(bitPattern: ranges[2 * slot]), Int(ranges[2 * slot + 1] - ranges[2 * slot]), MADV_DONTNEED)
        }
    }
    #else
    static func releaseAll() {}
    static var mappedBytes: Int { 0 }
    public static func enable() {}
    static func map(_ descriptor: Int32, size: Int) -> SourceBytes? { nil }
    public static func wasCutShort(_ bytes: SourceBytes) -> Bool { false }
    static func releasePages(of bytes: SourceBytes) {}
    #endif
}

/// How the memory allocator gives memory back, for a process that answers request after
/// request (`flourish lsp`, `flourish serve`).
///
/// By default the C allocator hands a block of more than a few megabytes straight back to the
/// system when it is freed, and gives back the free top of its heap; the next request takes the
/// same memory again, every page of it zero-filled anew. At 100,000 entries that was 11,000
/// page faults (44 MB) and a third of the CPU time of each "format document" (BENCHMARKS.md).
/// A server keeps what it freed for its next request instead: blocks of up to 32 MB (the most
/// the allocator allows) come from its heaps, and a heap gives back its free top only beyond
/// 256 MB. And every thread takes from one heap: the language server checks on another thread
/// (`BackgroundCheck`), and what a check frees is what the next request on the server's thread
/// takes (in a heap of that thread's own, "format document" took 100–110 ms at 100,000 entries
/// against 75). A one-off command frees everything as it exits and is left as it is.
public enum ServerMemory {
    /// Called once by the executable, before a long-running command starts (not by the library:
    /// it changes the whole process).
    public static func keepFreedMemory() {
        #if canImport(Glibc)
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        _ = mallopt(arenaMaximum, 1)
        #endif
    }

    #if canImport(Glibc)
    /// glibc's `mallopt` and two of its parameters (`<malloc.h>`, which the Glibc module does
    /// not bring in: `M_TRIM_THRESHOLD` is -1, `M_MMAP_THRESHOLD` -3, `M_ARENA_MAX` -8).
    @_silgen_name("mallopt")
    private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
    private static let trimThreshold: Int32 = -1
    private static let mmapThreshold: Int32 = -3
    private static let arenaMaximum: Int32 = -8
    #endif
}
