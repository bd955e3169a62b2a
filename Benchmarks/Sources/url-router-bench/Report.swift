/// One measured figure, printed as one line as soon as it is known and kept for the table.
struct Figure {
    /// What was measured, e.g. "match, all lookups".
    let name: String
    /// The route count, or nil for figures that do not depend on it.
    let routeCount: Int?
    let value: Double
    let unit: String
    /// The comparison the ratio is against, e.g. "routing-kit ÷ this router".
    var comparison: String? = nil
    var ratio: Double? = nil
    /// A target and whether the ratio (or value) meets it.
    var target: String? = nil
    var met: Bool? = nil
}

/// Collects figures, prints each as a line, and prints the README table and target summary.
final class Report {
    private(set) var figures: [Figure] = []
    private var failures: [String] = []

    func add(_ figure: Figure) {
        figures.append(figure)
        var line = figure.name.padding(48) + " N=" + (figure.routeCount.map(grouped) ?? "-").padding(8)
        line += " " + (format(figure.value) + " " + figure.unit).padding(18)
        if let comparison = figure.comparison, let ratio = figure.ratio {
            line += " \(comparison) = \(format(ratio))×"
        }
        if let target = figure.target, let met = figure.met {
            line += "  [target \(target): \(met ? "met" : "NOT met")]"
        }
        print(line)
    }

    func fail(_ problem: String) {
        failures.append(problem)
        print("CHECK FAILED: \(problem)")
    }

    var failed: Bool { !failures.isEmpty }

    /// A markdown table: one row per figure name, one column per route count.
    func markdownTable() -> String {
        let counts = Array(Set(figures.compactMap(\.routeCount))).sorted()
        var names: [String] = []
        for figure in figures where figure.routeCount != nil && !names.contains(figure.name) {
            names.append(figure.name)
        }
        var lines: [String] = []
        if !counts.isEmpty {
            lines.append("| figure | " + counts.map { "N = \(grouped($0))" }.joined(separator: " | ") + " |")
            lines.append("|---|" + counts.map { _ in "---:" }.joined(separator: "|") + "|")
        }
        for name in names {
            let cells = counts.map { count -> String in
                guard let figure = figures.first(where: { $0.name == name && $0.routeCount == count }) else {
                    return ""
                }
                return cell(figure)
            }
            lines.append("| \(name) | " + cells.joined(separator: " | ") + " |")
        }
        let single = figures.filter { $0.routeCount == nil }
        if !single.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("| figure | value |")
            lines.append("|---|---:|")
            for figure in single { lines.append("| \(figure.name) | \(cell(figure)) |") }
        }
        return lines.joined(separator: "\n")
    }

    /// Every figure that carries a target, met or not.
    func targetSummary() -> String {
        figures.filter { $0.target != nil }.map { figure in
            let place = figure.routeCount.map { " at N = \(grouped($0))" } ?? ""
            return
                "\(figure.met == true ? "met    " : "NOT met") \(figure.name)\(place): \(format(figure.value)) \(figure.unit)\(figure.ratio.map { ", \(figure.comparison ?? "ratio") = \(format($0))×" } ?? "") (target \(figure.target!))"
        }.joined(separator: "\n")
    }

    private func cell(_ figure: Figure) -> String {
        var text = "\(format(figure.value)) \(figure.unit)"
        if let ratio = figure.ratio { text += " (\(format(ratio))×)" }
        return text
    }
}

/// 1,234,567 with thousands separators.
func grouped(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, character) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return result
}

/// Three significant figures, or whole numbers from 100 up.
func format(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if abs(value) >= 100 { return grouped(Int(value.rounded())) }
    if abs(value) >= 10 { return String(Double(Int((value * 10).rounded())) / 10) }
    return String(Double(Int((value * 100).rounded())) / 100)
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
