// renameat2 is declared by glibc (>= 2.28) only with _GNU_SOURCE, which Swift's Glibc module is
// built without; this one C file is compiled with it, so the call uses glibc's own declaration.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "CRenameExchange.h"

int pl_rename_exchange(const char *a, const char *b) {
#if defined(__linux__) && defined(RENAME_EXCHANGE)
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE) == 0 ? 0 : errno;
#else
    (void)a;
    (void)b;
    return ENOSYS;
#endif
}
