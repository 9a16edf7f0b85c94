/// Headers on every response the site server sends (no Server banner: libmicrohttpd adds none).
public enum SecurityHeaders {
    public static let contentSecurityPolicy =
        "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    public static let all: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]
}
