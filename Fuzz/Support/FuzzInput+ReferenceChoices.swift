/// The reference scenario of `ReferenceMatching` takes its random choices from the fuzzer's bytes.
extension FuzzInput: ReferenceChoices {}
