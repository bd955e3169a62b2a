import Foundation

// Run the one command against the app's routing (built on demand) and exit with its status.
let status = DeepLinkCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    schemes: AppComposition.externalSchemes,
    makeService: AppComposition.makeService)
fflush(nil)  // every stream; print() buffers when stdout is a pipe or file
exit(status.rawValue)
