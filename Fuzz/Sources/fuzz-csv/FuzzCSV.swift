import ChartData
import Foundation
import FuzzSupport

/// libFuzzer entry: arbitrary bytes as a bare CSV chart (`site/charts/fuzz.csv`).
/// Either a chart that can be described and spoken, or a located `ChartProblem`; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        exercise(try ChartLoader.loadCSV(data: bytes, path: "site/charts/fuzz.csv"))
    } catch {
        checkProblem(error)
    }
    return 0
}
