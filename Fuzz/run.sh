#!/usr/bin/env bash
# Builds and runs the libFuzzer targets, one at a time.
#
#   Fuzz/run.sh                         list the targets
#   Fuzz/run.sh all 20                  build each target and fuzz it for 20 seconds
#   Fuzz/run.sh URLMatching 600         one target for 10 minutes
#   Fuzz/run.sh URLMatching 0 -runs=1000000   extra arguments go to libFuzzer (0: no time limit)
#   Fuzz/run.sh repro URLMatching crash-…     run one saved input and show what failed
#   SANITIZERS=fuzzer Fuzz/run.sh URLMatching 0 -runs=10000000
#                                       without AddressSanitizer: about three times the
#                                       executions per second, for long campaigns; Swift's own
#                                       checks (bounds, overflow, exclusivity) still trap
#
# Binaries and the growing corpus go to Fuzz/.out, crashing inputs to Fuzz/artifacts/<target>
# (both ignored by git). The committed seeds in Fuzz/Corpus/<target> are read, never written.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(PatternRegistration URLMatching GenerationRoundTrip MediatorPerformURL RouteTableLoading DaemonRequestLine TypedMatching WebLinkOrigins ReferenceMatching)
OUT=Fuzz/.out
# fuzzer,address (the default) or fuzzer alone; binaries and logs of the two builds are kept apart.
SANITIZERS=${SANITIZERS:-fuzzer,address}
case $SANITIZERS in
    fuzzer,address) SUFFIX= ;;
    fuzzer) SUFFIX=-noasan ;;
    *) echo "SANITIZERS must be fuzzer,address or fuzzer" >&2; exit 2 ;;
esac

# The library and the fuzz support code, built once into a module of their own with testing
# enabled (the targets `@testable import URLRouter`), then each target against it: the library
# is most of the compile time, so it is not compiled again for every target. It is rebuilt when
# a source is added, removed or changed, or this script is. FUZZING tells the support files the
# tests also use that they are built into the library's own module.
LIB=$OUT/lib$SUFFIX

build_library() {
    local archive=$LIB/libURLRouter.a files
    mapfile -t files < <(find Sources/URLRouter Fuzz/Support -name '*.swift' | sort)
    # Up to date: built from the same files (none added or removed since), none changed since.
    if [ -f "$archive" ] && [ "$(printf '%s\n' "${files[@]}")" = "$(cat "$LIB/sources" 2>/dev/null)" ] \
        && [ -z "$(find "${files[@]}" Fuzz/run.sh -newer "$archive" | head -1)" ]; then
        return
    fi
    mkdir -p "$LIB"
    rm -f "$archive"
    echo "building the library" >&2
    # ld.gold warns about every ASan helper symbol; those lines are noise.
    swiftc -sanitize="$SANITIZERS" -parse-as-library -O -g -D FUZZING -enable-testing -module-name URLRouter \
        -emit-module -emit-module-path "$LIB/URLRouter.swiftmodule" -emit-library -static -o "$archive" \
        "${files[@]}" 2>&1 | { grep -v 'Cannot export local symbol' || true; }
    test -f "$archive"
    printf '%s\n' "${files[@]}" > "$LIB/sources"
}

# A target: against the library, or for the daemon's parser, with the Demo files it needs.
build() {
    local target=$1
    mkdir -p "$OUT"
    if [ "$target" = DaemonRequestLine ]; then
        echo "building $target" >&2
        swiftc -sanitize="$SANITIZERS" -parse-as-library -O -g -module-name DaemonFuzz \
            Demo/App/Daemon/RequestLine.swift Demo/App/Daemon/LineFramer.swift Demo/App/Routing/Reply.swift \
            Demo/App/Output/JSONValue.swift Demo/App/Output/JSONBytes.swift Demo/App/Output/HumanOutput.swift \
            Fuzz/Support/FuzzInput.swift \
            "Fuzz/Targets/$target.swift" -o "$OUT/$target$SUFFIX" 2>&1 | { grep -v 'Cannot export local symbol' || true; }
    else
        build_library
        echo "building $target" >&2
        swiftc -sanitize="$SANITIZERS" -parse-as-library -O -g -module-name "${target}Fuzz" -I "$LIB" -L "$LIB" \
            -lURLRouter "Fuzz/Targets/$target.swift" -o "$OUT/$target$SUFFIX" 2>&1 \
            | { grep -v 'Cannot export local symbol' || true; }
    fi
    test -x "$OUT/$target$SUFFIX"
}

# Longest input per target: long enough for every structure, short enough to keep a run fast.
# Inputs past the limits (URL length, pattern length, ...) are the limits tests' business.
max_len() {
    case $1 in
        PatternRegistration) echo 256 ;;
        *) echo 1024 ;;
    esac
}

fuzz() {
    local target=$1 seconds=$2
    shift 2
    mkdir -p "$OUT/corpus/$target" "Fuzz/artifacts/$target" "Fuzz/Corpus/$target"
    # The Swift runtime's own crash reporter would keep the pipe open; libFuzzer reports instead.
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-malloc_context_size=4:quarantine_size_mb=32} \
        "$OUT/$target$SUFFIX" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="${MAX_LEN:-$(max_len "$target")}" \
        -dict=Fuzz/urlrouter.dict -print_final_stats=1 \
        -artifact_prefix="Fuzz/artifacts/$target/" "$@" "$OUT/corpus/$target" "Fuzz/Corpus/$target" 2>&1 \
        | tee "$OUT/$target$SUFFIX.log" \
        | grep -E '^#[0-9]+[[:space:]]*(INITED|DONE)|^stat::number_of_executed_units|INVARIANT|ERROR|SUMMARY|Test unit written|Fatal error' || true
    local log=$OUT/$target$SUFFIX.log
    grep -q 'Test unit written' "$log" && { echo "$target: FAILED, see $log" >&2; return 1; }
    echo "$target: ok ($(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$') executions, $SANITIZERS)"
}

case "${1:-}" in
    "") printf '%s\n' "${TARGETS[@]}" ;;
    repro)
        build "$2"
        SWIFT_BACKTRACE=enable=no "$OUT/$2$SUFFIX" "${@:3}" ;;
    all)
        seconds=${2:-60}
        status=0
        for target in "${TARGETS[@]}"; do
            build "$target"
            fuzz "$target" "$seconds" "${@:3}" || status=1
        done
        exit $status ;;
    *)
        build "$1"
        fuzz "$1" "${2:-60}" "${@:3}" ;;
esac
