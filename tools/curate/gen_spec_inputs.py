#!/usr/bin/env python3
"""Writes the curated inputs the resolver needs besides the documents and the errata:

  spec/curated/generations.json  the four generations and the LLVM processors standing for them
  spec/curated/operands.json     which field each syntax operand name is encoded in, and its kind
  spec/curated/syntax.json       the syntax of instructions the documents list without a section

Every claim carries llvm-mc runs as evidence and is checked against what llvm-mc printed: the
script stops with "curate: ..." when a probe does not land where the claim says.

--check writes nothing and exits 1 when a committed file differs from what the script writes
now (a hand edit of spec/curated/ that the script would undo), 77 without llvm-mc-14/-19.
"""

import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # ctest runs it in the source tree: leave no __pycache__

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import llvm_mc_evidence as ev  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "spec", "curated")

GENERATIONS = [
    ("gcn1.0", "GCN 1.0", "gfx6", "tahiti", ["si", "southern-islands"]),
    ("gcn1.1", "GCN 1.1", "gfx7", "bonaire", ["ci", "sea-islands"]),
    ("gcn1.2", "GCN 1.2", "gfx8", "tonga", ["vi", "volcanic-islands"]),
    ("gcn1.4", "GCN 1.4", "gfx9", "gfx900", ["vega"]),
]


def _every_flag(name, **extra):
    """A flag modifier every instruction of the encoding takes, written as its lower-case
    name (MIMG's unorm, glc, ...); extra keys (gens) follow the common ones."""
    return {"name": name, "field": name, "asm": name.lower(), "value": False, "format": "flag",
            "every": True, **extra}


def text_of(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False) + "\n"


def write(name, obj):
    path = os.path.join(OUT, name)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text_of(obj))
    os.replace(tmp, path)


def check(name, obj):
    """--check: the committed file is what the probes give now (1 when not)."""
    path = os.path.join(OUT, name)
    try:
        with open(path, encoding="utf-8") as f:
            committed = f.read()
    except OSError as err:
        sys.stderr.write("%s: %s\n" % (path, err))
        return 1
    if committed != text_of(obj):
        sys.stderr.write("spec/curated/%s: differs from what tools/curate/gen_spec_inputs.py "
                         "writes now (the file was edited by hand, or a peer changed): run it "
                         "and commit the result\n" % name)
        return 1
    return 0


def asm(gen, lines, peer=ev.PRIMARY):
    run = ev.run(peer, ev.asm_args(ev.GEN_CPU[gen]), "".join(l + "\n" for l in lines))
    return run, ev.parse_asm(run)


def generations():
    facts = []
    for gid, name, gfx, cpu, aliases in GENERATIONS:
        run, res = asm(gid, ["s_mov_b32 s0, s1"])
        if res[0].error:
            ev.fail("%s does not assemble s_mov_b32" % cpu)
        facts.append({"id": gid, "name": name, "llvm": gfx, "mcpu": cpu,
                      "aliases": [gid, gfx, cpu] + aliases, "evidence": [run]})
    return {
        "schema": "gcnspec-curated/1",
        "topic": "generations",
        "title": "The generations in scope and the LLVM processors that stand for them",
        "source": "DESIGN.md: GCN 1.0, 1.1, 1.2, 1.4 are LLVM's gfx6/tahiti, gfx7/bonaire, "
                  "gfx8/tonga, gfx9/gfx900 (CLRX names generations GCN 1.x; LLVM names them gfxN)",
        "peers": ev.peers_header({ev.PRIMARY}),
        "generations": facts,
    }


# Operand name -> (kind, field, probe, expected byte index and value in the encoding)
DS_PROBE = ("ds_cmpst_rtn_b32 v4, v1, v2, v3 offset:7", {0: 7, 4: 1, 5: 2, 6: 3, 7: 4})
# VOP1 instructions whose source is 16 bits wide (GCN 1.2/1.4's F16/I16/U16 operations, and
# V_CVT_F32_F16 everywhere): the type their names give their source
VOP1_SRC16 = ["V_CEIL_F16", "V_COS_F16", "V_CVT_F16_I16", "V_CVT_F16_U16", "V_CVT_F32_F16",
              "V_CVT_I16_F16", "V_CVT_NORM_I16_F16", "V_CVT_NORM_U16_F16", "V_CVT_U16_F16",
              "V_EXP_F16", "V_FLOOR_F16", "V_FRACT_F16", "V_FREXP_EXP_I16_F16",
              "V_FREXP_MANT_F16", "V_LOG_F16", "V_RCP_F16", "V_RNDNE_F16", "V_RSQ_F16",
              "V_SIN_F16", "V_SQRT_F16", "V_TRUNC_F16"]

# VOP2 instructions whose SRC0 is 16 bits wide (GCN 1.2/1.4; LLVM's 16-bit operand types)
VOP2_SRC16 = ["V_ADD_F16", "V_SUB_F16", "V_SUBREV_F16", "V_MUL_F16", "V_MAC_F16", "V_MADMK_F16",
              "V_MADAK_F16", "V_ADD_U16", "V_SUB_U16", "V_SUBREV_U16", "V_MUL_LO_U16",
              "V_LSHLREV_B16", "V_LSHRREV_B16", "V_ASHRREV_I16", "V_MAX_F16", "V_MIN_F16",
              "V_MAX_U16", "V_MAX_I16", "V_MIN_U16", "V_MIN_I16", "V_LDEXP_F16"]
# The carry instructions' names by generation: the pages' sections give GCN 1.0/1.1's
# (V_ADD_I32 ...), title GCN 1.2's alongside ("V_ADD_I32, V_ADD_U32 (GCN 1.0/1.1/1.2)") and give
# GCN 1.4's their own sections (V_ADD_CO_U32), with the same operation; llvm-mc spells them so
# (extra_probes). GCN 1.4's V_ADD_U32/V_SUB_U32/V_SUBREV_U32 (opcodes 52-54) are other
# instructions, without a carry.
VOP2_RENAMES = [(base, gen, name)
                for base, n12, n14 in [("V_ADD_I32", "V_ADD_U32", "V_ADD_CO_U32"),
                                       ("V_SUB_I32", "V_SUB_U32", "V_SUB_CO_U32"),
                                       ("V_SUBREV_I32", "V_SUBREV_U32", "V_SUBREV_CO_U32"),
                                       ("V_ADDC_U32", None, "V_ADDC_CO_U32"),
                                       ("V_SUBB_U32", None, "V_SUBB_CO_U32"),
                                       ("V_SUBBREV_U32", None, "V_SUBBREV_CO_U32")]
                for gen, name in (("gcn1.2", n12), ("gcn1.4", n14)) if name]


def _flat_atomics():
    """The FLAT atomics the CLRX page's opcode tables name (spec/facts-clrx.json)."""
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts = json.load(f)["facts"]
    names = set()
    for x in facts:
        if x.get("encoding") == "FLAT" and x["kind"] == "opcode-row":
            names.update(c["mnemonic"] for c in x.get("claims", [])
                         if c["mnemonic"].startswith("FLAT_ATOMIC_"))
    return sorted(names)


FLAT_ATOMICS = _flat_atomics()


def _segment_operands(prefix, saddr_regs, vaddr_regs, vaddr_off_regs):
    """The operands and modifiers of a segment of FLAT's word on GCN 1.4 (GLOBAL, SCRATCH: the
    page's 'SEG | Prefix' table), as the page's syntax lines and notes give them."""
    atomics = [n.replace("FLAT_", prefix + "_", 1) for n in FLAT_ATOMICS] \
        if prefix == "GLOBAL" else []
    return {
        "operands": [
            {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True,
             "note": "a load's destination; an atomic's returned value, written only with glc"},
            {"name": "VADDR", "kind": "vaddr-saddr", "field": "VADDR", "saddr": "SADDR",
             "regs_with_saddr": vaddr_regs, "regs_off": vaddr_off_regs,
             "note": ("'For GLOBAL instruction VADDR has 2 registers if SADDR is OFF, otherwise "
                      "VADDR holds 32-bit offset in single VGPR register' (the page)")
             if prefix == "GLOBAL" else
             ("the page's 'VADDR|OFF': one VGPR with SADDR off, 'off' (no register, the "
              "field clear) with an SGPR address, as llvm-mc writes it")},
            {"name": "VDATA", "kind": "vgpr", "field": "VDATA", "defines": False,
             "note": "a store's or atomic's data"},
            {"name": "SADDR", "kind": "saddr", "field": "SADDR", "off": 127,
             "note": "'Scalar SGPR offset (0x7f value disables it)' (the page's field table): "
                     "%s or 'off'" % ("an SGPR pair" if saddr_regs == 2 else "one SGPR")},
        ],
        "modifiers": [
            {"name": "OFFSET", "field": "OFFSET", "asm": "offset", "value": True,
             "format": "sdec", "omit_zero": True, "every": True,
             "note": "'OFFSET (INST_OFFSET modifier) can be 13-bit signed for GLOBAL_* and "
                     "SCRATCH_* instructions' (the page): -4096 to 4095, as llvm-mc takes"},
            {"name": "GLC", "field": "GLC", "asm": "glc", "value": False, "format": "flag",
             "every": True},
            {"name": "SLC", "field": "SLC", "asm": "slc", "value": False, "format": "flag",
             "every": True},
            {"name": "LDS", "field": "LDS", "asm": "lds", "value": False, "format": "flag",
             "every": True,
             "note": "'transfer DATA to LDS and memory'; llvm-mc has no lds here (spec/peers)"},
        ],
        "overrides": [{"instruction": name, "operand": "VDST", "when": "GLC",
                       "note": "as FLAT's atomics: the returned value with glc alone"}
                      for name in atomics],
    }


def _vopc_templates():
    """The VOPC compares the page's opcode tables name through a template (V_CMP_{OP16}_F32 ...),
    with the alias each table row gives second (T beside TRU, NE beside LG) folded into the
    name LLVM spells (VOPC_ALIASES): they have no section, so their syntax is curated (SYNTAX)."""
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts = json.load(f)["facts"]
    names = set()
    for x in facts:
        if x.get("encoding") == "VOPC" and x["kind"] == "opcode-row":
            names.update(VOPC_ALIASES.get(c["mnemonic"], c["mnemonic"])
                         for c in x.get("claims", []))
    return sorted(names)


# A compare's operation names the type of its sources last (F16 ... U64)
def _vopc_type(name):
    return name.rsplit("_", 1)[1]


# The OP16/OP8 tables give two names to a row: F32/F64/F16 compares 'TRU, T' (LLVM: TRU),
# integer compares 'LG, NE' (LLVM: NE) and 'TRU, T' (LLVM: T). errata E180 folds the second
# into the first; this is the same map, for the names the syntax is curated under.
def _vopc_aliases():
    out = {}
    for pre in ("V_CMP", "V_CMPX", "V_CMPS", "V_CMPSX"):
        for t in ("F16", "F32", "F64"):
            out["%s_T_%s" % (pre, t)] = "%s_TRU_%s" % (pre, t)
        for t in ("I16", "I32", "I64", "U16", "U32", "U64"):
            out["%s_LG_%s" % (pre, t)] = "%s_NE_%s" % (pre, t)
            out["%s_TRU_%s" % (pre, t)] = "%s_T_%s" % (pre, t)
    return out


VOPC_ALIASES = _vopc_aliases()
VOPC_TEMPLATES = _vopc_templates()
# the class compares, which have sections of their own (no template)
VOPC_CLASS = ["V_CMP_CLASS_F32", "V_CMPX_CLASS_F32", "V_CMP_CLASS_F64", "V_CMPX_CLASS_F64",
              "V_CMP_CLASS_F16", "V_CMPX_CLASS_F16"]
# 16-bit sources (GCN 1.2/1.4): SRC0's literal is 16 bits, as VOP1's and VOP2's
VOPC_SRC16 = [n for n in VOPC_TEMPLATES + VOPC_CLASS if _vopc_type(n) in ("F16", "I16", "U16")]
# double sources: SRC0's literal is the double's upper half, as VOP1's F64 sources
VOPC_SRC64F = [n for n in VOPC_TEMPLATES + VOPC_CLASS if _vopc_type(n) == "F64"]


def _buffer_loads(enc, prefix):
    """The loads the CLRX page's opcode tables name (spec/facts-clrx.json)."""
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts = json.load(f)["facts"]
    names = set()
    for x in facts:
        if x.get("encoding") == enc and x["kind"] == "opcode-row":
            names.update(c["mnemonic"] for c in x.get("claims", [])
                         if c["mnemonic"].startswith(prefix))
    return sorted(names)


MUBUF_LOADS = _buffer_loads("MUBUF", "BUFFER_LOAD_")
MTBUF_LOADS = _buffer_loads("MTBUF", "TBUFFER_LOAD_")

# The pages whose instructions have a VOP3 form ("VOP1 instructions can be encoded in the VOP1
# encoding and the VOP3A/VOP3B encoding"): their sections describe the VOP3 form too
VOP3_FORM_PAGES = ("VOP1", "VOP2", "VOPC")
# a GCN 1.2/1.4 section's name -> the spec's (V_ADD_CO_U32's section describes V_ADD_I32)
_SPEC_NAME = {name: base for base, _, name in VOP2_RENAMES}
# the VOP3 page's GCN 1.4 V_ADD_I32/V_SUB_I32 (no carry-out) are the spec's V_ADD_NC_I32 ...
VOP3_NC_NAMES = (("V_ADD_NC_I32", "V_ADD_I32"), ("V_SUB_NC_I32", "V_SUB_I32"))
_SPEC_NAME_VOP3 = {base: nc for nc, base in VOP3_NC_NAMES}


def _vop3_facts():
    """The facts of the VOP3 page and of the pages whose instructions have a VOP3 form, each
    with the name the spec gives its instruction ("spec_name")."""
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts = json.load(f)["facts"]
    out = []
    for x in facts:
        if x.get("encoding") == "VOP3" or x.get("encoding") in VOP3_FORM_PAGES:
            y = dict(x)
            if "name" in x:
                y["spec_name"] = (_SPEC_NAME.get(x["name"], x["name"])
                                  if x["encoding"] != "VOP3"
                                  else _SPEC_NAME_VOP3.get(x["name"], x["name"]))
            out.append(y)
    return out


def _vop3_form_names():
    """The spec's names of the VOP1/VOP2 instructions whose opcode lines or tables give a VOP3
    opcode, and of every VOPC compare (the VOPC page: 'VOPC opcodes (0-255) and VOP3 opcodes
    are same')."""
    names = set(VOPC_TEMPLATES) | set(VOPC_CLASS)
    for x in _vop3_facts():
        if x.get("encoding") not in ("VOP1", "VOP2"):
            continue
        # a generation's name of another instruction stays too (GCN 1.2's V_ADD_U32 is
        # V_ADD_I32, GCN 1.4's an instruction of its own)
        if x["kind"] == "opcode-line" and (x.get("form") or "").startswith("VOP3"):
            names.update({x["spec_name"], x["name"]})
        elif x["kind"] == "opcode-row":
            for c in x.get("claims", []):
                names.update({_SPEC_NAME.get(c["mnemonic"], c["mnemonic"]), c["mnemonic"]})
    return names


def _vop3_output_modifiers():
    """The VOP3 page's instructions that take neither CLAMP nor OMOD, or CLAMP alone, by the
    page's rule (GcnInstrsVop3.md:55-56: 'OMOD and CLAMP modifier affects only for instruction
    that output is floating point value or for addition/subtraction instructions'), with the
    sections that define a CLAMP of their own (V_MAD_I16's 'If CLAMP modifier supplied, then
    result is saturated'). An instruction's output type is the first type in its name
    (V_CVT_PKRTZ_F16_F32: F16; V_CVT_PK_U8_F32: U8); an addition or subtraction is named
    V_ADD_T/V_SUB_T. Returns (name, takes_clamp, takes_omod) per instruction."""
    names, own_clamp = set(), set()
    for x in _vop3_facts():
        if x["kind"] == "opcode-row" and x["encoding"] == "VOP3":
            names.update(_SPEC_NAME_VOP3.get(c["mnemonic"], c["mnemonic"])
                         if c["gen"] == "gcn1.4" else c["mnemonic"]
                         for c in x.get("claims", []))
        elif x["kind"] in ("description", "operation") and \
                "CLAMP" in x.get("description", "") + x.get("code", "") and \
                "doesn't affect" not in x.get("description", ""):
            # (V_OR_B32's 'CLAMP and OMOD modifier doesn't affect on result' gives it none)
            own_clamp.add(x["spec_name"])
    # the VOP3 forms of the VOP1/VOP2/VOPC pages' instructions, by the VOP3 page's rule too
    # (their pages list 'CLAMP - clamps destination floating point value' among the VOP3
    # form's modifiers); a compare's result is a mask, no floating-point value
    names |= _vop3_form_names()
    out = []
    for n in sorted(names):
        parts = n.split("_")
        out_type = next((t for t in parts[1:] if t[0] in "FIUB" and t[1:].isdigit()), None)
        is_float = out_type is not None and out_type[0] == "F" and not n.startswith("V_CMP")
        add_sub = parts[1] in ("ADD", "SUB", "SUBREV", "ADDC", "SUBB", "SUBBREV") and \
            len(parts) == 3 and not n.startswith("V_CMP")
        out.append((n, is_float or add_sub or n in own_clamp, is_float))
    return out


def _src16_read(code):
    """The sources an Operation reads as 16 bits (see vop3_src16_overrides)."""
    import re
    return set(re.findall(r"\bASHALF\s*\(\s*(SRC[0-2])\s*\)", code)) | \
        set(re.findall(r"\(\s*U?INT16\s*\)\s*(SRC[0-2])\b", code)) | \
        set(re.findall(r"\b(?:U?INT16|HALF)\s+\w+\s*=\s*(?:\(\s*\w+\s*\)\s*)?(SRC[0-2])\s*$",
                       code, re.M)) | \
        {m for m in re.findall(r"\(\s*(SRC[0-2])\s*(?:&\s*0xffff|<<\s*16)\s*\)", code)
         if not re.search(m + r"\s*>>\s*16", code)}


def _half_sources():
    """The 16-bit sources that are halves, by instruction: those an Operation reads as a half
    (ASHALF(SRC0), the V_MIN_F16/V_MAX_F16 sections' ASFHALF slip, 'HALF S = SRC1'), the
    F16 compares' (GcnInstrsVopc.md:136-137: 'ASTYPE function that treat compared values as
    value of type', the name's last part) and the class compares' SRC0. The others read a
    16-bit integer (UINT16, INT16, SRC0&0xffff): format "i16". LLVM takes a half's number as
    a half (0x3800 is the inline 0.5, 0.3 the literal 0x34cd) and an integer's as 16 bits."""
    import re
    out = {}
    for x in _vop3_facts():
        if x["kind"] != "operation":
            continue
        code = x.get("code", "")
        srcs = set(re.findall(r"\bASF?HALF\s*\(\s*(SRC[0-2])\s*\)", code)) | \
            set(re.findall(r"\bHALF\s+\w+\s*=\s*(SRC[0-2])\s*$", code, re.M))
        if srcs:
            out.setdefault(x["spec_name"], set()).update(srcs)
    for n in VOPC_TEMPLATES + VOPC_CLASS:
        if _vopc_type(n) == "F16":
            out.setdefault(n, set()).update({"SRC0"} if "CLASS" in n else {"SRC0", "SRC1"})
    return out


def src16_format(name, src):
    """A 16-bit source's format: "f16" for a half (_half_sources), else "i16". An instruction
    no Operation describes (V_FRACT_F16 has no section) takes its name's last part, the type
    the page's names give the source (V_CVT_F16_U16: U16)."""
    if not _HALF_SOURCES:
        _HALF_SOURCES.update(_half_sources())
        _HALF_SOURCES[None] = {x["spec_name"] for x in _vop3_facts() if x["kind"] == "operation"}
    if name not in _HALF_SOURCES[None] and not name.startswith(("V_CMP_", "V_CMPX_")):
        return "f16" if name.endswith("_F16") else "i16"
    return "f16" if src in _HALF_SOURCES.get(name, ()) else "i16"


_HALF_SOURCES = {}


def _vop3_page_src16():
    """The VOP3 page's instructions whose Operation reads a source as 16 bits (see
    vop3_src16_overrides), with those sources."""
    out = {}
    for x in _vop3_facts():
        if x["kind"] != "operation" or x["encoding"] != "VOP3":
            continue
        srcs = _src16_read(x.get("code", ""))
        if srcs:
            out.setdefault(x["spec_name"], set()).update(srcs)
    return out


def vop3_op_sel_instructions():
    """The instructions that take GCN 1.4's OP_SEL (E245). The pages give the field to every
    GCN 1.4 VOP3A word (GcnInstrsVop3.md:31, 62-75; the VOP1/VOP2/VOPC pages' field tables
    too), as a half selection of 16-bit operands. GCN 1.4 gave the VOP3 page's 16-bit
    instructions that select halves new opcodes (V_MAD_F16: 490 on GCN 1.2, 515 on GCN 1.4)
    and kept the old ones as V_*_LEGACY_*; llvm-mc 14 and 19 take op_sel on exactly the
    16-bit instructions (a source the Operation reads as 16 bits) whose GCN 1.4 opcode no
    section gives GCN 1.2, refuse it on all others ('invalid operand for instruction' / 'not a valid
    operand') and drop the bits of their words. The spec follows LLVM (the probes below); the
    others' OP_SEL bits stay unmodelled (refused)."""
    # the sections' 'Opcode:' lines (the table's GCN 1.2 column ticks the PKNORM_*_F16 rows
    # too, E239): an opcode of GCN 1.4 that no section gives GCN 1.2
    lines = [x for x in _vop3_facts() if x["kind"] == "opcode-line" and x["encoding"] == "VOP3"]
    gcn12 = {p["dec"] for x in lines for p in x["parts"] if "gcn1.2" in p["gens"]}
    new14 = {x["spec_name"] for x in lines for p in x["parts"]
             if "gcn1.4" in p["gens"] and p["dec"] not in gcn12}
    return sorted(new14 & set(_vop3_page_src16()))


def _vop3p_facts():
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        return [x for x in json.load(f)["facts"] if x.get("encoding") == "VOP3P"]


def vop3p_mix_instructions():
    """The VOP3P instructions whose sections say 'NEG_HI changes meaning to absolute-value
    modifier.' (GcnInstrsVop3p.md:99, 135, 171: V_MAD_MIX*): NEG and NEG_HI are their
    sources' -x and |x|, as llvm-mc 14 and 19 print them (0xd3a00701, 0xe4120702 is
    v_mad_mix_f32 v1, -|v2|, -|v3|, -|v4|), and OP_SEL_HI selects a half-float source (0 by
    default) where the others' selects the high half of a packed source (1 by default)."""
    secs = {x["id"]: x["name"] for x in _vop3p_facts() if x["kind"] == "section"}
    return sorted({secs[x["section"]] for x in _vop3p_facts()
                   if x["kind"] == "unmodelled" and x.get("section") in secs and
                   "NEG_HI changes meaning to absolute-value modifier" in x["text"]})


def vop3p_packed_half_overrides():
    """The packed sources of two halves: those the Operation reads as 'ASHALF(SRC0&0xffff)'
    (V_PK_ADD_F16 ...): format pk-f16, whose numbers llvm-mc reads as halves (0x3c00 and 1.0
    are the inline 1.0, 0x3f800000 'literal operands are not supported'). The packed integer
    sources stay 32-bit sources, as llvm-mc-19 reads them (0x3f800000 is the inline 1.0)."""
    import re
    out = []
    for x in _vop3p_facts():
        if x["kind"] == "operation":
            for src in sorted(set(re.findall(r"ASHALF\s*\(\s*(SRC[0-2])\s*&", x["code"]))):
                out.append({"instruction": x["name"], "operand": src, "format": "pk-f16",
                            "note": "two halves (ASHALF(%s&0xffff), ASHALF(%s>>16)): a number "
                                    "is read as a half, as llvm-mc reads a v2f16 operand" %
                                    (src, src)})
    return out


def vop3p_packed_instructions():
    """The VOP3P instructions of the opcode table that are no V_MAD_MIX* (the packed ones)."""
    mix = set(vop3p_mix_instructions())
    return sorted({c["mnemonic"] for x in _vop3p_facts() if x["kind"] == "opcode-row"
                   for c in x.get("claims", [])} - mix)


def vop3_src16_overrides():
    """The 16-bit sources of the VOP3 page's instructions: those their Operation reads through a
    16-bit cast (ASHALF(SRC0), (INT16)SRC1, (UINT16)SRC2), into a 16-bit variable (V_MED3_I16's
    'INT16 S1 = (INT32)SRC1') or as their low half alone (V_MAD_U32_U16's SRC0&0xffff, V_PACK_B32_F16's SRC1<<16), as
    VOP1/VOP2's 16-bit sources read the low half. V_SAD_U16 reads both 16-bit words of each
    source (SRC0 & 0xffff, SRC0 >> 16), so its sources stay 32-bit."""
    import re
    out = {}
    for x in _vop3_facts():
        if x["kind"] != "operation":
            continue
        srcs = _src16_read(x.get("code", ""))
        if srcs:
            out.setdefault(x["spec_name"], set()).update(srcs)
    # the 16-bit compares' VOP3 forms: both sources are 16 bits (VOPC_SRC16; the class
    # compares' SRC1 is the 10-bit class mask, which their VOPC form reads whole too), and
    # those of the VOP1/VOP2 instructions whose SRC0 is 16 bits (VOP1_SRC16, VOP2_SRC16):
    # VOP2's SRC1 too, a VGPR in the VOP2 word and any source in VOP3's
    for n in VOPC_SRC16:
        out.setdefault(n, set()).update({"SRC0"} if "CLASS" in n else {"SRC0", "SRC1"})
    for n in VOP1_SRC16:
        out.setdefault(n, set()).add("SRC0")
    ops32 = {x["spec_name"] for x in _vop3_facts() if x["kind"] == "operation" and
             re.search(r"\(\s*U?INT32\s*\)\s*SRC1\b", x.get("code", ""))}
    for n in VOP2_SRC16:
        # (V_LDEXP_F16's exponent is 32 bits: 'POW(2.0, (INT32)SRC1)')
        out.setdefault(n, set()).update({"SRC0"} if n in ops32 else {"SRC0", "SRC1"})
    return [{"instruction": n, "operand": src, "format": src16_format(n, src),
             "note": "a 16-bit source: its Operation reads it through a 16-bit cast (f16: "
                     "as a half, i16: as an integer)"}
            for n in sorted(out) for src in sorted(out[n])]


def vop3_source_mod_overrides():
    """The floating-point sources of the VOP3 page's instructions take the source modifiers:
    the page's '-SRC - negate floating point value from source operand' and 'ABS(SRC), |SRC|'.
    A source is floating-point where its Operation reads it as a float (ASFLOAT(SRC0),
    ASDOUBLE(SRC1), ASHALF(SRC2)); an integer source takes none (llvm-mc 14 and 19 refuse
    '-v2' on v_bfe_u32: 'not a valid operand'), and the interpolation and lane instructions'
    operands none either. A VOP3B instruction's SDST lies on ABS: the resolver leaves it ABS
    out (llvm-mc takes 'v_div_scale_f32 v0, vcc, -v1, v2, v3', not '|v1|')."""
    import re
    out = {}
    for x in _vop3_facts():
        if x["kind"] != "operation":
            continue
        # (V_MIN_F16/V_MAX_F16's sections write ASFHALF, the page's slip for ASHALF)
        srcs = set(re.findall(r"\bAS(?:FLOAT|DOUBLE|HALF|FHALF)\s*\(\s*(SRC[0-2])\b",
                              x.get("code", "")))
        if srcs:
            out.setdefault(x["spec_name"], set()).update(srcs)
    # the floating-point compares (GcnInstrsVopc.md:136-137: 'ASTYPE function that treat
    # compared values as value of type (ASFLOAT for _FP32, ASDOUBLE for _FP64)'), and the
    # class compares' SRC0 ('Check whether SRC0 single floating point value belongs ...')
    for n in VOPC_TEMPLATES:
        if _vopc_type(n).startswith("F"):
            out.setdefault(n, set()).update({"SRC0", "SRC1"})
    for n in VOPC_CLASS:
        out.setdefault(n, set()).add("SRC0")
    return [{"instruction": n, "operand": src, "abs_field": "ABS", "neg_field": "NEG",
             "note": "a floating-point source (its Operation reads AS%s(%s)): -x, |x|" %
                     ("FLOAT/DOUBLE/HALF", src)}
            for n in sorted(out) for src in sorted(out[n])]


def vop3_modifier_overrides():
    """CLAMP and OMOD absent where the page's rule leaves them no effect; the fields must be
    clear there (llvm-mc 14 and 19 refuse clamp and mul:2 on v_bfe_u32, and its disassembler
    such words: 'invalid instruction encoding')."""
    note = ("the page applies %s only to floating-point results%s (GcnInstrsVop3.md:55-56): "
            "the field must be clear")
    return [{"instruction": n, "modifier": mod, "absent": True, "zero": True,
             "note": note % ("CLAMP" if mod == "CLAMP" else "OMOD",
                             ", additions, subtractions and the sections defining it"
                             if mod == "CLAMP" else "")}
            for n, clamp, omod in _vop3_output_modifiers()
            for mod, takes in (("CLAMP", clamp), ("OMOD", omod)) if not takes]


def tfe_overrides(loads):
    """A buffer load with tfe writes one more register."""
    return [{"instruction": name, "operand": "VDATA", "plus": "TFE",
             "note": "a load with tfe writes one more register (the fail status): "
                     "llvm-mc-19 takes and prints it (buffer_load_dword v[1:2], ... "
                     "tfe), llvm-mc-14 does not"}
            for name in loads]


# The operands MUBUF and MTBUF share
BUFFER_OPERANDS = [
    {"name": "VDATA", "kind": "vgpr", "field": "VDATA",
     "note": "a load's destination, a store's data, an atomic's data and (with glc) its "
             "returned value; TFE adds one register (llvm-mc-19; llvm-mc-14 does not count "
             "it)"},
    {"name": "VADDR", "kind": "vaddr-buf", "field": "VADDR",
     "offen_field": "OFFEN", "idxen_field": "IDXEN", "addr64_field": "ADDR64",
     "note": "'off' with none of OFFEN, IDXEN, ADDR64; one VGPR with OFFEN or IDXEN; a "
             "pair with both, or with ADDR64 (GCN 1.0/1.1): 'IDXEN and OFFEN both enabled "
             "requires 64-bit VADDR. VADDR is optional if no IDXEN, OFFEN and ADDR64'"},
    {"name": "SRSRC", "kind": "srsrc", "field": "SRSRC",
     "note": "the buffer resource, an SGPR quad stored as its first SGPR / 4 ('SGPR# is "
             "4*value')"},
    {"name": "SOFFSET", "kind": "ssrc", "field": "SOFFSET", "literal_gens": [],
     "note": "a scalar operand code in the 8-bit SOFFSET field: an SGPR, M0 or an inline "
             "constant (llvm-mc takes 0.5 too); no literal (LLVM's disassemblers refuse "
             "0xff)"},
]


# The modifiers MUBUF and MTBUF share, in llvm-mc's order
BUFFER_MODIFIERS = [
    {"name": "IDXEN", "field": "IDXEN", "asm": "idxen", "value": False, "format": "flag",
     "every": True,
     "note": "llvm-mc writes and takes idxen offen addr64 offset glc slc lds tfe in that "
             "order (glc and slc either way)"},
    {"name": "OFFEN", "field": "OFFEN", "asm": "offen", "value": False, "format": "flag",
     "every": True},
    {"name": "ADDR64", "field": "ADDR64", "asm": "addr64", "value": False, "format": "flag",
     "every": True, "gens": ['gcn1.0', 'gcn1.1']},
    {"name": "OFFSET", "field": "OFFSET", "asm": "offset", "value": True, "format": "dec",
     "omit_zero": True, "every": True},
    {"name": "GLC", "field": "GLC", "asm": "glc", "value": False, "format": "flag",
     "every": True},
    {"name": "SLC", "field": "SLC", "asm": "slc", "value": False, "format": "flag",
     "every": True},
    {"name": "LDS", "field": "LDS", "asm": "lds", "value": False, "format": "flag",
     "every": True},
    {"name": "TFE", "field": "TFE", "asm": "tfe", "value": False, "format": "flag",
     "every": True},
]

OPERANDS = [
    {"encoding": "DS",
     "operands": [
         {"name": "ADDR", "kind": "vgpr", "field": "ADDR", "note": "the byte address"},
         {"name": "VDATA0", "kind": "vgpr", "field": "VDATA0"},
         {"name": "VDATA1", "kind": "vgpr", "field": "VDATA1"},
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True},
     ],
     "modifiers": [
         {"name": "OFFSET", "field": "OFFSET", "asm": "offset", "value": True, "format": "dec",
          "omit_zero": True},
         {"name": "OFFSET0", "field": "OFFSET0", "asm": "offset0", "value": True, "format": "dec",
          "omit_zero": True},
         {"name": "OFFSET1", "field": "OFFSET1", "asm": "offset1", "value": True, "format": "dec",
          "omit_zero": True},
         {"name": "GDS", "field": "GDS", "asm": "gds", "value": False, "format": "flag", "every": True,
          "note": "the DS pages' general syntax ends every form with [GDS]"},
     ],
     "overrides": [{"instruction": "DS_SWIZZLE_B32", "modifier": "OFFSET", "format": "swizzle",
                    "note": "LLVM writes the swizzle pattern as offset:swizzle(MODE,...)"}],
     "extra_probes": [{"gen": "gcn1.2", "line": "ds_swizzle_b32 v0, v1 offset:0x801f",
                       "text": "ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,3,3,1,0)"}],
     "probe": {"gen": "gcn1.2", "line": DS_PROBE[0], "bytes": DS_PROBE[1],
               "says": "offset in bits 0-15, ADDR bits 32-39, VDATA0 40-47, VDATA1 48-55, "
                       "VDST 56-63 (ds_cmpst_rtn_b32 v4, v1, v2, v3 offset:7)"}},
    {"encoding": "SOP1",
     "operands": [
         {"name": "SDST", "kind": "sdst", "field": "SDST", "defines": True},
         {"name": "SSRC0", "kind": "ssrc", "field": "SSRC0"},
     ],
     "modifiers": [],
     "overrides": [{"instruction": name, "operand": "SSRC0", "kind": "sgpr",
                    "note": "the source is addressed by its register number (the description: "
                            "'SGPR[M0+SSRC0_NUMBER] ... SSRC0_NUMBER is number of SSRC0 "
                            "register'): a constant or literal has none"}
                   for name in ("S_MOVRELS_B32", "S_MOVRELS_B64")],
     "probe": {"gen": "gcn1.2", "line": "s_mov_b32 s5, s3", "bytes": {0: 3, 2: 0x85},
               "says": "SSRC0 bits 0-7, SDST bits 16-22 (s_mov_b32 s5, s3)"}},
    {"encoding": "SMEM",
     "operands": [
         {"name": "SDATA", "kind": "sgpr", "field": "SDATA",
          "note": "the destination of loads, the source of stores and atomics"},
         {"name": "SBASE", "kind": "sbase", "field": "SBASE",
          "note": "the register pair (quad for buffer forms) is stored as its first SGPR / 2"},
         {"name": "OFFSET", "kind": "smem-offset", "field": "OFFSET", "format": "hex",
          "imm_field": "IMM", "soe_field": "SOE", "soffset_field": "SOFFSET",
          "signed_gens": ["gcn1.4"], "register_bits": 7,
          "note": "an immediate (IMM=1) or an SGPR (IMM=0; the SMEM page: 'OFFSET holds number of "
                  "SGPR', an SGPR number of 7 bits like SDATA's, the field's upper bits unused); "
                  "on GCN 1.4 with SOE=1 an SGPR in SOFFSET plus the immediate, written 'sN "
                  "offset:imm' (IMM=0 SOE=1: SOFFSET alone, OFFSET unused); llvm-mc lets the "
                  "offset be left out and takes 0 (IMM=1, OFFSET=0), as 'omitted' says",
          "omitted": "0"},
         {"name": "PROBE", "kind": "imm", "field": "SDATA", "format": "inline",
          "note": "s_atc_probe*: a 3-bit probe type in the SDATA field"},
     ],
     "modifiers": [
         {"name": "GLC", "field": "GLC", "asm": "glc", "value": False, "format": "flag",
          "every": True},
         {"name": "NV", "field": "NV", "asm": "nv", "value": False, "format": "flag", "every": True,
          "gens": ["gcn1.4"]},
     ],
     "overrides": [{"instruction": name, "operand": "OFFSET",
                    "register_only": {"register": "m0", "gens": ["gcn1.2"]},
                    "source": "004_f05d49f6c840f2a3.txt:36",
                    "note": "the SMEM page: 'S_STORE_* and S_BUFFER_STORE_* accepts only M0 as "
                            "offset register for GCN 1.2. In GCN 1.4 ... accepts also SGPR'. "
                            "LLVM agrees in its code generator, not in its assembler: the "
                            "machine verifier says 'scalar stores must use m0 as offset "
                            "register' on GFX8 only (D128765, 2022), while SMInstructions.td "
                            "keeps 'TODO: Forbid non-M0 register offsets for GFX8 stores and "
                            "atomics' and llvm-mc-14/19 accept any SGPR (the probe below): an "
                            "LLVM bug, spec/peers/llvm-known.json. Mesa's ACO notes the same "
                            "rule (src/amd/compiler/README, 'SMEM stores')"}
                   for name in ("S_STORE_DWORD", "S_STORE_DWORDX2", "S_STORE_DWORDX4",
                                "S_BUFFER_STORE_DWORD", "S_BUFFER_STORE_DWORDX2",
                                "S_BUFFER_STORE_DWORDX4")],
     "extra_probes": [{"gen": "gcn1.4", "line": "s_load_dword s1, s[2:3], -0x1",
                       "text": "s_load_dword s1, s[2:3], -0x1"},
                      {"gen": "gcn1.2", "line": "s_store_dword s1, s[2:3], s4",
                       "text": "s_store_dword s1, s[2:3], s4"}],
     "omit_probes": [{"gens": ["gcn1.2", "gcn1.4"],
                      "lines": ["s_load_dword s5, s[6:7]", "s_buffer_load_dwordx2 s[4:5], s[8:11]",
                                "s_store_dword s5, s[6:7]"],
                      "texts": ["s_load_dword s5, s[6:7], 0x0",
                                "s_buffer_load_dwordx2 s[4:5], s[8:11], 0x0",
                                "s_store_dword s5, s[6:7], 0x0"]}],
     "probe": {"gen": "gcn1.2", "line": "s_load_dword s5, s[6:7], 0x40 glc",
               "bytes": {0: 0x43, 1: 0x01, 2: 0x03, 4: 0x40},
               "says": "SBASE bits 0-5 (s[6:7] -> 3), SDATA 6-12, GLC 16, IMM 17, OFFSET 32+"}},
    {"encoding": "SOP2",
     "operands": [
         {"name": "SDST", "kind": "sdst", "field": "SDST", "defines": True},
         {"name": "SSRC0", "kind": "ssrc", "field": "SSRC0"},
         {"name": "SSRC1", "kind": "ssrc", "field": "SSRC1"},
     ],
     "modifiers": [],
     "extra_probes": [{"gen": "gcn1.4", "line": "s_add_u32 s0, 0x1234, 0x1234",
                       "text": "s_add_u32 s0, 0x1234, 0x1234"}],
     "probe": {"gen": "gcn1.2", "line": "s_add_u32 s5, s3, s4", "bytes": {0: 3, 1: 4, 2: 5},
               "says": "SSRC0 bits 0-7, SSRC1 bits 8-15, SDST bits 16-22 (s_add_u32 s5, s3, s4); "
                       "both sources may name the literal, which they then share "
                       "(s_add_u32 s0, 0x1234, 0x1234)"}},
    {"encoding": "SOPC",
     "operands": [
         {"name": "SSRC0", "kind": "ssrc", "field": "SSRC0"},
         {"name": "SSRC1", "kind": "ssrc", "field": "SSRC1"},
         {"name": "IMM8", "kind": "imm", "field": "SSRC1", "format": "gpr-idx",
          "note": "S_SET_GPR_IDX_ON's mode in the SSRC1 field: the operation takes IMM8 & 15 "
                  "(M0 bits 12-15); LLVM writes the four bits as gpr_idx(SRC0,SRC1,SRC2,DST) "
                  "and refuses a value past 15"},
     ],
     "modifiers": [],
     "extra_probes": [{"gen": "gcn1.4", "line": "s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)",
                       "text": "s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)"}],
     "probe": {"gen": "gcn1.2", "line": "s_cmp_eq_u32 s3, s4", "bytes": {0: 3, 1: 4},
               "says": "SSRC0 bits 0-7, SSRC1 bits 8-15 (s_cmp_eq_u32 s3, s4)"}},
    {"encoding": "SOPK",
     "operands": [
         {"name": "SDST", "kind": "sdst", "field": "SDST", "defines": True,
          "note": "the destination, or the compared register of S_CMPK_* (SOPK has no other "
                  "scalar field)"},
         {"name": "SIMM16", "kind": "imm", "field": "SIMM16", "format": "hex",
          "accepts_signed": True,
          "note": "signed 16-bit (the page: 'SIMM16 - signed 16-bit immediate'): llvm-mc takes "
                  "-32768 to 65535 and prints the field in hex"},
         {"name": "IMM16", "kind": "imm", "field": "SIMM16", "format": "hex",
          "note": "unsigned 16-bit (the page: 'IMM16 - unsigned 16-bit immediate')"},
         {"name": "RELADDR", "kind": "label", "field": "SIMM16",
          "note": "the page: 'RELADDR = NEXTPC + SIMM16': a signed dword count, which LLVM's "
                  "disassembler writes as the field's unsigned value"},
         {"name": "HWREG", "kind": "imm", "field": "SIMM16", "format": "hwreg",
          "note": "hwreg(ID, OFFSET, SIZE): spec/curated/simm16.json"},
         {"name": "IMM32", "kind": "literal32", "format": "inline",
          "note": "the 32-bit constant after the word (S_SETREG_IMM32_B32), written as LLVM "
                  "writes an immediate: decimal when an inline integer has the value"},
     ],
     "modifiers": [],
     "extra_probes": [{"gen": "gcn1.4", "line": "s_getreg_b32 s3, hwreg(HW_REG_MODE, 0, 1)",
                       "text": "s_getreg_b32 s3, hwreg(HW_REG_MODE, 0, 1)"},
                      {"gen": "gcn1.4", "line": "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 1",
                       "text": "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 1"}],
     "probe": {"gen": "gcn1.2", "line": "s_movk_i32 s3, 0x1234",
               "bytes": {0: 0x34, 1: 0x12, 2: 0x03, 3: 0xb0},
               "says": "SIMM16 bits 0-15, SDST bits 16-22 (s_movk_i32 s3, 0x1234)"}},
    {"encoding": "SOPP",
     "operands": [
         {"name": "SIMM16", "kind": "imm", "field": "SIMM16", "format": "inline",
          "accepts_signed": True,
          "note": "LLVM writes it as other immediates: decimal when an inline integer has the "
                  "value, else hex"},
         {"name": "RELADDR", "kind": "label", "field": "SIMM16",
          "note": "the page: 'RELADDR = NEXTPC + SIMM16*4'; LLVM's disassembler writes the "
                  "field's unsigned value"},
         {"name": "SENDMSG", "kind": "imm", "field": "SIMM16", "format": "sendmsg",
          "note": "sendmsg(MSG, OP, STREAM): spec/curated/simm16.json"},
     ],
     "modifiers": [],
     "overrides": [{"instruction": "S_WAITCNT", "operand": "SIMM16", "format": "waitcnt",
                    "note": "the counters the page describes, written vmcnt(N) expcnt(N) "
                            "lgkmcnt(N) (spec/curated/simm16.json)"},
                   {"instruction": "S_SET_GPR_IDX_MODE", "operand": "SIMM16",
                    "format": "gpr-idx",
                    "note": "the operation keeps SIMM16 & 15, the mode of M0 bits 12-15, which "
                            "LLVM writes gpr_idx(SRC0,SRC1,SRC2,DST)"}],
     "extra_probes": [{"gen": "gcn1.4", "line": "s_waitcnt vmcnt(1) expcnt(2)",
                       "text": "s_waitcnt vmcnt(1) expcnt(2)"},
                      {"gen": "gcn1.4", "line": "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)",
                       "text": "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)"}],
     "probe": {"gen": "gcn1.2", "line": "s_branch 5", "bytes": {0: 5, 1: 0, 2: 0x82, 3: 0xbf},
               "says": "SIMM16 bits 0-15 (s_branch 5)"}},
    {"encoding": "SMRD",
     "operands": [
         {"name": "SDST", "kind": "sgpr", "field": "SDST", "defines": True},
         {"name": "SBASE", "kind": "sbase", "field": "SBASE",
          "note": "the register pair (quad for buffer forms) is stored as its first SGPR / 2"},
         {"name": "OFFSET", "kind": "smrd-offset", "field": "OFFSET", "format": "hex",
          "imm_field": "IMM", "literal_gens": ["gcn1.1"], "imm_scale": 4, "literal_scale": 4,
          "note": "an 8-bit immediate (IMM=1) or a scalar operand code (IMM=0; 255 is a 32-bit "
                  "literal on GCN 1.1). The immediate counts dwords, an SGPR offset bytes: "
                  "LLVM's syntax reference (llvm/docs/AMDGPU/gfx7_soffset_*.rst) 'If offset is "
                  "specified as an uimm8, it supplies an 8-bit unsigned dword offset' and 'as a "
                  "register, it supplies an unsigned byte offset'. The GCN 1.1 literal counts "
                  "dwords as LLVM's code generator encodes it (AMDGPUBaseInfo.cpp "
                  "getSMRDEncodedLiteralOffset32: ByteOffset >> 2 on CI), while the same syntax "
                  "reference calls it a byte offset: LLVM contradicts itself; the spec follows "
                  "the encoder; llvm-mc lets the offset be left out and takes 0 (IMM=1, "
                  "OFFSET=0), as 'omitted' says",
          "omitted": "0"},
     ],
     "modifiers": [],
     "extra_probes": [{"gen": "gcn1.1", "line": "s_load_dword s5, s[6:7], 0x12345",
                       "text": "s_load_dword s5, s[6:7], 0x12345"}],
     "omit_probes": [{"gens": ["gcn1.0", "gcn1.1"],
                      "lines": ["s_load_dword s5, s[6:7]", "s_buffer_load_dwordx2 s[4:5], s[8:11]"],
                      "texts": ["s_load_dword s5, s[6:7], 0x0",
                                "s_buffer_load_dwordx2 s[4:5], s[8:11], 0x0"]}],
     "probe": {"gen": "gcn1.0", "line": "s_load_dword s5, s[6:7], 0x4",
               "bytes": {0: 0x04, 1: 0x87, 2: 0x02, 3: 0xc0},
               "says": "OFFSET bits 0-7, IMM 8, SBASE 9-14 (s[6:7] -> 3), SDST 15-21, "
                       "OPCODE 22-26 (s_load_dword s5, s[6:7], 0x4)"}},    {"encoding": "VOP1",
     "operands": [
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True},
         {"name": "SRC0", "kind": "vsrc", "field": "SRC0", "format": "f64",
          "literal_gens": ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"],
          "note": "9 bits: 0-255 the scalar operand codes (255: a 32-bit literal after the "
                  "word), 256-511 the VGPRs v0-v255 (GcnOperands.md); every 64-bit VOP1 source "
                  "is a double (F64), whose literal is its upper half (format f64)"},
         {"name": "VSRC0", "kind": "vsrc-vgpr", "field": "SRC0",
          "note": "the SRC0 field holding a VGPR alone (256 + n)"},
         {"name": "SDST", "kind": "sdst", "field": "VDST", "defines": True,
          "note": "V_READFIRSTLANE_B32 writes the SGPR the VDST field names"},
     ],
     "modifiers": [],
     "overrides": [{"instruction": name, "operand": "SRC0",
                    "format": src16_format(name, "SRC0"),
                    "note": "a 16-bit source (F16, I16, U16): it reads the literal's low 16 "
                            "bits; llvm-mc takes literals of 16 bits there (-0x11 as 0xffef) "
                            "and refuses wider ones; f16 a half, i16 an integer"}
                   for name in VOP1_SRC16],
     "mnemonic_suffix": "_e32",
     "suffix_exceptions": ["V_NOP", "V_CLREXCP", "V_READFIRSTLANE_B32", "V_SWAP_B32"],
     "extra_probes": [{"gen": "gcn1.4", "line": "v_mov_b32 v0, 0x12345678",
                       "text": "v_mov_b32_e32 v0, 0x12345678"},
                      {"gen": "gcn1.4", "line": "v_readfirstlane_b32 s5, v3",
                       "text": "v_readfirstlane_b32 s5, v3"},
                      {"gen": "gcn1.4", "line": "v_nop", "text": "v_nop"},
                      {"gen": "gcn1.4", "line": "v_ceil_f16 v1, -0x11",
                       "text": "v_ceil_f16_e32 v1, 0xffef"},
                      {"gen": "gcn1.4", "line": "v_fract_f64 v[0:1], 0x12345678",
                       "text": "v_fract_f64_e32 v[0:1], 0x12345678"},
                      {"gen": "gcn1.4", "line": "v_swap_b32 v1, v2", "text": "v_swap_b32 v1, v2"},
                      {"gen": "gcn1.4", "line": "v_clrexcp", "text": "v_clrexcp"}],
     "probe": {"gen": "gcn1.2", "line": "v_mov_b32 v5, v3", "bytes": {0: 3, 1: 3, 2: 0x0a, 3: 0x7e},
               "says": "SRC0 bits 0-8 (v3 -> 256 + 3), OPCODE bits 9-16, VDST bits 17-24, "
                       "ENCODING 0x3f in bits 25-31 (v_mov_b32 v5, v3); llvm-mc prints the "
                       "mnemonic with _e32 (the 32-bit form of an instruction that also has a "
                       "VOP3 form) except for the instructions without a source and "
                       "v_readfirstlane_b32 and v_swap_b32 (suffix_exceptions)"}},
    {"encoding": "VINTRP",
     "operands": [
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True},
         {"name": "VSRC", "kind": "vgpr", "field": "VSRC",
          "note": "the I or J coordinate (V_INTERP_P1_F32, V_INTERP_P2_F32)"},
         {"name": "PARAMTYPE", "kind": "imm", "field": "VSRC", "format": "interp-slot",
          "max": 2,
          "note": "V_INTERP_MOV_F32's parameter in the VSRC field: p10 is 0, p20 1, p0 2 "
                  "(llvm-mc; the page names P0, P10, P20 but gives no values: E141); 3-255 "
                  "are undefined, which LLVM's disassembler prints as invalid_param_N"},
         {"name": "ATTR", "kind": "attr", "field": "ATTR", "chan_field": "ATTRCHAN",
          "max": 32,
          "note": "attrN.C: the attribute in ATTR (0-32, the page's range; E142) and the "
                  "channel x, y, z, w (0-3) in ATTRCHAN"},
     ],
     "modifiers": [],
     "mnemonic_suffix": "_e32",
     "mnemonic_suffix_gens": ["gcn1.2", "gcn1.4"],
     "extra_probes": [{"gen": "gcn1.4", "line": "v_interp_p1_f32 v0, v1, attr0.x",
                       "text": "v_interp_p1_f32_e32 v0, v1, attr0.x"},
                      {"gen": "gcn1.0", "line": "v_interp_p1_f32_e32 v0, v1, attr0.x",
                       "text": "v_interp_p1_f32 v0, v1, attr0.x"},
                      {"gen": "gcn1.0", "line": "v_interp_mov_f32 v0, p10, attr0.x",
                       "text": "v_interp_mov_f32 v0, p10, attr0.x"},
                      {"gen": "gcn1.0", "line": "v_interp_mov_f32 v0, p20, attr0.x",
                       "text": "v_interp_mov_f32 v0, p20, attr0.x"},
                      {"gen": "gcn1.0", "line": "v_interp_mov_f32 v0, p0, attr0.x",
                       "text": "v_interp_mov_f32 v0, p0, attr0.x"}],
     "probe": {"gen": "gcn1.0", "line": "v_interp_mov_f32 v3, p0, attr5.z",
               "bytes": {0: 2, 1: 0x16, 2: 0x0e, 3: 0xc8},
               "says": "VSRC bits 0-7 (p0 -> 2), ATTRCHAN 8-9 (z -> 2), ATTR 10-15 (5), OPCODE "
                       "16-17 (2), VDST 18-25 (v3), ENCODING 0x32 in bits 26-31 on GCN 1.0/1.1 "
                       "(0x35 on GCN 1.2/1.4); llvm-mc prints the _e32 suffix on GCN 1.2/1.4 "
                       "only, where the instructions have a VOP3 form too, and takes it on "
                       "every generation"}},
    {"encoding": "VOP2",
     "operands": [
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True},
         {"name": "SRC0", "kind": "vsrc", "field": "SRC0",
          "literal_gens": ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"],
          "note": "9 bits, as VOP1's SRC0: a scalar operand code below 256 (255: a 32-bit "
                  "literal after the word), v0-v255 from 256 on"},
         {"name": "SRC1", "kind": "vgpr", "field": "VSRC1",
          "note": "the sections' SRC1 is the VOP2 form's VSRC1 (bits 9-16): a VGPR alone"},
         {"name": "VSRC1", "kind": "vgpr", "field": "VSRC1"},
         {"name": "VCC", "kind": "vcc",
          "note": "the carry (V_ADD_I32's out, V_ADDC_U32's out and in) or the condition "
                  "(V_CNDMASK_B32) the 32-bit form implies: no field holds it, llvm-mc writes "
                  "it as 'vcc' where the sections' VOP2 syntax lines put it and takes no "
                  "other register (vcc_lo is refused)"},
         {"name": "FLOATLIT", "kind": "literal32", "format": "hex",
          "note": "V_MADMK_F32/V_MADAK_F32's constant K: the dword after the word, always "
                  "there and no source operand; llvm-mc writes it in hex (0x1, 0x3f800000)"},
         {"name": "FLOAT16LIT", "kind": "literal32", "format": "f16",
          "note": "V_MADMK_F16/V_MADAK_F16's constant K: the low 16 bits of the dword after "
                  "the word (llvm-mc writes 1.0 as 0x3c00 and refuses 0x12345)"},
         {"name": "SDST", "kind": "sdst", "field": "VDST", "defines": True,
          "note": "V_READLANE_B32 writes the SGPR the VDST field names"},
         {"name": "VSRC0", "kind": "vsrc-vgpr", "field": "SRC0",
          "note": "the SRC0 field holding a VGPR alone (V_READLANE_B32's source)"},
         {"name": "SSRC0", "kind": "ssrc", "field": "SRC0",
          "literal_gens": ["gcn1.0", "gcn1.1"],
          "note": "V_WRITELANE_B32's value: a scalar operand code in the 9-bit SRC0 field (no "
                  "VGPR; 255 a literal)"},
         {"name": "SSRC1", "kind": "ssrc", "field": "VSRC1", "literal_gens": [],
          "note": "V_READLANE_B32/V_WRITELANE_B32's lane: a scalar operand code in the 8-bit "
                  "VSRC1 field (an SGPR, M0 or an inline constant; no literal)"},
     ],
     "modifiers": [],
     "overrides": [{"instruction": name, "operand": "SRC0",
                    "format": src16_format(name, "SRC0"),
                    "note": "a 16-bit source (F16, I16, U16, B16): it reads the literal's low "
                            "16 bits, as VOP1's; f16 a half, i16 an integer"}
                   for name in VOP2_SRC16],
     "renames": [{"instruction": base, "gens": [gen], "name": name}
                 for base, gen, name in VOP2_RENAMES],
     "mnemonic_suffix": "_e32",
     "suffix_exceptions": ["V_MADMK_F32", "V_MADAK_F32", "V_MADMK_F16", "V_MADAK_F16",
                           "V_READLANE_B32", "V_WRITELANE_B32"],
     "extra_probes": [{"gen": "gcn1.0", "line": "v_addc_u32 v1, vcc, v2, v3, vcc",
                       "text": "v_addc_u32_e32 v1, vcc, v2, v3, vcc"},
                      {"gen": "gcn1.0", "line": "v_cndmask_b32 v1, v2, v3, vcc",
                       "text": "v_cndmask_b32_e32 v1, v2, v3, vcc"},
                      {"gen": "gcn1.0", "line": "v_madmk_f32 v1, v2, 1, v3",
                       "text": "v_madmk_f32 v1, v2, 0x1, v3"},
                      {"gen": "gcn1.2", "line": "v_madak_f16 v1, v2, v3, 1.0",
                       "text": "v_madak_f16 v1, v2, v3, 0x3c00"},
                      {"gen": "gcn1.0", "line": "v_readlane_b32 s1, v2, m0",
                       "text": "v_readlane_b32 s1, v2, m0"},
                      {"gen": "gcn1.0", "line": "v_writelane_b32 v1, s2, 5",
                       "text": "v_writelane_b32 v1, s2, 5"},
                      {"gen": "gcn1.2", "line": "v_add_f16 v1, 0x1234, v3",
                       "text": "v_add_f16_e32 v1, 0x1234, v3"}] +
                     [{"gen": gen, "line": "%s v1, vcc, v2, v3%s" %
                       (name.lower(), ", vcc" if "ADDC" in name or "SUBB" in name else ""),
                       "text": "%s_e32 v1, vcc, v2, v3%s" %
                       (name.lower(), ", vcc" if "ADDC" in name or "SUBB" in name else "")}
                      for _, gen, name in VOP2_RENAMES],
     "probe": {"gen": "gcn1.0", "line": "v_add_f32 v1, v2, v3",
               "bytes": {0: 0x02, 1: 0x07, 2: 0x02, 3: 0x06},
               "says": "SRC0 bits 0-8 (v2 -> 256 + 2), VSRC1 bits 9-16, VDST bits 17-24, OPCODE "
                       "bits 25-30, ENCODING 0 in bit 31 (v_add_f32 v1, v2, v3); llvm-mc writes "
                       "_e32 but for the instructions with a constant K and the lane "
                       "instructions (suffix_exceptions), 'vcc' where the VOP2 syntax lines put "
                       "VCC, and GCN 1.2's and 1.4's names for the carry instructions (renames)"}},
    {"encoding": "VOPC",
     "operands": [
         {"name": "VCC", "kind": "vcc",
          "note": "the result: V_CMP_* write VCC, V_CMPX_* (and V_CMPSX_*) VCC and EXEC; no "
                  "field holds it, llvm-mc writes 'vcc' first and takes no other register "
                  "(vcc_lo is refused), as VOP2's implied VCC"},
         {"name": "SRC0", "kind": "vsrc", "field": "SRC0",
          "literal_gens": ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"],
          "note": "9 bits, as VOP1's and VOP2's SRC0: a scalar operand code below 256 (255: a "
                  "32-bit literal after the word), v0-v255 from 256 on; a pair for the 64-bit "
                  "compares"},
         {"name": "VSRC1", "kind": "vgpr", "field": "VSRC1",
          "note": "bits 9-16: a VGPR alone (a pair for the 64-bit compares)"},
         {"name": "SRC1", "kind": "vgpr", "field": "VSRC1",
          "note": "the class sections' SRC1 (the class mask) is the VOPC form's VSRC1: a VGPR "
                  "alone, 32 bits wide for every class instruction"},
     ],
     "modifiers": [],
     "overrides": [{"instruction": name, "operand": "SRC0",
                    "format": src16_format(name, "SRC0"),
                    "note": "a 16-bit source (F16, I16, U16): it reads the literal's low 16 "
                            "bits, as VOP1's; f16 a half, i16 an integer"}
                   for name in VOPC_SRC16] +
                  [{"instruction": name, "operand": "SRC0", "format": "f64",
                    "note": "a double: a literal is its upper half, as VOP1's F64 sources"}
                   for name in VOPC_SRC64F],
     "mnemonic_suffix": "_e32",
     "extra_probes": [{"gen": "gcn1.0", "line": "v_cmpx_lt_f64 vcc, v[2:3], v[4:5]",
                       "text": "v_cmpx_lt_f64_e32 vcc, v[2:3], v[4:5]"},
                      {"gen": "gcn1.0", "line": "v_cmp_class_f64 vcc, v[2:3], v4",
                       "text": "v_cmp_class_f64_e32 vcc, v[2:3], v4"},
                      {"gen": "gcn1.0", "line": "v_cmp_eq_i64 vcc, -1, v[2:3]",
                       "text": "v_cmp_eq_i64_e32 vcc, -1, v[2:3]"},
                      {"gen": "gcn1.2", "line": "v_cmp_eq_f16 vcc, 0x1234, v2",
                       "text": "v_cmp_eq_f16_e32 vcc, 0x1234, v2"},
                      {"gen": "gcn1.4", "line": "v_cmp_ne_u32 vcc, s1, v2",
                       "text": "v_cmp_ne_u32_e32 vcc, s1, v2"}],
     "probe": {"gen": "gcn1.0", "line": "v_cmp_eq_f32 vcc, v1, v2",
               "bytes": {0: 0x01, 1: 0x05, 2: 0x04, 3: 0x7c},
               "says": "SRC0 bits 0-8 (v1 -> 256 + 1), VSRC1 bits 9-16, OPCODE bits 17-24 (2 on "
                       "GCN 1.0), ENCODING 0x3e in bits 25-31 (v_cmp_eq_f32 vcc, v1, v2); "
                       "llvm-mc writes _e32 and 'vcc' first"}},
    {"encoding": "FLAT",
     "operands": [
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True,
          "note": "a load's destination; an atomic's returned value, written only with glc "
                  "(the atomics' overrides: 'when')"},
         {"name": "VADDR", "kind": "vgpr", "field": "VADDR", "note": "the 64-bit address"},
         {"name": "VDATA", "kind": "vgpr", "field": "VDATA", "note": "a store's or atomic's data"},
     ],
     "modifiers": [
         {"name": "OFFSET", "field": "OFFSET", "asm": "offset", "value": True, "format": "dec",
          "omit_zero": True, "every": True, "gens": ["gcn1.4"], "max": 4095,
          "note": "the byte offset (INST_OFFSET), GCN 1.4 only: 'OFFSET (INST_OFFSET modifier) "
                  "can be 13-bit signed for GLOBAL_* and SCRATCH_* instructions or 12-bit "
                  "unsigned for FLAT_* instructions' (the page), so FLAT's is 0-4095 in the "
                  "13-bit field, as llvm-mc takes ('expected a 12-bit unsigned offset')"},
         {"name": "GLC", "field": "GLC", "asm": "glc", "value": False, "format": "flag",
          "every": True},
         {"name": "SLC", "field": "SLC", "asm": "slc", "value": False, "format": "flag",
          "every": True},
         {"name": "LDS", "field": "LDS", "asm": "lds", "value": False, "format": "flag",
          "every": True, "gens": ["gcn1.4"],
          "note": "'transfer DATA to LDS and memory (GCN 1.4)'; llvm-mc has no lds for FLAT "
                  "(spec/peers)"},
     ],
     "overrides": [{"instruction": name, "operand": "VDST", "when": "GLC",
                    "note": "the page: 'For atomic operations assembler accepts ... INSTRUCTION "
                            "VDST(X), VADDR(X), VDATA(X) and if instruction does not has GLC "
                            "flag: INSTRUCTION VADDR(X), VDATA(X)'; llvm-mc requires glc with "
                            "the destination and refuses it without"}
                   for name in FLAT_ATOMICS],
     "extra_probes": [{"gen": "gcn1.2", "line": "flat_atomic_add v[2:3], v1",
                       "text": "flat_atomic_add v[2:3], v1"},
                      {"gen": "gcn1.2", "line": "flat_atomic_add v0, v[2:3], v1 slc glc",
                       "text": "flat_atomic_add v0, v[2:3], v1 glc slc"},
                      {"gen": "gcn1.4", "line": "flat_load_dword v1, v[2:3] offset:4095 slc glc",
                       "text": "flat_load_dword v1, v[2:3] offset:4095 glc slc"}],
     "probe": {"gen": "gcn1.1", "line": "flat_atomic_swap v5, v[2:3], v4 glc slc",
               "bytes": {2: 0xc3, 3: 0xdc, 4: 2, 5: 4, 7: 5},
               "says": "GLC bit 16, SLC 17, OPCODE 18-24 (48 on GCN 1.1), ENCODING 0x37 in bits "
                       "26-31, VADDR bits 32-39, VDATA 40-47, VDST 56-63"}},
    {"encoding": "GLOBAL", **_segment_operands("GLOBAL", 2, 1, 2),
     "probe": {"gen": "gcn1.4", "line": "global_atomic_add v5, v2, v4, s[6:7] offset:-8 glc slc",
               "bytes": {0: 0xf8, 1: 0x9f, 2: 0x0b, 3: 0xdd, 4: 2, 5: 4, 6: 6, 7: 5},
               "says": "OFFSET bits 0-12 (-8: 0x1ff8), SEG 14-15 (2), GLC 16, SLC 17, OPCODE "
                       "18-24 (66), VADDR bits 32-39, VDATA 40-47, SADDR 48-54 (s[6:7]: 6), "
                       "VDST 56-63"},
     "extra_probes": [{"gen": "gcn1.4", "line": "global_load_dword v1, v[2:3], off offset:4095",
                       "text": "global_load_dword v1, v[2:3], off offset:4095"},
                      {"gen": "gcn1.4", "line": "global_atomic_add v[2:3], v1, off",
                       "text": "global_atomic_add v[2:3], v1, off"}]},
    {"encoding": "SCRATCH", **_segment_operands("SCRATCH", 1, 0, 1),
     "probe": {"gen": "gcn1.4", "line": "scratch_load_dword v5, off, s6 offset:-4096 glc",
               "bytes": {0: 0x00, 1: 0x50, 2: 0x51, 3: 0xdc, 4: 0, 5: 0, 6: 6, 7: 5},
               "says": "OFFSET bits 0-12 (-4096: 0x1000), SEG 14-15 (1), GLC 16, OPCODE 18-24 "
                       "(20), VADDR 32-39 ('off' with an SGPR address: 0), SADDR 48-54, VDST "
                       "56-63"},
     "extra_probes": [{"gen": "gcn1.4", "line": "scratch_store_dword v2, v1, off offset:4095",
                       "text": "scratch_store_dword v2, v1, off offset:4095"}]},
    {"encoding": "VOP3",
     "operands": [
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True},
         {"name": "SDST", "kind": "sdst", "field": "SDST", "defines": True,
          "note": "VOP3B's scalar destination (bits 8-14): the carry-out of V_ADD_I32 and its "
                  "kin, V_DIV_SCALE's flags, an SGPR pair, vcc or another 64-bit scalar "
                  "register"},
         {"name": "SRC0", "kind": "vsrc", "field": "SRC0", "literal_gens": [], "mod_bit": 0,
          "note": "9 bits, as VOP1's SRC0 but without a literal: the VOP3 words of GCN "
                  "1.0-1.4 have no dword after them (llvm-mc refuses a literal there)"},
         {"name": "SRC1", "kind": "vsrc", "field": "SRC1", "literal_gens": [], "mod_bit": 1},
         {"name": "SRC2", "kind": "vsrc", "field": "SRC2", "literal_gens": [], "mod_bit": 2,
          "note": "mod_bit: the source's bit in ABS and NEG (and OP_SEL), SRC0 the lowest "
                  "(GcnInstrsVop3.md's OP_SEL table: bit 11 SRC0, 12 SRC1, 13 SRC2)"},
         {"name": "ATTR", "kind": "attr", "field": "ATTR", "chan_field": "ATTRCHAN", "max": 32,
          "note": "the interpolation instructions' attrN.C (GCN 1.2/1.4): ATTR and ATTRCHAN "
                  "tile SRC0's low eight bits (E225), as VINTRP's"},
         {"name": "VSRC", "kind": "vsrc-vgpr", "field": "SRC1",
          "note": "the interpolation coordinate: a VGPR in SRC1 (E225)"},
         {"name": "VSRC1", "kind": "vsrc-vgpr", "field": "SRC2",
          "note": "V_INTERP_P1LV_F16/P2_F16's P0 or D: a VGPR in SRC2 (E225)"},
         {"name": "VSRC0", "kind": "vsrc-vgpr", "field": "SRC0",
          "note": "V_READLANE_B32's source (GCN 1.2/1.4, VOP3 alone there): a VGPR in SRC0"},
         {"name": "SSRC0", "kind": "ssrc", "field": "SRC0", "literal_gens": [],
          "note": "V_WRITELANE_B32's value (E237): a scalar operand code in SRC0, no literal"},
         {"name": "SSRC1", "kind": "ssrc", "field": "SRC1", "literal_gens": [],
          "note": "the lane instructions' lane: a scalar operand code in SRC1"},
         {"name": "SSRC2", "kind": "sdst", "field": "SRC2",
          "note": "the VOP3 form's mask or carry-in (V_CNDMASK_B32, V_ADDC_U32 ...: the "
                  "VOP2 page's 'SSRC2(2)', which VOP2 reads from VCC): a scalar register pair "
                  "in SRC2, as a scalar destination names it (llvm-mc 14 and 19 refuse an "
                  "inline constant, M0 and a VGPR there)"},
         {"name": "PARAMTYPE", "kind": "imm", "field": "SRC1", "format": "interp-slot",
          "max": 2,
          "note": "V_INTERP_MOV_F32's parameter in SRC1: p10 0, p20 1, p0 2, as VINTRP's"},
     ],
     "overrides": [{"instruction": "V_READLANE_B32", "operand": "SDST", "field": "VDST",
                    "note": "V_READLANE_B32 writes the SGPR the VDST field names (llvm-mc "
                            "tonga: v_readlane_b32 s1, v2, s3 is 01 00 89 d2 02 07 00 00)"},
                   {"instruction": "V_MQSAD_U32_U8", "operand": "SRC2", "kind": "vsrc-vgpr",
                    "note": "four dwords: VGPRs alone (llvm-mc bonaire refuses s[4:7]; no "
                            "scalar operand code names four registers)"}] +
                  vop3_modifier_overrides() + vop3_src16_overrides() +
                  vop3_source_mod_overrides(),
     "unmodelled_fields": {
         "fields": ["ABS", "NEG", "OP_SEL"],
         "note": "not modelled: the source modifiers (ABS, NEG) of a source that takes none "
                 "(an integer source) and GCN 1.4's OP_SEL of an instruction without op_sel "
                 "(E245). The codec refuses a word that sets any of those bits, or a bit of the "
                 "other form's fields that the instruction does not use (GCN 1.2's bits 11-14 "
                 "of a VOP3A word), as not modelled, so that nothing is printed that was not "
                 "decoded (llvm-mc prints 0xd1c18001, 0x24120702 on tonga as v_mad_f32 v1, -v2, "
                 "v3, v4 clamp; 0xd11f0801, 0x00020702 on gfx900 as v_add_f16_e64 v1, v2, v3)"},
     "modifiers": [
         {"name": "OP_SEL", "field": "OP_SEL", "asm": "op_sel", "format": "op-sel",
          "omit_zero": True, "gens": ["gcn1.4"], "instructions": vop3_op_sel_instructions(),
          "note": "GCN 1.4's operand half selection (GcnInstrsVop3.md:62-75: bit 11 SRC0, 12 "
                  "SRC1, 13 SRC2, 14 VDST), written op_sel:[S0,...,D], one value per source "
                  "then the destination's; llvm-mc writes it before clamp and the output "
                  "modifier and takes it there alone ('op_sel:[1,0,0,1] clamp mul:2'). The "
                  "instructions: E245"},
         {"name": "CLAMP", "field": "CLAMP", "asm": "clamp", "value": False, "format": "flag",
          "every": True,
          "note": "clamps the result (bit 11 of VOP3A on GCN 1.0/1.1, which VOP3B's SDST covers; "
                  "bit 15 of both forms on GCN 1.2/1.4); llvm-mc writes it before the output "
                  "modifier ('clamp mul:2')"},
         {"name": "OMOD", "field": "OMOD", "asm": "omod", "format": "omod", "omit_zero": True,
          "every": True,
          "note": "the output modifier: llvm-mc writes 1, 2, 3 as mul:2, mul:4, div:2"},
         {"name": "HIGH", "field": "HIGH", "asm": "high", "value": False, "format": "flag",
          "note": "the 16-bit interpolation's upper half (bit 40, E225)"},
     ],
     # the carry instructions' VOP3 forms take VOP2's names; GCN 1.4's V_ADD_I32/V_SUB_I32
     # (the VOP3 page's opcodes 668/669, no carry-out) are other instructions that share
     # the carry forms' GCN 1.0 names: the spec calls them V_ADD_NC_I32/V_SUB_NC_I32 (the
     # names LLVM's GFX10 and AMD's RDNA ISA give the same operation) and prints GCN 1.4's
     # name, as llvm-mc does (v_add_i32 v1, v2, v3 on gfx900)
     "renames": [{"instruction": base, "gens": [gen], "name": name}
                 for base, gen, name in VOP2_RENAMES] +
                [{"instruction": nc, "gens": ["gcn1.4"], "name": base}
                 for nc, base in VOP3_NC_NAMES] +
                # the sections headed 'V_QSAD_U8, V_QSAD_PK_U16_U8' (and MQSAD): GCN 1.0's
                # name, then the tables' and LLVM's *_PK_U16_U8 from GCN 1.1 on
                # (GCN 1.0's V_MQSAD_U8 is the same operation on the same operands, the page's
                # one section: LLVM spells it v_mqsad_pk_u16_u8 on tahiti too, and llvm-mc 14/19
                # refuse v_mqsad_u8, 'invalid instruction')
                [{"instruction": base, "gens": gens, "name": name}
                 for base, name, gens in (
                     ("V_QSAD_U8", "V_QSAD_PK_U16_U8", ["gcn1.1", "gcn1.2", "gcn1.4"]),
                     ("V_MQSAD_U8", "V_MQSAD_PK_U16_U8", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]))] +
                [# the table's V_INTERP_P2_F16_LEGACY (GCN 1.4, 630) is
                 # v_interp_p2_legacy_f16 in LLVM 14 and 19 (which refuse the table's name)
                 {"instruction": "V_INTERP_P2_F16_LEGACY", "gens": ["gcn1.4"],
                  "name": "V_INTERP_P2_LEGACY_F16"}],
     "mnemonic_suffix": "_e64",
     # LLVM prints _e64 where the instruction has a 32-bit form on the generation too
     # (v_interp_p1_f32_e64 on GCN 1.2/1.4), never on an instruction VOP3 alone encodes
     # (v_mad_f32), and takes it on those as well (v_mad_f32_e64)
     "mnemonic_suffix_with": ["VOP1", "VOP2", "VOPC", "VINTRP"],
     "extra_probes": [{"gen": "gcn1.2", "line": "v_mad_f32_e64 v1, v2, v3, v4",
                       "text": "v_mad_f32 v1, v2, v3, v4"},
                      # op_sel: before clamp; four values on three sources, three on two
                      {"gen": "gcn1.4", "line": "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1] clamp",
                       "text": "v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1] clamp"},
                      {"gen": "gcn1.4", "line": "v_mad_u32_u16 v1, v2, v3, v4 op_sel:[0,1,1,1]",
                       "text": "v_mad_u32_u16 v1, v2, v3, v4 op_sel:[0,1,1,1]"},
                      {"gen": "gcn1.4", "line": "v_add_i16 v1, v2, v3 op_sel:[1,0,1] clamp",
                       "text": "v_add_i16 v1, v2, v3 op_sel:[1,0,1] clamp"},
                      {"gen": "gcn1.4", "line": "v_mad_f16 v1, v2, v3, v4 op_sel:[0,0,0,0]",
                       "text": "v_mad_f16 v1, v2, v3, v4"},
                      {"gen": "gcn1.2", "line": "v_interp_p1_f32_e64 v1, v2, attr0.x",
                       "text": "v_interp_p1_f32_e64 v1, v2, attr0.x"},
                      {"gen": "gcn1.2", "line": "v_readlane_b32 s1, v2, s3",
                       "text": "v_readlane_b32 s1, v2, s3"},
                      {"gen": "gcn1.0", "line": "v_mad_f32 v1, v2, v3, v4 clamp div:2",
                       "text": "v_mad_f32 v1, v2, v3, v4 clamp div:2"}] +
                     [{"gen": g, "line": "%s v[0:1], v[2:3], v4, v[6:7]" % n,
                       "text": "%s v[0:1], v[2:3], v4, v[6:7]" % n}
                      for g in ("gcn1.1", "gcn1.4")
                      for n in ("v_qsad_pk_u16_u8", "v_mqsad_pk_u16_u8")],
     "probe": {"gen": "gcn1.0", "line": "v_mad_f32 v1, v2, v3, v4",
               "bytes": {0: 0x01, 1: 0x00, 2: 0x82, 3: 0xd2, 4: 0x02, 5: 0x07, 6: 0x12, 7: 0x04},
               "says": "VDST bits 0-7, OPCODE 17-25 (321 on GCN 1.0), ENCODING 0x34 in bits "
                       "26-31, SRC0 bits 32-40 (v2 -> 256 + 2), SRC1 41-49, SRC2 50-58"}},
    {"encoding": "VOP3P",
     "operands": [
         {"name": "VDST", "kind": "vgpr", "field": "VDST", "defines": True},
         {"name": "SRC0", "kind": "vsrc", "field": "SRC0", "literal_gens": [], "mod_bit": 0,
          "note": "9 bits, no literal (llvm-mc 14 and 19: 'literal operands are not supported')"},
         {"name": "SRC1", "kind": "vsrc", "field": "SRC1", "literal_gens": [], "mod_bit": 1},
         {"name": "SRC2", "kind": "vsrc", "field": "SRC2", "literal_gens": [], "mod_bit": 2,
          "note": "mod_bit: the source's bit in OP_SEL, OP_SEL_HI, NEG and NEG_HI, SRC0 the "
                  "lowest"},
     ],
     "overrides": vop3p_packed_half_overrides() +
                  [{"instruction": n, "operand": src, "abs_field": "NEG_HI", "neg_field": "NEG",
                    "format": "f16",
                    "note": "'NEG_HI changes meaning to absolute-value modifier' "
                            "(GcnInstrsVop3p.md:99): NEG is -x, NEG_HI |x|, as llvm-mc prints; "
                            "llvm-mc 14 and 19 read a number as a half's bits (0x3c00 is 1.0, "
                            "0x3f800000 'invalid operand for instruction'), S100"}
                   for n in vop3p_mix_instructions() for src in ("SRC0", "SRC1", "SRC2")],
     "modifiers": [
         {"name": "OP_SEL", "field": "OP_SEL", "asm": "op_sel", "format": "src-bits",
          "omit_zero": True, "every": True,
          "note": "the low half's selection, one value per source (bits 11-13, "
                  "GcnInstrsVop3p.md:41-43); llvm-mc prints op_sel, op_sel_hi, neg_lo, neg_hi, "
                  "then clamp, each left out at its default"},
         {"name": "OP_SEL_HI", "field": "OP_SEL_HI_1", "field_hi": "OP_SEL_HI",
          "asm": "op_sel_hi", "format": "src-bits", "default_ones": True,
          "instructions": vop3p_packed_instructions(),
          "note": "the high half's selection, one value per source: SRC0 bit 59, SRC1 bit 60, "
                  "SRC2 bit 14 (E270), 1 by default (the high half), left out when every "
                  "source's is 1; an instruction of two sources keeps SRC2's bit 1 (llvm-mc sets "
                  "it and ignores it when clear: K100)"},
         {"name": "MIX_OP_SEL_HI", "field": "OP_SEL_HI_1", "field_hi": "OP_SEL_HI",
          "asm": "op_sel_hi", "format": "src-bits", "omit_zero": True,
          "instructions": vop3p_mix_instructions(),
          "note": "V_MAD_MIX*'s OP_SEL_HI: a half-float source (GcnInstrsVop3p.md:92-97), 0 by "
                  "default (a float), the same bits as OP_SEL_HI's (E270)"},
         {"name": "NEG_LO", "field": "NEG", "asm": "neg_lo", "format": "src-bits",
          "omit_zero": True, "instructions": vop3p_packed_instructions(),
          "note": "the low half's negation, one value per source (bits 61-63); llvm-mc takes "
                  "and prints it on the integer instructions too (K101)"},
         {"name": "NEG_HI", "field": "NEG_HI", "asm": "neg_hi", "format": "src-bits",
          "omit_zero": True, "instructions": vop3p_packed_instructions(),
          "note": "the high half's negation, one value per source (bits 8-10)"},
         {"name": "CLAMP", "field": "CLAMP", "asm": "clamp", "value": False, "format": "flag",
          "every": True, "note": "bit 15"},
     ],
     "extra_probes": [
         {"gen": "gcn1.4", "line": "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1] "
                                   "neg_lo:[1,0] neg_hi:[0,1] clamp",
          "text": "v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] "
                  "neg_hi:[0,1] clamp"},
         {"gen": "gcn1.4", "line": "v_pk_add_f16 v1, v2, v3 op_sel_hi:[1,1]",
          "text": "v_pk_add_f16 v1, v2, v3"},
         {"gen": "gcn1.4", "line": "v_mad_mix_f32 v1, -v2, |v3|, -|v4| op_sel:[1,0,0] "
                                   "op_sel_hi:[1,1,1] clamp",
          "text": "v_mad_mix_f32 v1, -v2, |v3|, -|v4| op_sel:[1,0,0] op_sel_hi:[1,1,1] clamp"}],
     "probe": {"gen": "gcn1.4", "line": "v_pk_mad_i16 v1, v2, v3, v4 op_sel:[1,1,1] "
                                        "op_sel_hi:[0,0,1] clamp",
               "bytes": {0: 0x01, 1: 0xf8, 2: 0x80, 3: 0xd3, 4: 0x02, 5: 0x07, 6: 0x12, 7: 0x04},
               "says": "VDST bits 0-7, OP_SEL 11-13, OP_SEL_HI's SRC2 bit 14, CLAMP 15, OPCODE "
                       "16-22 (0), ENCODING 0x1a7 in bits 23-31, SRC0 32-40, SRC1 41-49, SRC2 "
                       "50-58, OP_SEL_HI's SRC0 and SRC1 bits 59-60 (clear here)"}},
    {"encoding": "MUBUF",
     "operands": BUFFER_OPERANDS,
     "modifiers": BUFFER_MODIFIERS,
     "overrides": tfe_overrides(MUBUF_LOADS) +
                  [{"instruction": name, "modifier": mod, "absent": True,
                    "note": "a cache invalidation reads no address or data: llvm-mc takes no "
                            "modifier on it and its disassembler ignores every field"}
                   for name in ("BUFFER_WBINVL1", "BUFFER_WBINVL1_SC", "BUFFER_WBINVL1_VOL")
                   for mod in ("IDXEN", "OFFEN", "ADDR64", "OFFSET", "GLC", "SLC", "LDS", "TFE")] +
                  [{"instruction": "BUFFER_STORE_LDS_DWORD", "modifier": "LDS", "required": True,
                    "note": "the store reads its dword from LDS ('Store single dword from LDS'), "
                            "so the LDS bit is set: llvm-mc requires lds ('too few operands for "
                            "instruction' without it)"}],
     "probe": {"gen": "gcn1.0", "line": "buffer_load_dword v1, v2, s[4:7], s1 offen offset:4 glc slc tfe",
               "bytes": {0: 4, 1: 0x50, 2: 0x30, 3: 0xe0, 4: 2, 5: 1, 6: 0xc1, 7: 1},
               "says": "OFFSET bits 0-11, OFFEN 12, GLC 14, OPCODE 18-24 (12), ENCODING 0x38 in "
                       "bits 26-31, VADDR 32-39, VDATA 40-47, SRSRC 48-52 (s[4:7] -> 1), SLC "
                       "54, TFE 55, SOFFSET 56-63 (llvm-mc-14; 19 wants v[1:2] with tfe)"}},
    {"encoding": "MTBUF",
     "operands": BUFFER_OPERANDS,
     "modifiers": [
         {"name": "FORMAT", "field": "DFMT", "asm": "format", "value": True,
          "format": "buf-format", "nfmt_field": "NFMT", "every": True,
          "note": "printed right after SOFFSET as format:[BUF_DATA_FORMAT_*,BUF_NUM_FORMAT_*], "
                  "each part left out at its default (DFMT 1, NFMT 0), nothing at DFMT 1 NFMT 0; "
                  "llvm-mc 14 and 19 take format:N (DFMT | NFMT << 4, 0-127) or the symbolic "
                  "form there, and dfmt:D, nfmt:N, before SOFFSET (names: "
                  "spec/curated/buf_formats.json)"},
     ] + [m for m in BUFFER_MODIFIERS if m["name"] != "LDS"],
     "overrides": tfe_overrides(MTBUF_LOADS),
     "probe": {"gen": "gcn1.0", "line": "tbuffer_load_format_x v1, v2, s[4:7], s1 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_FLOAT] offen",
               "bytes": {0: 0, 1: 0x10, 2: 0xa0, 3: 0xeb, 4: 2, 5: 1, 6: 1, 7: 1},
               "says": "OFFEN bit 12, OPCODE 16-18, DFMT 19-22 (4: BUF_DATA_FORMAT_32), NFMT "
                       "23-25 (7: FLOAT), ENCODING 0x3a in bits 26-31, VADDR 32-39, VDATA "
                       "40-47, SRSRC 48-52, SOFFSET 56-63"}},
    {"encoding": "MIMG",
     "operands": [
         {"name": "VDATA", "kind": "vdata-mimg", "field": "VDATA", "dmask_field": "DMASK",
          "tfe_field": "TFE", "d16_field": "D16", "d16_packed_gens": ["gcn1.4"],
          "note": "one register per DMASK bit (one with DMASK 0), a gather4's four whatever "
                  "DMASK (VDATA(4): 'Choosen component is first one bit in DMASK'); one more "
                  "with TFE ('The TFE flag requires additional the VDATA register'; LWE adds "
                  "none, as llvm-mc 14 and 19 count); with D16 on GCN 1.4 two halves a "
                  "register, as llvm-mc 14 and 19 count them (GCN 1.2's D16 keeps a register "
                  "per component)"},
         {"name": "VADDR", "kind": "vgpr", "field": "VADDR", "range_regs": True,
          "note": "the address registers: the syntax line's range VADDR(MIN:MAX) by the "
                  "image's dimensions; the word holds the first VGPR alone, so the text writes "
                  "MIN registers and the parser takes 1 to MAX"},
         {"name": "SRSRC", "kind": "srsrc", "field": "SRSRC", "regs_choice": 8,
          "note": "the image resource, stored as its first SGPR / 4 ('SGPR# is 4*value'): the "
                  "page's SRSRC(4,8) is 4 SGPRs with R128, 8 without; llvm-mc 14 and 19 take "
                  "and print 8 SGPRs whatever R128 says"},
         {"name": "SSAMP", "kind": "srsrc", "field": "SSAMP",
          "note": "the sampler, an SGPR quad stored as its first SGPR / 4"},
     ],
     "modifiers": [
         {"name": "DMASK", "field": "DMASK", "asm": "dmask", "value": True, "format": "hex",
          "omit_zero": True, "every": True,
          "note": "llvm-mc writes and takes dmask unorm glc slc r128|a16 tfe lwe da d16 in "
                  "that order; DMASK 0 is not written"},
         *[_every_flag(n) for n in ("UNORM", "GLC", "SLC")],
         _every_flag("R128", gens=["gcn1.0", "gcn1.1", "gcn1.2"]),
         _every_flag("A16", gens=["gcn1.4"]),
         *[_every_flag(n) for n in ("TFE", "LWE", "DA")],
         _every_flag("D16", gens=["gcn1.2", "gcn1.4"]),
     ],
     "overrides": [],
     "probe": {"gen": "gcn1.2", "line": "image_sample v[0:4], v4, s[8:15], s[20:23] dmask:0xf unorm glc slc r128 tfe lwe da d16",
               "bytes": {0: 0, 1: 0xff, 2: 0x83, 3: 0xf2, 4: 4, 5: 0, 6: 0xa2, 7: 0x80},
               "says": "DMASK bits 8-11, UNORM 12, GLC 13, DA 14, R128 15, TFE 16, LWE 17, "
                       "OPCODE 18-24 (32), SLC 25, ENCODING 0x3c in bits 26-31, VADDR 32-39, "
                       "VDATA 40-47, SRSRC 48-52 (s[8:15] -> 2), SSAMP 53-57 (s[20:23] -> 5), "
                       "D16 63"}},
]


# The VALU pages whose "Limitations for operands" bullets give the constant bus rule.
CONSTANT_BUS_PAGES = {"VOP1": "GcnInstrsVop1.md", "VOP2": "GcnInstrsVop2.md",
                      "VOPC": "GcnInstrsVopc.md", "VOP3": "GcnInstrsVop3.md",
                      "VOP3P": "GcnInstrsVop3p.md"}
# The bullets (their first words) and what each says.
_CBUS_BULLETS = (("sgpr", "* only one SGPR can be read by instruction"),
                 ("literal", "* only one literal constant can be used"),
                 ("lds_direct", "* only SRC0 can holds LDS_DIRECT"))


def _page_lines(name):
    with open(os.path.join(ROOT, "documents", "clrx", name), encoding="utf-8") as f:
        return f.read().split("\n")


def _lds_direct_code():
    """LDS_DIRECT's operand code: the operand page's table row ('254 | LDS_DIRECT')."""
    for i, line in enumerate(_page_lines("GcnOperands.md"), 1):
        cells = [c.strip() for c in line.split("|")]
        if len(cells) >= 2 and cells[1] == "LDS_DIRECT" and cells[0].isdigit():
            return int(cells[0]), "GcnOperands.md:%d" % i
    ev.fail("GcnOperands.md: no LDS_DIRECT row")


def _implicit_reads(enc):
    """The scalar registers an instruction of encoding enc reads without an operand naming
    them, from the sections' Operation: M0 where the code reads it (V_MOVRELD_B32:
    VGPR[VDST_NUMBER+M0] = SRC0), and VCC where a VOP2 section's code reads SSRC2 (the mask
    or carry-in) and its VOP2 syntax line names VCC in its place (V_CNDMASK_B32 VDST, SRC0,
    SRC1, VCC; the VOP3 form names SSRC2(2), an operand of its own). V_DIV_FMAS_F32/F64's
    VCC, which no line of the page names, is E282."""
    import re
    pages = (enc,) if enc != "VOP3" else ("VOP3",) + VOP3_FORM_PAGES
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts = json.load(f)["facts"]
    vop2_vcc_syntax = {x["name"] for x in facts
                       if x.get("kind") == "syntax-line" and x.get("encoding") == "VOP2" and
                       x.get("form", "VOP2") == "VOP2" and
                       any(o["name"] == "VCC" for o in x.get("operands", [])[2:])}
    out = {}
    for x in facts:
        if x.get("kind") != "operation" or x.get("encoding") not in pages:
            continue
        code = x.get("code", "")
        names = {x["name"], _SPEC_NAME.get(x["name"], x["name"])}
        at = "%s:%s" % (x["at"].split(":")[0], x.get("code_line", x["at"].split(":")[1]))
        if re.search(r"\bM0\b", code):
            for n in names:
                out[n] = {"instruction": n, "reads": "M0", "regs": 1, "at": at}
        if enc == "VOP2" and re.search(r"\bSSRC2\b", code) and x["name"] in vop2_vcc_syntax:
            for n in names:
                out[n] = {"instruction": n, "reads": "VCC", "regs": 2, "at": at}
    if enc == "VOP3":
        for n in ("V_DIV_FMAS_F32", "V_DIV_FMAS_F64"):
            out[n] = {"instruction": n, "reads": "VCC", "regs": 2, "erratum": "E282"}
    return [out[n] for n in sorted(out)]


def constant_bus(enc):
    """The constant bus rule of a VALU encoding, from its page's 'Limitations for operands'
    bullets (with their lines): one scalar value per instruction (an SGPR, M0; E283: any
    scalar register or condition, one register read twice counting once, E284), a literal
    only where no SGPR or M0 is read (the literal is one of the values), LDS_DIRECT in SRC0
    alone; and the scalar registers its instructions read implicitly."""
    name = CONSTANT_BUS_PAGES[enc]
    lines = _page_lines(name)
    at = {}
    for key, head in _CBUS_BULLETS:
        hits = [i for i, line in enumerate(lines, 1) if line.startswith(head)]
        if len(hits) != 1:
            ev.fail("%s: %d lines start %r, expected 1" % (name, len(hits), head))
        at[key] = "%s:%d-%d" % (name, hits[0], hits[0] + 1) if key != "lds_direct" \
            else "%s:%d" % (name, hits[0])
    code, code_at = _lds_direct_code()
    return {"limit": 1, "sgpr_at": at["sgpr"], "literal_at": at["literal"],
            "classes": ["sgpr", "special", "ttmp", "cond"], "classes_erratum": "E283",
            "same_register": "once", "same_register_erratum": "E284",
            "literal": True,
            "lds_direct": {"code": code, "code_at": code_at, "field": "SRC0",
                           "at": at["lds_direct"]},
            "implicit": _implicit_reads(enc),
            "note": "one scalar value per instruction: the sources' SGPRs, special registers, "
                    "ttmps and conditions (one register named twice, the same first code and "
                    "width, counts once), the literal, and the registers the instruction reads "
                    "implicitly; inline constants and LDS_DIRECT take none. LDS_DIRECT in "
                    "the field named alone"}


def operands():
    out = []
    for enc in OPERANDS:
        p = enc["probe"]
        run, res = asm(p["gen"], [p["line"]])
        if res[0].error:
            ev.fail("operand probe rejected: %s" % p["line"])
        for i, want in p["bytes"].items():
            if res[0].data[i] != want:
                ev.fail("%s: byte %d is 0x%02x, expected 0x%02x" % (p["line"], i, res[0].data[i],
                                                                     want))
        entry = {k: v for k, v in enc.items() if k not in ("probe", "extra_probes", "omit_probes")}
        entry["evidence"] = [run]
        for xp in enc.get("extra_probes", []):
            xrun, xres = asm(xp["gen"], [xp["line"]])
            if xres[0].error or xres[0].text != xp["text"]:
                ev.fail("%s prints %r, expected %r" % (xp["line"], xres[0].text, xp["text"]))
            entry["evidence"].append(xrun)
        # an operand left out ("omitted"): what both peers fill in, on each generation
        for op in enc.get("omit_probes", []):
            for gen in op["gens"]:
                for peer in ("llvm-mc-14", "llvm-mc-19"):
                    orun, ores = asm(gen, op["lines"], peer=peer)
                    for r, want in zip(ores, op["texts"]):
                        if r.error or r.text != want:
                            ev.fail("%s on %s: %s prints %r, expected %r" % (r.line, gen, peer,
                                                                            r.text, want))
                    entry["evidence"].append(orun)
        entry["says"] = p["says"]
        if enc["encoding"] in CONSTANT_BUS_PAGES:
            entry["constant_bus"] = constant_bus(enc["encoding"])
        out.append(entry)
    return {
        "schema": "gcnspec-curated/1",
        "topic": "operands",
        "title": "Syntax operand names: the field each is encoded in, and its kind",
        "peers": ev.peers_header({ev.PRIMARY}),
        "encodings": out,
    }


# Instructions the opcode tables list without a section: their syntax as LLVM writes it.
# (encoding, mnemonic, syntax, probe per generation or None when no LLVM accepts it)
SYNTAX = [
    ("DS", "DS_ADD_RTN_F32", "DS_ADD_RTN_F32 VDST, ADDR, VDATA0 [OFFSET:OFFSET]",
     "ds_add_rtn_f32 v0, v1, v2 offset:4", ["gcn1.2", "gcn1.4"]),
    ("DS", "DS_ADD_SRC2_F32", "DS_ADD_SRC2_F32 ADDR [OFFSET:OFFSET]",
     "ds_add_src2_f32 v1 offset:4", ["gcn1.2", "gcn1.4"]),
    ("DS", "DS_CONDXCHG32_RTN_B64", "DS_CONDXCHG32_RTN_B64 VDST(2), ADDR, VDATA0(2) [OFFSET:OFFSET]",
     "ds_condxchg32_rtn_b64 v[0:1], v1, v[2:3] offset:4", ["gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_GWS_BARRIER", "DS_GWS_BARRIER ADDR [OFFSET:OFFSET] GDS",
     "ds_gws_barrier v1 offset:4 gds", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_GWS_INIT", "DS_GWS_INIT ADDR [OFFSET:OFFSET] GDS",
     "ds_gws_init v1 offset:4 gds", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_GWS_SEMA_BR", "DS_GWS_SEMA_BR ADDR [OFFSET:OFFSET] GDS",
     "ds_gws_sema_br v1 offset:4 gds", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_GWS_SEMA_P", "DS_GWS_SEMA_P [OFFSET:OFFSET] GDS",
     "ds_gws_sema_p offset:4 gds", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_GWS_SEMA_RELEASE_ALL", "DS_GWS_SEMA_RELEASE_ALL [OFFSET:OFFSET] GDS",
     "ds_gws_sema_release_all offset:4 gds", ["gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_GWS_SEMA_V", "DS_GWS_SEMA_V [OFFSET:OFFSET] GDS",
     "ds_gws_sema_v offset:4 gds", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]),
    ("DS", "DS_ORDERED_COUNT", "DS_ORDERED_COUNT VDST, ADDR [OFFSET:OFFSET] GDS",
     "ds_ordered_count v0, v1 offset:4 gds", ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]),
    ("SOPP", "S_WAKEUP", "S_WAKEUP", "s_wakeup", ["gcn1.2", "gcn1.4"]),
    ("SOPP", "S_ENDPGM_ORDERED_PS_DONE", "S_ENDPGM_ORDERED_PS_DONE", "s_endpgm_ordered_ps_done",
     ["gcn1.4"]),
    ("DS", "DS_CONDXCHG32_RTN_B128",
     "DS_CONDXCHG32_RTN_B128 VDST(4), ADDR, VDATA0(4) [OFFSET:OFFSET]",
     "ds_condxchg32_rtn_b128 v[0:3], v1, v[2:5] offset:4", []),
    ("SOP1", "S_MOV_FED_B32", "S_MOV_FED_B32 SDST, SSRC0", "s_mov_fed_b32 s0, s1", []),
    # the VOP3 table's V_INTERP_P2_F16_LEGACY (GCN 1.4, 630): the section of GCN 1.2's
    # V_INTERP_P2_F16 at that opcode describes it (E220); LLVM names it v_interp_p2_legacy_f16
    ("VOP3", "V_READLANE_REGRD_B32", "V_READLANE_REGRD_B32 SDST, VSRC0, SSRC1",
     "v_readlane_regrd_b32 s1, v2, s3", []),
    ("VOP3", "V_INTERP_P2_F16_LEGACY",
     "V_INTERP_P2_F16_LEGACY VDST, VSRC, ATTR.ATTRCHAN, VSRC1 [HIGH]",
     "v_interp_p2_legacy_f16 v1, v2, attr0.x, v3", ["gcn1.4"]),
    ("SOP1", "S_MOV_REGRD_B32", "S_MOV_REGRD_B32 SDST, SSRC0", "s_mov_regrd_b32 s0, s1", []),
    ("SMEM", "S_ATC_PROBE", "S_ATC_PROBE PROBE, SBASE(2), OFFSET", "s_atc_probe 7, s[2:3], 0x4",
     ["gcn1.2", "gcn1.4"]),
    ("SMEM", "S_ATC_PROBE_BUFFER", "S_ATC_PROBE_BUFFER PROBE, SBASE(4), OFFSET",
     "s_atc_probe_buffer 7, s[4:7], 0x4", ["gcn1.2", "gcn1.4"]),
    ("SMEM", "S_DCACHE_WB", "S_DCACHE_WB", "s_dcache_wb", ["gcn1.2", "gcn1.4"]),
    ("SMEM", "S_DCACHE_WB_VOL", "S_DCACHE_WB_VOL", "s_dcache_wb_vol", ["gcn1.2", "gcn1.4"]),
    ("VOP1", "V_FRACT_F16", "V_FRACT_F16 VDST, SRC0", "v_fract_f16 v0, v1", ["gcn1.2", "gcn1.4"]),
    ("VOP1", "V_MOV_PRSV_B32", "V_MOV_PRSV_B32 VDST, SRC0", "v_mov_prsv_b32 v0, v1", []),
    ("VOP1", "V_WRITELANE_REGWR_B32", "V_WRITELANE_REGWR_B32 VDST, SRC0",
     "v_writelane_regwr_b32 v0, v1", []),
    # the MIMG opcode tables list IMAGE_GET_RESINFO and IMAGE_GET_LOD without a section: the
    # page's syntax template, VADDR one register (the MIP level) for GET_RESINFO
    ("MIMG", "IMAGE_GET_RESINFO", "IMAGE_GET_RESINFO VDATA(1:4), VADDR, SRSRC(4,8)",
     "image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf", list(ev.GENS)),
    ("MIMG", "IMAGE_GET_LOD", "IMAGE_GET_LOD VDATA(1:4), VADDR(1:4), SRSRC(4,8), SSAMP(4)",
     "image_get_lod v[0:1], v4, s[8:15], s[16:19] dmask:0x3", list(ev.GENS)),
    ("MUBUF", "BUFFER_WBINVL1", "BUFFER_WBINVL1", "buffer_wbinvl1", list(ev.GENS)),
    ("MUBUF", "BUFFER_WBINVL1_SC", "BUFFER_WBINVL1_SC", "buffer_wbinvl1_sc", ["gcn1.0"]),
    ("MUBUF", "BUFFER_WBINVL1_VOL", "BUFFER_WBINVL1_VOL", "buffer_wbinvl1_vol",
     ["gcn1.1", "gcn1.2", "gcn1.4"]),
]


def _vopc_page_gens():
    """mnemonic -> the generations the VOPC opcode tables give it (after VOPC_ALIASES)."""
    with open(os.path.join(ROOT, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        facts = json.load(f)["facts"]
    out = {}
    for x in facts:
        if x.get("encoding") == "VOPC" and x["kind"] == "opcode-row":
            for c in x.get("claims", []):
                out.setdefault(VOPC_ALIASES.get(c["mnemonic"], c["mnemonic"]), set()).add(c["gen"])
    return out


def vopc_syntax():
    """The template compares' syntax, the page's 'Syntax: INSTRUCTION VCC, SRC0, VSRC1' with the
    width the name's type gives (a pair for F64/I64/U64), probed in one llvm-mc run per
    generation (one line a compare): each must assemble wherever the page lists it."""
    page = _vopc_page_gens()
    lines, syns = [], []
    for name in VOPC_TEMPLATES:
        wide = _vopc_type(name) in ("F64", "I64", "U64")
        syns.append("%s VCC, SRC0%s, VSRC1%s" % (name, "(2)" if wide else "",
                                                 "(2)" if wide else ""))
        lines.append("%s vcc, %s, %s" % (name.lower(), "v[2:3]" if wide else "v2",
                                         "v[4:5]" if wide else "v4"))
    runs, accepted = [], {n: [] for n in VOPC_TEMPLATES}
    for gen in ev.GENS:
        run, res = asm(gen, lines)
        runs.append(run)
        for name, r in zip(VOPC_TEMPLATES, res):
            if r.error is None:
                accepted[name].append(gen)
            elif gen in page[name] and name not in VOPC_LLVM_LACKS:
                ev.fail("%s on %s: llvm-mc rejects it (%s)" % (r.line, gen, r.error))
    out = [{"encoding": "VOPC", "name": name, "syntax": syn, "llvm": line,
            "llvm_gens": accepted[name], "evidence": "vopc_batches"}
           for name, syn, line in zip(VOPC_TEMPLATES, syns, lines)]
    return out, runs


# Compares the page lists that no llvm-mc assembles (errata E181): nothing yet
VOPC_LLVM_LACKS = []


def syntax():
    out = []
    for enc, name, syn, probe, gens in SYNTAX:
        evidence = []
        for gen in ev.GENS:
            run, res = asm(gen, [probe])
            accepted = res[0].error is None
            if accepted != (gen in gens):
                ev.fail("%s on %s: llvm-mc %s" % (probe, gen, "accepts" if accepted else
                                                   "rejects"))
            evidence.append(run)
        entry = {"encoding": enc, "name": name, "syntax": syn, "llvm": probe,
                 "llvm_gens": gens, "evidence": evidence}
        if not gens:
            entry["note"] = ("no LLVM version here accepts it (llvm-mc-14 and -19: 'invalid "
                             "instruction'); the syntax follows the documents' pattern for the "
                             "instruction's narrower sibling")
            entry["evidence"].append(ev.run(ev.SECONDARY, ev.asm_args("gfx900"), probe + "\n"))
        out.append(entry)
    vopc, vopc_runs = vopc_syntax()
    return {
        "schema": "gcnspec-curated/1",
        "topic": "syntax",
        "title": "Syntax of the instructions the documents list without a section",
        "peers": ev.peers_header({ev.PRIMARY, ev.SECONDARY}),
        "instructions": out + vopc,
        "vopc_batches": vopc_runs,
    }


def main():
    if sys.argv[1:] == ["--check"] and not all(shutil.which(p) for p in ev.PEERS):
        sys.stderr.write("skipped: llvm-mc-14 or llvm-mc-19 is not on PATH\n")
        sys.exit(77)
    outputs = [("generations.json", generations()), ("operands.json", operands()),
               ("syntax.json", syntax())]
    if sys.argv[1:] == ["--check"]:
        sys.exit(max(check(name, obj) for name, obj in outputs))
    if sys.argv[1:]:
        sys.exit("usage: gen_spec_inputs.py [--check]")
    for name, obj in outputs:
        write(name, obj)


if __name__ == "__main__":
    main()
