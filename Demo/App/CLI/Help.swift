/// The `--help` texts. `defaultSocket` is the path `serve` and `send` use without `--socket`.
enum Help {
    static func text(for topic: String?, defaultSocket: String, schemes: [String]) -> String {
        switch topic {
        case "open": open
        case "routes": routes
        case "explain": explain
        case "serve": serve(defaultSocket: defaultSocket)
        case "send": send(defaultSocket: defaultSocket)
        case "desktop-entry": desktopEntry(schemes: schemes)
        case "systemd-units": systemdUnits
        default: overview
        }
    }

    /// The values `--timeout` and `--idle-timeout` take.
    static let secondsRange = "more than 0, at most \(Arguments.maxSeconds) seconds"

    static let exitStatus = """
        Exit status:
          0  routed (a handler ran), the daemon answered, or the command succeeded
          1  not routed: no route matched, the route or scheme was refused, or the request was bad
             (send, and open or explain --external: also a URL that cannot be one request line)
          2  usage error: unknown subcommand or option, missing or extra argument, an argument
             that is not UTF-8, a relative DEEPLINK_SOCKET, a socket path that names a directory,
             has control characters or is not UTF-8 (DEEPLINK_SOCKET, XDG_RUNTIME_DIR), or (send)
             a socket path too long for a Unix socket
          3  send: daemon not reachable (no socket, nobody listening, a socket closed to you,
             no answer in time, a reply that is not the daemon's, busy with its most clients,
             or another user's); the link was not delivered, or with no answer in time or a
             reply that is not the daemon's may not have been
          4  serve: another daemon is already listening on the socket
          5  serve: the socket could not be set up (directory, permissions, path);
             any command: its output could not be written (a full disk, a closed pipe or stdout)
        """

    static let overview = """
        deeplink: the deep-link handler of the URLRouter demo app.

        Usage: deeplink <subcommand> [options]

        Subcommands:
          open URL [--json] [--external]  route URL in-process and print what happened
          routes [--json]                 every registered pattern, its module and what it reaches
          explain URL [--external]        how URL is parsed, which pattern wins and why others lose
          serve [--socket PATH] [--idle-timeout SECONDS]
                                          run the daemon on a Unix domain socket
          send [--json] [--socket PATH] [--timeout SECONDS] [--] URL
                                          hand URL to the running daemon and print its reply
          send --ping [--socket PATH] [--timeout SECONDS]
                                          only check that the daemon answers
          desktop-entry [--xdg-mime]      print a .desktop file registering the demo's URL schemes
          systemd-units [--socket-unit | --service-unit]
                                          print systemd user units that start the daemon on demand

        Run 'deeplink <subcommand> --help' for the details of one.

        Environment:
          DEEPLINK_SOCKET  the socket serve and send use when --socket is not given (an
                           absolute path; ignored when empty)

        \(exitStatus)
        """

    static let open = """
        Usage: deeplink open URL [--json] [--external]

        Routes URL in this process, as the app itself would, and prints the winning pattern,
        the parameters and the handler's result.

        Options:
          --json      print one JSON line, the same the daemon sends:
                      {"ok":true,"pattern":"…","parameters":{…},"result":…}
                      {"ok":false,"error":"not_found","url":"…","message":"…"}
          --external  open it as the daemon would: internal-only routes, native… actions and
                      schemes outside the allow-list are refused; https links are taken
                      for shop.example.com only

        Exit status: 0 routed, 1 not found or refused, 2 usage error.
        """

    static let routes = """
        Usage: deeplink routes [--json]

        Lists every registered pattern with the module that registered it, the kind of route
        (handler, object, target-action, fallback), what it reaches, and whether it is
        internal-only.

        Options:
          --json  one JSON array on one line:
                  [{"pattern":"…","module":"…","kind":"…","reaches":"…","internal":false},…]

        Exit status: 0, or 2 on a usage error.
        """

    static let explain = """
        Usage: deeplink explain URL [--external]

        Shows how URL is cut into scheme, host, segments, query and fragment, which pattern
        wins, and why the other candidates lose. Runs no handler.

        Options:
          --external  explain it as the daemon would see it

        Exit status: 0 when URL would route, 1 when it would not, 2 on a usage error.
        """

    static func serve(defaultSocket: String) -> String {
        let limits = ServerConfiguration()
        return """
            Usage: deeplink serve [--socket PATH] [--idle-timeout SECONDS]

            Runs the deep-link daemon in the foreground on a Unix domain socket (never TCP).

            Options:
              --socket PATH             socket to listen on (default: $DEEPLINK_SOCKET, else
                                        $XDG_RUNTIME_DIR/deeplink/daemon.sock, else
                                        /tmp/deeplink-<uid>/daemon.sock, in a directory created
                                        with mode 0700 and owned by you; here:
                                        \(defaultSocket)). Directories
                                        of PATH that do not exist are created with mode 0700,
                                        like mkdir -p; when that fails, serve names the
                                        directory and exits 5
              --idle-timeout SECONDS    close clients that send no complete request for this
                                        long, or stop reading their replies
                                        (\(secondsRange); default: \(Int(limits.idleTimeout)))

            Protocol: one request per line, one JSON line back per request, in order.
              PING          → {"ok":true,"pong":true}
              OPEN <url>    → {"ok":true,"pattern":"…","parameters":{…},"result":…}
                            | {"ok":false,"error":"<code>","url":"…","message":"…"}
              Error codes: not_found, refused, bad_request, bad_encoding, unknown_command,
              line_too_long, timeout, idle_timeout, busy, forbidden; limit_exceeded for a URL
              over the router's limits (length, path segments, query items); and the router's
              other failures of an open: declined, redirect_loop, dropped, target_not_found,
              action_not_found, invalid_result.
              Commands are case-insensitive; a trailing \\r is ignored. A line without its
              newline is not a request: when the client closes, it is discarded unanswered.

            Limits:
              - a request line holds at most \(limits.lineLimit) bytes before its newline; a longer one gets one
                line_too_long reply, the rest of it is discarded, and the connection goes on
              - control characters and invalid UTF-8 get bad_request / bad_encoding replies
              - a handler that has not answered after \(SecondsFormat.text(limits.handlerTimeout)) gets a timeout reply
              - at most \(limits.maxConnections) clients at once (more get busy), \(limits.maxOutstandingPerConnection) requests in flight
                per client (the daemon reads no more from a client until it catches up)
            URLs from the socket are external: internal-only routes, native… actions and schemes
            outside the allow-list are refused; https links are taken for shop.example.com only.
            Peers of another user are refused (SO_PEERCRED); the socket file is mode 0600.

            Start-up: a second daemon on the same socket refuses to start (exit 4); a socket file
            left by a crashed daemon is taken over. SIGTERM, SIGINT or SIGHUP: stop accepting,
            remove the socket and release the lock (a new daemon may start), answer the requests
            already received (up to \(SecondsFormat.text(limits.drainTimeout))), exit 0. A second signal stops at once.

            Lock file: PATH.lock, beside the socket, is what keeps a second daemon out (flock).
            It stays after every exit, clean or not: it is empty and mode 0600, the next daemon
            locks it again, and deleting it while a daemon starts could let two run at once.
            It is safe to delete when no daemon runs.

            systemd socket activation: when LISTEN_PID is this process's pid and LISTEN_FDS is
            1, the daemon serves the listening Unix socket systemd passed as descriptor 3, and
            --socket and DEEPLINK_SOCKET are not used. That socket has no lock file, and on
            SIGTERM it is closed but its file stays: systemd owns it and starts the daemon again
            for the next link. LISTEN_* for another pid are ignored; all are removed from the
            environment. Any other LISTEN_FDS, or a descriptor that is not a listening Unix
            stream socket, is a setup error (exit 5). See 'deeplink systemd-units'.

            Logs one line per request on stderr: time, connection, outcome, pattern and the URL
            with query values and fragment shown as <redacted>.

            Exit status: 0 after a signal, 2 usage error, 4 already running, 5 socket not set up.
            """
    }

    static func send(defaultSocket: String) -> String {
        """
        Usage: deeplink send [--json] [--socket PATH] [--timeout SECONDS] [--] URL
               deeplink send --ping [--socket PATH] [--timeout SECONDS]

        Hands URL to the running daemon ('deeplink serve') and prints its reply. This is what
        the desktop entry runs: Exec=… send -- %u

        A link is never dropped silently: when no daemon answers, send exits 3 and says on
        stderr that the link was not delivered and how to start a daemon on that socket
        (deeplink serve &, or the systemd units of 'deeplink systemd-units'). With the systemd
        socket enabled, systemd starts the daemon and the link is answered.

        Options:
          --json              print the daemon's JSON reply on one line, with control
                              characters, line separators, Unicode spaces and format
                              characters (bidirectional controls, U+200B) in its strings
                              as \\uXXXX
          --ping              only check that the daemon answers
          --socket PATH       the daemon's socket (default: $DEEPLINK_SOCKET, else
                              $XDG_RUNTIME_DIR/deeplink/daemon.sock, else
                              /tmp/deeplink-<uid>/daemon.sock; here: \(defaultSocket))
          --timeout SECONDS   how long to wait for the daemon
                              (\(secondsRange); default: 5)

        Exit status:
          0  routed (or, with --ping, the daemon answered)
          1  not found or refused (the reply says which), or a bad request: an empty URL,
             one with control characters, or one longer than \(SendCommand.maxURLLength) bytes; such a
             URL is not sent, and --json prints a reply with the error code the daemon would
             give and send's own message ({"ok":false,"error":"bad_request"|"line_too_long",…})
          2  usage error (missing URL, unknown option, an argument that is not UTF-8, relative
             DEEPLINK_SOCKET, a socket path that names a directory, has control characters, is
             not UTF-8 or is too long for a Unix socket; the message names where it came from)
          3  daemon not reachable: no socket, nobody listening, a socket closed to you, no
             answer in time, a reply that is not the daemon's, or a busy, forbidden,
             idle_timeout or timeout reply (--json prints it); the link was not delivered (with
             no answer in time, a timeout reply or a reply that is not the daemon's, it may
             have been: the daemon's log tells)
        """
    }

    static func desktopEntry(schemes: [String]) -> String {
        """
        Usage: deeplink desktop-entry [--xdg-mime]

        Prints a freedesktop .desktop file that makes this binary the handler of the demo's
        URL schemes (\(schemes.map { $0 + "://" }.joined(separator: ", "))), with the commands
        that install it as comments. It installs nothing itself:

          mkdir -p ~/.local/share/applications
          deeplink desktop-entry > ~/.local/share/applications/deeplink.desktop
          update-desktop-database ~/.local/share/applications
          deeplink desktop-entry --xdg-mime | sh

        xdg-open finds the handler only in a desktop session (DISPLAY or WAYLAND_DISPLAY set).

        Options:
          --xdg-mime  print only the 'xdg-mime default deeplink.desktop x-scheme-handler/…'
                      lines

        The entry runs 'send', so links reach the daemon on the default socket, or on
        $DEEPLINK_SOCKET when the desktop session sets it.

        Exit status: 0, or 2 on a usage error.
        """
    }

    static let systemdUnits = """
        Usage: deeplink systemd-units [--socket-unit | --service-unit]

        Prints systemd user units that start the daemon when the first link arrives (socket
        activation), with this binary's absolute path, and the commands that enable them.
        It installs nothing itself:

          mkdir -p ~/.config/systemd/user
          deeplink systemd-units --socket-unit > ~/.config/systemd/user/\(SystemdUnitsCommand.socketName)
          deeplink systemd-units --service-unit > ~/.config/systemd/user/\(SystemdUnitsCommand.serviceName)
          systemctl --user daemon-reload && systemctl --user enable --now \(SystemdUnitsCommand.socketName)

        The socket unit listens on the default socket (ListenStream=\(SystemdUnitsCommand.listenStream),
        SocketMode=0600, DirectoryMode=0700), where send looks; a link sent while no daemon
        runs waits there until systemd has started 'deeplink serve'. On SIGTERM the daemon
        leaves the socket file to systemd.

        Options:
          --socket-unit   print only \(SystemdUnitsCommand.socketName)
          --service-unit  print only \(SystemdUnitsCommand.serviceName)

        Exit status: 0, or 2 on a usage error.
        """
}
