import Foundation
import Testing

/// The freedesktop path of a clicked link, with the real tools: the printed entry validated,
/// installed and made the `x-scheme-handler/shop` default, then `xdg-open` hands a link to the
/// entry's `Exec=`, which reaches the daemon. The tools are required: this suite fails, and
/// never skips, when they are missing (`.ci/run` installs them).
@Suite("Desktop: desktop-file-validate, update-desktop-database, xdg-mime, xdg-open")
struct DesktopIntegrationTests {
    private static let link = "shop://item/42?ref=xdg"

    /// Every tool's path; a missing one is recorded as a failure and stops the test.
    private func tools() throws -> [String: String] {
        var found: [String: String] = [:]
        for (tool, package) in DesktopSession.tools {
            let path = try #require(
                DesktopSession.locate(tool),
                "\(tool) is not on PATH; install it: apt-get install -y \(package)")
            found[tool] = path
        }
        return found
    }

    @Test func thePrintedEntryIsValid() throws {
        let tools = try tools()
        let session = try DesktopSession()
        let entry = try DeepLinkBinary.run(["desktop-entry"])
        try #require(entry.status == 0)
        let file = session.applications + "/deeplink.desktop"
        try Data(entry.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let validated = try session.run(tools["desktop-file-validate"]!, [file])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        #expect(!validated.stdout.contains("error"), "\(validated.stdout)")
    }

    @Test func xdgOpenHandsTheLinkToTheDaemonThroughTheEntry() throws {
        let tools = try tools()
        let daemon = try RunningDaemon()
        let session = try DesktopSession(extra: ["DEEPLINK_SOCKET": daemon.socketPath])
        try install(in: session, tools: tools)

        let opened = try session.run(tools["xdg-open"]!, [Self.link])
        #expect(opened.status == 0, "\(opened.stdout)\(opened.stderr)\n\(daemon.log)")
        #expect(opened.stdout.contains("routed \(Self.link)"), "\(opened.stdout)")
        let logged = "routed pattern=\(DemoLinks.itemPattern) url=shop://item/42?ref=<redacted>"
        #expect(eventually { daemon.log.contains(logged) }, "\(daemon.log)")
        #expect(try daemon.stop() == 0)
    }

    @Test func withNoDaemonXdgOpenFailsAndTheLinkIsReportedUndelivered() throws {
        let tools = try tools()
        let directory = try TemporaryDirectory()
        let session = try DesktopSession(extra: ["DEEPLINK_SOCKET": directory.path + "/none.sock"])
        try install(in: session, tools: tools)

        let opened = try session.run(tools["xdg-open"]!, [Self.link])
        #expect(opened.status != 0, "\(opened.stdout)")
        #expect(opened.stderr.contains("The link \(Self.link) was not delivered."), "\(opened.stderr)")
        #expect(opened.stderr.contains("serve --socket \(directory.path)/none.sock &"), "\(opened.stderr)")
    }

    /// Installs the entry as a user would: saved under `XDG_DATA_HOME`, the cache rebuilt,
    /// and made the default for `shop://`.
    private func install(in session: DesktopSession, tools: [String: String]) throws {
        let entry = try DeepLinkBinary.run(["desktop-entry"])
        try Data(entry.stdout.utf8).write(to: URL(fileURLWithPath: session.applications + "/deeplink.desktop"))
        let database = try session.run(tools["update-desktop-database"]!, [session.applications])
        try #require(database.status == 0, "\(database.stderr)")
        let cache = try TextFile.read(session.applications + "/mimeinfo.cache")
        #expect(cache.contains("x-scheme-handler/shop=deeplink.desktop"), "\(cache)")
        let mime = try session.run(tools["xdg-mime"]!, ["default", "deeplink.desktop", "x-scheme-handler/shop"])
        try #require(mime.status == 0, "\(mime.stderr)")
        let query = try session.run(tools["xdg-mime"]!, ["query", "default", "x-scheme-handler/shop"])
        try #require(
            query.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "deeplink.desktop",
            "\(query.stdout)\(query.stderr)")
    }
}
