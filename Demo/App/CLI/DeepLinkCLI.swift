import Foundation
import URLRouter

/// Runs one command line and returns its exit status.
enum DeepLinkCLI {
    /// - Parameters:
    ///   - schemes: the schemes links from outside may use (help, desktop entry).
    ///   - makeService: builds the app's routing; called only by the commands that route.
    ///   - notUTF8: the socket variables of `environment` whose bytes were not UTF-8.
    static func run(
        _ arguments: [String], environment: [String: String], schemes: [String],
        notUTF8: Set<String> = [], makeService: () throws(RouteError) -> any DeepLinkService
    ) -> ExitCode {
        let command: Command
        switch Arguments.parse(arguments) {
        case .success(let parsed):
            command = parsed
        case .failure(let error):
            // A subcommand's errors share its prefix, as those it finds once running do (`deeplink send: …`).
            let command = error.topic.map { "deeplink \($0)" } ?? "deeplink"
            printError("\(command): \(error.message)\nRun '\(command) --help' for usage.")
            return .usage
        }
        switch command {
        case .help(let topic):
            print(
                Help.text(
                    for: topic, defaultSocket: HumanOutput.shown(defaultSocket(environment)),
                    schemes: schemes)
            )
            return .success
        case .send(let url, let socket, let json, let timeout):
            return SendCommand.run(
                url: url, socket: socket, json: json, timeout: timeout, environment: environment, notUTF8: notUTF8)
        case .desktopEntry(let commandsOnly):
            return DesktopEntryCommand.run(commandsOnly: commandsOnly, schemes: schemes)
        case .systemdUnits(let selection):
            return SystemdUnitsCommand.run(selection)
        default:
            break
        }
        let service: any DeepLinkService
        do {
            service = try makeService()
        } catch {
            printError("deeplink: the app's routes did not register: \(error.message)")
            return .failure
        }
        switch command {
        case .open(let url, let json, let external):
            return OpenCommand.run(url: url, json: json, external: external, service: service)
        case .routes(let json):
            return RoutesCommand.run(json: json, service: service)
        case .explain(let url, let external):
            return ExplainCommand.run(url: url, external: external, service: service)
        case .serve(let socket, let idleTimeout):
            return ServeCommand.run(
                socket: socket, idleTimeout: idleTimeout, environment: environment, notUTF8: notUTF8,
                service: service)
        default:
            return .usage
        }
    }

    /// The socket `serve` and `send` use without `--socket`, as `--help` shows it: `DEEPLINK_SOCKET` when it is
    /// set and usable, else the default path.
    private static func defaultSocket(_ environment: [String: String]) -> String {
        (try? ConfiguredSocket.resolve(option: nil, environment: environment))?.path
            ?? SocketPath.defaultPath(environment: environment)
    }
}
