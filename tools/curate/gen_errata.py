#!/usr/bin/env python3
"""Writes spec/errata.json: the curated decisions that settle the documents' findings.

Each erratum below names the findings it settles (by the stable keys `gcnspec errata` gives
them), classifies the defect, decides, and says why. The script fills in the mechanical parts:
the facts the findings involve, the quotes (each fact's first line, checked by the resolver
against the document), and the llvm-mc runs. Every probe states what llvm-mc must print (an
opcode, an accepted or rejected line); the script stops with "curate: ..." when it does not,
so the evidence in errata.json always says what the decision claims.

Run after `gcnspec extract` (it reads spec/facts.json and runs build/cli/gcnspec):
    python3 tools/curate/gen_errata.py [--gcnspec build/cli/gcnspec]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # ctest runs it in the source tree: leave no __pycache__
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as ev  # noqa: E402
from errata_defs import ERRATA  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

# How each encoding holds its opcode in LLVM's encodings, per generation: (dword, lo, width).
# Used only to check the probes below; the spec itself comes from the documents.
OPCODE_AT = {
    ("DS", "gcn1.0"): (0, 18, 8), ("DS", "gcn1.1"): (0, 18, 8),
    ("DS", "gcn1.2"): (0, 17, 8), ("DS", "gcn1.4"): (0, 17, 8),
    ("SOP1", "gcn1.0"): (0, 8, 8), ("SOP1", "gcn1.1"): (0, 8, 8),
    ("SOP1", "gcn1.2"): (0, 8, 8), ("SOP1", "gcn1.4"): (0, 8, 8),
    ("SMEM", "gcn1.2"): (0, 18, 8), ("SMEM", "gcn1.4"): (0, 18, 8),
}
for _g in ("gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"):
    OPCODE_AT[("SOP2", _g)] = (0, 23, 7)
    OPCODE_AT[("SOPC", _g)] = (0, 16, 7)
    OPCODE_AT[("SOPK", _g)] = (0, 23, 5)
    OPCODE_AT[("SOPP", _g)] = (0, 16, 7)
    OPCODE_AT[("VOP1", _g)] = (0, 9, 8)
    OPCODE_AT[("VOP2", _g)] = (0, 25, 6)
    OPCODE_AT[("VOPC", _g)] = (0, 17, 8)
    OPCODE_AT[("VINTRP", _g)] = (0, 16, 2)
    OPCODE_AT[("FLAT", _g)] = (0, 18, 7)
    OPCODE_AT[("MUBUF", _g)] = (0, 18, 7)
    OPCODE_AT[("MTBUF", _g)] = (0, 16, 3) if _g in ("gcn1.0", "gcn1.1") else (0, 15, 4)
    OPCODE_AT[("MIMG", _g)] = (0, 18, 7)
OPCODE_AT[("VOP3P", "gcn1.4")] = (0, 16, 7)


def opcode_of(enc, gen, data):
    dword, lo, width = OPCODE_AT[(enc, gen)]
    return (ev.u32(data, 4 * dword) >> lo) & ((1 << width) - 1)


def run_probe(probe):
    """probe: dict(gen=, lines=[...], expect=[...], peer=optional)
    expect entries: ("opcode", enc, value) | ("rejects",) | ("accepts",) |
                    ("byte", index, value) | ("bit", n, value)"""
    peer = probe.get("peer", ev.PRIMARY)
    gen = probe["gen"]
    if probe.get("disasm"):
        run = ev.run(peer, ev.dis_args(ev.GEN_CPU[gen]), "".join(l + "\n" for l in probe["lines"]))
        results = ev.parse_dis(run)
    else:
        run = ev.run(peer, ev.asm_args(ev.GEN_CPU[gen]), "".join(l + "\n" for l in probe["lines"]))
        results = ev.parse_asm(run)
    for res, want in zip(results, probe["expect"]):
        kind = want[0]
        if kind == "rejects":
            if res.error is None:
                ev.fail("%s on %s: expected llvm-mc to reject it" % (res.line, gen))
            continue
        if res.error is not None:
            ev.fail("%s on %s: llvm-mc rejects it: %s" % (res.line, gen, res.error))
        if kind == "accepts":
            continue
        if kind == "opcode":
            got = opcode_of(want[1], gen, res.data)
            if got != want[2]:
                ev.fail("%s on %s: opcode %d, expected %d" % (res.line, gen, got, want[2]))
        elif kind == "byte":
            if res.data[want[1]] != want[2]:
                ev.fail("%s on %s: byte %d is 0x%02x, expected 0x%02x" %
                        (res.line, gen, want[1], res.data[want[1]], want[2]))
        elif kind == "bit":
            got = (int.from_bytes(res.data, "little") >> want[1]) & 1
            if got != want[2]:
                ev.fail("%s on %s: bit %d is %d, expected %d" % (res.line, gen, want[1], got,
                                                                 want[2]))
        elif kind == "text":
            if res.text != want[1]:
                ev.fail("%s on %s: prints %r, expected %r" % (res.line, gen, res.text, want[1]))
        else:
            ev.fail("unknown expectation %r" % (want,))
    if len(results) != len(probe["expect"]):
        ev.fail("probe on %s: %d lines, %d expectations" % (gen, len(results),
                                                            len(probe["expect"])))
    return run


def written_code(facts, enc, mnemonic):
    """The code the resolver takes as written: the section's Operation block (the scraped DS
    page's when both DS pages have one)."""
    ops = [x for x in facts.values() if x["kind"] == "operation" and x.get("encoding") == enc and
           x.get("name") == mnemonic and x.get("code")]
    if not ops:
        ev.fail("no written code for %s %s" % (enc, mnemonic))
    ops.sort(key=lambda x: (not x["id"].startswith("003_"), x["id"]))
    return ops[0]["code"]


def expand_fix(d, facts):
    """A semantics decision given as textual fixes of the written code becomes the corrected
    code; every fix must apply."""
    if "fix" not in d:
        return d
    # "written_as": the section's name where the spec names the instruction otherwise
    # (the VOP3 page's GCN 1.4 V_ADD_I32, the spec's V_ADD_NC_I32)
    code = written_code(facts, d["encoding"], d.pop("written_as", d["mnemonic"]))
    for old, new in d["fix"]:
        if old not in code:
            ev.fail("%s: the fix %r does not apply to its written code" % (d["mnemonic"], old))
        code = code.replace(old, new)
    out = {k: v for k, v in d.items() if k != "fix"}
    out["code"] = code
    return out


def findings(gcnspec):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([gcnspec, "errata", "--facts", os.path.join(ROOT, "spec", "facts.json"),
                        "--pages", os.path.join(ROOT, "spec", "facts-clrx.json"),
                        "--errata", "none", "--out", tmp], check=True, cwd=ROOT,
                       stderr=subprocess.DEVNULL)
        with open(os.path.join(tmp, "errata.json"), encoding="utf-8") as f:
            report = json.load(f)
    return {x["key"]: x for x in report["findings"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gcnspec", default=os.path.join(ROOT, "build", "cli", "gcnspec"))
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 when spec/errata.json is not what the "
                         "definitions and the probes give now (77 without llvm-mc-14/-19)")
    args = ap.parse_args()
    if args.check and not all(shutil.which(p) for p in ev.PEERS):
        sys.stderr.write("skipped: llvm-mc-14 or llvm-mc-19 is not on PATH\n")
        sys.exit(77)
    # the seeds' facts and the CLRX pages' (ids name their files, so they never collide; the
    # pages' facts of encodings spec/curated/pages.json does not list are cited by no erratum)
    with open(os.path.join(ROOT, "spec", "facts.json"), encoding="utf-8") as f:
        facts = {x["id"]: x for x in json.load(f)["facts"]}
    with open(os.path.join(ROOT, "spec", "curated", "pages.json"), encoding="utf-8") as f:
        pages = {e["encoding"] for e in json.load(f)["encodings"]}
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts.update({x["id"]: x for x in json.load(f)["facts"] if x.get("encoding") in pages})
    found = findings(args.gcnspec)
    settled = set()
    out = []
    for e in ERRATA:
        ids, cats = [], []
        for key in e["settles"]:
            if key not in found:
                ev.fail("%s settles %s, which gcnspec errata does not report" % (e["id"], key))
            if key in settled:
                ev.fail("%s: %s is settled twice" % (e["id"], key))
            settled.add(key)
            x = found[key]
            if x["category"] not in cats:
                cats.append(x["category"])
            for loc in x["locations"]:
                if loc["fact"] not in ids:
                    ids.append(loc["fact"])
        for enc, mnemonic in e.get("facts_for", []):
            for fid, fx in sorted(facts.items(), key=lambda kv: (kv[1]["at"], kv[0])):
                if fx.get("encoding") != enc:
                    continue
                names = [c["mnemonic"] for c in fx.get("claims", [])] + [fx.get("mnemonic"),
                                                                         fx.get("name")]
                if mnemonic in names and fx["kind"] in ("opcode-row", "ambiguous-row",
                                                        "section") and fid not in ids:
                    ids.append(fid)
        for fid in e.get("facts", []):
            if fid not in facts:
                ev.fail("%s cites %s, which facts.json lacks" % (e["id"], fid))
            if fid not in ids:
                ids.append(fid)
        if not cats:
            cats = [e["category"]]
        quotes = []
        for fid in ids:
            fx = facts[fid]
            text = fx.get("text", "").split("\n")[0].strip()
            at = fx["at"].split("-")[0]
            quotes.append({"at": at, "text": text})
        if e.get("quotes"):
            # an erratum may quote the words that matter instead of each fact's first line (the
            # resolver checks every quote against the fact at its place)
            quotes = e["quotes"]
        evidence = {"quotes": quotes}
        peers = [run_probe(p) for p in e.get("probes", [])]
        if peers:
            evidence["peers"] = peers
        if e.get("sources"):
            evidence["sources"] = e["sources"]
        decisions = [expand_fix(d, facts) for d in e["decisions"]]
        out.append({
            "id": e["id"],
            "title": e["title"],
            "category": cats[0] if len(cats) == 1 else cats,
            "facts": ids,
            "evidence": evidence,
            "classification": e["classification"],
            "decisions": decisions,
            "rationale": e["rationale"],
        })
    missing = sorted(k for k, x in found.items() if k not in settled)
    for k in missing:
        sys.stderr.write("curate: note: no erratum settles %s\n" % k)
    doc = {"schema": "gcnspec-errata/1",
           "peers": ev.peers_header({ev.PRIMARY, ev.SECONDARY}),
           "errata": out}
    path = os.path.join(ROOT, "spec", "errata.json")
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if args.check:
        with open(path, encoding="utf-8") as f:
            if f.read() != text:
                sys.stderr.write("spec/errata.json: differs from what tools/curate/gen_errata.py "
                                 "writes from errata_defs.py now: run it and commit the result\n")
                sys.exit(1)
        return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    sys.stderr.write("curate: %d errata settle %d of %d findings -> spec/errata.json\n" %
                     (len(out), len(settled), len(found)))


if __name__ == "__main__":
    main()
