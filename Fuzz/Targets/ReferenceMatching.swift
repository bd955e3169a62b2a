import Foundation

@testable import URLRouter

/// Fuzz target: a random route set over a small alphabet, every kind of segment, priorities,
/// replacements and deregistrations, and random URLs, against the reference matcher in
/// `Fuzz/Support/ReferenceMatcher.swift`.
///
/// Invariants: registration and deregistration succeed or fail as the reference predicts
/// (conflicts by shape, ambiguous optional groups); the router's winner for each URL is the
/// reference's, with the same combination: priority, every path value (read back through the
/// subscript too) and the wildcard; `canOpen` and `explain`'s winner agree with `match`. Where the rules leave the
/// choice open (typed placeholders of different types at one place), any branch that matches
/// to the end is right: `ReferenceVerdict.sameKindBranchFirst`.
@_cdecl("LLVMFuzzerTestOneInput")
public func referenceMatchingFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size > 0, let data else { return 0 }
    var input = FuzzInput(UnsafeBufferPointer(start: data, count: size))
    try! ReferenceScenario(&input).replay { problem in fuzzCheck(false, problem) }
    return 0
}
