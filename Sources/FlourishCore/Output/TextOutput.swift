/// Where a command writes text: the process's stdout/stderr, or a buffer in tests.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
    /// UTF-8 text as bytes (renderers of long reports gather rows as bytes).
    func write(bytes: ByteView)
    /// UTF-8 bytes whose every text went through its output language's one escaper (JSON's,
    /// `JSONEscape`): the output guard need not read them again.
    func write(escaped bytes: ByteView)
    /// True when the output is an interactive terminal (colour is allowed).
    var isTerminal: Bool { get }
}

extension TextOutput {
    public func write(bytes: ByteView) {
        write(bytes.string)
    }

    public func write(escaped bytes: ByteView) {
        write(bytes: bytes)
    }
}

/// Collects everything written, for tests.
public final class CapturedOutput: TextOutput {
    public private(set) var text = ""
    public let isTerminal = false

    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}
