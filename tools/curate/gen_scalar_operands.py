#!/usr/bin/env python3
"""Writes spec/curated/scalar_operands.json: the scalar operand codes (SOP1 SSRC0/SDST,
SMEM/SMRD registers) per generation, each fact backed by llvm-mc runs.

Every fact below is a claim plus the probes that test it. The probes are run on
llvm-mc-14 (and llvm-mc-19); each probe line carries what the claim predicts (which
code lands in which field, or an error), and the script stops if the peer disagrees.
Where llvm-mc-19 prints something else, its run is kept as evidence too and the fact's
note must say so.

usage: gen_scalar_operands.py [--out PATH]   (default: spec/curated/scalar_operands.json)
"""

import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as mc  # noqa: E402

ALL = mc.GENS
G01 = ["gcn1.0", "gcn1.1"]
G012 = ["gcn1.0", "gcn1.1", "gcn1.2"]
G24 = ["gcn1.2", "gcn1.4"]

# SOP1 words for the disassembler (gfx8/gfx9 opcodes: s_mov_b32 = 0, s_mov_b64 = 1).
SOP1_B32 = 0xBE800000
SOP1_B64 = 0xBE800100


def src32(code, lit=None):
    return mc.le_bytes(SOP1_B32 | code, lit)


def src64(code, lit=None):
    return mc.le_bytes(SOP1_B64 | code, lit)


def dst32(code):
    return mc.le_bytes(SOP1_B32 | code << 16)


def dst64(code):
    return mc.le_bytes(SOP1_B64 | code << 16)


# ---- expectations ---------------------------------------------------------------------------
# asm: ("src", code) SSRC0 (bits 0-7) holds code; ("dst", code) SDST (bits 16-22) holds code;
#      ("lit", value) SSRC0 is 255 and the next dword is value; ("bits", lo, width, value) on the
#      whole little-endian encoding; ("ok",) assembles; ("err", text) is rejected with text.
# dis: ("text", asm) prints asm and re-encodes to the same bytes; ("lossy", asm) prints asm but
#      re-encodes to other bytes; ("invalid",) is reported as an invalid encoding.
# A dict {peer: expectation} gives a peer its own expectation.


def check_one(peer, kind, res, exp, where):
    tag = exp[0]
    if tag in ("err", "invalid"):
        if res.error is None:
            mc.fail("%s: %r assembled/decoded, expected %s" % (where, res.line, exp))
        if tag == "err" and exp[1] not in res.error:
            mc.fail("%s: %r error %r lacks %r" % (where, res.line, res.error, exp[1]))
        return
    if res.error is not None:
        mc.fail("%s: %r failed: %s (expected %s)" % (where, res.line, res.error, exp))
    word = mc.u32(res.data)
    if tag == "ok":
        return
    if tag == "src":
        if word & 0xFF != exp[1] or len(res.data) != 4:
            mc.fail("%s: %r: SSRC0 %d, expected %d" % (where, res.line, word & 0xFF, exp[1]))
    elif tag == "dst":
        if (word >> 16) & 0x7F != exp[1]:
            mc.fail("%s: %r: SDST %d, expected %d" % (where, res.line, (word >> 16) & 0x7F, exp[1]))
    elif tag == "lit":
        if word & 0xFF != 255 or len(res.data) != 8 or mc.u32(res.data, 4) != exp[1]:
            mc.fail("%s: %r: %s is not literal %#x" % (where, res.line, res.data.hex(), exp[1]))
    elif tag == "bits":
        val = (int.from_bytes(res.data, "little") >> exp[1]) & ((1 << exp[2]) - 1)
        if val != exp[3]:
            mc.fail("%s: %r: bits %d+%d = %#x, expected %#x" % (where, res.line, exp[1], exp[2],
                                                                val, exp[3]))
    elif tag in ("text", "lossy"):
        if res.text != exp[1]:
            mc.fail("%s: %r printed %r, expected %r" % (where, res.line, res.text, exp[1]))
        same = res.data == bytes(int(b, 16) for b in res.line.split(","))
        if same != (tag == "text"):
            mc.fail("%s: %r re-encoded as %s (%s expected)"
                    % (where, res.line, res.data.hex(), tag))
    else:
        mc.fail("unknown expectation %r" % (exp,))


def check_run(peer, kind, ev, lines, where):
    results = mc.parse_asm(ev) if kind == "asm" else mc.parse_dis(ev)
    if len(results) != len(lines):
        mc.fail("%s: %d results for %d lines" % (where, len(results), len(lines)))
    for res, (_, exps) in zip(results, lines):
        for exp in exps:
            if isinstance(exp, dict):
                exp = exp[peer]
            for one in exp if isinstance(exp, list) else [exp]:
                check_one(peer, kind, res, one, where)


class Run:
    """One probe input, run on each generation in `gens` (or once on `cpu`)."""

    def __init__(self, kind, lines, gens=None, cpu=None, extra=()):
        self.kind, self.gens, self.cpu, self.extra = kind, gens, cpu, list(extra)
        self.lines = [(text, exps if isinstance(exps, list) else [exps]) for text, exps in lines]

    def stdin(self):
        return "".join((mc.words_line(t) if isinstance(t, bytes) else t) + "\n"
                       for t, _ in self.lines)

    def targets(self, fact_gens):
        if self.cpu:
            return [self.cpu]
        gens = self.gens or fact_gens
        if self.kind == "dis":
            gens = [g for g in gens if g in mc.DISASM_GENS]
        return [mc.GEN_CPU[g] for g in gens]


def evidence_for(fact_id, runs, gens, note):
    evidence, differs = [], False
    for run in runs:
        for cpu in run.targets(gens):
            args = mc.asm_args(cpu, run.extra) if run.kind == "asm" else mc.dis_args(cpu, run.extra)
            ev14 = mc.run(mc.PRIMARY, args, run.stdin())
            ev19 = mc.run(mc.SECONDARY, args, run.stdin())
            check_run(mc.PRIMARY, run.kind, ev14, run.lines, "%s (%s)" % (fact_id, ev14["cmd"]))
            check_run(mc.SECONDARY, run.kind, ev19, run.lines, "%s (%s)" % (fact_id, ev19["cmd"]))
            evidence.append(ev14)
            if (ev19["stdout"], ev19["stderr"]) != (ev14["stdout"], ev14["stderr"]):
                evidence.append(ev19)
                differs = True
    if differs and "llvm-mc-19" not in (note or ""):
        mc.fail("%s: llvm-mc-19 differs from llvm-mc-14 but the note does not say how" % fact_id)
    if not differs and "llvm-mc-19" in (note or ""):
        mc.fail("%s: the note mentions llvm-mc-19 but both peers agree" % fact_id)
    if not evidence:
        mc.fail("%s: no evidence" % fact_id)
    return evidence


FACTS = []


def fact(fid, gens, cls, codes, use, runs, asm32=None, asm64=None, first_index=None, value=None,
         note=None, aliases=None):
    FACTS.append(dict(id=fid, gens=gens, cls=cls, codes=codes, use=use, runs=runs, asm32=asm32,
                      asm64=asm64, first_index=first_index, value=value, note=note,
                      aliases=aliases))


def gen_tag(gens):
    if gens == ALL:
        return "all"
    if len(gens) == 1:
        return gens[0]
    return "%s-%s" % (gens[0], gens[-1][len("gcn"):])


# ---- SGPRs ----------------------------------------------------------------------------------

TUPLE_ALIGN = [
    ("s_load_dwordx4 s[4:7], s[0:1], 0x0", ("ok",)),
    ("s_load_dwordx4 s[2:5], s[0:1], 0x0", ("err", "invalid register alignment")),
    ("s_load_dwordx8 s[4:11], s[0:1], 0x0", ("ok",)),
    ("s_load_dwordx8 s[6:13], s[0:1], 0x0", ("err", "invalid register alignment")),
    ("s_load_dwordx16 s[4:19], s[0:1], 0x0", ("ok",)),
    ("s_load_dwordx16 s[2:17], s[0:1], 0x0", ("err", "invalid register alignment")),
    ("s_buffer_load_dword s0, s[4:7], 0x0", ("ok",)),
    ("s_buffer_load_dword s0, s[2:5], 0x0", ("err", "invalid register alignment")),
]

SGPR_NOTE = (
    "A 64-bit operand is an even-aligned pair: llvm-mc rejects s[1:2] ('invalid register "
    "alignment'). 128-, 256- and 512-bit tuples (SMRD/SMEM data, the s_buffer_load SBASE quad) "
    "must start at a multiple of 4 (s[4:11], s[4:19] accepted; s[2:5], s[6:13], s[2:17] "
    "rejected). s[n] and s[n:n] also spell sn. Register names are lower case only: 'S0' is "
    "rejected.")


def sgpr_runs(last):
    asm = [
        ("s_mov_b32 s0, s0", [("dst", 0), ("src", 0)]),
        ("s_mov_b32 s%d, s%d" % (last, last), [("dst", last), ("src", last)]),
        ("s_mov_b32 s0, s[2:2]", ("src", 2)),
        ("s_mov_b32 s0, s[3]", ("src", 3)),
        ("s_mov_b32 s%d, s0" % (last + 1), ("err", "register not available on this GPU")),
        ("s_mov_b64 s[%d:%d], s[0:1]" % (last - 1, last), ("dst", last - 1)),
        ("s_mov_b64 s[0:1], s[%d:%d]" % (last - 1, last), ("src", last - 1)),
        ("s_mov_b64 s[1:2], s[0:1]", ("err", "invalid register alignment")),
        ("s_mov_b64 s[0:1], s[3:4]", ("err", "invalid register alignment")),
        ("S_MOV_B32 S0, S1", ("err", "invalid operand for instruction")),
    ] + TUPLE_ALIGN
    return asm


fact("scalar.sgpr.gcn1.0-1.1", G01, "sgpr", [0, 103], ["src", "dst"],
     [Run("asm", sgpr_runs(103))], asm32="s{n}", asm64="s[{n}:{n+1}]", first_index=0,
     note="s0-s103. " + SGPR_NOTE)

fact("scalar.sgpr.gcn1.2-1.4", G24, "sgpr", [0, 101], ["src", "dst"],
     [Run("asm", sgpr_runs(101)),
      Run("dis", [(src32(0), ("text", "s_mov_b32 s0, s0")),
                  (src32(101), ("text", "s_mov_b32 s0, s101")),
                  (dst32(101), ("text", "s_mov_b32 s101, s0")),
                  (src64(100), ("text", "s_mov_b64 s[0:1], s[100:101]")),
                  (src64(101), ("lossy", "s_mov_b64 s[0:1], s[100:101]")),
                  (dst64(101), ("lossy", "s_mov_b64 s[100:101], s[0:1]"))])],
     asm32="s{n}", asm64="s[{n}:{n+1}]", first_index=0,
     note="s0-s101 (102-103 became flat_scratch). " + SGPR_NOTE + " LLVM's disassembler "
     "decodes an odd SGPR in a 64-bit operand as the even pair below it (code 101 prints "
     "s[100:101] and re-encodes as 100): lossy, where it should be an invalid encoding.")

# ---- named register pairs -------------------------------------------------------------------


def pair_runs(lo, hi, name64, code, gens=None, cpu=None, extra=()):
    asm = Run("asm", [
        ("s_mov_b32 %s, %s" % (lo, lo), [("dst", code), ("src", code)]),
        ("s_mov_b32 %s, %s" % (hi, hi), [("dst", code + 1), ("src", code + 1)]),
        ("s_mov_b64 %s, %s" % (name64, name64), [("dst", code), ("src", code)]),
    ], gens=gens, cpu=cpu, extra=extra)
    dis = Run("dis", [
        (src32(code), ("text", "s_mov_b32 s0, %s" % lo)),
        (src32(code + 1), ("text", "s_mov_b32 s0, %s" % hi)),
        (dst32(code), ("text", "s_mov_b32 %s, s0" % lo)),
        (dst32(code + 1), ("text", "s_mov_b32 %s, s0" % hi)),
        (src64(code), ("text", "s_mov_b64 s[0:1], %s" % name64)),
        (dst64(code), ("text", "s_mov_b64 %s, s[0:1]" % name64)),
        (src64(code + 1), ("invalid",)),
        (dst64(code + 1), ("invalid",)),
    ], gens=gens)
    return [asm, dis]


def pair(name, gens, code, runs, note_lo, note_hi=None, extra_note=""):
    lo, hi = name + "_lo", name + "_hi"
    fact("scalar.%s_lo.%s" % (name, gen_tag(gens)), gens, "special", [code, code], ["src", "dst"],
         runs, asm32=lo, asm64=name, note=note_lo + extra_note)
    fact("scalar.%s_hi.%s" % (name, gen_tag(gens)), gens, "special", [code + 1, code + 1],
         ["src", "dst"], runs, asm32=hi,
         note=(note_hi or "High half of %s." % name) + " Not a 64-bit operand: an odd code in a "
         "64-bit operand is an invalid encoding to LLVM's disassembler." + extra_note)


pair("flat_scratch", ["gcn1.1"], 104, pair_runs("flat_scratch_lo", "flat_scratch_hi",
                                                "flat_scratch", 104),
     "Low half of FLAT_SCRATCH; 64-bit operand `flat_scratch`. New in GCN 1.1 at 104-105 "
     "(tahiti rejects the name).")
pair("flat_scratch", G24, 102, pair_runs("flat_scratch_lo", "flat_scratch_hi", "flat_scratch",
                                         102),
     "Low half of FLAT_SCRATCH; 64-bit operand `flat_scratch`. Moved to 102-103 in GCN 1.2, "
     "taking s102-s103.")

XNACK_12_NOTE = (
    " LLVM enables XNACK_MASK only for gfx8 parts with XNACK (carrizo, stoney): the tonga "
    "assembler rejects the names ('register not available on this GPU') while the tonga "
    "disassembler prints them, and carrizo assembles them at 104-105.")
XNACK_12_RUNS = [
    Run("asm", [("s_mov_b32 xnack_mask_lo, s0", ("err", "register not available on this GPU")),
                ("s_mov_b32 s0, xnack_mask_hi", ("err", "register not available on this GPU")),
                ("s_mov_b64 xnack_mask, s[0:1]", ("err", "register not available on this GPU"))]),
] + pair_runs("xnack_mask_lo", "xnack_mask_hi", "xnack_mask", 104, cpu="carrizo")
pair("xnack_mask", ["gcn1.2"], 104, XNACK_12_RUNS,
     "Low half of XNACK_MASK; 64-bit operand `xnack_mask`.", extra_note=XNACK_12_NOTE)
pair("xnack_mask", ["gcn1.4"], 104,
     pair_runs("xnack_mask_lo", "xnack_mask_hi", "xnack_mask", 104),
     "Low half of XNACK_MASK; 64-bit operand `xnack_mask`.")
pair("vcc", ALL, 106, pair_runs("vcc_lo", "vcc_hi", "vcc", 106),
     "Low half of VCC; 64-bit operand `vcc`.")
pair("tba", G012, 108, pair_runs("tba_lo", "tba_hi", "tba", 108),
     "Low half of TBA (trap base address); 64-bit operand `tba`. Gone in GCN 1.4, where "
     "108-111 are ttmp0-3.")
pair("tma", G012, 110, pair_runs("tma_lo", "tma_hi", "tma", 110),
     "Low half of TMA (trap memory address); 64-bit operand `tma`. Gone in GCN 1.4, where "
     "108-111 are ttmp0-3.")
pair("exec", ALL, 126,
     pair_runs("exec_lo", "exec_hi", "exec", 126) + [
         Run("asm", [("s_load_dword exec_lo, s[2:3], 0x0", ("err", "invalid operand")),
                     ("s_load_dwordx2 exec, s[2:3], 0x0", ("err", "invalid operand"))])],
     "Low half of EXEC; 64-bit operand `exec`. LLVM rejects exec as an SMRD/SMEM load "
     "destination.")

# ---- trap temporaries -----------------------------------------------------------------------


def ttmp_runs(first, count, gone, beyond_error):
    last = first + count - 1
    asm = [
        ("s_mov_b32 ttmp0, ttmp0", [("dst", first), ("src", first)]),
        ("s_mov_b32 ttmp%d, ttmp%d" % (count - 1, count - 1), [("dst", last), ("src", last)]),
        ("s_mov_b32 ttmp%d, s0" % count, ("err", beyond_error)),
        ("s_mov_b64 ttmp[%d:%d], ttmp[0:1]" % (count - 2, count - 1),
         [("dst", last - 1), ("src", first)]),
        ("s_mov_b64 ttmp[1:2], s[0:1]", ("err", "invalid register alignment")),
        ("s_load_dwordx4 ttmp[4:7], s[0:1], 0x0", ("ok",)),
        ("s_load_dwordx4 ttmp[2:5], s[0:1], 0x0", ("err", "invalid register alignment")),
    ] + [("s_mov_b32 s0, %s" % g, ("err", "register not available on this GPU")) for g in gone]
    dis = [
        (src32(first), ("text", "s_mov_b32 s0, ttmp0")),
        (src32(last), ("text", "s_mov_b32 s0, ttmp%d" % (count - 1))),
        (dst32(last), ("text", "s_mov_b32 ttmp%d, s0" % (count - 1))),
        (src64(last - 1), ("text", "s_mov_b64 s[0:1], ttmp[%d:%d]" % (count - 2, count - 1))),
        (src64(last), ("lossy", "s_mov_b64 s[0:1], ttmp[%d:%d]" % (count - 2, count - 1))),
    ]
    return [Run("asm", asm), Run("dis", dis)]


TTMP_NOTE = (
    " Trap handler temporaries. 64-bit operands are ttmp[n:n+1] with n even; 128-bit and wider "
    "tuples start at a multiple of 4 (ttmp[4:7] accepted, ttmp[2:5] rejected). LLVM's "
    "disassembler decodes an odd TTMP in a 64-bit operand as the even pair below it (lossy).")
fact("scalar.ttmp.gcn1.0-1.2", G012, "ttmp", [112, 123], ["src", "dst"],
     ttmp_runs(112, 12, [], "register not available on this GPU"), asm32="ttmp{n}",
     asm64="ttmp[{n}:{n+1}]", first_index=0,
     note="ttmp0-ttmp11." + TTMP_NOTE)
fact("scalar.ttmp.gcn1.4", ["gcn1.4"], "ttmp", [108, 123], ["src", "dst"],
     ttmp_runs(108, 16, ["tba_lo", "tma_hi"], "register index is out of range"),
     asm32="ttmp{n}", asm64="ttmp[{n}:{n+1}]",
     first_index=0,
     note="ttmp0-ttmp15: GCN 1.4 moves ttmp0 down to 108 over the old TBA/TMA codes (the "
     "gfx900 assembler rejects tba/tma)." + TTMP_NOTE)

# ---- m0, reserved 125 -----------------------------------------------------------------------

fact("scalar.m0.all", ALL, "special", [124, 124], ["src", "dst"],
     [Run("asm", [("s_mov_b32 m0, m0", [("dst", 124), ("src", 124)]),
                  ("s_mov_b64 s[0:1], m0", ("err", "invalid operand for instruction")),
                  ("s_load_dword m0, s[2:3], 0x0", ("err", "invalid operand for instruction"))]),
      Run("dis", [(src32(124), ("text", "s_mov_b32 s0, m0")),
                  (dst32(124), ("text", "s_mov_b32 m0, s0")),
                  (src64(124), ("invalid",))])],
     asm32="m0",
     note="32-bit only (no 64-bit spelling; code 124 in a 64-bit operand is invalid). LLVM "
     "rejects m0 as an SMRD/SMEM load destination.")

fact("scalar.reserved125.all", ALL, "invalid", [125, 125], [],
     [Run("asm", [("s_mov_b32 s0, null", ("err", "'null' operand is not supported on this GPU")),
                  ("s_mov_b32 null, s0", ("err", "'null' operand is not supported on this GPU"))]),
      Run("dis", [(src32(125), ("text", "s_mov_b32 s0, null")),
                  (dst32(125), ("text", "s_mov_b32 null, s0")),
                  (src64(125), ("text", "s_mov_b64 s[0:1], null"))])],
     note="Reserved before gfx10 (NULL arrives there). LLVM's gfx8/gfx9 disassembler still "
     "prints code 125 as `null`, source or destination, a name its own assembler rejects for "
     "these targets: an LLVM disassembler bug.")

# ---- integer inline constants ---------------------------------------------------------------

fact("scalar.inline-int.pos.all", ALL, "inline-int", [128, 192], ["src"],
     [Run("asm", [("s_mov_b32 s0, 0", ("src", 128)),
                  ("s_mov_b32 s0, 64", ("src", 192)),
                  ("s_mov_b32 s0, 65", ("lit", 65)),
                  ("s_mov_b64 s[0:1], 0", ("src", 128)),
                  ("s_mov_b64 s[0:1], 64", ("src", 192)),
                  ("s_mov_b32 0, s0", ("err", "invalid operand for instruction"))]),
      Run("dis", [(src32(128), ("text", "s_mov_b32 s0, 0")),
                  (src32(192), ("text", "s_mov_b32 s0, 64")),
                  (src64(192), ("text", "s_mov_b64 s[0:1], 64"))])],
     asm32="{n}", asm64="{n}", first_index=0, value=0,
     note="Integers 0..64: value(code) = code - 128 (`value` is the value of codes[0]), for "
     "32- and 64-bit operands alike. Source only.")

fact("scalar.inline-int.neg.all", ALL, "inline-int", [193, 208], ["src"],
     [Run("asm", [("s_mov_b32 s0, -1", ("src", 193)),
                  ("s_mov_b32 s0, -16", ("src", 208)),
                  ("s_mov_b32 s0, -17", ("lit", 0xFFFFFFEF)),
                  ("s_mov_b32 s0, 0xffffffff", ("src", 193)),
                  ("s_mov_b32 s0, 0xfffffff0", ("src", 208)),
                  ("s_mov_b64 s[0:1], -16", ("src", 208)),
                  ("s_mov_b64 s[0:1], 0xffffffffffffffff", ("src", 193)),
                  ("s_mov_b64 s[0:1], 0xfffffffffffffff0", ("src", 208)),
                  ("s_mov_b64 s[0:1], 0xfffffff0", ("lit", 0xFFFFFFF0))]),
      Run("dis", [(src32(193), ("text", "s_mov_b32 s0, -1")),
                  (src32(208), ("text", "s_mov_b32 s0, -16")),
                  (src64(208), ("text", "s_mov_b64 s[0:1], -16"))])],
     asm32="-{n}", asm64="-{n}", first_index=1, value=-1,
     note="Integers -1..-16: value(code) = 192 - code (`value` is the value of codes[0]), "
     "sign-extended to 64 bits for 64-bit operands (0xfffffffffffffff0 is code 208, while "
     "0xfffffff0 in a 64-bit operand is a literal). Source only.")

fact("scalar.reserved209-234.all", ALL, "invalid", [209, 234], [],
     [Run("asm", [("s_mov_b32 s0, 65", ("lit", 65)),
                  ("s_mov_b32 s0, -17", ("lit", 0xFFFFFFEF))]),
      Run("dis", [(src32(209), ("invalid",)), (src32(234), ("invalid",))])],
     note="Reserved: the integer constants stop at 64 and -16 (65 and -17 become literals).")

fact("scalar.reserved235-239.gcn1.0-1.2", G012, "invalid", [235, 239], [],
     [Run("asm", [("s_mov_b32 s0, src_shared_base", ("err", "register not available on this GPU")),
                  ("s_mov_b32 s0, src_pops_exiting_wave_id",
                   ("err", "register not available on this GPU"))]),
      Run("dis", [(src32(235), ("text", "s_mov_b32 s0, src_shared_base")),
                  (src32(239), ("text", "s_mov_b32 s0, src_pops_exiting_wave_id"))])],
     note="Reserved before GCN 1.4 (its aperture registers). The tahiti/bonaire/tonga "
     "assemblers reject the aperture names, but LLVM's tonga disassembler decodes 235-239 as "
     "them anyway.")

# ---- GCN 1.4 aperture registers -------------------------------------------------------------

# What the low 7 bits of a code name on gfx9 (where the aperture codes land when truncated).
REG_AT_GFX9 = {0x6B: "vcc_hi", 0x6C: "ttmp0", 0x6D: "ttmp1", 0x6E: "ttmp2", 0x6F: "ttmp3"}
APERTURES = ["src_shared_base", "src_shared_limit", "src_private_base", "src_private_limit",
             "src_pops_exiting_wave_id"]
for i, name in enumerate(APERTURES):
    code = 235 + i
    alias = name[len("src_"):]
    pops = name == "src_pops_exiting_wave_id"
    fact("scalar.%s.gcn1.4" % name, ["gcn1.4"], "special", [code, code], ["src"],
         [Run("asm", [("s_mov_b32 s0, %s" % name, ("src", code)),
                      ("s_mov_b32 s0, %s" % alias, ("src", code)),
                      ("s_mov_b64 s[0:1], %s" % name, ("src", code)),
                      ("s_mov_b32 %s, s0" % name,
                       {"llvm-mc-14": ("dst", code & 0x7F),
                        "llvm-mc-19": ("dst", code & 0x7F) if pops
                        else ("err", "invalid operand for instruction")}),
                      ("s_load_dword s0, s[2:3], %s" % name,
                       {"llvm-mc-14": [("bits", 17, 1, 0), ("bits", 32, 20, code & 0x7F)],
                        "llvm-mc-19": [("bits", 17, 1, 0), ("bits", 32, 20, code & 0x7F)] if pops
                        else ("err", "invalid operand for instruction")})]),
          Run("dis", [(src32(code), ("text", "s_mov_b32 s0, %s" % name)),
                      (src64(code), ("text", "s_mov_b64 s[0:1], %s" % name)),
                      (dst32(code & 0x7F),
                       ("text", "s_mov_b32 %s, s0" % REG_AT_GFX9[code & 0x7F]))])],
         asm32=name, asm64=name, aliases=[alias],
         note=("Read-only aperture register, source only; `%s` is accepted too. " % alias)
         + (("LLVM 14 and 19 both also accept %s as a SOP1 SDST and as SMEM SOFFSET and keep "
             "the low 7 bits (%#x = %s): an assembler bug, which LLVM 19 fixed for the other "
             "four aperture registers only.") if pops else
            ("llvm-mc-14 also accepts %s as a SOP1 SDST and as SMEM SOFFSET and keeps the low "
             "7 bits (%#x = %s): an assembler bug that llvm-mc-19 fixes by rejecting both."))
         % (name, code & 0x7F, REG_AT_GFX9[code & 0x7F]))

# ---- float inline constants -----------------------------------------------------------------

FLOATS = [0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0]


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


NOT_INLINE_FLOATS = [("s_mov_b64 s[0:1], 0x3f000000", ("lit", 0x3F000000)),
                     ("s_mov_b32 s0, -0.0", ("lit", 0x80000000)),
                     ("s_mov_b32 s0, 0.1", ("lit", 0x3DCCCCCD))]
for i, x in enumerate(FLOATS):
    code = 240 + i
    fact("scalar.inline-float.%s.all" % repr(x).replace("-", "neg"), ALL, "inline-float",
         [code, code], ["src"],
         [Run("asm", [("s_mov_b32 s0, %r" % x, ("src", code)),
                      ("s_mov_b32 s0, %#x" % f32_bits(x), ("src", code)),
                      ("s_mov_b64 s[0:1], %r" % x, ("src", code)),
                      ("s_mov_b64 s[0:1], %#x" % f64_bits(x), ("src", code)),
                      ("s_mov_b64 s[0:1], %#x" % f32_bits(x), ("lit", f32_bits(x)))]
              + (NOT_INLINE_FLOATS if i == 0 else [])),
          Run("dis", [(src32(code), ("text", "s_mov_b32 s0, %r" % x)),
                      (src64(code), ("text", "s_mov_b64 s[0:1], %r" % x))])],
         asm32=repr(x), asm64=repr(x),
         value={"f32": "%#010x" % f32_bits(x), "f64": "%#018x" % f64_bits(x)},
         note="A 32-bit operand reads the f32 pattern, a 64-bit operand the f64 pattern; the hex "
         "pattern of the operand's width assembles to the same code, while the f32 pattern in a "
         "64-bit operand is a literal. Only these eight floats (and 1/(2*pi) from GCN 1.2) are "
         "inline: -0.0 and 0.1 become literals (evidence under 0.5). Source only.")

INV2PI_F32 = 0x3E22F983
INV2PI_F64 = 0x3FC45F306DC9C882
fact("scalar.inline-float.inv2pi.gcn1.2-1.4", G24, "inline-float", [248, 248], ["src"],
     [Run("asm", [("s_mov_b32 s0, 0.15915494", ("src", 248)),
                  ("s_mov_b32 s0, %#x" % INV2PI_F32, ("src", 248)),
                  ("s_mov_b32 s0, %#x" % (INV2PI_F32 + 1), ("lit", INV2PI_F32 + 1)),
                  ("s_mov_b64 s[0:1], 0.15915494309189532", ("src", 248)),
                  ("s_mov_b64 s[0:1], %#x" % INV2PI_F64, ("src", 248)),
                  ("s_mov_b64 s[0:1], %#x" % (INV2PI_F64 + 1),
                   ("err", "invalid operand for instruction"))]),
      Run("dis", [(src32(248), ("text", "s_mov_b32 s0, 0.15915494")),
                  (src64(248), ("text", "s_mov_b64 s[0:1], 0.15915494309189532"))])],
     asm32="0.15915494", asm64="0.15915494309189532",
     value={"f32": "%#010x" % INV2PI_F32, "f64": "%#018x" % INV2PI_F64},
     note="1/(2*pi), new in GCN 1.2. The f64 pattern is 0x3fc45f306dc9c882, one ulp below the "
     "correctly rounded 0x3fc45f306dc9c883 (which llvm-mc rejects as a 64-bit operand). Source "
     "only.")
fact("scalar.reserved248.gcn1.0-1.1", G01, "invalid", [248, 248], [],
     [Run("asm", [("s_mov_b32 s0, 0.15915494", ("lit", INV2PI_F32)),
                  ("s_mov_b32 s0, %#x" % INV2PI_F32, ("lit", INV2PI_F32)),
                  ("s_mov_b64 s[0:1], 0.15915494309189532",
                   ("err", "invalid operand for instruction"))])],
     note="1/(2*pi) is not an inline constant before GCN 1.2: LLVM makes 0.15915494 a 32-bit "
     "literal and rejects the 64-bit value.")
fact("scalar.reserved249-250.all", ALL, "invalid", [249, 250], [],
     [Run("dis", [(src32(249), ("invalid",)), (src32(250), ("invalid",))])],
     note="Reserved; no spelling assembles to them on any of the four targets, and the gfx8/gfx9 "
     "disassembler reports them invalid.")

# ---- condition sources ----------------------------------------------------------------------

CONDS = [("src_vccz", "vccz"), ("src_execz", "execz"), ("src_scc", "scc")]
COND_NOTE = (
    "Source only; the name without `src_` is accepted too, and a 64-bit operand keeps the same "
    "spelling. Both LLVM 14 and 19 also accept it as a 32-bit SOP1 SDST and as SMEM SOFFSET and "
    "keep the low 7 bits (%#x, %s): an assembler bug. The 8-bit SMRD OFFSET field keeps the full "
    "code.")
# What the low 7 bits of 251-253 name on gfx6-8 and on gfx9 (as LLVM's disassembler prints
# them), and how the note says it.
LOW7 = {0x7B: ("ttmp11", "ttmp15", "ttmp11 on gcn1.0-1.2, ttmp15 on gcn1.4"),
        0x7C: ("m0", "m0", "m0"),
        0x7D: ("null", "null", "the reserved code 125, which LLVM's disassembler prints as null")}
for i, (name, alias) in enumerate(CONDS):
    code = 251 + i
    low = code & 0x7F
    fact("scalar.%s.all" % name, ALL, "cond", [code, code], ["src"],
         [Run("asm", [("s_mov_b32 s0, %s" % name, ("src", code)),
                      ("s_mov_b32 s0, %s" % alias, ("src", code)),
                      ("s_mov_b64 s[0:1], %s" % name, ("src", code)),
                      ("s_mov_b32 %s, s0" % name, ("dst", low)),
                      ("s_mov_b64 %s, s[0:1]" % name, ("err", "invalid operand for instruction"))]),
          Run("asm", [("s_load_dword s0, s[2:3], %s" % name, ("bits", 0, 9, code))], gens=G01),
          Run("asm", [("s_load_dword s0, s[2:3], %s" % name,
                       [("bits", 17, 1, 0), ("bits", 32, 20, low)])], gens=G24),
          Run("dis", [(src32(code), ("text", "s_mov_b32 s0, %s" % name)),
                      (src64(code), ("text", "s_mov_b64 s[0:1], %s" % name)),
                      (dst32(low), ("text", "s_mov_b32 %s, s0" % LOW7[low][0]))],
              gens=["gcn1.2"]),
          Run("dis", [(src32(code), ("text", "s_mov_b32 s0, %s" % name)),
                      (src64(code), ("text", "s_mov_b64 s[0:1], %s" % name)),
                      (dst32(low), ("text", "s_mov_b32 %s, s0" % LOW7[low][1]))],
              gens=["gcn1.4"])],
         asm32=name, asm64=name, aliases=[alias],
         note="%s as a 0/1 value. " % alias.upper() + COND_NOTE % (low, LOW7[low][2]))

fact("scalar.lds_direct.all", ALL, "invalid", [254, 254], ["vsrc"],
     [Run("asm", [("s_mov_b32 s0, lds_direct", ("err", "invalid operand for instruction")),
                  ("s_mov_b32 s0, src_lds_direct", ("err", "invalid operand for instruction")),
                  ("v_mov_b32 v0, lds_direct", ("ok",)),
                  ("v_mov_b32 v0, src_lds_direct", ("ok",))]),
      Run("dis", [(src32(254), {
          "llvm-mc-14": ("text", "s_mov_b32 s0, src_lds_direct"),
          "llvm-mc-19": ("text", "s_mov_b32 s0, src_lds_direct/*Invalid register, operand has "
                                 "'SReg_32' register class*/")}),
          (src64(254), ("invalid",))])],
     note="Code 254 is LDS_DIRECT, a VALU-only source: the assemblers reject lds_direct and "
     "src_lds_direct in scalar operands. llvm-mc-14's disassembler still prints SOP1 SSRC0=254 "
     "as `src_lds_direct`; llvm-mc-19 adds an 'Invalid register' comment. Both report it "
     "invalid in a 64-bit operand. As a 32-bit VALU source (use 'vsrc': the 9-bit SRC0 of "
     "VOP1/VOP2/VOPC) it is valid, written src_lds_direct (lds_direct is accepted too).",
     asm32="src_lds_direct", aliases=["lds_direct"])

fact("scalar.literal.all", ALL, "literal", [255, 255], ["src"],
     [Run("asm", [("s_mov_b32 s0, 0x12345678", ("lit", 0x12345678)),
                  ("s_mov_b32 s0, 65", ("lit", 0x41)),
                  ("s_mov_b32 s0, -17", ("lit", 0xFFFFFFEF)),
                  ("s_mov_b32 s0, 1.5", ("lit", 0x3FC00000)),
                  ("s_mov_b32 s0, 0x100000000", ("err", "invalid operand for instruction")),
                  ("s_mov_b32 s0, -0x80000001", ("err", "invalid operand for instruction")),
                  ("s_mov_b64 s[0:1], 0x80000000", ("lit", 0x80000000)),
                  ("s_mov_b64 s[0:1], -0x80000000", ("lit", 0x80000000)),
                  ("s_mov_b64 s[0:1], 0x100000000", ("err", "invalid operand for instruction")),
                  ("s_mov_b64 s[0:1], 1.5", ("err", "invalid operand for instruction")),
                  ("s_mov_b32 0x12345678, s0", ("err", "invalid operand for instruction"))]),
      Run("dis", [(src32(255, 0x12345678), ("text", "s_mov_b32 s0, 0x12345678")),
                  (src64(255, 0x80000000), ("text", "s_mov_b64 s[0:1], 0x80000000")),
                  (src32(255, 1), ("lossy", "s_mov_b32 s0, 1")),
                  (src32(255, 0x3F000000), ("lossy", "s_mov_b32 s0, 0.5"))])],
     asm32="{lit32:#x}", asm64="{lit32:#x}",
     note="The 32-bit literal is the dword after the instruction word (SOP1 grows to 8 bytes); "
     "LLVM prints it as lower-case 0x-hex, which asm32/asm64 write as {lit32:#x} (Python format "
     "of the literal dword). Its disassembler folds a literal equal to an inline "
     "constant into that constant (0x00000001 prints `1`, re-encoded as code 129), so "
     "decode-print-assemble is not byte-exact. For a 64-bit operand LLVM stores the low 32 bits "
     "of any value that fits 32 bits signed or unsigned: 0x80000000 and -0x80000000 give the "
     "same word and both print as 0x80000000, so LLVM's text does not settle whether the "
     "literal is zero- or sign-extended. Source only.")

# ---- gcn1.0: codes 104-105 ------------------------------------------------------------------

fact("scalar.reserved104-105.gcn1.0", ["gcn1.0"], "invalid", [104, 105], [],
     [Run("asm", [("s_mov_b32 s104, s0", ("err", "register not available on this GPU")),
                  ("s_mov_b32 flat_scratch_lo, s0", ("err", "register not available on this GPU")),
                  ("s_mov_b32 s0, xnack_mask_hi", ("err", "register not available on this GPU"))])],
     note="Reserved on GCN 1.0: SGPRs end at s103 and FLAT_SCRATCH only arrives in GCN 1.1.")

# ---- output ---------------------------------------------------------------------------------


def build():
    out, ids, used = [], set(), set()
    for f in FACTS:
        if f["id"] in ids:
            mc.fail("duplicate id %s" % f["id"])
        ids.add(f["id"])
        ev = evidence_for(f["id"], f["runs"], f["gens"], f["note"])
        used.update(e["peer"] for e in ev)
        obj = {"id": f["id"], "gens": f["gens"], "class": f["cls"], "codes": f["codes"],
               "use": f["use"]}
        for key, val in (("asm32", f["asm32"]), ("asm64", f["asm64"]),
                         ("first_index", f["first_index"]), ("value", f["value"]),
                         ("aliases", f["aliases"]), ("note", f["note"])):
            if val is not None:
                obj[key] = val
        obj["evidence"] = ev
        out.append(obj)
    out.sort(key=lambda o: (o["gens"], o["codes"][0], o["id"]))
    check_coverage(out)
    return {
        "schema": "gcnspec-curated/1",
        "topic": "scalar-operands",
        "title": "Scalar operand codes (SSRC0 8-bit, SDST 7-bit) per GCN generation, from llvm-mc",
        "peers": mc.peers_header(used),
        "facts": out,
    }


def check_coverage(facts):
    """Every generation must account for each of the 256 codes exactly once."""
    for gen in mc.GENS:
        seen = {}
        for f in facts:
            if gen not in f["gens"]:
                continue
            for code in range(f["codes"][0], f["codes"][1] + 1):
                if code in seen:
                    mc.fail("%s: code %d in %s and %s" % (gen, code, seen[code], f["id"]))
                seen[code] = f["id"]
        missing = [c for c in range(256) if c not in seen]
        if missing:
            mc.fail("%s: codes without a fact: %s" % (gen, missing))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(here, "..", "..", "spec", "curated",
                                                  "scalar_operands.json"))
    args = ap.parse_args()
    mc.write_json(os.path.normpath(args.out), build())


if __name__ == "__main__":
    main()
