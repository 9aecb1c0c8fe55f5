#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec_internal.h"
#include "gcnspec/codec.h"
#include "util/buf.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"
#include "vectors/check.h"

static const char *const mode_names[GCN_MODE_COUNT] = {"asm", "disasm"};

static size_t explained(const gcn_tally *t)
{
    return t->n[GCN_OUT_KNOWN] + t->n[GCN_OUT_PEER_LACKS];
}

static size_t ngens(void)
{
    return gcn_codec_tables()->ngens;
}

static size_t nencs(void)
{
    size_t n = gcn_codec_tables()->nencodings;
    return n < GCN_CHECK_MAX_ENCS ? n : GCN_CHECK_MAX_ENCS;
}

static const char *enc_name(size_t e)
{
    return gcn_codec_tables()->encodings[e].name;
}

static const char *insn_name(size_t i)
{
    return i < gcn_codec_tables()->ninsns ? gcn_codec_tables()->insns[i].mnemonic
                                          : "(no instruction)";
}

static void speed_line(gcn_buf *b, const gcn_impl_result *ir, unsigned jobs)
{
    gcn_buf_printf(b, "check %.2f s (%zu processes, %u at a time)", ir->seconds, ir->jobs, jobs);
    if (ir->bare_ran)
        gcn_buf_printf(b,
                       "; %s alone assembling the same %zu lines once, one process at a time: "
                       "%.2f s (check / that = %.2f); alone on every input of the check: %.2f s",
                       ir->peer, ir->bare_lines, ir->bare_seconds,
                       ir->bare_seconds > 0 ? ir->seconds / ir->bare_seconds : 0.0,
                       ir->bare_all_seconds);
}

void gcn_check_print_summary(const gcn_check_result *r, FILE *f)
{
    size_t i;
    for (i = 0; i < r->nimpls; i++) {
        const gcn_impl_result *ir = &r->impl[i];
        const gcn_tally *t = &ir->total;
        gcn_buf b;
        if (!ir->opened) {
            fprintf(f, "%s: not checked: %s\n", ir->impl, ir->open_error);
            continue;
        }
        fprintf(f,
                "%s (%s): %zu checks of %zu vectors: %zu pass, %zu known, %zu peer-lacks, %zu not "
                "claimed, %zu unexplained",
                ir->peer, ir->version, t->checks, ir->vectors, t->n[GCN_OUT_PASS],
                t->n[GCN_OUT_KNOWN], t->n[GCN_OUT_PEER_LACKS], t->n[GCN_OUT_NOT_CLAIMED],
                t->n[GCN_OUT_UNEXPLAINED]);
        if (t->our_bug)
            fprintf(f, ", %zu our-bug", t->our_bug);
        if (ir->adapter_errors || ir->bad_vectors)
            fprintf(f, "; %zu adapter errors, %zu bad vectors", ir->adapter_errors,
                    ir->bad_vectors);
        fputc('\n', f);
        gcn_buf_init(&b);
        speed_line(&b, ir, r->opt.jobs);
        if (b.data)
            fprintf(f, "  %s\n", b.data);
        gcn_buf_free(&b);
        if (ir->sem_files) {
            const gcn_tally *s = &ir->sem;
            fprintf(f,
                    "  semantic: %zu vectors in %zu files: %zu pass, %zu as written (an erratum "
                    "corrects it), %zu not claimed, %zu unexplained; %zu adapter errors (%.2f "
                    "s)%s%s\n",
                    ir->sem_vectors, ir->sem_files, s->n[GCN_OUT_PASS], s->n[GCN_OUT_KNOWN],
                    s->n[GCN_OUT_NOT_CLAIMED], s->n[GCN_OUT_UNEXPLAINED], ir->sem_adapter_errors,
                    ir->sem_seconds, ir->sem_not_claimed[0] ? "; not claimed: " : "",
                    ir->sem_not_claimed);
        }
    }
}

/* ---- Markdown ---------------------------------------------------------------------------------
 */

static void md_escape(gcn_buf *b, const char *s)
{
    /* inside `code`: a backtick would end it */
    for (; *s; s++) {
        if (*s == '`')
            gcn_buf_putc(b, '\'');
        else if (*s == '|')
            gcn_buf_puts(b, "\\|");
        else if (*s != '\n' && *s != '\r')
            gcn_buf_putc(b, *s);
    }
}

static void md_code(gcn_buf *b, const char *s)
{
    gcn_buf_puts(b, "`` ");
    md_escape(b, s);
    gcn_buf_puts(b, " ``");
}

static void md_mismatch(gcn_buf *b, const gcn_mismatch *m, const char *peer)
{
    gcn_buf_printf(b, "`%s` (%s, %s %s, %s): input ", m->id, gcn_gen_id(m->gen), m->tag, m->cls,
                   m->kind);
    md_code(b, m->input);
    gcn_buf_puts(b, ", expected ");
    md_code(b, m->expected);
    gcn_buf_printf(b, ", %s ", peer);
    md_code(b, m->got);
}

static void md_impl(gcn_buf *b, const gcn_impl_result *ir)
{
    const gcn_tally *t = &ir->total;
    size_t g, e, m, k, i;
    gcn_buf_printf(b, "## %s\n\n", ir->peer);
    if (!ir->opened) {
        gcn_buf_printf(b, "Not checked: %s\n\n", ir->open_error);
        return;
    }
    gcn_buf_printf(b, "`--impl %s`: %s.\n\n", ir->impl, ir->version);
    gcn_buf_printf(b,
                   "**%zu checks** of %zu vectors: **%zu pass**, %zu explained by known entries, "
                   "%zu by the spec's peer_lacks, %zu not claimed, **%zu unexplained**",
                   t->checks, ir->vectors, t->n[GCN_OUT_PASS], t->n[GCN_OUT_KNOWN],
                   t->n[GCN_OUT_PEER_LACKS], t->n[GCN_OUT_NOT_CLAIMED], t->n[GCN_OUT_UNEXPLAINED]);
    if (t->our_bug)
        gcn_buf_printf(b, ", %zu explained by our-bug entries (failures)", t->our_bug);
    gcn_buf_printf(b, "; %zu adapter errors, %zu bad vectors.\n\n", ir->adapter_errors,
                   ir->bad_vectors);
    for (g = 0; g < ngens(); g++)
        for (m = 0; m < GCN_MODE_COUNT; m++)
            if (ir->not_claimed[g][m][0])
                gcn_buf_printf(b, "- not claimed: %s on %s: %s\n", mode_names[m],
                               gcn_gen_id((int)g), ir->not_claimed[g][m]);
    gcn_buf_puts(b, "\n### By encoding, generation and mode\n\n"
                    "| encoding | generation | mode | checks | pass | known | peer-lacks | not "
                    "claimed | unexplained |\n|---|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (e = 0; e < nencs(); e++)
        for (g = 0; g < ngens(); g++)
            for (m = 0; m < GCN_MODE_COUNT; m++) {
                const gcn_tally *x = &ir->by[g][e][m];
                if (!x->checks)
                    continue;
                gcn_buf_printf(b, "| %s | %s | %s | %zu | %zu | %zu | %zu | %zu | %zu |\n",
                               enc_name(e), gcn_gen_id((int)g), mode_names[m], x->checks,
                               x->n[GCN_OUT_PASS], x->n[GCN_OUT_KNOWN], x->n[GCN_OUT_PEER_LACKS],
                               x->n[GCN_OUT_NOT_CLAIMED], x->n[GCN_OUT_UNEXPLAINED]);
            }
    if (ir->sem_files) {
        const gcn_tally *s = &ir->sem;
        gcn_buf_printf(b,
                       "\n### Semantic vectors\n\n%zu vectors in %zu files (DIR/semantic): "
                       "**%zu pass**, %zu give the documents' as-written result (an erratum "
                       "corrects it), %zu not claimed, **%zu unexplained**; %zu adapter "
                       "errors.%s%s\n\n",
                       ir->sem_vectors, ir->sem_files, s->n[GCN_OUT_PASS], s->n[GCN_OUT_KNOWN],
                       s->n[GCN_OUT_NOT_CLAIMED], s->n[GCN_OUT_UNEXPLAINED], ir->sem_adapter_errors,
                       ir->sem_not_claimed[0] ? " Not claimed: " : "", ir->sem_not_claimed);
        if (s->checks > s->n[GCN_OUT_NOT_CLAIMED])
            gcn_buf_puts(b, "| encoding | generation | checks | pass | as written | not claimed "
                            "| unexplained |\n|---|---|--:|--:|--:|--:|--:|\n");
        for (e = 0; e < nencs() && s->checks > s->n[GCN_OUT_NOT_CLAIMED]; e++)
            for (g = 0; g < ngens(); g++) {
                const gcn_tally *x = &ir->sem_by[g][e];
                if (!x->checks)
                    continue;
                gcn_buf_printf(b, "| %s | %s | %zu | %zu | %zu | %zu | %zu |\n", enc_name(e),
                               gcn_gen_id((int)g), x->checks, x->n[GCN_OUT_PASS],
                               x->n[GCN_OUT_KNOWN], x->n[GCN_OUT_NOT_CLAIMED],
                               x->n[GCN_OUT_UNEXPLAINED]);
            }
    }
    gcn_buf_puts(b, "\n### By tag\n\n| tag | mode | checks | pass | known | peer-lacks | not "
                    "claimed | unexplained |\n|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (k = 0; k < GCN_VTAG_COUNT; k++)
        for (m = 0; m < GCN_MODE_COUNT; m++) {
            const gcn_tally *x = &ir->by_tag[k][m];
            if (!x->checks)
                continue;
            gcn_buf_printf(b, "| %s | %s | %zu | %zu | %zu | %zu | %zu | %zu |\n",
                           gcn_vtag_name((int)k), mode_names[m], x->checks, x->n[GCN_OUT_PASS],
                           x->n[GCN_OUT_KNOWN], x->n[GCN_OUT_PEER_LACKS], x->n[GCN_OUT_NOT_CLAIMED],
                           x->n[GCN_OUT_UNEXPLAINED]);
        }
    gcn_buf_puts(b, "\n### Classes of mismatch\n\nEach explained mismatch, by the entry that "
                    "explains it (first example shown):\n\n");
    if (!ir->nclasses)
        gcn_buf_puts(b, "None.\n");
    for (k = 0; k < ir->nclasses; k++) {
        const gcn_class_tally *c = &ir->classes[k];
        int first = 1;
        gcn_buf_printf(b, "- **%s**", c->key);
        if (c->entry)
            gcn_buf_printf(b, " (%s%s)", c->entry->classification,
                           c->entry->fails ? ", still a failure" : "");
        gcn_buf_printf(b, ": %zu (", c->total);
        for (g = 0; g < ngens(); g++)
            if (c->count[g]) {
                gcn_buf_printf(b, "%s%s %zu", first ? "" : ", ", gcn_gen_id((int)g), c->count[g]);
                first = 0;
            }
        gcn_buf_puts(b, ")");
        if (c->entry) {
            gcn_buf_puts(b, ". ");
            md_escape(b, c->entry->explanation);
        } else {
            gcn_buf_puts(b, ". The spec says the peer lacks the instruction (spec/gcn.json "
                            "peer_lacks, decided by the erratum).");
        }
        gcn_buf_puts(b, "\n  - e.g. ");
        md_mismatch(b, &c->example, ir->peer);
        gcn_buf_puts(b, "\n");
    }
    gcn_buf_printf(b, "\n### Unexplained mismatches\n\n");
    if (!ir->unexplained_total)
        gcn_buf_puts(b, "None.\n");
    for (k = 0; k < ir->nunexplained && k < 100; k++) {
        gcn_buf_puts(b, "- ");
        md_mismatch(b, &ir->unexplained[k], ir->peer);
        gcn_buf_printf(b, " (%s:%u)\n", ir->unexplained[k].file, ir->unexplained[k].line);
    }
    if (ir->unexplained_total > 100)
        gcn_buf_printf(b, "- ... and %zu more (the JSON report lists up to %d)\n",
                       ir->unexplained_total - 100, GCN_CHECK_EXAMPLES);
    gcn_buf_puts(b, "\n### Instructions with mismatches\n\nInstructions whose vectors did not "
                    "all pass, per generation: explained (known entries and peer_lacks, with "
                    "the entries) / unexplained. Every other instruction passed every check.\n\n"
                    "| encoding | instruction |");
    for (g = 0; g < ngens(); g++)
        gcn_buf_printf(b, " %s |", gcn_gen_id((int)g));
    gcn_buf_puts(b, "\n|---|---|");
    for (g = 0; g < ngens(); g++)
        gcn_buf_puts(b, "---|");
    gcn_buf_puts(b, "\n");
    for (e = 0; e < nencs(); e++)
        for (i = 0; i <= gcn_codec_tables()->ninsns; i++) {
            int any = 0;
            for (g = 0; g < ngens(); g++) {
                const gcn_insn_tally *it =
                    &ir->insn[(g * nencs() + e) * (gcn_codec_tables()->ninsns + 1) + i];
                any |= explained(&it->t) || it->t.n[GCN_OUT_UNEXPLAINED];
            }
            if (!any)
                continue;
            gcn_buf_printf(b, "| %s | %s |", enc_name(e), insn_name(i));
            for (g = 0; g < ngens(); g++) {
                const gcn_insn_tally *it =
                    &ir->insn[(g * nencs() + e) * (gcn_codec_tables()->ninsns + 1) + i];
                size_t c, n = 0;
                if (!explained(&it->t) && !it->t.n[GCN_OUT_UNEXPLAINED]) {
                    gcn_buf_puts(b, it->t.checks ? " pass |" : " |");
                    continue;
                }
                gcn_buf_printf(b, " %zu", explained(&it->t));
                for (c = 0; c < ir->nclasses && c < 256; c++)
                    if ((it->explained_by[c / 64] >> (c % 64)) & 1) {
                        const char *key = ir->classes[c].key, *sp = strrchr(key, ' ');
                        gcn_buf_printf(b, "%s%s", n++ ? " " : " (", sp ? sp + 1 : key);
                    }
                gcn_buf_printf(b, "%s / %zu |", n ? ")" : "", it->t.n[GCN_OUT_UNEXPLAINED]);
            }
            gcn_buf_puts(b, "\n");
        }
    gcn_buf_puts(b, "\n");
}

gcn_status gcn_check_write_md(const gcn_check_result *r, const char *path, gcn_diag *diag)
{
    char *clean;
    gcn_buf b;
    gcn_status st;
    size_t i, k;
    gcn_buf_init(&b);
    gcn_buf_puts(&b, "# Conformance of implementations to the gcnspec vectors\n\n"
                     "Generated by `gcnspec check`; do not edit. ");
    gcn_buf_printf(&b, "Vectors: `%s` (%zu files", r->dir, r->files);
    if (r->spec_sha256[0])
        gcn_buf_printf(&b, "; spec sha256 `%.16s`, seed %s", r->spec_sha256, r->seed);
    gcn_buf_puts(&b, "). Known disagreements:");
    for (k = 0; k < r->opt.nknown; k++)
        gcn_buf_printf(&b, " `%s`", r->opt.known_paths[k]);
    gcn_buf_puts(&b, "; instructions spec/gcn.json marks `peer_lacks` (decided in "
                     "spec/errata.json).\n\n");
    gcn_buf_puts(&b,
                 "Each vector is given to the implementation in the modes it claims: its asm text "
                 "to the assembler (the bytes must be `canonical_bytes` when the vector has them, "
                 "else `bytes`; llvm-mc's printed text must be the canonical text, on vectors "
                 "without `canonical_bytes`) and its bytes "
                 "to the disassembler (the text must be `canonical_asm`, else `asm`); a "
                 "must-reject vector must be refused. LLVM's disassembler marks many words it "
                 "cannot encode in the text (`/*invalid immediate*/`, `/*Invalid register...*/`, "
                 "`; Warning:`) instead of refusing them: a marked text counts as a refusal. "
                 "Kinds of mismatch: asm-rejects, asm-bytes, asm-text, asm-accepts (a must-reject "
                 "text assembled), dis-rejects, dis-text, dis-accepts, no-answer; semantic vectors "
                 "(initial state, instruction, final state; emulators only): exec-state, "
                 "exec-rejects, exec-bad-answer. Tags (see docs/vectors.md): exact, "
                 "canonicalizes, alias, must-reject.\n\n");
    for (i = 0; i < r->nimpls; i++)
        md_impl(&b, &r->impl[i]);
    /* what the tools printed (answers, versions, errors) may hold any bytes: valid UTF-8 */
    clean = b.oom ? NULL : gcn_text_clean(b.data, GCN_TEXT_PLAIN);
    st = !clean ? GCN_ERR_NOMEM : gcn_write_file_atomic(path, clean, strlen(clean), diag);
    if (!clean)
        gcn_diag_set(diag, path, 0, 0, "out of memory");
    free(clean);
    gcn_buf_free(&b);
    return st;
}

/* The figures that change from run to run (wall times, the machine's parallelism), kept out of
 * the Markdown and JSON reports so those can be committed: the terminal's summary has them, and
 * this file (for the build tree). */
gcn_status gcn_check_write_timing(const gcn_check_result *r, const char *path, gcn_diag *diag)
{
    gcn_buf b;
    gcn_status st;
    size_t i;
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "# gcnspec check: timing\n\nVectors `%s`. Wall times of this run: they change "
                   "from run to run and machine to machine.\n\n",
                   r->dir);
    for (i = 0; i < r->nimpls; i++) {
        const gcn_impl_result *ir = &r->impl[i];
        if (!ir->opened)
            continue;
        gcn_buf_printf(&b, "- %s: ", ir->peer);
        speed_line(&b, ir, r->opt.jobs);
        if (ir->sem_files)
            gcn_buf_printf(&b, "; semantic vectors %.2f s", ir->sem_seconds);
        gcn_buf_puts(&b, "\n");
    }
    st = b.oom ? GCN_ERR_NOMEM : gcn_write_file_atomic(path, b.data, b.len, diag);
    gcn_buf_free(&b);
    return st;
}

/* ---- JSON -------------------------------------------------------------------------------------
 */

static cJSON *tally_json(const gcn_tally *t)
{
    cJSON *o = cJSON_CreateObject();
    int k;
    cJSON_AddNumberToObject(o, "checks", (double)t->checks);
    for (k = 0; k < GCN_OUT_COUNT; k++)
        cJSON_AddNumberToObject(o, gcn_outcome_name(k), (double)t->n[k]);
    cJSON_AddNumberToObject(o, "our-bug", (double)t->our_bug);
    return o;
}

static cJSON *mismatch_json(const gcn_mismatch *m)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", m->id);
    cJSON_AddStringToObject(o, "file", m->file);
    cJSON_AddNumberToObject(o, "line", m->line);
    cJSON_AddStringToObject(o, "gen", gcn_gen_id(m->gen));
    cJSON_AddStringToObject(o, "encoding", enc_name((size_t)m->encoding));
    cJSON_AddStringToObject(o, "tag", m->tag);
    cJSON_AddStringToObject(o, "class", m->cls);
    cJSON_AddStringToObject(o, "kind", m->kind);
    cJSON_AddStringToObject(o, "input", m->input);
    cJSON_AddStringToObject(o, "expected", m->expected);
    cJSON_AddStringToObject(o, "got", m->got);
    return o;
}

static cJSON *impl_json(const gcn_impl_result *ir)
{
    cJSON *o = cJSON_CreateObject(), *a;
    size_t g, e, m, k, i;
    cJSON_AddStringToObject(o, "impl", ir->impl);
    cJSON_AddStringToObject(o, "peer", ir->peer);
    cJSON_AddStringToObject(o, "version", ir->version);
    cJSON_AddBoolToObject(o, "checked", ir->opened);
    if (!ir->opened) {
        cJSON_AddStringToObject(o, "error", ir->open_error);
        return o;
    }
    cJSON_AddNumberToObject(o, "vectors", (double)ir->vectors);
    cJSON_AddItemToObject(o, "totals", tally_json(&ir->total));
    cJSON_AddNumberToObject(o, "adapter_errors", (double)ir->adapter_errors);
    cJSON_AddNumberToObject(o, "bad_vectors", (double)ir->bad_vectors);
    cJSON_AddNumberToObject(o, "skipped_vectors", (double)ir->skipped_vectors);
    if (ir->sem_files) {
        cJSON *sj = cJSON_AddObjectToObject(o, "semantic");
        cJSON_AddNumberToObject(sj, "files", (double)ir->sem_files);
        cJSON_AddNumberToObject(sj, "vectors", (double)ir->sem_vectors);
        cJSON_AddItemToObject(sj, "totals", tally_json(&ir->sem));
        cJSON_AddNumberToObject(sj, "adapter_errors", (double)ir->sem_adapter_errors);
        if (ir->sem_not_claimed[0])
            cJSON_AddStringToObject(sj, "not_claimed", ir->sem_not_claimed);
    }
    a = cJSON_AddArrayToObject(o, "not_claimed");
    for (g = 0; g < ngens(); g++)
        for (m = 0; m < GCN_MODE_COUNT; m++)
            if (ir->not_claimed[g][m][0]) {
                cJSON *n = cJSON_CreateObject();
                cJSON_AddStringToObject(n, "gen", gcn_gen_id((int)g));
                cJSON_AddStringToObject(n, "mode", mode_names[m]);
                cJSON_AddStringToObject(n, "why", ir->not_claimed[g][m]);
                cJSON_AddItemToArray(a, n);
            }
    a = cJSON_AddArrayToObject(o, "by_file");
    for (e = 0; e < nencs(); e++)
        for (g = 0; g < ngens(); g++)
            for (m = 0; m < GCN_MODE_COUNT; m++) {
                cJSON *n;
                if (!ir->by[g][e][m].checks)
                    continue;
                n = tally_json(&ir->by[g][e][m]);
                cJSON_AddStringToObject(n, "encoding", enc_name(e));
                cJSON_AddStringToObject(n, "gen", gcn_gen_id((int)g));
                cJSON_AddStringToObject(n, "mode", mode_names[m]);
                cJSON_AddItemToArray(a, n);
            }
    a = cJSON_AddArrayToObject(o, "by_tag");
    for (k = 0; k < GCN_VTAG_COUNT; k++)
        for (m = 0; m < GCN_MODE_COUNT; m++) {
            cJSON *n;
            if (!ir->by_tag[k][m].checks)
                continue;
            n = tally_json(&ir->by_tag[k][m]);
            cJSON_AddStringToObject(n, "tag", gcn_vtag_name((int)k));
            cJSON_AddStringToObject(n, "mode", mode_names[m]);
            cJSON_AddItemToArray(a, n);
        }
    a = cJSON_AddArrayToObject(o, "classes");
    for (k = 0; k < ir->nclasses; k++) {
        const gcn_class_tally *c = &ir->classes[k];
        cJSON *n = cJSON_CreateObject(), *bg;
        cJSON_AddStringToObject(n, "key", c->key);
        if (c->entry) {
            cJSON_AddStringToObject(n, "file", c->entry->file);
            cJSON_AddStringToObject(n, "id", c->entry->id);
            cJSON_AddStringToObject(n, "classification", c->entry->classification);
            cJSON_AddStringToObject(n, "explanation", c->entry->explanation);
            cJSON_AddBoolToObject(n, "fails", c->entry->fails);
        } else {
            cJSON_AddStringToObject(n, "classification", "peer-lacks");
        }
        cJSON_AddNumberToObject(n, "count", (double)c->total);
        bg = cJSON_AddObjectToObject(n, "by_gen");
        for (g = 0; g < ngens(); g++)
            if (c->count[g])
                cJSON_AddNumberToObject(bg, gcn_gen_id((int)g), (double)c->count[g]);
        cJSON_AddItemToObject(n, "example", mismatch_json(&c->example));
        cJSON_AddItemToArray(a, n);
    }
    a = cJSON_AddArrayToObject(o, "instructions");
    for (e = 0; e < nencs(); e++)
        for (g = 0; g < ngens(); g++)
            for (i = 0; i <= gcn_codec_tables()->ninsns; i++) {
                const gcn_insn_tally *it =
                    &ir->insn[(g * nencs() + e) * (gcn_codec_tables()->ninsns + 1) + i];
                cJSON *n, *ids;
                size_t c;
                if (!it->t.checks)
                    continue;
                n = tally_json(&it->t);
                cJSON_AddStringToObject(n, "encoding", enc_name(e));
                cJSON_AddStringToObject(n, "gen", gcn_gen_id((int)g));
                cJSON_AddStringToObject(n, "instruction", insn_name(i));
                cJSON_AddStringToObject(
                    n, "result", it->t.n[GCN_OUT_UNEXPLAINED] || it->t.our_bug ? "fail" : "pass");
                ids = cJSON_AddArrayToObject(n, "explained_by");
                for (c = 0; c < ir->nclasses && c < 256; c++)
                    if ((it->explained_by[c / 64] >> (c % 64)) & 1)
                        cJSON_AddItemToArray(ids, cJSON_CreateString(ir->classes[c].key));
                cJSON_AddItemToArray(a, n);
            }
    cJSON_AddNumberToObject(o, "unexplained_total", (double)ir->unexplained_total);
    a = cJSON_AddArrayToObject(o, "unexplained");
    for (k = 0; k < ir->nunexplained; k++)
        cJSON_AddItemToArray(a, mismatch_json(&ir->unexplained[k]));
    return o;
}

gcn_status gcn_check_write_json(const gcn_check_result *r, const char *path, gcn_diag *diag)
{
    cJSON *root = cJSON_CreateObject(), *a;
    char *text;
    gcn_status st;
    size_t i;
    cJSON_AddStringToObject(root, "schema", "gcnspec-conformance/1");
    cJSON_AddStringToObject(root, "vectors", r->dir);
    cJSON_AddStringToObject(root, "spec_sha256", r->spec_sha256);
    cJSON_AddStringToObject(root, "seed", r->seed);
    cJSON_AddNumberToObject(root, "files", (double)r->files);
    a = cJSON_AddArrayToObject(root, "known_files");
    for (i = 0; i < r->opt.nknown; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(r->opt.known_paths[i]));
    a = cJSON_AddArrayToObject(root, "implementations");
    for (i = 0; i < r->nimpls; i++)
        cJSON_AddItemToArray(a, impl_json(&r->impl[i]));
    cJSON_AddNumberToObject(root, "failures", (double)gcn_check_failures(r));
    text = gcn_json_print_depth(root, 4);
    cJSON_Delete(root);
    if (!text) {
        gcn_diag_set(diag, path, 0, 0, "out of memory");
        return GCN_ERR_NOMEM;
    }
    st = gcn_write_file_atomic(path, text, strlen(text), diag);
    free(text);
    return st;
}

/* ---- JUnit XML ------------------------------------------------------------------------------
 */

/* What a checked tool printed may hold any bytes: util/text makes it XML 1.0 character data. */
static void xml(gcn_buf *b, const char *s)
{
    gcn_buf_put_text(b, s, GCN_TEXT_XML);
}

/* JUnit XML in the shape Jenkins and Ant read (tests/vectors/junit.xsd): a test suite per
 * implementation x generation x encoding, a test case per instruction with the class name
 * gcnspec.PEER.GFX.ENCODING, gcnspec.llvm-mc-14.gfx9.DS (dashboards split it at the dots:
 * implementation, generation, encoding). An instruction with an unexplained mismatch is a
 * <failure>; one whose vectors the tool left unanswered (it hung or died) an <error>; one whose
 * vectors all went unclaimed is <skipped>. The checker runs an instruction's vectors in batches
 * with others, so a test case's time is its share (by checks) of its suite's batches' wall time. */
static void junit_peer(gcn_buf *b, const char *peer)
{
    char name[sizeof(((gcn_impl_result *)0)->impl)], *p;
    /* a class name's parts are split at dots: none inside the implementation's name */
    snprintf(name, sizeof(name), "%s", peer);
    for (p = name; *p; p++)
        if (*p == '.')
            *p = '_';
    xml(b, name);
}

/* PEER.gfxN.ENCODING: LLVM's generation name (gfx9), since the spec's (gcn1.4) holds a dot */
static void junit_name(gcn_buf *b, const char *peer, size_t g, size_t e)
{
    junit_peer(b, peer);
    gcn_buf_putc(b, '.');
    xml(b, gcn_codec_tables()->gens[g].llvm);
    gcn_buf_putc(b, '.');
    xml(b, enc_name(e));
}

static void junit_mismatches(gcn_buf *b, const gcn_impl_result *ir, size_t g, size_t e, size_t k,
                             int no_answer)
{
    const gcn_tables *t = gcn_codec_tables();
    size_t u;
    for (u = 0; u < ir->nunexplained; u++) {
        const gcn_mismatch *m = &ir->unexplained[u];
        if (m->gen != (int)g || m->encoding != (int)e)
            continue;
        if ((m->insn >= 0 ? (size_t)m->insn : t->ninsns) != k)
            continue;
        if ((strcmp(m->kind, "no-answer") == 0) != no_answer)
            continue;
        xml(b, m->id);
        gcn_buf_putc(b, ' ');
        xml(b, m->file);
        gcn_buf_printf(b, ":%u ", m->line);
        xml(b, m->kind);
        gcn_buf_puts(b, ": input '");
        xml(b, m->input);
        gcn_buf_puts(b, "' expected '");
        xml(b, m->expected);
        gcn_buf_puts(b, "' got '");
        xml(b, m->got);
        gcn_buf_puts(b, "'\n");
    }
}

/* The first reason a vector of the instruction went unanswered ("timed out after 1 s"). */
static const char *junit_error_why(const gcn_impl_result *ir, size_t g, size_t e, size_t k)
{
    const gcn_tables *t = gcn_codec_tables();
    size_t u;
    for (u = 0; u < ir->nunexplained; u++) {
        const gcn_mismatch *m = &ir->unexplained[u];
        if (m->gen == (int)g && m->encoding == (int)e &&
            (m->insn >= 0 ? (size_t)m->insn : t->ninsns) == k && strcmp(m->kind, "no-answer") == 0)
            return m->got;
    }
    return "the tool could not be run";
}

typedef struct junit_counts {
    size_t tests, failures, errors, skipped, checks;
} junit_counts;

static junit_counts junit_suite_counts(const gcn_impl_result *ir, size_t g, size_t e)
{
    const gcn_tables *t = gcn_codec_tables();
    junit_counts n = {0, 0, 0, 0, 0};
    size_t k;
    for (k = 0; k <= t->ninsns; k++) {
        const gcn_insn_tally *it = &ir->insn[(g * nencs() + e) * (t->ninsns + 1) + k];
        if (!it->t.checks)
            continue;
        n.tests++;
        n.checks += it->t.checks;
        if (it->errors)
            n.errors++;
        else if (it->t.n[GCN_OUT_UNEXPLAINED] || it->t.our_bug)
            n.failures++;
        else if (it->t.n[GCN_OUT_NOT_CLAIMED] == it->t.checks)
            n.skipped++;
    }
    return n;
}

static void junit_suite(gcn_buf *b, const gcn_impl_result *ir, size_t g, size_t e)
{
    const gcn_tables *t = gcn_codec_tables();
    junit_counts n = junit_suite_counts(ir, g, e);
    double secs = ir->by_seconds[g][e];
    size_t k;
    if (!n.tests)
        return;
    gcn_buf_puts(b, "  <testsuite name=\"");
    junit_name(b, ir->peer, g, e);
    gcn_buf_printf(b,
                   "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" "
                   "time=\"%.3f\">\n",
                   n.tests, n.failures, n.errors, n.skipped, secs);
    for (k = 0; k <= t->ninsns; k++) {
        const gcn_insn_tally *it = &ir->insn[(g * nencs() + e) * (t->ninsns + 1) + k];
        if (!it->t.checks)
            continue;
        gcn_buf_puts(b, "    <testcase classname=\"gcnspec.");
        junit_name(b, ir->peer, g, e);
        gcn_buf_puts(b, "\" name=\"");
        xml(b, insn_name(k));
        gcn_buf_printf(b, "\" time=\"%.3f\">",
                       n.checks ? secs * (double)it->t.checks / (double)n.checks : 0.0);
        if (it->errors) {
            gcn_buf_printf(b, "\n      <error message=\"%zu of %zu checks without an answer: ",
                           it->errors, it->t.checks);
            xml(b, junit_error_why(ir, g, e, k));
            gcn_buf_puts(b, "\" type=\"adapter-error\">");
            junit_mismatches(b, ir, g, e, k, 1);
            gcn_buf_puts(b, "</error>\n    ");
        } else if (it->t.n[GCN_OUT_UNEXPLAINED] || it->t.our_bug) {
            gcn_buf_printf(b,
                           "\n      <failure message=\"%zu unexplained mismatches of %zu "
                           "checks\" type=\"mismatch\">",
                           it->t.n[GCN_OUT_UNEXPLAINED] + it->t.our_bug, it->t.checks);
            junit_mismatches(b, ir, g, e, k, 0);
            gcn_buf_puts(b, "</failure>\n    ");
        } else if (it->t.n[GCN_OUT_NOT_CLAIMED] == it->t.checks) {
            gcn_buf_puts(b, "<skipped message=\"not claimed\"/>");
        }
        if (explained(&it->t)) {
            size_t c, m = 0;
            gcn_buf_printf(b, "<system-out>%zu explained:", explained(&it->t));
            for (c = 0; c < ir->nclasses && c < 256; c++)
                if ((it->explained_by[c / 64] >> (c % 64)) & 1) {
                    gcn_buf_puts(b, m++ ? ", " : " ");
                    xml(b, ir->classes[c].key);
                }
            gcn_buf_puts(b, "</system-out>");
        }
        gcn_buf_puts(b, "</testcase>\n");
    }
    gcn_buf_puts(b, "  </testsuite>\n");
}

gcn_status gcn_check_write_junit(const gcn_check_result *r, const char *path, gcn_diag *diag)
{
    gcn_buf b;
    gcn_status st;
    junit_counts all = {0, 0, 0, 0, 0};
    double secs = 0;
    size_t i, g, e;
    for (i = 0; i < r->nimpls; i++) {
        const gcn_impl_result *ir = &r->impl[i];
        if (!ir->opened) {
            all.tests++;
            all.errors++;
            continue;
        }
        secs += ir->seconds;
        for (e = 0; e < nencs(); e++)
            for (g = 0; g < ngens(); g++) {
                junit_counts n = junit_suite_counts(ir, g, e);
                all.tests += n.tests;
                all.failures += n.failures;
                all.errors += n.errors;
                all.skipped += n.skipped;
            }
    }
    gcn_buf_init(&b);
    gcn_buf_printf(&b,
                   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"gcnspec "
                   "check\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" "
                   "time=\"%.3f\">\n",
                   all.tests, all.failures, all.errors, all.skipped, secs);
    for (i = 0; i < r->nimpls; i++) {
        const gcn_impl_result *ir = &r->impl[i];
        if (!ir->opened) {
            /* the tool could not be started: one test case in error */
            gcn_buf_puts(&b, "  <testsuite name=\"");
            xml(&b, ir->impl);
            gcn_buf_puts(&b, "\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" "
                             "time=\"0\">\n    <testcase classname=\"gcnspec.");
            junit_peer(&b, ir->peer[0] ? ir->peer : ir->impl);
            gcn_buf_puts(&b, "\" name=\"open\" time=\"0\"><error message=\"");
            xml(&b, ir->open_error);
            gcn_buf_puts(&b, "\" type=\"open\"/></testcase>\n  </testsuite>\n");
            continue;
        }
        for (e = 0; e < nencs(); e++)
            for (g = 0; g < ngens(); g++)
                junit_suite(&b, ir, g, e);
    }
    gcn_buf_puts(&b, "</testsuites>\n");
    st = b.oom ? GCN_ERR_NOMEM : gcn_write_file_atomic(path, b.data, b.len, diag);
    gcn_buf_free(&b);
    return st;
}
