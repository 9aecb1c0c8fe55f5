#!/usr/bin/env python3
"""Writes spec/curated/smrd.json: the GCN 1.0/1.1 scalar memory (SMRD) encoding and every
SMRD instruction llvm-mc knows on tahiti and bonaire, each backed by llvm-mc runs.

The field layout below is a claim: every probe line names the field values it should
produce, and the script stops unless llvm-mc's word equals the layout's encoding of them.
Opcodes are read from llvm-mc's words (the OP field), never typed here.

usage: gen_smrd.py [--out PATH]   (default: spec/curated/smrd.json)
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as mc  # noqa: E402

GENS = ["gcn1.0", "gcn1.1"]
ENCODING_VALUE = 0b11000

FIELDS = [
    ("OFFSET", 0, 7, "IMM=1: unsigned 8-bit offset. IMM=0: the scalar operand code of the "
     "register that holds the offset (SGPR, VCC, TTMP, M0, EXEC halves); on gcn1.1, 255 means a "
     "32-bit literal offset in the next dword."),
    ("IMM", 8, 8, "1: OFFSET is an immediate; 0: OFFSET names a register (or the gcn1.1 "
     "literal)."),
    ("SBASE", 9, 14, "Base register pair: the even scalar operand code divided by 2 (s[2:3] is "
     "1, vcc is 53, exec is 63). s_buffer_load_* take a 4-aligned quad (buffer resource) "
     "starting there."),
    ("SDST", 15, 21, "Destination: 7-bit scalar operand code of the first register."),
    ("OPCODE", 22, 26, "Opcode."),
    ("ENCODING", 27, 31, "Fixed: 0b11000 marks SMRD."),
]


def encode(**vals):
    word = ENCODING_VALUE << 27
    for name, lo, hi, _ in FIELDS:
        if name == "ENCODING":
            continue
        v = vals.get(name, 0)
        if v >> (hi - lo + 1):
            mc.fail("%s=%d does not fit" % (name, v))
        word |= v << lo
    return word


def decode(word):
    return {name: (word >> lo) & ((1 << (hi - lo + 1)) - 1) for name, lo, hi, _ in FIELDS}


# ---- checking a run against field claims ------------------------------------------------------
# Each probe line: (text, expectation). Expectations: dict of field values (OP may be omitted:
# it is read back), optionally "LITERAL": value; ("err", text); or {peer: expectation}.


def check_line(res, exp, where):
    if isinstance(exp, tuple) and exp[0] == "err":
        if res.error is None or exp[1] not in res.error:
            mc.fail("%s: %r: expected error %r, got %r"
                    % (where, res.line, exp[1], res.error or res))
        return None
    if res.error is not None:
        mc.fail("%s: %r failed: %s" % (where, res.line, res.error))
    word = mc.u32(res.data)
    got = decode(word)
    if got["ENCODING"] != ENCODING_VALUE:
        mc.fail("%s: %r: ENCODING %#x" % (where, res.line, got["ENCODING"]))
    want = dict(exp)
    literal = want.pop("LITERAL", None)
    want.setdefault("OPCODE", got["OPCODE"])
    if word != encode(**want):
        mc.fail("%s: %r: word %#010x, layout predicts %#010x (%s)" % (where, res.line, word,
                                                                     encode(**want), want))
    if (literal is None) != (len(res.data) == 4):
        mc.fail("%s: %r: %d bytes" % (where, res.line, len(res.data)))
    if literal is not None and mc.u32(res.data, 4) != literal:
        mc.fail("%s: %r: literal %#x, expected %#x"
                % (where, res.line, mc.u32(res.data, 4), literal))
    return got["OPCODE"]


def run_probes(gen, lines, where):
    """Runs the lines on gen's CPU with both peers; returns (evidence, opcodes seen, differs)."""
    args = mc.asm_args(mc.GEN_CPU[gen])
    stdin = "".join(text + "\n" for text, _ in lines)
    evidence, ops, differs = [], set(), False
    per_peer = {}
    for peer in mc.PEERS:
        ev = mc.run(peer, args, stdin)
        per_peer[peer] = ev
        results = mc.parse_asm(ev)
        for res, (_, exp) in zip(results, lines):
            if isinstance(exp, dict) and mc.PRIMARY in exp:
                exp = exp[peer]
            op = check_line(res, exp, "%s (%s)" % (where, ev["cmd"]))
            if op is not None and peer == mc.PRIMARY:
                ops.add(op)
    evidence.append(per_peer[mc.PRIMARY])
    a, b = per_peer[mc.PRIMARY], per_peer[mc.SECONDARY]
    if (a["stdout"], a["stderr"]) != (b["stdout"], b["stderr"]):
        evidence.append(b)
        differs = True
    return evidence, ops, differs


# ---- the encoding ------------------------------------------------------------------------------

LAYOUT_LINES = [
    # Each line sets one field to a distinctive value and leaves the others at zero.
    ("s_load_dword s0, s[0:1], s0", dict(OP=0)),
    ("s_load_dword s0, s[0:1], 0x0", dict(IMM=1)),
    ("s_load_dword s0, s[0:1], 0xff", dict(IMM=1, OFFSET=0xFF)),
    ("s_load_dword s0, s[0:1], s103", dict(OFFSET=103)),
    ("s_load_dword s0, exec, s0", dict(SBASE=63)),
    ("s_load_dword ttmp11, s[0:1], s0", dict(SDST=123)),
    ("s_buffer_load_dwordx16 s[0:15], s[0:3], s0", dict()),
    ("s_dcache_inv", dict()),
]
LITERAL_LINES = {
    "gcn1.0": [("s_load_dword s0, s[2:3], 0x100", ("err", "operands are not valid for this GPU")),
               ("s_load_dword s0, s[2:3], 0xffffffff",
                ("err", "operands are not valid for this GPU")),
               ("s_load_dword s0, flat_scratch, 0x0",
                ("err", "register not available on this GPU"))],
    "gcn1.1": [("s_load_dword s0, s[2:3], 0x100", dict(SBASE=1, OFFSET=0xFF, LITERAL=0x100)),
               ("s_load_dword s0, s[2:3], 0xffffffff",
                dict(SBASE=1, OFFSET=0xFF, LITERAL=0xFFFFFFFF)),
               ("s_load_dword s0, flat_scratch, 0x0", dict(SBASE=52, IMM=1))],
}
OPERAND_LINES = [
    ("s_load_dword s0, s[2:3], 0x100000000", ("err", "operands are not valid for this GPU")),
    ("s_load_dword s0, s[2:3], -1", ("err", "operands are not valid for this GPU")),
    ("s_load_dword s0, s[2:3], m0", dict(SBASE=1, OFFSET=124)),
    ("s_load_dword s0, s[2:3], vcc_lo", dict(SBASE=1, OFFSET=106)),
    ("s_load_dword s0, s[2:3], exec_hi", dict(SBASE=1, OFFSET=127)),
    ("s_load_dword s0, s[2:3], ttmp1", dict(SBASE=1, OFFSET=113)),
    ("s_load_dword s0, s[2:3], 1.0", ("err", "operands are not valid for this GPU")),
    ("s_load_dword m0, s[2:3], 0x0", ("err", "invalid operand for instruction")),
    ("s_load_dword exec_lo, s[2:3], 0x0", ("err", "invalid operand for instruction")),
    ("s_load_dwordx2 exec, s[2:3], 0x0", ("err", "invalid operand for instruction")),
    ("s_load_dword vcc_hi, s[2:3], 0x0", dict(SDST=107, SBASE=1, IMM=1)),
    ("s_load_dword tba_lo, s[2:3], 0x0", dict(SDST=108, SBASE=1, IMM=1)),
    ("s_load_dword s0, vcc, 0x0", dict(SBASE=53, IMM=1)),
    ("s_load_dword s0, tba, 0x0", dict(SBASE=54, IMM=1)),
    ("s_load_dword s0, ttmp[2:3], 0x0", dict(SBASE=57, IMM=1)),
    ("s_load_dwordx2 s[0:1], m0, 0x0", ("err", "invalid operand for instruction")),
    ("s_load_dword s0, s[1:2], 0x0", ("err", "invalid register alignment")),
    ("s_buffer_load_dword s0, s[2:5], 0x0", ("err", "invalid register alignment")),
    ("s_load_dword s0, s[2:3], 0x4 glc",
     {"llvm-mc-14": dict(SBASE=1, IMM=1, OFFSET=4),
      "llvm-mc-19": ("err", "cache policy is not supported for SMRD instructions")}),
    ("s_load_dword s0, s[2:3] offset:4",
     {"llvm-mc-14": dict(SBASE=1, IMM=1, OFFSET=4),
      "llvm-mc-19": ("err", "not a valid operand.")}),
]

NOTES = [
    "One 32-bit word; on gcn1.1 an IMM=0, OFFSET=255 word is followed by a 32-bit literal "
    "offset (8 bytes in all). llvm-mc assembles any offset above 0xff that fits 32 bits this "
    "way on bonaire and rejects it on tahiti ('operands are not valid for this GPU or mode'); "
    "negative offsets are rejected on both.",
    "llvm-mc writes the offset operand as the field value itself (0xff stays 0xff). AMD's SI/CI "
    "manuals count the IMM offset in dwords and the register offset in bytes; llvm-mc output "
    "cannot show units, so that part rests on the manuals, not on this evidence.",
    "Register offsets (IMM=0) accept SGPRs, vcc_lo/hi, ttmp, m0 and exec halves; inline "
    "constants such as 1.0 are rejected. See scalar_operands.json: src_vccz/execz/scc are "
    "accepted too and keep their full 8-bit code here.",
    "SDST rejects m0 and exec (LLVM's SReg_32_XM0_XEXEC / SReg_64_XEXEC classes); vcc, tba/tma "
    "and ttmp are accepted. SBASE is a 64-bit pair: s[2n:2n+1], vcc, tba/tma, ttmp pairs, exec "
    "(and flat_scratch on gcn1.1); odd pairs are 'invalid register alignment'.",
    "s_buffer_load_* take a 4-register resource that llvm-mc requires to be 4-aligned "
    "(s[2:5] is rejected), although the SBASE field could encode any even start.",
    "There is no GLC bit: llvm-mc-14 accepts `glc` and `offset:N` on SMRD loads, echoes `glc` in "
    "its listing but drops it from the word; llvm-mc-19 rejects both ('cache policy is not "
    "supported for SMRD instructions', 'not a valid operand.').",
    "The later scalar memory instructions (s_store_*, s_dcache_wb*, s_memrealtime, s_atc_probe, "
    "s_scratch_*, s_atomic_*, s_dcache_discard) are 'not supported' on tahiti and bonaire, so "
    "the instruction list below is complete for LLVM.",
    "Neither llvm-mc 14 nor 19 can disassemble gfx6/gfx7, so these facts come from the assembler "
    "alone.",
]


def build_encoding():
    evidence, differs = [], False
    for gen in GENS:
        for lines in (LAYOUT_LINES + LITERAL_LINES[gen], OPERAND_LINES):
            ev, _, d = run_probes(gen, lines, "SMRD encoding")
            evidence += ev
            differs |= d
    if differs and not any("llvm-mc-19" in n for n in NOTES):
        mc.fail("SMRD encoding: llvm-mc-19 differs but no note says how")
    fields = []
    for name, lo, hi, desc in FIELDS:
        f = {"name": name, "lo": lo, "hi": hi}
        if name == "ENCODING":
            f["value"] = "0b{:05b}".format(ENCODING_VALUE)
        f["description"] = desc
        fields.append(f)
    return {"name": "SMRD", "gens": GENS, "size_bits": 32, "fields": fields, "notes": NOTES,
            "evidence": evidence}


# ---- the instructions --------------------------------------------------------------------------


def tuple_at(first, width):
    return "s%d" % first if width == 1 else "s[%d:%d]" % (first, first + width - 1)


def last_aligned(width, limit=104):
    align = min(width, 4)
    return (limit - width) // align * align


def load_lines(gen, mnemonic, width, base_width):
    top = last_aligned(width)
    base_top = last_aligned(base_width)
    base_lo = 4 if base_width == 4 else 2
    lines = [
        ("%s %s, %s, 0x0" % (mnemonic, tuple_at(0, width), tuple_at(base_lo, base_width)),
         dict(SBASE=base_lo // 2, IMM=1)),
        ("%s %s, %s, 0xff" % (mnemonic, tuple_at(top, width), tuple_at(base_top, base_width)),
         dict(SDST=top, SBASE=base_top // 2, IMM=1, OFFSET=0xFF)),
        ("%s %s, %s, s5" % (mnemonic, tuple_at(4, width), tuple_at(base_lo, base_width)),
         dict(SDST=4, SBASE=base_lo // 2, OFFSET=5)),
    ]
    lines += [(t.replace("s_load_dword s0, s[2:3]", "%s %s, %s" % (
        mnemonic, tuple_at(0, width), tuple_at(base_lo, base_width))),
        e if isinstance(e, tuple) else dict(e, SBASE=base_lo // 2))
        for t, e in LITERAL_LINES[gen][:1]]
    return lines


INSTRUCTIONS = []
for width in (1, 2, 4, 8, 16):
    suffix = "" if width == 1 else "X%d" % width
    wtag = "" if width == 1 else "(%d)" % width
    for kind, base in (("LOAD", 2), ("BUFFER_LOAD", 4)):
        name = "S_%s_DWORD%s" % (kind, suffix)
        INSTRUCTIONS.append((name, GENS, "%s SDST%s, SBASE(%d), OFFSET" % (name, wtag, base),
                             lambda gen, n=name, w=width, b=base: load_lines(gen, n.lower(), w, b)))
INSTRUCTIONS += [
    ("S_MEMTIME", GENS, "S_MEMTIME SDST(2)",
     lambda gen: [("s_memtime s[2:3]", dict(SDST=2)),
                  ("s_memtime s[102:103]", dict(SDST=102)),
                  ("s_memtime vcc", dict(SDST=106)),
                  ("s_memtime exec", ("err", "invalid operand for instruction"))]),
    ("S_DCACHE_INV", GENS, "S_DCACHE_INV", lambda gen: [("s_dcache_inv", dict())]),
    ("S_DCACHE_INV_VOL", ["gcn1.1"], "S_DCACHE_INV_VOL",
     lambda gen: [("s_dcache_inv_vol", dict() if gen == "gcn1.1"
                   else ("err", "instruction not supported on this GPU"))]),
]
# Mnemonics of later generations' scalar memory that LLVM must not know on tahiti/bonaire.
NOT_SMRD = ["s_store_dword s0, s[2:3], m0", "s_dcache_wb", "s_dcache_wb_vol",
            "s_memrealtime s[2:3]",
            "s_atc_probe 0, s[2:3], 0x0", "s_scratch_load_dword s0, s[2:3], 0x0",
            "s_atomic_add s0, s[2:3], 0x0", "s_dcache_discard s[2:3], 0x0"]


def build_instructions():
    out, differs = [], False
    for name, gens, syntax, probes in INSTRUCTIONS:
        evidence, opcodes = [], {}
        for gen in GENS:  # both generations, so absence is evidence too
            ev, ops, d = run_probes(gen, probes(gen), name)
            evidence += ev
            differs |= d
            if gen in gens:
                if len(ops) != 1:
                    mc.fail("%s on %s: opcodes %s" % (name, gen, sorted(ops)))
                opcodes[gen] = ops.pop()
            elif ops:
                mc.fail("%s assembles on %s" % (name, gen))
        out.append({"name": name, "opcodes": opcodes, "syntax": syntax, "evidence": evidence})
    if differs:
        mc.fail("SMRD instructions: llvm-mc-19 differs from llvm-mc-14")
    seen = {}
    for gen in GENS:
        for ins in out:
            op = ins["opcodes"].get(gen)
            if op is not None and (gen, op) in seen:
                mc.fail("%s and %s share opcode %d on %s" % (seen[gen, op], ins["name"], op, gen))
            seen[gen, op] = ins["name"]
    out.sort(key=lambda i: (min(i["opcodes"].values()), i["name"]))
    return out


def not_smrd_evidence():
    evidence = []
    for gen in GENS:
        lines = [(t, ("err", "instruction not supported on this GPU")) for t in NOT_SMRD]
        ev, _, differs = run_probes(gen, lines, "not SMRD")
        if differs:
            mc.fail("not SMRD: llvm-mc-19 differs from llvm-mc-14")
        evidence += ev
    return evidence


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(here, "..", "..", "spec", "curated", "smrd.json"))
    args = ap.parse_args()
    encoding = build_encoding()
    encoding["evidence"] += not_smrd_evidence()
    instructions = build_instructions()
    used = {e["peer"] for e in encoding["evidence"]}
    used |= {e["peer"] for i in instructions for e in i["evidence"]}
    doc = {
        "schema": "gcnspec-curated/1",
        "topic": "smrd",
        "title": "GCN 1.0/1.1 scalar memory reads (SMRD): encoding and instructions, from llvm-mc",
        "peers": mc.peers_header(used),
        "encoding": encoding,
        "instructions": instructions,
    }
    mc.write_json(os.path.normpath(args.out), doc)


if __name__ == "__main__":
    main()
