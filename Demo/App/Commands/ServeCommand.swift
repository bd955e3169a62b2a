#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `deeplink serve [--socket PATH] [--idle-timeout SECONDS]`: the daemon, in the foreground.
enum ServeCommand {
    static func run(socket: String?, idleTimeout: Double, environment: [String: String],
                    service: any DeepLinkService) -> ExitCode {
        var configuration = ServerConfiguration()
        configuration.idleTimeout = idleTimeout
        let path = socket ?? SocketPath.defaultPath(environment: environment)
        guard let signalFD = ShutdownSignals.install(), let inbox = CompletionInbox() else {
            return fail(.setup("cannot create the daemon's pipes: \(FileDescriptor.describe(errno))"))
        }
        let listener: ListeningSocket
        do {
            if socket == nil { try SocketPath.prepareDirectory(SocketPath.defaultDirectory(environment: environment)) }
            listener = try ListeningSocket.open(path: path)
        } catch {
            return fail(error)
        }
        if listener.tookOverStaleSocket {
            LogLine.write("removed a stale socket left by a daemon that is gone")
        }
        LogLine.write("listening on \(path) (pid \(getpid())); schemes accepted: "
                      + service.externalSchemes.joined(separator: ", "))
        let server = SocketServer(listener: listener, service: service, configuration: configuration,
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
