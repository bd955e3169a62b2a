/// What the host allow-list (``Router/Options/allowedExternalHosts``) says of a URL opened from
/// outside.
enum WebLinkVerdict {
    /// Not a web link (`https:` or `http:`): the scheme allow-list judges it.
    case notWeb
    /// An `https` link to a listed host, with no port or userinfo.
    case allowed
    case refused(RouteError)
}

extension RouteTable {
    /// Judges `url` against the listed `hosts`. The host is read raw: a port, userinfo, a
    /// trailing dot or a percent-encoded byte make it no host name, so it is refused.
    func webLinkVerdict(_ url: String, hosts: Set<String>) -> WebLinkVerdict {
        guard let (scheme, raw) = LinkOrigin.webParts(of: url) else { return .notWeb }
        guard scheme == "https" else {
            return .refused(
                .refused(url, reason: "an http link is not allowed from outside; web links must use https."))
        }
        let host = String(decoding: raw.map(foldASCII), as: UTF8.self)
        guard LinkOrigin.isHostName(host), hosts.contains(host) else {
            return .refused(
                .refused(
                    url,
                    reason:
                        "the host \(RouteError.quoted(String(decoding: raw, as: UTF8.self))) is not allowed from outside."
                ))
        }
        return .allowed
    }
}
