import Foundation
import Testing

/// The README's daemon block, run in a shell as a user pastes it (all at once), with the built
/// binary on `PATH` in place of its first line's build.
@Suite("The README's daemon block")
struct ReadmeDaemonBlockTests {
    /// The block's lines after its `swift build` line.
    static func blockLines() throws -> [String] {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## The daemon in"), "the README has its daemon section")
        let rest = text[section.upperBound...]
        let open = try #require(rest.range(of: "```sh\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        let lines = rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("swift build -c release") == true, "\(lines)")
        return Array(lines.dropFirst())
    }

    /// Pasted in one go, `send` must not race the daemon's start: the block waits for it.
    @Test(arguments: 1...3)
    func theBlockRoutesALinkAndStopsTheDaemon(run: Int) throws {
        let directory = URL(fileURLWithPath: DeepLinkBinary.path).deletingLastPathComponent().path
        let check = [
            "wait $!; echo \"daemon exited $?\"",
            "test -e \"$XDG_RUNTIME_DIR/deeplink/daemon.sock\" && echo 'socket left behind' || echo 'socket removed'",
        ]
        let script = (["export PATH=\"\(directory):$PATH\""] + (try Self.blockLines()) + check).joined(separator: "\n")
        let result = try DeepLinkBinary.run(["-c", script], timeout: 20, executable: "/bin/bash")
        let output = result.stdout + result.stderr
        #expect(result.stdout.contains("routed shop://cart/add/42?ref=mail"), "\(output)")
        #expect(result.stdout.contains(#"{"ok":false,"error":"not_found""#), "\(output)")
        #expect(result.stdout.contains("daemon exited 0\nsocket removed"), "\(output)")
    }
}
