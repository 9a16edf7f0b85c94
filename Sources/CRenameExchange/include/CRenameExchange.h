#ifndef PITCHLINE_CRENAMEEXCHANGE_H
#define PITCHLINE_CRENAMEEXCHANGE_H

/// Swaps the paths `a` and `b` in one step (Linux `renameat2(RENAME_EXCHANGE)`): 0 on success,
/// else the errno (ENOSYS where the system has no such call, EINVAL where the file system
/// cannot exchange).
int pl_rename_exchange(const char *a, const char *b);

#endif
