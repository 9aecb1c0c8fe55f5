/* The word entries of spec/peers/llvm-known.json: a known, classified disagreement between
 * gcnspec and an LLVM peer on the words of one encoding, and the conditions that say whether it
 * explains one word. One loader and one matcher for both of the project's readers: the peer tests
 * and fuzz targets (tests/peer/llvm_disasm.h, peer_known_*) and the vector checker
 * (vectors/known.h, gcn_known_*).
 *
 * An entry: id; gens; peers (llvm-14, llvm-19, llvm-mc-14); encoding (a name, or a list of
 * names: the entry holds for the words of each); instructions (optional
 * mnemonics); instruction and pattern (for people); ours and llvm ("accept" / "reject" / "any";
 * a marked LLVM text is a reject; llvm also "crash": the peer killed its process on the word,
 * which only an llvm-bug entry explains and "any" never matches); when (optional, all must
 * hold): fields {NAME: {in: [[lo, hi],
 * ...], class: [scalar classes of the value, or "beyond-8-bits"]}} (a field the layout lacks
 * reads as 0; every encoding listed must have it), any_fields {NAME: ...} as fields, of which
 * one must hold (among the fields the word's encoding has: SSRC0 or SSRC1 = 125, where SOPC
 * has no SDST), bits [{mask, value}] over the word, noncanonical (bits outside the instruction's
 * fields), ours_regex / llvm_regex (POSIX ERE on the texts), ours_drop / llvm_drop (substrings
 * removed from the texts, which must then be equal: those entries stack); classification;
 * explanation; reproducer {gen, bytes, gcnspec, and the text each peer gives: LLVM's text,
 * "(rejected)", "(crashed: SIGSEGV)", or llvm-mc's bytes / "error: ..."}.
 *
 * The encoding is one the codec models (its tables' name) or, for words the codec cannot decode
 * yet, one of the catalogue's (spec/encodings.json: VOP2, VOPC, ...): such an entry can only
 * test bits (over the word's first 64 bits) and the texts, since the codec has no fields or
 * instructions for it. */
#ifndef GCN_VECTORS_KNOWN_WORD_H
#define GCN_VECTORS_KNOWN_WORD_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "gcnspec/codec.h"
#include "util/json.h"

#define GCN_KW_MAX_LIST 64
#define GCN_KW_MAX_FIELDS 6
#define GCN_KW_MAX_RANGES 8

/* Classifications: only those with `fails` set keep a test red. */
typedef struct gcn_kw_class {
    const char *name;
    int fails;
    const char *meaning;
} gcn_kw_class;
const gcn_kw_class *gcn_kw_classes(void); /* NULL-name terminated */

#define GCN_KW_MAX_ENCS 32
#define GCN_KW_MAX_SLOTS 24 /* fields of one encoding (the codec's GCN_MAX_SLOTS) */
/* A peer's outcome on a word: an entry's `ours` and `llvm`, a word's ours_ok and peer_ok. */
enum { GCN_KW_ANY = -1, GCN_KW_REJECT = 0, GCN_KW_ACCEPT = 1, GCN_KW_CRASH = 2 };

typedef struct gcn_kw_field {
    int slot[GCN_KW_MAX_ENCS]; /* by encoding index: in its field order, -1 when it lacks it */
    int any;                   /* an any_fields condition */
    size_t nranges;
    long long lo[GCN_KW_MAX_RANGES], hi[GCN_KW_MAX_RANGES];
    unsigned classes; /* bit per gcn_sclass, bit GCN_SC_COUNT: beyond the 8-bit codes; 0: any */
} gcn_kw_field;

typedef struct gcn_kw_entry {
    const char *id;
    const char *classification;
    int fails; /* our-bug: a disagreement it explains is still a failure */
    const char *encoding;
    const char *instruction; /* the instruction or operand class, for people */
    const char *pattern;     /* the bit pattern, for people */
    const char *explanation;
    /* the reproducer */
    int repro_gen;
    uint8_t repro_bytes[GCN_INST_MAX_BYTES + 4];
    size_t repro_len;
    const char *repro_ours; /* gcnspec's text, or "(rejected: <status>)" */
    const char *repro_peer[GCN_KW_MAX_LIST], *repro_text[GCN_KW_MAX_LIST];
    size_t nrepro;
    /* the conditions */
    unsigned gens;
    const char *peers[GCN_KW_MAX_LIST];
    size_t npeers;
    /* the codec's index of the first encoding listed (the reproducer's), -1 for a
     * catalogue-only encoding (which is then the only one); encs: bit per codec index of the
     * encodings listed */
    int enc;
    unsigned encs;
    const char *insns[GCN_KW_MAX_LIST];
    size_t ninsns;
    const char *source16; /* the instruction's 16-bit sources' format ("f16", "i16"), or NULL */
    int ours, llvm;       /* GCN_KW_ANY, _REJECT, _ACCEPT; llvm also GCN_KW_CRASH */
    gcn_kw_field fields[GCN_KW_MAX_FIELDS];
    size_t nfields;
    uint64_t bit_mask[GCN_KW_MAX_LIST], bit_value[GCN_KW_MAX_LIST];
    size_t nbits;
    int noncanonical; /* -1 any */
    const char *ours_drop[GCN_KW_MAX_LIST], *peer_drop[GCN_KW_MAX_LIST];
    size_t nours_drop, npeer_drop;
    regex_t ours_re, peer_re;
    int has_ours_re, has_peer_re;
    /* when.scalar_values: at least sv_min of the fields sv_fields hold a value of the scalar
     * classes sv_classes (VOP3's sources: the constant bus's scalar values) */
    const char *sv_fields[GCN_KW_MAX_LIST];
    size_t nsv_fields;
    /* by encoding index and field: how many of sv_fields name it (resolved at load: the
     * vector writer asks for every word) */
    unsigned char sv_count[GCN_KW_MAX_ENCS][GCN_KW_MAX_SLOTS];
    unsigned sv_classes;
    int sv_min;
    /* when.constant_bus: the codec refuses the word for its constant bus rule alone (LLVM's
     * disassembler prints words its assembler refuses) */
    int constant_bus;
} gcn_kw_entry;

/* Loads one entry of the "known" list (it must be zeroed first). Bad input: file:line:col.
 * gcn_kw_free releases its regular expressions, loaded or not. */
gcn_status gcn_kw_load(const gcn_json_doc *doc, const cJSON *e, gcn_kw_entry *it, gcn_diag *diag);
void gcn_kw_free(gcn_kw_entry *it);

/* One word as a matcher sees it. Unknown outcomes (-1) and texts (NULL) make the conditions on
 * them hold (the vector writer asks before any peer has answered). */
typedef struct gcn_kw_word {
    int gen;
    int encoding;              /* the codec's encoding index, -1 when it models none */
    const char *encoding_name; /* the catalogue's name (gcn_disasm_next), NULL: the codec's */
    const uint8_t *bytes;      /* the word (and what follows it) */
    size_t len;
    int insn;              /* the instruction row, -1 when none */
    int ours_ok;           /* gcnspec decodes it; -1 unknown */
    const char *ours_text; /* gcnspec's text ("" when rejected) */
    int peer_ok;           /* GCN_KW_ACCEPT, _REJECT, _CRASH; -1 unknown */
    const char *peer_text; /* the peer's text, NULL when unknown */
} gcn_kw_word;

/* Every condition but the peer and the texts' rewriting. */
int gcn_kw_holds(const gcn_kw_entry *it, const gcn_kw_word *w);
/* gcn_kw_holds for a word whose encoding (the codec's, encoding_name NULL), generation and
 * instruction row an index has already found the entry may hold for (gcn_kw_names_encoding,
 * gcn_kw_may_hold): the conditions on the rest of the word. */
int gcn_kw_holds_rest(const gcn_kw_entry *it, const gcn_kw_word *w);
/* Does the entry hold for words of the codec's encoding index `encoding`? */
int gcn_kw_names_encoding(const gcn_kw_entry *it, int encoding);
/* The part of gcn_kw_holds a word's generation and instruction row decide (insn -1: none; a
 * catalogue-only entry's instructions are not checked): 0 when the entry cannot hold for any
 * word of them. */
int gcn_kw_may_hold(const gcn_kw_entry *it, int gen, int insn);
/* Does the entry name this peer (exactly)? */
int gcn_kw_names_peer(const gcn_kw_entry *it, const char *peer);
/* An entry that explains a difference of texts by dropping substrings from them. */
int gcn_kw_rewrites(const gcn_kw_entry *it);
/* Drops the entry's substrings from the two texts (in place). */
void gcn_kw_drop(const gcn_kw_entry *it, char *ours, char *peer);
/* The reproducer's recorded text for a peer (NULL when the entry records none for it). */
const char *gcn_kw_repro_text(const gcn_kw_entry *it, const char *peer);

/* ---- the encodings, from the codec tables ----------------------------------------------------
 */

/* The encoding index named `name` (DS, SOP1, ...), -1 when the tables have none. */
int gcn_kw_encoding_index(const char *name);
/* Does the catalogue (spec/encodings.json, as the codec's stream decoder has it) name it? */
int gcn_kw_catalogue_has(const char *name);
/* The bits of gen's layout of enc (over its min(bytes, 8) bytes) that no field covers and that
 * are not fixed: a word with one of them set is not canonical. */
uint64_t gcn_kw_stray_mask(int gen, unsigned enc);
/* The bits an instruction uses on gen: fixed bits, opcode, its operands' fields (with their
 * auxiliary fields) and the modifiers it takes on gen. */
uint64_t gcn_kw_used_mask(int gen, unsigned insn);
/* The instruction row the word's opcode selects on gen, -1 when the opcode is undefined. */
int gcn_kw_insn_of(int gen, unsigned enc, uint64_t word);
/* The strings of the list obj[key] (absent: none, unless required) into out, at most max.
 * Bad input: file:line:col. */
gcn_status gcn_kw_str_list(const gcn_json_doc *doc, const cJSON *obj, const char *key, int required,
                           const char **out, size_t max, size_t *n, gcn_diag *diag);
/* Parses a byte list ("0x6c,0x01,..." with or without brackets/spaces); returns the count. */
size_t gcn_kw_parse_bytes(const char *s, uint8_t *out, size_t max);

#endif
