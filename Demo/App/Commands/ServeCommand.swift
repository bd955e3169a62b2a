import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `deeplink serve [--socket PATH] [--idle-timeout SECONDS]`: the daemon, in the foreground, on
/// the socket systemd passed if it passed one, else on `--socket`, `$DEEPLINK_SOCKET` or the default.
enum ServeCommand {
    static func run(
        socket: String?, idleTimeout: Double, environment: [String: String],
        notUTF8: Set<String> = [], service: any DeepLinkService
    ) -> ExitCode {
        var configuration = ServerConfiguration()
        configuration.idleTimeout = idleTimeout
        let configured: ConfiguredSocket
        do {
            configured = try ConfiguredSocket.resolve(option: socket, environment: environment, notUTF8: notUTF8)
        } catch {
            printError("deeplink serve: \(error.message)")
            return .usage
        }
        guard let signalFD = ShutdownSignals.install(), let inbox = CompletionInbox() else {
            return fail(.setup("cannot create the daemon's pipes: \(FileDescriptor.describe(errno))"))
        }
        let listener: ListeningSocket
        do throws(DaemonError) {
            if let passed = try SystemdActivation.passedSocket(environment: environment) {
                listener = .adopt(passed: passed)
            } else {
                // A path too long for a socket: the message names what chose it, as `send`'s does, and
                // no directory is made.
                do { _ = try configured.fitting() } catch { throw DaemonError.setup(error.message) }
                if configured.isDefault {
                    do throws(DaemonError) {
                        try SocketPath.prepareDirectory(SocketPath.defaultDirectory(environment: environment))
                    } catch {
                        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { throw error }
                        throw DaemonError.setup("\(error.message) (from XDG_RUNTIME_DIR='\(runtime)')")
                    }
                } else {
                    try SocketPath.prepareExplicitDirectory(forSocket: configured.path)
                }
                listener = try ListeningSocket.open(path: configured.path)
            }
        } catch {
            return fail(error)
        }
        if listener.tookOverStaleSocket {
            LogLine.write("removed a stale socket left by a daemon that is gone")
        }
        LogLine.write(
            "listening on \(listener.path)\(listener.ownsPath ? "" : " (passed by systemd)") "
                + "(pid \(getpid())); schemes accepted: " + service.externalSchemes.joined(separator: ", ")
                + "; https for " + AppComposition.externalHosts.joined(separator: ", "))
        // libdispatch opens the descriptors of its timer loop on the first `asyncAfter` (a handler's
        // slow work): opened now, they cannot be missing later, when clients hold every descriptor.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) {}
        let server = SocketServer(
            listener: listener, service: service, configuration: configuration,
            signalFD: signalFD, inbox: inbox)
        return server.run()
    }

    private static func fail(_ error: DaemonError) -> ExitCode {
        printError("deeplink serve: \(error.message)")
        return error.exitCode
    }
}

/// Writes `message` and a newline to stderr.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
