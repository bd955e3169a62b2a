import Foundation

// The app's start-up: build the routing, run the one command, exit with its status.
let status = DeepLinkCLI.run(Array(CommandLine.arguments.dropFirst()),
                             environment: ProcessInfo.processInfo.environment,
                             service: StubService())
fflush(nil)  // every stream; print() buffers when stdout is a pipe or file
exit(status.rawValue)
