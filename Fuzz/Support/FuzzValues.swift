/// Values for typed placeholders.
enum FuzzValues {
    /// A value every built-in type of that name accepts.
    static func valid(_ type: String) -> String {
        switch type {
        case "int": return "42"
        case "double": return "-1.5e3"
        case "bool": return "true"
        case "uuid": return "123E4567-e89b-12d3-a456-426614174000"
        default: return "v"
        }
    }

    /// A value of `type` chosen by the input: mostly valid ones, of varied form.
    static func value(_ type: String, _ input: inout FuzzInput) -> String {
        switch type {
        case "int": return input.pick(["0", "-1", "+7", "9223372036854775807", "-9223372036854775808", "0042", "1"])
        case "double": return input.pick(["0", "1.", ".5", "-2.5e-3", "1E10", "+3.25", "7"])
        case "bool": return input.pick(["true", "false", "1", "0"])
        case "uuid": return input.pick(["123e4567-e89b-12d3-a456-426614174000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"])
        default: return "v"
        }
    }
}
