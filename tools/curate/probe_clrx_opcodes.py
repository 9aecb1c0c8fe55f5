#!/usr/bin/env python3
"""The CLRX pages' opcode claims against llvm-mc (14 and 19), for every encoding.

Reads every opcode-table row of spec/facts-clrx.json: each (mnemonic, generation, form, opcode)
the pages claim. For each mnemonic and form it asks llvm-mc-14 and llvm-mc-19, on all four
generations (the ones the page leaves out too), whether they assemble it, and decodes the opcode
and the ENCODING bits of what they print with the page's own field table ('field' facts). No
mnemonic or opcode is typed here: they come from the facts and from llvm-mc's output.

The operands are canned patterns per encoding (PATTERNS below): llvm-mc gets every pattern of a
mnemonic in one batch per generation and form, and the first pattern it accepts is kept.

Writes spec/peers/clrx-opcodes-vs-llvm.json (byte-stable) and reports/clrx-opcodes-vs-llvm.md.
--check re-runs the probes and fails (exit 1) when the committed files differ from what llvm-mc
prints now, or when the JSON misses a claim of facts-clrx.json; it exits 77 when llvm-mc-14 or
llvm-mc-19 is missing.
"""

import argparse
import concurrent.futures
import itertools
import json
import os
import re
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # ctest runs in the source tree: leave no __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as ev  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FACTS = "spec/facts-clrx.json"
OUT_JSON = "spec/peers/clrx-opcodes-vs-llvm.json"
OUT_MD = "reports/clrx-opcodes-vs-llvm.md"
VOP3_FORM = "VOP3"  # the form the VOP1/VOP2/VOPC rows' 'Opcode(VOP3)' column gives
VOP3_FIELD_FORM = "VOP3A/VOP3B"  # the field facts' name for that form

# ---- canned operand patterns (LLVM syntax), per encoding ---------------------------------------


def _v(base, width):
    return "v%d" % base if width == 1 else "v[%d:%d]" % (base, base + width - 1)


def _s(base, width):
    return "s%d" % base if width == 1 else "s[%d:%d]" % (base, base + width - 1)


def _scalar_patterns():
    out = [""]
    for n in (1, 2, 3):
        for widths in itertools.product((1, 2), repeat=n):
            out.append(", ".join(_s(4 * (i + 1), w) for i, w in enumerate(widths)))
    return out


def _sopk_patterns():
    return ["s4, 0x1", "s[4:5], 0x1", "0x1", "hwreg(HW_REG_MODE), s4", "s4, hwreg(HW_REG_MODE)",
            "hwreg(HW_REG_MODE), 0x1", ""]


def _sopc_patterns():
    return _scalar_patterns() + ["s4, 0x1", "s[4:5], 0x1", "s4, gpr_idx(SRC0)"]


def _sopp_patterns():
    return ["", "0x1", "0", "sendmsg(MSG_INTERRUPT)"]


def _smem_patterns():
    out = []
    for dst in (1, 2, 4, 8, 16):
        for base in (2, 4):
            out.append("%s, %s, 0x4" % (_s(20, dst), _s(4, base)))
    return out + ["s[4:5]", "s4", "", "0x1, s[4:5], 0x4", "0x1, s[4:7], 0x4", "s4, s[4:5], 0x4 glc",
                  "s[20:21], s[4:5], 0x4 glc", "s[20:23], s[4:5], 0x4 glc"]


def _vop_patterns(n_max):
    out = [""]
    for n in range(1, n_max + 1):
        for widths in itertools.product((1, 2), repeat=n):
            out.append(", ".join(_v(10 * (i + 1), w) for i, w in enumerate(widths)))
    # carry and lane operands, wide sources (qsad/mqsad), literals (madmk/madak)
    out += ["v10, vcc, v20, v30", "v10, vcc, v20, v30, vcc", "v10, v20, v30, vcc",
            "v10, s[4:5], v20, v30", "v10, s[4:5], v20, v30, s[6:7]", "v10, v20, v30, s[4:5]",
            "s4, v10, s5", "v10, s4, s5", "s4, v10", "v10, vcc, v20, v30, v40",
            "v[10:11], vcc, v[20:21], v[30:31], v[40:41]", "v[10:11], s[4:5], v20, v30, v[40:41]",
            "v10, v20, 0x1, v30", "v10, v20, v30, 0x1", "v[10:11], v[20:21], v30, v[40:41]",
            "v[10:13], v[20:21], v30, v[40:43]", "v10, v20, attr0.x", "v10, p10, attr0.x",
            "v10, v20, attr0.x, v30", "s[4:5], v10, v20", "s[4:5], v[10:11], v[20:21]",
            "vcc, v10, v20", "s[4:5], v10", "v10, s4", "v[10:11], s[4:5]", "v10, v20, s[4:5]",
            "v10, s4, 0x1"]
    return out


def _ds_patterns():
    out = []
    for dst in (0, 1, 2, 3, 4):
        for ndata in (0, 1, 2):
            for dw in ((1,) if ndata == 0 else (1, 2, 3, 4)):
                ops = ([_v(1, dst)] if dst else []) + ["v10"]
                ops += [_v(20 + 10 * i, dw) for i in range(ndata)]
                out.append(", ".join(ops))
    out += [p + " gds" for p in out]
    return out + ["", "gds", "v10 offset:4 gds", "v1, v2 gds"]


def _buf_patterns(fmt):
    out = []
    for vd in (1, 2, 3, 4, 5):
        out.append("%s, off, s[8:11], s2%s" % (_v(1, vd), fmt))
        out.append("%s, off, s[8:11], s2%s glc" % (_v(1, vd), fmt))
    return out + ["", "off, s[8:11], s2 lds", "s[8:11], s2", "s[8:11], s2 lds",
                  "s[8:11], s2 offset:4 lds", "v1, off, s[8:11], s2 lds"]


def _mubuf_patterns():
    return _buf_patterns("")


def _mtbuf_patterns():
    out = []
    for fmt in ("", " format:116", " dfmt:1, nfmt:1"):
        out += _buf_patterns(fmt)
    for vd in (1, 2, 3, 4):
        out.append("%s, off, s[8:11], dfmt:1, nfmt:1, s2" % _v(1, vd))
    return out


def _mimg_patterns():
    out = []
    for samp in ("", ", s[16:19]"):
        for vd, dmask in ((1, "0x1"), (2, "0x3"), (3, "0x7"), (4, "0xf")):
            for va in (1, 2, 3, 4, 8):
                out.append("%s, %s, s[8:15]%s dmask:%s" % (_v(1, vd), _v(20, va), samp, dmask))
        for va in (1, 2, 3, 4, 8):
            out.append("v[1:4], %s, s[8:15]%s dmask:0x1" % (_v(20, va), samp))
    for vd, dmask in ((1, "0x1"), (2, "0x3"), (4, "0xf")):
        for va in (1, 2, 3, 4):
            out.append("%s, %s, s[8:15] dmask:%s unorm glc" % (_v(1, vd), _v(20, va), dmask))
    return out + [""]


def _flat_patterns():
    out = []
    for tail in ("", ", off"):
        for addr in (2, 1):
            for dst in (0, 1, 2, 3, 4):
                for dw in (0, 1, 2, 3, 4):
                    if dst == 0 and dw == 0:
                        continue
                    ops = ([_v(1, dst)] if dst else []) + [_v(8, addr)]
                    ops += [_v(12, dw)] if dw else []
                    line = ", ".join(ops) + tail
                    out.append(line)
                    if dst and dw:
                        out.append(line + " glc")
    return out + ["v1, off, s2", "off, v1, s2", ""]


def _vintrp_patterns():
    return ["v10, v20, attr0.x", "v10, p10, attr0.x"]


PATTERNS = {
    "SOP2": _scalar_patterns(), "SOPK": _sopk_patterns(), "SOP1": _scalar_patterns(),
    "SOPC": _sopc_patterns(), "SOPP": _sopp_patterns(), "SMRD": _smem_patterns(),
    "SMEM": _smem_patterns(), "VOP1": _vop_patterns(2), "VOP2": _vop_patterns(3),
    "VOPC": _vop_patterns(3), "VOP3": _vop_patterns(4), "VOP3P": _vop_patterns(4),
    "VINTRP": _vintrp_patterns(), "DS": _ds_patterns(), "MUBUF": _mubuf_patterns(),
    "MTBUF": _mtbuf_patterns(), "MIMG": _mimg_patterns(), "FLAT": _flat_patterns(),
}

# llvm-mc's errors, per line, sorted into what they say about the mnemonic.
ERR_UNKNOWN = re.compile(r"^invalid instruction")
ERR_ELSEWHERE = re.compile(r"not supported on this GPU|instruction requires|not available on")


def llvm_names(mnemonic, form, encoding):
    """LLVM spellings to try, in order: the VOP3 form of a VOP1/2/C instruction is _e64."""
    low = mnemonic.lower()
    if form == VOP3_FORM:
        return [low + "_e64", low]
    if encoding in ("VOP1", "VOP2", "VOPC"):
        return [low, low + "_e32"]
    return [low, low + "_e64"] if encoding == "VOP3" else [low]


# ---- the page's claims and fields ---------------------------------------------------------------


def load_facts():
    with open(os.path.join(ROOT, FACTS), encoding="utf-8") as f:
        return json.load(f)["facts"]


def page_claims(facts):
    """Every (row, gen, form, mnemonic, opcode) an opcode-table row claims.

    A row of a table that names no generation (VINTRP) is read as claiming every generation;
    such claims carry "implied"."""
    tables = {f["id"]: f for f in facts if f["kind"] == "opcode-table"}
    claims = []
    for row in facts:
        if row["kind"] != "opcode-row":
            continue
        implied = "claims" not in row
        if implied:
            gens = tables[row["ref"]].get("gens") or ev.GENS
            name = row["cells"][-1].split()[0]
            own = [{"gen": g, "mnemonic": name} for g in gens]
        else:
            own = row["claims"]
        forms = [(row["encoding"], row["opcode"])]
        forms += [(VOP3_FORM, p["dec"]) for p in row.get("parts", []) if p.get("form") == VOP3_FORM]
        for c in own:
            # a range row's claim has its own opcode (range start + template offset)
            for form, opcode in ([(row["encoding"], c["opcode"])] if "opcode" in c else forms):
                claims.append({"row": row, "gen": c["gen"], "form": form,
                               "mnemonic": c["mnemonic"], "opcode": opcode, "implied": implied})
                if "ref" in c:
                    claims[-1]["template"] = {"at": c["ref"].rsplit(":", 1)[0],
                                              "description": c.get("description", "")}
    return claims


def pick_field(facts, encoding, form, name, gen):
    """The page's field `name` of `encoding` (VOP3 form: its VOP3A/VOP3B table) for `gen`.

    Returns (fact, inferred): a field stated for another generation only is used for a later
    one (DS states its GCN 1.2 layout only) and then marked inferred."""
    want = VOP3_FIELD_FORM if form == VOP3_FORM else None
    enc = encoding
    cands = [f for f in facts if f["kind"] == "field" and f["encoding"] == enc
             and f["name"] == name and f.get("form") == want]
    if not cands and form == VOP3_FORM:
        cands = [f for f in facts if f["kind"] == "field" and f["encoding"] == "VOP3"
                 and f["name"] == name and f.get("form") is None]
    for f in cands:
        if gen in f.get("gens", []):
            return f, False
    for f in cands:
        if "gens" not in f:
            return f, False
    earlier = [f for f in cands if max(ev.GENS.index(g) for g in f["gens"]) < ev.GENS.index(gen)]
    if earlier:
        return max(earlier, key=lambda f: max(ev.GENS.index(g) for g in f["gens"])), True
    return None, False


def field_value(data, bits):
    lo, hi = bits
    word = int.from_bytes(data[:8].ljust(8, b"\0"), "little")
    return (word >> lo) & ((1 << (hi - lo + 1)) - 1)


def encoding_value(fact):
    v = fact.get("value")
    if v is None:
        return None
    return int(v, 2) if v.startswith("0b") else int(v, 0)


# ---- probing ------------------------------------------------------------------------------------


def run_batch(peer, gen, lines):
    """One llvm-mc process; one Result per line."""
    if not lines:
        return []
    stdin = "".join(line + "\n" for line in lines)
    return ev.parse_asm(ev.run(peer, ev.asm_args(ev.GEN_CPU[gen]), stdin))


ROUND_PATTERNS = 12  # patterns per mnemonic and round after the first


def _rank(error):
    """How much an error tells: 0 operands refused (the mnemonic is known), 1 known on another
    generation only, 2 unknown."""
    if ERR_UNKNOWN.search(error):
        return 2
    return 1 if ERR_ELSEWHERE.search(error) else 0


def probe_key(peer, gen, keys):
    """keys: [(mnemonic, form, encoding)]. Returns {key: (kind, Result, refused)} for one peer and
    generation; refused lists (line, error) of the spellings tried before the accepted one.

    Round 1 sends the first pattern of each spelling: an unknown or elsewhere-only mnemonic stops
    there. Then, spelling by spelling in llvm_names order, the next patterns go in rounds of
    ROUND_PATTERNS for the mnemonics whose operands llvm-mc refused, until one is accepted."""
    lines, owners = [], []
    for key in keys:
        for name in llvm_names(*key):
            lines.append((name + " " + PATTERNS[key[2]][0]).rstrip())
            owners.append((key, name))
    first = {}
    for (key, name), res in zip(owners, run_batch(peer, gen, lines)):
        first.setdefault(key, []).append((name, res))
    outcome, refused = {}, {k: [] for k in keys}
    for i in range(max(len(v) for v in first.values())):
        pending = []
        for key in keys:
            if key in outcome or i >= len(first[key]):
                continue
            name, res = first[key][i]
            if res.error is None:
                outcome[key] = ("ok", res, refused[key])
            elif _rank(res.error) == 0:
                pending.append((key, name))
        start = 1
        while pending and start < max(len(PATTERNS[k[2]]) for k, _ in pending):
            lines, owners = [], []
            for key, name in pending:
                for pat in PATTERNS[key[2]][start:start + ROUND_PATTERNS]:
                    lines.append((name + " " + pat).rstrip())
                    owners.append(key)
            for key, res in zip(owners, run_batch(peer, gen, lines)):
                if key not in outcome and res.error is None:
                    outcome[key] = ("ok", res, refused[key])
            pending = [(k, n) for k, n in pending if k not in outcome]
            start += ROUND_PATTERNS
        for key in keys:
            if key not in outcome and i < len(first[key]):
                res = first[key][i][1]
                refused[key].append((res.line, res.error))
    for key in keys:
        if key not in outcome:
            # the most telling error: operands refused > elsewhere > unknown
            res = min((r for _, r in first[key]), key=lambda r: _rank(r.error))
            kind = "no-operands" if _rank(res.error) == 0 else "err"
            outcome[key] = (kind, res, [])
    return outcome


def probe_all(keys):
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for peer in ev.PEERS:
            for gen in ev.GENS:
                jobs[(peer, gen)] = pool.submit(probe_key, peer, gen, keys)
    return {k: j.result() for k, j in jobs.items()}


# ---- classification -----------------------------------------------------------------------------


def encoding_match(fact, data):
    """Whether llvm-mc's word holds the page's ENCODING value: "exact", "high" or None.

    "high": the value has fewer digits than the field is wide (FLAT: 0b110111 for bits 25-31)
    and matches the field's top bits; the entry says so."""
    v = fact["value"]
    lo, hi = fact["bits"]
    got = field_value(data, fact["bits"])
    if got == encoding_value(fact):
        return "exact"
    digits = len(v) - 2 if v.startswith("0b") else None
    width = hi - lo + 1
    if digits is not None and digits < width and got >> (width - digits) == encoding_value(fact):
        return "high"
    return None


def which_encoding(facts, data, gen, enc_gens, own):
    """The page encoding whose ENCODING bits match llvm-mc's word (most digits wins), among the
    encodings whose pages claim an instruction on `gen` and `own` (the probed one)."""
    best = None
    for f in facts:
        if f["kind"] != "field" or f["name"] != "ENCODING" or encoding_value(f) is None:
            continue
        if "gens" in f and gen not in f["gens"]:
            continue
        vop3 = f.get("form") is not None or f["encoding"] == "VOP3"
        name = VOP3_FORM if vop3 else f["encoding"]
        if gen not in enc_gens.get(name, ()) and name != own:
            continue
        if encoding_match(f, data):
            v = f["value"]
            cand = (len(v), name)
            if best is None or cand > best:
                best = cand
    return best[1] if best else None


def peer_result(facts, enc_gens, peer, gen, claim_form, encoding, outcome, page_opcode):
    kind, res, refused = outcome
    args = ev.asm_args(ev.GEN_CPU[gen])
    rec = {"line": res.line, "cmd": ev.make_cmd(peer, args, res.line + "\n")}
    if refused:
        rec["refused_spellings"] = [{"line": line, "error": e} for line, e in refused]
    if kind != "ok":
        rec.update({"accepted": False, "error": res.error,
                    "verdict": "lacks" if ERR_UNKNOWN.search(res.error) else (
                        "elsewhere" if ERR_ELSEWHERE.search(res.error) else "no-operands")})
        return rec
    rec.update({"accepted": True, "text": res.text, "bytes": ev.words_line(res.data)})
    opf, op_inferred = pick_field(facts, encoding, claim_form, "OPCODE", gen)
    encf, _ = pick_field(facts, encoding, claim_form, "ENCODING", gen)
    rec["opcode_field"] = opf["at"] if opf else None
    if op_inferred:
        rec["opcode_field_inferred"] = True
    want_enc = VOP3_FORM if (claim_form == VOP3_FORM or encoding == "VOP3") else encoding
    got_enc = which_encoding(facts, res.data, gen, enc_gens, want_enc)
    rec["encoding"] = got_enc
    if encf is None or encoding_value(encf) is None:
        enc_ok = True
        rec["encoding_check"] = "the page gives no ENCODING value"
    else:
        how = encoding_match(encf, res.data)
        enc_ok = how is not None
        rec["encoding_field"] = encf["at"]
        if how == "high":
            rec["encoding_check"] = ("the page's value %s is narrower than bits %d-%d; it matches "
                                     "their top bits" % (encf["value"], *encf["bits"]))
    if opf is not None:
        rec["opcode"] = field_value(res.data, opf["bits"])
    if not enc_ok or (got_enc is not None and got_enc != want_enc):
        rec["verdict"] = "encoding-differs"
        if got_enc is not None:
            f, _ = pick_field(facts, got_enc, got_enc, "OPCODE", gen)
            if f is not None:
                rec["opcode"] = field_value(res.data, f["bits"])
                rec["opcode_field"] = f["at"]
    elif opf is None:
        rec["verdict"] = "no-opcode-field"
    elif page_opcode is None:
        rec["verdict"] = "accepted"
    else:
        rec["verdict"] = "agree" if rec["opcode"] == page_opcode else "opcode-differs"
    return rec


def classify(verdicts, elsewhere):
    if "opcode-differs" in verdicts:
        return "opcode-differs"
    if "encoding-differs" in verdicts:
        return "encoding-differs"
    if "agree" in verdicts:
        return "agree"
    if elsewhere:
        return "availability-differs"
    if "no-operands" in verdicts or "no-opcode-field" in verdicts:
        return "not-probed"
    return "llvm-lacks"


def name_page_opcodes(facts, entries):
    """Where llvm-mc gives another opcode, what it disassembles the page's opcode to (gfx8/gfx9):
    llvm-mc's own word with the page's opcode put into the page's OPCODE field."""
    todo = {}
    for e in entries:
        for peer, r in e["peers"].items():
            if r["verdict"] == "opcode-differs" and e["gen"] in ev.DISASM_GENS:
                opf, _ = pick_field(facts, e["encoding"], e["form"], "OPCODE", e["gen"])
                data = bytearray(bytes(int(b, 16) for b in r["bytes"].split(",")))
                lo, hi = opf["bits"]
                word = int.from_bytes(data[:4], "little")
                word &= ~(((1 << (hi - lo + 1)) - 1) << lo)
                word |= e["page_opcode"] << lo
                data[:4] = word.to_bytes(4, "little")
                todo.setdefault((peer, e["gen"]), []).append((r, ev.words_line(bytes(data))))
    for (peer, gen), items in sorted(todo.items()):
        lines = sorted({w for _, w in items})
        args = ev.dis_args(ev.GEN_CPU[gen])
        got = dict(zip(lines, ev.parse_dis(ev.run(peer, args, "".join(w + "\n" for w in lines)))))
        for r, w in items:
            res = got[w]
            r["at_page_opcode"] = {"bytes": w, "cmd": ev.make_cmd(peer, args, w + "\n")}
            if res.error is not None:
                r["at_page_opcode"]["error"] = res.error
            else:
                r["at_page_opcode"]["text"] = res.text


def build(facts):
    claims = page_claims(facts)
    fam = {}  # (mnemonic, form, encoding) -> the generations this row family claims
    named = {}  # mnemonic -> every generation any table claims it on
    enc_gens = {}  # encoding (VOP3 for every VOP3 form) -> generations its pages claim
    page_at = {}  # (gen, encoding, opcode) -> page mnemonics
    for c in claims:
        enc = c["row"]["encoding"]
        fam.setdefault((c["mnemonic"], c["form"], enc), set()).add(c["gen"])
        named.setdefault(c["mnemonic"], set()).add(c["gen"])
        wenc = VOP3_FORM if (c["form"] == VOP3_FORM or enc == "VOP3") else enc
        enc_gens.setdefault(wenc, set()).add(c["gen"])
        page_at.setdefault((c["gen"], wenc, c["opcode"]), set()).add(c["mnemonic"].lower())
    keys = sorted(fam)
    probes = probe_all(keys)
    accepted_at = {}  # (peer, gen, form, encoding, opcode) -> llvm names it printed there
    for (peer, gen), outs in probes.items():
        for key, (kind, res, _) in outs.items():
            if kind == "ok":
                f, _ = pick_field(facts, key[2], key[1], "OPCODE", gen)
                if f is not None:
                    k = (peer, gen, key[1], key[2], field_value(res.data, f["bits"]))
                    accepted_at.setdefault(k, set()).add(res.text.split()[0])

    def accepted_gens(peer, key):
        return sorted(g for g in ev.GENS if probes[(peer, g)][key][0] == "ok")

    entries = []
    for c in claims:
        row, enc = c["row"], c["row"]["encoding"]
        key = (c["mnemonic"], c["form"], enc)
        e = {"at": row["at"], "text": row["text"], "encoding": enc, "form": c["form"],
             "mnemonic": c["mnemonic"], "gen": c["gen"], "claimed": True,
             "page_opcode": c["opcode"], "peers": {}}
        if c.get("template"):
            # a range row's instruction: the template row that names it and its description
            e["template"] = c["template"]
        if c["implied"]:
            e["implied"] = "the table names no generation: read as every generation"
        if "remark" in row:
            e["remark"] = row["remark"]
        elsewhere, verdicts = False, []
        for peer in ev.PEERS:
            r = peer_result(facts, enc_gens, peer, c["gen"], c["form"], enc,
                            probes[(peer, c["gen"])][key], c["opcode"])
            if not r["accepted"]:
                gens = accepted_gens(peer, key)
                if gens:
                    r["accepted_on"] = gens
                    elsewhere = True
                other = accepted_at.get((peer, c["gen"], c["form"], enc, c["opcode"]))
                if other:
                    r["opcode_taken_by"] = sorted(other)
            e["peers"][peer] = r
            verdicts.append(r["verdict"])
        e["class"] = classify(verdicts, elsewhere)
        if e["class"] in ("llvm-lacks", "availability-differs") and all(
                "opcode_taken_by" in e["peers"][p] for p in ev.PEERS):
            e["class"] = "llvm-name-differs"
        if e["class"] == "not-probed":
            e["why"] = ("llvm-mc knows the mnemonic but accepted none of the %s operand patterns"
                        % enc)
        entries.append(e)
    name_page_opcodes(facts, entries)
    # the generations no page table names a mnemonic on, where llvm-mc assembles it
    unclaimed = {}
    for key in keys:
        mn, form, enc = key
        rows = [c for c in claims if (c["mnemonic"], c["form"], c["row"]["encoding"]) == key]
        quote = min(rows, key=lambda c: c["row"]["at"])["row"]
        for gen in ev.GENS:
            if gen in named[mn]:
                continue
            recs = {p: peer_result(facts, enc_gens, p, gen, form, enc, probes[(p, gen)][key], None)
                    for p in ev.PEERS}
            if not any(r["accepted"] for r in recs.values()):
                unclaimed[(enc, form, gen)] = unclaimed.get((enc, form, gen), 0) + 1
                continue
            e = {"at": quote["at"], "text": quote["text"], "encoding": enc, "form": form,
                 "mnemonic": mn, "gen": gen, "claimed": False, "page_opcode": None,
                 "peers": recs, "class": "availability-differs",
                 "why": "no page table names %s on %s; llvm-mc assembles it there" % (mn, gen)}
            # llvm-mc prints a name the page gives that opcode on that generation: an alias
            alias = True
            for r in recs.values():
                if not r["accepted"]:
                    continue
                there = page_at.get((gen, r["encoding"], r.get("opcode")), set())
                if not there:
                    alias = False
                    continue
                r["page_names_at_opcode"] = sorted(there)
                if r["text"].split()[0].split("_e")[0] not in {n for n in there} and \
                        r["text"].split()[0] not in there:
                    alias = False
            if alias:
                e["class"] = "llvm-alias"
                e["why"] = ("no page table names %s on %s; llvm-mc takes it as another name of the "
                            "page's instruction at that opcode" % (mn, gen))
            entries.append(e)
    entries.sort(key=lambda e: (e["encoding"], e["form"], e["mnemonic"], ev.GENS.index(e["gen"]),
                                e["at"]))
    return {
        "schema": "gcnspec-peer-clrx-opcodes-1",
        "generator": "tools/curate/probe_clrx_opcodes.py",
        "source": FACTS,
        "peers": ev.peers_header(ev.PEERS),
        "gen_cpu": ev.GEN_CPU,
        "patterns": {k: PATTERNS[k] for k in sorted(PATTERNS)},
        "unclaimed_rejected": [{"encoding": k[0], "form": k[1], "gen": k[2], "mnemonics": n}
                               for k, n in sorted(unclaimed.items())],
        "claims": entries,
    }


# ---- outputs ------------------------------------------------------------------------------------

CLASSES = ["agree", "opcode-differs", "encoding-differs", "availability-differs",
           "llvm-alias", "llvm-name-differs", "llvm-lacks", "not-probed"]


def dump_json(doc):
    """Sorted keys; one claim a line, so that a changed peer shows as changed lines."""
    head = {k: v for k, v in doc.items() if k != "claims"}
    text = json.dumps(head, indent=1, sort_keys=True, ensure_ascii=False)
    claims = ",\n".join("  " + json.dumps(e, sort_keys=True, ensure_ascii=False)
                        for e in doc["claims"])
    return text[:-2] + ',\n "claims": [\n' + claims + "\n ]\n}\n"


def summary_md(doc):
    out = ["# CLRX opcode tables against llvm-mc", "",
           "Generated by `python3 tools/curate/probe_clrx_opcodes.py` from `%s`; the runs are in "
           "`%s` (checked by ctest `clrx_opcodes_vs_llvm`)." % (FACTS, OUT_JSON), "",
           "Peers: " + "; ".join("%s (%s)" % (p["peer"], p["version"]) for p in doc["peers"]), "",
           "A claim is one (mnemonic, generation, form, opcode) of a page's opcode table. `agree`: "
           "at least one llvm-mc gives the page's opcode in the page's encoding and none gives "
           "another; `-14`/`-19`: claims that llvm-mc version alone agrees with. "
           "`unclaimed+`: generations the page leaves out where llvm-mc assembles the mnemonic "
           "(classed availability-differs or llvm-alias, not counted in `claims`).", ""]
    head = ["encoding", "form", "gen", "claims", "agree-14", "agree-19"] + CLASSES + ["unclaimed+"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    groups = {}
    for e in doc["claims"]:
        groups.setdefault((e["encoding"], e["form"], e["gen"]), []).append(e)
    tot = {h: 0 for h in head[3:]}
    for (enc, form, gen) in sorted(groups, key=lambda k: (k[0], k[1], ev.GENS.index(k[2]))):
        es = groups[(enc, form, gen)]
        cl = [e for e in es if e["claimed"]]
        row = {"claims": len(cl),
               "agree-14": sum(e["peers"][ev.PRIMARY]["verdict"] == "agree" for e in cl),
               "agree-19": sum(e["peers"][ev.SECONDARY]["verdict"] == "agree" for e in cl),
               "unclaimed+": sum(not e["claimed"] for e in es)}
        for c in CLASSES:
            row[c] = sum(e["class"] == c for e in es)
        for h in tot:
            tot[h] += row[h]
        cells = [enc, form, gen] + [str(row[h]) for h in head[3:]]
        out.append("| " + " | ".join(cells) + " |")
    out.append("| **all** | | | " + " | ".join("**%d**" % tot[h] for h in head[3:]) + " |")
    out.append("")
    notes = {}
    for e in doc["claims"]:
        for r in e["peers"].values():
            if r.get("opcode_field_inferred"):
                k = "opcode decoded with `%s`, which the page states for an earlier generation " \
                    "only: %s %s" % (r["opcode_field"], e["encoding"], e["gen"])
                notes[k] = notes.get(k, 0) + 1
            if r.get("encoding_check"):
                k = "%s %s: %s" % (e["encoding"], e.get("form"), r["encoding_check"])
                notes[k] = notes.get(k, 0) + 1
    if notes:
        out.append("## Notes on the page's fields")
        out.append("")
        out += ["- %s (%d peer results)" % (k, n) for k, n in sorted(notes.items())]
        out.append("")
    out.append("## Examples per class")
    for c in CLASSES[1:]:
        es = [e for e in doc["claims"] if e["class"] == c]
        if not es:
            continue
        out.append("")
        out.append("### %s (%d)" % (c, len(es)))
        out.append("")
        seen = []
        for e in es:  # three examples, of different encodings where there are
            if len(seen) == 3 or (e["encoding"], e["mnemonic"]) in seen or (
                    any(x[0] == e["encoding"] for x in seen)
                    and len({x["encoding"] for x in es}) > len(seen)):
                continue
            seen.append((e["encoding"], e["mnemonic"]))
            out.append("- %s (%s form) on %s, page opcode %s: `%s` `%s`" % (
                e["mnemonic"], e["form"], e["gen"], e["page_opcode"], e["at"], e["text"].strip()))
            for peer in ev.PEERS:
                p = e["peers"][peer]
                said = ("`%s` -> opcode %s, %s" % (p["text"], p.get("opcode"), p.get("encoding"))
                        if p["accepted"] else "error: %s" % p["error"])
                for x in p.get("refused_spellings", []):
                    said += "; `%s`: %s" % (x["line"], x["error"])
                if p.get("accepted_on"):
                    said += "; assembles on " + ", ".join(p["accepted_on"])
                if p.get("opcode_taken_by"):
                    said += "; the page's opcode assembles from " + ", ".join(p["opcode_taken_by"])
                if p.get("page_names_at_opcode"):
                    said += "; the page names that opcode " + ", ".join(p["page_names_at_opcode"])
                if "at_page_opcode" in p:
                    q = p["at_page_opcode"]
                    said += "; the page's opcode disassembles to `%s`" % q.get("text",
                                                                             q.get("error"))
                out.append("  - %s `%s`: %s" % (peer, p["line"], said))
    return "\n".join(out) + "\n"


def write_atomic(path, text):
    full = os.path.join(ROOT, path)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(full), prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, full)


def check_coverage(facts, doc):
    want = {(c["row"]["at"], c["gen"], c["form"], c["mnemonic"], c["opcode"])
            for c in page_claims(facts)}
    have = {(e["at"], e["gen"], e["form"], e["mnemonic"], e["page_opcode"])
            for e in doc["claims"] if e["claimed"]}
    return sorted(want - have, key=str)


def first_difference(old, new):
    """1-based number of the first line where two texts differ, or None when they are equal."""
    if old == new:
        return None
    a_lines, b_lines = old.splitlines(), new.splitlines()
    return 1 + next((i for i, (x, y) in enumerate(zip(a_lines, b_lines)) if x != y),
                    min(len(a_lines), len(b_lines)))


def check(facts):
    """--check: coverage of the committed JSON (no peer needed), then a re-run against it."""
    try:
        with open(os.path.join(ROOT, OUT_JSON), encoding="utf-8") as f:
            committed_text = f.read()
        committed = json.loads(committed_text)
    except (OSError, ValueError) as err:
        sys.stderr.write("%s: %s\n" % (OUT_JSON, err))
        return 1
    rc = 0
    missing = check_coverage(facts, committed)
    for m in missing[:20]:
        sys.stderr.write("%s: no entry for the claim of %s: %s on %s, %s form, opcode %s\n"
                         % (OUT_JSON, m[0], m[3], m[1], m[2], m[4]))
    if missing:
        sys.stderr.write("%s: %d claims of %s missing\n" % (OUT_JSON, len(missing), FACTS))
        rc = 1
    if any(shutil.which(p) is None for p in ev.PEERS):
        sys.stderr.write("probe_clrx_opcodes: llvm-mc-14 or llvm-mc-19 missing: re-run skipped\n")
        return rc or 77
    doc = build(facts)
    for path, new in ((OUT_JSON, dump_json(doc)), (OUT_MD, summary_md(doc))):
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            old = f.read()
        n = first_difference(old, new)
        if n is not None:
            line = (new.splitlines() + [""])[n - 1]
            sys.stderr.write("%s:%d: differs from what llvm-mc prints now (re-run "
                             "tools/curate/probe_clrx_opcodes.py): now %s\n"
                             % (path, n, line[:300]))
            rc = 1
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true",
                    help="re-run the probes; fail if the committed files differ")
    a = ap.parse_args()
    facts = load_facts()
    if a.check:
        return check(facts)
    if any(shutil.which(p) is None for p in ev.PEERS):
        sys.stderr.write("probe_clrx_opcodes: llvm-mc-14 or llvm-mc-19 missing\n")
        return 77
    doc = build(facts)
    write_atomic(OUT_JSON, dump_json(doc))
    write_atomic(OUT_MD, summary_md(doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
