import AllocationCounter

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// url-router-bench: URLRouter side by side with routing-kit's TrieRouter and a Dictionary.
//
//     url-router-bench            N = 1,000, 10,000 and 100,000; 21 rounds
//     url-router-bench --quick    N = 1,000 and 10,000; 3 rounds (a CI smoke run)
//     url-router-bench --sizes 10000 --rounds 9 --no-threads
//     url-router-bench --daemon .build/release/deeplink [--quick]   the daemon against an echo server
//
// Every contestant is checked against the expected route of every lookup before anything is
// timed; a wrong answer makes the run exit with status 1.

var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
var sizes = quick ? [1000, 10_000] : [1000, 10_000, 100_000]
var rounds = quick ? 3 : 21
var threads = true
var writerOnly = false
var daemonBinary: String?
var roundsGiven: Int?
var index = 0
while index < arguments.count {
    switch arguments[index] {
    case "--quick": break
    case "--no-threads": threads = false
    case "--threads-only": sizes = []
    case "--writer-only": sizes = []; writerOnly = true
    case "--sizes" where index + 1 < arguments.count:
        sizes = arguments[index + 1].split(separator: ",").compactMap { Int($0) }
        index += 1
    case "--profile" where index + 2 < arguments.count:
        if let count = Int(arguments[index + 2]), count > 0, ProfileRun.run(arguments[index + 1], count: count) {
            exit(0)
        }
        print("error: --profile takes one of \(ProfileRun.workloads.joined(separator: "|")) and a route count N > 0")
        exit(2)
    case "--rounds" where index + 1 < arguments.count:
        rounds = max(1, Int(arguments[index + 1]) ?? rounds)
        roundsGiven = rounds
        index += 1
    case "--daemon" where index + 1 < arguments.count:
        daemonBinary = arguments[index + 1]
        index += 1
    case "--echo-server" where index + 1 < arguments.count:
        // Hidden: the echo server `--daemon` compares the daemon with, run as a process of its own.
        EchoServer.run(path: arguments[index + 1])
    default:
        print(
            "usage: url-router-bench [--quick] [--sizes 1000,10000] [--rounds 21] [--no-threads | --threads-only | --writer-only] | --profile match|pattern|hits|misses|open|register|batch|dictionary N | --daemon PATH-TO-deeplink [--quick] [--rounds 9]"
        )
        exit(2)
    }
    index += 1
}

let report = Report()
if let daemonBinary {
    let daemonRounds = roundsGiven ?? (quick ? 3 : 9)
    let seconds = quick ? 0.15 : 0.5
    print(
        "url-router-bench --daemon: \(daemonRounds) paired rounds of \(seconds) s per server and client count, medians")
    DaemonRun(deeplink: daemonBinary, rounds: daemonRounds, seconds: seconds, report: report).run()
    print("\n## Results (markdown)\n")
    print(report.markdownTable())
    print("\n## Targets\n")
    print(report.targetSummary())
    exit(report.failed ? 1 : 0)
}
print("url-router-bench: \(rounds) rounds, medians; times are per operation, ratios from this run")
if allocation_counter_is_active() == 0 {
    print("(allocation counting unavailable on this platform: no allocation figures or targets)")
} else {
    print(
        "(allocations: every malloc/calloc/realloc/aligned call on the timing thread, counted by wrapping glibc's allocator)"
    )
}
if heapBytesInUse() == nil {
    print("(memory unavailable on this platform: no memory figures or targets)")
} else {
    print(
        "(memory: growth of glibc mallinfo2 in-use + mmapped bytes while the table is built from fresh pattern strings)"
    )
}

var times: [Int: (spread: SizeRun.Times, hot: SizeRun.Times)] = [:]
for size in sizes {
    let lookups = quick ? 4096 : 16_384
    guard let result = SizeRun(count: size, rounds: rounds, lookupCount: lookups, report: report).run() else { break }
    times[size] = result
}

if let small = times[sizes.min() ?? 0], let large = times[sizes.max() ?? 0], sizes.count > 1, !report.failed {
    let ratio = sizes.max()! / sizes.min()!
    let note = "N = \(grouped(sizes.max()!)) ÷ N = \(grouped(sizes.min()!))"
    let judged = ratio >= 100
    // A working set is held to 1.5× outright. Spread over the table, every lookup pays the
    // cache misses of a bigger table, so only growth beyond the Dictionary's own counts.
    let dictionaryGrowth = large.spread.dictionary / small.spread.dictionary
    report.add(
        Figure(
            name: "growth: Dictionary lookup (spread)", routeCount: nil, value: large.spread.dictionary,
            unit: "ns", comparison: note, ratio: dictionaryGrowth))
    func pairs(_ before: SizeRun.Times, _ after: SizeRun.Times) -> [(String, Double, Double)] {
        [
            ("growth: match + pattern + parameter, all lookups", before.matchAll, after.matchAll),
            ("growth: match + pattern + parameter, misses", before.matchMisses, after.matchMisses),
            ("growth: open", before.open, after.open),
        ]
    }
    for (name, before, after) in pairs(small.spread, large.spread) {
        let growth = after / before
        report.add(
            Figure(
                name: "\(name) (spread)", routeCount: nil, value: growth, unit: "×",
                comparison: "÷ the Dictionary's growth", ratio: growth / dictionaryGrowth,
                target: judged ? "≤ 1.5×" : nil, met: judged ? growth / dictionaryGrowth <= 1.5 : nil))
    }
    for (name, before, after) in pairs(small.hot, large.hot) {
        report.add(
            Figure(
                name: "\(name) (hot 256)", routeCount: nil, value: after, unit: "ns", comparison: note,
                ratio: after / before, target: judged ? "≤ 1.5×" : nil, met: judged ? after / before <= 1.5 : nil))
    }
}

if sizes.contains(10_000) && !report.failed {
    print("— typed routes")
    TypedRun(count: 10_000, rounds: rounds, report: report).run()
}

if threads && !report.failed {
    print("— threads (\(ProcessInfoLite.processorCount) processors online)")
    ThreadRun(
        count: quick ? 1000 : 10_000, rounds: writerOnly ? 0 : quick ? 9 : 61, opensPerRound: quick ? 20_000 : 50_000,
        writerBurst: quick ? 2_000 : 10_000, writerRounds: quick ? 1 : 5,
        report: report
    ).run()
}

print("\n## Results (markdown)\n")
print(report.markdownTable())
print("\n## Targets\n")
print(report.targetSummary())
exit(report.failed ? 1 : 0)

/// The number of processors online, without Foundation.
enum ProcessInfoLite {
    static var processorCount: Int {
        #if canImport(Glibc)
        Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
        0
        #endif
    }
}
