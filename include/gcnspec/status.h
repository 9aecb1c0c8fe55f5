/* Status codes shared by every gcnspec API. One X-macro list gives the enum and its strings. */
#ifndef GCNSPEC_STATUS_H
#define GCNSPEC_STATUS_H

#ifdef __cplusplus
extern "C" {
#endif

#define GCN_STATUS_LIST(X)                                                                         \
    X(GCN_OK, "ok")                                                                                \
    X(GCN_ERR_IO, "I/O error")                                                                     \
    X(GCN_ERR_NOMEM, "out of memory")                                                              \
    X(GCN_ERR_SYNTAX, "syntax error")                                                              \
    X(GCN_ERR_INVALID, "invalid input")                                                            \
    X(GCN_ERR_CONFLICT, "unresolved conflict")                                                     \
    X(GCN_ERR_UNSUPPORTED, "unsupported")                                                          \
    X(GCN_ERR_USAGE, "usage error")                                                                \
    X(GCN_ERR_PEER, "peer tool failed")                                                            \
    X(GCN_ERR_TRUNCATED, "truncated instruction")                                                  \
    X(GCN_ERR_NO_ENCODING, "no encoding matches")                                                  \
    X(GCN_ERR_NO_OPCODE, "no instruction at this opcode")                                          \
    X(GCN_ERR_OPERAND, "invalid operand")

typedef enum gcn_status {
#define GCN_STATUS_ENUM(name, text) name,
    GCN_STATUS_LIST(GCN_STATUS_ENUM)
#undef GCN_STATUS_ENUM
        GCN_STATUS_COUNT
} gcn_status;

const char *gcn_status_str(gcn_status status);

#ifdef __cplusplus
}
#endif

#endif
