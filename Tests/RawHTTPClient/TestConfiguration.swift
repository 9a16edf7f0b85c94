import HTTPServer
import Logging

/// The server configuration every server test starts from: an ephemeral loopback port, two
/// threads, a 5 s idle timeout, no logging; `configure` changes the rest.
public func testServerConfiguration(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.threads = 2
    configuration.connectionTimeoutSeconds = 5
    configuration.logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
    configure(&configuration)
    return configuration
}
