import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The write end of the self-pipe, read by the signal handler. An atomic rather than a plain
/// global so that the handler can read it without a data race; it is set before the handlers
/// are installed, so the handler never triggers the global's lazy initialisation.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// SIGTERM, SIGINT and SIGHUP (the terminal that ran `deeplink serve &` closed) as bytes on a
/// pipe the event loop polls (the self-pipe trick), plus SIGPIPE ignored so a client that
/// vanishes mid-reply yields EPIPE instead of ending the daemon.
enum ShutdownSignals {
    /// The signals that stop the daemon, each with its drain.
    static let stopping = [SIGTERM, SIGINT, SIGHUP]

    /// How the log names `number`.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "SIGTERM"
        }
    }

    /// Installs the handlers; returns the pipe's read end, which yields one byte per signal.
    static func install() -> Int32? {
        guard let pipe = FileDescriptor.makePipe() else { return nil }
        signalPipeWriteEnd.store(pipe.write, ordering: .sequentiallyConsistent)
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started us with these blocked (the mask is inherited); unblock them.
        var handled = sigset_t()
        sigemptyset(&handled)
        for number in stopping { sigaddset(&handled, number) }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        for number in stopping {
            signal(number) { number in
                // Only async-signal-safe work here: an atomic load and write(2).
                let savedErrno = errno
                let fd = signalPipeWriteEnd.load(ordering: .relaxed)
                if fd >= 0 {
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(fd, &byte, 1)
                }
                errno = savedErrno
            }
        }
        return pipe.read
    }
}
