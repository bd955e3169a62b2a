#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `deeplink desktop-entry [--xdg-mime]`: a freedesktop `.desktop` file that makes this binary
/// the handler of the demo's schemes, with the install commands as comments. Installs nothing.
enum DesktopEntryCommand {
    /// The file name the entry is meant to be saved under.
    static let fileName = "deeplink.desktop"

    static func run(commandsOnly: Bool, schemes: [String]) -> ExitCode {
        let mimeCommands = schemes.map { "xdg-mime default \(fileName) x-scheme-handler/\($0)" }
        if commandsOnly {
            print(mimeCommands.joined(separator: "\n"))
        } else {
            print(entry(binary: executablePath(), schemes: schemes, mimeCommands: mimeCommands))
        }
        return .success
    }

    /// The `.desktop` file text.
    static func entry(binary: String, schemes: [String], mimeCommands: [String]) -> String {
        let install =
            [
                "mkdir -p ~/.local/share/applications",
                "deeplink desktop-entry > ~/.local/share/applications/\(fileName)",
                "update-desktop-database ~/.local/share/applications",
            ] + mimeCommands
        return """
            # \(fileName): deep-link handler of the URLRouter demo. Install with:
            \(install.map { "#   " + $0 }.joined(separator: "\n"))
            # Links are handed to the daemon: start it first (deeplink serve &), or let systemd
            # start it on the first link (deeplink systemd-units prints the units).
            [Desktop Entry]
            Type=Application
            Name=deeplink
            Comment=Opens \(schemes.map { $0 + "://" }.joined(separator: ", ")) links in the URLRouter demo app
            Exec=\(execArgument(binary)) send -- %u
            Terminal=false
            NoDisplay=true
            MimeType=\(schemes.map { "x-scheme-handler/\($0);" }.joined())
            """
    }

    /// `path` as one argument of an `Exec=` key: quoted when it holds reserved characters, with
    /// `"`, `` ` ``, `$` and `\` escaped inside the quotes, then `\` doubled again and `%`
    /// doubled for the string level of the file format.
    static func execArgument(_ path: String) -> String {
        let reserved: Set<Character> = [
            " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";",
            "$", "*", "?", "#", "(", ")", "`", "=",
        ]
        var argument = path
        if path.contains(where: reserved.contains) {
            argument = "\"" + path.map { "\"`$\\".contains($0) ? "\\\($0)" : String($0) }.joined() + "\""
        }
        return argument.replacingAll("\\", with: "\\\\").replacingAll("%", with: "%%")
    }

    /// This binary's absolute path, from `/proc/self/exe` on Linux; elsewhere (and if that
    /// fails) the path it was started by. Desktop entries are a Linux desktop's business.
    static func executablePath() -> String {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        #endif
        return CommandLine.arguments.first ?? "deeplink"
    }
}

extension String {
    /// `self` with every `target` replaced by `replacement`, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
