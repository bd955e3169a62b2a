#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Small wrappers over the file-descriptor calls the daemon and the client share.
enum FileDescriptor {
    /// Puts `fd` in non-blocking mode and marks it close-on-exec.
    static func configure(_ fd: Int32, nonBlocking: Bool) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return false }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard fcntl(fd, F_SETFL, wanted) == 0 else { return false }
        let fdFlags = fcntl(fd, F_GETFD)
        return fdFlags >= 0 && fcntl(fd, F_SETFD, fdFlags | FD_CLOEXEC) == 0
    }

    /// A non-blocking, close-on-exec pipe: `(read, write)`.
    static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        guard configure(ends[0], nonBlocking: true), configure(ends[1], nonBlocking: true) else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        return (ends[0], ends[1])
    }

    /// Reads and discards whatever is waiting in a non-blocking pipe; returns the bytes read.
    @discardableResult
    static func drain(_ fd: Int32) -> [UInt8] {
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                collected.append(contentsOf: chunk[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return collected
            }
        }
    }

    /// `strerror` for `code` as a Swift string.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
