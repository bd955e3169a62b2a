extension RouteTable {
    /// ``lookup(_:excluding:changes:)``, passing over typed routes whose fields do not decode
    /// from the URL, as over a typed placeholder that does not convert: the next route that
    /// matches gets the URL, or none does.
    ///
    /// - Parameter failed: told each typed route passed over, and why.
    /// - Complexity: that of the plain lookup when no typed route is registered; otherwise one
    ///   more decode, and one more lookup per typed route passed over.
    func lookupTyped(
        _ url: String, excluding excluded: [Int32] = [], changes: Unmanaged<ChangedPrefixes>? = nil,
        failed: ((Int32, FieldFailure) -> Void)? = nil
    ) -> Lookup {
        var lookup = self.lookup(url, excluding: excluded, changes: changes)
        guard !hooks.typedRoutes.isEmpty else { return lookup }
        var passed = excluded
        while case .matched(let match) = lookup, let check = hooks.typedRoutes[match.pattern],
              let failure = check.failure(match.parameters) {
            failed?(match.routeID, failure)
            passed.append(match.routeID)
            lookup = self.lookup(url, excluding: passed)
        }
        return lookup
    }

    /// The match of the route registered as `pattern` among those that match `url`, whatever
    /// their priorities, or nil.
    func match(_ url: String, onlyPattern pattern: String, after first: RouteMatch) -> RouteMatch? {
        var passed: [Int32] = [first.routeID]
        while passed.count <= routes.count, case .matched(let match) = lookup(url, excluding: passed) {
            if match.pattern == pattern { return match }
            passed.append(match.routeID)
        }
        return nil
    }
}
