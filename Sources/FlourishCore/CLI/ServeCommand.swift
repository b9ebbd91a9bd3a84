/// `flourish serve [FILE] [--port N] [--host ADDRESS] [--open] [--commit]`: the budget as a
/// live local web app (docs/serve.md). One thread waits on every connection at once (`poll`):
/// requests are read as they arrive and answered from `WebApp`; a connection that sends too
/// slowly, or reads too slowly, is closed; a few times a second the ledger's files are looked
/// at, and every open page is told when one changed. It runs until interrupted.
enum ServeCommand {
    /// One client connection.
    struct Connection {
        var inbound: [UInt8] = []
        var outbound: [UInt8] = []
        var sentUpTo = 0
        /// When it opened, and when it last sent or took bytes (milliseconds).
        var opened: Int
        var active: Int
        /// An event stream (`/events`): kept open, sent each announcement.
        var streaming = false
        /// Closed once what is queued is sent.
        var closing = false
    }

    /// The bounds that keep one client from holding the server (docs/serve.md).
    static let maximumConnections = 128
    static let requestTimeout = 10_000
    static let sendTimeout = 30_000
    static let keepAliveInterval = 15_000
    static let maximumQueued = 8 << 20
    /// How often the ledger's files are looked at, in milliseconds.
    static let watchInterval = 200

    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help", "--open", "--commit"],
                                        valued: ["--port", "--host", "--today", "--file", "--allow-include"], command: "serve")
        let context = context.including(invocation)
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.serve)
            return .success
        }
        let paths = try context.ledgerPaths(invocation, invocation.operands, command: "serve")
        for path in paths where !FileSystem.isRegularFile(path) {
            context.stderr.write("Error: cannot read '\(Problem.shown(path, limit: 200))': no such file\n")
            return .noInput
        }
        var port = 8_420
        if let given = invocation.values["--port"] {
            guard let number = Int(given), (0...65_535).contains(number) else {
                throw Invocation.UsageError(message: "--port takes a number from 0 (any free port) to 65535")
            }
            port = number
        }
        let host = invocation.values["--host"] ?? "127.0.0.1"
        // Pages are answered only under the server's own names (the Host check): listening on
        // every address, it would know none of the names a phone uses.
        if ["0.0.0.0", "::", "[::]"].contains(host) {
            throw Invocation.UsageError(message: "--host takes this computer's address on the network (such as 192.168.1.20), not \(host): pages are answered only at the address they are asked for by")
        }
        let fixed = try ReportCommand.parseDay(invocation.values["--today"], context)
        let listener: (descriptor: Int32, port: Int)
        do throws(Socket.Failure) {
            listener = try Socket.listening(host: host, port: port)
        } catch {
            if error.notAnAddress { throw Invocation.UsageError(message: "--host: " + error.reason) }
            context.stderr.write("Error: \(error.reason)\n")
            return .ioError
        }
        var options = WebApp.Options(paths: paths, token: WebApp.newToken(), port: listener.port)
        if invocation.values["--host"] != nil, host != "127.0.0.1" { options.hosts = [host] }
        options.commit = invocation.flags.contains("--commit")
        options.allowedIncludes = context.allowedIncludes
        options.environment = context.environment
        let app = WebApp(options, today: fixed.map { date in { date } } ?? context.today)
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let address = "http://\(shown):\(listener.port)/?token=\(options.token)"
        context.stdout.write("flourish serve: \(Problem.shown(paths.last ?? "", limit: 200)) at\n  \(address)\n(Ctrl-C stops it.)\n")
        if host != "127.0.0.1" && host != "::1" {
            context.stdout.write("Listening beyond this computer: anyone on the network who has the address with its token can read and add to the ledger.\n")
        }
        (context.rawStdout as? StandardOutput)?.flush()
        if invocation.flags.contains("--open") {
            #if os(macOS)
            let opener = "open"
            #else
            let opener = "xdg-open"
            #endif
            if Subprocess.run(opener, [address]) == nil {
                context.stderr.write("flourish serve: could not start \(opener); open the address above in a browser\n")
            }
        }
        serve(app, listener: listener.descriptor)
    }

    /// The loop: accept, read, answer, write, watch the files; never returns.
    static func serve(_ app: WebApp, listener: Int32) -> Never {
        var connections: [Int32: Connection] = [:]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var lastWatch = Socket.milliseconds()
        var announced = app.generation
        while true {
            let descriptors = Array(connections.keys)
            var watched: [(descriptor: Int32, read: Bool, write: Bool)] = [(listener, true, false)]
            for descriptor in descriptors {
                let connection = connections[descriptor]!
                watched.append((descriptor, !connection.closing, connection.sentUpTo < connection.outbound.count))
            }
            let seen = Socket.events(watched, milliseconds: Int32(watchInterval))
            let now = Socket.milliseconds()
            if seen[0].read {
                while let accepted = Socket.accepted(listener) {
                    guard connections.count < maximumConnections else {
                        // Too many at once: the newest is told so and closed.
                        _ = Socket.sendSome(accepted, ArraySlice(HTTPResponse.text("Service Unavailable: too many connections", status: 503).serialized()))
                        Socket.hangUp(accepted)
                        continue
                    }
                    connections[accepted] = Connection(opened: now, active: now)
                }
            }
            for (offset, descriptor) in descriptors.enumerated() {
                guard var connection = connections[descriptor] else { continue }
                let events = seen[offset + 1]
                var open = true
                if events.read || events.failed {
                    switch Socket.read(descriptor, into: &chunk) {
                    case .bytes(let count):
                        connection.active = now
                        if !connection.streaming && !connection.closing {
                            connection.inbound += chunk[0..<count]
                            answer(&connection, app)
                        }
                    case .wouldBlock: break
                    case .closed: open = false
                    }
                }
                if open && connection.sentUpTo < connection.outbound.count {
                    if let sent = Socket.sendSome(descriptor, connection.outbound[connection.sentUpTo...]) {
                        if sent > 0 { connection.active = now }
                        connection.sentUpTo += sent
                        if connection.sentUpTo == connection.outbound.count {
                            connection.outbound.removeAll(keepingCapacity: true)
                            connection.sentUpTo = 0
                        }
                    } else {
                        open = false
                    }
                }
                if connection.closing && connection.outbound.isEmpty { open = false }
                // A request that takes too long to arrive is answered 408; an answer the client
                // does not take is dropped.
                if open && !connection.streaming && !connection.closing && now - connection.opened > requestTimeout {
                    queue(&connection, HTTPResponse.text("Request Timeout", status: 408).serialized())
                    connection.closing = true
                }
                if open && !connection.outbound.isEmpty && now - connection.active > sendTimeout { open = false }
                if open {
                    connections[descriptor] = connection
                } else {
                    Socket.hangUp(descriptor)
                    connections[descriptor] = nil
                }
            }
            if now - lastWatch >= watchInterval {
                lastWatch = now
                app.refresh()
                let changed = app.generation != announced
                announced = app.generation
                for (descriptor, var connection) in connections where connection.streaming {
                    if changed {
                        queue(&connection, app.eventMessage)
                    } else if connection.outbound.isEmpty && now - connection.active > keepAliveInterval {
                        queue(&connection, WebApp.keepAlive)
                        connection.active = now
                    }
                    if connection.outbound.count > maximumQueued {
                        Socket.hangUp(descriptor)
                        connections[descriptor] = nil
                    } else {
                        connections[descriptor] = connection
                    }
                }
            }
        }
    }

    /// Answers the request the connection has sent, once it is whole.
    static func answer(_ connection: inout Connection, _ app: WebApp) {
        switch HTTPRequestReader.read(connection.inbound) {
        case .incomplete:
            return
        case .refused(let status, let reason):
            queue(&connection, HTTPResponse.text("\(HTTPResponse.reason(status)): \(reason)", status: status).serialized())
            connection.closing = true
        case .request(let request, _):
            connection.inbound = []
            switch app.respond(request) {
            case .response(let response):
                queue(&connection, response.serialized(headOnly: request.method == "HEAD"))
                connection.closing = true
            case .events:
                queue(&connection, HTTPResponse.eventStreamHead + app.eventMessage)
                connection.streaming = true
            }
        }
    }

    static func queue(_ connection: inout Connection, _ bytes: [UInt8]) {
        connection.outbound += bytes
    }
}
