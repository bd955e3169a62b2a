/// The daemon's limits. The defaults are what `serve --help` documents.
struct ServerConfiguration: Sendable {
    /// The most bytes a request line may hold before its newline.
    var lineLimit = 8192
    /// A client that sends no complete request for this long, while owed nothing, is closed;
    /// so is one that stops reading its replies for this long.
    var idleTimeout: Double = 10
    /// A request whose handler has not answered after this long gets a `timeout` reply.
    var handlerTimeout: Double = 10
    /// After SIGTERM/SIGINT, requests in flight get this long to finish.
    var drainTimeout: Double = 5
    /// Clients served at once; more get a `busy` reply and are closed.
    var maxConnections = 256
    /// Requests one client may have in flight before the daemon stops reading from it.
    var maxOutstandingPerConnection = 32
    /// Unsent reply bytes one client may have before the daemon stops reading from it.
    var maxPendingOutput = 64 * 1024
}
