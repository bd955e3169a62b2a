/// `deeplink systemd-units [--socket-unit | --service-unit]`: the systemd user units that start
/// the daemon when the first request arrives (socket activation), and how to enable them.
/// Installs nothing.
///
/// The socket unit listens where `serve` and `send` look by default
/// (`$XDG_RUNTIME_DIR/deeplink/daemon.sock`, `%t` in a user unit), so a link clicked while no
/// daemon runs waits in the socket's queue until systemd has started one.
enum SystemdUnitsCommand {
    /// Which files to print.
    enum Selection: Equatable {
        case all, socketUnit, serviceUnit
    }

    static let socketName = "deeplink.socket"
    static let serviceName = "deeplink.service"
    /// `ListenStream=` of the socket unit: the default socket path with `%t` for `$XDG_RUNTIME_DIR`.
    static let listenStream = "%t/deeplink/" + SocketPath.fileName

    static func run(_ selection: Selection) -> ExitCode {
        let binary = DesktopEntryCommand.executablePath()
        switch selection {
        case .socketUnit: print(socketUnit)
        case .serviceUnit: print(serviceUnit(binary: binary))
        case .all: print(everything(binary: binary))
        }
        return .success
    }

    /// The commands that install and enable the units; `binary` is this program's path.
    static func installCommands(binary: String) -> [String] {
        let deeplink = UndeliveredLink.shellWord(binary)
        return [
            "mkdir -p ~/.config/systemd/user",
            "\(deeplink) systemd-units --socket-unit > ~/.config/systemd/user/\(socketName)",
            "\(deeplink) systemd-units --service-unit > ~/.config/systemd/user/\(serviceName)",
            "systemctl --user daemon-reload && systemctl --user enable --now \(socketName)",
        ]
    }

    static func everything(binary: String) -> String {
        """
        # systemd user units for the deeplink daemon: systemd listens on the daemon's default
        # socket and starts 'deeplink serve' when the first link arrives. Install with:
        \(installCommands(binary: binary).map { "#   " + $0 }.joined(separator: "\n"))
        # Stop a 'deeplink serve' you started yourself first: the socket unit needs its path.

        # ==> ~/.config/systemd/user/\(socketName) <==
        \(socketUnit)

        # ==> ~/.config/systemd/user/\(serviceName) <==
        \(serviceUnit(binary: binary))
        """
    }

    static let socketUnit = """
        # \(socketName): the deeplink daemon's socket; systemd starts \(serviceName) on the first connection.
        [Unit]
        Description=URLRouter demo deep-link daemon socket

        [Socket]
        ListenStream=\(listenStream)
        SocketMode=0600
        DirectoryMode=0700
        Accept=no

        [Install]
        WantedBy=sockets.target
        """

    static func serviceUnit(binary: String) -> String {
        """
        # \(serviceName): the deeplink daemon, started by \(socketName), which it is handed.
        [Unit]
        Description=URLRouter demo deep-link daemon
        Requires=\(socketName)
        After=\(socketName)

        [Service]
        Type=simple
        ExecStart=\(execStartWord(binary)) serve
        """
    }

    /// `path` as the first word of `ExecStart=`: double-quoted (with `\` and `"` escaped) when
    /// it holds blanks or quotes, and `%` and `$` doubled, which systemd would otherwise expand.
    static func execStartWord(_ path: String) -> String {
        var word = path.replacingAll("%", with: "%%").replacingAll("$", with: "$$")
        if word.contains(where: { " \t\"'\\;".contains($0) }) {
            word = "\"" + word.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        }
        return word
    }
}
