#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `open`, `connect` and `write` under names no Demo type declares. Inside
/// `ListeningSocket.open`, `UnixSocket.connect` and `LogLine.write` the plain names mean the
/// type's own methods, and the module that would qualify them differs by platform.
enum SystemCall {
    static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        open(path, flags, mode)
    }

    static func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        connect(fd, address, length)
    }

    static func writeBytes(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        write(fd, bytes, count)
    }
}
