import Foundation
import Testing

@testable import URLRouter

/// What a change lets go of (a handler, an interceptor, an observer, and what they capture) is
/// released after the router's lock: a module whose `deinit` deregisters its other routes, or
/// opens a link, must not find the lock held. Each case ends with the module's last reference
/// and checks that its `deinit` ran and reached the router.
@Suite struct ReleaseOutsideTheLockTests {
    /// Calls the router from its `deinit`, as a module that tidies up after itself does.
    final class Module: Sendable {
        let router: Router
        let done: Recorder<String>
        init(_ router: Router, _ done: Recorder<String>) { (self.router, self.done) = (router, done) }
        deinit {
            let removed = router.deregister("app://other")
            let opened = router.open("app://other")
            done.record("deregistered \(removed), opened \(opened), \(router.routes.count) routes")
        }
    }

    enum Change: String, CaseIterable, Sendable {
        case deregister, deregisterWithOrigins, removeAll, replace, batch, failedBatch
        case removeAllInterceptors, removeAllObservers
    }

    /// Gives the router the only reference to a new module, in a way `change` then lets go of.
    private func hold(_ router: Router, _ done: Recorder<String>, for change: Change) throws {
        guard change != .failedBatch else { return }  // the batch makes its own
        let module = Module(router, done)
        switch change {
        case .deregister, .removeAll, .replace, .batch:
            try router.register("app://module") { _ in _ = module }
        case .deregisterWithOrigins:
            try router.register("module", origins: [.scheme("app")]) { _ in _ = module }
        case .failedBatch:
            break
        case .removeAllInterceptors:
            router.addInterceptor { _ in
                _ = module; return .proceed
            }
        case .removeAllObservers:
            router.addObserver { _ in _ = module }
        }
    }

    private func apply(_ change: Change, to router: Router, done: Recorder<String>) throws {
        switch change {
        case .deregister: #expect(router.deregister("app://module"))
        case .deregisterWithOrigins: #expect(router.deregister("module", origins: [.scheme("app")]))
        case .removeAll: router.removeAll()
        case .replace: try router.register("app://module", replacing: true) { _ in }
        case .batch: #expect(router.update { routes in routes.deregister("app://module") })
        case .failedBatch:
            // The refused batch's draft holds the module's last reference.
            let error = caught {
                try router.update { routes in
                    let module = Module(router, done)
                    try routes.register("app://module") { _ in _ = module }
                    try routes.register("app://other") { _ in }
                }
            }
            #expect(error?.code == .conflict)
        case .removeAllInterceptors: router.removeAllInterceptors()
        case .removeAllObservers: router.removeAllObservers()
        }
    }

    @Test(arguments: Change.allCases, [false, true])
    func aDeinitMayCallTheRouter(change: Change, readerHoldsTheTable: Bool) throws {
        let router = Router()
        let done = Recorder<String>()
        try router.register("app://other") { _ in }
        try hold(router, done, for: change)
        if readerHoldsTheTable { #expect(router.open("app://other")) }
        try apply(change, to: router, done: done)
        // A reader's copy of the table lets go of it at this thread's next read.
        _ = router.match("app://other")
        #expect(done.values.count == 1)
        let removed = change != .removeAll
        #expect(done.values.first?.hasPrefix("deregistered \(removed), opened false, ") == true)
    }

    /// A batch's closure that reads another router after a change replaces this thread's copy
    /// of that router there, inside the batch's lock: a `deinit` it reaches may call that router.
    @Test func aCopyReplacedInsideAnotherRoutersBatchMayCallItsRouter() throws {
        let (other, batching) = (Router(), Router())
        let done = Recorder<String>()
        try other.register("app://other") { _ in }
        try hold(other, done, for: .deregister)
        #expect(other.open("app://other"))
        #expect(other.deregister("app://module"))
        #expect(done.values.isEmpty, "this thread's copy of the table still holds the module")
        try batching.update { routes in
            try routes.register("app://batch") { _ in }
            _ = other.match("app://other")
            #expect(done.values.count == 1)
        }
        #expect(done.values.first?.hasPrefix("deregistered true, opened false, 0 routes") == true)
        #expect(batching.canOpen("app://batch"))
    }
}
