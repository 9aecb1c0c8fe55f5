/* What M0 does to a DS instruction's LDS and GDS accesses: the kinds of role
 * spec/curated/ds_m0.json gives every DS instruction on every generation, spec/gcn.json carries
 * (an instruction's "m0" entries) and the oracle applies. One list gives the enum and the names
 * those files spell:
 *  - limit: M0 confines the access: LDS to its first min(M0, 64 KiB) bytes, GDS to M0[15:0]
 *    bytes from byte M0[31:16]; an access any byte of which lies outside reads 0 and drops its
 *    write;
 *  - free: M0 plays no part: the whole memory;
 *  - operand: the pseudocode reads M0 itself (a base, a resource number, a wave id): no window;
 *  - unused: no LDS/GDS access and no M0. */
#ifndef GCNSPEC_M0_H
#define GCNSPEC_M0_H

#ifdef __cplusplus
extern "C" {
#endif

#define GCN_M0_ROLE_LIST(X)                                                                        \
    X(GCN_M0_LIMIT, "limit")                                                                       \
    X(GCN_M0_FREE, "free")                                                                         \
    X(GCN_M0_OPERAND, "operand")                                                                   \
    X(GCN_M0_UNUSED, "unused")

typedef enum gcn_m0_role {
#define GCN_M0_ROLE_ENUM(e, name) e,
    GCN_M0_ROLE_LIST(GCN_M0_ROLE_ENUM)
#undef GCN_M0_ROLE_ENUM
        GCN_M0_ROLE_COUNT
} gcn_m0_role;

/* The two spaces a DS instruction addresses: LDS, or GDS when its GDS bit is set. */
enum { GCN_M0_LDS = 0, GCN_M0_GDS = 1 };

#ifdef __cplusplus
}
#endif

#endif
