import CodingCore
import Foundation

// AtomicWriteHelper PATH SIZE FILL [--stall]: writes SIZE bytes of the byte FILL to PATH through
// AtomicFile's producer closure, 64 KiB at a time. With --stall it stops after the first 64 KiB
// and waits to be killed: a writer caught mid-write, for the tests of stale temporary files.
// Exit status: 0 written, 1 the write failed (the reason on standard error), 2 wrong arguments.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 3, let size = Int(arguments[arguments.startIndex + 1]),
    let fill = UInt8(arguments[arguments.startIndex + 2])
else {
    FileHandle.standardError.write(Data("usage: AtomicWriteHelper PATH SIZE FILL [--stall]\n".utf8))
    exit(2)
}
let path = URL(fileURLWithPath: arguments[arguments.startIndex])
let stalls = arguments.contains("--stall")
let chunk = Data(repeating: fill, count: 64 * 1024)

do {
    try AtomicFile.write(to: path) { output in
        var written = 0
        while written < size {
            let count = min(chunk.count, size - written)
            try output.write(chunk.prefix(count))
            written += count
            while stalls { sleep(60) }
        }
    }
} catch {
    FileHandle.standardError.write(Data("AtomicWriteHelper: \(error)\n".utf8))
    exit(1)
}
