#if canImport(Glibc)
import Glibc
#endif

/// Lists written once from end to end (the split lines and entries of files parsed side by
/// side, `LedgerLoader.SharedLists`) are asked of the system in large pages where it gives them
/// (Linux's transparent huge pages, set to `madvise` or `always`): one fault then brings 2 MB
/// instead of 4 KB, and a ledger of a hundred thousand entries takes a handful of faults for
/// those lists instead of three and a half thousand.
///
/// A large page covers 2 MB on a 2 MB boundary, wholly inside one mapping. The system puts
/// large allocations whose mapping is a whole number of large pages on such a boundary, so a
/// list big enough to gain is given room for just that much (`capacity`): then every byte of
/// it can be in large pages, the first and last too. It is advice only: where it is not
/// followed, or the memory comes from elsewhere, the list is the same, in small pages.
enum LargePages {
    static let size = 2 << 20
    #if os(Linux)
    /// `MADV_COLLAPSE`, which the C library's headers may not name yet.
    private static let collapse: Int32 = 25
    #endif

    /// Room for at least `count` items of `Item` which, with the array's header and the
    /// allocator's, fills a whole number of large pages; `count` itself when the list is too
    /// small to gain.
    static func capacity<Item>(_ count: Int, of _: Item.Type) -> Int {
        let stride = MemoryLayout<Item>.stride
        guard stride > 0, count >= size / stride else { return count }
        // The array's header (32 bytes) and the allocator's (16), with room to spare.
        let overhead = 64
        let (bytes, overflow) = count.multipliedReportingOverflow(by: stride)
        guard !overflow, bytes <= Int.max / 2 else { return count }
        let pages = (bytes + overhead + size - 1) / size
        return max(count, (pages * size - overhead) / stride)
    }

    /// Asks for large pages for the pages of `buffer`: whole large pages that hold only its
    /// pages.
    static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= size else { return }
        let page = 4096
        let first = Int(bitPattern: base) & ~(page - 1)
        let last = (Int(bitPattern: base) + buffer.count + page - 1) & ~(page - 1)
        let start = first & (size - 1) == 0 ? first : (first + size - 1) & ~(size - 1)
        let end = last & (size - 1) == 0 ? last : last & ~(size - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        if start == first {
            // The array's header is written already, so its page is a small one, and a fault
            // elsewhere in that first large page would bring small pages too: that page is
            // made a large one now (MADV_COLLAPSE, Linux 6.1; older systems ignore it).
            _ = madvise(pointer, size, collapse)
        }
        #endif
    }
}

extension Array {
    /// An empty list with room for at least `count` items, in large pages when it is big
    /// enough to gain (`LargePages`): for a long list filled once, end to end.
    static func inLargePages(reserving count: Int) -> [Element] {
        [Element](unsafeUninitializedCapacity: LargePages.capacity(count, of: Element.self)) { buffer, initialized in
            initialized = 0
            LargePages.advise(UnsafeMutableRawBufferPointer(buffer))
        }
    }
}
