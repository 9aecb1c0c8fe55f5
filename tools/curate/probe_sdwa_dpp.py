#!/usr/bin/env python3
"""Which VOP1/VOP2/VOPC instructions LLVM (llvm-mc 14 and 19) decodes in SDWA and DPP form.

GcnSdwaDpp.md gives every VOP1/VOP2/VOPC word the SDWA dword (SRC0 0xF9) and the DPP dword
(SRC0 0xFA) from GCN 1.2 on, with no exception. For each instruction spec/gcn.json gives on
GCN 1.2 and 1.4 this builds the word from gcn.json's own fields and fixed bits (VDST v1, VSRC1
v3, SRC0 the SDWA/DPP code) followed by a neutral extra dword (SDWA: SRC0 v2, every select
DWORD, DST_UNUSED PRESERVE, VOP1's SRC1 bits and VOPC's destination bits 0, as LLVM requires;
DPP: SRC0 v2, quad_perm:[0,1,2,3], row and bank masks 0xf), hands each form's words to each
llvm-mc in one batch (two s_nop after each) and records what it makes of them: the
instructions LLVM lacks in a form are the findings errata E259 classifies. No opcode or
mnemonic is typed here.

    python3 tools/curate/probe_sdwa_dpp.py [--check]

Writes spec/peers/sdwa-dpp-forms-vs-llvm.json (byte-stable: per generation and form, each
instruction's word and LLVM's text of it, null where LLVM refuses it; one "llvm" text where
both versions print the same) and prints the summary. --check writes nothing and exits 1 when
the committed file differs from what the peers print now for gcn.json's instructions (a peer
or the spec changed: re-run it and review the difference). Exits 77 when llvm-mc-14 or
llvm-mc-19 is missing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # ctest runs it in the source tree: leave no __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as ev  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "spec", "peers", "sdwa-dpp-forms-vs-llvm.json")
PEERS = tuple(ev.PEERS)
CPU = {"gcn1.2": "tonga", "gcn1.4": "gfx900"}
ENCODINGS = ("VOP1", "VOP2", "VOPC")
# the extra dword code in SRC0 (GcnSdwaDpp.md:10, :193) and the neutral dword after it
SRC0_CODE = {"sdwa": 0xF9, "dpp": 0xFA}
SDWA_DWORD = {"VOP1": 0x00061602, "VOP2": 0x06061602, "VOPC": 0x06060002}
DPP_DWORD = 0xFF00E402


def layout(enc, gen):
    for lay in enc["layouts"]:
        if gen in lay["gens"]:
            return lay
    return None


def put(word, field, value):
    width = field["hi"] - field["lo"] + 1
    return word | ((value & ((1 << width) - 1)) << field["lo"])


def word_of(insn, enc, gen, form):
    lay = layout(enc, gen)
    fields = {f["name"]: f for f in lay["fields"]}
    w = 0
    for fx in lay["fixed"]:
        w = put(w, fields[fx["field"]], int(fx["value"], 16))
    opcode = next(o["opcode"] for o in insn["opcodes"] if o["gen"] == gen)
    w = put(w, fields["OPCODE"], opcode)
    w = put(w, fields["SRC0"], SRC0_CODE[form])
    if "VDST" in fields:
        w = put(w, fields["VDST"], 1)
    if "VSRC1" in fields:
        w = put(w, fields["VSRC1"], 3)
    extra = SDWA_DWORD[insn["encoding"]] if form == "sdwa" else DPP_DWORD
    data = w.to_bytes(4, "little") + extra.to_bytes(4, "little")
    return ",".join("0x%02x" % b for b in data)


# s_nop 0, twice after each word: llvm-mc reads its input as one byte stream, and after a word
# it refuses it skips 4 bytes and decodes the extra dword as an instruction, which may be 8
# bytes long with a literal after it: two separators absorb the 12 bytes, so the next word is
# read from its start.
SEPARATOR = "0x00,0x00,0x80,0xbf"


def decode(peer, gen, lines):
    """LLVM's text of each line, None where it refuses the word: one process per batch."""
    stream = []
    for line in lines:
        stream += [line, SEPARATOR, SEPARATOR]
    proc = subprocess.run([peer, "-disassemble", "-triple", "amdgcn", "-mcpu=" + CPU[gen],
                           "-show-encoding"], input="\n".join(stream) + "\n",
                          capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"),
                          timeout=120)
    if proc.returncode != 0:
        raise SystemExit("%s -mcpu=%s exits %d" % (peer, CPU[gen], proc.returncode))
    got = {}
    for line in proc.stdout.splitlines():
        m = re.match(r"\s*(.*?)\s*; encoding: \[(.*)\]", line)
        if m:
            got[m.group(2)] = m.group(1)
    return [got.get(l) for l in lines]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 when the committed file is not what the peers "
                         "print now")
    args = ap.parse_args()
    if not all(shutil.which(p) for p in PEERS):
        sys.stderr.write("skipped: llvm-mc-14 or llvm-mc-19 is not on PATH\n")
        sys.exit(77)
    with open(os.path.join(ROOT, "spec", "gcn.json"), encoding="utf-8") as f:
        spec = json.load(f)
    encs = {e["name"]: e for e in spec["encodings"]}
    say = (lambda *a: None) if args.check else print
    forms = {}
    for gen in CPU:
        insns = sorted((i for i in spec["instructions"] if i["encoding"] in ENCODINGS and
                        any(o["gen"] == gen for o in i["opcodes"])),
                       key=lambda i: (i["encoding"], i["name"]))
        for form in SRC0_CODE:
            lines = [word_of(i, encs[i["encoding"]], gen, form) for i in insns]
            texts = {p: decode(p, gen, lines) for p in PEERS}
            rows = []
            for k, i in enumerate(insns):
                row = {"name": i["name"], "encoding": i["encoding"], "word": lines[k]}
                if texts[PEERS[0]][k] == texts[PEERS[1]][k]:
                    row["llvm"] = texts[PEERS[0]][k]
                else:
                    row.update({p: texts[p][k] for p in PEERS})
                rows.append(row)
            key = "%s/%s" % (gen, form)
            forms[key] = rows
            lacks = [r for r in rows if any(r.get(q, r.get("llvm")) is None for q in PEERS)]
            split = [r["name"] for r in rows if "llvm" not in r]
            say("%s %s: %d instructions, LLVM decodes %d, lacks %d%s" %
                  (gen, form, len(rows), len(rows) - len(lacks), len(lacks),
                   "; 14 and 19 differ on " + " ".join(split) if split else ""))
            for enc in ENCODINGS:
                names = [r["name"] for r in lacks if r["encoding"] == enc]
                if names:
                    say("  %s (%d): %s" % (enc, len(names), " ".join(names)))
    doc = {"schema": "gcnspec-sdwa-dpp-forms/1",
           "generator": "tools/curate/probe_sdwa_dpp.py",
           "source": "documents/clrx/GcnSdwaDpp.md:10 (SDWA, SRC0 0xf9), :193 (DPP, 0xfa); "
                     "the words from spec/gcn.json's VOP1/VOP2/VOPC fields and opcodes",
           "peers": ev.peers_header(set(PEERS)),
           "gen_cpu": CPU,
           "forms": forms}
    if args.check:
        text = ev.to_json(doc) + "\n"
        try:
            with open(OUT, encoding="utf-8") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        if not same:
            sys.stderr.write("%s: differs from what llvm-mc prints now: run %s and review the "
                             "difference\n" % (os.path.relpath(OUT, ROOT), doc["generator"]))
            sys.exit(1)
        return
    ev.write_json(OUT, doc)


if __name__ == "__main__":
    main()
