import Foundation

// A standard descriptor left closed (`deeplink serve >&- 2>&-`) would be taken by the daemon's
// first pipe or socket, and the log written into it: keep 0, 1 and 2 open, on /dev/null read
// only, so that output written to a closed stdout fails (status 5) rather than vanishing.
for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 { _ = open("/dev/null", O_RDONLY) }
// A reader that went away (`deeplink routes | head -1`) is a write error, reported below, not a
// silent death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)

let argumentBytes = (0..<Int(CommandLine.argc)).map { index -> [UInt8] in
    guard let argument = CommandLine.unsafeArgv[index] else { return [] }
    return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
if let problem = ArgumentEncoding.problem(argumentBytes) {
    printError(problem)
    exit(ExitCode.usage.rawValue)
}

// Run the one command against the app's routing (built on demand) and exit with its status.
let status = DeepLinkCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    schemes: AppComposition.externalSchemes,
    // Foundation repairs such bytes to U+FFFD: the socket would be another path.
    notUTF8: ConfiguredSocket.variablesNotUTF8(),
    makeService: AppComposition.makeService)
// Every stream: print() buffers when stdout is a pipe or file. Output that could not be written
// (`deeplink desktop-entry > file` on a full disk) is a failure, never a silent success.
if fflush(nil) != 0 {
    printError("deeplink: cannot write the output: \(String(cString: strerror(errno)))")
    exit(ExitCode.failure.rawValue)
}
exit(status.rawValue)
