/// The exit statuses scripts can rely on; `deeplink --help` lists them.
enum ExitCode: Int32 {
    /// Routed (a handler ran), the daemon answered, or the command did its job.
    case success = 0
    /// Not routed: no route matched, the route or scheme was refused, or the request was bad.
    case notRouted = 1
    /// Usage error: unknown subcommand or option, missing or extra argument (like sysexits' 64, but 2 as most tools use).
    case usage = 2
    /// `send`: no daemon is listening on the socket, it did not answer in time, or it was busy.
    case daemonUnreachable = 3
    /// `serve`: another daemon already listens on the socket.
    case alreadyRunning = 4
    /// `serve`: the socket could not be set up (directory, permissions, path), or the loop failed;
    /// any command: its output could not be written (a full disk, a closed pipe or stdout).
    case failure = 5

    /// The status for a reply: 0 when it succeeded, 1 otherwise.
    init(_ reply: Reply) {
        self = reply.isSuccess ? .success : .notRouted
    }
}
