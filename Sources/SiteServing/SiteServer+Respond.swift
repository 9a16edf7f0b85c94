import HTTPServer

extension SiteServer {
    /// The response for one request against one site snapshot.
    static func respond(to request: HTTPRequest, table: SiteTable) -> HTTPResponse {
        guard let key = RequestPath.routeKey(request.path) else { return table.badRequest }
        let file: ServedFile
        if let found = table.routes[key] {
            file = found
        } else if let chart = table.negotiated[key] {
            switch chart.choose(request) {  // Accept, Accept-Language (NegotiatedChart)
            case .success(let variant): file = variant
            case .failure(let refusal): return refusal.response
            }
        } else {
            if key == SiteServer.versionPath, let version = table.version { return version }
            return table.notFound
        }
        // The gzip representation when the file has one and the client takes it.
        let gzip = file.gzip != nil && acceptsGzip(request.header("Accept-Encoding")) ? file.gzip : nil

        if let condition = request.header("If-None-Match") {
            if let gzip, matches(condition, gzip.etag) { return gzip.notModified }
            if matches(condition, file.identity.etag) { return file.identity.notModified }
        }

        if request.method == .get, let rangeHeader = request.header("Range") {
            let ifRange = request.header("If-Range")
            if ifRange == nil || ifRange == file.identity.etag {
                switch ByteRange.parse(rangeHeader, length: file.body.count) {
                case .satisfiable(let range):
                    if let partial = try? file.partial(range) { return partial }
                case .unsatisfiable:
                    return file.unsatisfiable
                case .ignored:
                    break
                }
            }
        }
        return gzip?.response ?? file.identity.response
    }

    /// `If-None-Match`: `*` or a list of entity tags, compared weakly (RFC 9110 §13.1.2).
    static func matches(_ header: String, _ etag: String) -> Bool {
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingSpaces()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == etag { return true }
        }
        return false
    }

    /// `Accept-Encoding` names gzip (or `*`) with a non-zero quality.
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces().lowercased(), coding == "gzip" || coding == "x-gzip" || coding == "*" else {
                continue
            }
            let zero = parts.dropFirst().contains { parameter in
                let text = parameter.trimmingSpaces().lowercased()
                return text == "q=0" || text == "q=0.0" || text == "q=0.00" || text == "q=0.000"
            }
            return !zero
        }
        return false
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
