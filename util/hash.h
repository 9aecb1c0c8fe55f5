/* SHA-256 (OpenSSL's libcrypto) as lowercase hex, for provenance stamps. */
#ifndef GCN_UTIL_HASH_H
#define GCN_UTIL_HASH_H

#include <stddef.h>

/* out must hold 65 bytes. Returns 0 on failure. */
int gcn_sha256_hex(const void *data, size_t len, char out[65]);

#endif
