import Foundation
import Testing
import URLRouter

struct BadTable: Sendable, CustomTestStringConvertible {
    var name: String
    var json: String
    var issues: [String]
    var testDescription: String { name }
}

private let row = #"{"pattern": "a://b", "target": "T", "action": "x"}"#

@Suite struct MediatorRouteTableTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func linesEndAtAnyLineBreak(_ lineBreak: String) throws {
        let lines = ["[", #"{"pattern": "a://b", "target": "T", "action": "x"},"#, "", #"{"pattern": "a://c"}"#, "]"]
        let error = try #require(throws: RouteTableError.self) {
            try RouteTableRow.parse(lines.joined(separator: lineBreak))
        }
        #expect(error.issues.map(\.line) == [4, 4], "\(error)")
    }

    @Test func readsEveryFieldWithRowAndLine() throws {
        let json = """
            [
              { "pattern": "shop://item/:id", "target": "Shop", "action": "itemView" },

              {
                "pattern": "shop://admin",
                "target": "Shop",
                "action": "admin",
                "priority": -3,
                "access": "internal"
              },
              {"pattern": "caf\\u00e9://x/\\ud83d\\ude00", "target": "T", "action": "a\\/b", "access": "public", "priority": 0}
            ]
            """
        let rows = try RouteTableRow.parse(json)
        #expect(
            rows == [
                RouteTableRow(pattern: "shop://item/:id", target: "Shop", action: "itemView", row: 1, line: 2),
                RouteTableRow(
                    pattern: "shop://admin", target: "Shop", action: "admin", priority: -3,
                    access: .internal, row: 2, line: 4),
                RouteTableRow(pattern: "café://x/😀", target: "T", action: "a/b", row: 3, line: 11),
            ])
    }

    @Test(arguments: [
        ("[]", 0),
        ("\u{FEFF}[\r\n\(row)\r\n]", 1),
        (" \t[\(row),\(row)] \n", 2),
    ])
    func readsSmallTables(json: String, count: Int) throws {
        #expect(try RouteTableRow.parse(json).count == count)
        #expect(try RouteTableRow.parse(Data(json.utf8)).count == count)
    }

    static let badTables: [BadTable] = [
        BadTable(name: "empty", json: "", issues: ["line 1: the file is empty"]),
        BadTable(name: "blank", json: "  \n\n ", issues: ["line 3: the file is empty"]),
        BadTable(
            name: "object root", json: "\n{}",
            issues: [
                "line 2: a route table is a JSON array of rows, found an object"
            ]),
        BadTable(name: "text after", json: "[]\nx", issues: ["line 2: unexpected text after the end"]),
        BadTable(
            name: "missing comma", json: "[\n\(row),\n{\"pattern\": \"b\" \"target\": \"T\"}\n]",
            issues: [
                #"row 2, line 3: expected ',' or '}' after the value of "pattern", found '"'"#
            ]),
        BadTable(
            name: "comma before ]", json: "[\n\(row),\n]",
            issues: [
                "row 2, line 3: a comma must not come before ']'"
            ]),
        BadTable(
            name: "comma before }", json: "[\n{\"pattern\": \"a://b\",\n}]",
            issues: [
                "row 1, line 3: a comma must not come before '}'"
            ]),
        BadTable(
            name: "not closed", json: "[\n{\"pattern\": \"a\"",
            issues: [
                #"row 1, line 2: expected ',' or '}' after the value of "pattern", found the end of the file"#
            ]),
        BadTable(
            name: "string not closed", json: "[\n\n{\"pattern\": \"a",
            issues: [
                "row 1, line 3: a string is not closed"
            ]),
        BadTable(
            name: "bare word", json: "[\(row), shop]",
            issues: [
                "row 2, line 1: expected a value, found 's'"
            ]),
        BadTable(
            name: "single quotes", json: "[{'pattern': 1}]",
            issues: [
                "row 1, line 1: expected a field name in double quotes, found '''"
            ]),
        BadTable(
            name: "control character", json: "[{\"pattern\": \"a\tb\"}]",
            issues: [
                "row 1, line 1: a string holds a control character; write it as an escape"
            ]),
        BadTable(
            name: "unknown escape", json: #"[{"pattern": "a\xb"}]"#,
            issues: [
                #"row 1, line 1: unknown escape after \: 'x'"#
            ]),
        BadTable(
            name: "short unicode escape", json: #"[{"pattern": "\u12"}]"#,
            issues: [
                #"row 1, line 1: a \u escape needs four hex digits"#
            ]),
        BadTable(
            name: "lone surrogate", json: #"[{"pattern": "\ud800x"}]"#,
            issues: [
                #"row 1, line 1: a \u escape is half a surrogate pair"#
            ]),
        BadTable(
            name: "bad number", json: "[{\"priority\": 1.}]",
            issues: [
                "row 1, line 1: expected digits after '.', found '}'"
            ]),
        BadTable(
            name: "deep", json: String(repeating: "[", count: 40),
            issues: [
                "row 1, line 1: values nest deeper than 32"
            ]),
        BadTable(
            name: "row not object", json: "[\n\(row),\n\"shop://x\"]",
            issues: [
                "row 2, line 3: a row is an object with \"pattern\", \"target\" and \"action\", found a string"
            ]),
        BadTable(
            name: "misspelt field", json: "[\n{\n\"patern\": \"a://b\",\n\"target\": \"T\", \"action\": \"x\"}]",
            issues: [
                #"row 1, line 2: missing field "pattern""#,
                #"row 1, line 3: unknown field "patern"; a row has "pattern", "target", "action", "priority", "access", "origins""#,
            ]),
        BadTable(
            name: "in file order within a row",
            json: "[{\n\"target\": 1,\n\"pattern\": \"a://b\",\n\"bogus\": true},\n"
                + "{\"pattern\": \"a://c\",\n\"action\": \"x\",\n\"priorty\": 3}]",
            issues: [
                #"row 1, line 1: missing field "action""#,
                #"row 1, line 2: field "target" must be a string, found a number"#,
                #"row 1, line 4: unknown field "bogus"; a row has "pattern", "target", "action", "priority", "access", "origins""#,
                #"row 2, line 5: missing field "target""#,
                #"row 2, line 7: unknown field "priorty"; a row has "pattern", "target", "action", "priority", "access", "origins""#,
            ]),
        BadTable(
            name: "missing fields", json: "[\(row),\n{\"pattern\": \"a://b\"}]",
            issues: [
                #"row 2, line 2: missing field "target""#, #"row 2, line 2: missing field "action""#,
            ]),
        BadTable(
            name: "twice", json: "[{\"pattern\": \"a://b\", \"target\": \"T\",\n\"target\": \"U\", \"action\": \"x\"}]",
            issues: [
                #"row 1, line 2: field "target" appears twice"#
            ]),
        BadTable(
            name: "mistyped strings", json: "[{\"pattern\": [], \"target\": 3, \"action\": null}]",
            issues: [
                #"row 1, line 1: field "pattern" must be a string, found an array"#,
                #"row 1, line 1: field "target" must be a string, found a number"#,
                #"row 1, line 1: field "action" must be a string, found null"#,
            ]),
        BadTable(
            name: "empty and padded", json: "[{\"pattern\": \"\", \"target\": \" Shop\", \"action\": \"x \"}]",
            issues: [
                #"row 1, line 1: field "pattern" is empty"#,
                #"row 1, line 1: field "target" starts or ends with white space: " Shop""#,
                #"row 1, line 1: field "action" starts or ends with white space: "x ""#,
            ]),
        BadTable(
            name: "mistyped priorities",
            json: """
                [{"pattern": "a://b", "target": "T", "action": "x", "priority": "5"},
                 {"pattern": "a://b", "target": "T", "action": "x", "priority": 1.5},
                 {"pattern": "a://b", "target": "T", "action": "x", "priority": true},
                 {"pattern": "a://b", "target": "T", "action": "x", "priority": 1e2},
                 {"pattern": "a://b", "target": "T", "action": "x", "priority": 99999999999999999999},
                 {"pattern": "a://b", "target": "T", "action": "x", "priority": 3000000000}]
                """,
            issues: [
                #"row 1, line 1: field "priority" must be an integer, found a string"#,
                #"row 2, line 2: field "priority" must be a 32-bit integer, without fraction or exponent, found "1.5""#,
                #"row 3, line 3: field "priority" must be an integer, found a boolean"#,
                #"row 4, line 4: field "priority" must be a 32-bit integer, without fraction or exponent, found "1e2""#,
                #"row 5, line 5: field "priority" must be a 32-bit integer, without fraction or exponent, found "99999999999999999999""#,
                #"row 6, line 6: field "priority" must be a 32-bit integer, without fraction or exponent, found "3000000000""#,
            ]),
        BadTable(
            name: "mistyped access",
            json: """
                [{"pattern": "a://b", "target": "T", "action": "x", "access": "private"},
                 {"pattern": "a://b", "target": "T", "action": "x", "access": 1},
                 {"pattern": "a://b", "target": "T", "action": "x", "access": "Public"}]
                """,
            issues: [
                #"row 1, line 1: field "access" must be "public" or "internal", found "private""#,
                #"row 2, line 2: field "access" must be "public" or "internal", found a number"#,
                #"row 3, line 3: field "access" must be "public" or "internal", found "Public""#,
            ]),
        BadTable(
            name: "good rows around bad ones", json: "[\n\(row),\n{\"target\": \"T\", \"action\": \"x\"},\n\(row)\n]",
            issues: [
                #"row 2, line 3: missing field "pattern""#
            ]),
    ]

    @Test(arguments: badTables)
    func reportsEveryProblemWithRowAndLine(_ table: BadTable) {
        #expect(throws: RouteTableError.self) { try RouteTableRow.parse(table.json) }
        do {
            _ = try RouteTableRow.parse(table.json)
        } catch {
            #expect(error.issues.map(\.description) == table.issues)
            let expected =
                table.issues.count == 1
                ? "Route table rejected: " + table.issues[0]
                : "Route table rejected:" + table.issues.map { "\n  " + $0 }.joined()
            #expect(error.description == expected)
        }
    }

    @Test func rejectsInvalidUTF8() {
        let data = Data([0x5B, 0x0A, 0x22, 0xFF, 0x22, 0x5D])
        #expect(throws: RouteTableError(issues: [.init(row: 1, line: 2, message: "a string is not valid UTF-8")])) {
            try RouteTableRow.parse(data)
        }
        // A byte that is never UTF-8, early in the file, is not taken for UTF-16.
        let notUTF16 = RouteTableError(issues: [.init(row: 1, line: 1, message: "expected a value, found byte 255")])
        #expect(throws: notUTF16) { try RouteTableRow.parse(Data([0x5B, 0xFF, 0x5D])) }
    }

    /// A UTF-8 byte order mark is passed over; UTF-16, with its mark or without, is no route table.
    @Test func readsUTF8WithAByteOrderMarkButNotUTF16() throws {
        let json = #"[{"pattern": "shop://cart", "target": "Shop", "action": "cart"}]"#
        #expect(try RouteTableRow.parse(Data([0xEF, 0xBB, 0xBF] + Array(json.utf8))).map(\.pattern) == ["shop://cart"])
        for utf16 in [Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!, json.data(using: .utf16BigEndian)!] {
            let message = "the file is not UTF-8 (it looks like UTF-16); a route table is UTF-8"
            #expect(throws: RouteTableError(issues: [.init(row: nil, line: 1, message: message)])) {
                try RouteTableRow.parse(utf16)
            }
        }
    }
}
