/* The executor: a decoded instruction's operands resolved once for the generated code (which
 * registers, which constant, which parts make up a scalar memory offset), then run on a state;
 * programs as decoded instructions at addresses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "codec/tables.h"
#include "oracle_internal.h"

/* A scalar source code read as an operand part: a register, or a condition (0/1). */
static gs_src src_of(int gen, const gs_regs *r, unsigned code)
{
    gs_src s = {GS_OPD_NONE, 0};
    int cls = gcn_gs_code_class(gen, code);
    if (cls == GCN_SC_SGPR || cls == GCN_SC_SPECIAL || cls == GCN_SC_TTMP) {
        s.kind = GS_OPD_SREG;
        s.code = (uint8_t)code;
    } else if (cls == GCN_SC_COND) {
        s.kind = code == r->cond_scc     ? GS_OPD_SCC
                 : code == r->cond_vccz  ? GS_OPD_VCCZ
                 : code == r->cond_execz ? GS_OPD_EXECZ
                                         : GS_OPD_NONE;
    }
    return s;
}

static uint64_t width_mask(unsigned regs)
{
    return regs >= 2 ? ~0ull : 0xffffffffull;
}

/* A scalar source operand: a register, an inline constant (the codec tables' values), the
 * literal (zero-extended for a 64-bit operand: LLVM's text does not say, the documents are
 * silent), or a condition. */
static void ssrc(const gcn_inst *in, const gs_regs *r, unsigned code, gs_opd *p)
{
    const gcn_tables *t = gcn_codec_tables();
    const gcn_scalar_row *row = &t->scalars[(unsigned)in->gen * 256 + (code & 0xffu)];
    gs_src s;
    switch (row->sclass) {
    case GCN_SC_INLINE_INT:
        p->kind = GS_OPD_CONST;
        p->value = (uint64_t)(int64_t)row->ivalue & width_mask(p->regs);
        return;
    case GCN_SC_INLINE_FLOAT:
        p->kind = GS_OPD_CONST;
        p->value = p->regs >= 2 ? row->f64 : row->f32;
        return;
    case GCN_SC_LITERAL:
        p->kind = GS_OPD_CONST;
        p->value = in->literal;
        return;
    default:
        s = src_of(in->gen, r, code);
        p->kind = s.kind;
        p->reg = (uint16_t)code;
    }
}

void gcn_gs_resolve(const gcn_inst *in, gs_desc *d)
{
    const gcn_tables *t = gcn_codec_tables();
    const gs_table *T = gcn_gs_table_get();
    const gcn_insn_row *row = &t->insns[in->insn];
    const gcn_layout_row *l = &t->layouts[in->gen * t->nencodings + row->encoding];
    const gs_meta *m = &T->meta[in->insn];
    const gs_regs *r = &T->regs[in->gen];
    unsigned i;
    memset(d, 0, sizeof(*d));
    d->fn[0] = T->fns[((size_t)in->gen * T->ninsns + in->insn) * 2];
    d->fn[1] = T->fns[((size_t)in->gen * T->ninsns + in->insn) * 2 + 1];
    d->lgkm = (uint8_t)m->lgkm;
    d->m0 = T->m0[(size_t)in->gen * T->ninsns + in->insn];
    d->regs = r;
    d->insn = in->insn;
    d->gen = in->gen;
    d->size = in->size;
    d->nops = row->noperands;
    d->nmods = row->nmodifiers;
    for (i = 0; i < row->noperands && i < GCN_MAX_OPERANDS; i++) {
        const gcn_operand_row *op = &row->operand[i];
        gs_opd *p = &d->op[i];
        uint32_t v = in->field[op->slot];
        p->regs = op->regs;
        p->reg = (uint16_t)v;
        switch (op->kind) {
        case GCN_KIND_VGPR:
            p->kind = GS_OPD_VGPR;
            break;
        case GCN_KIND_SGPR:
        case GCN_KIND_SDST:
            p->kind = GS_OPD_SREG;
            break;
        case GCN_KIND_SBASE:
            p->kind = GS_OPD_SREG;
            p->reg = (uint16_t)(v * 2);
            break;
        case GCN_KIND_SSRC:
            ssrc(in, r, v, p);
            break;
        case GCN_KIND_SMEM_OFFSET: {
            int imm = op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]];
            int soe =
                op->aux[1] != GCN_NO_SLOT && l->slot[op->aux[1]].width && in->field[op->aux[1]];
            p->kind = GS_OPD_OFFSET;
            if (imm) {
                int64_t off = codec_smem_imm(op, l, in->gen, v);
                p->off_imm = off * (int64_t)m->imm_scale;
            }
            /* IMM=0: OFFSET names an SGPR, unless SOE=1, where SGPR[SOFFSET] is the whole
               offset */
            if (!imm && !soe)
                p->off_reg = src_of(in->gen, r, v);
            if (soe && op->aux[2] != GCN_NO_SLOT)
                p->off_soff = src_of(in->gen, r, in->field[op->aux[2]]);
            break;
        }
        case GCN_KIND_SMRD_OFFSET:
            p->kind = GS_OPD_OFFSET;
            if (op->aux[0] != GCN_NO_SLOT && in->field[op->aux[0]])
                p->off_imm = (int64_t)v * (int64_t)m->imm_scale;
            else if (gcn_gs_code_class(in->gen, v) == GCN_SC_LITERAL)
                p->off_imm = (int64_t)in->literal * (int64_t)m->literal_scale;
            else
                p->off_reg = src_of(in->gen, r, v);
            break;
        default:
            p->kind = GS_OPD_IMM;
            p->value = v;
        }
    }
    for (i = 0; i < row->nmodifiers && i < GCN_MAX_MODIFIERS; i++) {
        const gcn_modifier_row *mod = &row->modifier[i];
        d->mod[i] = (mod->gens >> in->gen) & 1 ? in->field[mod->slot] : 0;
    }
}

/* The staged vector writes land; their registers join *rows (bit r % 64 of rows[r / 64]). */
static void commit(gcn_wave_state *s, const gs_ctx *x, uint64_t *rows)
{
    unsigned i, k;
    for (i = 0; i < x->d->nops && i < GCN_MAX_OPERANDS; i++)
        for (k = 0; k < 4; k++) {
            uint64_t m = x->vmask[i][k];
            unsigned r = (x->d->op[i].reg + k) & 0xffu;
            uint32_t *reg;
            if (!m)
                continue;
            rows[r / 64] |= 1ull << (r % 64);
            reg = s->vgpr[r];
            while (m) {
                unsigned lane = (unsigned)__builtin_ctzll(m);
                reg[lane] = x->vstage[i][k][lane];
                m &= m - 1;
            }
        }
}

void gcn_gs_log_access(const gs_ctx *x, uint64_t addr, unsigned n, int write)
{
    gs_access_log *l = x->log;
    int gds = x->dsm < x->s->lds || x->dsm >= x->s->lds + GCN_LDS_BYTES;
    uint32_t lo = (uint32_t)((x->dsm - (gds ? x->s->gds : x->s->lds)) + addr), hi = lo + n;
    unsigned i;
    for (i = 0; i < l->n; i++)
        if (l->space[i] == gds && l->write[i] == write && lo <= l->hi[i] && hi >= l->lo[i]) {
            l->lo[i] = lo < l->lo[i] ? lo : l->lo[i];
            l->hi[i] = hi > l->hi[i] ? hi : l->hi[i];
            return;
        }
    if (l->n == GS_LOG_MAX) { /* widen the last range: overlaps stay found, only coarser */
        i = GS_LOG_MAX - 1;
        l->write[i] |= (uint8_t)write;
        l->lo[i] = lo < l->lo[i] ? lo : l->lo[i];
        l->hi[i] = hi > l->hi[i] ? hi : l->hi[i];
        return;
    }
    l->space[l->n] = (uint8_t)gds;
    l->write[l->n] = (uint8_t)write;
    l->lo[l->n] = lo;
    l->hi[l->n] = hi;
    l->n++;
}

void gcn_gs_note_ds_write(const gs_ctx *x, uint64_t addr, unsigned n)
{
    const gcn_wave_state *s = x->s;
    gcn_written *r = x->written;
    unsigned gds = x->dsm < s->lds || x->dsm >= s->lds + GCN_LDS_BYTES;
    uint32_t lo = (uint32_t)((x->dsm - (gds ? s->gds : s->lds)) + addr);
    if (r)
        gcn_ds_written_join(r, gds, lo, lo + n);
}

void gcn_ds_written_join(gcn_written *w, unsigned space, uint32_t lo, uint32_t hi)
{
    space = space ? 1u : 0u;
    if (w->lo[space] >= w->hi[space]) {
        w->lo[space] = lo;
        w->hi[space] = hi;
        return;
    }
    if (lo < w->lo[space])
        w->lo[space] = lo;
    if (hi > w->hi[space])
        w->hi[space] = hi;
}

gcn_status gcn_gs_run(gcn_wave_state *s, const gs_desc *d, const gcn_exec_options *o,
                      gcn_diag *diag)
{
    return gcn_gs_run_logged(s, d, o, NULL, diag);
}

gcn_status gcn_gs_run_logged(gcn_wave_state *s, const gs_desc *d, const gcn_exec_options *o,
                             gs_access_log *log, gcn_diag *diag)
{
    /* the generated tables' index: 0 written, 1 corrected (the default) */
    unsigned v = !o || o->variant != GCN_AS_WRITTEN;
    gs_fn fn = d->fn[v];
    gs_ctx x;
    gcn_status st;
    if (!fn) {
        const gs_meta *m = &gcn_gs_table_get()->meta[d->insn];
        const char *why = m->why[v] ? m->why[v] : m->why[0];
        gcn_diag_set(diag, "", 0, 0, "%s %s does not execute: %s", m->name,
                     v ? "as corrected" : "as written", why ? why : "no semantics");
        return GCN_ERR_UNSUPPORTED;
    }
    x.s = s;
    x.d = d;
    x.r = d->regs;
    x.order = o ? o->lane_order : NULL;
    x.log = log;
    x.written = o ? o->written : NULL;
    x.exec0 = 0; /* the per-lane functions read it when they start */
    x.m0role = GS_M0_OF(d->m0, v);
    x.dsm = s->lds;
    x.ds_limit = 0;
    x.smem_base = 0;
    x.status = GCN_OK;
    x.why = NULL;
    x.pc_written = 0;
    x.nlanes = 0;
    x.vstaged = 0;
    memset(x.vset, 0, sizeof(x.vset));
    st = fn(&x);
    if (x.vstaged)
        commit(s, &x, x.vset);
    if (x.written) {
        unsigned k;
        for (k = 0; k < 4; k++)
            x.written->vgpr[k] |= x.vset[k];
    }
    if (!x.pc_written)
        s->pc += d->size;
    else if (x.written)
        x.written->pc_written = 1;
    s->clock++;
    s->lgkm_cnt += d->lgkm;
    if (st != GCN_OK)
        gcn_diag_set(diag, "", 0, 0, "%s: %s", gcn_gs_table_get()->meta[d->insn].name,
                     x.why ? x.why : gcn_status_str(st));
    return st;
}

gcn_status gcn_exec_inst(gcn_wave_state *s, const gcn_inst *in, const gcn_exec_options *o,
                         gcn_diag *diag)
{
    gs_desc d;
    if (in->gen != s->gen || (int)in->insn >= gcn_insn_count()) {
        gcn_diag_set(diag, "", 0, 0, "the instruction is for %s, the state for %s",
                     gcn_gen_id(in->gen), gcn_gen_id(s->gen));
        return GCN_ERR_INVALID;
    }
    gcn_gs_resolve(in, &d);
    return gcn_gs_run(s, &d, o, diag);
}

/* ---- programs ----------------------------------------------------------------------------- */

static gcn_status add_inst(gcn_program *p, const gcn_inst *in, unsigned line, size_t *cap)
{
    if (p->count == *cap) {
        size_t ncap = *cap ? *cap * 2 : 64;
        gcn_prog_entry *e = realloc(p->insts, ncap * sizeof(*e));
        unsigned *l = realloc(p->source_line, ncap * sizeof(*l));
        if (e)
            p->insts = e;
        if (l)
            p->source_line = l;
        if (!e || !l)
            return GCN_ERR_NOMEM;
        *cap = ncap;
    }
    p->insts[p->count].in = *in;
    gcn_gs_resolve(in, &p->insts[p->count].d);
    p->source_line[p->count] = line;
    p->count++;
    p->bytes += in->size;
    return GCN_OK;
}

static gcn_status index_program(gcn_program *p)
{
    size_t i, words = (p->bytes + 3) / 4, off = 0;
    p->at = malloc((words ? words : 1) * sizeof(*p->at));
    if (!p->at)
        return GCN_ERR_NOMEM;
    for (i = 0; i < words; i++)
        p->at[i] = -1;
    for (i = 0; i < p->count; i++) {
        p->at[off / 4] = (int32_t)i;
        off += p->insts[i].in.size;
    }
    return GCN_OK;
}

static void program_init(gcn_program *p, int gen, uint64_t base)
{
    memset(p, 0, sizeof(*p));
    p->gen = gen;
    p->base = base;
}

gcn_status gcn_program_parse(gcn_program *p, int gen, uint64_t base, const char *text,
                             const char *file, gcn_diag *diag)
{
    size_t cap = 0;
    unsigned lineno = 0;
    const char *at = text;
    gcn_status st = GCN_OK;
    program_init(p, gen, base);
    if (gen < 0 || gen >= gcn_gen_count()) {
        gcn_diag_set(diag, file, 0, 0, "unknown generation");
        return GCN_ERR_INVALID;
    }
    while (*at && st == GCN_OK) {
        const char *eol = strchr(at, '\n');
        size_t len = eol ? (size_t)(eol - at) : strlen(at), k;
        char line[1024];
        gcn_inst in;
        lineno++;
        if (len >= sizeof(line)) {
            gcn_diag_set(diag, file, lineno, (unsigned)sizeof(line), "line too long");
            st = GCN_ERR_SYNTAX;
            break;
        }
        memcpy(line, at, len);
        line[len] = 0;
        at = eol ? eol + 1 : at + len;
        for (k = 0; line[k]; k++)
            if (line[k] == '\r')
                line[k] = 0;
        /* gcn_parse takes a comment after the instruction (as llvm-mc); a line of none is
         * skipped */
        if (gcn_line_is_blank(line))
            continue;
        if (gcn_parse(gen, line, &in, diag) != GCN_OK) {
            unsigned col = diag->col;
            char msg[GCN_DIAG_MSG_MAX];
            snprintf(msg, sizeof(msg), "%s", diag->msg);
            gcn_diag_set(diag, file, lineno, col, "%s", msg);
            st = GCN_ERR_SYNTAX;
            break;
        }
        st = add_inst(p, &in, lineno, &cap);
    }
    if (st == GCN_OK)
        st = index_program(p);
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, file, 0, 0, "out of memory");
    if (st != GCN_OK)
        gcn_program_free(p);
    return st;
}

gcn_status gcn_program_decode(gcn_program *p, int gen, uint64_t base, const uint8_t *bytes,
                              size_t len, const char *file, gcn_diag *diag)
{
    size_t cap = 0, off = 0;
    gcn_status st = GCN_OK;
    program_init(p, gen, base);
    if (gen < 0 || gen >= gcn_gen_count()) {
        gcn_diag_set(diag, file, 0, 0, "unknown generation");
        return GCN_ERR_INVALID;
    }
    while (off < len && st == GCN_OK) {
        gcn_inst in;
        if (gcn_decode(gen, bytes + off, len - off, &in) != GCN_OK) {
            char why[256], where[GCN_DIAG_FILE_MAX];
            gcn_decode_why(gen, bytes + off, len - off, why, sizeof(why));
            snprintf(where, sizeof(where), "%s:+%zu", file, off);
            gcn_diag_set(diag, where, 0, 0, "%s", why);
            st = GCN_ERR_INVALID;
            break;
        }
        st = add_inst(p, &in, 0, &cap);
        off += in.size;
    }
    if (st == GCN_OK)
        st = index_program(p);
    if (st == GCN_ERR_NOMEM)
        gcn_diag_set(diag, file, 0, 0, "out of memory");
    if (st != GCN_OK)
        gcn_program_free(p);
    return st;
}

void gcn_program_free(gcn_program *p)
{
    free(p->insts);
    free(p->at);
    free(p->source_line);
    p->insts = NULL;
    p->at = NULL;
    p->source_line = NULL;
    p->count = p->bytes = 0;
}

const gcn_inst *gcn_program_inst(const gcn_program *p, size_t i)
{
    return i < p->count ? &p->insts[i].in : NULL;
}

uint64_t gcn_program_addr(const gcn_program *p, size_t i)
{
    uint64_t a = p->base;
    size_t k;
    for (k = 0; k < i && k < p->count; k++)
        a += p->insts[k].in.size;
    return a;
}

/* the instruction starting at pc, -1 */
static long find(const gcn_program *p, uint64_t pc)
{
    uint64_t off = pc - p->base;
    if (pc < p->base || off >= p->bytes || (off & 3))
        return -1;
    return p->at[off / 4];
}

gcn_status gcn_exec_step(gcn_wave_state *s, const gcn_program *p, const gcn_exec_options *o,
                         gcn_diag *diag)
{
    long i = find(p, s->pc);
    if (p->gen != s->gen) {
        gcn_diag_set(diag, "", 0, 0, "the program is for %s, the state for %s", gcn_gen_id(p->gen),
                     gcn_gen_id(s->gen));
        return GCN_ERR_INVALID;
    }
    if (i < 0) {
        gcn_diag_set(diag, "", 0, 0, "no instruction of the program starts at pc 0x%llx",
                     (unsigned long long)s->pc);
        return GCN_ERR_INVALID;
    }
    return gcn_gs_run(s, &p->insts[i].d, o, diag);
}

gcn_status gcn_exec_run(gcn_wave_state *s, const gcn_program *p, const gcn_exec_options *o,
                        gcn_exec_result *r, gcn_diag *diag)
{
    uint64_t max = o && o->max_steps ? o->max_steps : 1000000u;
    gcn_exec_result local;
    if (!r)
        r = &local;
    r->steps = 0;
    r->end = GCN_END_ERROR;
    if (p->gen != s->gen) {
        gcn_diag_set(diag, "", 0, 0, "the program is for %s, the state for %s", gcn_gen_id(p->gen),
                     gcn_gen_id(s->gen));
        return GCN_ERR_INVALID;
    }
    for (;;) {
        long i = find(p, s->pc);
        gcn_status st;
        if (i < 0) {
            r->end = s->pc == p->base + p->bytes ? GCN_END_FELL_THROUGH : GCN_END_JUMPED_OUT;
            return GCN_OK;
        }
        if (r->steps == max) {
            gcn_diag_set(diag, "", 0, 0, "stopped after %llu steps at pc 0x%llx",
                         (unsigned long long)max, (unsigned long long)s->pc);
            return GCN_ERR_INVALID;
        }
        st = gcn_gs_run(s, &p->insts[i].d, o, diag);
        r->steps++;
        if (st != GCN_OK)
            return st;
    }
}
