@testable import DeepLinkApp

/// The app's log and JSON encoders, as text: what the tests compare their output with.
extension LogLine {
    /// `url` as a log line writes it: query values, the fragment and any user-info replaced by
    /// `<redacted>`, then made printable and cut to ``maxURLLength``.
    /// `shop://me:pw@item/42?ref=home&flag#top` → `shop://<redacted>@item/42?ref=<redacted>&flag#<redacted>`.
    static func redacted(_ url: String) -> String {
        var output: [UInt8] = []
        LogRedaction.appendRedacted(url, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}

/// JSON strings as text.
enum JSONString {
    /// `string` as the app writes a JSON string: quotes, backslashes, control characters (DEL and
    /// C1 included), line and paragraph separators and bidirectional controls escaped, everything
    /// else as UTF-8.
    static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        JSONBytes.appendString(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
