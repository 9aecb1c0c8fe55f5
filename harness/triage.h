/* Findings triage: what a crashing input's log says, its signature (so one defect is one
 * finding however many inputs reach it), and its classification with the evidence.
 *
 * A log is what a target printed when it stopped: the harness' FINDING line with its evidence
 * (harness/fuzz_common.h), an AddressSanitizer / LeakSanitizer / UndefinedBehaviorSanitizer
 * report, or libFuzzer's own (timeout, out-of-memory, deadly signal). The signature:
 *
 *   finding:TARGET/KIND/SUBJECT          a harness finding (no values in it, see fuzz_common.h)
 *   asan:ERROR:f1<f2<f3                  the sanitizer's error and the top three frames that
 *   leak:f1<f2<f3                        are not the sanitizer's, libc's or libFuzzer's
 *   ubsan:FILE:LINE:MESSAGE              digits in the message folded to N
 *   timeout:f1<f2<f3, oom:..., signal:...
 *
 * Classification (fuzz_triage_classify), from the log and, for a disagreement with LLVM's
 * disassembler, from llvm-mc assembling both sides' texts (fuzz_mc_evidence):
 *
 *   - a harness finding of a target that checks gcnspec against itself (round trips, parsers):
 *     our-bug;
 *   - a crash, sanitizer report, timeout or OOM: llvm-bug when the top frame outside the
 *     runtimes is in libLLVM, else our-bug;
 *   - a disagreement with LLVM-C ("llvm-disagrees"): both accept with different texts: the side
 *     whose text llvm-mc assembles back to the word is right (both: our-bug, the text is to be
 *     LLVM's byte for byte); gcnspec accepts, LLVM rejects: llvm-bug when llvm-mc assembles
 *     gcnspec's text to the word (LLVM's assembler makes what its disassembler refuses),
 *     doc-erratum when llvm-mc refuses the text too (the documents define an encoding LLVM
 *     refuses both ways: the documents are wrong, or LLVM lacks it), our-bug when it assembles
 *     to other bytes; gcnspec rejects, LLVM accepts: our-bug when LLVM's text assembles back to
 *     the word (check whether the refusal follows the documents: then a doc-erratum), llvm-bug
 *     when it does not;
 *   - a finding the known list classifies our-bug: our-bug;
 *   - anything else: unclassified, with what is missing. */
#ifndef GCN_HARNESS_TRIAGE_H
#define GCN_HARNESS_TRIAGE_H

#include <stddef.h>

#define FUZZ_CLASS_LIST(X)                                                                         \
    X(FUZZ_CLASS_OUR_BUG, "our-bug", "gcnspec is wrong")                                           \
    X(FUZZ_CLASS_LLVM_BUG, "llvm-bug", "LLVM is wrong")                                            \
    X(FUZZ_CLASS_DOC_ERRATUM, "doc-erratum", "the documents are wrong (or LLVM lacks it)")         \
    X(FUZZ_CLASS_UNCLASSIFIED, "unclassified", "the evidence does not decide")

typedef enum fuzz_class {
#define FUZZ_CLASS_ENUM(e, name, meaning) e,
    FUZZ_CLASS_LIST(FUZZ_CLASS_ENUM)
#undef FUZZ_CLASS_ENUM
        FUZZ_CLASS_COUNT
} fuzz_class;

const char *fuzz_class_name(fuzz_class c);
const char *fuzz_class_meaning(fuzz_class c);

typedef enum fuzz_crash_kind {
    FUZZ_CRASH_NONE,
    FUZZ_CRASH_FINDING,   /* the harness' FINDING line */
    FUZZ_CRASH_SANITIZER, /* ASan, UBSan */
    FUZZ_CRASH_LEAK,
    FUZZ_CRASH_TIMEOUT,
    FUZZ_CRASH_OOM,
    FUZZ_CRASH_SIGNAL /* a deadly signal without a FINDING line */
} fuzz_crash_kind;

#define FUZZ_MAX_FRAMES 3

typedef struct fuzz_crash {
    fuzz_crash_kind kind;
    char error[160];                   /* the sanitizer's error, normalized */
    char target[64], fkind[64];        /* FINDING: target=, kind= */
    char subject[160];                 /* FINDING: subject= */
    char frames[FUZZ_MAX_FRAMES][160]; /* function names, top first, runtimes skipped */
    size_t nframes;
    char location[256]; /* file:line of the top kept frame (or UBSan's) */
    int in_llvm;        /* the top kept frame is in libLLVM */
    char evidence[4096];
    char signature[512];
    char title[300];
} fuzz_crash;

/* Reads a log; returns 1 when it holds a crash (out filled), 0 when it does not. */
int fuzz_triage_parse(const char *log, fuzz_crash *out);

/* A value of the FINDING's evidence ("  bytes: 0x..,.." -> "0x..,.."); 0 when absent. */
int fuzz_crash_field(const fuzz_crash *c, const char *name, char *out, size_t size);

/* llvm-mc on both texts of a disagreement with LLVM's disassembler (gcnspec fuzz asks it). */
typedef struct fuzz_mc_evidence {
    int have;                                /* llvm-mc was run */
    char peer[32];                           /* llvm-mc-14 */
    int ours_assembles, ours_same;           /* gcnspec's text assembled; to the word */
    int llvm_assembles, llvm_same;           /* LLVM's text ... */
    char ours_answer[256], llvm_answer[256]; /* llvm-mc's bytes, or its error */
} fuzz_mc_evidence;

/* The class, and in why the reason with its evidence (for people). ev may be NULL. */
fuzz_class fuzz_triage_classify(const fuzz_crash *c, const fuzz_mc_evidence *ev, char *why,
                                size_t size);

#endif
