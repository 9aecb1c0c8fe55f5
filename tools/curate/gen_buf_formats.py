#!/usr/bin/env python3
"""Writes spec/curated/buf_formats.json: the names of MTBUF's data formats (DFMT) and number
formats (NFMT) per generation, which LLVM writes as format:[BUF_DATA_FORMAT_*,BUF_NUM_FORMAT_*].

The names are GcnMemHandling.md's two tables ('Below is table with available data formats',
'... number formats'), read here row by row with their lines, prefixed as the page says ('The
buffer data format name can be preceded by 'BUF_DATA_FORMAT_''). The page names two data formats
'--' (0 'Invalid', 15 'Reserved'): they take their description's word, as LLVM spells them
(BUF_DATA_FORMAT_INVALID, BUF_DATA_FORMAT_RESERVED_15). The page gives number format 6 as
SNORM_OGL on every generation; LLVM has it on GCN 1.0/1.1 alone and writes RESERVED_6 on GCN
1.2/1.4 (errata E250). Every name is probed on every generation with both peers' assemblers,
and every code with their disassemblers on gfx8/gfx9.

--check writes nothing and exits 1 when the committed file differs from what the probes give now
(77 without llvm-mc-14/-19).
"""

import json
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # ctest runs it in the source tree: leave no __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as ev  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "spec", "curated", "buf_formats.json")
PAGE = "GcnMemHandling.md"
GENS = ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]
DIS_GENS = ["gcn1.2", "gcn1.4"]  # LLVM disassembles these only
# number format 6 on GCN 1.2/1.4 (errata E250): LLVM's name where the page's does not hold
NFMT6_RESERVED = {"gcn1.2", "gcn1.4"}
# the MTBUF word the probes vary: tbuffer_load_format_x v1, off, s[4:7], s1 (DFMT bits 19-22,
# NFMT 23-25; the page's field tables)
BASE = 0x0101010000000000 | (0x3a << 26)
PROBE = "tbuffer_load_format_x v1, off, s[4:7], s1"


def table(caption):
    """The rows (code, name, description, line) of the page's table after caption."""
    with open(os.path.join(ROOT, "documents", "clrx", PAGE), encoding="utf-8") as f:
        lines = f.read().split("\n")
    at = next(i for i, l in enumerate(lines) if l.startswith(caption))
    rows, i = [], at + 1
    while i < len(lines) and not lines[i].startswith("Code"):
        i += 1
    i += 2  # the header and its rule
    while i < len(lines) and "|" in lines[i]:
        cells = [c.strip() for c in lines[i].split("|")]
        rows.append((int(cells[0]), cells[1], cells[-1], i + 1))
        i += 1
    return rows


def names(prefix, caption):
    out = []
    for code, name, desc, line in table(caption):
        if name == "--":
            word = desc.split()[0].upper()
            name = word + ("_%d" % code if word == "RESERVED" else "")
        out.append({"value": code, "name": prefix + name, "gens": GENS,
                    "from": "%s:%d" % (PAGE, line)})
    return out


def word_bytes(dfmt, nfmt):
    w = BASE | dfmt << 19 | nfmt << 23
    return [(w >> (8 * i)) & 0xff for i in range(8)]


def text_of(dfmt, nfmt, dn, nn):
    parts = ([dn] if dfmt != 1 else []) + ([nn] if nfmt != 0 else [])
    return PROBE + (" format:[%s]" % ",".join(parts) if parts else "")


def build():
    dfmt = names("BUF_DATA_FORMAT_", "Below is table with available data formats")
    nfmt = names("BUF_NUM_FORMAT_", "Below is table with available number formats")
    for n in nfmt:
        if n["value"] == 6:
            n["gens"] = [g for g in GENS if g not in NFMT6_RESERVED]
    nfmt.append({"value": 6, "name": "BUF_NUM_FORMAT_RESERVED_6",
                 "gens": [g for g in GENS if g in NFMT6_RESERVED], "erratum": "E250"})
    nfmt.sort(key=lambda n: (n["value"], n["name"]))
    evidence = []
    for gen in GENS:
        dn = {n["value"]: n["name"] for n in dfmt if gen in n["gens"]}
        nn = {n["value"]: n["name"] for n in nfmt if gen in n["gens"]}
        # every name, alone and with its peer's default: the encoding puts it in its field
        lines, want = [], []
        for v, name in sorted(dn.items()):
            lines.append(PROBE + " format:[%s]" % name)
            want.append((word_bytes(v, 0), text_of(v, 0, name, nn[0])))
        for v, name in sorted(nn.items()):
            lines.append(PROBE + " format:[%s]" % name)
            want.append((word_bytes(1, v), text_of(1, v, dn[1], name)))
        # the other generations' names for number format 6 are refused here
        for other in sorted({n["name"] for n in nfmt if n["value"] == 6} - {nn[6]}):
            lines.append(PROBE + " format:[%s]" % other)
            want.append((None, None))
        for peer in ev.PEERS:
            run = ev.run(peer, ev.asm_args(ev.GEN_CPU[gen]), "".join(l + "\n" for l in lines))
            for res, (data, text) in zip(ev.parse_asm(run), want):
                ok = res.error if data is None else (not res.error and list(res.data) == data
                                                     and res.text == text)
                if not ok:
                    ev.fail("%s on %s (%s): got %r" % (res.line, gen, peer, res))
            evidence.append(run)
        if gen in DIS_GENS:
            words = [",".join("0x%02x" % b for b in word_bytes(d, n))
                     for d in range(16) for n in range(8)]
            for peer in ev.PEERS:
                run = ev.run(peer, ev.dis_args(ev.GEN_CPU[gen]), "".join(w + "\n" for w in words))
                for i, res in enumerate(ev.parse_dis(run)):
                    d, n = divmod(i, 8)
                    if res.text != text_of(d, n, dn[d], nn[n]):
                        ev.fail("%s on %s (%s): got %r" % (words[i], gen, peer, res.text))
                evidence.append(run)
    return {
        "schema": "gcnspec-curated/1",
        "topic": "buf-formats",
        "title": "MTBUF's data and number formats: their names per generation",
        "source": "%s: the tables of data formats and number formats ('The buffer data format "
                  "name can be preceded by 'BUF_DATA_FORMAT_'', '... 'BUF_NUM_FORMAT_''); "
                  "LLVM writes format:[DFMT,NFMT], each part left out at its default (DFMT 1, "
                  "NFMT 0)" % PAGE,
        "peers": ev.peers_header(set(ev.PEERS)),
        "dfmt": {"asm": "dfmt", "default": 1, "names": dfmt},
        "nfmt": {"asm": "nfmt", "default": 0, "names": nfmt},
        "evidence": evidence,
    }


def main():
    if sys.argv[1:] == ["--check"] and not all(shutil.which(p) for p in ev.PEERS):
        sys.stderr.write("skipped: llvm-mc-14 or llvm-mc-19 is not on PATH\n")
        sys.exit(77)
    text = json.dumps(build(), indent=2, ensure_ascii=False) + "\n"
    if sys.argv[1:] == ["--check"]:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.stderr.write("spec/curated/buf_formats.json: differs from what "
                                 "tools/curate/gen_buf_formats.py writes now: run it and "
                                 "commit\n")
                sys.exit(1)
        return
    if sys.argv[1:]:
        sys.exit("usage: gen_buf_formats.py [--check]")
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, OUT)


if __name__ == "__main__":
    main()
