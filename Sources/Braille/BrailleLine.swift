/// A series drawn in Unicode braille for a refreshable braille display: each dot column of a
/// cell is one column of points (the mean of the points it covers), shown as one dot at its
/// height in four levels from the series' lowest value (bottom dot, dot 7 or 8) to its highest
/// (top dot, dot 1 or 4); a column without data has no dot. The cursor's column is drawn as a
/// full column of four dots, so a finger finds it at once.
///
/// At most `maxColumns` columns (20 cells): a series of up to 40 points has a column for each
/// point; a longer one is divided into 40 columns of consecutive points.
public struct BrailleLine: Equatable, Sendable {
    public static let maxColumns = 40

    /// The line without a cursor, one character (U+2800…U+28FF) per cell.
    public let cells: String
    /// For each column, its cell with the cursor drawn in that column.
    public let cursorCells: [String]
    /// For each column, the index of its first point (ascending; the first is 0).
    public let starts: [Int]

    /// Dot bits of a cell's left and right column, from the lowest level to the highest
    /// (dots 7, 3, 2, 1 and 8, 6, 5, 4; U+2800 + bits is the pattern).
    static let dots: [[UInt32]] = [[0x40, 0x04, 0x02, 0x01], [0x80, 0x20, 0x10, 0x08]]

    public init(values: [Double?], maxColumns: Int = BrailleLine.maxColumns) {
        let count = values.count
        let columns = min(count, max(2, maxColumns))
        let starts = (0..<columns).map { $0 * count / max(1, columns) }
        let means: [Double?] = starts.indices.map { c in
            let end = c + 1 < columns ? starts[c + 1] : count
            let present = values[starts[c]..<end].compactMap { $0 }.filter(\.isFinite)
            return present.isEmpty ? nil : present.reduce(0, +) / Double(present.count)
        }
        let known = means.compactMap { $0 }
        let low = known.min() ?? 0, high = known.max() ?? 0
        let levels: [Int?] = means.map { mean in
            guard let mean else { return nil }
            guard high > low else { return 1 }   // a flat series: a line just above the bottom
            return min(3, Int((mean - low) / (high - low) * 4))
        }
        func bits(_ column: Int, cursor: Bool) -> UInt32 {
            let side = Self.dots[column % 2]
            if cursor { return side.reduce(0, |) }
            return levels[column].map { side[$0] } ?? 0
        }
        func cell(_ index: Int, cursorColumn: Int?) -> String {
            var pattern: UInt32 = 0
            for column in [index * 2, index * 2 + 1] where column < columns {
                pattern |= bits(column, cursor: column == cursorColumn)
            }
            return String(Unicode.Scalar(0x2800 + pattern)!)
        }
        let cellCount = (columns + 1) / 2
        cells = (0..<cellCount).map { cell($0, cursorColumn: nil) }.joined()
        cursorCells = (0..<columns).map { cell($0 / 2, cursorColumn: $0) }
        self.starts = starts
    }

    /// The column showing point `index` (0 for an empty series).
    public func column(ofPoint index: Int) -> Int {
        var column = 0
        while column + 1 < starts.count, starts[column + 1] <= index { column += 1 }
        return column
    }

    /// The line with the cursor on point `index`.
    public func text(cursorAt index: Int) -> String {
        guard !cursorCells.isEmpty else { return cells }
        let column = column(ofPoint: index)
        var characters = Array(cells)
        characters[column / 2] = Character(cursorCells[column])
        return String(characters)
    }
}
