public import DeparturesCore
public import HTTPFetch
import SystemFiles
import FeedKit

/// What a `kind: siri` source asks for, and how: SIRI Lite's GET with the request's
/// elements as query parameters, a `ServiceRequest` document POSTed, as classic servers want,
/// or the SIRI WSDL's `GetStopMonitoring` in a SOAP 1.1 envelope, as SOAP-only servers want.
public struct SIRIRequest: Sendable, Equatable {
    public enum Method: String, Sendable, Equatable, CaseIterable {
        case get, post, soap
    }

    /// The endpoint, perhaps with a query of its own.
    public var url: String
    /// The `MonitoringRef`: the stop, or the stop point, to watch.
    public var stopID: String
    public var lineRef: String?
    /// How far ahead visits are wanted (`PreviewInterval`); nil: the server's default.
    public var previewInterval: Duration?
    public var method: Method
    /// Who asks. A `ServiceRequest` must name someone, so a POST says `departure-board`
    /// unless the board names itself; a GET sends it only when set.
    public var requestorRef: String?

    public init(
        url: String, stopID: String, lineRef: String? = nil, previewInterval: Duration? = nil,
        method: Method = .get, requestorRef: String? = nil
    ) {
        self.url = url
        self.stopID = stopID
        self.lineRef = lineRef
        self.previewInterval = previewInterval
        self.method = method
        self.requestorRef = requestorRef
    }

    static let defaultRequestor = "departure-board"

    /// The request URL without any key: what logs and errors name.
    public var plainURL: String {
        guard method == .get else { return url }
        var parameters = [("MonitoringRef", stopID)]
        if let lineRef { parameters.append(("LineRef", lineRef)) }
        if let previewInterval { parameters.append(("PreviewInterval", Self.isoDuration(previewInterval))) }
        if let requestorRef { parameters.append(("RequestorRef", requestorRef)) }
        return SourceURL.appending(parameters, to: url)
    }

    /// `PT60M` for an hour: whole minutes as minutes, anything else in seconds.
    static func isoDuration(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 60 == 0 ? "PT\(seconds / 60)M" : "PT\(seconds)S"
    }

    /// The POSTed document at `now`: what the standard requires of a `ServiceRequest`
    /// (its timestamp and requestor) and of a `StopMonitoringRequest` (its timestamp and
    /// `MonitoringRef`), in the schema's order, and the board's optional parts.
    public func serviceRequest(at now: Date, calendar: ServiceDayCalendar) -> HTTPRequest.Body {
        let stamp = TimeText.iso8601(now, in: calendar.zone)
        let monitoring = ["<RequestTimestamp>\(stamp)</RequestTimestamp>"] + monitoringElements(prefix: "")
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <Siri xmlns="http://www.siri.org.uk/siri" version="2.0">
            <ServiceRequest>
            <RequestTimestamp>\(stamp)</RequestTimestamp>
            <RequestorRef>\(MarkupText.escaped(requestorRef ?? Self.defaultRequestor))</RequestorRef>
            <StopMonitoringRequest version="2.0">
            \(monitoring.joined(separator: "\n"))
            </StopMonitoringRequest>
            </ServiceRequest>
            </Siri>

            """
        return HTTPRequest.Body(contentType: "text/xml; charset=utf-8", bytes: Array(document.utf8))
    }

    /// The SOAP form at `now` (the SIRI WSDL's document-literal operation): the same request,
    /// its info and request parts unqualified, their contents in the SIRI namespace, each with
    /// a `MessageIdentifier`, as SOAP servers require to match an answer to its request.
    public func soapRequest(at now: Date, calendar: ServiceDayCalendar) -> HTTPRequest.Body {
        let stamp = TimeText.iso8601(now, in: calendar.zone)
        let message = "\(MarkupText.escaped(requestorRef ?? Self.defaultRequestor)):SM:\(Int64(now.timeIntervalSince1970))"
        let monitoring =
            [
                "<siri:RequestTimestamp>\(stamp)</siri:RequestTimestamp>",
                "<siri:MessageIdentifier>\(message)</siri:MessageIdentifier>",
            ] + monitoringElements(prefix: "siri:")
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/">
            <S:Body>
            <sw:GetStopMonitoring xmlns:sw="http://wsdl.siri.org.uk" xmlns:siri="http://www.siri.org.uk/siri">
            <ServiceRequestInfo>
            <siri:RequestTimestamp>\(stamp)</siri:RequestTimestamp>
            <siri:RequestorRef>\(MarkupText.escaped(requestorRef ?? Self.defaultRequestor))</siri:RequestorRef>
            <siri:MessageIdentifier>\(message)</siri:MessageIdentifier>
            </ServiceRequestInfo>
            <Request version="2.0">
            \(monitoring.joined(separator: "\n"))
            </Request>
            <RequestExtension/>
            </sw:GetStopMonitoring>
            </S:Body>
            </S:Envelope>

            """
        return HTTPRequest.Body(contentType: "text/xml; charset=utf-8", bytes: Array(document.utf8))
    }

    /// What both documents ask of a `StopMonitoringRequest`, in the schema's order: the
    /// board's preview interval, the stop, the line.
    private func monitoringElements(prefix: String) -> [String] {
        func element(_ name: String, _ text: String) -> String { "<\(prefix)\(name)>\(MarkupText.escaped(text))</\(prefix)\(name)>" }
        return [
            previewInterval.map { element("PreviewInterval", Self.isoDuration($0)) }, element("MonitoringRef", stopID),
            lineRef.map { element("LineRef", $0) },
        ].compactMap { $0 }
    }

    /// SOAP 1.1 names the operation in a header too.
    static let soapAction = HTTPHeader(name: "SOAPAction", value: "\"GetStopMonitoring\"")
}
