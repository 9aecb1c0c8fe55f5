#!/usr/bin/env python3
"""Writes spec/curated/simm16.json: the 16-bit immediates LLVM writes symbolically, s_waitcnt's
counters, hwreg(...) of s_getreg/s_setreg and sendmsg(...) of s_sendmsg, per generation.

The documents give the waitcnt fields (GcnInstrsSopp.md, S_WAITCNT) and name the messages and
their GS operations (S_SENDMSG) but give neither the message codes nor the hardware register
ids; those, and the names LLVM's syntax gives them, are read off llvm-mc 14 and 19 here. Every
claim is probed on every generation: the assembler for the encoding of each name (all four
generations), and the disassembler for the text of each code (gfx8/gfx9). Where LLVM 14 and 19
disagree, the entry says which one the spec follows and why.

--check writes nothing and exits 1 when the committed file differs from what the probes give now
(77 without llvm-mc-14/-19).
"""

import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # ctest runs it in the source tree: leave no __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as ev  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "spec", "curated", "simm16.json")
GENS = ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]
DIS_GENS = ["gcn1.2", "gcn1.4"]  # LLVM disassembles these only

# s_waitcnt: the counters and the bits of SIMM16 that hold them
WAITCNT = [
    ("vmcnt", {g: [[0, 4]] for g in GENS[:3]} | {"gcn1.4": [[0, 4], [14, 2]]}),
    ("expcnt", {g: [[4, 3]] for g in GENS}),
    ("lgkmcnt", {g: [[8, 4]] for g in GENS}),
]

# hwreg(ID, OFFSET, SIZE): SIMM16 holds the id in bits 0-5, the offset in 6-10, SIZE-1 in 11-15
HWREG_FIELDS = {"id": [0, 6], "offset": [6, 5], "size": [11, 5]}
HWREGS = [(1, "HW_REG_MODE", GENS), (2, "HW_REG_STATUS", GENS), (3, "HW_REG_TRAPSTS", GENS),
          (4, "HW_REG_HW_ID", GENS), (5, "HW_REG_GPR_ALLOC", GENS),
          (6, "HW_REG_LDS_ALLOC", GENS), (7, "HW_REG_IB_STS", GENS),
          (15, "HW_REG_SH_MEM_BASES", ["gcn1.4"]), (16, "HW_REG_TBA_LO", ["gcn1.4"]),
          (17, "HW_REG_TBA_HI", ["gcn1.4"]), (18, "HW_REG_TMA_LO", ["gcn1.4"]),
          (19, "HW_REG_TMA_HI", ["gcn1.4"])]
HWREG_NOTE = ("HW_REG_TBA_LO/HI and HW_REG_TMA_LO/HI (ids 16-19) on GCN 1.4 are LLVM 19's: LLVM "
              "14 prints them as numbers and refuses the names; the spec follows LLVM 19, and "
              "LLVM 14's gap is spec/peers/llvm-known.json hwreg-tba-tma-llvm14.")

# sendmsg(MSG, OP, STREAM): SIMM16 holds the message in bits 0-3, the operation in 4-6 and the
# GS stream in 8-9
SENDMSG_FIELDS = {"id": [0, 4], "op": [4, 3], "stream": [8, 2]}
MESSAGES = [(1, "MSG_INTERRUPT", None, GENS), (2, "MSG_GS", "gs", GENS),
            (3, "MSG_GS_DONE", "gs-done", GENS), (4, "MSG_SAVEWAVE", None, ["gcn1.2", "gcn1.4"]),
            (5, "MSG_STALL_WAVE_GEN", None, ["gcn1.4"]), (6, "MSG_HALT_WAVES", None, ["gcn1.4"]),
            (7, "MSG_ORDERED_PS_DONE", None, ["gcn1.4"]),
            (8, "MSG_EARLY_PRIM_DEALLOC", None, ["gcn1.4"]),
            (9, "MSG_GS_ALLOC_REQ", None, ["gcn1.4"]), (10, "MSG_GET_DOORBELL", None, ["gcn1.4"]),
            (15, "MSG_SYSMSG", "sysmsg", GENS)]
# the operations of each set; a GS or GS_DONE message with an operation other than NOP names a
# stream
OP_SETS = {
    "gs": [(1, "GS_OP_CUT", GENS), (2, "GS_OP_EMIT", GENS), (3, "GS_OP_EMIT_CUT", GENS)],
    "gs-done": [(0, "GS_OP_NOP", GENS), (1, "GS_OP_CUT", GENS), (2, "GS_OP_EMIT", GENS),
                (3, "GS_OP_EMIT_CUT", GENS)],
    "sysmsg": [(1, "SYSMSG_OP_ECC_ERR_INTERRUPT", GENS), (2, "SYSMSG_OP_REG_RD", GENS),
               (3, "SYSMSG_OP_HOST_TRAP_ACK", ["gcn1.0", "gcn1.1", "gcn1.2"]),
               (4, "SYSMSG_OP_TTRACE_PC", GENS)],
}
SENDMSG_NOTE = ("The SOPP page names the messages (INTERRUPT, GS, GS_DONE, SYSMSG) and the GS "
                "operations but gives no codes; the codes and the other messages are LLVM's. "
                "SYSMSG_OP_HOST_TRAP_ACK on GCN 1.4 is LLVM 14's and not LLVM 19's (which prints "
                "sendmsg(15, 3, 0)); the spec follows LLVM 19 (spec/peers/llvm-known.json "
                "sendmsg-host-trap-ack-gfx9-llvm14).")

SOPP = 0x17f << 23
SOPK = 0xb << 28


def word(base, op, shift, simm16):
    w = base | (op << shift) | simm16
    return ",".join("0x%02x" % ((w >> (8 * i)) & 0xff) for i in range(4))


def asm_all(gen, lines, want):
    """Assembles lines on gen with both peers; want(result, index) checks each."""
    runs = []
    for peer in ev.PEERS:
        run = ev.run(peer, ev.asm_args(ev.GEN_CPU[gen]), "".join(l + "\n" for l in lines))
        for i, res in enumerate(ev.parse_asm(run)):
            msg = want(res, i, peer)
            if msg:
                ev.fail("%s on %s (%s): %s" % (res.line, gen, peer, msg))
        runs.append(run)
    return runs


def dis_all(gen, words, want):
    runs = []
    for peer in ev.PEERS:
        run = ev.run(peer, ev.dis_args(ev.GEN_CPU[gen]), "".join(w + "\n" for w in words))
        for i, res in enumerate(ev.parse_dis(run)):
            msg = want(res, i, peer)
            if msg:
                ev.fail("%s on %s (%s): %s" % (res.line, gen, peer, msg))
        runs.append(run)
    return runs


def simm16_of(res):
    return ev.u32(res.data) & 0xffff if res.data else None


def waitcnt():
    evidence = []
    for gen in GENS:
        lines, wants = [], []
        for name, parts in WAITCNT:
            # a counter of value 1 and the others at their largest
            v = 0
            for n2, p2 in WAITCNT:
                for lo, bits in p2[gen]:
                    v |= ((1 << bits) - 1) << lo
            for lo, bits in parts[gen]:
                v &= ~(((1 << bits) - 1) << lo)
            v |= 1 << parts[gen][0][0]
            lines.append("s_waitcnt %s(1)" % name)
            wants.append(v)
        evidence += asm_all(gen, lines, lambda r, i, p, w=wants: None if simm16_of(r) == w[i]
                            else "SIMM16 0x%s, expected 0x%04x" % (r.data.hex() if r.data else
                                                                   r.error, w[i]))
    return {"source": "GcnInstrsSopp.md:313-320 ((SIMM16&15) VMCNT, (SIMM16>>4)&7 EXPCNT, "
                      "(SIMM16>>8)&31 LGKMCNT; GCN 1.4: VMCNT also (SIMM16>>10)&0x30)",
            "note": "LGKMCNT is bits 8-11 on every generation here, as LLVM encodes it and AMD's "
                    "GCN3 and Vega ISA manuals give it (LGKM_CNT [11:8]); the page's &31 would "
                    "take bit 12 too: errata E078.",
            "counters": [{"name": n, "parts": p} for n, p in WAITCNT],
            "evidence": evidence}


def hwreg():
    evidence = []
    for gen in GENS:
        names = [(i, n) for i, n, gens in HWREGS if gen in gens]
        lines = ["s_getreg_b32 s0, hwreg(%s)" % n for _, n in names]
        evidence += asm_all(gen, lines, lambda r, i, p, nm=names: None if (
            simm16_of(r) == (nm[i][0] | (31 << 11))) or (
            p == "llvm-mc-14" and nm[i][0] >= 16 and r.error) else "got %r" % r)
    for gen in DIS_GENS:
        words = [word(SOPK, 17, 23, (31 << 11) | i) for i in range(64)]
        names = {i: n for i, n, gens in HWREGS if gen in gens}

        def want(r, i, p, names=names):
            exp = names.get(i, str(i))
            if p == "llvm-mc-14" and i >= 16 and i in names:
                exp = str(i)
            return None if r.text == "s_getreg_b32 s0, hwreg(%s)" % exp else "got %r" % r.text
        evidence += dis_all(gen, words, want)
    return {"fields": HWREG_FIELDS,
            "registers": [{"id": i, "name": n, "gens": g} for i, n, g in HWREGS],
            "note": HWREG_NOTE, "evidence": evidence}


def sendmsg():
    evidence = []
    for gen in GENS:
        lines, wants = [], []
        for mid, name, ops, gens in MESSAGES:
            if gen not in gens:
                continue
            if ops is None:
                lines.append("s_sendmsg sendmsg(%s)" % name)
                wants.append(mid)
            for op, oname, ogens in OP_SETS.get(ops, []):
                if gen not in ogens:
                    continue
                stream = ops in ("gs", "gs-done") and op != 0
                lines.append("s_sendmsg sendmsg(%s, %s%s)" % (name, oname, ", 1" if stream else ""))
                wants.append(mid | op << 4 | (1 << 8 if stream else 0))
        evidence += asm_all(gen, lines, lambda r, i, p, w=wants: None if simm16_of(r) == w[i] or (
            p == "llvm-mc-19" and gen == "gcn1.4" and "HOST_TRAP_ACK" in r.line and r.error)
            else "got %r" % r)
    for gen in DIS_GENS:
        words = [word(SOPP, 16, 16, v) for v in range(16)]
        evidence += dis_all(gen, words, lambda r, i, p: None if r.text and
                            r.text.startswith("s_sendmsg sendmsg(") else "got %r" % r.text)
    return {"fields": SENDMSG_FIELDS,
            "messages": [{"id": i, "name": n, "ops": o, "gens": g} for i, n, o, g in MESSAGES],
            "streams": ["gs", "gs-done"],
            "streams_note": "an operation of these sets other than GS_OP_NOP names a GS stream "
                            "(the page: '(SIMM16 & 0x300)>>8 - streamid' for CUT, EMIT, "
                            "EMIT_CUT)",
            "op_sets": {k: [{"op": o, "name": n, "gens": g} for o, n, g in v]
                        for k, v in OP_SETS.items()},
            "note": SENDMSG_NOTE, "evidence": evidence}


def build():
    return {
        "schema": "gcnspec-curated/1",
        "topic": "simm16",
        "title": "The 16-bit immediates LLVM writes symbolically: s_waitcnt, hwreg, sendmsg",
        "peers": ev.peers_header(set(ev.PEERS)),
        "waitcnt": waitcnt(),
        "hwreg": hwreg(),
        "sendmsg": sendmsg(),
    }


def main():
    if sys.argv[1:] == ["--check"] and not all(shutil.which(p) for p in ev.PEERS):
        sys.stderr.write("skipped: llvm-mc-14 or llvm-mc-19 is not on PATH\n")
        sys.exit(77)
    text = json.dumps(build(), indent=2, ensure_ascii=False) + "\n"
    if sys.argv[1:] == ["--check"]:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.stderr.write("spec/curated/simm16.json: differs from what "
                                 "tools/curate/gen_simm16.py writes now: run it and commit\n")
                sys.exit(1)
        return
    if sys.argv[1:]:
        sys.exit("usage: gen_simm16.py [--check]")
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, OUT)


if __name__ == "__main__":
    main()
