import ChartData
import Foundation
import FuzzSupport

/// libFuzzer entry: arbitrary bytes as a Vega-Lite subset spec at `site/charts/fuzz.vl.json`.
/// `data.url` may name any `.csv` or `.json`: the example site's data files get the heads of
/// the real files (so the example specs in the seed corpus load and go deep), anything else a
/// small mixed table. Either a chart that can be described and spoken, or a located problem.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    do {
        let chart = try ChartLoader.loadSpec(data: bytes, path: "site/charts/fuzz.vl.json", readFile: dataFile)
        exercise(chart)
    } catch {
        checkProblem(error)
    }
    return 0
}

private func dataFile(_ path: String) throws -> Data {
    precondition(path.hasPrefix("site/") && !path.split(separator: "/").contains(".."), "data path stays in the site: \(path)")
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    if let known = dataFiles[name] { return known }
    if path.hasSuffix(".csv") { return dataFiles["mixed.csv"]! }
    if path.hasSuffix(".json") { return dataFiles["mixed.json"]! }
    throw CocoaError(.fileReadNoSuchFile)
}

private let dataFiles: [String: Data] = [
    "iowa-electricity.csv": Data("""
        year,source,net_generation
        2001-01-01,Fossil Fuels,35361
        2002-01-01,Fossil Fuels,35991
        2003-01-01,Fossil Fuels,36234
        2001-01-01,Nuclear Energy,3853
        2002-01-01,Nuclear Energy,4574
        2003-01-01,Nuclear Energy,3988
        2001-01-01,Renewables,1437
        2002-01-01,Renewables,1963
        2003-01-01,Renewables,1885

        """.utf8),
    "seattle-weather.csv": Data("""
        date,precipitation,temp_max,temp_min,wind,weather
        2012/01/01,0.0,12.8,5.0,4.7,drizzle
        2012/01/02,10.9,10.6,2.8,4.5,rain
        2012/01/03,0.8,11.7,7.2,2.3,rain
        2012/01/04,20.3,12.2,5.6,4.7,rain
        2012/02/05,1.3,8.9,2.8,6.1,rain
        2013/01/06,2.5,4.4,2.2,2.2,sun

        """.utf8),
    "mixed.csv": Data("""
        date,temp_max,temp_min,weather,year
        2012-01-01,12.8,5,drizzle,2001
        2012-01-02,10.6,2.8,rain,2002
        2012-01-03,,7.2,rain,2003
        2012-01-04,12.2,NA,sun,2004

        """.utf8),
    "mixed.json": Data(#"[{"a":"A","b":28,"t":"2001-01-01"},{"a":"B","b":55,"t":"2002-01-01"},{"a":"C","b":null,"t":"2003-01-01"},{"a":"A","b":-3.5e2,"t":"2004-01-01"}]"#.utf8),
]
