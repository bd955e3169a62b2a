/// A typed Target-Action call: names its target and action, declares its parameters as fields and its result as
/// `Response`. It replaces the hand-written dictionary packing and unpacking of a CTMediator-style category.
///
/// ```swift
/// extension ShopItemView {
///     public struct Request: MediatorRequest {
///         public typealias Response = ShopItemView
///         public static let target = "Shop"
///         public static let action = "itemView"
///         public var id: Int
///         public var ref: String?
///         public init(id: Int, ref: String? = nil) { (self.id, self.ref) = (id, ref) }
///     }
/// }
///
/// var actions: [String: MediatorAction] {   // the target's side
///     [ShopItemView.Request.action: ShopItemView.Request.handler { request in ShopItemView(id: request.id) }]
/// }
///
/// let view = try mediator.perform(ShopItemView.Request(id: 42))   // a caller's side: a ShopItemView
/// ```
///
/// The fields follow the rules of ``URLRoute`` fields: `String`, integers, `Double`, `Bool`, `UUID`, raw-value enums,
/// optionals and arrays of these. A typed call hands the action the value itself; a URL call
/// (`app://Shop/itemView?id=42`), a bridged route and an untyped call hand it strings (or native values), which the
/// action decodes with the same decoder as typed routes. A URL call's parameters keep the last of repeated query items,
/// so an array field reads one element from it; the typed bridge,
/// ``Router/register(_:origins:request:on:priority:access:replacing:)``, reads them all.
public protocol MediatorRequest: Codable, Sendable {
    /// What the action returns.
    associatedtype Response
    /// The target's name, as ``MediatorTarget/targetName``.
    ///
    /// ```swift
    /// static let target = "Shop"
    /// ```
    static var target: String { get }
    /// The action's name in the target's ``MediatorTarget/actions``.
    ///
    /// ```swift
    /// static let action = "itemView"
    /// ```
    static var action: String { get }
}

extension MediatorRequest {
    /// The body of this request's action, for a target's ``MediatorTarget/actions``: `body`
    /// receives the request, whichever way the call came.
    ///
    /// ```swift
    /// [ShopItemView.Request.action: ShopItemView.Request.handler { request in ShopItemView(id: request.id) }]
    /// ```
    ///
    /// Parameters that do not decode (`app://Shop/itemView?id=abc`), and a field given a value with no text (a
    /// `Date`, a dictionary), fail the call with `.invalidParameter` naming the field; `body` does not run. JSON's
    /// `null` (`NSNull`) and a nil optional are no value: an optional field reads nil.
    public static func handler(_ body: @escaping (Self) -> Response) -> MediatorAction {
        { params in
            if let request = params[Mediator.typedRequestKey] as? Self { return body(request) }
            let params = params.filter { !DictionaryValues.isAbsent($0.value) }
            do {
                let bad = params.compactMapValues { ($0 as? [Any] ?? [$0]).first { DictionaryValues.text($0) == nil } }
                for name in bad.isEmpty ? [] : RouteFields(Self.self).names.sorted() where bad[name] != nil {
                    let value = DictionaryValues.isAbsent(bad[name]!) ? "null" : "a \(type(of: bad[name]!))"
                    throw UnsupportedField(field: name, type: "\(value), which has no text")
                }
                return body(try ParameterDecoder.decode(Self.self, from: DictionaryValues(dictionary: params)))
            } catch {
                let message = "Parameters of \(quotedName) do not decode: \(error)."
                return TypedActionFailure(error: RouteError(.invalidParameter, message))
            }
        }
    }

    /// `"Target.action"`, quoted, for messages.
    static var quotedName: String { RouteError.quoted("\(target).\(action)") }
}

/// What a typed action returns instead of a value when its parameters do not decode; the
/// mediator turns it into the call's failure.
struct TypedActionFailure { let error: RouteError }

extension Mediator {
    /// Where a typed call puts the request itself among the parameters.
    static let typedRequestKey = "mediator.typedRequest"

    /// An action's value as a call's result: a typed action's failure fails the call.
    static func result(of value: Any?) -> Result<Any?, RouteError> {
        if let failure = value as? TypedActionFailure { return .failure(failure.error) }
        return .success(value)
    }
}
