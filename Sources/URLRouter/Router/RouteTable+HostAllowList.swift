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
        let scheme = LinkOrigin.asciiLowercased(String(url.prefix { $0 != ":" }))
        guard scheme == "https" || scheme == "http" else { return .notWeb }
        guard scheme == "https" else {
            return .refused(.refused(url, reason: "an http link is not allowed from outside; web links must use https."))
        }
        let raw = url.dropFirst(scheme.count + 1).drop { $0 == "/" }.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = LinkOrigin.asciiLowercased(String(raw))
        guard LinkOrigin.isHostName(host), hosts.contains(host) else {
            return .refused(.refused(url, reason: "the host \(RouteError.quoted(String(raw))) is not allowed from outside."))
        }
        return .allowed
    }
}
