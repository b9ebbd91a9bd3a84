import Foundation

extension Tools {
    /// Runs a Lua script in headless Neovim without the user's configuration. A script that
    /// never quits is stopped after a minute, so it fails its test instead of hanging the suite.
    static func runNeovim(script path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Tools.path("nvim")!)
        process.arguments = ["--headless", "-u", "NONE", "-c", "luafile \(path)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}
