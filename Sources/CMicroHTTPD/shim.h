#ifndef PITCHLINE_CMICROHTTPD_SHIM_H
#define PITCHLINE_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/memfd.h>
#include <microhttpd.h>

/// `MHD_start_daemon` is variadic (Swift cannot call it): all options go through one MHD_OPTION_ARRAY.
static inline struct MHD_Daemon *pl_mhd_start_daemon(unsigned int flags, uint16_t port,
                                                     MHD_AccessHandlerCallback handler, void *handler_cls,
                                                     struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// `MHD_get_daemon_info` is variadic: the bound port (0 if unknown).
static inline uint16_t pl_mhd_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/// `MHD_get_daemon_info` is variadic: connections currently open.
static inline unsigned int pl_mhd_daemon_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

/// Formats libmicrohttpd's log line (`va_list` arguments are easier to format in C).
static inline int pl_mhd_format_log(char *buffer, size_t size, const char *format, va_list arguments) {
    return vsnprintf(buffer, size, format, arguments);
}

/// `MHD_get_connection_info` is variadic: the client's address (NULL if unknown).
static inline const struct sockaddr *pl_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/// An anonymous in-memory file (`memfd_create`, close-on-exec) for a response body that
/// libmicrohttpd sends with `sendfile`; -1 on failure. glibc declares `memfd_create` only with
/// `_GNU_SOURCE` (Swift's Glibc module has it without), and `syscall` is variadic.
static inline int pl_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
}
#endif
