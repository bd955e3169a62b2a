/// A cached target's type and instance: the first caller creates the instance while later callers
/// wait on this slot's own lock (never the mediator's), so concurrent first calls create exactly one.
typealias TargetSlot = Locked<(type: any MediatorTarget.Type, instance: (any MediatorTarget)?)>

extension Mediator {
    private enum Step: Sendable {
        case cached(TargetSlot)
        case create(any MediatorTarget.Type)
        case discover(modules: [String])
    }

    /// Drops the cached instance of `target` (after the mediator's lock, so that its deinit may
    /// call the mediator); the next call creates a new one. Returns whether one was cached.
    ///
    /// ```swift
    /// mediator.perform(target: "Shop", action: "itemView", cacheTarget: true)
    /// mediator.releaseCachedTarget("Shop")   // true
    /// ```
    @discardableResult
    public func releaseCachedTarget(_ target: String) -> Bool {
        state.withLock { $0.cached.removeValue(forKey: target) } != nil
    }

    /// The target instance for a call: the cached one, else a new one (kept if `cache`),
    /// from the registered type, else from a discovered `Target_<name>`.
    func instance(of target: String, cache: Bool) -> (any MediatorTarget)? {
        var step = state.withLock { Self.step(for: target, in: &$0, cache: cache) }
        // Looked up again when the modules changed meanwhile.
        while case .discover(let modules) = step {
            guard let found = Self.discover(target, in: modules) else { return nil }
            step = state.withLock { state in
                guard state.searchModules == modules else { return Step.discover(modules: state.searchModules) }
                state.discovered[target] = found
                return Self.step(for: target, in: &state, cache: cache)
            }
        }
        switch step {
        case .cached(let slot):
            return slot.withLock { slot in
                if slot.instance == nil { slot.instance = slot.type.init() }
                return slot.instance
            }
        case .create(let type): return type.init()
        case .discover: return nil
        }
    }

    private static func step(for target: String, in state: inout State, cache: Bool) -> Step {
        if let slot = state.cached[target] { return .cached(slot) }
        guard let type = state.registered[target] ?? state.discovered[target] else {
            return .discover(modules: state.searchModules)
        }
        guard cache else { return .create(type) }
        let slot = TargetSlot((type, nil))
        state.cached[target] = slot
        return .cached(slot)
    }
}
