/* Target 3, the differential against LLVM: our decoder and the LLVM-C disassembler of one LLVM
 * version (fuzz_llvm14_diff, fuzz_llvm19_diff) on the same word of one of our encodings, gfx8 or
 * gfx9 (harness/llvm_input.h). Both reject, or both accept with the same text and size; any
 * other outcome must be explained by spec/peers/llvm-known.json (compiled in; GCN_LLVM_KNOWN
 * names another file), else it is a finding. An entry classified our-bug explains nothing: a
 * disagreement it matches is still a finding. LLVM's text with an invalid-encoding mark
 * (`; Warning:`, an "invalid immediate" comment) counts as LLVM rejecting
 * (tests/peer/llvm_disasm.h).
 *
 * LLVM runs isolated, in a child process of the target (tests/peer/isolate.h: a fork server, one
 * round trip per input): LLVM 14 and 19 segfault on some words (VOP SDWA with a SEL of 7), and a
 * crash of LLVM must be a finding about LLVM ("llvm-crashes", with the word and the llvm-mc
 * command that shows it), not a crash of this target. A crash an llvm-bug entry of the known list
 * explains ("llvm": "crash") is no finding. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codec/tables.h"
#include "fuzz_common.h"
#include "known_list.h"
#include "llvm_input.h"
#include "tests/peer/llvm_disasm.h"
#include "util/buf.h"

#define TARGET "llvm_diff"

#ifndef GCN_LLVM_C
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "built without the LLVM-C library (llvm-NN-dev): skipped\n");
    exit(77);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)data;
    (void)size;
    return 0;
}
#else

static llvm_disasm_isolated *disasm[LLVM_INPUT_GENS];
static peer_known *known;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    unsigned k;
    (void)argc;
    (void)argv;
    for (k = 0; k < LLVM_INPUT_GENS; k++) {
        int gen = llvm_input_gen(k);
        gcn_diag d;
        gcn_status st = GCN_ERR_UNSUPPORTED;
        gcn_diag_set(&d, "llvm-disasm", 0, 0, "no generation %u", k);
        if (gen >= 0)
            st = llvm_disasm_isolated_open(&disasm[k], gcn_gen_mcpu(gen), &d);
        if (st != GCN_OK) {
            gcn_diag_print(&d, stderr);
            exit(st == GCN_ERR_UNSUPPORTED ? 77 : 1);
        }
    }
    /* the isolation's own test (tests/harness): the child raises SIGSEGV on words that start
     * with these bytes, as LLVM does on the words it crashes on */
    if (getenv("GCN_FUZZ_LLVM_FAULT")) {
        uint8_t fault[LLVM_INPUT_MAX];
        size_t n = gcn_kw_parse_bytes(getenv("GCN_FUZZ_LLVM_FAULT"), fault, sizeof(fault));
        for (k = 0; k < LLVM_INPUT_GENS; k++)
            if (!n || llvm_disasm_isolated_fault(disasm[k], fault, n, SIGSEGV) != GCN_OK) {
                fprintf(stderr, "GCN_FUZZ_LLVM_FAULT: bytes 0x..,0x.. (at most %d)\n",
                        LLVM_DISASM_INPUT_MAX);
                exit(2);
            }
    }
    known = known_list_load();
    return 0;
}

static const char *outcome_name(llvm_disasm_outcome o)
{
    return o == LLVM_DISASM_ACCEPTED   ? "accepts"
           : o == LLVM_DISASM_REJECTED ? "rejects (no decode)"
           : o == LLVM_DISASM_CRASHED  ? "crashes"
                                       : "rejects (marked invalid)";
}

/* LLVM died on the word: a finding about LLVM, unless the known list explains it. */
static void llvm_crashed(const llvm_word *w, const llvm_disasm_result *r)
{
    char ours[FUZZ_TEXT_MAX], peer[LLVM_DISASM_TEXT_MAX], hex[128], subject[160], sig[32];
    const char *enc = gcn_codec_tables()->encodings[w->enc].name;
    peer_view v;
    long k;
    int ok;
    peer_ours_text(w->gen, w->bytes, w->len, ours, sizeof(ours), &ok);
    llvm_disasm_text_of(r, peer, sizeof(peer));
    v.peer = llvm_disasm_peer();
    v.gen = w->gen;
    v.encoding = (int)w->enc;
    v.encoding_name = NULL;
    v.bytes = w->bytes;
    v.len = w->len;
    v.ours_ok = ok;
    v.ours_text = ours;
    v.peer_ok = GCN_KW_CRASH;
    v.peer_text = peer;
    k = peer_known_match(known, &v);
    if (k >= 0 && !peer_known_get(known, (size_t)k)->fails)
        return;
    snprintf(subject, sizeof(subject), "%s:llvm-%s:%s", enc, r->fate.hung ? "hangs" : "crashes",
             r->fate.signal ? peer_signal_name(r->fate.signal, sig, sizeof(sig)) : "exit");
    gcn_hex_bytes(w->bytes, w->len, hex, sizeof(hex));
    fuzz_finding(TARGET, "llvm-crashes", subject,
                 "  peer: %s (%s)\n  gen: %s (-mcpu=%s)\n  bytes: %s\n  gcnspec: %s\n"
                 "  llvm: %s\n  reproduce: echo '%s' | llvm-mc-%s -arch=amdgcn -mcpu=%s "
                 "-disassemble\n  known entry: %s",
                 llvm_disasm_peer(), llvm_disasm_version(), gcn_gen_id(w->gen),
                 gcn_gen_mcpu(w->gen), hex, ours, peer, hex, llvm_disasm_peer() + 5,
                 gcn_gen_mcpu(w->gen), k >= 0 ? peer_known_get(known, (size_t)k)->id : "none");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    llvm_word w;
    gcn_inst in;
    llvm_disasm_result r;
    char ours[FUZZ_TEXT_MAX], peer[LLVM_DISASM_TEXT_MAX], hex[128], subject[320];
    const char *insn_name;
    int insn;
    int ok;
    peer_view v;
    long k;
    if (!llvm_input_word(data, size, &w))
        return 0;
    ok = gcn_decode(w.gen, w.bytes, w.len, &in) == GCN_OK;
    {
        gcn_diag d;
        if (llvm_disasm_isolated_one(disasm[w.k], w.bytes, w.len, &r, &d) != GCN_OK) {
            /* the harness itself failed (fork, socket): not a finding, and no input to blame */
            gcn_diag_print(&d, stderr);
            abort();
        }
    }
    if (r.outcome == LLVM_DISASM_CRASHED) {
        llvm_crashed(&w, &r);
        return 0;
    }
    if (!ok && r.outcome != LLVM_DISASM_ACCEPTED)
        return 0;
    if (ok)
        gcn_print(&in, ours, sizeof(ours));
    if (ok && r.outcome == LLVM_DISASM_ACCEPTED && r.size == in.size && strcmp(ours, r.text) == 0)
        return 0;
    if (!ok)
        peer_ours_text(w.gen, w.bytes, w.len, ours, sizeof(ours), &ok);
    snprintf(peer, sizeof(peer), "%s", r.outcome == LLVM_DISASM_REJECTED ? "(rejected)" : r.text);
    v.peer = llvm_disasm_peer();
    v.gen = w.gen;
    v.encoding = (int)w.enc;
    v.encoding_name = NULL;
    v.bytes = w.bytes;
    v.len = w.len;
    v.ours_ok = ok;
    v.ours_text = ours;
    v.peer_ok = r.outcome == LLVM_DISASM_ACCEPTED ? GCN_KW_ACCEPT : GCN_KW_REJECT;
    v.peer_text = peer;
    k = peer_known_match(known, &v);
    insn = gcn_kw_insn_of(w.gen, w.enc, peer_load(w.bytes, w.len));
    insn_name = insn >= 0 ? gcn_insn_mnemonic(insn) : "(no instruction at this opcode)";
    if (k >= 0 && !peer_known_get(known, (size_t)k)->fails)
        return 0;
    /* the subject: the encoding, the outcomes and what sets this word apart, without values:
     * gcnspec's reason for refusing it, or the classes of its operands and the marker LLVM
     * wrote, or the first token where the texts part */
    {
        char detail[200];
        const char *enc = gcn_codec_tables()->encodings[w.enc].name;
        if (!ok) {
            char why[256];
            const char *colon;
            gcn_decode_why(w.gen, w.bytes, w.len, why, sizeof(why));
            colon = strstr(why, ": "); /* "s_mov_b32: SSRC0=209 is not ..." */
            fuzz_subject_shape(colon ? colon + 2 : why, detail, sizeof(detail));
        } else {
            char ops[100];
            const char *colon;
            fuzz_subject_operands(&in, ops, sizeof(ops));
            colon = strchr(ops, ':');
            if (r.outcome == LLVM_DISASM_ACCEPTED) {
                size_t i = 0, tok = 0;
                while (ours[i] && ours[i] == r.text[i]) {
                    tok += ours[i] == ' ' || ours[i] == ',';
                    i++;
                }
                snprintf(detail, sizeof(detail), "%s:text-differs-at-token-%zu",
                         colon ? colon + 1 : ops, tok);
            } else {
                snprintf(detail, sizeof(detail), "%s:%s", colon ? colon + 1 : ops,
                         r.marker ? "marked" : "not-decoded");
            }
        }
        snprintf(subject, sizeof(subject), "%s:ours-%s:llvm-%s:%s", enc, ok ? "accepts" : "rejects",
                 r.outcome == LLVM_DISASM_ACCEPTED ? "accepts" : "rejects", detail);
    }
    gcn_hex_bytes(w.bytes, w.len, hex, sizeof(hex));
    fuzz_finding(TARGET, k >= 0 ? "llvm-disagrees-our-bug" : "llvm-disagrees", subject,
                 "  peer: %s (%s)\n  gen: %s (-mcpu=%s)\n  instruction: %s\n  bytes: %s\n"
                 "  gcnspec: %s\n  llvm: %s\n  llvm outcome: %s%s%s\n  known entry: %s",
                 llvm_disasm_peer(), llvm_disasm_version(), gcn_gen_id(w.gen), gcn_gen_mcpu(w.gen),
                 insn_name, hex, ours, peer, outcome_name(r.outcome), r.marker ? ", marker " : "",
                 r.marker ? r.marker : "", k >= 0 ? peer_known_get(known, (size_t)k)->id : "none");
}
#endif
