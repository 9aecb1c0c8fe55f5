/* What gen/gcngen visa's generated code (gcn_visa.inc) is written against: the row types of
 * the vISA operation table and the helpers its operation functions call. */
#ifndef GCN_ORACLE_VISA_RT_H
#define GCN_ORACLE_VISA_RT_H

#include <stdint.h>
#include <string.h>

#include "sem_rt.h"

enum { GV_UD, GV_D, GV_F };

typedef uint32_t (*gv_fn)(uint32_t old_bits, uint32_t src0_bits, uint32_t src1_bits);

typedef struct gv_op {
    const char *name, *mnemonic, *formula, *type, *at, *errata;
    unsigned code;
    uint8_t type_id, returns_new, reads_src0, reads_src1;
    gv_fn fn;
} gv_op;

typedef struct gv_table {
    const gv_op *ops;
    size_t nops;
    const uint8_t *channel_counts;
    size_t ncounts;
    const char *oob_at, *same_address_at, *semantics_at, *name, *sha256;
} gv_table;

/* Dword bits in and out of the operation's type. */
static inline uint32_t gv_from_u32(uint32_t v)
{
    return v;
}
static inline int32_t gv_from_i32(uint32_t v)
{
    return (int32_t)v;
}
static inline float gv_from_f32(uint32_t v)
{
    float f;
    memcpy(&f, &v, 4);
    return f;
}
static inline uint32_t gv_to_u32(uint32_t v)
{
    return v;
}
static inline uint32_t gv_to_i32(int32_t v)
{
    return (uint32_t)v;
}
static inline uint32_t gv_to_f32(float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    return v;
}

/* min/max: integers compare in the operation's type; floats as the GCN side's MIN/MAX (IEEE
 * minNum/maxNum, -0 below +0), so that the cross-vendor comparison does not report a
 * difference in how this tool reads "min" twice. */
static inline uint32_t gv_min_u32(uint32_t a, uint32_t b)
{
    return b < a ? b : a;
}
static inline uint32_t gv_max_u32(uint32_t a, uint32_t b)
{
    return b > a ? b : a;
}
static inline int32_t gv_min_i32(int32_t a, int32_t b)
{
    return b < a ? b : a;
}
static inline int32_t gv_max_i32(int32_t a, int32_t b)
{
    return b > a ? b : a;
}
static inline float gv_min_f32(float a, float b)
{
    return gs_min_f32(a, b);
}
static inline float gv_max_f32(float a, float b)
{
    return gs_max_f32(a, b);
}

#endif
