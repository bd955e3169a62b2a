extension Mediator {
    /// The modules in which a target named `name` is looked up as the type `Target_<name>` when no target of that name
    /// is registered. Searched in order; only the app sets them, nothing in a call or a URL can add one.
    ///
    /// Declare discovered targets `public` (structs or final classes, not nested, not generic). A debug build finds
    /// internal ones too, a release build may not. Changing the modules drops the cached instances of discovered
    /// targets, so a module taken out is not reached. Set it whole, once: two threads appending at once may lose one.
    ///
    /// ```swift
    /// mediator.searchModules = ["Shop", "Account"]
    /// mediator.perform(target: "Shop", action: "itemView")   // finds Shop.Target_Shop
    /// ```
    public var searchModules: [String] {
        get { state.withLock { $0.searchModules } }
        set {
            let dropped = state.withLock { state -> [String: TargetSlot] in
                guard state.searchModules != newValue else { return [:] }
                (state.searchModules, state.discovered) = (newValue, [:])
                defer { state.cached = state.cached.filter { state.registered[$0.key] != nil } }
                return state.cached
            }
            withExtendedLifetime(dropped) {}  // released here, after the lock: a deinit may call the mediator
        }
    }

    /// The longest target name discovery looks up; longer names are simply not found.
    static let maxDiscoverableNameLength = 128

    /// Finds `Target_<name>` in the first of `modules` that has it, through the Swift runtime's type lookup by mangled
    /// name.
    ///
    /// Only plain ASCII identifiers reach the runtime: the name may come from a URL, and anything else (dots, control
    /// bytes, mangling operators) could make the lookup reach another module or another kind of type.
    ///
    /// The mangled name, not the `"Module.Type"` form, is used because the runtime reads the dotted form as a class
    /// name only: `<len><module><len><type>V` for a struct, `C` for a class.
    // Why "declare them public": a release build (whole-module `-O`, `--gc-sections`) deletes an internal struct that
    // nothing names, with its conformance record, so the lookup misses it; a public type is exported, and the linker
    // keeps its descriptor and conformance.
    static func discover(_ name: String, in modules: [String]) -> (any MediatorTarget.Type)? {
        guard name.utf8.count <= maxDiscoverableNameLength, isIdentifier(name, digitFirst: true) else { return nil }
        let typeName = "Target_" + name
        for module in modules where isIdentifier(module, digitFirst: false) {
            for kind in ["V", "C"] {
                let mangled = "\(module.utf8.count)\(module)\(typeName.utf8.count)\(typeName)\(kind)"
                if let type = _typeByName(mangled) as? any MediatorTarget.Type, type.targetName == name { return type }
            }
        }
        return nil
    }

    /// ASCII letters, digits and `_`, not empty; a digit first only where allowed.
    static func isIdentifier(_ text: String, digitFirst: Bool) -> Bool {
        guard let first = text.utf8.first, digitFirst || !(0x30...0x39).contains(first) else { return false }
        return text.utf8.allSatisfy { byte in
            byte == 0x5F || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
    }
}
