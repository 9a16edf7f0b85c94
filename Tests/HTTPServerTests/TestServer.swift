import Foundation
import HTTPServer
import RawHTTPClient

/// Starts a server on an ephemeral loopback port for one test, and always stops it.
func withServer<T>(
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handler: @escaping HTTPServer.Handler,
    _ body: (HTTPServer) throws -> T
) throws -> T {
    let configuration = testServerConfiguration(configure)
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    defer { server.stop(gracePeriod: .seconds(2)) }
    return try body(server)
}

/// A handler answering "hello" for every path, with a header naming the path and method.
func echoHandler() throws -> HTTPServer.Handler {
    let hello = ResponseBody("hello\n")
    return { request in
        let method = request.method == .head ? "HEAD" : "GET"
        return (try? HTTPResponse(
            status: 200, body: hello,
            headers: [("Content-Type", "text/plain"), ("X-Path", request.path), ("X-Method", method)]))!
    }
}
