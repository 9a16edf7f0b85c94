/// Content types of the files the generator writes.
enum ContentType {
    static let html = "text/html; charset=utf-8"
    static let css = "text/css; charset=utf-8"
    static let javascript = "text/javascript; charset=utf-8"
    static let csv = "text/csv; charset=utf-8"
    static let ogg = "audio/ogg"
}
