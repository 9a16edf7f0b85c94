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

/// Sends `request` byte for byte on its own connection to an echo server: the response, and
/// whether the server closed the connection after it.
func exchangeAlone(_ request: String) throws -> (response: RawResponse, closed: Bool) {
    try withServer(handler: try echoHandler()) { server in
        let connection = try RawConnection(port: server.port)
        try connection.send(request)
        let response = try connection.readResponse(head: request.hasPrefix("HEAD"))
        return (response, connection.waitForClose())
    }
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
