import Foundation

extension UnsafeMutablePointer {
    /// `count` elements whose bytes are all zero, from `calloc`, for tables in which all-zero
    /// bits mean "empty". Release them with `free`.
    package static func allocateZeroed(count: Int) -> UnsafeMutablePointer<Pointee> {
        guard let memory = calloc(count, MemoryLayout<Pointee>.stride) else {
            fatalError("cannot allocate \(count) × \(MemoryLayout<Pointee>.stride) bytes")
        }
        return memory.bindMemory(to: Pointee.self, capacity: count)
    }
}
