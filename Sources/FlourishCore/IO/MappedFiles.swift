#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// Ledger files are mapped into memory (`SourceBytes`), not copied. A mapped file that shrinks
/// while Flourish runs (another program cuts it short) would stop the process with SIGBUS at
/// the first byte past its new end. On Linux every mapping is noted here, and a handler for
/// SIGBUS puts a page of zeros where a noted mapping's page was and marks that mapping: the
/// run goes on, and the command line reports that a file changed while it was read and fails
/// (`Flourish.run`), rather than trust what it read. Elsewhere files are read into memory.
///
/// The pages of a mapped file are the system's file cache: a file parsed whole gives its
/// pages back (`SourceBytes.releasePages`), and so do all mapped files every so many
/// descriptions read (`noteRead`); what is read again comes back from the cache. A command
/// then holds its model of the ledger, not the files as well (a million entries: 245 MB
/// at most, not 426 MB). A mapping shows the file as it is now: a file rewritten in place
/// while a command runs may show some new bytes (cut short, it is reported).
enum MappedFiles {
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
    nonisolated(unsafe) fileprivate static var pageSize = 4096

    /// Installs the handler, once, before the first file is mapped.
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

    /// Notes a mapping; nil when every slot is taken (the caller reads the file instead).
    static func note(_ base: UnsafeRawPointer, count: Int) -> Int? {
        installed
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for slot in 0..<capacity where ranges[2 * slot + 1] == 0 {
            cut[slot] = 0
            ranges[2 * slot] = UInt(bitPattern: base)
            ranges[2 * slot + 1] = UInt(bitPattern: base) + UInt(count)
            return slot
        }
        return nil
    }

    /// Forgets a mapping, before it is unmapped.
    static func forget(_ slot: Int) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        ranges[2 * slot + 1] = 0
        ranges[2 * slot] = 0
    }

    /// Whether a page of the mapping in `slot` was gone (its file was cut short).
    static func wasCut(_ slot: Int) -> Bool { cut[slot] != 0 }

    /// Descriptions read from mapped files since their pages were last given back.
    private static let reads = Atomic<Int>(0)

    /// Counts a description read from a mapped file (`Ledger.withDescriptionBytes`); every
    /// 4,096 reads the pages of every mapped file are given back (`madvise`), so a report
    /// that reads every description (a register, an export, the log) holds a few megabytes
    /// of the files at a time, not all of them. Pages read again come back from the file cache.
    static func noteRead() {
        if reads.add(1, ordering: .relaxed).newValue & 0xFFF == 0 { releaseAll() }
    }

    /// Gives back the pages of every mapped file.
    static func releaseAll() {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for slot in 0..<capacity where ranges[2 * slot + 1] != 0 {
            madvise(UnsafeMutableRawPointer(bitPattern: ranges[2 * slot]), Int(ranges[2 * slot + 1] - ranges[2 * slot]), MADV_DONTNEED)
        }
    }
    #else
    static func wasCut(_ slot: Int) -> Bool { false }
    static func noteRead() {}
    #endif
}
