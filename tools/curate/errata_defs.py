"""The curated errata: what is wrong in the documents, how it was decided, and why.

Read by gen_errata.py, which adds the facts, quotes and llvm-mc runs and checks every probe.
Finding keys are those `gcnspec errata` reports (category/encoding/subject[/n]).
"""

GENS = ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]
GEM5 = "gem5 (github.com/gem5/gem5 @ b1a44b89c7, src/arch/amdgpu/vega/insts/%s), which carries " \
       "AMD's Vega ISA description of the instruction"


def asm(gen, *pairs, peer=None):
    """pairs: (line, expectation) ..."""
    p = {"gen": gen, "lines": [l for l, _ in pairs], "expect": [x for _, x in pairs]}
    if peer:
        p["peer"] = peer
    return p


def op(enc, value):
    return ("opcode", enc, value)


ACC = ("accepts",)
REJ = ("rejects",)

ERRATA = []


def E(**kw):
    # an explicit id keeps an erratum's number where others append theirs in parallel
    kw.setdefault("id", "E%03d" % (len(ERRATA) + 1))
    if any(e["id"] == kw["id"] for e in ERRATA):
        raise SystemExit("errata_defs: %s is defined twice" % kw["id"])
    ERRATA.append(kw)


# ---- opcodes ---------------------------------------------------------------------------------

E(title="DS_MSKOR_B32 is opcode 12, not 11 as the older page's section says",
  settles=["opcode-conflict/DS/DS_MSKOR_B32"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "DS", "mnemonic": "DS_MSKOR_B32", "opcode": 12}],
  rationale="Both opcode tables of both pages put DS_MSKOR_B32 at 12 and DS_XOR_B32 at 11; only "
            "the older page's DS_MSKOR_B32 section says 11, the opcode of DS_XOR_B32. llvm-mc "
            "encodes ds_mskor_b32 with opcode 12 on every generation.",
  probes=[asm(g, ("ds_mskor_b32 v1, v2, v3", op("DS", 12)), ("ds_xor_b32 v1, v2", op("DS", 11)))
          for g in GENS])

E(title="DS_READ_I8_D16_HI is opcode 89: its section's decimal says 88, its hex 0x59",
  settles=["opcode-conflict/DS/DS_READ_I8_D16_HI", "dec-hex-mismatch/DS/DS_READ_I8_D16_HI"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "DS", "mnemonic": "DS_READ_I8_D16_HI",
              "gens": ["gcn1.4"], "opcode": 89}],
  rationale="The section writes 'Opcode: 88 (0x59)': the decimal repeats DS_READ_I8_D16's "
            "opcode, the hex and the table row give 89. llvm-mc (gfx900) encodes "
            "ds_read_i8_d16_hi with 89 and ds_read_i8_d16 with 88.",
  probes=[asm("gcn1.4", ("ds_read_i8_d16_hi v0, v1", op("DS", 89)),
              ("ds_read_i8_d16 v0, v1", op("DS", 88)))])

E(title="DS_WRITE_SRC2_B64 is opcode 205 on GCN 1.0/1.1 too; the older table's 204 is wrong",
  settles=["opcode-conflict/DS/DS_WRITE_SRC2_B64"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "DS", "mnemonic": "DS_WRITE_SRC2_B64",
              "gens": ["gcn1.0", "gcn1.1"], "opcode": 205}],
  rationale="The older page lists DS_WRITE_SRC2_B64 at 204 (0xcc) for GCN 1.0/1.1 and at 205 for "
            "GCN 1.2; the scraped page and its section give 205 throughout. llvm-mc encodes it "
            "with 205 on tahiti and bonaire, and 204 is no instruction there.",
  probes=[asm(g, ("ds_write_src2_b64 v1", op("DS", 205))) for g in GENS])

for name, wrong, right, hexval in [("S_BUFFER_ATOMIC_SMAX", 72, 70, "0x46"),
                                   ("S_BUFFER_ATOMIC_SMIN", 70, 68, "0x44"),
                                   ("S_BUFFER_ATOMIC_SUB", 69, 67, "0x43")]:
    E(title="%s is opcode %d: its section's decimal %d disagrees with its hex %s" %
          (name, right, wrong, hexval),
      settles=["opcode-conflict/SMEM/%s" % name, "dec-hex-mismatch/SMEM/%s" % name],
      classification="doc-erratum",
      decisions=[{"op": "opcode", "encoding": "SMEM", "mnemonic": name, "gens": ["gcn1.4"],
                  "opcode": right}],
      rationale="The opcode table and the hex in the section give %d; the section's decimal "
                "%d collides with another instruction. llvm-mc (gfx900) encodes %s with %d." %
                (right, wrong, name.lower(), right),
      probes=[asm("gcn1.4", ("%s s1, s[4:7], 0x4" % name.lower(), op("SMEM", right)))])

E(title="The second S_ORN2_SAVEEXEC_B64 section (opcode 52, GCN 1.4) describes "
        "S_ORN1_SAVEEXEC_B64",
  settles=["opcode-conflict/SOP1/S_ORN2_SAVEEXEC_B64", "duplicate-section/SOP1/S_ORN2_SAVEEXEC_B64",
           "page-conflict/SOP1/S_ORN2_SAVEEXEC_B64"],
  classification="doc-erratum",
  decisions=[{"op": "section", "encoding": "SOP1", "mnemonic": "S_ORN1_SAVEEXEC_B64",
              "section": "001_628456b47dc66b22.txt:584:section"},
             {"op": "section", "encoding": "SOP1", "mnemonic": "S_ORN1_SAVEEXEC_B64",
              "section": "GcnInstrsSop1.md:584:section"}],
  rationale="The page has two sections headed S_ORN2_SAVEEXEC_B64. The first gives opcode 52 "
            "for GCN 1.4, which the table calls S_ORN1_SAVEEXEC_B64, and its description "
            "('OR on negated SSRC0 and EXEC') is ORN1's; the second gives ORN2's opcodes 40/36. "
            "llvm-mc (gfx900) encodes s_orn1_saveexec_b64 with 52 and s_orn2_saveexec_b64 with "
            "36. The first section is read as S_ORN1_SAVEEXEC_B64. The newer version of the page "
            "(GcnInstrsSop1.md) repeats both sections word for word, so that the two versions "
            "also seem to give S_ORN2_SAVEEXEC_B64 two Operation blocks: its first section is "
            "read as S_ORN1_SAVEEXEC_B64 too.",
  facts=["001_628456b47dc66b22.txt:584:section", "GcnInstrsSop1.md:584:section"],
  probes=[asm("gcn1.4", ("s_orn1_saveexec_b64 s[0:1], s[2:3]", op("SOP1", 52)),
              ("s_orn2_saveexec_b64 s[0:1], s[2:3]", op("SOP1", 36))),
          asm("gcn1.2", ("s_orn1_saveexec_b64 s[0:1], s[2:3]", REJ)),
          asm("gcn1.0", ("s_orn2_saveexec_b64 s[0:1], s[2:3]", op("SOP1", 40)))])

for name, enc, gen, dec, hexv, line in [
        ("DS_MAX_SRC2_I64", "DS", "gcn1.0", 198, "0x86", "ds_max_src2_i64 v1"),
        ("S_BCNT0_I32_B64", "SOP1", "gcn1.0", 14, "0xd", "s_bcnt0_i32_b64 s0, s[2:3]"),
        ("S_BITSET1_B64", "SOP1", "gcn1.2", 27, "0x1c", "s_bitset1_b64 s[0:1], s2")]:
    E(title="%s: the decimal opcode %d is right, the hex %s is a typo" % (name, dec, hexv),
      settles=["dec-hex-mismatch/%s/%s" % (enc, name)],
      classification="doc-erratum",
      decisions=[{"op": "none"}],
      rationale="The opcode table agrees with the decimal %d, and llvm-mc encodes %s with %d; "
                "the hex %s belongs to a neighbouring instruction." % (dec, name.lower(), dec,
                                                                       hexv),
      probes=[asm(gen, (line, op(enc, dec)))])

E(title="Table rows 24-26 name S_BUFFER_LOAD_DWORD* where the sections and llvm-mc have "
        "S_BUFFER_STORE_DWORD*",
  settles=["duplicate-mnemonic/SMEM/S_BUFFER_LOAD_DWORD",
           "duplicate-mnemonic/SMEM/S_BUFFER_LOAD_DWORDX2",
           "duplicate-mnemonic/SMEM/S_BUFFER_LOAD_DWORDX4",
           "availability/SMEM/S_BUFFER_STORE_DWORD", "availability/SMEM/S_BUFFER_STORE_DWORDX2",
           "availability/SMEM/S_BUFFER_STORE_DWORDX4"],
  classification="doc-erratum",
  decisions=[{"op": "rename", "encoding": "SMEM", "from": "S_BUFFER_LOAD_DWORD",
              "to": "S_BUFFER_STORE_DWORD", "fact": "004_f05d49f6c840f2a3.txt:77:opcode-row"},
             {"op": "rename", "encoding": "SMEM", "from": "S_BUFFER_LOAD_DWORDX2",
              "to": "S_BUFFER_STORE_DWORDX2", "fact": "004_f05d49f6c840f2a3.txt:78:opcode-row"},
             {"op": "rename", "encoding": "SMEM", "from": "S_BUFFER_LOAD_DWORDX4",
              "to": "S_BUFFER_STORE_DWORDX4", "fact": "004_f05d49f6c840f2a3.txt:79:opcode-row"}] +
            [{"op": "rename", "encoding": "SMEM", "from": "S_BUFFER_LOAD_DWORD" + w,
              "to": "S_BUFFER_STORE_DWORD" + w, "fact": "GcnInstrsSmem.md:%d:opcode-row" % line}
             for w, line in (("", 77), ("X2", 78), ("X4", 79))],
  rationale="The table lists S_BUFFER_LOAD_DWORD, _X2 and _X4 twice: at 8-10 and again at "
            "24-26, and no S_BUFFER_STORE_* at all, while the sections give S_BUFFER_STORE_DWORD"
            "* opcodes 24-26. llvm-mc encodes s_buffer_load_dword with 8 and "
            "s_buffer_store_dword with 24 (tonga and gfx900). Rows 24-26 are read as the stores, "
            "in the seed's page and in its newer version (GcnInstrsSmem.md), which repeats them.",
  probes=[asm(g, ("s_buffer_load_dword s1, s[4:7], 0x4", op("SMEM", 8)),
              ("s_buffer_store_dword s1, s[4:7], 0x4", op("SMEM", 24)),
              ("s_buffer_store_dwordx2 s[2:3], s[4:7], 0x4", op("SMEM", 25)),
              ("s_buffer_store_dwordx4 s[8:11], s[4:7], 0x4", op("SMEM", 26)))
          for g in ["gcn1.2", "gcn1.4"]])

E(title="DS_WRXCHG_RTN_B6 in the older table is DS_WRXCHG_RTN_B64",
  settles=["misspelled-mnemonic/DS/DS_WRXCHG_RTN_B6"],
  classification="doc-erratum",
  decisions=[{"op": "rename", "encoding": "DS", "from": "DS_WRXCHG_RTN_B6",
              "to": "DS_WRXCHG_RTN_B64", "fact": "000_b50c7630dc28dbb3.txt:127:opcode-row"}],
  rationale="The older page's row 109 names DS_WRXCHG_RTN_B6 in both mnemonic columns; the "
            "scraped page, its section and llvm-mc name opcode 109 DS_WRXCHG_RTN_B64.",
  probes=[asm(g, ("ds_wrxchg_rtn_b64 v[0:1], v1, v[2:3]", op("DS", 109))) for g in GENS])

# ---- syntax lines ----------------------------------------------------------------------------

E(title="Syntax lines that name a sibling instruction: the operands are right, the mnemonic is "
        "a copying slip",
  settles=["syntax-mnemonic/DS/DS_ADD_F32", "syntax-mnemonic/DS/DS_MAX_RTN_F32",
           "syntax-mnemonic/DS/DS_MAX_RTN_F64", "syntax-mnemonic/DS/DS_MIN_RTN_F32",
           "syntax-mnemonic/DS/DS_MIN_RTN_F64", "syntax-mnemonic/SOP1/S_ANDN1_SAVEEXEC_B64",
           "syntax-mnemonic/SOP1/S_BCNT1_I32_B32", "syntax-mnemonic/SOP1/S_FF1_I32_B64"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="Each of these sections' syntax line names another instruction (DS_ADD_F32 says "
            "DS_ADD_U32, DS_MAX_RTN_F32 says DS_MAX_F32, S_BCNT1_I32_B32 says S_BCNT1_I32_B64, "
            "...) but lists the section's own operands: llvm-mc assembles each section's "
            "instruction with exactly those operands. The spec keeps the operands and the "
            "section's heading.",
  probes=[asm("gcn1.4", ("ds_add_f32 v1, v2", ACC), ("ds_max_rtn_f32 v0, v1, v2", ACC),
              ("ds_max_rtn_f64 v[0:1], v1, v[2:3]", ACC), ("ds_min_rtn_f32 v0, v1, v2", ACC),
              ("ds_min_rtn_f64 v[0:1], v1, v[2:3]", ACC),
              ("s_andn1_saveexec_b64 s[0:1], s[2:3]", ACC), ("s_bcnt1_i32_b32 s0, s1", ACC),
              ("s_ff1_i32_b64 s0, s[2:3]", ACC))])

E(title="Syntax lines naming no instruction (DS_MSKOR_U32, DS_WRXCHG_B32, S_ABS_B32, ...)",
  settles=["misspelled-mnemonic/DS/DS_MSKOR_B32", "misspelled-mnemonic/DS/DS_MSKOR_B64",
           "misspelled-mnemonic/DS/DS_MSKOR_RTN_B32", "misspelled-mnemonic/DS/DS_MSKOR_RTN_B64",
           "misspelled-mnemonic/DS/DS_WRXCHG_RTN_B32", "misspelled-mnemonic/DS/DS_WRXCHG_RTN_B64",
           "misspelled-mnemonic/SOP1/S_ABS_I32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="These syntax lines misspell their own instruction (U32 for B32, a dropped _RTN, "
            "B32 for I32); llvm-mc rejects the misspelled names and accepts the section's "
            "instruction with the listed operands.",
  probes=[asm("gcn1.2", ("ds_mskor_u32 v1, v2, v3", REJ), ("ds_mskor_b32 v1, v2, v3", ACC),
              ("ds_mskor_b64 v1, v[2:3], v[4:5]", ACC),
              ("ds_mskor_rtn_b32 v0, v1, v2, v3", ACC),
              ("ds_mskor_rtn_b64 v[0:1], v1, v[2:3], v[4:5]", ACC),
              ("ds_wrxchg_b32 v0, v1, v2", REJ), ("ds_wrxchg_rtn_b32 v0, v1, v2", ACC),
              ("ds_wrxchg_rtn_b64 v[0:1], v1, v[2:3]", ACC), ("s_abs_b32 s0, s1", REJ),
              ("s_abs_i32 s0, s1", ACC))])

E(title="DS_PERMUTE_B32 / DS_BPERMUTE_B32 write DST, SRC for VDST, VDATA0",
  settles=["syntax-operand/DS/DST", "syntax-operand/DS/SRC"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "DS", "mnemonic": "DS_PERMUTE_B32",
              "syntax": "DS_PERMUTE_B32 VDST, ADDR, VDATA0 [OFFSET:OFFSET]"},
             {"op": "syntax", "encoding": "DS", "mnemonic": "DS_BPERMUTE_B32",
              "syntax": "DS_BPERMUTE_B32 VDST, ADDR, VDATA0 [OFFSET:OFFSET]"}],
  rationale="DST and SRC are no fields of the DS encoding. llvm-mc puts the first operand in "
            "VDST (bits 56-63), the second in ADDR (32-39) and the third in VDATA0 (40-47).",
  probes=[asm(g, ("ds_permute_b32 v3, v1, v2", ("byte", 7, 3)),
              ("ds_bpermute_b32 v3, v1, v2", ("byte", 5, 2))) for g in ["gcn1.2", "gcn1.4"]])

E(title="DS_NOP takes no operand (the section writes DS_NOP VADDR)",
  settles=["syntax-operand/DS/VADDR"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "DS", "mnemonic": "DS_NOP", "syntax": "DS_NOP"}],
  rationale="VADDR is no field of the DS encoding and the instruction does nothing with an "
            "address; llvm-mc accepts 'ds_nop' alone and rejects an operand.",
  probes=[asm("gcn1.1", ("ds_nop", ACC), ("ds_nop v1", REJ))])

E(title="S_SCRATCH_* write 'SGPROFFSET OFFSET:OFFSET' for the SMEM offset operand, and give "
        "the X2/X4 data one register",
  settles=["syntax-operand/SMEM/SGPROFFSET", "operand-width/SMEM/S_SCRATCH_LOAD_DWORDX2",
           "operand-width/SMEM/S_SCRATCH_LOAD_DWORDX4"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SMEM", "mnemonic": m, "syntax": s} for m, s in [
      ("S_SCRATCH_LOAD_DWORD", "S_SCRATCH_LOAD_DWORD SDATA, SBASE(2), OFFSET"),
      ("S_SCRATCH_LOAD_DWORDX2", "S_SCRATCH_LOAD_DWORDX2 SDATA(2), SBASE(2), OFFSET"),
      ("S_SCRATCH_LOAD_DWORDX4", "S_SCRATCH_LOAD_DWORDX4 SDATA(4), SBASE(2), OFFSET"),
      ("S_SCRATCH_STORE_DWORD", "S_SCRATCH_STORE_DWORD SDATA, SBASE(2), OFFSET"),
      ("S_SCRATCH_STORE_DWORDX2", "S_SCRATCH_STORE_DWORDX2 SDATA(2), SBASE(2), OFFSET"),
      ("S_SCRATCH_STORE_DWORDX4", "S_SCRATCH_STORE_DWORDX4 SDATA(4), SBASE(2), OFFSET")]],
  rationale="SGPROFFSET is no SMEM field; the offset is the OFFSET operand, an SGPR or an "
            "immediate as for every SMEM instruction. The X2/X4 descriptions load two/four "
            "dwords and llvm-mc wants a 2/4-register SDATA.",
  probes=[asm("gcn1.4", ("s_scratch_load_dword s1, s[2:3], s4", op("SMEM", 5)),
              ("s_scratch_load_dwordx2 s[2:3], s[2:3], 0x4", op("SMEM", 6)),
              ("s_scratch_load_dwordx2 s2, s[2:3], 0x4", REJ),
              ("s_scratch_load_dwordx4 s[4:7], s[2:3], 0x4", op("SMEM", 7)),
              ("s_scratch_store_dword s1, s[2:3], s4", op("SMEM", 21)),
              ("s_scratch_store_dwordx2 s[2:3], s[2:3], 0x4", op("SMEM", 22)),
              ("s_scratch_store_dwordx4 s[4:7], s[2:3], 0x4", op("SMEM", 23)))])

E(title="S_DCACHE_DISCARD(_X2) write SOFFSET1 for the OFFSET operand",
  settles=["syntax-operand/SMEM/SOFFSET1"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SMEM", "mnemonic": "S_DCACHE_DISCARD",
              "syntax": "S_DCACHE_DISCARD SBASE(2), OFFSET"},
             {"op": "syntax", "encoding": "SMEM", "mnemonic": "S_DCACHE_DISCARD_X2",
              "syntax": "S_DCACHE_DISCARD_X2 SBASE(2), OFFSET"}],
  rationale="SOFFSET1 is no SMEM field; llvm-mc (gfx900) takes an SGPR or an immediate offset.",
  probes=[asm("gcn1.4", ("s_dcache_discard s[2:3], 0x4", op("SMEM", 40)),
              ("s_dcache_discard_x2 s[2:3], s4", op("SMEM", 41)))])

E(title="S_OR_SAVEEXEC_B64's syntax names SDST twice",
  settles=["syntax-operand/SOP1/S_OR_SAVEEXEC_B64"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOP1", "mnemonic": "S_OR_SAVEEXEC_B64",
              "syntax": "S_OR_SAVEEXEC_B64 SDST(2), SSRC0(2)"}],
  rationale="The second operand is the source, as the description (SSRC0 | EXEC) and every "
            "other *_SAVEEXEC section say; llvm-mc puts it in SSRC0 (bits 0-7).",
  probes=[asm(g, ("s_or_saveexec_b64 s[0:1], s[2:3]", ("byte", 0, 2))) for g in GENS])

E(title="S_ATOMIC_DEC_X2 / S_BUFFER_ATOMIC_DEC_X2 give the 64-bit data one register",
  settles=["operand-width/SMEM/S_ATOMIC_DEC_X2", "operand-width/SMEM/S_BUFFER_ATOMIC_DEC_X2"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SMEM", "mnemonic": "S_ATOMIC_DEC_X2",
              "syntax": "S_ATOMIC_DEC_X2 SDATA(2), SBASE(2), OFFSET"},
             {"op": "syntax", "encoding": "SMEM", "mnemonic": "S_BUFFER_ATOMIC_DEC_X2",
              "syntax": "S_BUFFER_ATOMIC_DEC_X2 SDATA(2), SBASE(4), OFFSET"}],
  rationale="The descriptions speak of 64-bit SDATA and every other _X2 atomic writes SDATA(2); "
            "llvm-mc rejects a single register.",
  probes=[asm("gcn1.4", ("s_atomic_dec_x2 s[2:3], s[4:5], 0x4", op("SMEM", 172)),
              ("s_atomic_dec_x2 s2, s[4:5], 0x4", REJ),
              ("s_buffer_atomic_dec_x2 s[2:3], s[4:7], 0x4", op("SMEM", 108)))])

E(title="S_MOVRELD_B64's syntax gives one register to 64-bit operands",
  settles=["operand-width/SOP1/S_MOVRELD_B64", "operand-width/SOP1/S_MOVRELD_B64/2",
           "operand-width/SOP1/S_MOVRELD_B64/3"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOP1", "mnemonic": "S_MOVRELD_B64",
              "syntax": "S_MOVRELD_B64 SDST(2), SSRC0(2)"}],
  rationale="The description says SDST and SSRC0 are 64-bit; llvm-mc takes register pairs.",
  probes=[asm(g, ("s_movreld_b64 s[0:1], s[2:3]", ACC), ("s_movreld_b64 s0, s2", REJ))
          for g in ["gcn1.0", "gcn1.4"]])

# ---- fields ----------------------------------------------------------------------------------

E(title="DS fields: GDS is bit 17 and OPCODE bits 18-25 on GCN 1.0/1.1; GDS is bit 16 and "
        "OPCODE bits 17-24 on GCN 1.2/1.4",
  settles=["field-overlap/DS/GDS", "field-conflict/DS/OPCODE", "field-missing/DS/OPCODE"],
  classification="doc-erratum",
  decisions=[{"op": "field", "encoding": "DS", "field": "OPCODE", "gens": ["gcn1.0", "gcn1.1"],
              "bits": [18, 25]},
             {"op": "field", "encoding": "DS", "field": "GDS", "gens": ["gcn1.0", "gcn1.1"],
              "bits": [17, 17]},
             {"op": "field", "encoding": "DS", "field": "OPCODE", "gens": ["gcn1.2", "gcn1.4"],
              "bits": [17, 24]},
             {"op": "field", "encoding": "DS", "field": "GDS", "gens": ["gcn1.2", "gcn1.4"],
              "bits": [16, 16]}],
  rationale="The older page puts OPCODE at 18-25 for every generation it covers (including "
            "GCN 1.2); the scraped page moves OPCODE to 17-24 for GCN 1.2 but leaves GDS at 17, "
            "so the two overlap, and gives no OPCODE for GCN 1.4 at all. llvm-mc sets bit 17 for "
            "gds on tahiti/bonaire and bit 16 on tonga/gfx900, and its opcodes sit at 18-25 and "
            "17-24 respectively (ds_sub_u32, opcode 1, and ds_add_src2_u32, opcode 128, show both ends).",
  probes=[asm(g, ("ds_add_u32 v1, v2 gds", ("bit", 17 if g in ("gcn1.0", "gcn1.1") else 16, 1)),
              ("ds_sub_u32 v1, v2", ("bit", 18 if g in ("gcn1.0", "gcn1.1") else 17, 1)),
              ("ds_add_src2_u32 v1", ("bit", 25 if g in ("gcn1.0", "gcn1.1") else 24, 1)))
          for g in GENS])

E(title="SMEM SOFFSET (bits 57-63) exists only on GCN 1.4, where SOE enables it",
  settles=["field-conflict/SMEM/SOFFSET"],
  classification="doc-ambiguity",
  decisions=[{"op": "field", "encoding": "SMEM", "field": "SOFFSET", "gens": ["gcn1.2"],
              "bits": None}],
  rationale="The field table gives SOFFSET without a generation but says it is used only if "
            "SOE=1, and SOE is a GCN 1.4 field. llvm-mc-19 (gfx900) encodes "
            "'s_load_dword s1, s[2:3], s4 offset:0x10' with SOE (bit 14) set and s4 in bits "
            "57-63; on tonga both LLVMs reject the form. (llvm-mc-14 rejects it on gfx900 as "
            "well: a known LLVM 14 gap.)",
  probes=[asm("gcn1.4", ("s_load_dword s1, s[2:3], s4 offset:0x10", ("byte", 7, 0x08)),
              peer="llvm-mc-19"),
          asm("gcn1.4", ("s_load_dword s1, s[2:3], s4 offset:0x10", ("bit", 14, 1)),
              peer="llvm-mc-19"),
          asm("gcn1.2", ("s_load_dword s1, s[2:3], s4 offset:0x10", REJ), peer="llvm-mc-19"),
          asm("gcn1.4", ("s_load_dword s1, s[2:3], s4 offset:0x10", REJ))])

# ---- rows that lost cells --------------------------------------------------------------------

AMB_11 = [("DS_NOP", "ds_nop"), ("DS_GWS_SEMA_RELEASE_ALL", "ds_gws_sema_release_all gds"),
          ("DS_WRAP_RTN_B32", "ds_wrap_rtn_b32 v0, v1, v2, v3"),
          ("DS_CONDXCHG32_RTN_B64", "ds_condxchg32_rtn_b64 v[0:1], v1, v[2:3]"),
          ("DS_WRITE_B96", "ds_write_b96 v1, v[2:4]"), ("DS_WRITE_B128", "ds_write_b128 v1, v[2:5]"),
          ("DS_READ_B96", "ds_read_b96 v[0:2], v1"), ("DS_READ_B128", "ds_read_b128 v[0:3], v1")]
E(title="Scraped GCN 1.0/1.1 rows that lost a cell: their checkmark is GCN 1.1's",
  settles=["ambiguous-row/DS/%s" % m for m, _ in AMB_11] +
          ["ambiguous-row/DS/DS_CONDXCHG32_RTN_B128"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="Nine rows of the scraped GCN 1.0/1.1 table hold one checkmark and one name where "
            "there are two checkmark columns. The older page's table gives each of them for "
            "GCN 1.1 only, the sections say 'for GCN 1.1/1.2/1.4' where they exist, and llvm-mc "
            "rejects each on tahiti and accepts it on bonaire (DS_CONDXCHG32_RTN_B128, which no "
            "LLVM has, follows the older page). The resolver takes availability from those "
            "facts; the rows themselves claim nothing.",
  probes=[asm("gcn1.0", *[(l, REJ) for _, l in AMB_11]),
          asm("gcn1.1", *[(l, ACC) for _, l in AMB_11])])

AMB_14 = [("DS_WRITE_ADDTID_B32", "ds_write_addtid_b32 v1"),
          ("DS_WRITE_B8_D16_HI", "ds_write_b8_d16_hi v1, v2"),
          ("DS_WRITE_B16_D16_HI", "ds_write_b16_d16_hi v1, v2"),
          ("DS_READ_U8_D16", "ds_read_u8_d16 v0, v1"), ("DS_READ_U8_D16_HI", "ds_read_u8_d16_hi v0, v1"),
          ("DS_READ_I8_D16", "ds_read_i8_d16 v0, v1"), ("DS_READ_I8_D16_HI", "ds_read_i8_d16_hi v0, v1"),
          ("DS_READ_U16_D16", "ds_read_u16_d16 v0, v1"),
          ("DS_READ_U16_D16_HI", "ds_read_u16_d16_hi v0, v1"),
          ("DS_READ_ADDTID_B32", "ds_read_addtid_b32 v0")]
E(title="Scraped GCN 1.2/1.4 rows that lost a cell: their checkmark is GCN 1.4's",
  settles=["ambiguous-row/DS/%s" % m for m, _ in AMB_14],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="Ten rows of the scraped GCN 1.2/1.4 table hold one checkmark for two columns. "
            "Each instruction's section says 'for GCN 1.4', and llvm-mc rejects each on tonga "
            "and accepts it on gfx900. The resolver takes availability from the sections.",
  probes=[asm("gcn1.2", *[(l, REJ) for _, l in AMB_14]),
          asm("gcn1.4", *[(l, ACC) for _, l in AMB_14])])

# ---- pseudocode against its description ------------------------------------------------------

E(title="DS_WRXCHG_RTN_B64 accesses memory through a 32-bit pointer",
  settles=["pseudocode-defect/DS/DS_WRXCHG_RTN_B64"],
  classification="doc-erratum",
  decisions=[{"op": "semantics", "encoding": "DS", "mnemonic": "DS_WRXCHG_RTN_B64",
              "code": "UINT64* V = (UINT64*)(DS + ((ADDR+OFFSET)&~7))\n"
                      "VDST = *V; *V = VDATA0 // atomic operation"}],
  rationale="The description stores a 64-bit value and returns the previous one, the address "
            "is 8-aligned and VDST/VDATA0 are register pairs, but the code declares UINT32* V: "
            "as written it exchanges only the low dword.")

E(title="DS_CMPST_RTN_B32/B64 store VDST to memory instead of returning the old value in VDST",
  settles=["description-contradiction/DS/DS_CMPST_RTN_B32",
           "description-contradiction/DS/DS_CMPST_RTN_B64",
           "pseudocode-defect/DS/DS_CMPST_RTN_B32"],
  classification="doc-erratum",
  decisions=[{"op": "semantics", "encoding": "DS", "mnemonic": "DS_CMPST_RTN_B32",
              "code": "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&~3))\n"
                      "VDST = *V; *V = (*V==VDATA0) ? VDATA1 : *V // atomic operation"},
             {"op": "semantics", "encoding": "DS", "mnemonic": "DS_CMPST_RTN_B64",
              "code": "UINT64* V = (UINT64*)(DS + ((ADDR+OFFSET)&~7))\n"
                      "VDST = *V; *V = (*V==VDATA0) ? VDATA1 : *V // atomic operation"}],
  rationale="The description (and every other _RTN_ section, e.g. DS_CMPST_RTN_F32) returns "
            "the previous value in VDST; the code writes '*V = VDST', overwriting memory with "
            "the destination register before the compare.",
  sources=[GEM5 % "ds.cc" + ": DS_CMPST_RTN_B32 returns the pre-operation memory value in "
           "VDST and compares with DATA0, storing DATA1 on a match"])

E(title="Descriptions that say 'increment' where the code (rightly) decrements",
  settles=["description-contradiction/DS/DS_CONSUME", "description-contradiction/DS/DS_DEC_RTN_U32",
           "description-contradiction/DS/DS_DEC_U32", "description-contradiction/DS/DS_DEC_U32/2"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="DS_DEC_U32 (older page) and DS_DEC_RTN_U32 (scraped page) describe an increment "
            "where their code, like DS_DEC_U32 and DS_DEC_U64 on the scraped page, decrements; "
            "DS_CONSUME describes an increment by the active lane count where its code "
            "subtracts it, as a consume must (DS_APPEND adds). The code is right; the "
            "descriptions copied their sibling's verb. The older DS_DEC_U32 description also "
            "decrements when the loaded value 'is zero', where its code (and the scraped page's "
            "description of the same instruction) test that it is not zero.",
  sources=[GEM5 % "ds.cc" + ": DS_DEC_U32: MEM = (tmp == 0 || tmp > DATA) ? DATA : tmp - 1"])

E(title="Descriptions that contradict the operation's own name or width",
  settles=["description-contradiction/DS/DS_MAX_RTN_F32",
           "description-contradiction/DS/DS_MAX_RTN_F64",
           "description-contradiction/DS/DS_OR_RTN_B64",
           "description-contradiction/DS/DS_WRITE2_B32",
           "description-contradiction/DS/DS_WRITE_B16",
           "description-contradiction/SOP1/S_MOVRELD_B32",
           "description-contradiction/SOP1/S_MOVRELD_B64"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The code is right and the description wrong in each: DS_MAX_RTN_F32/F64 say "
            "'smallest' (copied from MIN), DS_OR_RTN_B64 says '32-bit', the older DS_WRITE2_B32 "
            "uses OFFSET0 for both addresses, DS_WRITE_B16 masks with '& 1' for '& ~1', and the "
            "S_MOVRELD_B32/B64 descriptions swap their register ranges (B32 moves one SGPR, "
            "B64 two, as the code and llvm-mc's operand widths say).",
  probes=[asm("gcn1.2", ("s_movreld_b32 s0, s1", ACC), ("s_movreld_b64 s[0:1], s[2:3]", ACC))])

E(title="DS_READ_B32 says unaligned on GCN 1.2/1.4, its code (and its siblings) on GCN 1.4 only",
  settles=["description-contradiction/DS/DS_READ_B32"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="Every other read/write section of the page (DS_READ_B64, DS_READ_I16, DS_READ_U16, "
            "DS_WRITE_B16/B32/B64) describes the unaligned access for GCN 1.4 only, as DS_READ_B32's "
            "own code does; the description's 'GCN 1.2/1.4' is read as a slip. The oracle runs "
            "the code as written.")

E(title="S_ORN2/S_ORN1_SAVEEXEC_B64 compute AND where their descriptions say OR",
  settles=["description-contradiction/SOP1/S_ORN2_SAVEEXEC_B64"],
  classification="doc-erratum",
  decisions=[{"op": "semantics", "encoding": "SOP1", "mnemonic": "S_ORN2_SAVEEXEC_B64",
              "code": "SDST = EXEC\nEXEC = SSRC0 | ~EXEC\nSCC = EXEC!=0"},
             {"op": "semantics", "encoding": "SOP1", "mnemonic": "S_ORN1_SAVEEXEC_B64",
              "code": "SDST = EXEC\nEXEC = ~SSRC0 | EXEC\nSCC = EXEC!=0"}],
  rationale="Both sections say 'bitwise OR' (on SSRC0 and negated EXEC; on negated SSRC0 and "
            "EXEC) and name the OR-with-complement operations, but their code is the AND of "
            "S_ANDN2/S_ANDN1_SAVEEXEC, copied.",
  sources=[GEM5 % "sop1.cc" + ": S_ORN2_SAVEEXEC_B64: D = EXEC; EXEC = S0 | ~EXEC; "
           "SCC = EXEC != 0"])

# ---- the two DS pages ------------------------------------------------------------------------

E(title="The older DS page parenthesizes the address as (DS + (ADDR+OFFSET)&~3)",
  settles=["page-conflict/DS/parentheses"],
  classification="doc-erratum",
  decisions=[{"op": "written", "encoding": "DS", "mnemonic": "*",
              "section": "003_0fdec2520ee21c48.txt:380:section"}],
  facts=["003_0fdec2520ee21c48.txt:380:section"],
  rationale="In C, 'DS + (ADDR+OFFSET)&~3' masks the sum with the LDS base, not the offset; the "
            "scraped page writes (DS + ((ADDR+OFFSET)&~3)), which is what the description says "
            "('(ADDR+OFFSET) & ~3'). With the LDS base at 0 both address the same dword. The "
            "scraped page's text is taken as written.")

E(title="DS_WRITE_B32: the scraped page adds GCN 1.4's unaligned store the older page lacks",
  settles=["page-conflict/DS/DS_WRITE_B32"],
  classification="doc-ambiguity",
  decisions=[{"op": "written", "encoding": "DS", "mnemonic": "DS_WRITE_B32",
              "section": "003_0fdec2520ee21c48.txt:1538:section"}],
  facts=["003_0fdec2520ee21c48.txt:1538:section"],
  rationale="The older page predates GCN 1.4 and masks the address always; the scraped page, "
            "which covers GCN 1.4, masks it except on GCN 1.4 as its description says. The "
            "scraped page's text is taken as written.")

E(title="DS_WRITE2_B32: the older page's syntax writes [OFFSET0:OFFSET1]",
  settles=["page-conflict/DS/DS_WRITE2_B32"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "DS", "mnemonic": "DS_WRITE2_B32",
              "syntax": "DS_WRITE2_B32 ADDR, VDATA0, VDATA1 [OFFSET0:OFFSET0] [OFFSET1:OFFSET1]"}],
  rationale="Every other two-address form writes [OFFSET0:OFFSET0] [OFFSET1:OFFSET1], as the "
            "scraped page does here; llvm-mc takes offset0:N offset1:M.",
  probes=[asm("gcn1.0", ("ds_write2_b32 v1, v2, v3 offset0:1 offset1:2", ("byte", 1, 2)))])

# ---- unknowns --------------------------------------------------------------------------------

E(title="DS_ORDERED_COUNT (???): the instruction exists where the table puts it",
  settles=["unknown/DS/DS_ORDERED_COUNT"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The scraped table marks DS_ORDERED_COUNT '(???)'; llvm-mc knows ds_ordered_count "
            "at opcode 63 on GCN 1.0/1.1 and 191 on GCN 1.2/1.4, as the tables say. Its "
            "semantics (an ordered append/consume driven by GDS state) are not given.",
  probes=[asm(g, ("ds_ordered_count v0, v1 gds", op("DS", 63 if g in ("gcn1.0", "gcn1.1") else 191)))
          for g in GENS])

E(title="S_RFE_B64: '???' — the return-from-exception jumps to SSRC0",
  settles=["unknown/SOP1/S_RFE_B64", "unknown/SOP1/S_RFE_B64/2"],
  classification="doc-erratum",
  decisions=[{"op": "semantics", "encoding": "SOP1", "mnemonic": "S_RFE_B64",
              "code": "PC = SSRC0"}],
  rationale="The section is unsure ('store TTMP[0:1] to PC ???', 'Operation: ???') and its code "
            "reads TTMP[0:1] although the instruction takes a 64-bit SSRC0. AMD's description "
            "returns to the address in the source operand (and clears PRIV, which the oracle "
            "does not model); llvm-mc takes an SGPR pair.",
  sources=[GEM5 % "sop1.cc" + ": S_RFE_B64: PRIV = 0; PC = S0.u64"],
  probes=[asm(g, ("s_rfe_b64 s[0:1]", op("SOP1", 34 if g in ("gcn1.0", "gcn1.1") else 31)))
          for g in GENS])

# ---- vISA ------------------------------------------------------------------------------------

E(title="vISA CMPXCHG and FCMPWR give src0 and src1 opposite roles",
  settles=["visa-inconsistency/DWORD_ATOMIC/FCMPWR"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="CMPXCHG writes src0 when old == src1; FCMPWR writes src1 when src0 == old. Both "
            "rows are followed as written (they are different operations), and the cross-vendor "
            "comparison maps GCN's DS_CMPST (compare with DATA0, store DATA1) onto each "
            "accordingly.")

E(title="vISA PREDEC: the table's new-value return, signed types and unused src0 contradict the "
        "page's general rules",
  settles=["visa-inconsistency/DWORD_ATOMIC/PREDEC", "visa-inconsistency/DWORD_ATOMIC/PREDEC/2",
           "visa-inconsistency/DWORD_ATOMIC/PREDEC/3"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The semantics block returns the old value for every operation, the type notes "
            "require UD for everything but IMIN/IMAX/F*, and the Src0 rule names only INC and "
            "DEC as taking V0; the PREDEC row says new value, signed types, and reads no src0. "
            "The row is the specific statement: the oracle returns the new value for PREDEC "
            "and takes no src0.")

# ---- what llvm-mc lacks (found by tests/peer/test_llvm_mnemonics) ---------------------------

for name, enc, line, why in [
        ("S_MOV_FED_B32", "SOP1", "s_mov_fed_b32 s0, s1",
         "a debug-only move that forwards a corrupted (FED) value; LLVM never added it"),
        ("S_MOV_REGRD_B32", "SOP1", "s_mov_regrd_b32 s0, s1",
         "a move that reads the register file directly; LLVM never added it"),
        ("DS_CONDXCHG32_RTN_B128", "DS", "ds_condxchg32_rtn_b128 v[0:3], v1, v[2:5]",
         "the 128-bit variant of DS_CONDXCHG32_RTN_B64, which LLVM does have")]:
    gens = ["gcn1.1", "gcn1.2", "gcn1.4"] if enc == "DS" else GENS
    E(title="%s exists in the documents but in no LLVM" % name,
      settles=[], category="availability", facts_for=[(enc, name)],
      classification="llvm-lacks",
      decisions=[{"op": "peer-lacks", "peer": p, "encoding": enc, "mnemonic": name}
                 for p in ("llvm-mc-14", "llvm-mc-19")],
      rationale="The opcode tables list %s (%s), but llvm-mc 14 and 19 reject the mnemonic on "
                "every generation ('invalid instruction'). gcnspec encodes and decodes it all "
                "the same; the conformance reports list it as an instruction LLVM lacks." %
                (name, why),
      probes=[asm(g, (line, REJ), peer=p) for p in ("llvm-mc-14", "llvm-mc-19") for g in gens])

# ---- pseudocode that does not parse, or parses into something wrong --------------------------

import json as _json
import os as _os

_FACTS = None


def _facts():
    global _FACTS
    if _FACTS is None:
        root = _os.path.normpath(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)),
                                               "..", ".."))
        with open(_os.path.join(root, "spec", "facts.json"), encoding="utf-8") as f:
            _FACTS = _json.load(f)["facts"]
    return _FACTS


def fix(enc, mnemonic, *pairs):
    return {"op": "semantics", "encoding": enc, "mnemonic": mnemonic, "fix": list(pairs)}


SMEM_ATOMICS = sorted({x["name"] for x in _facts() if x["kind"] == "operation" and
                       x.get("encoding") == "SMEM" and "((SMEM + (OFFSET & ~3))" in
                       (x.get("code") or "")})
E(title="The SMEM atomics open one parenthesis too many: ((SMEM + (OFFSET & ~3))",
  settles=["pseudocode-parse/SMEM/S_ATOMIC_ADD"],
  classification="doc-erratum",
  decisions=[fix("SMEM", m, ["((SMEM + (OFFSET & ~3))", "(SMEM + (OFFSET & ~3))"],
                 *([["VDATA", "SDATA"]] if "DEC" in m else []))
             for m in SMEM_ATOMICS],
  rationale="All %d atomic sections compute their address as '(T*)((SMEM + (OFFSET & ~3))', "
            "whose first '(' is never closed; the correction drops it. The four *_DEC* sections "
            "also compare with and store 'VDATA', a DS operand SMEM does not have; their "
            "descriptions say SDATA, and so does the correction." % len(SMEM_ATOMICS))

E(title="S_FF0/S_FF1/S_FLBIT close one parenthesis too many in their bit test",
  settles=["pseudocode-parse/SOP1/S_FF0_I32_B32", "pseudocode-parse/SOP1/S_FF1_I32_B32",
           "pseudocode-parse/SOP1/S_FLBIT_I32"],
  classification="doc-erratum",
  decisions=[fix("SOP1", "S_FF0_I32_B32", ["if ((1U<<i) & SSRC0) == 0)", "if (((1U<<i) & SSRC0) == 0)"]),
             fix("SOP1", "S_FF0_I32_B64",
                 ["if ((1ULL<<i) & SSRC0) == 0)", "if (((1ULL<<i) & SSRC0) == 0)"]),
             fix("SOP1", "S_FF1_I32_B32", ["if ((1U<<i) & SSRC0) != 0)", "if (((1U<<i) & SSRC0) != 0)"]),
             fix("SOP1", "S_FF1_I32_B64",
                 ["if ((1ULL<<i) & SSRC0) != 0)", "if (((1ULL<<i) & SSRC0) != 0)"]),
             fix("SOP1", "S_FLBIT_I32_B32",
                 ["if ((1U<<i) & SSRC0) != 0)", "if (((1U<<i) & SSRC0) != 0)"]),
             fix("SOP1", "S_FLBIT_I32_B64",
                 ["if ((1ULL<<i) & SSRC0) != 0)", "if (((1ULL<<i) & SSRC0) != 0)"]),
             fix("SOP1", "S_FLBIT_I32",
                 ["if ((1U<<i) & SSRC0) == (bitval<<i))", "if (((1U<<i) & SSRC0) == (bitval<<i))"]),
             fix("SOP1", "S_FLBIT_I32_I64",
                 ["if ((1U<<i) & SSRC0) == (bitval<<i))",
                  "if (((1ULL<<i) & SSRC0) == (bitval<<i))"])],
  rationale="Eight sections test a bit with 'if ((1U<<i) & SSRC0) == 0)': the ')' after SSRC0 "
            "closes the if, leaving '== 0)' dangling. The correction adds the missing '('. "
            "S_FLBIT_I32_I64 also shifts the 32-bit 1U by up to 63 in its 64-bit loop (undefined "
            "in C, and never reaching the upper half); its correction shifts 1ULL, as "
            "S_FLBIT_I32_B64 does.")

E(title="DS_SWIZZLE_B32's quad-permute lane leaves a parenthesis open",
  settles=["pseudocode-parse/DS/DS_SWIZZLE_B32"],
  classification="doc-erratum",
  decisions=[fix("DS", "DS_SWIZZLE_B32",
                 ["((OFFSET >> (2*(LANEID&3)) & 3)", "((OFFSET >> (2*(LANEID&3))) & 3)"])],
  rationale="'(LANEID&0x3c) + ((OFFSET >> (2*(LANEID&3)) & 3)' never closes its '(('; the "
            "correction closes the shift before masking the 2-bit lane select, as the "
            "description (each lane of a quad picks one of four by two OFFSET bits) requires.")

E(title="DS_WRITE_B32/B64 test 'GCN1.4' and DS_WRITE_B64 redeclares V in its branches",
  settles=["pseudocode-parse/DS/DS_WRITE_B32"],
  classification="doc-erratum",
  decisions=[fix("DS", "DS_WRITE_B32", ["if (GCN1.4)", "if (GCN14)"]),
             fix("DS", "DS_WRITE_B64", ["if (GCN1.4)", "if (GCN14)"],
                 ["UINT64* V = (UINT64*)(DS + (ADDR+OFFSET)) // ???",
                  "V = (UINT64*)(DS + (ADDR+OFFSET))"],
                 ["UINT64* V = (UINT64*)(DS + ((ADDR+OFFSET)&~7))",
                  "V = (UINT64*)(DS + ((ADDR+OFFSET)&~7))"])],
  rationale="'GCN1.4' is not a name (every other block tests GCN14). DS_WRITE_B64 declares "
            "'UINT64* V' and then declares a new V inside each branch, so the V it stores "
            "through is never assigned; its '// ???' marks the author's doubt. The correction "
            "assigns the outer V in both branches.")

E(title="DS_PERMUTE_B32 / DS_BPERMUTE_B32: undeclared names, an unsized type, '&' against "
        "'!=', and the lane index read from the wrong lane",
  settles=["pseudocode-defect/DS/DS_BPERMUTE_B32", "pseudocode-defect/DS/DS_BPERMUTE_B32/2",
           "pseudocode-defect/DS/DS_BPERMUTE_B32/3", "pseudocode-defect/DS/DS_BPERMUTE_B32/4",
           "pseudocode-defect/DS/DS_BPERMUTE_B32/5", "pseudocode-defect/DS/DS_PERMUTE_B32",
           "pseudocode-defect/DS/DS_PERMUTE_B32/2", "pseudocode-defect/DS/DS_PERMUTE_B32/3"],
  classification="doc-erratum",
  decisions=[{"op": "semantics", "encoding": "DS", "mnemonic": "DS_BPERMUTE_B32",
              "code": "UINT32 tmp[64]\n"
                      "for (BYTE i = 0; i < 64; i++)\n"
                      "{\n"
                      "    UINT32 laneid = ((ADDR[i] + OFFSET) >> 2) & 63\n"
                      "    tmp[i] = ((EXEC & (1ULL<<laneid)) != 0) ? VDATA0[laneid] : 0\n"
                      "}\n"
                      "for (BYTE i = 0; i < 64; i++)\n"
                      "    if ((EXEC & (1ULL<<i)) != 0)\n"
                      "        VDST[i] = tmp[i]"},
             {"op": "semantics", "encoding": "DS", "mnemonic": "DS_PERMUTE_B32",
              "code": "UINT32 tmp[64]\n"
                      "for (BYTE i = 0; i < 64; i++)\n"
                      "    tmp[i] = 0\n"
                      "for (BYTE i = 0; i < 64; i++)\n"
                      "    if ((EXEC & (1ULL<<i)) != 0)\n"
                      "        tmp[((ADDR[i] + OFFSET) >> 2) & 63] = VDATA0[i]\n"
                      "for (BYTE i = 0; i < 64; i++)\n"
                      "    if ((EXEC & (1ULL<<i)) != 0)\n"
                      "        VDST[i] = tmp[i]"}],
  rationale="Both blocks name their operands DST and SRC (VDST and VDATA0, as the syntax "
            "erratum says), test 'EXEC & (1ULL<<x)!=0', which C reads as EXEC & ((1ULL<<x) != 0), "
            "and DS_PERMUTE_B32 declares TMP but uses tmp; DS_BPERMUTE_B32 declares 'UINT', "
            "which has no width. Beyond those, both index ADDR by another lane "
            "(ADDR[(i + (OFFSET>>2)) & 63]) and use that byte address as a lane number, while "
            "their descriptions say ADDR holds the lane id times 4: the lane is "
            "((ADDR[i] + OFFSET) >> 2) & 63. The corrections read the lane from the lane's own "
            "ADDR, as AMD's description does.",
  sources=[GEM5 % "ds.cc" + ": DS_BPERMUTE_B32: index = bits 7..2 of (addr[lane] + "
           "OFFSET0); vdst[lane] = data[index] when lane index is active, else 0; "
           "DS_PERMUTE_B32 sends data[lane] to lane index"])

E(title="Single-token slips in DS pseudocode: ASFLOATR, FLOAT* for DOUBLE*, a missing '*', "
        "an undeclared V",
  settles=["pseudocode-defect/DS/DS_CMPST_F32", "pseudocode-defect/DS/DS_MIN_RTN_F64",
           "pseudocode-defect/DS/DS_MIN_RTN_I64", "pseudocode-defect/DS/DS_WRAP_RTN_B32",
           "pseudocode-defect/DS/DS_WRAP_RTN_B32/2", "pseudocode-defect/DS/DS_WRITE_ADDTID_B32",
           "pseudocode-defect/DS/DS_WRITE_B16_D16_HI", "pseudocode-defect/DS/DS_WRITE_B96"],
  classification="doc-erratum",
  decisions=[fix("DS", "DS_CMPST_F32", ["ASFLOATR(", "ASFLOAT("]),
             fix("DS", "DS_MIN_RTN_F64", ["DOUBLE* V = (FLOAT*)", "DOUBLE* V = (DOUBLE*)"]),
             fix("DS", "DS_MIN_RTN_I64", ["INT64 V = (INT64*)", "INT64* V = (INT64*)"]),
             fix("DS", "DS_WRAP_RTN_B32", ["UINT32 A = (UINT32*)", "UINT32* V = (UINT32*)"]),
             fix("DS", "DS_WRITE_B16_D16_HI", ["V = (UINT16*)", "UINT16* V = (UINT16*)"]),
             fix("DS", "DS_WRITE_B8_D16_HI", ["V = (UINT8*)", "UINT8* V = (UINT8*)"]),
             fix("DS", "DS_WRITE_B96", ["UINT32* V = (UINT64*)", "UINT32* V = (UINT32*)"])],
  rationale="Each block is right but for one token: DS_CMPST_F32 calls ASFLOATR (no such "
            "helper; ASFLOAT everywhere else), DS_MIN_RTN_F64 casts to FLOAT* for a DOUBLE* V, "
            "DS_MIN_RTN_I64 declares INT64 V for a pointer, DS_WRAP_RTN_B32 names the pointer A "
            "in its declaration and V in its use, DS_WRITE_ADDTID_B32 assigns to the pointer "
            "instead of through it (its correction, through the pointer, is E050's, which also "
            "drops the M0 limit), DS_WRITE_B16_D16_HI / B8_D16_HI never declare V, and "
            "DS_WRITE_B96 casts to UINT64* for a UINT32* V. The corrections change that token.")

E(title="S_CBRANCH_JOIN reads SGPRS for SGPR",
  settles=["pseudocode-defect/SOP1/S_CBRANCH_JOIN"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The line before reads SGPR[...]; SGPRS is no name. The correction, which reads "
            "SGPR, is E052's (which also falls through to the next instruction where this "
            "block adds 4 to PC).")



# ---- found by the oracle's expectations and the second pass (issue 5) ------------------------

E(title="S_BITREPLICATE_B64_B32 shifts a 32-bit value by up to 62 bits",
  settles=[],
  category="pseudocode-defect",
  facts=["001_628456b47dc66b22.txt:215:description",
         "001_628456b47dc66b22.txt:216:operation"],
  sources=["gcnspec oracle (tests/oracle/test_expectations.c, sop1_models): as written, "
           "S_BITREPLICATE_B64_B32 of 0x7fffffff gives 0x00000000ffffffff, since "
           "((SSRC0>>I)&1)*3 is a 32-bit UINT32 value and (I<<1) reaches 62, so source bits "
           "16-31 are shifted out; the description's doubling of every bit gives "
           "0x3fffffffffffffff"],
  classification="doc-erratum",
  decisions=[{"op": "semantics",
              "encoding": "SOP1",
              "mnemonic": "S_BITREPLICATE_B64_B32",
              "code": "SDST = 0\nfor (BYTE I=0; I<32; I++)\n    SDST |= "
                      "((UINT64)((SSRC0>>I)&1)*3)<<(I<<1)"}],
  rationale="A 32-bit shift in a 64-bit loop: the pair of bits for source bit I goes to bits 2I "
            "and 2I+1 of the 64-bit SDST, but the shifted value is the 32-bit product, so every "
            "pair from I = 16 on is lost (in C the shift is even undefined). The description "
            "doubles every bit of SSRC0 into SDST; the correction widens the product to 64 bits "
            "before the shift.")

E(title="DS_READ_ADDTID_B32/DS_WRITE_ADDTID_B32 take their base from M0[15:0], which the DS note "
        "makes the LDS limit",
  settles=[],
  quotes=[{"at": "003_0fdec2520ee21c48.txt:21",
           "text": "The M0 register holds maximum size of a LDS memory, that can be accessed by "
                   "wavefront."},
          {"at": "003_0fdec2520ee21c48.txt:1199",
           "text": "Read single dword from LDS/GDS at address (M0&0xffff) + OFFSET + LANEID*4"},
          {"at": "003_0fdec2520ee21c48.txt:1202",
           "text": "VDST = *(UINT32*)(DS + (M0&0xffff) + OFFSET + LANEID*4)"},
          {"at": "003_0fdec2520ee21c48.txt:1508",
           "text": "((M0&0xffff) + OFFSET + 4*LANEID)"}],
  category="description-contradiction",
  facts=["003_0fdec2520ee21c48.txt:1199:operation",
         "003_0fdec2520ee21c48.txt:1201:operation",
         "003_0fdec2520ee21c48.txt:1507:description",
         "003_0fdec2520ee21c48.txt:1509:operation",
         "003_0fdec2520ee21c48.txt:21:note"],
  sources=["AMD 'CDNA4' Instruction Set Architecture, 12.12 LDS Instructions, "
           "DS_WRITE_ADDTID_B32 and DS_READ_ADDTID_B32: 'The memory base address is provided as "
           "an immediate value and the lane ID is used as an offset', MEM[32'I({OFFSET1, "
           "OFFSET0} + M0[15:0]) + laneID.i32 * 4]: M0[15:0] is part of the address, and nothing "
           "limits the access by M0",
           "LLVM AMDGPU (GCNSubtarget::ldsRequiresM0Init: true only below GFX9): LLVM "
           "initialises M0 as the LDS limit for GCN 1.0-1.2 only; on GCN 1.4, the one generation "
           "with the ADDTID instructions, LDS accesses are not limited by M0",
           "gcnspec oracle (tests/oracle/test_expectations.c, addtid): as written, with M0 = "
           "0x100 as the base, every lane's address (>= 0x100) is at or past the M0 limit of "
           "0x100, so DS_READ_ADDTID_B32 reads 0 and DS_WRITE_ADDTID_B32 writes nothing: the "
           "instructions could only reach memory below their own base"],
  classification="doc-erratum",
  decisions=[{"op": "semantics",
              "encoding": "DS",
              "mnemonic": "DS_READ_ADDTID_B32",
              "code": "VDST = *(UINT32*)(DSMEM + (M0&0xffff) + OFFSET + LANEID*4)"},
             {"op": "semantics",
              "encoding": "DS",
              "mnemonic": "DS_WRITE_ADDTID_B32",
              "code": "*(UINT32*)(DSMEM + (M0&0xffff) + OFFSET + LANEID*4) = VDATA0"}],
  rationale="The NOTE makes M0 the limit of every LDS access, and the ADDTID blocks take their "
            "base from the same M0[15:0], so taken together an ADDTID access can only reach "
            "memory below its own base: nothing. AMD's manual for the later generations that "
            "keep both instructions makes M0[15:0] the base and limits nothing by M0, and on GCN "
            "1.4 (the only generation with ADDTID) LDS accesses are not limited by M0 at all "
            "(LLVM initialises M0 for LDS only below GFX9). The correction keeps the address and "
            "drops the M0 window (DSMEM: LDS, or GDS with the GDS bit, from byte 0, limited by "
            "its size). DS_WRITE_ADDTID_B32's correction also stores through the pointer, as "
            "E047 finds its block should.")

SRC2_SIGNED = ["A + ((OFFSET&0x8000) ?", "A + (INT32)(INT16)((OFFSET&0x8000) ?"]
SRC2_SIGNED_PAREN = ["A + (((OFFSET&0x8000) ?", "A + ((INT32)(INT16)((OFFSET&0x8000) ?"]
SRC2_LISTED = ["DS_ADD_SRC2_U32",
                "DS_ADD_SRC2_U64",
                "DS_AND_SRC2_B32",
                "DS_AND_SRC2_B64",
                "DS_DEC_SRC2_U32",
                "DS_DEC_SRC2_U64",
                "DS_INC_SRC2_U32",
                "DS_INC_SRC2_U64",
                "DS_MAX_SRC2_F32",
                "DS_MAX_SRC2_F64",
                "DS_MAX_SRC2_I32",
                "DS_MAX_SRC2_I64",
                "DS_MAX_SRC2_U32",
                "DS_MAX_SRC2_U64",
                "DS_MIN_SRC2_F32",
                "DS_MIN_SRC2_F64",
                "DS_MIN_SRC2_I32",
                "DS_MIN_SRC2_I64",
                "DS_MIN_SRC2_U32",
                "DS_MIN_SRC2_U64",
                "DS_OR_SRC2_B32",
                "DS_OR_SRC2_B64",
                "DS_RSUB_SRC2_U32",
                "DS_RSUB_SRC2_U64",
                "DS_SUB_SRC2_U32",
                "DS_SUB_SRC2_U64",
                "DS_WRITE_SRC2_B32",
                "DS_WRITE_SRC2_B64",
                "DS_XOR_SRC2_B32",
                "DS_XOR_SRC2_B64"]

E(title="DS_*_SRC2_*: the 16-bit B offset is built signed (bit 15 copies the sign) but "
        "multiplied by 4 unsigned",
  settles=[],
  quotes=[{"at": "003_0fdec2520ee21c48.txt:363",
           "text": "((ADDR>>17) | ((ADDR>>16)&0x8000))"},
          {"at": "003_0fdec2520ee21c48.txt:364",
           "text": "((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)) * 4"}],
  category="pseudocode-defect",
  facts=["003_0fdec2520ee21c48.txt:1011:operation",
         "003_0fdec2520ee21c48.txt:1024:operation",
         "003_0fdec2520ee21c48.txt:1037:operation",
         "003_0fdec2520ee21c48.txt:1050:operation",
         "003_0fdec2520ee21c48.txt:1162:operation",
         "003_0fdec2520ee21c48.txt:1174:operation",
         "003_0fdec2520ee21c48.txt:1374:operation",
         "003_0fdec2520ee21c48.txt:1387:operation",
         "003_0fdec2520ee21c48.txt:1436:operation",
         "003_0fdec2520ee21c48.txt:1449:operation",
         "003_0fdec2520ee21c48.txt:1588:operation",
         "003_0fdec2520ee21c48.txt:1598:operation",
         "003_0fdec2520ee21c48.txt:1753:operation",
         "003_0fdec2520ee21c48.txt:1765:operation",
         "003_0fdec2520ee21c48.txt:360:operation",
         "003_0fdec2520ee21c48.txt:373:operation",
         "003_0fdec2520ee21c48.txt:437:operation",
         "003_0fdec2520ee21c48.txt:449:operation",
         "003_0fdec2520ee21c48.txt:593:operation",
         "003_0fdec2520ee21c48.txt:609:operation",
         "003_0fdec2520ee21c48.txt:664:operation",
         "003_0fdec2520ee21c48.txt:678:operation",
         "003_0fdec2520ee21c48.txt:799:operation",
         "003_0fdec2520ee21c48.txt:812:operation",
         "003_0fdec2520ee21c48.txt:825:operation",
         "003_0fdec2520ee21c48.txt:838:operation",
         "003_0fdec2520ee21c48.txt:851:operation",
         "003_0fdec2520ee21c48.txt:864:operation",
         "003_0fdec2520ee21c48.txt:985:operation",
         "003_0fdec2520ee21c48.txt:998:operation"],
  sources=["gem5 v24.0.0.1 src/arch/amdgpu/vega/insts/ds.cc:3593-3596 (DS_ADD_SRC2_U32, AMD's "
           "Vega description; the same for every SRC2 form): 'B = A + 4*(offset1[7] ? "
           "{A[31],A[31:17]} : {offset1[6],offset1[6:0],offset0})': the 16-bit index repeats its "
           "top bit (A[31], offset1[6]) in bit 15, i.e. it is the 15-bit field sign-extended to "
           "16 bits",
           "gcnspec oracle (tests/oracle/test_expectations.c, src2_negative): as written, OFFSET "
           "= 0x7fff (offset1[6:0] = 0x7f, offset0 = 0xff: index -1) gives B = A + 0x3fffc "
           "(0xffff * 4, past the 64 KiB LDS: B reads 0), not A - 4"],
  classification="doc-ambiguity",
  decisions=[fix("DS", m, SRC2_SIGNED_PAREN if m == "DS_MIN_SRC2_I64" else SRC2_SIGNED)
             for m in SRC2_LISTED],
  rationale="Both addressing modes build a 16-bit index whose bit 15 repeats bit 14 (offset1[6], "
            "or A[31] beside A[31:17]): that repetition only means something if the index is a "
            "signed 16-bit value, so index -1 addresses the dword before A. The listing then "
            "multiplies the 16-bit pattern by 4 as an unsigned number, so a negative index lands "
            "256 KiB - 4|index| bytes above A, beyond the 64 KiB LDS. The correction "
            "sign-extends the index to 32 bits ((INT32)(INT16)) before '* 4'; positive indices "
            "(bit 14 clear) are unchanged. No peer decides it (no LLVM version generates or "
            "checks the SRC2 forms' addressing); the decision follows the index's own sign bit.")


# ---- found by the fuzzing campaigns (issue 6) -----------------------------------------------

E(title="S_CBRANCH_JOIN: 'jump to next instruction' is PC += 4 in its block, which lands in the "
        "instruction's own literal when SSRC0 is one",
  settles=[],
  quotes=[{"at": "001_628456b47dc66b22.txt:292",
           "text": "Description: Join conditional branch that begin from S_CBRANCH_*_FORK. If "
                   "control stack"},
          {"at": "001_628456b47dc66b22.txt:293",
           "text": "pointer have same value as SSRC0 then do nothing and jump to next "
                   "instruction, otherwise"},
          {"at": "001_628456b47dc66b22.txt:297", "text": "if (CSP==SSRC0)"},
          {"at": "001_628456b47dc66b22.txt:298", "text": "    PC += 4"}],
  category="description-contradiction",
  facts=["001_628456b47dc66b22.txt:292:description",
         "001_628456b47dc66b22.txt:295:operation"],
  sources=["gcnspec fuzz, cross_gen campaign of 2026-11-23 (finding F-f5f8f90ba1, "
           "s_cbranch_join:pc:gcn1.0-vs-gcn1.1): the GCN 1.0 word 0xbe8032ff with the literal 0 "
           "(8 bytes) prints as 's_cbranch_join 0', which GCN 1.1 encodes with the inline "
           "constant 0 (4 bytes); from the same state with CSP = 0 the GCN 1.0 run ends with PC "
           "4, inside its literal, the GCN 1.1 run at the next instruction",
           "LLVM AMDGPU declares S_CBRANCH_JOIN's source a scalar register class: llvm-mc-14 "
           "and -19 reject 's_cbranch_join 0' and 's_cbranch_join -1' ('invalid operand for "
           "instruction') on tahiti, tonga and gfx900, so LLVM never writes the literal form; "
           "the documents allow any scalar source (spec/peers/llvm-known.json, the entry for "
           "s_setpc_b64, s_rfe_b64 and s_cbranch_join)"],
  classification="doc-erratum",
  decisions=[{"op": "semantics",
              "encoding": "SOP1",
              "mnemonic": "S_CBRANCH_JOIN",
              "code": "if (CSP!=SSRC0)\n{\n    CSP--\n    EXEC = SGPR[CSP*4:CSP*4+1]\n"
                      "    PC = SGPR[CSP*4+2:CSP*4+3]\n}"}],
  rationale="The description says the instruction does nothing and goes on to the next "
            "instruction when CSP equals SSRC0; the block says PC += 4, which is the next "
            "instruction only for the 4-byte form. SSRC0 may be the trailing 32-bit literal "
            "(the syntax line gives SSRC0, any scalar source), and then the instruction is 8 "
            "bytes and PC + 4 is its literal. The correction follows the description: with "
            "CSP == SSRC0 it writes nothing, and execution falls through to the next "
            "instruction whatever the size (the oracle's PC advances by the instruction's "
            "bytes); it also reads SGPR for the block's SGPRS (E048). S_SWAPPC_B64 (SDST = PC + "
            "4) and S_GETPC_B64 have the same '+ 4', but S_GETPC_B64 has no source and "
            "S_SWAPPC_B64's description does not say which address it stores, so they stay as "
            "written.")


# ---- M0's role in DS accesses (issue 22; the roles are spec/curated/ds_m0.json's) -----------

E(id="E053",
  title="The DS NOTE makes M0 the LDS limit on every generation; GCN 1.4 LDS accesses do not read "
        "M0",
  settles=[],
  quotes=[{"at": "000_b50c7630dc28dbb3.txt:24",
           "text": "NOTE: Any operation LDS requires correctly set M0 register, prior to "
                   "execution."},
          {"at": "000_b50c7630dc28dbb3.txt:25",
           "text": "The M0 register holds maximum size of a LDS memory, that can be accessed by "
                   "wavefront."},
          {"at": "003_0fdec2520ee21c48.txt:21",
           "text": "NOTE: Any operation on LDS requires correctly set M0 register, prior to "
                   "execution. The M0 register holds maximum size of a LDS memory, that can be "
                   "accessed by wavefront."}],
  category="description-contradiction",
  facts=["000_b50c7630dc28dbb3.txt:24:note",
         "003_0fdec2520ee21c48.txt:21:note"],
  sources=["LLVM llvm/lib/Target/AMDGPU/GCNSubtarget.h, ldsRequiresM0Init(): LDS instructions "
           "need M0 initialised only when the generation is below GFX9",
           "LLVM llvm/lib/Target/AMDGPU/DSInstructions.td: every LDS load, store and atomic has "
           "a '_gfx9' twin defined without the M0 use (has_m0_read = 0), which the patterns "
           "select when !ldsRequiresM0Init(); the GFX9-only D16 loads and stores have no M0 use "
           "at all",
           "LLVM llvm/test/CodeGen/AMDGPU/llvm.amdgcn.ds.append.ll, ds_append_lds_m0_restore: "
           "after ds_append has put the counter's address in M0, tahiti/bonaire/tonga set M0 to "
           "-1 again before the next ds_read_b32; gfx900 does not touch M0 ('GFX9-NOT: m0'), so "
           "its LDS read runs with M0 holding an address",
           "LLVM llvm/lib/Target/AMDGPU/AMDGPUISelDAGToDAG.cpp, glueCopyToM0LDSInit: M0 = -1 "
           "before an LDS access only when ldsRequiresM0Init(); before a GDS access M0 = the "
           "GDS size on every generation, GFX9 included (reviews.llvm.org/D40059, D63452)",
           "gem5 v24.0.0.1 src/arch/amdgpu/vega/insts/op_encodings.hh:850-859 (Inst_DS::"
           "calcAddr): a Vega LDS address is the ADDR VGPR (plus the offset); M0 is not read",
           "003_0fdec2520ee21c48.txt:1199 and :1507: the GCN 1.4-only DS_READ_ADDTID_B32 and "
           "DS_WRITE_ADDTID_B32 take their base from M0[15:0], which an LDS limit in the same M0 "
           "would leave nothing to reach (E050)",
           "gcnspec oracle (tests/oracle/test_expectations.c, ds_m0_limit_model; tests/oracle/"
           "test_m0_roles.c): with M0 = 0 on GCN 1.4, ds_write_b32 then ds_read_b32 returns the "
           "value as corrected, and 0 as written (the NOTE's limit); GCN 1.0-1.2 read 0 either "
           "way"],
  classification="doc-erratum",
  decisions=[{"op": "m0", "encoding": "DS", "gens": ["gcn1.4"], "lds": "free"}],
  rationale="The NOTE names no generation: any LDS operation needs M0 set, and M0 bounds the LDS "
            "a wave may reach. On GCN 1.4 LDS accesses do not read M0: LLVM initialises M0 for "
            "LDS only below GFX9 and selects GFX9 LDS instructions without an M0 use, and the "
            "documents' own GCN 1.4-only ADDTID instructions use M0[15:0] as a base, which the "
            "same M0 could not also bound. GDS is not affected: M0 still gives the GDS window on "
            "GCN 1.4 (LLVM sets it to the GDS size there too). M0's role per instruction and "
            "generation is spec/curated/ds_m0.json's, whose class memory-gcn1.4 names this "
            "erratum and whose roles the resolver holds to this decision: as corrected, a GCN "
            "1.4 LDS access is limited by the size of LDS only (role free); as written, the "
            "NOTE's M0 limit applies on every generation.")

E(id="E054",
  title="DS_APPEND/DS_CONSUME address OFFSET&~3 alone; the counter's address is M0 + OFFSET",
  settles=[],
  quotes=[{"at": "003_0fdec2520ee21c48.txt:460",
           "text": "LDS/GDS at address OFFSET&~3 by number of the active threads, and"},
          {"at": "003_0fdec2520ee21c48.txt:463",
           "text": "UINT32* V = (UINT32*)(DS + (OFFSET&~3))"},
          {"at": "003_0fdec2520ee21c48.txt:488",
           "text": "LDS/GDS at address OFFSET&~3 by number of the active threads, and"},
          {"at": "003_0fdec2520ee21c48.txt:491",
           "text": "UINT32* V = (UINT32*)(DS + (OFFSET&~3))"}],
  category="pseudocode-defect",
  facts=["003_0fdec2520ee21c48.txt:459:description",
         "003_0fdec2520ee21c48.txt:462:operation",
         "003_0fdec2520ee21c48.txt:487:description",
         "003_0fdec2520ee21c48.txt:490:operation"],
  sources=["LLVM llvm/lib/Target/AMDGPU/AMDGPUISelDAGToDAG.cpp, SelectDSAppendConsume: the "
           "counter's pointer goes to M0 and only a constant that fits the field to OFFSET, for "
           "LDS and for GDS (REGION_ADDRESS), on every generation",
           "LLVM llvm/test/CodeGen/AMDGPU/llvm.amdgcn.ds.append.ll (tahiti, bonaire, tonga, "
           "gfx900): ds_append_lds and ds_append_gds 's_mov_b32 m0' the pointer and run "
           "'ds_append' with no offset; the pointer + 16383 dwords is M0 = pointer, "
           "offset:65532; the pointer + 0x10000 is M0 = pointer + 0x10000 (M0 is the whole "
           "address)",
           "gem5 v24.0.0.1 src/arch/amdgpu/vega/insts/ds.cc:4135-4137 and :4155-4157 (AMD's Vega "
           "descriptions of DS_CONSUME and DS_APPEND): LDS and GDS, the value at M0.base + the "
           "instruction's offset"],
  classification="doc-omission",
  decisions=[{"op": "semantics",
              "encoding": "DS",
              "mnemonic": "DS_APPEND",
              "code": "UINT32* V = (UINT32*)(DS + ((M0 + OFFSET)&~3))\nVDST = *V // scalar "
                      "operation\n*V += BITCOUNT(EXEC) // scalar operation"},
             {"op": "semantics",
              "encoding": "DS",
              "mnemonic": "DS_CONSUME",
              "code": "UINT32* V = (UINT32*)(DS + ((M0 + OFFSET)&~3))\nVDST = *V // scalar "
                      "operation\n*V -= BITCOUNT(EXEC) // scalar operation"}],
  rationale="The descriptions and blocks put the counter at OFFSET&~3, a 16-bit constant of the "
            "instruction, so a kernel could only keep its counters in the first 64 KiB of LDS "
            "(GDS) at addresses fixed when it is compiled. LLVM, on every generation, puts the "
            "counter's address in M0 and adds only a constant in OFFSET, in LDS and in GDS, and "
            "AMD's Vega description addresses M0.base + the offset. The correction adds M0 to "
            "the address and keeps the rest of each block; with M0 the address, M0 is no LDS "
            "limit or GDS window for these two (spec/curated/ds_m0.json, class append-consume: "
            "role operand).")


# ---- prose, labels, tables and page-level consistency (issue 22) -----------------------------

E(id="E060",
  title="Section labels written without their colon, misspelled ('Syntac:') or missing before the "
        "code",
  settles=["label-form/DS/Description", "label-form/DS/Opcode", "label-form/DS/Operation",
           "label-form/SMEM/Opcode", "label-form/SMEM/Operation", "label-form/SOP1/Syntac",
           "label-form/SOP1/Syntax"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="Every other section introduces its parts with 'Opcode:', 'Syntax:', 'Description:' "
            "and 'Operation:'. Here 'Opcode 29', 'Opcode 40', 'Opcode 41', 'Syntax "
            "S_SET_GPR_IDX_IDX' and 'Description Read' lose the colon, S_RFE_B64 spells "
            "'Syntac:', and three sections give their code with no 'Operation:' label at all "
            "(DS_WRITE_B16_D16_HI and DS_WRITE_B8_D16_HI, whose code follows the description "
            "line; S_LOAD_DWORDX2, whose code block follows it). The extractor reads each line as "
            "the part it stands for (a number after 'Opcode', a mnemonic after 'Syntax', code "
            "after the description), so the facts and the spec are as the page means them; a "
            "reader or tool that keys on the labels misses these parts.")

E(id="E061",
  title="DS_READ_ADDTID_B32 has prose under its first Operation label and no Description",
  settles=["operation-prose/DS/DS_READ_ADDTID_B32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The section's first 'Operation:' holds a sentence ('Read single dword from LDS/GDS "
            "at address (M0&0xffff) + OFFSET + LANEID*4 and store into VDST.'), which is what "
            "every other section says under 'Description:'; the code follows under a second "
            "'Operation:' label. The sentence is read as the description; the code block is the "
            "operation (its M0 base is E050's).")

E(id="E062",
  title="Misspelled words: 'operatin', 'calcutes', 'Non-volative', 'multipla', 'LDS/DDS'",
  settles=["misspelled-word/DS/operatin", "misspelled-word/DS/calcutes",
           "misspelled-word/SMEM/volative", "misspelled-word/SMEM/multipla",
           "misspelled-word/DS/DDS"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="Typos in prose, none of which changes what an instruction does: 'operatin' for "
            "'operation' (the older page's DS_AND_B32, DS_OR_B32 and DS_XOR_B32, one sentence "
            "copied; the scraped page writes 'operation'), 'calcutes' for 'calculates' "
            "(DS_SWIZZLE_B32), 'Non-volative' for 'Non-volatile' (the NV field), 'multipla' for "
            "'multiple' (SBASE alignment), and 'LDS/DDS' for 'LDS/GDS' in DS_READ_U16_D16 and "
            "DS_READ_U16_D16_HI (no DDS exists; the pages write LDS/GDS everywhere else).")

E(id="E063",
  title="The SMEM IMM/SOE table's header names a Syntax column no row fills",
  settles=["table-shape/SMEM/IMM"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The header 'IMM | SOE | Address | Syntax' has four columns, each of its four rows "
            "three: the address forms are given, the syntax of each is not. The syntax comes "
            "from the page's 'Instruction syntax' line and the modifier list (OFFSET:OFFSET on "
            "GCN 1.4) and, per instruction, from the curated operand encoding; the table is read "
            "for its addresses only.")

E(id="E064",
  title="The vISA operation table: a separator of six cells under a header of five, and an "
        "unescaped '|' in the OR row",
  settles=["table-shape/DWORD_ATOMIC/Bits", "table-shape/DWORD_ATOMIC/Bits/2"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The header 'Bits | Operation | Message Type | Data Type | Return Value' has five "
            "columns and the separator row six ('| --- | ---| ---| ---| ---| ---|'): a Markdown "
            "reader takes no table where the two disagree. The OR row writes its formula "
            "'new = old | src0' with a bare '|', which splits the cell, so the row has six cells "
            "and 'src0' lands in the Message Type column. The extractor reads the row as five "
            "columns with the formula whole (the table sits in a code block on this page); the "
            "defect is in the markup.")

E(id="E065",
  title="S_BUFFER_STORE_DWORD/X2/X4 restrict the offset to M0 or an immediate with no "
        "generation; the page says so for GCN 1.2 only",
  settles=["generation-scope/SMEM/S_BUFFER_STORE_DWORD"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The page's note says S_STORE_* and S_BUFFER_STORE_* accept only M0 as the offset "
            "register for GCN 1.2 and also an SGPR on GCN 1.4, and the S_STORE_DWORD* sections "
            "end the same sentence with '(only GCN 1.2)'. The S_BUFFER_STORE_DWORD* sections "
            "copy the sentence without the generation, so as written they forbid an SGPR offset "
            "on GCN 1.4 too, against the note. llvm-mc (gfx900) accepts s_buffer_store_dword "
            "with an SGPR offset. The sentence is read with the note's '(only GCN 1.2)'; the "
            "codec's offset operands come from the curated operand encoding, so nothing else "
            "changes.",
  probes=[asm("gcn1.4", ("s_buffer_store_dword s1, s[4:7], s2", ACC),
              ("s_buffer_store_dwordx2 s[2:3], s[4:7], s2", ACC),
              ("s_buffer_store_dwordx4 s[8:11], s[4:7], s2", ACC))])

E(id="E066",
  title="Instructions the opcode tables list with no section (no syntax, description or "
        "operation)",
  settles=["missing-section/DS/DS_ADD_RTN_F32", "missing-section/DS/DS_ADD_SRC2_F32",
           "missing-section/DS/DS_CONDXCHG32_RTN_B128", "missing-section/DS/DS_CONDXCHG32_RTN_B64",
           "missing-section/DS/DS_GWS_BARRIER", "missing-section/DS/DS_GWS_INIT",
           "missing-section/DS/DS_GWS_SEMA_BR", "missing-section/DS/DS_GWS_SEMA_P",
           "missing-section/DS/DS_GWS_SEMA_RELEASE_ALL", "missing-section/DS/DS_GWS_SEMA_V",
           "missing-section/DS/DS_ORDERED_COUNT", "missing-section/SMEM/S_ATC_PROBE",
           "missing-section/SMEM/S_ATC_PROBE_BUFFER", "missing-section/SMEM/S_DCACHE_WB",
           "missing-section/SMEM/S_DCACHE_WB_VOL", "missing-section/SOP1/S_MOV_FED_B32",
           "missing-section/SOP1/S_MOV_REGRD_B32"],
  classification="doc-omission",
  decisions=[{"op": "none"}],
  rationale="Seventeen instructions appear in the opcode tables and in no section of any page "
            "of their encoding: eleven DS (the GWS instructions, DS_ORDERED_COUNT, "
            "DS_CONDXCHG32_RTN_B64/B128, DS_ADD_RTN_F32, DS_ADD_SRC2_F32), four SMEM "
            "(S_DCACHE_WB, S_DCACHE_WB_VOL, S_ATC_PROBE, S_ATC_PROBE_BUFFER) and two SOP1 "
            "(S_MOV_REGRD_B32, S_MOV_FED_B32). Their opcodes are the tables'; their syntax is "
            "spec/curated/syntax.json's and their semantics spec/curated/semantics.json's, each "
            "with its evidence. Rows that name another section's instruction under a wrong name "
            "(DS_WRXCHG_RTN_B6, S_ORN1_SAVEEXEC_B64's section headed S_ORN2, the S_BUFFER_LOAD "
            "rows at 24-26) are not among them: their errata are the opcode and name ones.")

E(id="E067",
  title="DS_READ_I8_D16/_HI describe the sign-extended byte as a 16-bit unsigned value",
  settles=["description-contradiction/DS/DS_READ_I8_D16",
           "description-contradiction/DS/DS_READ_I8_D16_HI"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="Both read a signed byte ('Read signed byte', I8 in the name) and their code "
            "sign-extends it to 16 bits (SEXT16(*(INT8*)...)), but the description stores it 'as "
            "16-bit unsigned value', the words of DS_READ_U8_D16/_HI's descriptions, which the "
            "sections were copied from. The code is right: a signed 8-bit load into a 16-bit half "
            "is sign-extended, as DS_READ_I8's own description says ('The value's sign will be "
            "extended').")

E(id="E068",
  title="S_MEMREALTIME reads the RTC counter per its description, the clock counter (as "
        "S_MEMTIME) per its code",
  settles=["description-contradiction/SMEM/S_MEMREALTIME"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="S_MEMREALTIME's description stores the 64-bit RTC (real-time) counter; its code "
            "'SDATA = CLOCKCNT' is S_MEMTIME's, whose description is the free-running counter of "
            "the shader core clock. The two are different counters (LLVM's "
            "llvm.amdgcn.s.memtime and llvm.amdgcn.s.memrealtime), so the code names the wrong "
            "one. The oracle models a single clock counter (CLOCKCNT, spec/curated/"
            "pseudocode.json), which both instructions read, so the semantics stay as written; "
            "no vector compares the two counters.",
  sources=["LLVM llvm/include/llvm/IR/IntrinsicsAMDGPU.td: int_amdgcn_s_memtime and "
           "int_amdgcn_s_memrealtime are separate intrinsics, selected to S_MEMTIME and "
           "S_MEMREALTIME; AMDGPUUsage describes s_memrealtime as the constant-frequency "
           "real-time counter and s_memtime as the shader clock"])

E(id="E069",
  title="The vISA table offers TYPED messages, which no surface the Surface operand allows can "
        "serve",
  settles=["visa-inconsistency/DWORD_ATOMIC/TYPED"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The operation table lists DWORD, SVM and TYPED messages for fourteen operations, "
            "but the Surface operand 'must be a buffer' and allows only T0 (shared local memory) "
            "and T255 (stateless): DWORD messages reach both, SVM messages the stateless one, and "
            "a TYPED message, which addresses a typed surface through the binding table, neither. "
            "The table's Message Type column describes the atomic operation encodings the vISA "
            "atomic messages share, broader than this instruction; for DWORD_ATOMIC the Surface "
            "rule is taken, and the cross-vendor comparison runs on SLM and stateless buffers "
            "only.")

E(id="E070",
  title="The vISA page describes word or dword atomics; its table allows 8-byte (Q, UQ) types "
        "for SVM",
  settles=["visa-inconsistency/DWORD_ATOMIC/data-widths"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The description performs 'scattered word or dword' atomics and the semantics block "
            "comments '2 or 4 byte, atomic operation', while the operation table's data types "
            "include UQ and Q '(SVM only)', 8-byte types, for every integer operation. The "
            "description and the semantics comment leave the 64-bit SVM forms out. The "
            "cross-vendor comparison runs the 32-bit forms (UD, D, F), which all three "
            "statements allow.")

E(id="E071",
  title="The vISA Element_offset operand speaks of num_elts, a name the page never defines",
  settles=["visa-inconsistency/DWORD_ATOMIC/num_elts"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="'The first num_elts elements will be used as the offsets': no operand, type or "
            "value is called num_elts. Src0 and Src1 say 'the first Exec_size elements' and the "
            "semantics block loops over exec_size, so num_elts is read as Exec_size (a name from "
            "an older form of the page).")

# ---- the scalar ALU pages of the whole CLRX documentation (SOP2, SOPC) ------------------------

E(id="E072",
  title="Three SOP2/SOPC sections' syntax lines name a sibling instruction",
  settles=["syntax-mnemonic/SOP2/S_CSELECT_B64", "syntax-mnemonic/SOP2/S_MAX_I32",
           "syntax-mnemonic/SOPC/S_CMP_LG_U32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="S_CSELECT_B64's syntax line says S_CSELECT_B32 (with the 64-bit operands "
            "SDST(2), SSRC0(2), SSRC1(2)), S_MAX_I32's says S_MIN_I32 and S_CMP_LG_U32's says "
            "S_CMP_LG_I32; each section's heading, opcode line, description and operation are "
            "its own, and llvm-mc assembles each heading's instruction with the operands the "
            "line lists, at the section's opcode. The spec keeps the operands and the "
            "section's heading.",
  probes=[asm(g, ("s_cselect_b64 s[0:1], s[2:3], s[4:5]", op("SOP2", 11)),
              ("s_max_i32 s0, s1, s2", op("SOP2", 8)),
              ("s_cmp_lg_u32 s0, s1", op("SOPC", 7)))
          for g in GENS])

E(id="E073",
  title="S_LSHL1..4_ADD_U32 write their sources SRC0, SRC1: the SOP2 fields are SSRC0, SSRC1",
  settles=["syntax-operand/SOP2/SRC0", "syntax-operand/SOP2/SRC1"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOP2", "mnemonic": "S_LSHL%d_ADD_U32" % n,
              "syntax": "S_LSHL%d_ADD_U32 SDST, SSRC0, SSRC1" % n} for n in (1, 2, 3, 4)],
  rationale="SRC0 and SRC1 are no fields of the SOP2 encoding (SSRC0 bits 0-7, SSRC1 bits 8-15); "
            "the operations read SSRC0 and SSRC1 under those names elsewhere on the page, and "
            "llvm-mc (gfx900) puts the first source in bits 0-7 and the second in 8-15.",
  probes=[asm("gcn1.4", ("s_lshl%d_add_u32 s0, s1, s2" % n, ("byte", 0, 1)),
              ("s_lshl%d_add_u32 s0, s1, s2" % n, ("byte", 1, 2))) for n in (1, 2, 3, 4)])

E(id="E074",
  title="S_SET_GPR_IDX_ON writes its mode IMM8, held in the SSRC1 field, and its index "
        "SSRC0(0)",
  settles=["syntax-operand/SOPC/IMM8"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOPC", "mnemonic": "S_SET_GPR_IDX_ON",
              "syntax": "S_SET_GPR_IDX_ON SSRC0, IMM8"}],
  rationale="IMM8 is no field of the SOPC encoding: the mode sits in the SSRC1 field (bits "
            "8-15), as an immediate, not a scalar operand code; the operation keeps IMM8 & 15 "
            "(M0 bits 12-15). 'SSRC0(0)' gives the index operand no register: it is one 32-bit "
            "scalar source. llvm-mc (gfx900) puts the index in bits 0-7 and the mode's four "
            "bits in 8-11 (gpr_idx(SRC0,DST): 9), and refuses a mode past 15.",
  probes=[asm("gcn1.4", ("s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)", ("byte", 0, 2)),
              ("s_set_gpr_idx_on s2, gpr_idx(SRC0,DST)", ("byte", 1, 9)),
              ("s_set_gpr_idx_on s2, 16", REJ))])

E(id="E075",
  title="SOPC opcode 19 is S_CMP_LG_U64; the page gives it a second name, S_CMP_NE_U64",
  settles=[],
  category="duplicate-opcode",
  facts=["GcnInstrsSopc.md:39:opcode-row", "GcnInstrsSopc.md:213:syntax-line"],
  classification="doc-ambiguity",
  decisions=[{"op": "rename", "encoding": "SOPC", "from": "S_CMP_NE_U64", "to": "S_CMP_LG_U64",
              "fact": "GcnInstrsSopc.md:39:opcode-row"}],
  rationale="The GCN 1.2/1.4 row of opcode 19 names two mnemonics, 'S_CMP_LG_U64, S_CMP_NE_U64', "
            "and the section gives a syntax line for each: one instruction with two spellings "
            "(S_CMP_LG_U32 has no NE spelling). llvm-mc knows only s_cmp_lg_u64 (opcode 19) and "
            "rejects s_cmp_ne_u64; the spec keeps one instruction under LLVM's name. The second "
            "spelling is CLRX's assembler alias, not an encoding of its own.",
  probes=[asm(g, ("s_cmp_lg_u64 s[0:1], s[2:3]", op("SOPC", 19)),
              ("s_cmp_ne_u64 s[0:1], s[2:3]", REJ)) for g in ["gcn1.2", "gcn1.4"]])

E(id="E076",
  title="S_BFE_I64's syntax line gives its 64-bit destination and source one register",
  settles=["operand-width/SOP2/S_BFE_I64"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOP2", "mnemonic": "S_BFE_I64",
              "syntax": "S_BFE_I64 SDST(2), SSRC0(2), SSRC1"}],
  rationale="The section writes 'S_BFE_I64 SDST, SSRC0, SSRC1', but its operation extracts from "
            "64 bits ((INT64)(SSRC0 << (64 - shift - length)), shift = SSRC1 & 63), as "
            "S_BFE_U64's section does with SDST(2), SSRC0(2). llvm-mc takes s[0:1], s[2:3], s4 "
            "and refuses single registers for the destination and the first source.",
  probes=[asm(g, ("s_bfe_i64 s[0:1], s[2:3], s4", ("byte", 0, 2)),
              ("s_bfe_i64 s0, s2, s4", REJ)) for g in GENS])

E(id="E077",
  title="S_RFE_RESTORE_B64 reads SSRC0(2) and SSRC1; its syntax line names a destination",
  settles=["unknown/SOP2/S_RFE_RESTORE_B64"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOP2", "mnemonic": "S_RFE_RESTORE_B64",
              "syntax": "S_RFE_RESTORE_B64 SSRC0(2), SSRC1"}],
  rationale="The section writes 'S_RFE_RESTORE_B64 SDST(2), SSRC0(1)' and its description, which "
            "ends in '???', reads a third operand: 'INST_ATC = SSRC1.U32[0]'. Like S_RFE_B64, the "
            "return from the trap handler takes the return address in a 64-bit source and writes "
            "no SGPR; llvm-mc (tonga, gfx900) assembles 's_rfe_restore_b64 s[8:9], s24' with "
            "s[8:9] in SSRC0 (bits 0-7), s24 in SSRC1 (8-15) and SDST 0, and refuses a "
            "one-register first operand.",
  probes=[asm(g, ("s_rfe_restore_b64 s[8:9], s24", ("byte", 0, 8)),
              ("s_rfe_restore_b64 s[8:9], s24", ("byte", 1, 0x18)),
              ("s_rfe_restore_b64 s[8:9], s24", ("byte", 2, 0x80)),
              ("s_rfe_restore_b64 s8, s24", REJ)) for g in ["gcn1.2", "gcn1.4"]])

# ---- the scalar program-control pages (SOPK, SOPP) ----------------------------------------------

E(id="E078",
  title="S_WAITCNT's LGKMCNT is bits 8-11: the page's (SIMM16>>8)&31 takes bit 12 too",
  settles=[],
  category="description-contradiction",
  facts=["GcnInstrsSopp.md:311:description"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The description reads LGKMCNT as '(SIMM16>>8)&31' with '0x1f - no wait', a 5-bit "
            "counter in bits 8-12. AMD's Southern Islands, GCN3 and Vega ISA manuals give "
            "LGKM_CNT as SIMM16[11:8], and llvm-mc encodes lgkmcnt(15) as bits 8-11, refuses "
            "lgkmcnt(16) and leaves bit 12 alone on every generation; bit 12 holds no counter. "
            "spec/curated/simm16.json takes four bits.",
  probes=[asm(g, ("s_waitcnt lgkmcnt(15)", ("bit", 11, 1)), ("s_waitcnt lgkmcnt(15)", ("bit", 12, 0)),
              ("s_waitcnt lgkmcnt(0)", ("bit", 12, 0)),
              ("s_waitcnt lgkmcnt(16)", REJ)) for g in GENS])

E(id="E079",
  title="S_CMOVK_I32's syntax line names S_MOVK_I32",
  settles=["syntax-mnemonic/SOPK/S_CMOVK_I32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The section of S_CMOVK_I32 writes 'S_MOVK_I32 SDST, SIMM16' (its neighbour's "
            "name) with the operands both take; llvm-mc assembles s_cmovk_i32 with them at the "
            "section's opcode.",
  probes=[asm("gcn1.0", ("s_cmovk_i32 s3, 0x1234", op("SOPK", 2))),
          asm("gcn1.4", ("s_cmovk_i32 s3, 0x1234", op("SOPK", 1)))])

E(id="E080",
  title="S_SETREG_IMM32_B32's syntax line names S_SETREG_B32",
  settles=["syntax-mnemonic/SOPK/S_SETREG_IMM32_B32"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOPK", "mnemonic": "S_SETREG_IMM32_B32",
              "syntax": "S_SETREG_IMM32_B32 HWREG, IMM32"}],
  rationale="The section writes 'S_SETREG_B32 HWREG(HWREGNAME, BITOFFSET, BITSIZE), IMM32': the "
            "name of the register form, with the immediate form's 32-bit constant, which follows "
            "the word. llvm-mc assembles s_setreg_imm32_b32 into 8 bytes, the constant last.",
  probes=[asm(g, ("s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12345678", ("byte", 4, 0x78)))
          for g in GENS])

E(id="E081",
  title="S_CBRANCH_I_FORK's mask is in SDST, not SSRC0, which SOPK lacks",
  settles=["syntax-operand/SOPK/SSRC0"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "SOPK", "mnemonic": "S_CBRANCH_I_FORK",
              "syntax": "S_CBRANCH_I_FORK SDST(2), RELADDR"}],
  rationale="SOPK has one register field, SDST (bits 16-22); the section writes the 64-bit mask "
            "as SSRC0(2). llvm-mc puts s[2:3] in bits 16-22 (2) and the offset in SIMM16.",
  probes=[asm(g, ("s_cbranch_i_fork s[2:3], 5", ("bit", 17, 1)),
              ("s_cbranch_i_fork s[2:3], 5", ("bit", 16, 0)),
              ("s_cbranch_i_fork s[2:3], 5", ("byte", 0, 5))) for g in GENS])

E(id="E082",
  title="S_WAITCNT's syntax line lists the counters as alternatives of one operand",
  settles=[],
  category="syntax-operand",
  facts=["GcnInstrsSopp.md:310:syntax-line"],
  classification="doc-ambiguity",
  decisions=[{"op": "syntax", "encoding": "SOPP", "mnemonic": "S_WAITCNT",
              "syntax": "S_WAITCNT SIMM16"}],
  rationale="'S_WAITCNT VMCNT(X)|EXPCNT(X)|LGKMCNT(X) [&....]' writes the counters the "
            "description puts in SIMM16's fields as alternatives joined by '&'. The spec's "
            "operand is SIMM16, written as LLVM writes it (vmcnt(N) expcnt(N) lgkmcnt(N), "
            "spec/curated/operands.json); llvm-mc also takes '&' and ',' between counters.",
  probes=[asm(g, ("s_waitcnt vmcnt(1) & lgkmcnt(2)", ("bit", 9, 1)),
              ("s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)", ("byte", 0, 0x00))) for g in GENS])

E(id="E083",
  title="S_GETREG_REGRD_B32 exists in the documents but in no LLVM",
  settles=["unknown/SOPK/S_GETREG_REGRD_B32", "unknown/SOPK/S_GETREG_REGRD_B32/2"],
  category="availability", facts_for=[("SOPK", "S_GETREG_REGRD_B32")],
  classification="llvm-lacks",
  decisions=[{"op": "peer-lacks", "peer": p, "encoding": "SOPK", "mnemonic": "S_GETREG_REGRD_B32"}
             for p in ("llvm-mc-14", "llvm-mc-19")],
  rationale="The SOPK table lists S_GETREG_REGRD_B32 (opcode 20 on GCN 1.0/1.1, 19 on GCN "
            "1.2/1.4) and its section writes '???' for what it does: by its name and its "
            "neighbour S_GETREG_B32, it reads a hardware register (through the register-read "
            "path). llvm-mc 14 and 19 reject the mnemonic on every generation ('invalid "
            "instruction'). gcnspec encodes and decodes it with S_GETREG_B32's operands; the "
            "oracle leaves it unsupported.",
  probes=[asm(g, ("s_getreg_regrd_b32 s0, hwreg(HW_REG_MODE)", REJ), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19") for g in GENS])
# ---- the vector ALU pages of the whole CLRX documentation (VOP1) ------------------------------

E(id="E100",
  title="V_FRACT_F64 is VOP1 opcode 50 on GCN 1.2/1.4: its section's decimal says 52",
  settles=["opcode-conflict/VOP1/V_FRACT_F64", "dec-hex-mismatch/VOP1/V_FRACT_F64",
           "dec-hex-mismatch/VOP1/V_FRACT_F64/2", "opcode-conflict/VOP3/V_FRACT_F64"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "VOP1", "mnemonic": "V_FRACT_F64",
              "gens": ["gcn1.2", "gcn1.4"], "opcode": 50},
             {"op": "opcode", "encoding": "VOP3", "mnemonic": "V_FRACT_F64",
              "gens": ["gcn1.2", "gcn1.4"], "opcode": 370}],
  rationale="The section writes 'Opcode VOP1: ... 52 (0x32) for GCN 1.2' and 'Opcode VOP3A: ... "
            "372 (0x172) for GCN 1.2': both decimals are 2 too high (52 is V_FREXP_MANT_F32's "
            "VOP1 opcode and 372 its VOP3A opcode), both hex values and the opcode table give 50 "
            "(VOP3A 370). llvm-mc encodes v_fract_f64_e32 with VOP1 opcode 50 on tonga and "
            "gfx900 and v_frexp_mant_f32_e32 with 52, v_fract_f64_e64 with VOP3A opcode 370 (opcode "
            "bits 16-25: bytes 2-3 = 0x72, 0xd1).",
  probes=[asm(g, ("v_fract_f64 v[0:1], v[2:3]", op("VOP1", 50)),
              ("v_frexp_mant_f32 v0, v1", op("VOP1", 52)),
              ("v_fract_f64_e64 v[0:1], v[2:3]", ("byte", 2, 0x72)),
              ("v_fract_f64_e64 v[0:1], v[2:3]", ("byte", 3, 0xd1)))
          for g in ["gcn1.2", "gcn1.4"]])

for name, dec, hexv, llvm in [("V_MOVRELD_B32", 54, "0x34", "v_movreld_b32 v0, v1"),
                              ("V_MOVRELS_B32", 55, "0x35", "v_movrels_b32 v0, v1"),
                              ("V_MOVRELSD_B32", 56, "0x36", "v_movrelsd_b32 v0, v1")]:
    E(id="E%03d" % (101 + dec - 54),
      title="%s: the decimal GCN 1.2 opcodes %d (VOP1) and %d (VOP3A) are right, the hex is "
            "2 short" % (name, dec, 320 + dec),
      settles=["dec-hex-mismatch/VOP1/%s" % name, "dec-hex-mismatch/VOP1/%s/2" % name],
      classification="doc-erratum",
      decisions=[{"op": "none"}],
      rationale="The section writes '%d (%s) for GCN 1.2' and '%d (0x%x)': the hex values are "
                "the opcodes 2 below, which belong to other instructions. The opcode table "
                "agrees with the decimals, and llvm-mc (tonga) encodes %s with VOP1 opcode %d. "
                "GCN 1.4 has no V_MOVREL* (llvm-mc gfx900 refuses them)." %
                (dec, hexv, 320 + dec, 320 + dec - 2, name.lower(), dec),
      probes=[asm("gcn1.2", (llvm, op("VOP1", dec))), asm("gcn1.4", (llvm, REJ))])

E(id="E104",
  title="V_RNDNE_F32's GCN 1.0/1.1 VOP3A opcode is 419, not V_FLOOR_F32's 420",
  settles=["opcode-conflict/VOP3/V_RNDNE_F32"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "VOP3", "mnemonic": "V_RNDNE_F32",
              "gens": ["gcn1.0", "gcn1.1"], "opcode": 419}],
  rationale="V_RNDNE_F32's section writes 'Opcode VOP3A: 420 (0x1a4) for GCN 1.0/1.1', the "
            "VOP3A opcode of V_FLOOR_F32; its VOP1 opcode is 35 and VOP3A opcodes are the VOP1 "
            "opcode + 384 there (V_FLOOR_F32: 36, 420). llvm-mc (tahiti) encodes "
            "v_rndne_f32_e64 with 419 (bytes 2-3 = 0x46, 0xd3) and v_rndne_f32_e32 with 35.",
  probes=[asm(g, ("v_rndne_f32 v0, v1", op("VOP1", 35)), ("v_floor_f32 v0, v1", op("VOP1", 36)),
              ("v_rndne_f32_e64 v0, v1", ("byte", 2, 0x46)),
              ("v_rndne_f32_e64 v0, v1", ("byte", 3, 0xd3)))
          for g in ["gcn1.0", "gcn1.1"]])

E(id="E105",
  title="V_RSQ_LEGACY_F32's syntax line names V_RCP_LEGACY_F32",
  settles=["syntax-mnemonic/VOP1/V_RSQ_LEGACY_F32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The section headed V_RSQ_LEGACY_F32 (opcode 45, its description a reciprocal "
            "square root) writes 'Syntax: V_RCP_LEGACY_F32 VDST, SRC0'. llvm-mc (tahiti) "
            "encodes v_rsq_legacy_f32 with VOP1 opcode 45 and v_rcp_legacy_f32 with 41; the "
            "spec keeps the section's heading and the line's operands.",
  probes=[asm(g, ("v_rsq_legacy_f32 v0, v1", op("VOP1", 45)),
              ("v_rcp_legacy_f32 v0, v1", op("VOP1", 41))) for g in ["gcn1.0", "gcn1.1"]])

E(id="E106",
  title="V_FFBH_U32/V_FFBH_I32/V_FFBL_B32/V_READFIRSTLANE_B32 close one parenthesis too many",
  settles=["pseudocode-parse/VOP1/V_FFBH_I32", "pseudocode-parse/VOP1/V_FFBH_U32",
           "pseudocode-parse/VOP1/V_READFIRSTLANE_B32"],
  classification="doc-erratum",
  decisions=[fix("VOP1", "V_FFBH_U32", ["if ((1U<<i) & SRC0) != 0)", "if (((1U<<i) & SRC0) != 0)"]),
             fix("VOP1", "V_FFBL_B32", ["if ((1U<<i) & SRC0) != 0)", "if (((1U<<i) & SRC0) != 0)"]),
             fix("VOP1", "V_FFBH_I32",
                 ["if ((1U<<i) & SRC0) == (bitval<<i))", "if (((1U<<i) & SRC0) == (bitval<<i))"]),
             fix("VOP1", "V_READFIRSTLANE_B32",
                 ["if ((1ULL<<i) & EXEC) != 0)", "if (((1ULL<<i) & EXEC) != 0)"])],
  rationale="As in the SOP1 S_FF*/S_FLBIT sections, 'if ((1U<<i) & SRC0) != 0)' closes the if "
            "after SRC0 and leaves the comparison dangling; the correction adds the missing '('.")

E(id="E107",
  title="V_FREXP_MANT_F32/F64 give two assignments of one branch as alternatives by comment",
  settles=["pseudocode-parse/VOP1/V_FREXP_MANT_F32", "pseudocode-parse/VOP1/V_FREXP_MANT_F64"],
  classification="doc-erratum",
  decisions=[fix("VOP1", "V_FREXP_MANT_F32",
                 ["    VDST = -NAN // GCN 1.0\n    VDST = SF // later",
                  "    VDST = SF // GCN 1.0: -NAN"]),
             fix("VOP1", "V_FREXP_MANT_F64",
                 ["    VDST = -NAN // GCN 1.0\n    VDST = SF // later",
                  "    VDST = SD // GCN 1.0: -NAN"])],
  rationale="The infinity branch holds two unbraced statements, 'VDST = -NAN // GCN 1.0' and "
            "'VDST = SF // later', so the 'else if' that follows has no 'if'. The comments say "
            "they are alternatives by generation; the pseudocode has no GCN 1.0 test (only "
            "GCN14), so the correction keeps the later generations' assignment and the GCN 1.0 "
            "result as a comment. V_FREXP_MANT_F64's block names SF, a variable only the F32 "
            "block declares: its value is SD. (The oracle does not execute VOP1 yet.)")

E(id="E108",
  title="V_LOG_F16 writes a half-precision zero as 0.0h, a suffix the pseudocode lacks",
  settles=["pseudocode-parse/VOP1/V_LOG_F16"],
  classification="doc-erratum",
  decisions=[fix("VOP1", "V_LOG_F16", ["VDST = 0.0h", "VDST = 0.0"])],
  rationale="No other block writes a literal with an 'h' suffix (V_LOG_F32 writes 0.0f, the "
            "documents' float suffix); the value is zero, whatever its width.")


def _screen_partition_code():
    import re as _re
    for x in _facts_clrx():
        if x.get("kind") == "operation" and x.get("name") == "V_SCREEN_PARTITION_4SE_B32":
            return x["code"]
    raise SystemExit("errata_defs: no V_SCREEN_PARTITION_4SE_B32 operation")


_FACTS_CLRX = None


def _facts_clrx():
    global _FACTS_CLRX
    if _FACTS_CLRX is None:
        root = _os.path.normpath(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)),
                                               "..", ".."))
        with open(_os.path.join(root, "spec", "facts-clrx.json"), encoding="utf-8") as f:
            _FACTS_CLRX = _json.load(f)["facts"]
    return _FACTS_CLRX


def _screen_partition_fix():
    import re as _re
    code = _screen_partition_code()
    table = code[:code.index("}") + 1]
    vals = [int(v, 16) for v in _re.findall(r"0x[0-9a-f]+", table.split("{", 1)[1])]
    if len(vals) != 256:
        raise SystemExit("errata_defs: V_SCREEN_PARTITION_4SE_B32's table has %d entries" %
                         len(vals))
    rows = []
    for r in range(16):
        q = 0
        for i in range(16):
            q |= vals[16 * r + i] << (4 * i)
        rows.append(q)
    sel = "UINT64 ROW = " + " : ".join("(I >> 4) == %d ? 0x%016xULL" % (r, rows[r])
                                       for r in range(15)) + " : 0x%016xULL" % rows[15]
    new = "UINT32 I = SRC0 & 0xff\n" + sel
    return [[table, new], ["VDST = TABLE[SRC0&0xff]", "VDST = (ROW >> ((I & 15) * 4)) & 0xf"]]


E(id="E109",
  title="V_SCREEN_PARTITION_4SE_B32 initializes an array, which the pseudocode has no syntax for",
  settles=["pseudocode-parse/VOP1/V_SCREEN_PARTITION_4SE_B32"],
  classification="doc-erratum",
  decisions=[fix("VOP1", "V_SCREEN_PARTITION_4SE_B32", *_screen_partition_fix())],
  rationale="'BYTE TABLE[256] = { 0x1, 0x3, ... }' is C, not the documents' pseudocode: no other "
            "block declares or initializes an array. The correction keeps the same 256 4-bit "
            "entries, packed sixteen to a 64-bit constant (entry i at bits 4*(i&15) of row "
            "i>>4), and looks up SRC0 & 0xff in them.")

for name, line, gens, why in [
        ("V_MOV_FED_B32", "v_mov_fed_b32 v0, v1", GENS,
         "the vector twin of S_MOV_FED_B32, a debug-only move that forwards a corrupted (FED) "
         "value; LLVM never added either"),
        ("V_MOV_PRSV_B32", "v_mov_prsv_b32 v0, v1", ["gcn1.4"],
         "GCN 1.4's opcode 54 in the table's GCN 1.4 column; no section describes it"),
        ("V_WRITELANE_REGWR_B32", "v_writelane_regwr_b32 v0, v1", ["gcn1.4"],
         "GCN 1.4's opcode 80 in the table's GCN 1.4 column; no section describes it")]:
    E(id={"V_MOV_FED_B32": "E110", "V_MOV_PRSV_B32": "E111",
          "V_WRITELANE_REGWR_B32": "E112"}[name],
      title="%s exists in the documents but in no LLVM" % name,
      settles=[], category="availability", facts_for=[("VOP1", name)],
      classification="llvm-lacks",
      decisions=[{"op": "peer-lacks", "peer": p, "encoding": "VOP1", "mnemonic": name}
                 for p in ("llvm-mc-14", "llvm-mc-19")],
      rationale="The VOP1 opcode table lists %s (%s), but llvm-mc 14 and 19 reject the "
                "mnemonic ('invalid instruction'). gcnspec encodes and decodes it all the same "
                "(VDST, SRC0, as the table's neighbours; spec/curated/syntax.json where no "
                "section gives the syntax)." % (name, why),
      probes=[asm(g, (line, REJ), peer=p) for p in ("llvm-mc-14", "llvm-mc-19") for g in gens])

E(id="E113",
  title="V_CVT_NORM_I16_F16/V_CVT_NORM_U16_F16 give their 16-bit source two registers",
  settles=[], category="operand-width",
  facts=["GcnInstrsVop1.md:597:syntax-line", "GcnInstrsVop1.md:611:syntax-line"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOP1", "mnemonic": n, "syntax": "%s VDST, SRC0" % n}
             for n in ("V_CVT_NORM_I16_F16", "V_CVT_NORM_U16_F16")],
  rationale="Both sections write 'VDST, SRC0(2)', but the source is one 16-bit float (the "
            "operations read ASHALF(SRC0)), as every other F16 conversion's single register. "
            "llvm-mc (gfx900) assembles v_cvt_norm_i16_f16 v0, v1 and refuses v[2:3].",
  probes=[asm("gcn1.4", ("v_cvt_norm_%s16_f16 v0, v1" % k, op("VOP1", 77 if k == "i" else 78)),
              ("v_cvt_norm_%s16_f16 v0, v[2:3]" % k, REJ)) for k in ("i", "u")])

E(id="E114",
  title="V_SWAP_B32 swaps two VGPRs: its SRC0 is a VGPR alone",
  settles=[], category="syntax-operand", facts=["GcnInstrsVop1.md:1483:syntax-line"],
  classification="doc-ambiguity",
  decisions=[{"op": "syntax", "encoding": "VOP1", "mnemonic": "V_SWAP_B32",
              "syntax": "V_SWAP_B32 VDST, VSRC0"}],
  rationale="The section writes 'V_SWAP_B32 VDST, SRC0', the general VOP1 source, but its "
            "operation writes SRC0 ('SRC0 = TMP'): only a VGPR can be written, as the other "
            "instructions that write through the source field (V_MOVRELS_B32's VSRC0) say. "
            "llvm-mc (gfx900) takes v_swap_b32 v1, v2 and refuses an SGPR or a constant source.",
  probes=[asm("gcn1.4", ("v_swap_b32 v1, v2", op("VOP1", 81)), ("v_swap_b32 v1, s2", REJ),
              ("v_swap_b32 v1, 1", REJ))])

E(id="E115",
  title="V_MOVRELD_B32 moves SRC0, any source: its syntax line says VSRC0",
  settles=[], category="syntax-operand", facts=["GcnInstrsVop1.md:1070:syntax-line"],
  classification="doc-ambiguity",
  decisions=[{"op": "syntax", "encoding": "VOP1", "mnemonic": "V_MOVRELD_B32",
              "syntax": "V_MOVRELD_B32 VDST, SRC0"}],
  rationale="The section writes 'V_MOVRELD_B32 VDST, VSRC0', but its description and operation "
            "move SRC0 ('VGPR[VDST_NUMBER+M0] = SRC0'): only the destination is indexed, unlike "
            "V_MOVRELS_B32 and V_MOVRELSD_B32, which index their source register and so need a "
            "VGPR. llvm-mc (tahiti, tonga) takes a VGPR and an inline constant "
            "(v_movreld_b32 v0, 1); it refuses an SGPR only by its constant bus rule, as the "
            "instruction reads M0 too, which the codec counts as llvm-mc does (the VOP1 page's "
            "constant bus, GcnInstrsVop1.md:82-86).",
  probes=[asm(g, ("v_movreld_b32 v0, v1", op("VOP1", 66 if g == "gcn1.0" else 54)),
              ("v_movreld_b32 v0, 1", ("byte", 0, 0x81))) for g in ["gcn1.0", "gcn1.2"]])

# ---- VINTRP (GcnInstrsVintrp.md) ---------------------------------------------------------------

E(id="E140",
  title="V_INTERP_P2_F32's syntax line names V_INTERP_P1_F32",
  settles=["syntax-mnemonic/VINTRP/V_INTERP_P2_F32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The section headed V_INTERP_P2_F32 (opcode 1, the second step of the "
            "interpolation) writes 'Syntax: V_INTERP_P1_F32 VDST, VSRC, ATTR.ATTRCHAN', its "
            "neighbour's name with the operands both take. llvm-mc encodes v_interp_p2_f32 "
            "with opcode 1 and v_interp_p1_f32 with 0 on every generation; the spec keeps the "
            "section's heading and the line's operands.",
  probes=[asm(g, ("v_interp_p2_f32 v0, v1, attr0.x", op("VINTRP", 1)),
              ("v_interp_p1_f32 v0, v1, attr0.x", op("VINTRP", 0))) for g in GENS])

E(id="E141",
  title="V_INTERP_MOV_F32's PARAMTYPE (P0, P10, P20) is held in VSRC; the page gives no values",
  settles=["syntax-operand/VINTRP/PARAMTYPE"],
  classification="doc-omission",
  decisions=[{"op": "none"}],
  rationale="The section writes 'V_INTERP_MOV_F32 VDST, PARAMTYPE, ATTR.ATTRCHAN' and 'The "
            "PARAMTYPE is P0, P10 or P20', but PARAMTYPE is no field of the encoding, and the "
            "page says only that VSRC holds the 'Source vector register or interpolation "
            "parameter', not which value names which parameter. llvm-mc puts p10 as 0, p20 as "
            "1 and p0 as 2 in VSRC (bits 0-7) on every generation and refuses any other slot "
            "name; its disassembler prints the values 3-255, which the page leaves undefined, "
            "as invalid_param_N, a text its assembler refuses. The spec's PARAMTYPE operand "
            "(spec/curated/operands.json) is the VSRC field, 0-2, written p10, p20, p0; the "
            "decoder refuses 3-255.",
  probes=[asm(g, ("v_interp_mov_f32 v0, p10, attr0.x", ("byte", 0, 0)),
              ("v_interp_mov_f32 v0, p20, attr0.x", ("byte", 0, 1)),
              ("v_interp_mov_f32 v0, p0, attr0.x", ("byte", 0, 2)),
              ("v_interp_mov_f32 v0, p3, attr0.x", REJ)) for g in GENS] +
         [{"gen": g, "disasm": True, "lines": ["0x03,0x00,0x02,0xd4"],
           "expect": [("text", "v_interp_mov_f32_e32 v0, invalid_param_3, attr0.x")]}
          for g in ("gcn1.2", "gcn1.4")])

E(id="E142",
  title="VINTRP's ATTR field holds 0-63; the page gives attributes 0-32",
  settles=[], category="syntax-operand", facts=["GcnInstrsVintrp.md:22:note"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The page writes 'ATTR - attribute number in range 0-32' for a 6-bit field (bits "
            "10-15), so the values 33-63 are undefined. llvm-mc-19 agrees with the page "
            "('out of bounds interpolation attribute number' for attr33), llvm-mc-14 takes "
            "attr0-attr63, and both disassemblers print attr33-attr63. The spec follows the "
            "page and llvm-mc-19: ATTR is 0-32 (operands.json 'max'), the decoder refuses the "
            "rest; llvm-mc-14's assembler and LLVM's disassemblers are classified "
            "(spec/peers).",
  probes=[asm(g, ("v_interp_p1_f32 v0, v1, attr32.w", ("byte", 1, 0x83)),
              ("v_interp_p1_f32 v0, v1, attr33.x", REJ), peer="llvm-mc-19") for g in GENS] +
         [asm(g, ("v_interp_p1_f32 v0, v1, attr63.x", ("byte", 1, 0xfc)), peer="llvm-mc-14")
          for g in GENS])

E(id="E143",
  title="V_INTERP_P1_F32/P2_F32: 'VDST and VSRC registers must not be same' binds programs, "
        "not the encoding",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVintrp.md:121:description", "GcnInstrsVintrp.md:137:description"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="Both sections add 'NOTE: VDST and VSRC registers must not be same.' The word "
            "v_interp_p1_f32 v0, v0, attr0.x is well formed all the same: llvm-mc 14 and 19 "
            "assemble it on every generation (LLVM's code generator keeps the two apart for "
            "V_INTERP_P1_F32 by an early-clobber destination on chips with 16 LDS banks, a "
            "rule for programs). The codec encodes, decodes and prints such a word as llvm-mc "
            "does; the note is a rule for the program's result, which the oracle will hold "
            "when it executes VINTRP (issue 25).",
  probes=[asm(g, ("v_interp_p1_f32 v0, v0, attr0.x", ("byte", 0, 0)),
              ("v_interp_p2_f32 v3, v3, attr0.x", ("byte", 0, 3))) for g in GENS])
# ---- the vector ALU pages of the whole CLRX documentation (VOP2) ------------------------------

for eid, name, dec, hexv, right, vop3, wrong_hex3, llvm, other in [
        ("E120", "V_ASHRREV_I32", 16, "0x11", 17, 272, "0x111", "v_ashrrev_i32 v1, v2, v3",
         ("v_lshrrev_b32 v1, v2, v3", 16)),
        ("E121", "V_CNDMASK_B32", 1, "0x0", 0, None, None, "v_cndmask_b32 v1, v2, v3, vcc",
         ("v_add_f32 v1, v2, v3", 1)),
        ("E122", "V_MUL_LEGACY_F32", 5, "0x4", 4, None, None, "v_mul_legacy_f32 v1, v2, v3",
         ("v_mul_f32 v1, v2, v3", 5)),
        ("E123", "V_SUBREV_F32", 2, "0x3", 3, None, None, "v_subrev_f32 v1, v2, v3",
         ("v_sub_f32 v1, v2, v3", 2))]:
    settles = ["opcode-conflict/VOP2/%s" % name, "dec-hex-mismatch/VOP2/%s" % name]
    if vop3:
        settles += ["dec-hex-mismatch/VOP2/%s/2" % name, "opcode-conflict/VOP3/%s" % name]
    E(id=eid,
      title="%s is VOP2 opcode %d on GCN 1.2: its section's decimal says %d" % (name, right, dec),
      settles=settles,
      classification="doc-erratum",
      decisions=[{"op": "opcode", "encoding": "VOP2", "mnemonic": name, "gens": ["gcn1.2"],
                  "opcode": right}] +
                ([{"op": "opcode", "encoding": "VOP3", "mnemonic": name, "gens": ["gcn1.2"],
                   "opcode": right + 256}] if vop3 else []),
      rationale="The section writes '%d (%s) for GCN 1.2'%s: the decimal is the opcode of %s, "
                "while the hex and both opcode tables give %d. llvm-mc (tonga, gfx900) encodes "
                "%s_e32 with VOP2 opcode %d and %s_e32 with %d." %
                (dec, hexv,
                 " and 'Opcode VOP3A: %d (%s)'" % (vop3, wrong_hex3) if vop3 else "",
                 other[0].split()[0].upper(), right, name.lower(), right,
                 other[0].split()[0], other[1]),
      probes=[asm(g, (llvm, op("VOP2", right)), (other[0], op("VOP2", other[1])))
              for g in ["gcn1.2", "gcn1.4"]])

for eid, name, vop2, line in [("E124", "V_MADMK_F16", 36, "v_madmk_f16 v1, v2, 0x4900, v3"),
                              ("E125", "V_MADAK_F16", 37, "v_madak_f16 v1, v2, v3, 0x4900")]:
    E(id=eid,
      title="%s's opcode lines name no form: %d is VOP2, %d VOP3A" % (name, vop2, vop2 + 256),
      settles=["opcode-conflict/VOP2/%s" % name],
      classification="doc-erratum",
      decisions=[{"op": "opcode", "encoding": "VOP2", "mnemonic": name,
                  "gens": ["gcn1.2", "gcn1.4"], "opcode": vop2}],
      rationale="The section writes 'Opcode: %d (0x%x) for GCN 1.2' and 'Opcode: %d (0x%x) for "
                "GCN 1.2' without the 'VOP2'/'VOP3A' labels its neighbours carry, so both read as "
                "VOP2 opcodes. The opcode tables put %s at VOP2 %d (VOP3 %d) on GCN 1.2 and 1.4, "
                "and llvm-mc (tonga, gfx900) encodes it with VOP2 opcode %d." %
                (vop2, vop2, vop2 + 256, vop2 + 256, name, vop2, vop2 + 256, vop2),
      probes=[asm(g, (line, op("VOP2", vop2))) for g in ["gcn1.2", "gcn1.4"]])

E(id="E126",
  title="The section headed V_ASHRREV_B16 describes V_ASHRREV_I16",
  settles=["misspelled-mnemonic/VOP2/V_ASHRREV_B16", "misspelled-mnemonic/VOP3/V_ASHRREV_B16"],
  classification="doc-erratum",
  decisions=[{"op": "section", "encoding": "VOP2", "mnemonic": "V_ASHRREV_I16",
              "section": "GcnInstrsVop2.md:366:section"},
             {"op": "syntax", "encoding": "VOP2", "mnemonic": "V_ASHRREV_I16",
              "syntax": "V_ASHRREV_I16 VDST, SRC0, SRC1"}],
  rationale="Both opcode tables name VOP2 opcode 44 (GCN 1.2/1.4) V_ASHRREV_I16; its section "
            "is headed and written V_ASHRREV_B16, a name no table and no LLVM has, with the same "
            "opcodes and an arithmetic (signed) shift. llvm-mc (tonga, gfx900) encodes "
            "v_ashrrev_i16 with VOP2 opcode 44 and rejects v_ashrrev_b16.",
  facts=["GcnInstrsVop2.md:366:section"],
  probes=[asm(g, ("v_ashrrev_i16 v1, v2, v3", op("VOP2", 44)), ("v_ashrrev_b16 v1, v2, v3", REJ))
          for g in ["gcn1.2", "gcn1.4"]])

E(id="E127",
  title="V_MAX_I16's and V_MIN_I16's syntax lines name V_MIN_i16",
  settles=["misspelled-mnemonic/VOP2/V_MAX_I16", "misspelled-mnemonic/VOP2/V_MIN_I16"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOP2", "mnemonic": n, "syntax": "%s VDST, SRC0, SRC1" % n}
             for n in ("V_MAX_I16", "V_MIN_I16")],
  rationale="Both sections write 'Syntax: V_MIN_i16 VDST, SRC0, SRC1' (a lower-case 'i'; for "
            "V_MAX_I16 the sibling's name too). The operands are right: llvm-mc (tonga, gfx900) "
            "encodes v_max_i16 with VOP2 opcode 48 and v_min_i16 with 50.",
  probes=[asm(g, ("v_max_i16 v1, v2, v3", op("VOP2", 48)), ("v_min_i16 v1, v2, v3", op("VOP2", 50)))
          for g in ["gcn1.2", "gcn1.4"]])

E(id="E128",
  title="V_MADAK_F16's description calls its literal FLOATLIT16, its syntax FLOAT16LIT",
  settles=["syntax-operand/VOP2/FLOAT16LIT"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The syntax line writes 'V_MADAK_F16 VDST, SRC0, SRC1, FLOAT16LIT' and the "
            "operation ASHALF(FLOAT16LIT), but the description says 'the constant literal "
            "FLOATLIT16', so the detector finds no literal of that name. V_MADMK_F16 spells it "
            "FLOAT16LIT throughout; the spec keeps FLOAT16LIT, the 32-bit dword after the "
            "instruction word whose low half llvm-mc (tonga) writes for 0x4900.",
  probes=[asm("gcn1.2", ("v_madak_f16 v1, v2, v3, 0x4900", ("byte", 5, 0x49)),
              ("v_madak_f16 v1, v2, v3, 0x4900", ("byte", 6, 0x00)))])

E(id="E129",
  title="V_CVT_PKNORM_I16_F32/U16_F32 define a function, which the pseudocode has no syntax for",
  settles=["pseudocode-parse/VOP2/V_CVT_PKNORM_I16_F32"],
  classification="doc-erratum",
  decisions=[d for enc in ("VOP2", "VOP3") for d in [fix(enc, "V_CVT_PKNORM_I16_F32",
                 ["INT16 roundNorm(FLOAT S)\n{\n    FLOAT f = RNDNEINT(S*32767)\n    if (ISNAN(f))\n"
                  "        return 0\n    return (INT16)MAX(MIN(f, 32767.0), -32767.0)\n}\n"
                  "VDST = roundNorm(ASFLOAT(SRC0)) | ((UINT32)roundNorm(ASFLOAT(SRC1)) << 16)",
                  "FLOAT F0 = RNDNEINT(ASFLOAT(SRC0)*32767)\nFLOAT F1 = RNDNEINT(ASFLOAT(SRC1)*32767)\n"
                  "UINT32 R0 = ISNAN(F0) ? 0 : (UINT16)(INT16)MAX(MIN(F0, 32767.0), -32767.0)\n"
                  "UINT32 R1 = ISNAN(F1) ? 0 : (UINT16)(INT16)MAX(MIN(F1, 32767.0), -32767.0)\n"
                  "VDST = R0 | (R1 << 16)"]),
             fix(enc, "V_CVT_PKNORM_U16_F32",
                 ["UINT16 roundNorm(FLOAT S)\n{\n    FLOAT f = RNDNEINT(S*65535.0)\n    if (ISNAN(f))\n"
                  "        return 0\n    return (INT16)MAX(MIN(f, 65535.0), 0.0)\n}\n"
                  "VDST = roundNorm(ASFLOAT(SRC0)) | ((UINT32)roundNorm(ASFLOAT(SRC1)) << 16)",
                  "FLOAT F0 = RNDNEINT(ASFLOAT(SRC0)*65535.0)\nFLOAT F1 = RNDNEINT(ASFLOAT(SRC1)*65535.0)\n"
                  "UINT32 R0 = ISNAN(F0) ? 0 : (UINT16)MAX(MIN(F0, 65535.0), 0.0)\n"
                  "UINT32 R1 = ISNAN(F1) ? 0 : (UINT16)MAX(MIN(F1, 65535.0), 0.0)\n"
                  "VDST = R0 | (R1 << 16)"])]],
  rationale="Both operations open with a C function, 'INT16 roundNorm(FLOAT S) { ... }' "
            "(UINT16 for U16), and call it on each source: no other block defines a function. "
            "(The U16 block happens to parse, 'UINT16 roundNorm(FLOAT S)' read as a declaration, "
            "but means the same.) The correction inlines the function's body for SRC0 and SRC1 (a NaN gives 0; the "
            "value is clamped to the 16-bit range) and packs the two results as the last line "
            "did.")

E(id="E130",
  title="V_WRITELANE_B32 writes SSRC0, a scalar source: its syntax line says VSRC0",
  settles=[], category="syntax-operand", facts=["GcnInstrsVop2.md:1295:syntax-line"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOP2", "mnemonic": "V_WRITELANE_B32",
              "syntax": "V_WRITELANE_B32 VDST, SSRC0, SSRC1"}],
  rationale="The section writes 'V_WRITELANE_B32 VDST, VSRC0, SSRC1', but its description "
            "('Copy SGPR to one lane of VDST') and operation ('VDST[SSRC1 & 63] = SSRC0') read "
            "a scalar value: the SRC0 field holds a scalar operand code, not a VGPR. llvm-mc "
            "(tahiti) puts s2 in SRC0 (byte 0 = 0x02) and 5 in VSRC1 (0x85), takes a literal "
            "there and refuses a VGPR.",
  probes=[asm(g, ("v_writelane_b32 v1, s2, 5", ("byte", 0, 0x02)),
              ("v_writelane_b32 v1, 0x1234, 5", ("byte", 0, 0xff)),
              ("v_writelane_b32 v1, v2, 5", REJ)) for g in ["gcn1.0", "gcn1.1"]])

# ---- FLAT (GcnInstrsFlat.md) -------------------------------------------------------------------

FLAT_GENS = ["gcn1.1", "gcn1.2", "gcn1.4"]

E(id="E160",
  title="FLAT_LOAD_DWORDX4 is opcode 14 on GCN 1.1: its section writes 13 (0xe)",
  settles=["opcode-conflict/FLAT/FLAT_LOAD_DWORDX4", "dec-hex-mismatch/FLAT/FLAT_LOAD_DWORDX4"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "FLAT", "mnemonic": "FLAT_LOAD_DWORDX4",
              "gens": ["gcn1.1"], "opcode": 14}],
  rationale="The section writes 'Opcode: 13 (0xe) for GCN 1.1': the decimal repeats "
            "FLAT_LOAD_DWORDX2's opcode, the hex and the GCN 1.1 table row give 14. llvm-mc "
            "(bonaire) encodes flat_load_dwordx4 with 14 and flat_load_dwordx2 with 13.",
  probes=[asm("gcn1.1", ("flat_load_dwordx4 v[4:7], v[2:3]", op("FLAT", 14)),
              ("flat_load_dwordx2 v[4:5], v[2:3]", op("FLAT", 13)))])

E(id="E161",
  title="FLAT/GLOBAL/SCRATCH_LOAD_SHORT_D16_HI are opcode 37: their sections write 36",
  settles=["opcode-conflict/FLAT/FLAT_LOAD_SHORT_D16_HI",
           "opcode-conflict/FLAT/GLOBAL_LOAD_SHORT_D16_HI",
           "opcode-conflict/FLAT/SCRATCH_LOAD_SHORT_D16_HI"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "FLAT", "mnemonic": p + "_LOAD_SHORT_D16_HI",
              "gens": ["gcn1.4"], "opcode": 37} for p in ("FLAT", "GLOBAL", "SCRATCH")],
  rationale="The three sections write 'Opcode: 36 (0x24) for GCN 1.4', the opcode of "
            "*_LOAD_SHORT_D16; the GCN 1.4 table puts *_LOAD_SHORT_D16_HI at 37 (0x25). "
            "llvm-mc (gfx900) encodes flat_load_short_d16_hi with 37 and flat_load_short_d16 "
            "with 36.",
  probes=[asm("gcn1.4", ("flat_load_short_d16_hi v1, v[2:3]", op("FLAT", 37)),
              ("flat_load_short_d16 v1, v[2:3]", op("FLAT", 36)))])

E(id="E162",
  title="*_ATOMIC_INC_X2 is opcode 107 (0x6b) on GCN 1.2/1.4: the sections write 0x9b",
  settles=["dec-hex-mismatch/FLAT/FLAT_ATOMIC_INC_X2", "dec-hex-mismatch/FLAT/GLOBAL_ATOMIC_INC_X2"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "FLAT", "mnemonic": p + "_ATOMIC_INC_X2",
              "gens": g, "opcode": 107}
             for p, g in (("FLAT", ["gcn1.2", "gcn1.4"]), ("GLOBAL", ["gcn1.4"]))],
  rationale="'107 (0x9b)': 0x9b is 155, past the 7-bit OPCODE field; the tables and the "
            "decimal give 107 (0x6b). llvm-mc (tonga, gfx900) encodes flat_atomic_inc_x2 "
            "with 107.",
  probes=[asm(g, ("flat_atomic_inc_x2 v[2:3], v[4:5]", op("FLAT", 107))) for g in ["gcn1.2", "gcn1.4"]])

E(id="E163",
  title="*_STORE_DWORDX4 is opcode 31 (0x1f) on GCN 1.2/1.4: the sections write 0x1d",
  settles=["dec-hex-mismatch/FLAT/FLAT_STORE_DWORDX4", "dec-hex-mismatch/FLAT/GLOBAL_STORE_DWORDX4",
           "dec-hex-mismatch/FLAT/SCRATCH_STORE_DWORDX4"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "FLAT", "mnemonic": p + "_STORE_DWORDX4",
              "gens": g, "opcode": 31}
             for p, g in (("FLAT", ["gcn1.2", "gcn1.4"]), ("GLOBAL", ["gcn1.4"]),
                          ("SCRATCH", ["gcn1.4"]))],
  rationale="'31 (0x1d)': 0x1d (29) is *_STORE_DWORDX2; the tables and the decimal give 31. "
            "llvm-mc (tonga, gfx900) encodes flat_store_dwordx4 with 31 and flat_store_dwordx2 "
            "with 29.",
  probes=[asm(g, ("flat_store_dwordx4 v[2:3], v[4:7]", op("FLAT", 31)),
              ("flat_store_dwordx2 v[2:3], v[4:5]", op("FLAT", 29))) for g in ["gcn1.2", "gcn1.4"]])

E(id="E164",
  title="Three FLAT sections are headed BUFFER_ATOMIC_*: FCMPSWAP, FMAX_X2, FMIN_X2",
  settles=["duplicate-opcode/FLAT/BUFFER_ATOMIC_%s" % n for n in ("FCMPSWAP", "FMAX_X2", "FMIN_X2")] +
          ["syntax-mnemonic/FLAT/BUFFER_ATOMIC_%s" % n for n in ("FCMPSWAP", "FMAX_X2", "FMIN_X2")],
  facts=["GcnInstrsFlat.md:%d:section" % line for line in (336, 382, 410)],
  classification="doc-erratum",
  decisions=[{"op": "rename", "encoding": "FLAT", "from": "BUFFER_ATOMIC_" + n,
              "to": "FLAT_ATOMIC_" + n, "fact": "GcnInstrsFlat.md:%d:opcode-line" % line}
             for n, line in (("FCMPSWAP", 338), ("FMAX_X2", 384), ("FMIN_X2", 412))] +
            [{"op": "section", "encoding": "FLAT", "mnemonic": "FLAT_ATOMIC_" + n,
              "section": "GcnInstrsFlat.md:%d:section" % line}
             for n, line in (("FCMPSWAP", 336), ("FMAX_X2", 382), ("FMIN_X2", 410))],
  rationale="The FLAT page's sections for opcodes 62, 96 and 95 (GCN 1.1) are headed "
            "BUFFER_ATOMIC_FCMPSWAP, BUFFER_ATOMIC_FMAX_X2 and BUFFER_ATOMIC_FMIN_X2 (the MUBUF "
            "page's names, copied), while their syntax lines, the opcode table and the FLAT "
            "encoding name FLAT_ATOMIC_*. llvm-mc (bonaire) encodes flat_atomic_fcmpswap with 62, "
            "flat_atomic_fmin_x2 with 95 and flat_atomic_fmax_x2 with 96.",
  probes=[asm("gcn1.1", ("flat_atomic_fcmpswap v0, v[2:3], v[4:5] glc", op("FLAT", 62)),
              ("flat_atomic_fmin_x2 v[0:1], v[2:3], v[4:5] glc", op("FLAT", 95)),
              ("flat_atomic_fmax_x2 v[0:1], v[2:3], v[4:5] glc", op("FLAT", 96)))])

E(id="E165",
  title="FLAT_ATOMIC_FCMPSWAP_X2's syntax line is MUBUF's: VDATA(2), VADDR(2), SRSRC(4), SOFFSET",
  settles=["syntax-operand/FLAT/SOFFSET", "syntax-operand/FLAT/SRSRC"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "FLAT", "mnemonic": "FLAT_ATOMIC_FCMPSWAP_X2",
              "syntax": "FLAT_ATOMIC_FCMPSWAP_X2 VDST(2), VADDR(2), VDATA(4)"}],
  rationale="FLAT has no SRSRC or SOFFSET field; the line is the buffer instruction's. Its "
            "description compares and swaps 64-bit values, as FLAT_ATOMIC_CMPSWAP_X2 does "
            "(VDST(2), VADDR(2), VDATA(4)). llvm-mc (bonaire) takes flat_atomic_fcmpswap_x2 "
            "v[0:1], v[2:3], v[4:7] glc.",
  probes=[asm("gcn1.1", ("flat_atomic_fcmpswap_x2 v[0:1], v[2:3], v[4:7] glc", op("FLAT", 94)),
              ("flat_atomic_fcmpswap_x2 v[0:1], v[2:3], v[4:5] glc", REJ))])

E(id="E166",
  title="FLAT_ATOMIC_INC's and GLOBAL_ATOMIC_INC's syntax lines name FLT_ATOMIC_INC",
  settles=["misspelled-mnemonic/FLAT/FLAT_ATOMIC_INC", "misspelled-mnemonic/FLAT/GLOBAL_ATOMIC_INC"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="A dropped letter: the sections are headed FLAT_ATOMIC_INC and GLOBAL_ATOMIC_INC and "
            "the tables name them so. The spec keeps the sections' names and the lines' operands.",
  probes=[asm(g, ("flat_atomic_inc v[2:3], v1", op("FLAT", 60 if g == "gcn1.1" else 75)),
              ("flt_atomic_inc v[2:3], v1", REJ)) for g in FLAT_GENS])

E(id="E167",
  title="*_ATOMIC_INC_X2's syntax lines name VADDR twice: the first is VDST(2)",
  settles=["syntax-operand/FLAT/FLAT_ATOMIC_INC_X2", "syntax-operand/FLAT/GLOBAL_ATOMIC_INC_X2"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "FLAT", "mnemonic": "FLAT_ATOMIC_INC_X2",
              "syntax": "FLAT_ATOMIC_INC_X2 VDST(2), VADDR(2), VDATA(2)"}],
  rationale="'FLAT_ATOMIC_INC_X2 VADDR(2), VADDR(2), VDATA(2)': every other _X2 atomic writes "
            "VDST(2) first and the description returns the previous value to VDST. llvm-mc "
            "takes flat_atomic_inc_x2 v[0:1], v[2:3], v[4:5] glc.",
  probes=[asm(g, ("flat_atomic_inc_x2 v[0:1], v[2:3], v[4:5] glc",
                  op("FLAT", 92 if g == "gcn1.1" else 107))) for g in FLAT_GENS])

E(id="E168",
  title="FLAT's ENCODING is bits 26-31 (0b110111); the field tables give it bits 25-31",
  settles=["field-conflict/FLAT/ENCODING"],
  classification="doc-erratum",
  decisions=[{"op": "field", "encoding": "FLAT", "field": "ENCODING", "gens": FLAT_GENS,
              "bits": [26, 31]}],
  rationale="Both field tables write '25-31 | ENCODING | Encoding type. Must be 0b110111': a "
            "6-digit value in a 7-bit field. Read as 0b0110111 in bits 25-31 FLAT would clear "
            "bit 31 and lie inside VOP2; read by its digits it fixes bits 26-31, as "
            "spec/encoding-decisions.json decides for the catalogue. llvm-mc sets bits 26-31 to "
            "0b110111 and bit 25 to 0 (0xdc in the top byte) on bonaire, tonga and gfx900, and "
            "LLVM's disassemblers ignore bit 25.",
  probes=[asm(g, ("flat_load_dword v1, v[2:3]", ("byte", 3, 0xdc))) for g in FLAT_GENS])

E(id="E169",
  title="*_LOAD_SHORT_D16_HI: the descriptions load the low half, the code the high half",
  settles=["description-contradiction/FLAT/%s_LOAD_SHORT_D16_HI" % p
           for p in ("FLAT", "GLOBAL", "SCRATCH")],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The three D16_HI sections copy *_LOAD_SHORT_D16's description ('load ... to the "
            "low 16 bits'); their code keeps the low half and writes the high one, as the "
            "_D16_HI name says and the other _D16_HI loads describe. The code is right.")

E(id="E170",
  title="FLAT_ATOMIC_FCMPSWAP and FLAT_LOAD_USHORT give VADDR 1 or 2 registers; FLAT's is 2",
  settles=[], category="operand-width",
  facts=["GcnInstrsFlat.md:339:syntax-line", "GcnInstrsFlat.md:818:syntax-line"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "FLAT", "mnemonic": "FLAT_ATOMIC_FCMPSWAP",
              "syntax": "FLAT_ATOMIC_FCMPSWAP VDST, VADDR(2), VDATA(2)"},
             {"op": "syntax", "encoding": "FLAT", "mnemonic": "FLAT_LOAD_USHORT",
              "syntax": "FLAT_LOAD_USHORT VDST, VADDR(2)"}],
  rationale="'VADDR(1:2)' is the GLOBAL form's address, one VGPR with an SGPR base or two "
            "with off; a FLAT address is 64 bits in two VGPRs ('FLAT instructions fetch "
            "address from 2 vector registers that hold 64-bit address'), as every other FLAT "
            "section writes VADDR(2). llvm-mc takes v[2:3] and refuses a single register.",
  probes=[asm("gcn1.1", ("flat_atomic_fcmpswap v0, v[2:3], v[4:5] glc", op("FLAT", 62)),
              ("flat_atomic_fcmpswap v0, v2, v[4:5] glc", REJ))] +
         [asm(g, ("flat_load_ushort v1, v[2:3]", op("FLAT", 10 if g == "gcn1.1" else 18)),
              ("flat_load_ushort v1, v2", REJ)) for g in FLAT_GENS])

E(id="E171",
  title="FLAT_LOAD_DWORDX2's syntax line lost its destination's width: 'VDST(, VADDR(2)'",
  settles=[], category="syntax-operand", facts=["GcnInstrsFlat.md:681:unmodelled"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "FLAT", "mnemonic": "FLAT_LOAD_DWORDX2",
              "syntax": "FLAT_LOAD_DWORDX2 VDST(2), VADDR(2)"}],
  rationale="The line reads 'FLAT_LOAD_DWORDX2 VDST(, VADDR(2)': the width and its ')' are "
            "lost. The description loads two dwords, as FLAT_LOAD_DWORDX3 writes VDST(3) and "
            "FLAT_LOAD_DWORDX4 VDST(4). llvm-mc takes flat_load_dwordx2 v[4:5], v[2:3].",
  probes=[asm(g, ("flat_load_dwordx2 v[4:5], v[2:3]", op("FLAT", 13 if g == "gcn1.1" else 21)),
              ("flat_load_dwordx2 v4, v[2:3]", REJ)) for g in FLAT_GENS])

E(id="E252",
  title="GLOBAL_ATOMIC_INC_X2's syntax line names VADDR twice: the first is VDST(2)",
  settles=[], category="syntax-operand", facts=["GcnInstrsFlat.md:1040:syntax-line"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "FLAT", "mnemonic": "GLOBAL_ATOMIC_INC_X2",
              "syntax": "GLOBAL_ATOMIC_INC_X2 VDST(2), VADDR(1:2), VDATA(2), SADDR(2)|OFF"}],
  rationale="'GLOBAL_ATOMIC_INC_X2 VDST(2), VADDR(1:2), VADDR(1:2), SADDR(2)|OFF': the second "
            "VADDR is the data, as E167 decides for FLAT_ATOMIC_INC_X2 and every other GLOBAL "
            "_X2 atomic writes VDATA(2) there. llvm-mc (gfx900) takes global_atomic_inc_x2 "
            "v[0:1], v[2:3], v[4:5], off glc.",
  probes=[asm("gcn1.4", ("global_atomic_inc_x2 v[0:1], v[2:3], v[4:5], off glc", op("FLAT", 107)),
              ("global_atomic_inc_x2 v[0:1], v2, v[4:5], s[6:7] glc", op("FLAT", 107)))])

E(id="E253",
  title="GLOBAL_/SCRATCH_LOAD_DWORDX2's syntax lines lost VDST's width: 'VDST(, VADDR...'",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsFlat.md:1280:unmodelled", "GcnInstrsFlat.md:1524:unmodelled"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "FLAT", "mnemonic": "GLOBAL_LOAD_DWORDX2",
              "syntax": "GLOBAL_LOAD_DWORDX2 VDST(2), VADDR(1:2), SADDR(2)|OFF"},
             {"op": "syntax", "encoding": "FLAT", "mnemonic": "SCRATCH_LOAD_DWORDX2",
              "syntax": "SCRATCH_LOAD_DWORDX2 VDST(2), VADDR|OFF, SADDR|OFF"}],
  rationale="Both lines read 'VDST(, ...': the width and its ')' are lost, as in "
            "FLAT_LOAD_DWORDX2's (E171). The descriptions load two dwords, as the DWORDX3 and "
            "DWORDX4 loads write VDST(3) and VDST(4). llvm-mc (gfx900) takes "
            "global_load_dwordx2 v[4:5], v[2:3], off and scratch_load_dwordx2 v[4:5], v2, off.",
  probes=[asm("gcn1.4", ("global_load_dwordx2 v[4:5], v[2:3], off", op("FLAT", 21)),
              ("global_load_dwordx2 v4, v[2:3], off", REJ),
              ("scratch_load_dwordx2 v[4:5], v2, off", op("FLAT", 21)),
              ("scratch_load_dwordx2 v4, v2, off", REJ))])

E(id="E172",
  title="FLAT's TFE bit (GCN 1.1/1.2): 'Texture Fail Enable ???'",
  settles=["unknown/FLAT/TFE"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The GCN 1.1/1.2 field table gives bit 55 as 'TFE | Texture Fail Enable ???' and "
            "the modifiers note says 'The TFE flag requires additional the VDATA register', "
            "without saying which register or what a FLAT access does with it. llvm-mc 14 and "
            "19 refuse tfe on a FLAT instruction (bonaire, tonga) and their disassemblers "
            "ignore bit 55. The spec keeps the field, and no instruction reads it: the "
            "assembler refuses tfe, as llvm-mc does, and the decoder ignores the bit, as "
            "LLVM's does.",
  probes=[asm(g, ("flat_load_dword v1, v[2:3] tfe", REJ), ("flat_load_dword v1, v[2:3]", ACC))
          for g in ["gcn1.1", "gcn1.2"]])

# ---- VOPC (GcnInstrsVopc.md) -------------------------------------------------------------------


def _vopc_rows():
    """The VOPC opcode tables' rows (spec/facts-clrx.json): the facts E180's renames act on."""
    root = _os.path.normpath(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "..",
                                           ".."))
    with open(_os.path.join(root, "spec", "facts-clrx.json"), encoding="utf-8") as f:
        return [x for x in _json.load(f)["facts"]
                if x.get("encoding") == "VOPC" and x["kind"] == "opcode-row"]


def _vopc_aliases():
    """(alias, LLVM's name) of every compare the rows name twice at one opcode."""
    names = {c["mnemonic"] for x in _vopc_rows() for c in x.get("claims", [])}
    out = []
    for n in sorted(names):
        pre, op, t = n.rsplit("_", 2)
        if t.startswith("F") and op == "T":
            out.append((n, "%s_TRU_%s" % (pre, t)))
        elif not t.startswith("F") and op in ("LG", "TRU"):
            out.append((n, "%s_%s_%s" % (pre, "NE" if op == "LG" else "T", t)))
    return out


E(id="E180",
  title="The compare tables name two operations per row ('TRU, T', 'LG, NE'): LLVM's is kept",
  settles=[], category="duplicate-opcode", facts=[x["id"] for x in _vopc_rows()],
  quotes=[{"at": "GcnInstrsVopc.md:130", "text": "15 (0xf)      | TRU, T    | SDST(LANEID) = 1"},
          {"at": "GcnInstrsVopc.md:185", "text": "5 (0x5)       | LG, NE   | SDST(LANEID) = "
                                                  "(TYPE)SRC0 != (TYPE)SRC1"},
          {"at": "GcnInstrsVopc.md:187", "text": "7 (0x7)       | TRU, T   | SDST(LANEID) = 1"}],
  classification="doc-ambiguity",
  decisions=[{"op": "rename", "encoding": "VOPC", "from": a, "to": b}
             for a, b in _vopc_aliases()],
  rationale="The OP16 table (floating-point compares) gives offset 15 two names, 'TRU, T'; the "
            "OP8 table (integer compares) gives offset 5 'LG, NE' and offset 7 'TRU, T'. Every "
            "template row therefore names two instructions at one opcode. They are one "
            "instruction with two spellings; the spec keeps the one llvm-mc 14 and 19 take "
            "(v_cmp_tru_f32, v_cmp_ne_i32, v_cmp_t_i32) and folds the other into it: llvm-mc "
            "refuses v_cmp_lg_i32 and v_cmp_tru_i32 ('invalid instruction') and v_cmp_t_f32 on "
            "GCN 1.0-1.4 ('not supported on this GPU').",
  probes=[asm(g, ("v_cmp_tru_f32 vcc, v1, v2", op("VOPC", 15 if g in ("gcn1.0", "gcn1.1") else 79)),
              ("v_cmp_ne_i32 vcc, v1, v2", op("VOPC", 133 if g in ("gcn1.0", "gcn1.1") else 197)),
              ("v_cmp_t_u64 vcc, v[2:3], v[4:5]",
               op("VOPC", 231 if g in ("gcn1.0", "gcn1.1") else 239)),
              ("v_cmp_t_f32 vcc, v1, v2", REJ), ("v_cmp_lg_i32 vcc, v1, v2", REJ),
              ("v_cmp_tru_u64 vcc, v[2:3], v[4:5]", REJ), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19") for g in GENS])

E(id="E181",
  title="V_CMP_CLASS_F64/V_CMPX_CLASS_F64's VOPC syntax widens the class mask, not the source",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVopc.md:305:syntax-line", "GcnInstrsVopc.md:329:syntax-line"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOPC", "mnemonic": n,
              "syntax": "%s VCC, SRC0(2), SRC1" % n}
             for n in ("V_CMP_CLASS_F64", "V_CMPX_CLASS_F64")],
  rationale="V_CMP_CLASS_F64 writes 'VCC, SRC0, SRC1(2)' and V_CMPX_CLASS_F64 'VCC, SRC0(2), "
            "SRC1(2)', but both operations test 'SRC0 double floating point value' against the "
            "class bits of SRC1, which the class table gives as 10 bits: the double is SRC0, a "
            "pair, and the mask one VGPR. llvm-mc takes v_cmp_class_f64 vcc, v[2:3], v4 and "
            "refuses a pair in VSRC1.",
  probes=[asm(g, ("v_cmp_class_f64 vcc, v[2:3], v4",
                  op("VOPC", 168 if g in ("gcn1.0", "gcn1.1") else 18)),
              ("v_cmpx_class_f64 vcc, v[2:3], v4",
               op("VOPC", 184 if g in ("gcn1.0", "gcn1.1") else 19)),
              ("v_cmp_class_f64 vcc, v2, v[4:5]", REJ),
              ("v_cmpx_class_f64 vcc, v[2:3], v[4:5]", REJ)) for g in GENS])

E(id="E182",
  title="V_CMPX_CLASS_F64 is opcode 184 on GCN 1.0: its opcode line says 'GCN 1.01/1.1'",
  settles=[], category="availability", facts=["GcnInstrsVopc.md:328:opcode-line"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "VOPC", "mnemonic": "V_CMPX_CLASS_F64",
              "gens": ["gcn1.0"], "opcode": 184}],
  rationale="The line reads 'Opcode: 184 (0xb8) for GCN 1.01/1.1': 'GCN 1.01' is no generation "
            "(a slip for GCN 1.0, as V_CMP_CLASS_F64's line writes), so the page gives "
            "V_CMPX_CLASS_F64 no opcode on GCN 1.0, and no table lists the class compares. "
            "llvm-mc (tahiti) encodes v_cmpx_class_f64 with VOPC opcode 184.",
  probes=[asm("gcn1.0", ("v_cmpx_class_f64 vcc, v[2:3], v4", op("VOPC", 184)))])

E(id="E183",
  title="The class compares' Operation labels hold prose, and V_CMPX_CLASS_F64 is cut off",
  settles=["operation-prose/VOPC/%s" % n
           for n in ("V_CMP_CLASS_F16", "V_CMPX_CLASS_F16", "V_CMP_CLASS_F32",
                     "V_CMPX_CLASS_F32", "V_CMP_CLASS_F64", "V_CMPX_CLASS_F64")] +
          ["cut-off/VOPC/V_CMPX_CLASS_F64"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="Each of the six class sections writes its description ('Check whether SRC0 ... "
            "belongs to one of specified class. ...') under 'Operation:' and gives no code; the "
            "page ends inside V_CMPX_CLASS_F64's class table. The sentence is read as the "
            "description; the operation waits for the oracle's vector ALU (issue 25), which "
            "takes the class bits from the table the sections give.")

E(id="E184",
  title="The OP16 table's U row splits into 5 cells: its '||' is read as a column bar",
  settles=["table-shape/VOPC/Opcode offset"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="'8 (0x8) | U | SDST(LANEID) = (!ISNAN(ASTYPE(SRC0)) || !ISNAN(ASTYPE(SRC1)))': the "
            "C operator '||' is not escaped, so the row has five cells under three columns. "
            "The name (U, offset 8) is in the right cells; the formula is prose for the "
            "oracle to come (and says 'not NaN or not NaN' where U means unordered: either is "
            "NaN).")
# ---- MUBUF and MTBUF (GcnInstrsMubuf.md, GcnInstrsMtbuf.md) -----------------------------------

MUBUF_PAGE = "GcnInstrsMubuf.md"


def _pages():
    import json
    import os
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "spec", "curated",
                           "pages.json"), encoding="utf-8") as f:
        return {e["encoding"] for e in json.load(f)["encodings"]}


# MTBUF's errata settle findings only once MTBUF's page joins the resolve (pages.json)
WITH_MTBUF = "MTBUF" in _pages()
BUF_OFF = ", off, s[4:7], s1"

E(id="E200",
  title="BUFFER_LOAD_SHORT_D16_HI's section is headed BUFFER_LOAD_SHORT_D16",
  settles=["opcode-conflict/MUBUF/BUFFER_LOAD_SHORT_D16",
           "duplicate-section/MUBUF/BUFFER_LOAD_SHORT_D16",
           "syntax-mnemonic/MUBUF/BUFFER_LOAD_SHORT_D16"],
  facts=["%s:873:section" % MUBUF_PAGE],
  classification="doc-erratum",
  decisions=[{"op": "rename", "encoding": "MUBUF", "from": "BUFFER_LOAD_SHORT_D16",
              "to": "BUFFER_LOAD_SHORT_D16_HI", "fact": "%s:875:opcode-line" % MUBUF_PAGE},
             {"op": "section", "encoding": "MUBUF", "mnemonic": "BUFFER_LOAD_SHORT_D16_HI",
              "section": "%s:873:section" % MUBUF_PAGE}],
  rationale="Two sections are headed BUFFER_LOAD_SHORT_D16; the second gives opcode 37 (0x25), "
            "its syntax line names BUFFER_LOAD_SHORT_D16_HI and its code writes the high half: "
            "it is BUFFER_LOAD_SHORT_D16_HI, which the GCN 1.2/1.4 table lists at 37. llvm-mc "
            "(gfx900) encodes buffer_load_short_d16 with 36 and buffer_load_short_d16_hi with 37.",
  probes=[asm("gcn1.4", ("buffer_load_short_d16" + " v1" + BUF_OFF, op("MUBUF", 36)),
              ("buffer_load_short_d16_hi" + " v1" + BUF_OFF, op("MUBUF", 37)))])

E(id="E201",
  title="Opcodes 25 and 27 (GCN 1.4) are BUFFER_STORE_BYTE_D16_HI and BUFFER_STORE_SHORT_D16_HI",
  settles=["opcode-conflict/MUBUF/BUFFER_STORE_BYTE", "duplicate-section/MUBUF/BUFFER_STORE_BYTE",
           "misspelled-mnemonic/MUBUF/BUFFER_STORE_BYTE",
           "opcode-conflict/MUBUF/BUFFER_STORE_SHORT", "duplicate-section/MUBUF/BUFFER_STORE_SHORT",
           "syntax-mnemonic/MUBUF/BUFFER_STORE_SHORT"],
  facts=["%s:948:section" % MUBUF_PAGE, "%s:1131:section" % MUBUF_PAGE,
         "%s:152:opcode-row" % MUBUF_PAGE, "%s:154:opcode-row" % MUBUF_PAGE,
         "%s:950:opcode-line" % MUBUF_PAGE, "%s:1133:opcode-line" % MUBUF_PAGE],
  classification="doc-erratum",
  decisions=[{"op": "rename", "encoding": "MUBUF", "from": "BUFFER_STORE_BYTE_D16",
              "to": "BUFFER_STORE_BYTE_D16_HI", "fact": "%s:152:opcode-row" % MUBUF_PAGE},
             {"op": "rename", "encoding": "MUBUF", "from": "BUFFER_STORE_SHORT_D16",
              "to": "BUFFER_STORE_SHORT_D16_HI", "fact": "%s:154:opcode-row" % MUBUF_PAGE},
             {"op": "rename", "encoding": "MUBUF", "from": "BUFFER_STORE_BYTE",
              "to": "BUFFER_STORE_BYTE_D16_HI", "fact": "%s:950:opcode-line" % MUBUF_PAGE},
             {"op": "rename", "encoding": "MUBUF", "from": "BUFFER_STORE_SHORT",
              "to": "BUFFER_STORE_SHORT_D16_HI", "fact": "%s:1133:opcode-line" % MUBUF_PAGE},
             {"op": "section", "encoding": "MUBUF", "mnemonic": "BUFFER_STORE_BYTE_D16_HI",
              "section": "%s:948:section" % MUBUF_PAGE},
             {"op": "section", "encoding": "MUBUF", "mnemonic": "BUFFER_STORE_SHORT_D16_HI",
              "section": "%s:1131:section" % MUBUF_PAGE},
             {"op": "syntax", "encoding": "MUBUF", "mnemonic": "BUFFER_STORE_SHORT_D16_HI",
              "syntax": "BUFFER_STORE_SHORT_D16_HI VDATA, VADDR(1:2), SRSRC(4), SOFFSET"}],
  rationale="The GCN 1.2/1.4 table names opcodes 25 and 27 BUFFER_STORE_BYTE_D16 and "
            "BUFFER_STORE_SHORT_D16; their sections are headed BUFFER_STORE_BYTE and "
            "BUFFER_STORE_SHORT (a second time), their syntax lines name "
            "BUFFER_STORE_BYTE_D16_HI and BUFFER_STORE_SHORT_D16, and their descriptions store "
            "bits 16-23 and the high 16 bits of VDATA. Every D16 store of the high half is "
            "named _D16_HI (BUFFER_STORE_FORMAT_D16_HI_X at 39), and llvm-mc (gfx900) encodes "
            "buffer_store_byte_d16_hi with 25 and buffer_store_short_d16_hi with 27 and refuses "
            "buffer_store_byte_d16 and buffer_store_short_d16.",
  probes=[asm("gcn1.4", ("buffer_store_byte_d16_hi v1" + BUF_OFF, op("MUBUF", 25)),
              ("buffer_store_short_d16_hi v1" + BUF_OFF, op("MUBUF", 27)),
              ("buffer_store_byte_d16 v1" + BUF_OFF, REJ),
              ("buffer_store_short_d16 v1" + BUF_OFF, REJ),
              ("buffer_store_byte v1" + BUF_OFF, op("MUBUF", 24)),
              ("buffer_store_short v1" + BUF_OFF, op("MUBUF", 26)))])

E(id="E202",
  title="BUFFER_STORE_DWORDX4 is opcode 30 on GCN 1.1: its section writes 31 (0x1e)",
  settles=["opcode-conflict/MUBUF/BUFFER_STORE_DWORDX4", "dec-hex-mismatch/MUBUF/BUFFER_STORE_DWORDX4"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "MUBUF", "mnemonic": "BUFFER_STORE_DWORDX4",
              "gens": ["gcn1.1"], "opcode": 30}],
  rationale="'Opcode: 31 (0x1e) for GCN 1.1': the decimal is BUFFER_STORE_DWORDX3's opcode on "
            "GCN 1.1; the hex and the GCN 1.0/1.1 table give 30. llvm-mc (tahiti, bonaire) "
            "encodes buffer_store_dwordx4 with 30 and buffer_store_dwordx3 with 31.",
  probes=[asm(g, ("buffer_store_dwordx4 v[1:4]" + BUF_OFF, op("MUBUF", 30)),
              ("buffer_store_dwordx3 v[1:3]" + BUF_OFF, op("MUBUF", 31)))
          for g in ["gcn1.0", "gcn1.1"]])

E(id="E203",
  title="BUFFER_ATOMIC_INC_X2 is opcode 107 (0x6b) on GCN 1.2: its section writes 0x9b",
  settles=["dec-hex-mismatch/MUBUF/BUFFER_ATOMIC_INC_X2"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "MUBUF", "mnemonic": "BUFFER_ATOMIC_INC_X2",
              "gens": ["gcn1.2"], "opcode": 107}],
  rationale="'107 (0x9b)': 0x9b is 155, past the 7-bit OPCODE field (the FLAT page makes the "
            "same slip, E162); the table and the decimal give 107. llvm-mc (tonga, gfx900) "
            "encodes buffer_atomic_inc_x2 with 107.",
  probes=[asm(g, ("buffer_atomic_inc_x2 v[2:3]" + BUF_OFF, op("MUBUF", 107)))
          for g in ["gcn1.2", "gcn1.4"]])

E(id="E204",
  title="BUFFER_STORE_DWORDX3's and _DWORDX4's syntax lines name BUFFER_STORE_DWORDX2",
  settles=["syntax-mnemonic/MUBUF/BUFFER_STORE_DWORDX3", "syntax-mnemonic/MUBUF/BUFFER_STORE_DWORDX4"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "MUBUF", "mnemonic": "BUFFER_STORE_DWORDX" + w,
              "syntax": "BUFFER_STORE_DWORDX%s VDATA(%s), VADDR(1:2), SRSRC(4), SOFFSET" % (w, w)}
             for w in ("3", "4")],
  rationale="The lines 'BUFFER_STORE_DWORDX2 VDATA(3), ...' and 'BUFFER_STORE_DWORDX2 "
            "VDATA(4), ...' copy the mnemonic of the section before; their widths and the "
            "descriptions (three, four dwords) are the sections' own. llvm-mc takes "
            "buffer_store_dwordx3 v[1:3] and buffer_store_dwordx4 v[1:4].",
  probes=[asm(g, ("buffer_store_dwordx3 v[1:3]" + BUF_OFF, ACC),
              ("buffer_store_dwordx4 v[1:4]" + BUF_OFF, ACC)) for g in GENS])

if WITH_MTBUF:
  E(id="E205",
    title="TBUFFER_LOAD_FORMAT_D16_XYZ's syntax lines name TBUFFER_LOAD_FORMAT_XYZ",
    settles=["syntax-mnemonic/MTBUF/TBUFFER_LOAD_FORMAT_D16_XYZ"],
    classification="doc-erratum",
    decisions=[{"op": "none"}],
    rationale="Both lines ('Syntax:' and 'Syntax (GCN 1.4):') write TBUFFER_LOAD_FORMAT_XYZ, the "
              "32-bit load; the section, its opcode (10) and its description are the D16 load's, "
              "whose widths (3 registers on GCN 1.2, 2 packed on GCN 1.4) the lines give. The "
              "spec keeps the lines' operands under the section's name.",
    probes=[asm("gcn1.4", ("tbuffer_load_format_d16_xyz v[1:2], off, s[4:7], s1", op("MTBUF", 10)))])

MTBUF_NAMES = ["TBUFFER_LOAD_FORMAT_" + s for s in ("X", "XY", "XYZ", "XYZW")] + \
              ["TBUFFER_STORE_FORMAT_" + s for s in ("X", "XY", "XYZ", "XYZW")] + \
              ["TBUFFER_LOAD_FORMAT_D16_" + s for s in ("X", "XY", "XYZ", "XYZW")] + \
              ["TBUFFER_STORE_FORMAT_D16_" + s for s in ("X", "XY", "XYZ", "XYZW")]

if WITH_MTBUF:
  E(id="E206",
    title="MTBUF's opcode table has no GCN 1.4 column: GCN 1.4 has GCN 1.2's 16 opcodes",
    settles=[], category="availability", facts=["GcnInstrsMtbuf.md:62:opcode-table"],
    classification="doc-omission",
    decisions=[{"op": "opcode", "encoding": "MTBUF", "mnemonic": n, "gens": ["gcn1.4"],
                "opcode": i} for i, n in enumerate(MTBUF_NAMES)],
    rationale="The table 'List of the MTBUF instructions by opcode' has columns for GCN 1.0, 1.1 "
              "and 1.2 only, while the page's field table is 'for the MTBUF encoding (GCN "
              "1.2/1.4)' and its D16 sections give 'Syntax (GCN 1.4):' lines: the GCN 1.4 column "
              "is missing. llvm-mc (gfx900) encodes the 16 instructions with GCN 1.2's opcodes.",
    probes=[asm("gcn1.4", *[("%s %s, off, s[4:7], s1" % (n.lower(), v), op("MTBUF", i))
                            for i, (n, v) in enumerate(zip(MTBUF_NAMES,
                                ["v1", "v[1:2]", "v[1:3]", "v[1:4]"] * 2 +
                                ["v1", "v1", "v[1:2]", "v[1:2]"] * 2))])])

if WITH_MTBUF:
  E(id="E250",
    title="Number format 6 is SNORM_OGL on GCN 1.0/1.1 alone: GCN 1.2/1.4 reserve it",
    settles=[], category="syntax-operand", facts=["GcnInstrsMtbuf.md:83:note"],
    classification="doc-erratum",
    decisions=[{"op": "none"}],
    rationale="The MTBUF page sends its reader to GcnMemHandling.md for the formats, whose "
              "number format table (line 71) gives 6 as SNORM_OGL with no generation. LLVM "
              "names it so on tahiti and bonaire only: llvm-mc 14 and 19 refuse "
              "BUF_NUM_FORMAT_SNORM_OGL on tonga and gfx900 ('unsupported format'), take "
              "BUF_NUM_FORMAT_RESERVED_6 there and print NFMT 6 as it (their disassemblers "
              "too). spec/curated/buf_formats.json (tools/curate/gen_buf_formats.py) names 6 "
              "per generation, as LLVM does.",
    probes=[asm(g, ("tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_SNORM_OGL]",
                    ACC if g in ("gcn1.0", "gcn1.1") else REJ),
                ("tbuffer_load_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_RESERVED_6]",
                 REJ if g in ("gcn1.0", "gcn1.1") else ACC)) for g in GENS])

  E(id="E251",
    title="MTBUF's modifiers list names LDS, which its field tables lack",
    settles=[], category="syntax-operand",
    facts=["GcnInstrsMtbuf.md:49:note", "GcnInstrsMtbuf.md:12:field", "GcnInstrsMtbuf.md:32:field"],
    classification="doc-erratum",
    decisions=[{"op": "none"}],
    rationale="'Modifiers list: OFFEN, IDXEN, SLC, GLC, TFE, ADDR64, LDS, OFFSET:OFFSET, "
              "FORMAT:[DFMT,NFMT]' copies MUBUF's list, but neither MTBUF field table (GCN "
              "1.0/1.1, GCN 1.2/1.4) has an LDS bit: bits 16-18 (15-18) are OPCODE and 19-25 "
              "DFMT and NFMT, where MUBUF keeps LDS at 16. llvm-mc 14 and 19 refuse lds on every "
              "tbuffer instruction ('invalid operand for instruction'). spec/curated/"
              "operands.json gives MTBUF MUBUF's modifiers without LDS.",
    probes=[asm(g, ("tbuffer_load_format_x v1, off, s[4:7], s1 lds", REJ),
                ("tbuffer_load_format_x v1, off, s[4:7], s1 glc", ACC)) for g in GENS])

E(id="E207",
  title="BUFFER_STORE_BYTE_D16_HI's section names no generation: it is GCN 1.4's alone",
  settles=[], category="availability", facts=["%s:950:opcode-line" % MUBUF_PAGE],
  classification="doc-erratum",
  decisions=[{"op": "absent", "encoding": "MUBUF", "mnemonic": "BUFFER_STORE_BYTE_D16_HI",
              "gens": ["gcn1.0", "gcn1.1", "gcn1.2"]}],
  rationale="'Opcode: 25 (0x19)' names no generation, so it reads as every generation's; the "
            "GCN 1.2/1.4 table ticks GCN 1.4 alone, the GCN 1.0/1.1 table has no row 25, and "
            "the D16 forms are GCN 1.4's. llvm-mc refuses buffer_store_byte_d16_hi on tahiti, "
            "bonaire and tonga ('instruction not supported on this GPU').",
  probes=[asm(g, ("buffer_store_byte_d16_hi v1" + BUF_OFF, REJ))
          for g in ["gcn1.0", "gcn1.1", "gcn1.2"]] +
         [asm("gcn1.4", ("buffer_store_byte_d16_hi v1" + BUF_OFF, op("MUBUF", 25)))])

E(id="E208",
  title="Opcode 112 on GCN 1.1 is BUFFER_WBINVL1_VOL; BUFFER_WBINVL1_SC is GCN 1.0's",
  settles=[], category="availability", facts=["%s:120:opcode-row" % MUBUF_PAGE],
  classification="doc-erratum",
  decisions=[{"op": "absent", "encoding": "MUBUF", "mnemonic": "BUFFER_WBINVL1_SC",
              "gens": ["gcn1.1"]},
             {"op": "opcode", "encoding": "MUBUF", "mnemonic": "BUFFER_WBINVL1_VOL",
              "gens": ["gcn1.1"], "opcode": 112}],
  rationale="The GCN 1.0/1.1 table ticks BUFFER_WBINVL1_SC at 112 on both generations. GCN "
            "1.1 replaced it with BUFFER_WBINVL1_VOL (write back and invalidate the volatile "
            "lines), which the GCN 1.2/1.4 table has at 63: llvm-mc encodes buffer_wbinvl1_vol "
            "with 112 on bonaire and refuses it on tahiti, and refuses buffer_wbinvl1_sc on "
            "bonaire.",
  probes=[asm("gcn1.0", ("buffer_wbinvl1_sc", op("MUBUF", 112)), ("buffer_wbinvl1_vol", REJ)),
          asm("gcn1.1", ("buffer_wbinvl1_vol", op("MUBUF", 112)), ("buffer_wbinvl1_sc", REJ))])

E(id="E209",
  title="MUBUF's and MTBUF's TFE bit: 'Texture Fail Enable ???'",
  settles=["unknown/MUBUF/TFE"] + (["unknown/MTBUF/TFE"] if WITH_MTBUF else []),
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="Both field tables write 'TFE | Texture Fail Enable ???' and the modifiers note "
            "'The TFE flag requires additional the VDATA register'. The peers disagree on "
            "that register: llvm-mc-19 takes tfe on loads only, with VDATA one register wider "
            "(buffer_load_dword v[1:2], ... tfe; 'TFE modifier has no meaning for store "
            "instructions'), llvm-mc-14 takes it on loads and stores without the extra "
            "register (buffer_load_dword v1, ... tfe).",
  probes=[asm(g, ("buffer_load_dword v[1:2]" + BUF_OFF + " tfe", ACC),
              ("buffer_load_dword v1" + BUF_OFF + " tfe", REJ), peer="llvm-mc-19")
          for g in GENS] +
         [asm(g, ("buffer_load_dword v1" + BUF_OFF + " tfe", ACC), peer="llvm-mc-14")
          for g in GENS])

for name, line in [("BUFFER_ATOMIC_RSUB", "buffer_atomic_rsub v1" + BUF_OFF),
                   ("BUFFER_ATOMIC_RSUB_X2", "buffer_atomic_rsub_x2 v[2:3]" + BUF_OFF)]:
    E(id="E210" if name == "BUFFER_ATOMIC_RSUB" else "E211",
      title="%s (GCN 1.0) exists in the documents but in no LLVM" % name,
      settles=[], category="availability", facts_for=[("MUBUF", name)],
      classification="llvm-lacks",
      decisions=[{"op": "peer-lacks", "peer": p, "encoding": "MUBUF", "mnemonic": name}
                 for p in ("llvm-mc-14", "llvm-mc-19")],
      rationale="The GCN 1.0/1.1 table ticks %s on GCN 1.0 alone; llvm-mc 14 and 19 refuse the "
                "mnemonic on tahiti ('invalid instruction, did you mean: buffer_atomic_sub?'). "
                "gcnspec encodes and decodes it all the same." % name,
      probes=[asm("gcn1.0", (line, REJ), peer=p) for p in ("llvm-mc-14", "llvm-mc-19")])

# ---- the vector ALU pages of the whole CLRX documentation (VOP3) ------------------------------

VOP3_GENS = ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]
VOP3_HI = ["gcn1.2", "gcn1.4"]


def vop3_opcode(gen, line, opcode):
    """Probes that llvm-mc writes VOP3 opcode `opcode` (bits 17-25 on GCN 1.0/1.1, 16-25 on GCN
    1.2/1.4) for `line`: bytes 2 and 3 of the first dword."""
    shift = 17 if gen in ("gcn1.0", "gcn1.1") else 16
    word = (0x34 << 26) | (opcode << shift)
    return [(line, ("byte", 2, (word >> 16) & 0xff)), (line, ("byte", 3, (word >> 24) & 0xff))]


E(id="E220",
  title="V_INTERP_P2_F16 is VOP3 opcode 631 on GCN 1.4; 630 is V_INTERP_P2_F16_LEGACY there",
  settles=["opcode-conflict/VOP3/V_INTERP_P2_F16", "duplicate-section/VOP3/V_INTERP_P2_F16"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "VOP3", "mnemonic": "V_INTERP_P2_F16",
              "gens": ["gcn1.4"], "opcode": 631}],
  rationale="Two sections are headed V_INTERP_P2_F16: '(GCN 1.2)' writes 'Opcode: 630 (0x276) "
            "for GCN 1.2/1.4', '(GCN 1.4)' writes '631 (0x277) for GCN 1.4'. The opcode table "
            "gives 630 to V_INTERP_P2_F16 on GCN 1.2 and to V_INTERP_P2_F16_LEGACY on GCN 1.4, "
            "631 to V_INTERP_P2_F16 on GCN 1.4 alone: the first section's '/1.4' is the slip. "
            "llvm-mc encodes v_interp_p2_f16 with 630 on tonga and 631 on gfx900, and "
            "v_interp_p2_legacy_f16 (LLVM's name of the table's V_INTERP_P2_F16_LEGACY) with "
            "630 on gfx900.",
  probes=[asm("gcn1.2", *vop3_opcode("gcn1.2", "v_interp_p2_f16 v1, v2, attr0.x, v3", 630)),
          asm("gcn1.4", *(vop3_opcode("gcn1.4", "v_interp_p2_f16 v1, v2, attr0.x, v3", 631) +
                          vop3_opcode("gcn1.4", "v_interp_p2_legacy_f16 v1, v2, attr0.x, v3",
                                      630)))])

E(id="E221",
  title="V_INTERP_P2_F16's syntax lines name V_INTERP_P1_F16 and V_INTERP_P1_F16_LEGACY",
  settles=["misspelled-mnemonic/VOP3/V_INTERP_P2_F16", "misspelled-mnemonic/VOP3/V_INTERP_P2_F16/2"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOP3", "mnemonic": "V_INTERP_P2_F16",
              "syntax": "V_INTERP_P2_F16 VDST, VSRC, ATTR.ATTRCHAN, VSRC1 [HIGH]"}],
  rationale="Both sections headed V_INTERP_P2_F16 write 'Syntax: V_INTERP_P1_F16 VDST, VSRC, "
            "ATTR.ATTRCHAN, VSRC1 [HIGH]', and the first adds 'Syntax (GCN 1.4): "
            "V_INTERP_P1_F16_LEGACY ...': no table and no LLVM has either name (the first step "
            "of the 16-bit interpolation is V_INTERP_P1LL_F16/V_INTERP_P1LV_F16). The "
            "operations are the second step's (P20*J + D). llvm-mc (tonga, gfx900) takes "
            "v_interp_p2_f16 with these operands and refuses v_interp_p1_f16; the spec keeps "
            "the operands under the section's name.",
  probes=[asm(g, ("v_interp_p2_f16 v1, v2, attr0.x, v3 high", ACC),
              ("v_interp_p1_f16 v1, v2, attr0.x, v3", REJ)) for g in VOP3_HI])

for name, wrong, line, opc in [
        ("V_ASHR_I64", "V_ASHR_I32", "v_ashr_i64 v[0:1], v[2:3], v4", 355),
        ("V_ASHRREV_I64", "V_ASHRREV_I32", "v_ashrrev_i64 v[0:1], v2, v[4:5]", 657)]:
    gens = ["gcn1.0", "gcn1.1"] if opc == 355 else VOP3_HI
    E(id="E222" if opc == 355 else "E223",
      title="%s's syntax line names %s" % (name, wrong),
      settles=["syntax-mnemonic/VOP3/%s" % name],
      classification="doc-erratum",
      decisions=[{"op": "none"}],
      rationale="The section headed %s (VOP3 opcode %d) writes 'Syntax: %s ...' with 64-bit "
                "operands (VDST(2)) and describes a 64-bit shift; %s is another instruction "
                "(VOP2 on every generation). llvm-mc encodes %s with VOP3 opcode %d; the spec "
                "keeps the section's heading and the line's operands." %
                (name, opc, wrong, wrong, name.lower(), opc),
      probes=[asm(g, *vop3_opcode(g, line, opc)) for g in gens])

E(id="E224",
  title="V_INTERP_P1LV_F16's and V_INTERP_P2_F32's syntax lines name their siblings",
  settles=["syntax-mnemonic/VOP3/V_INTERP_P1LV_F16", "syntax-mnemonic/VOP3/V_INTERP_P2_F32"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The section headed V_INTERP_P1LV_F16 (opcode 629) writes 'Syntax: "
            "V_INTERP_P1LL_F16 VDST, VSRC, ATTR.ATTRCHAN, VSRC1 [HIGH]' (V_INTERP_P1LL_F16, "
            "opcode 628, has no VSRC1), the one headed V_INTERP_P2_F32 (opcode 625) 'Syntax: "
            "V_INTERP_P1_F32 VDST, VSRC, ATTR.ATTRCHAN' (opcode 624). llvm-mc (tonga, gfx900) "
            "encodes v_interp_p1lv_f16 with VOP3 opcode 629 and v_interp_p2_f32_e64 with 625; "
            "the spec keeps the headings and the lines' operands.",
  probes=[asm(g, *(vop3_opcode(g, "v_interp_p1lv_f16 v1, v2, attr0.x, v3", 629) +
                   vop3_opcode(g, "v_interp_p2_f32_e64 v1, v2, attr0.x", 625)))
          for g in VOP3_HI])

E(id="E225",
  title="The VOP3 page puts the interpolation operands in no field of the VOP3 encoding",
  settles=["syntax-operand/VOP3/ATTR", "syntax-operand/VOP3/VSRC",
           "syntax-operand/VOP3/PARAMTYPE"],
  classification="doc-omission",
  decisions=[{"op": "field", "encoding": "VOP3", "field": f, "gens": VOP3_HI, "bits": b}
             for f, b in (("ATTR", [32, 37]), ("ATTRCHAN", [38, 39]), ("HIGH", [40, 40]))],
  rationale="The V_INTERP_* sections of the VOP3 page (GCN 1.2/1.4) write 'VDST, VSRC, "
            "ATTR.ATTRCHAN [, VSRC1] [HIGH]' and 'VDST, PARAMTYPE, ATTR.ATTRCHAN' and refer to "
            "the VINTRP page, whose fields are VINTRP's; the VOP3 field table has no ATTR, "
            "ATTRCHAN, VSRC or PARAMTYPE. llvm-mc (tonga, gfx900) puts ATTR in bits 32-37 "
            "(SRC0's low six bits), ATTRCHAN in bits 38-39, HIGH in bit 40, VSRC (or "
            "PARAMTYPE, p0 being 2) in SRC1 and VSRC1 in SRC2: 'v_interp_p1lv_f16 v1, v7, "
            "attr3.z, v9' is 01 00 75 d2 83 0e 26 04. The spec adds ATTR, ATTRCHAN and HIGH "
            "as fields that tile SRC0 on GCN 1.2/1.4; operands.json puts VSRC and PARAMTYPE "
            "in SRC1 and VSRC1 in SRC2.",
  probes=[asm(g, ("v_interp_p1lv_f16 v1, v7, attr3.z, v9", ("byte", 4, 0x83)),
              ("v_interp_p1lv_f16 v1, v7, attr3.z, v9", ("byte", 5, 0x0e)),
              ("v_interp_p1lv_f16 v1, v7, attr3.z, v9 high", ("byte", 5, 0x0f)),
              ("v_interp_p1lv_f16 v1, v7, attr3.z, v9", ("byte", 6, 0x26)),
              ("v_interp_mov_f32_e64 v1, p0, attr3.z", ("byte", 5, 0x04))) for g in VOP3_HI])

E(id="E226",
  title="V_ADD_I16/V_SUB_I16/V_ADD_I32/V_SUB_I32 test 'if temp < ...' without parentheses",
  settles=["pseudocode-parse/VOP3/V_ADD_I16", "pseudocode-parse/VOP3/V_ADD_I32"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_ADD_I16", ["    if (temp > ((1<<16)-1))", "    if (temp > ((1<<15)-1))"],
                 ["    if temp < (-1<<16)", "    if (temp < (-1<<15))"]),
             fix("VOP3", "V_SUB_I16", ["    if (temp > ((1<<16)-1))", "    if (temp > ((1<<15)-1))"],
                 ["    if temp < (-1<<16)", "    if (temp < (-1<<15))"]),
             dict(fix("VOP3", "V_ADD_NC_I32",
                      ["    if temp < (-1LL<<31)", "    if (temp < (-1LL<<31))"]),
                  written_as="V_ADD_I32"),
             dict(fix("VOP3", "V_SUB_NC_I32",
                      ["    if temp < (-1LL<<31)", "    if (temp < (-1LL<<31))"]),
                  written_as="V_SUB_I32")],
  rationale="The clamping branches write 'if temp < (-1<<16)' (and '(-1LL<<31)'): an if without "
            "its parentheses, unlike the 'if (temp > ...)' line above. The 16-bit sections "
            "also compare with (1<<16)-1 and -1<<16, the bounds of a 17-bit value, while their "
            "descriptions saturate 'to 16-bit signed value' and store 0x7fff and 0x8000: the "
            "correction compares with (1<<15)-1 and -1<<15. (The oracle does not execute "
            "VOP3 yet.) The spec names GCN 1.4's V_ADD_I32/V_SUB_I32 (VOP3 668/669, no "
            "carry-out) V_ADD_NC_I32/V_SUB_NC_I32: their GCN 1.0 names are the carry "
            "instructions' (operands.json's VOP3 renames).")

E(id="E227",
  title="V_ALIGNBIT_B32/V_ALIGNBYTE_B32 close one parenthesis too many",
  settles=["pseudocode-parse/VOP3/V_ALIGNBIT_B32", "pseudocode-parse/VOP3/V_ALIGNBYTE_B32"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_ALIGNBIT_B32",
                 ["VDST = (((UINT64)SRC0)<<32) | SRC1) >> (SRC2&31)",
                  "VDST = ((((UINT64)SRC0)<<32) | SRC1) >> (SRC2&31)"]),
             fix("VOP3", "V_ALIGNBYTE_B32",
                 ["VDST = (((UINT64)SRC0)<<32) | SRC1) >> ((SRC2&3)*8)",
                  "VDST = ((((UINT64)SRC0)<<32) | SRC1) >> ((SRC2&3)*8)"])],
  rationale="'VDST = (((UINT64)SRC0)<<32) | SRC1) >> (SRC2&31)' closes the 64-bit value after "
            "'<<32', so '| SRC1)' has no '('. The description shifts the 64-bit SRC0:SRC1 right: "
            "the correction opens one more parenthesis before it.")

E(id="E228",
  title="V_CUBE*_F32 leave parentheses open in their 'else if' and SIGN((SF2) * SF0",
  settles=["pseudocode-parse/VOP3/V_CUBEID_F32", "pseudocode-parse/VOP3/V_CUBESC_F32"],
  classification="doc-erratum",
  decisions=[fix("VOP3", n, ["else if (ABS(SF1) >= ABS(SF0)\n", "else if (ABS(SF1) >= ABS(SF0))\n"],
                 *([["OUT = SIGN((SF2) * SF0", "OUT = SIGN(SF2) * SF0"],
                    ["OUT = -SIGN((SF0) * SF2", "OUT = -SIGN(SF0) * SF2"]] if n == "V_CUBESC_F32"
                   else []),
                 *([["FLOAT SF2 = ASFLOAT(SRC2)\nif", "FLOAT SF2 = ASFLOAT(SRC2)\nFLOAT OUT\nif"]]
                   if n != "V_CUBEID_F32" else []))
             for n in ("V_CUBEID_F32", "V_CUBESC_F32", "V_CUBETC_F32", "V_CUBEMA_F32")],
  rationale="All four sections write 'else if (ABS(SF1) >= ABS(SF0)' without the ')' that "
            "closes the condition; V_CUBESC_F32 also writes 'SIGN((SF2) * SF0' and "
            "'-SIGN((SF0) * SF2', whose first '(' is never closed (the sign of SF2 times SF0, "
            "as V_CUBETC_F32's 'SIGN(SF1) * SF2'). V_CUBESC/TC/MA assign OUT without declaring "
            "it, as V_CUBEID_F32 does with 'FLOAT OUT'. The corrections close the conditions, "
            "read SIGN(SF2) * SF0 and declare OUT.")

E(id="E229",
  title="V_CVT_PKNORM_I16_F16/U16_F16 define a function, which the pseudocode has no syntax for",
  settles=["pseudocode-parse/VOP3/V_CVT_PKNORM_I16_F16"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_CVT_PKNORM_I16_F16",
                 ["INT16 roundNorm(HALF S)\n{\n    FLOAT f = RNDNEINT(S*32767)\n    if (ISNAN(f))\n"
                  "        return 0\n    return (INT16)MAX(MIN(f, 32767.0), -32767.0)\n}\n"
                  "VDST = roundNorm(ASHALF(SRC0)) | ((UINT32)roundNorm(ASHALF(SRC1)) << 16)",
                  "FLOAT F0 = RNDNEINT(ASHALF(SRC0)*32767)\nFLOAT F1 = RNDNEINT(ASHALF(SRC1)*32767)\n"
                  "UINT32 R0 = ISNAN(F0) ? 0 : (UINT16)(INT16)MAX(MIN(F0, 32767.0), -32767.0)\n"
                  "UINT32 R1 = ISNAN(F1) ? 0 : (UINT16)(INT16)MAX(MIN(F1, 32767.0), -32767.0)\n"
                  "VDST = R0 | (R1 << 16)"]),
             fix("VOP3", "V_CVT_PKNORM_U16_F16",
                 ["UINT16 roundNorm(HALF S)\n{\n    HALF f = RNDNEINT(S*65535.0)\n    if (ISNAN(f))\n"
                  "        return 0\n    return (INT16)MAX(MIN(f, 65535.0), 0.0)\n}\n"
                  "VDST = roundNorm(ASHALF(SRC0)) | ((UINT32)roundNorm(ASHALF(SRC1)) << 16)",
                  "FLOAT F0 = RNDNEINT(ASHALF(SRC0)*65535.0)\nFLOAT F1 = RNDNEINT(ASHALF(SRC1)*65535.0)\n"
                  "UINT32 R0 = ISNAN(F0) ? 0 : (UINT16)MAX(MIN(F0, 65535.0), 0.0)\n"
                  "UINT32 R1 = ISNAN(F1) ? 0 : (UINT16)MAX(MIN(F1, 65535.0), 0.0)\n"
                  "VDST = R0 | (R1 << 16)"])],
  rationale="As V_CVT_PKNORM_I16_F32/U16_F32 on the VOP2 page (E129), both operations open "
            "with a C function 'roundNorm' and call it on each source. The correction inlines "
            "its body for SRC0 and SRC1 (a NaN gives 0, the value is clamped to the 16-bit "
            "range; the U16 block's 'HALF f' would lose 65535.0*S's precision, so both use "
            "FLOAT) and packs the two results as the last line did.")

E(id="E230",
  title="V_DIV_SCALE_F32/F64 leave ABS(POW(...) open; the F32 block uses MASK undeclared",
  settles=["pseudocode-parse/VOP3/V_DIV_SCALE_F32", "pseudocode-parse/VOP3/V_DIV_SCALE_F64"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_DIV_SCALE_F32",
                 ["ABS(POW(2.0, 96+FREXP_EXP(SF0)-1) || ISNAN(S12))",
                  "ABS(POW(2.0, 96+FREXP_EXP(SF0)-1)) || ISNAN(S12))"],
                 ["FLOAT S12 = (SRC0!=SRC1) ? SF1 : SF2\n",
                  "FLOAT S12 = (SRC0!=SRC1) ? SF1 : SF2\nUINT64 MASK = (1ULL<<LANEID)\n"],
                 ["    VDST = SF0 * POW2(2.0, 64)\n    UINT64 MASK = (1ULL<<LANEID)\n",
                  "    VDST = SF0 * POW2(2.0, 64)\n"]),
             fix("VOP3", "V_DIV_SCALE_F64",
                 ["ABS(POW(2.0, 768+FREXP_EXP(SD0)-1) || ISNAN(S12))",
                  "ABS(POW(2.0, 768+FREXP_EXP(SD0)-1)) || ISNAN(S12))"])],
  rationale="'else if (ABS(S12) >= ABS(POW(2.0, 96+FREXP_EXP(SF0)-1) || ISNAN(S12))' never "
            "closes ABS(: the description compares |S12| with T2 = POW(2.0, 96+EXP0), 'or this "
            "value is NaN', so the correction closes ABS before '||'. The F32 block declares "
            "MASK inside the second branch and uses it in the first and third; the correction "
            "declares it at the top, as the F64 block does.")

E(id="E231",
  title="V_MAD_I16/V_MAD_LEGACY_I16 write MIN(MAX(temp), -32768), 32767), an unsigned temp",
  settles=["pseudocode-parse/VOP3/V_MAD_I16"],
  classification="doc-erratum",
  decisions=[fix("VOP3", n,
                 ["UINT32 temp = (SEXT32((INT16)SRC0)*(INT16)SRC1 + (INT16)SRC2)",
                  "INT32 temp = (SEXT32((INT16)SRC0)*(INT16)SRC1 + (INT16)SRC2)"],
                 ["MIN(MAX(temp), -32768), 32767)", "MIN(MAX(temp, -32768), 32767)"])
             for n in ("V_MAD_I16", "V_MAD_LEGACY_I16")],
  rationale="'MIN(MAX(temp), -32768), 32767)' closes MAX after one argument; the description "
            "saturates 'to 16-bit signed value', so MAX takes temp and -32768. The product of "
            "two signed 16-bit values is kept in 'UINT32 temp', against which -32768 is never "
            "the larger: the correction declares it INT32.")

E(id="E232",
  title="V_MAX_F64/V_MIN_F64 open one parenthesis too many: MAX((ASDOUBLE(SRC0), ...)",
  settles=["pseudocode-parse/VOP3/V_MAX_F64", "pseudocode-parse/VOP3/V_MIN_F64"],
  classification="doc-erratum",
  decisions=[fix("VOP3", n, ["%s((ASDOUBLE(SRC0), ASDOUBLE(SRC1))" % f,
                             "%s(ASDOUBLE(SRC0), ASDOUBLE(SRC1))" % f])
             for n, f in (("V_MAX_F64", "MAX"), ("V_MIN_F64", "MIN"))],
  rationale="'VDST = MAX((ASDOUBLE(SRC0), ASDOUBLE(SRC1))' opens '((' and closes one; the "
            "correction drops the extra '('.")

E(id="E233",
  title="V_MIN3_U16 writes S(UINT16)RC1 for (UINT16)SRC1",
  settles=["pseudocode-parse/VOP3/V_MIN3_U16"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_MIN3_U16", ["MIN(S(UINT16)RC1, (UINT16)SRC0)",
                                        "MIN((UINT16)SRC1, (UINT16)SRC0)"])],
  rationale="The cast landed inside the name: 'S(UINT16)RC1'. V_MAX3_U16 and V_MIN3_I16 write "
            "'(UINT16)SRC1' at the same place.")

E(id="E234",
  title="V_MSAD_U8 and V_MQSAD_U32_U8 close their byte test one parenthesis early",
  settles=["pseudocode-parse/VOP3/V_MSAD_U8", "pseudocode-parse/VOP3/V_MQSAD_U32_U8"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_MSAD_U8", ["if ((SRC1 >> (i*8)) & 0xff) != 0)",
                                       "if (((SRC1 >> (i*8)) & 0xff) != 0)"]),
             fix("VOP3", "V_MQSAD_U32_U8",
                 ["void MSADU8(UINT32 S0, UINT32 S1, UINT32 S2)\n{\n    UINT64 OUT = S2;\n"
                  "    for (UINT8 i = 0; i < 4; i++)\n        if ((S1 >> (i*8)) & 0xff) != 0)\n"
                  "            OUT += ABS(((S0 >> (i*8)) & 0xff) - ((S1 >> (i*8)) & 0xff))\n"
                  "    return (UINT32)MIN(OUT,0xffffffff);\n}\n"
                  "VDST = (MSADU8((UINT32)SRC0, SRC1, SRC2)\n"
                  "VDST |= (MSADU8((UINT32)(SRC0>>8), SRC1, SRC2>>32)<<32\n"
                  "VDST |= (MSADU8((UINT32)(SRC0>>16), SRC1, SRC2>>64)<<64\n"
                  "VDST |= (MSADU8((UINT32)(SRC0>>24), SRC1, SRC2>>96)<<96",
                  "VDST = 0\nfor (UINT8 n = 0; n < 4; n++)\n{\n"
                  "    UINT32 S0 = (UINT32)(SRC0 >> (n*8))\n"
                  "    UINT64 OUT = (SRC2 >> (n*32)) & 0xffffffff\n"
                  "    for (UINT8 i = 0; i < 4; i++)\n"
                  "        if (((SRC1 >> (i*8)) & 0xff) != 0)\n"
                  "            OUT += ABS(((S0 >> (i*8)) & 0xff) - ((SRC1 >> (i*8)) & 0xff))\n"
                  "    VDST |= MIN(OUT, 0xffffffff) << (n*32)\n}"])],
  rationale="'if ((SRC1 >> (i*8)) & 0xff) != 0)' closes the if before '!= 0)'; the correction "
            "adds the missing '('. V_MQSAD_U32_U8 also defines a function MSADU8 (declared "
            "void, returning a value), which the pseudocode has no syntax for, and calls it as "
            "'VDST = (MSADU8(...)' with an unclosed '('. The correction computes the four "
            "masked sums in a loop over the 32-bit parts of SRC2 and VDST, as the description "
            "says (the N'th sum takes the bytes N to N+3 of SRC0).")

E(id="E235",
  title="V_QSAD_U8/V_MQSAD_U8 define a function and leave its calls' parentheses open",
  settles=["pseudocode-parse/VOP3/V_QSAD_U8"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_MQSAD_U8",
                 ["void MSADU8(UINT32 S0, UINT32 S1, UINT32 S2)\n{\n    UINT32 OUT = S2;\n"
                  "    for (UINT8 i = 0; i < 4; i++)\n        if ((S1 >> (i*8)) & 0xff) != 0)\n"
                  "            OUT += ABS(((S0 >> (i*8)) & 0xff) - ((S1 >> (i*8)) & 0xff))\n"
                  "    return OUT;\n}\n"
                  "VDST = (MSADU8((UINT32)SRC0, SRC1, SRC2 & 0xffff)\n"
                  "VDST |= (MSADU8((UINT32)(SRC0>>8), SRC1, (SRC2>>16) & 0xffff)<<16\n"
                  "VDST |= (MSADU8((UINT32)(SRC0>>16), SRC1, (SRC2>>32) & 0xffff)<<32\n"
                  "VDST |= (MSADU8((UINT32)(SRC0>>24), SRC1, (SRC2>>48) & 0xffff)<<48",
                  "VDST = 0\nfor (UINT8 n = 0; n < 4; n++)\n{\n"
                  "    UINT32 S0 = (UINT32)(SRC0 >> (n*8))\n"
                  "    UINT64 OUT = (SRC2 >> (n*16)) & 0xffff\n"
                  "    for (UINT8 i = 0; i < 4; i++)\n"
                  "        if (((SRC1 >> (i*8)) & 0xff) != 0)\n"
                  "            OUT += ABS(((S0 >> (i*8)) & 0xff) - ((SRC1 >> (i*8)) & 0xff))\n"
                  "    VDST |= (OUT & 0xffff) << (n*16)\n}"]),
             fix("VOP3", "V_QSAD_U8",
                 ["void SADU8(UINT32 S0, UINT32 S1, UINT32 S2)\n{\n    UINT32 OUT = S2;\n"
                  "    for (UINT8 i = 0; i < 4; i++)\n"
                  "        OUT += ABS(((S0 >> (i*8)) & 0xff) - ((S1 >> (i*8)) & 0xff))\n"
                  "    return OUT;\n}\n"
                  "VDST = (SADU8((UINT32)SRC0, SRC1, SRC2 & 0xffff)\n"
                  "VDST |= (SADU8((UINT32)(SRC0>>8), SRC1, (SRC2>>16) & 0xffff)<<16\n"
                  "VDST |= (SADU8((UINT32)(SRC0>>16), SRC1, (SRC2>>32) & 0xffff)<<32\n"
                  "VDST |= (SADU8((UINT32)(SRC0>>24), SRC1, (SRC2>>48) & 0xffff)<<48",
                  "VDST = 0\nfor (UINT8 n = 0; n < 4; n++)\n{\n"
                  "    UINT32 S0 = (UINT32)(SRC0 >> (n*8))\n"
                  "    UINT64 OUT = (SRC2 >> (n*16)) & 0xffff\n"
                  "    for (UINT8 i = 0; i < 4; i++)\n"
                  "        OUT += ABS(((S0 >> (i*8)) & 0xff) - ((SRC1 >> (i*8)) & 0xff))\n"
                  "    VDST |= (OUT & 0xffff) << (n*16)\n}"])],
  rationale="As V_MQSAD_U32_U8's (E234), the block defines a function SADU8 (declared void, "
            "returning a value) and calls it as 'VDST = (SADU8(...)' with an unclosed '('. The "
            "correction computes the four sums in a loop over the 16-bit parts of SRC2 and VDST "
            "(the N'th sum takes the bytes N to N+3 of SRC0), as the description says. "
            "V_MQSAD_U8's block is the same with the masked byte test of V_MSAD_U8 (E234).")

E(id="E236",
  title="V_TRIG_PREOP_F64 declares 'ASDOUBLE SD0' and leaves two conditions unbalanced",
  settles=["pseudocode-parse/VOP3/V_TRIG_PREOP_F64"],
  classification="doc-erratum",
  decisions=[fix("VOP3", "V_TRIG_PREOP_F64",
                 ["ASDOUBLE SD0 = ASDOUBLE(SRC0)\nBIT = (SRC1&31) * 53",
                  "DOUBLE SD0 = ASDOUBLE(SRC0)\nUINT32 BIT = (SRC1&31) * 53"],
                 ["if (SD0 >= POW(2.0, 53)\n", "if (SD0 >= POW(2.0, 53))\n"],
                 ["if (ABS(SD0) != INF) && !ISNAN(SD0))", "if ((ABS(SD0) != INF) && !ISNAN(SD0))"])],
  rationale="The block declares SD0 of type 'ASDOUBLE' (a conversion, not a type), assigns BIT "
            "without declaring it, writes 'if (SD0 >= POW(2.0, 53)' without its ')' and 'if "
            "(ABS(SD0) != INF) && !ISNAN(SD0))' with the first condition closed early. The "
            "correction declares DOUBLE SD0 and UINT32 BIT and balances both conditions.")


E(id="E237",
  title="The VOP3 page's V_WRITELANE_B32 writes SSRC0, a scalar source, as VSRC0 too",
  settles=[], category="syntax-operand", facts=["GcnInstrsVop3.md:2118:syntax-line"],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOP3", "mnemonic": "V_WRITELANE_B32",
              "syntax": "V_WRITELANE_B32 VDST, SSRC0, SSRC1"}],
  rationale="As on the VOP2 page (E130), the VOP3 page's section (GCN 1.2/1.4, where the "
            "instruction is VOP3 alone) writes 'V_WRITELANE_B32 VDST, VSRC0, SSRC1' for an "
            "operation that reads a scalar value, 'VDST[SSRC1 & 63] = SSRC0'. llvm-mc (tonga, "
            "gfx900) puts 5 in SRC0 (byte 4 = 0x85) and m0 in SRC1 and refuses a VGPR value.",
  probes=[asm(g, ("v_writelane_b32 v1, 5, m0", ("byte", 4, 0x85)),
              ("v_writelane_b32 v1, v2, m0", REJ)) for g in VOP3_HI])

E(id="E238",
  title="V_READLANE_REGRD_B32 exists in the documents but in no LLVM",
  settles=[], category="availability", facts_for=[("VOP3", "V_READLANE_REGRD_B32")],
  classification="llvm-lacks",
  decisions=[{"op": "peer-lacks", "peer": p, "encoding": "VOP3",
              "mnemonic": "V_READLANE_REGRD_B32"} for p in ("llvm-mc-14", "llvm-mc-19")],
  rationale="The VOP3 opcode table lists V_READLANE_REGRD_B32 at 667 on GCN 1.4 (no section "
            "describes it), the twin of V_WRITELANE_REGWR_B32 (E112); llvm-mc 14 and 19 reject "
            "the mnemonic ('invalid instruction'). gcnspec encodes and decodes it with "
            "V_READLANE_B32's operands (spec/curated/syntax.json).",
  probes=[asm("gcn1.4", ("v_readlane_regrd_b32 s1, v2, s3", REJ), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E239",
  title="V_CVT_PKNORM_I16_F16/U16_F16 are GCN 1.4's: the table's GCN 1.2 column ticks them too",
  settles=[], category="availability",
  facts=["GcnInstrsVop3.md:253:opcode-row", "GcnInstrsVop3.md:254:opcode-row",
         "GcnInstrsVop3.md:602:opcode-line", "GcnInstrsVop3.md:640:opcode-line"],
  classification="doc-erratum",
  decisions=[{"op": "absent", "encoding": "VOP3", "mnemonic": n, "gens": ["gcn1.2"]}
             for n in ("V_CVT_PKNORM_I16_F16", "V_CVT_PKNORM_U16_F16")],
  rationale="The VOP3 opcode table's rows 665 and 666 name V_CVT_PKNORM_I16_F16 and "
            "V_CVT_PKNORM_U16_F16 in both columns (GCN 1.2 and GCN 1.4), while their sections "
            "write 'Opcode: 665 (0x299) for GCN 1.4' and '666 (0x29a) for GCN 1.4' alone. "
            "llvm-mc 14 and 19 refuse both on tonga ('instruction not supported on this GPU') "
            "and encode them with 665/666 on gfx900: the sections are right.",
  probes=[asm("gcn1.2", ("v_cvt_pknorm_i16_f16 v1, v2, v3", REJ),
              ("v_cvt_pknorm_u16_f16 v1, v2, v3", REJ), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")] +
         [asm("gcn1.4", *(vop3_opcode("gcn1.4", "v_cvt_pknorm_i16_f16 v1, v2, v3", 665) +
                          vop3_opcode("gcn1.4", "v_cvt_pknorm_u16_f16 v1, v2, v3", 666)),
              peer=p) for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E240",
  title="V_MAC_LEGACY_F32 (VOP3 654, GCN 1.2/1.4) is in no LLVM",
  settles=[], category="availability", facts_for=[("VOP3", "V_MAC_LEGACY_F32")],
  classification="llvm-lacks",
  decisions=[{"op": "peer-lacks", "peer": p, "encoding": "VOP3",
              "mnemonic": "V_MAC_LEGACY_F32", "gens": ["gcn1.2", "gcn1.4"]}
             for p in ("llvm-mc-14", "llvm-mc-19")],
  rationale="The VOP3 page gives V_MAC_LEGACY_F32 opcode 654 on GCN 1.2/1.4 (the VOP2 form "
            "of GCN 1.0/1.1 is gone there); llvm-mc 14 and 19 refuse v_mac_legacy_f32 on tonga "
            "and gfx900 ('instruction not supported on this GPU') and decode 654 as no "
            "instruction. gcnspec keeps the page's instruction. (GCN 1.0/1.1's VOP3 word, the VOP2 "
            "instruction's form, LLVM has: v_mac_legacy_f32_e64.)",
  probes=[asm(g, ("v_mac_legacy_f32 v1, v2, v3", REJ), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19") for g in VOP3_HI])

E(id="E241",
  title="GCN 1.0's V_QSAD_U8 (VOP3 370) is in no LLVM",
  settles=[], category="availability", facts_for=[("VOP3", "V_QSAD_U8")],
  classification="llvm-lacks",
  decisions=[{"op": "peer-lacks", "peer": p, "encoding": "VOP3", "mnemonic": "V_QSAD_U8",
              "gens": ["gcn1.0"]} for p in ("llvm-mc-14", "llvm-mc-19")],
  rationale="The page's section 'V_QSAD_U8, V_QSAD_PK_U16_U8' gives GCN 1.0 V_QSAD_U8 at 370; "
            "LLVM has v_qsad_pk_u16_u8 from GCN 1.1 (bonaire) on and nothing at 370 on tahiti: "
            "llvm-mc 14 and 19 refuse both v_qsad_u8 ('invalid instruction') and "
            "v_qsad_pk_u16_u8 ('instruction not supported on this GPU') there. Its twin "
            "V_MQSAD_U8 is LLVM's v_mqsad_pk_u16_u8 on tahiti too (operands.json renames).",
  probes=[asm("gcn1.0", ("v_qsad_u8 v[0:1], v[2:3], v4, v[6:7]", REJ),
              ("v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]", REJ),
              *vop3_opcode("gcn1.0", "v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]", 371),
              peer=p) for p in ("llvm-mc-14", "llvm-mc-19")])

# ---- the VOP3 forms of the VOP1/VOP2/VOPC pages' instructions ---------------------------------

E(id="E242",
  title="V_MADMK/V_MADAK have no VOP3 form: the VOP2 tables' VOP3 column gives them one",
  settles=[], category="availability",
  facts=["GcnInstrsVop2.md:128:opcode-row", "GcnInstrsVop2.md:129:opcode-row",
         "GcnInstrsVop2.md:132:opcode-row", "GcnInstrsVop2.md:133:opcode-row",
         "GcnInstrsVop2.md:119:opcode-row", "GcnInstrsVop2.md:120:opcode-row"],
  classification="doc-erratum",
  decisions=[{"op": "absent", "encoding": "VOP3", "mnemonic": n,
              "gens": ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]}
             for n in ("V_MADMK_F32", "V_MADAK_F32", "V_MADMK_F16", "V_MADAK_F16")],
  rationale="The VOP2 page's opcode tables give every VOP2 opcode a VOP3 opcode (VOP2 + 256), "
            "V_MADMK_F32/V_MADAK_F32 (288/289 on GCN 1.0/1.1, 279/280 on GCN 1.2/1.4) and "
            "V_MADMK_F16/V_MADAK_F16 (292/293, GCN 1.2/1.4) too. Their constant K is the "
            "dword after the VOP2 word (FLOATLIT, FLOAT16LIT), which a VOP3 word of GCN 1.0-1.4 "
            "cannot carry (no literal in VOP3), and their sections give no VOP3 syntax. "
            "llvm-mc 14 and 19 refuse v_madmk_f32_e64 ('e64 variant of this instruction is "
            "not supported'), and llvm-mc-19's disassembler the VOP3 words with those opcodes "
            "on tonga ('invalid instruction encoding'): the VOP3 opcodes are not instructions.",
  probes=[asm(g, ("v_madmk_f32_e64 v1, v2, 0x41200000, v3", REJ),
              ("v_madak_f32_e64 v1, v2, v3, 0x41200000", REJ), peer=p)
          for g in GENS for p in ("llvm-mc-14", "llvm-mc-19")] +
         [asm(g, ("v_madmk_f16_e64 v1, v2, 0x4900, v3", REJ),
              ("v_madak_f16_e64 v1, v2, v3, 0x4900", REJ), peer=p)
          for g in ("gcn1.2", "gcn1.4") for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E243",
  title="The class compares' VOP3 syntax lines give SDST one register, F64's mask two",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVopc.md:%d:syntax-line" % n for n in (209, 233, 258, 282, 306, 330)],
  classification="doc-erratum",
  decisions=[{"op": "syntax", "encoding": "VOP3", "mnemonic": n,
              "syntax": "%s SDST(2), SRC0%s, SRC1" % (n, "(2)" if n.endswith("F64") else "")}
             for n in ("V_CMP_CLASS_F32", "V_CMPX_CLASS_F32", "V_CMP_CLASS_F64",
                       "V_CMPX_CLASS_F64", "V_CMP_CLASS_F16", "V_CMPX_CLASS_F16")],
  rationale="The class sections' 'Syntax VOP3:' lines write 'SDST, SRC0, SRC1' (F64: 'SDST, "
            "SRC0(2), SRC1(2)'), while the page's VOP3 template writes 'SDST(2)' and the "
            "result is a mask of 64 lanes ('store 1 to bit of SDST with number of current lane "
            "id'); the class bits are 10 (the class table), one register, as E181 settles for "
            "the VOPC lines. llvm-mc takes v_cmp_class_f32_e64 s[0:1], v1, v2 and "
            "v_cmp_class_f64_e64 s[0:1], v[2:3], v4, and refuses s0 and a pair as the mask.",
  probes=[asm(g, ("v_cmp_class_f32_e64 s[0:1], v1, v2", ("byte", 0, 0)),
              ("v_cmp_class_f64_e64 s[0:1], v[2:3], v4", ("byte", 0, 0)),
              ("v_cmp_class_f32_e64 s0, v1, v2", REJ),
              ("v_cmp_class_f64_e64 s[0:1], v[2:3], v[4:5]", REJ), peer=p)
          for g in GENS for p in ("llvm-mc-14", "llvm-mc-19")])

_FORMS_LLVM_LACKS = [
    ("V_READFIRSTLANE_B32", "v_readfirstlane_b32_e64 s1, v2", GENS),
    ("V_READLANE_B32", "v_readlane_b32_e64 s1, v2, s3", ["gcn1.0", "gcn1.1"]),
    ("V_WRITELANE_B32", "v_writelane_b32_e64 v1, s2, s3", ["gcn1.0", "gcn1.1"]),
    ("V_SWAP_B32", "v_swap_b32_e64 v1, v2", ["gcn1.4"]),
    ("V_MOV_FED_B32", "v_mov_fed_b32_e64 v1, v2", GENS),
    ("V_MOV_PRSV_B32", "v_mov_prsv_b32_e64 v1, v2", ["gcn1.4"])]

E(id="E244",
  title="The VOP3 forms of the lane, swap and debug moves are in no LLVM",
  settles=[], category="availability",
  facts_for=[("VOP1", n) for n, _, _ in _FORMS_LLVM_LACKS if n not in
             ("V_READLANE_B32", "V_WRITELANE_B32")] +
            [("VOP2", "V_READLANE_B32"), ("VOP2", "V_WRITELANE_B32")],
  classification="llvm-lacks",
  decisions=[{"op": "peer-lacks", "peer": p, "encoding": "VOP3", "mnemonic": n, "gens": gens}
             for n, _, gens in _FORMS_LLVM_LACKS for p in ("llvm-mc-14", "llvm-mc-19")],
  rationale="The VOP1 and VOP2 pages give V_READFIRSTLANE_B32, GCN 1.0/1.1's "
            "V_READLANE_B32/V_WRITELANE_B32 (VOP2 there), V_SWAP_B32 and the debug moves a VOP3A "
            "opcode (their opcode lines, or the tables' VOP3 column). LLVM models none of these "
            "VOP3 words: llvm-mc 14 and 19 refuse the _e64 spellings ('e64 variant of this "
            "instruction is not supported', 'invalid instruction' for the moves LLVM lacks in "
            "any form) and its disassembler the words. gcnspec encodes and decodes them as the "
            "pages give them.",
  probes=[asm(g, (line, REJ), peer=p) for n, line, gens in _FORMS_LLVM_LACKS for g in gens
          for p in ("llvm-mc-14", "llvm-mc-19")])


# ---- GCN 1.4's OP_SEL ------------------------------------------------------------------------

_OP_SEL_REFUSED = [  # (line, the VOP3 word with bit 11 set, llvm's text of it: no op_sel)
    ("v_add_f16_e64 v1, v2, v3 op_sel:[1,0,0]", "0x01,0x08,0x1f,0xd1,0x02,0x07,0x02,0x00",
     "v_add_f16_e64 v1, v2, v3"),
    ("v_mad_legacy_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]",
     "0x01,0x08,0xea,0xd1,0x02,0x07,0x12,0x04", "v_mad_legacy_f16 v1, v2, v3, v4"),
    ("v_cvt_f32_f16_e64 v1, v2 op_sel:[1,0]", "0x01,0x08,0x4b,0xd1,0x02,0x01,0x00,0x00",
     "v_cvt_f32_f16_e64 v1, v2"),
    ("v_mad_f32 v1, v2, v3, v4 op_sel:[1,0,0,0]", "0x01,0x08,0xc1,0xd1,0x02,0x07,0x12,0x04",
     "v_mad_f32 v1, v2, v3, v4"),
    # the 16-bit interpolation's bit 14 (VDST's): LLVM's 'high' is bit 40 (E225)
    ("v_interp_p2_f16 v1, v3, attr2.x, v4 op_sel:[0,0,0,1]",
     "0x01,0x40,0x77,0xd2,0x02,0x06,0x12,0x04", "v_interp_p2_f16 v1, v3, attr2.x, v4")]

E(id="E245",
  title="OP_SEL: the pages give every GCN 1.4 VOP3A word the field; LLVM 21 instructions",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVop3.md:31:field", "GcnInstrsVop3.md:51:note", "GcnInstrsVop3.md:62:note",
         "GcnInstrsVop1.md:38:field", "GcnInstrsVop2.md:39:field", "GcnInstrsVopc.md:36:field"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The VOP3 page (and the VOP1, VOP2 and VOPC pages for their VOP3 forms) gives "
            "VOP3A's bits 11-14 to OP_SEL on GCN 1.4, 'operand half selection', with no list "
            "of the instructions it applies to. GCN 1.4 gave the VOP3 page's 16-bit "
            "instructions new opcodes (V_MAD_F16: 490 on GCN 1.2, 515 on GCN 1.4) and kept the "
            "old ones as V_*_LEGACY_*. llvm-mc 14 and 19 take op_sel on exactly the 21 "
            "instructions with a 16-bit source (by their Operation) whose GCN 1.4 opcode no "
            "section gives GCN 1.2 (V_MAD_F16/U16/I16, V_FMA_F16, V_DIV_FIXUP_F16, the "
            "16-bit MIN3/MAX3/MED3, V_MAD_U32_U16, V_MAD_I32_I16, V_ADD_I16, V_SUB_I16, "
            "V_PACK_B32_F16, V_CVT_PKNORM_I16_F16/U16_F16); on every other instruction "
            "(the _LEGACY ones, the 16-bit _e64 forms of VOP1/VOP2/VOPC, the 16-bit "
            "interpolation) its assembler refuses op_sel and its disassembler drops the bits "
            "(prints the word without them: the text does not assemble back to it). The spec "
            "gives OP_SEL to those 21 (spec/curated/operands.json's OP_SEL 'instructions', "
            "tools/curate/gen_spec_inputs.py vop3_op_sel_instructions); on the others the "
            "bits stay unmodelled, refused, never printed away.",
  probes=[asm("gcn1.4", ("v_mad_f16 v1, v2, v3, v4 op_sel:[1,0,0,1]", ("byte", 1, 0x48)),
              ("v_add_i16 v1, v2, v3 op_sel:[0,1,1]", ("byte", 1, 0x50)),
              ("v_cvt_pknorm_i16_f16 v1, v2, v3 op_sel:[1,0,0]", ("byte", 1, 0x08)),
              *[(line, REJ) for line, _, _ in _OP_SEL_REFUSED], peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")] +
         [{"gen": "gcn1.4", "disasm": True, "peer": p, "lines": [w for _, w, _ in _OP_SEL_REFUSED],
           "expect": [("text", t) for _, _, t in _OP_SEL_REFUSED]}
          for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E246",
  title="OP_SEL's destination bit where the result is 32 bits: the page says nothing",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVop3.md:62:note", "GcnInstrsVop3.md:1374:opcode-line",
         "GcnInstrsVop3.md:1928:opcode-line"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The page's OP_SEL takes one bit per source and 'Last bit control destination "
            "operand' (bit 14, VDST), a half of a 16-bit result; V_MAD_U32_U16, "
            "V_MAD_I32_I16, V_PACK_B32_F16 and V_CVT_PKNORM_I16_F16/U16_F16 write 32 bits, "
            "and the page does not say what bit 14 does there. llvm-mc 14 and 19 take and "
            "print it on all five (v_mad_u32_u16 v1, v2, v3, v4 op_sel:[0,0,0,1] sets bit 14; "
            "v_pack_b32_f16's third value is the destination's, bit 14): op_sel has one value "
            "per source then the destination's, whatever its width. "
            "gcnspec does the same.",
  probes=[asm("gcn1.4", ("v_mad_u32_u16 v1, v2, v3, v4 op_sel:[0,0,0,1]", ("byte", 1, 0x40)),
              ("v_pack_b32_f16 v1, v2, v3 op_sel:[0,0,1]", ("byte", 1, 0x40)), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")])


# ---- SDWA and DPP (GcnSdwaDpp.md) ------------------------------------------------------------
# The page's facts are not extracted yet (the codec does not model the two extra dwords): these
# errata quote nothing and cite the page's lines in their rationale; the runs decide them.

_SDWA_GENS = ("gcn1.2", "gcn1.4")
_LLVM_MC = ("llvm-mc-14", "llvm-mc-19")
_LLVM_SDWA = "LLVM's SDWA encodings (llvm/lib/Target/AMDGPU/VOPInstructions.td, VOP_SDWAe, " \
             "VOP_SDWA9e, VOP_SDWA9Ae, VOP_SDWA9Be) and tests (llvm/test/MC/AMDGPU/vop_sdwa.s)"

E(id="E254",
  title="VOP_SDWA's bits 24-26 are SRC1_SEL: the page names them SRC0_SEL a second time",
  settles=[], category="field-conflict",
  classification="doc-erratum",
  decisions=[{"op": "field", "encoding": e, "field": "SRC1_SEL", "gens": list(_SDWA_GENS),
              "bits": [56, 58]} for e in ("VOP1_SDWA", "VOP2_SDWA", "VOPC_SDWA")],
  rationale="GcnSdwaDpp.md:20 gives bits 16-18 to SRC0_SEL ('Source data selection for "
            "SRC0') and GcnSdwaDpp.md:24 gives bits 24-26 to SRC0_SEL again ('Source data "
            "selectio for SRC1'): the second is SRC1_SEL, as its description, the SRC1_SEXT/"
            "SRC1_NEG/SRC1_ABS rows after it and the Operation's 'switch(SRC1_SEL)' "
            "(GcnSdwaDpp.md:78) say. llvm-mc 14 and 19 put src1_sel in bits 24-26 (byte 7) "
            "and src0_sel in bits 16-18 (byte 6) on GCN 1.2 and 1.4.",
  sources=[_LLVM_SDWA],
  probes=[asm(g, ("v_add_f32_sdwa v1, v2, v3 src0_sel:BYTE_1 src1_sel:WORD_1", ("byte", 6, 0x01)),
              ("v_add_f32_sdwa v1, v2, v3 src0_sel:BYTE_1 src1_sel:WORD_1", ("byte", 7, 0x05)),
              peer=p) for g in _SDWA_GENS for p in _LLVM_MC])

E(id="E255",
  title="GCN 1.4's VOP_SDWA: scalar sources, OMOD and VOPC's SDST; the page has GCN 1.2's",
  settles=[], category="field-missing",
  classification="doc-omission",
  decisions=[{"op": "field", "encoding": e, "field": f, "gens": ["gcn1.4"], "bits": b}
             for e, f, b in (("VOP1_SDWA", "OMOD", [46, 47]), ("VOP1_SDWA", "S0", [55, 55]),
                             ("VOP2_SDWA", "OMOD", [46, 47]), ("VOP2_SDWA", "S0", [55, 55]),
                             ("VOP2_SDWA", "S1", [63, 63]),
                             ("VOPC_SDWA", "DST_SEL", None), ("VOPC_SDWA", "DST_UNUSED", None),
                             ("VOPC_SDWA", "CLAMP", None), ("VOPC_SDWA", "SDST", [40, 46]),
                             ("VOPC_SDWA", "SD", [47, 47]), ("VOPC_SDWA", "S0", [55, 55]),
                             ("VOPC_SDWA", "S1", [63, 63]))],
  rationale="The page describes 'GCN 1.2 VOP_SDWA' (GcnSdwaDpp.md:1, its field table "
            "GcnSdwaDpp.md:14-27) and says nothing of GCN 1.4, whose SDWA dword differs: "
            "bit 23 (S0) makes SRC0 a scalar operand code (an SGPR, a constant), bit 31 (S1) "
            "the same of VOP2's/VOPC's VSRC1, bits 14-15 hold OMOD on VOP1/VOP2, and a VOPC "
            "word holds SDST in bits 8-14 with bit 15 (SD) set, VCC with it clear, where GCN "
            "1.2's VOPC has DST_SEL/DST_UNUSED's bits unused and CLAMP in bit 13 (GCN 1.4's "
            "VOPC has no clamp: llvm-mc refuses it there). llvm-mc 14 and 19 encode "
            "v_add_f32_sdwa v1, s2, v3 (bit 23), v1, v2, s3 (bit 31), mul:2 (bits 14-15) and "
            "v_cmp_eq_f32_sdwa s[2:3], v1, v2 (bits 8-15: 0x82) on gfx900 and refuse all four "
            "on tonga. The page's table holds for GCN 1.2 alone; GCN 1.4's layout is LLVM's "
            "(its SDWA9 encodings and tests, below).",
  sources=[_LLVM_SDWA],
  probes=[asm("gcn1.4", ("v_add_f32_sdwa v1, s2, v3 src0_sel:BYTE_1", ("byte", 6, 0x81)),
              ("v_add_f32_sdwa v1, v2, s3", ("byte", 7, 0x86)),
              ("v_add_f32_sdwa v1, v2, v3 mul:2", ("byte", 5, 0x56)),
              ("v_cmp_eq_f32_sdwa s[2:3], v1, v2 src0_sel:BYTE_1", ("byte", 5, 0x82)),
              ("v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:BYTE_1", ("byte", 5, 0x00)),
              ("v_cmp_eq_f32_sdwa vcc, v1, v2 clamp src0_sel:BYTE_1", REJ), peer=p)
          for p in _LLVM_MC] +
         [asm("gcn1.2", ("v_add_f32_sdwa v1, s2, v3 src0_sel:BYTE_1", REJ),
              ("v_add_f32_sdwa v1, v2, s3", REJ), ("v_add_f32_sdwa v1, v2, v3 mul:2", REJ),
              ("v_cmp_eq_f32_sdwa s[2:3], v1, v2 src0_sel:BYTE_1", REJ), peer=p)
          for p in _LLVM_MC])

E(id="E256",
  title="DPP's BOUND_CTRL: the Operation zeroes invalid lanes at 0, the prose at 1",
  settles=[], category="description-contradiction",
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="GcnSdwaDpp.md:246-249: 'Zero value (no modifier) do not perform operation in "
            "thread that source threads are invalid. One value (with modifier) fills invalid "
            "threads by 0 value.' The Operation (GcnSdwaDpp.md:352-355) does the opposite: "
            "'else if (BOUND_CTRL==0) SRC0_DST[LANEID] = 0 else invalid = 1'. The prose is "
            "right: the modifier sets the bit (llvm-mc 14 and 19 encode bound_ctrl:0 as bit "
            "19 set and print it bound_ctrl:1; LLVM's modifier reference says bound_ctrl:1 "
            "'Enables data sharing with invalid lanes. Accessing data from an invalid lane "
            "will return zero', bound_ctrl:0 meaning the same for historical reasons). The "
            "Operation's test is inverted.",
  sources=["LLVM, llvm/docs/AMDGPUModifierSyntax.rst, bound_ctrl (and reviews.llvm.org "
           "D97048: both bound_ctrl:0 and bound_ctrl:1 encode 1, printed bound_ctrl:1)"],
  probes=[asm(g, ("v_mov_b32_dpp v1, v2 row_shr:1 bound_ctrl:0", ("byte", 6, 0x09)),
              ("v_mov_b32_dpp v1, v2 row_shr:1", ("byte", 6, 0x01)), peer=p)
          for g in _SDWA_GENS for p in _LLVM_MC] +
         [{"gen": g, "disasm": True, "peer": p,
           "lines": ["0xfa,0x02,0x02,0x7e,0x02,0x11,0x09,0xff"],
           "expect": [("text", "v_mov_b32_dpp v1, v2 row_shr:1 row_mask:0xf bank_mask:0xf "
                               "bound_ctrl:1")]}
          for g in _SDWA_GENS for p in _LLVM_MC])

E(id="E257",
  title="The page's SDWA/DPP assembler spellings: LLVM takes its own names in its own order",
  settles=[], category="syntax-operand",
  classification="llvm-lacks",
  decisions=[{"op": "none"}],
  rationale="The page gives the selects the assembler names 'BYTE0, BYTE_0, B0' ... 'DWORD, "
            "DW' and DST_UNUSED 'PAD', 'SEXT', 'PRESERVE' (GcnSdwaDpp.md:34-52), writes "
            "them in lower case and in any order (its examples, GcnSdwaDpp.md:60-64: "
            "'dst_sel:byte_1 src0_sel:byte1 src1_sel:word1 dst_unused:preserve'), and gives "
            "DPP a bare 'wave_shl' and 'bound_ctrl' (GcnSdwaDpp.md:266-282). llvm-mc 14 and "
            "19 take BYTE_0..BYTE_3, WORD_0, WORD_1, DWORD and UNUSED_PAD/UNUSED_SEXT/"
            "UNUSED_PRESERVE in upper case alone ('invalid dst_sel value', 'invalid "
            "dst_unused value'), the modifiers in the order clamp, omod, dst_sel, "
            "dst_unused, src0_sel, src1_sel (DPP: the control, row_mask, bank_mask, "
            "bound_ctrl) with any of them left out, wave_shl:1 ('expected a colon' without "
            "the value) and bound_ctrl:0 (or :1) but not a bare bound_ctrl. They take a bare "
            "mnemonic with SDWA or DPP modifiers as the _sdwa/_dpp form. gcnspec's "
            "assembler, when it models the two dwords, takes what llvm-mc takes and prints "
            "what it prints.",
  probes=[asm(g, ("v_xor_b32 v1, v2, v3 dst_sel:byte_1 src0_sel:byte1 src1_sel:word1", REJ),
              ("v_xor_b32 v1, v2, v3 dst_sel:BYTE_1 dst_unused:preserve", REJ),
              ("v_xor_b32 v1, v2, v3 dst_sel:B1", REJ),
              ("v_xor_b32 v1, v2, v3 src1_sel:BYTE_1 src0_sel:WORD_1", REJ),
              ("v_xor_b32 v1, v2, v3 wave_shl", REJ),
              ("v_xor_b32 v1, v2, v3 row_shr:7 bound_ctrl", REJ),
              ("v_xor_b32 v1, v2, v3 dst_sel:BYTE_1 src0_sel:BYTE_1 src1_sel:WORD_1",
               ("byte", 5, 0x11)),
              ("v_xor_b32 v1, v2, v3 wave_shl:1", ("byte", 5, 0x30)), peer=p)
          for g in _SDWA_GENS for p in _LLVM_MC])

_SDWA_LLVM_ODD = [  # (word, LLVM's text): values the page's tables do not give
    ("0xf9,0x06,0x02,0x02,0x02,0x18,0x00,0x06",  # DST_UNUSED 3
     "v_add_f32_sdwa v1, v2, v3 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:BYTE_0 "
     "src1_sel:DWORD"),
    ("0xfa,0x06,0x02,0x02,0x02,0x31,0x01,0xff",  # DPP_CTRL 0x131
     "v_add_f32_dpp v1, v2, v3 /* Invalid dpp_ctrl value */ row_mask:0xf bank_mask:0xf")]

E(id="E258",
  title="LLVM decodes SDWA/DPP values the page does not define, and crashes on a select of 7",
  settles=[], category="field-conflict",
  classification="llvm-bug",
  decisions=[{"op": "none"}],
  rationale="The page's DST_UNUSED takes 0-2 (GcnSdwaDpp.md:45-49), the selects 0-6 "
            "(GcnSdwaDpp.md:32-40) and DPP_CTRL the values of its table (GcnSdwaDpp.md:"
            "201-216). LLVM 14's and 19's disassemblers decode DST_UNUSED 3 as "
            "dst_unused:UNUSED_PAD (its text assembles to 0, not 3) and a DPP_CTRL the table "
            "lacks (0x100, 0x110, 0x131, 0x144-0x1ff) with the text '/* Invalid dpp_ctrl "
            "value */', which no assembler takes back; and both crash (SIGSEGV, in every "
            "build we have) on a DST_SEL, SRC0_SEL or SRC1_SEL of 7, e.g. "
            "0xf9,0x00,0x00,0x00,0x00,0x07,0x00,0x00 (v_cndmask_b32_sdwa, DST_SEL 7), "
            "0xf9,0x02,0x02,0x7e,0x02,0x16,0x07,0x00 (v_mov_b32_sdwa, SRC0_SEL 7) and "
            "0xf9,0x06,0x02,0x02,0x02,0x16,0x06,0x07 (v_add_f32_sdwa, SRC1_SEL 7), on tonga "
            "and gfx900 (spec/peers/llvm-known.json '*-sdwa-*-sel-7-crash', which the "
            "isolated differential records; no probe here, a crash has no text). On GCN 1.4 they "
            "also drop a VOPC word's bits 8-14 when bit 15 (SD) is clear: "
            "0xf9,0x04,0x84,0x7c,0x01,0x02,0x01,0x06 prints as v_cmp_eq_f32_sdwa vcc, which "
            "assembles to 0x00 in byte 5 (E255). gcnspec refuses all of these words.",
  probes=[{"gen": g, "disasm": True, "peer": p, "lines": [w for w, _ in _SDWA_LLVM_ODD],
           "expect": [("text", t) for _, t in _SDWA_LLVM_ODD]}
          for g in _SDWA_GENS for p in _LLVM_MC] +
         [{"gen": "gcn1.4", "disasm": True, "peer": p,
           "lines": ["0xf9,0x04,0x84,0x7c,0x01,0x02,0x01,0x06"],
           "expect": [("text", "v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:BYTE_1 src1_sel:DWORD")]}
          for p in _LLVM_MC])

E(id="E259",
  title="SDWA and DPP forms the page gives every VOP1/VOP2/VOPC word and LLVM lacks",
  settles=[], category="availability",
  classification="llvm-lacks",
  decisions=[{"op": "none"}],
  rationale="GcnSdwaDpp.md:10 and :193 enable SDWA (SRC0 0xF9) and DPP (0xFA) 'in "
            "VOP1/VOP2/VOPC encoding' with no exception. LLVM 14 and 19 (the same set in both; "
            "spec/peers/sdwa-dpp-forms-vs-llvm.json, written by "
            "tools/curate/probe_sdwa_dpp.py from gcn.json's words, ctest sdwa_dpp_forms_vs_llvm) have no SDWA or DPP "
            "form of the instructions with a 64-bit operand (the F64 conversions and "
            "arithmetic, the F64/I64/U64 compares: 23 VOP1 and 66 VOPC instructions), of "
            "V_NOP and V_CLREXCP (no operand), V_READFIRSTLANE_B32 (an SGPR result), "
            "V_MOV_FED_B32, V_MADMK/V_MADAK_F16/F32 (a literal), GCN 1.2's V_MOVREL*_B32, "
            "GCN 1.4's V_SWAP_B32, V_MOV_PRSV_B32 and V_WRITELANE_REGWR_B32; no SDWA form of "
            "GCN 1.4's V_MAC_F16/F32 (its DPP form it has); and no DPP form of any VOPC "
            "instruction on either generation ('dpp variant of this instruction is not "
            "supported', the disassembler refuses the words). LLVM decodes 234 (GCN 1.2) and "
            "239 (GCN 1.4) SDWA words and 102 and 109 DPP words of the 327 and 334 "
            "instructions. llvm-mc also encodes v_nop_sdwa as an 8-byte word "
            "(0xf9,0x00,0x00,0x7e,0x00,0x00,0x00,0x00) that it prints 'v_nop' and its "
            "disassembler refuses. The page decides the spec: the forms are the page's; "
            "where LLVM lacks one, the peer tests classify it by this erratum.",
  probes=[asm(g, ("v_ceil_f64_sdwa v[2:3], v[4:5]", REJ),
              ("v_ceil_f64_dpp v[2:3], v[4:5] quad_perm:[0,1,2,3]", REJ),
              ("v_readfirstlane_b32_sdwa s1, v2", REJ),
              ("v_cmp_eq_f64_sdwa vcc, v[2:3], v[4:5]", REJ),
              ("v_cmp_eq_f32_dpp vcc, v1, v2 quad_perm:[0,1,2,3]", REJ),
              ("v_madmk_f32_sdwa v1, v2, 0x1, v3", REJ),
              ("v_mac_f32_dpp v1, v2, v3 quad_perm:[0,1,2,3]", ("byte", 0, 0xFA)),
              ("v_mac_f32_sdwa v1, v2, v3", ("byte", 0, 0xF9) if g == "gcn1.2" else REJ),
              ("v_nop_sdwa", ("byte", 0, 0xF9)), peer=p)
          for g in _SDWA_GENS for p in _LLVM_MC])
# ---- VOP3P (GCN 1.4) ---------------------------------------------------------------------------

E(id="E270",
  title="VOP3P's OP_SEL_HI: bit 14 is SRC2's and bits 59-60 SRC0's and SRC1's, not 14, 59, 60",
  settles=[], category="field-conflict",
  facts=["GcnInstrsVop3p.md:14:field", "GcnInstrsVop3p.md:41:table-row",
         "GcnInstrsVop3p.md:42:table-row", "GcnInstrsVop3p.md:43:table-row"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The page's table gives OP_SEL_HI's bit 14 to SRC0, 59 to SRC1 and 60 to SRC2. "
            "llvm-mc 14 and 19 put SRC0's op_sel_hi in bit 59, SRC1's in bit 60 and SRC2's in "
            "bit 14, and their disassemblers read them so (0xd3a04001, 0x04120702 is "
            "v_mad_mix_f32 v1, v2, v3, v4 op_sel_hi:[0,0,1]); AMD's Vega ISA names bit 14 "
            "OPSEL_HI2. The spec's OP_SEL_HI modifier takes the field OP_SEL_HI_1 (bits 59-60) "
            "as its SRC0 and SRC1 bits and OP_SEL_HI (bit 14) as SRC2's (field_hi).",
  probes=[asm("gcn1.4", ("v_mad_mix_f32 v1, v2, v3, v4 op_sel_hi:[0,0,1]", ("byte", 1, 0x40)),
              ("v_mad_mix_f32 v1, v2, v3, v4 op_sel_hi:[1,0,0]", ("byte", 7, 0x0c)),
              ("v_mad_mix_f32 v1, v2, v3, v4 op_sel_hi:[0,1,0]", ("byte", 7, 0x14)), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E271",
  title="V_PK_MUL_LO_U16's syntax line names V_PK_MUL_U16",
  settles=["misspelled-mnemonic/VOP3P/V_PK_MUL_LO_U16"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The section headed V_PK_MUL_LO_U16 (the table's opcode 1) writes 'Syntax: "
            "V_PK_MUL_U16 VDST, SRC0, SRC1': no instruction has that name (llvm-mc 14 and 19: "
            "'invalid instruction'); the operands are the section's, which llvm-mc assembles "
            "as v_pk_mul_lo_u16. The spec keeps the heading's name.",
  probes=[asm("gcn1.4", ("v_pk_mul_lo_u16 v1, v2, v3", op("VOP3P", 1)),
              ("v_pk_mul_u16 v1, v2, v3", REJ), peer=p) for p in ("llvm-mc-14", "llvm-mc-19")])

_MIX_GETSOURCE = ("FLOAT getSource(UINT32 S, BYTE OP_SEL, BYTE OP_SEL_HI, SRCINDEX)\n"
                  "{\n"
                  "    BYTE mask = 1<<SRCINDEX\n"
                  "    if ((OP_SEL_HI&mask) == 0)\n"
                  "        return ASFLOAT(S)\n"
                  "    if ((OP_SEL&mask) == 0 && (OP_SEL_HI&mask) == 1)\n"
                  "        return (FLOAT)ASHALF(S&0xffff)\n"
                  "    else\n"
                  "        return (FLOAT)ASHALF(S>>16)\n"
                  "}\n")


def _mix_source(k):
    return ("FLOAT SS%d = getSource(SRC%d, OP_SEL, OP_SEL_HI, %d)" % (k, k, k),
            "FLOAT SS%d = (OP_SEL_HI&%d) == 0 ? ASFLOAT(SRC%d) : ((OP_SEL&%d) == 0 ? "
            "(FLOAT)ASHALF(SRC%d&0xffff) : (FLOAT)ASHALF(SRC%d>>16))" % (k, 1 << k, k, 1 << k, k, k))


E(id="E272",
  title="V_MAD_MIX*'s Operation defines a function, tests a mask bit against 1, and MIXLO keeps "
        "12 bits",
  settles=["pseudocode-parse/VOP3P/V_MAD_MIX_F32"],
  classification="doc-erratum",
  decisions=[fix("VOP3P", m, [_MIX_GETSOURCE, ""], *[list(_mix_source(k)) for k in range(3)],
                 *([["(ASUINT32((HALF)(S0 * S1 + S2))&0xfff)", "(ASUINT32((HALF)(S0 * S1 + S2))&0xffff)"]]
                   if m == "V_MAD_MIXLO_F16" else []))
             for m in ("V_MAD_MIX_F32", "V_MAD_MIXLO_F16", "V_MAD_MIXHI_F16")],
  rationale="The three sections' Operation opens with a function, 'FLOAT getSource(UINT32 S, "
            "BYTE OP_SEL, BYTE OP_SEL_HI, SRCINDEX) { ... }', which the pseudocode has no "
            "syntax for; the correction writes each source's selection inline. The function "
            "also tests '(OP_SEL_HI&mask) == 1', false for SRC1 and SRC2 (masks 2 and 4), which "
            "would read their high half where the table before it says 'FP16 in lower part': "
            "the correction tests the bit alone. V_MAD_MIXLO_F16 keeps '&0xfff' of its half "
            "result, 12 bits of the 16 its description stores in the lower 16 bits: the "
            "correction keeps 0xffff. (The oracle does not execute VOP3P yet.)")


# ---- the constant bus (VOP1, VOP2, VOPC, VOP3, VOP3P) ------------------------------------------

_CBUS_PAGES = ("GcnInstrsVop1.md:82", "GcnInstrsVop2.md:83", "GcnInstrsVopc.md:72",
               "GcnInstrsVop3.md:76", "GcnInstrsVop3p.md:47")

E(id="E282",
  title="V_DIV_FMAS_F32/F64 read VCC, which no line of their sections names",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVop3.md:815:operation", "GcnInstrsVop3.md:835:operation",
         "GcnInstrsVop3.md:76:note"],
  classification="doc-omission",
  decisions=[{"op": "none"}],
  rationale="The sections of V_DIV_FMAS_F32/F64 ('Special case divide FMA with scale and "
            "flags') scale the result by a power of two chosen by the source's magnitude and "
            "never read VCC; the flags V_DIV_SCALE writes to VCC are what the instruction "
            "reads (AMD's ISA manuals: 'if VCC[lane] ...'), so it reads one scalar value "
            "besides its sources, which the page's rule ('only one SGPR can be read by "
            "instruction', GcnInstrsVop3.md:76-77) counts. llvm-mc 14 and 19 refuse an SGPR "
            "source on every generation ('invalid operand (violates constant bus "
            "restrictions)') and take vcc itself, the same register. The spec's VOP3 "
            "constant_bus lists V_DIV_FMAS_F32/F64 with VCC read implicitly (this erratum).",
  probes=[asm(g, ("v_div_fmas_f32 v0, s1, v1, v2", REJ), ("v_div_fmas_f32 v0, 1.0, v1, v2", ACC),
              ("v_div_fmas_f64 v[0:1], s[0:1], v[2:3], v[4:5]", REJ),
              ("v_div_fmas_f64 v[0:1], vcc, v[2:3], v[4:5]", ACC), peer=p)
          for g in GENS for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E283",
  title="The constant bus: 'one SGPR' counts every scalar register and condition, not LDS_DIRECT",
  settles=[], category="syntax-operand",
  facts=[f + ":note" for f in _CBUS_PAGES],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The VALU pages allow 'only one SGPR' per instruction and a literal 'only when a "
            "SGPR or M0 is not used': they name SGPRs and M0 and say nothing of VCC, EXEC, the "
            "trap registers, FLAT_SCRATCH, the conditions (VCCZ, EXECZ, SCC) or LDS_DIRECT, "
            "which the same source fields hold. llvm-mc 14 and 19 count every one of them "
            "but LDS_DIRECT (and the inline constants): v_fma_f32 v0, scc, s1, v2 and "
            "v_fma_f32 v0, exec_lo, s1, v2 are refused, v_fma_f32 v0, src_lds_direct, s1, v2 "
            "is taken. The spec's constant_bus counts the classes sgpr, special, ttmp and cond "
            "of gcn.json's scalar_operands.",
  probes=[asm(g, ("v_fma_f32 v0, scc, s1, v2", REJ), ("v_fma_f32 v0, exec_lo, s1, v2", REJ),
              ("v_fma_f32 v0, m0, s1, v2", REJ), ("v_fma_f32 v0, ttmp0, s1, v2", REJ),
              ("v_fma_f32 v0, vccz, s1, v2", REJ), ("v_fma_f32 v0, src_lds_direct, s1, v2", ACC),
              ("v_fma_f32 v0, s1, 1.0, s1", ACC), ("v_fma_f32 v0, s1, 1.0, s2", REJ), peer=p)
          for g in GENS for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E284",
  title="The constant bus: 'this same SGPR' is the same register of the same width",
  settles=[], category="syntax-operand",
  facts=[f + ":note" for f in _CBUS_PAGES],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="'Multiple occurrences of this same SGPR is allowed' leaves open an SGPR read "
            "alone and as part of a pair (s0 and s[0:1]), or the halves of a pair (vcc_lo, "
            "vcc_hi). llvm-mc 14 and 19 count one value per register operand as written: the "
            "same first register and width once (v_fma_f64 v[0:1], s[0:1], v[2:3], s[0:1] and "
            "v_fma_f32 v0, s0, s0, v1 are taken), any other twice (v_cndmask_b32_e64 v0, s0, "
            "v1, s[0:1] and v_fma_f32 v0, vcc_lo, vcc_hi, v1 are refused). The spec's "
            "constant_bus counts so ('same_register': 'once', by code and width).",
  probes=[asm(g, ("v_fma_f64 v[0:1], s[0:1], v[2:3], s[0:1]", ACC),
              ("v_fma_f32 v0, s0, s0, v1", ACC),
              ("v_cndmask_b32_e64 v0, s0, v1, s[0:1]", REJ),
              ("v_fma_f32 v0, vcc_lo, vcc_hi, v1", REJ), peer=p)
          for g in GENS for p in ("llvm-mc-14", "llvm-mc-19")])


E(id="E276",
  title="V_WRITELANE_B32's lane select: the pages count M0 on the constant bus, LLVM 19 does not",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVop2.md:1296:description", "GcnInstrsVop3.md:2119:description",
         "GcnInstrsVop2.md:83:note", "GcnInstrsVop3.md:76:note"],
  quotes=[{"at": "GcnInstrsVop2.md:1297", "text": "SSRC1 can be SGPR or M0"},
          {"at": "GcnInstrsVop2.md:83", "text": "only one SGPR can be read by instruction"},
          {"at": "GcnInstrsVop2.md:85", "text": "only when a SGPR or M0 is not used in"}],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="V_WRITELANE_B32 writes the scalar SSRC0 into the lane of VDST that SSRC1 selects, "
            "and 'SSRC1 can be SGPR or M0' (GcnInstrsVop2.md:1296-1297, GcnInstrsVop3.md:2119-"
            "2120). The VOP2 and VOP3 pages allow 'only one SGPR' per instruction and a literal "
            "only where 'a SGPR or M0' is not used (GcnInstrsVop2.md:83-86, GcnInstrsVop3.md:76-"
            "79), and say nothing of a lane select: read with E283 (M0 counts as an SGPR does), "
            "v_writelane_b32 v1, s2, m0 reads two scalar values, which the rule refuses. "
            "llvm-mc-14 refuses it on every generation ('invalid operand (violates constant bus "
            "restrictions)'); llvm-mc-19 takes it on every generation (LLVM's assembler exempts "
            "M0 as V_WRITELANE_B32's lane select from the count since LLVM 18, llvm/llvm-project "
            "pull request 78827, after its instruction selector's note that the lane select "
            "does not use the constant bus) and still refuses an SGPR or VCC_LO as the lane "
            "select beside another SGPR, and a literal beside an SGPR. No document of the set "
            "makes the exception: gcnspec keeps the pages' rule (and llvm-mc-14's answer), "
            "refuses the line and the word ('v_writelane_b32 reads 2 scalar values (s2, m0): "
            "the constant bus takes 1'), and the syntax cases' cbus-sgpr-m0 form holds it to "
            "both llvm-mc (spec/peers/llvm-mc-syntax-known.json S112).",
  probes=[asm(g, ("v_writelane_b32 v1, s2, m0", REJ), ("v_writelane_b32 v1, s2, s3", REJ),
              ("v_writelane_b32 v1, s2, s2", ACC), ("v_writelane_b32 v1, m0, m0", ACC),
              ("v_writelane_b32 v1, 5, m0", ACC), peer="llvm-mc-14") for g in GENS] +
         [asm(g, ("v_writelane_b32 v1, s2, m0", ACC), ("v_writelane_b32 v1, m0, s2", REJ),
              ("v_writelane_b32 v1, s2, s3", REJ), ("v_writelane_b32 v1, s2, vcc_lo", REJ),
              ("v_readlane_b32 s1, v2, m0", ACC), peer="llvm-mc-19") for g in GENS])

E(id="E277",
  title="V_PACK_B32_F16 reads its sources' low 16 bits as integers; LLVM reads them as halves",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVop3.md:1929:syntax-line", "GcnInstrsVop3.md:1930:description",
         "GcnInstrsVop3.md:1932:operation"],
  quotes=[{"at": "GcnInstrsVop3.md:1930", "text": "Get lower 16-bits from SRC0 and put to lower "
                                                  "16-bits in VDST"},
          {"at": "GcnInstrsVop3.md:1934", "text": "VDST = (SRC0&0xffff) | (SRC1<<16)"}],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The section is named for halves (_F16) but its description and Operation move "
            "bits: 'Get lower 16-bits from SRC0 ...', 'VDST = (SRC0&0xffff) | (SRC1<<16)', no "
            "ASHALF; the spec reads its sources as 16-bit integers (format i16, "
            "gen_spec_inputs' vop3_src16_overrides) and gives them no source modifier (no "
            "ASHALF/ASFLOAT in the Operation). LLVM reads them as halves (f16 operands): "
            "llvm-mc 14 and 19 take 0x3c00, 0x3800, 0xbc00 and 0x3118 as the inline 1.0, 0.5, "
            "-1.0 and 1/(2*pi) (codes 242, 240, 243, 248), which gcnspec refuses (a 16-bit "
            "integer that is no inline constant needs a literal, which GCN 1.4's VOP3 cannot "
            "hold), and take -v2 and |v2| (the NEG and ABS bits), which gcnspec refuses too "
            "(its decoder refuses such a word: llvm-known.json's source-modifier entry). Both "
            "read 0xffff and 0xfffe as -1 and -2, 1.0 as 242, and refuse 0x10000 and 0x3c003c00. "
            "Whether NEG/ABS flip a half's sign and magnitude or are undefined on this move, no "
            "document of the set says; gcnspec follows the page's Operation until one does "
            "(the disagreement is on these spellings and modifiers alone, not on bytes both "
            "take).",
  probes=[asm("gcn1.4", ("v_pack_b32_f16 v1, 0x3c00, v3", ("byte", 4, 0xf2)),
              ("v_pack_b32_f16 v1, v2, 0x3800", ("byte", 5, 0xe1)),
              ("v_pack_b32_f16 v1, 0x3118, v3", ("byte", 4, 0xf8)),
              ("v_pack_b32_f16 v1, -v2, v3", ("byte", 7, 0x20)),
              ("v_pack_b32_f16 v1, |v2|, v3", ("byte", 1, 0x01)),
              ("v_pack_b32_f16 v1, 0xffff, v3", ("byte", 4, 0xc1)),
              ("v_pack_b32_f16 v1, 0x10000, v3", REJ),
              ("v_pack_b32_f16 v1, 0x3c003c00, v3", REJ), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E285",
  title="The VOP3 interpolations' sources are VGPRs: the constant bus and LDS_DIRECT rules "
        "never apply",
  settles=[], category="syntax-operand",
  facts=["GcnInstrsVop3.md:992:syntax-line", "GcnInstrsVop3.md:1008:syntax-line",
         "GcnInstrsVop3.md:1035:syntax-line", "GcnInstrsVop3.md:76:note",
         "GcnInstrsVop3.md:80:note"],
  classification="doc-omission",
  decisions=[{"op": "none"}],
  rationale="GCN 1.2/1.4's VOP3 forms of the interpolations (V_INTERP_P1_F32, P2_F32, "
            "MOV_F32, P1LL_F16, P1LV_F16, P2_F16, GCN 1.4's P2_LEGACY_F16) hold the attribute "
            "in SRC0 and name their other sources VSRC and VSRC1 (GcnInstrsVop3.md:992, 1008, "
            "1035), vector registers, in 9-bit fields that could hold a scalar register, a "
            "constant or LDS_DIRECT; the page's 'Limitations for operands' (one SGPR, LDS_DIRECT "
            "in SRC0 alone, GcnInstrsVop3.md:76-80) does not say whether it applies to them. "
            "The spec gives the sources the kind vsrc-vgpr (VGPRs alone), so neither rule can "
            "fire: gcnspec refuses s2, m0, 1.0 and src_lds_direct there ('expected a VGPR') and "
            "its decoder such a word ('SRC1=124 is not a valid operand there'), as llvm-mc-19 "
            "does ('invalid operand for instruction'; its disassembler marks such a register "
            "'Invalid register, operand has VGPR_32 register class'). llvm-mc-14 takes m0 and "
            "src_lds_direct in VSRC of v_interp_p1_f32_e64 and an SGPR or M0 in VSRC1 of "
            "v_interp_p2_f16 and v_interp_p1lv_f16 (an SGPR in VSRC it refuses as a constant bus "
            "violation, 1.0 too), an LLVM 14 defect that LLVM 19 fixed.",
  probes=[asm(g, ("v_interp_p1_f32_e64 v1, s2, attr0.x", REJ),
              ("v_interp_p1_f32_e64 v1, m0, attr0.x", REJ),
              ("v_interp_p1_f32_e64 v1, src_lds_direct, attr0.x", REJ),
              ("v_interp_p1lv_f16 v1, v2, attr0.x, s3", REJ),
              ("v_interp_p2_f16 v1, v2, attr0.x, m0", REJ),
              ("v_interp_p2_f16 v1, v2, attr0.x, src_lds_direct", REJ),
              ("v_interp_p2_f16 v1, v2, attr0.x, v3", ACC), peer="llvm-mc-19")
          for g in ("gcn1.2", "gcn1.4")] +
         [asm(g, ("v_interp_p1_f32_e64 v1, m0, attr0.x", ACC),
              ("v_interp_p1_f32_e64 v1, src_lds_direct, attr0.x", ACC),
              ("v_interp_p2_f16 v1, v2, attr0.x, s3", ACC),
              ("v_interp_p1_f32_e64 v1, s2, attr0.x", REJ), peer="llvm-mc-14")
          for g in ("gcn1.2", "gcn1.4")])


E(id="E273",
  title="V_MAD_MIX*'s table says 'FP32 in higher part' where its Operation reads a half",
  settles=[], category="description-contradiction",
  facts=["GcnInstrsVop3p.md:97:table-row", "GcnInstrsVop3p.md:133:table-row",
         "GcnInstrsVop3p.md:169:table-row", "GcnInstrsVop3p.md:100:operation",
         "GcnInstrsVop3p.md:136:operation", "GcnInstrsVop3p.md:172:operation"],
  quotes=[q for a, b in ((97, 109), (133, 145), (169, 181))
          for q in ({"at": "GcnInstrsVop3p.md:%d" % a, "text": "FP32 in higher part"},
                    {"at": "GcnInstrsVop3p.md:%d" % b, "text": "return (FLOAT)ASHALF(S>>16)"})],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The three V_MAD_MIX* sections' tables end with 'OP_SEL 1, OP_SEL_HI 1: FP32 in "
            "higher part', a float that the high 16 bits of a dword cannot hold; the same "
            "sections' Operation returns '(FLOAT)ASHALF(S>>16)' there, a half (FP16) from the "
            "high part, as the row before it reads one from the lower part. LLVM agrees with "
            "the Operation: its code generator selects a half taken from each source's high "
            "16 bits with op_sel:[1,1,1] and op_sel_hi set (llvm/test/CodeGen/AMDGPU/mad-mix.ll, "
            "v_mad_mix_f32_f16hi_f16hi_f16hi_int), and llvm-mc 14 and 19 encode that selection "
            "(bits 11-13 and 14, 59-60). The spec follows the Operation (E272's form); the "
            "table's cell should read 'FP16 in higher part'.",
  probes=[asm("gcn1.4", *[("v_mad_mix%s v1, v2, v3, v4 op_sel:[1,1,1] op_sel_hi:[1,1,1]" % m,
                           ("byte", 1, 0x78)) for m in ("_f32", "lo_f16", "hi_f16")],
              ("v_mad_mix_f32 v1, v2, v3, v4 op_sel:[1,1,1] op_sel_hi:[1,1,1]",
               ("byte", 7, 0x1c)), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E274",
  title="VOP3P's CLAMP note says 0.0-1.0; the integer sections saturate to 16 bits",
  settles=[], category="description-contradiction",
  facts=["GcnInstrsVop3p.md:27:note", "GcnInstrsVop3p.md:211:description",
         "GcnInstrsVop3p.md:232:description"],
  quotes=[{"at": "GcnInstrsVop3p.md:27",
           "text": "CLAMP - clamps destination floating point value in range 0.0-1.0"},
          {"at": "GcnInstrsVop3p.md:213",
           "text": "If CLAMP modifier supplied, then results are saturated to 16-bit signed "
                   "values."},
          {"at": "GcnInstrsVop3p.md:234",
           "text": "If CLAMP modifier supplied, then results are saturated to 16-bit unsigned "
                   "values."}],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The page's modifier list says 'CLAMP - clamps destination floating point value "
            "in range 0.0-1.0', while the field table gives CLAMP (bit 15) to every VOP3P "
            "instruction and the integer sections say 'If CLAMP modifier supplied, then results "
            "are saturated to 16-bit signed values' (V_PK_ADD_I16, V_PK_SUB_I16, V_PK_MAD_I16; "
            "unsigned for the U16 ones) and their Operation clamps so. llvm-mc 14 and 19 take "
            "clamp on the integer instructions and set bit 15 (v_pk_add_i16, v_pk_add_u16, "
            "v_pk_lshlrev_b16). The spec gives clamp to every VOP3P instruction, as the field "
            "table and LLVM do, with the sections' meaning; the note holds for the F16 ones.",
  probes=[asm("gcn1.4", ("v_pk_add_i16 v1, v2, v3 clamp", ("byte", 1, 0xc0)),
              ("v_pk_add_u16 v1, v2, v3 clamp", ("byte", 1, 0xc0)),
              ("v_pk_lshlrev_b16 v1, v2, v3 clamp", ("byte", 1, 0xc0)), peer=p)
          for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E275",
  title="VOP3P's NEG/NEG_HI notes speak of floats; LLVM takes them on the integer instructions",
  settles=[], category="description-contradiction",
  facts=["GcnInstrsVop3p.md:31:note", "GcnInstrsVop3p.md:32:note",
         "GcnInstrsVop3p.md:12:field", "GcnInstrsVop3p.md:21:field"],
  classification="doc-ambiguity",
  decisions=[{"op": "none"}],
  rationale="The page says 'NEG - negate floating point value from lower part' and 'NEG_HI - "
            "negate floating point value from higher part', while its field table gives NEG "
            "(bits 61-63) and NEG_HI (bits 8-10) to every VOP3P instruction and no integer "
            "section says what they do to a 16-bit integer. llvm-mc 14 and 19 take neg_lo and "
            "neg_hi on the packed integer instructions (v_pk_add_u16 ... neg_lo:[1,0] sets bit "
            "61, neg_hi:[1,0] bit 8); llvm-mc-19 also SRC1's and SRC2's bits, which llvm-mc-14 "
            "drops (K101: v_pk_mad_i16 ... neg_lo:[0,0,1] is 0x1c in byte 7 on 14, 0x9c on 19). "
            "The spec keeps the field table's bits on every instruction, as LLVM 19; what they "
            "do to an integer the page leaves open (the oracle does not execute VOP3P yet).",
  probes=[asm("gcn1.4", ("v_pk_add_u16 v1, v2, v3 neg_lo:[1,0]", ("byte", 7, 0x38)),
              ("v_pk_add_u16 v1, v2, v3 neg_hi:[1,0]", ("byte", 1, 0x41)),
              ("v_pk_mad_i16 v1, v2, v3, v4 neg_lo:[0,0,1]", ("byte", 7, b7)), peer=p)
          for p, b7 in (("llvm-mc-14", 0x1c), ("llvm-mc-19", 0x9c))])

# ---- image memory (MIMG) ----------------------------------------------------------------------

MIMG_RES = ", v4, s[8:15] dmask:0x1"

E(id="E278",
  title="IMAGE_ATOMIC_UMIN is opcode 21 and IMAGE_ATOMIC_SMAX 22: their sections swap them",
  settles=["opcode-conflict/MIMG/IMAGE_ATOMIC_SMAX", "opcode-conflict/MIMG/IMAGE_ATOMIC_UMIN"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "MIMG", "mnemonic": "IMAGE_ATOMIC_UMIN", "opcode": 21},
             {"op": "opcode", "encoding": "MIMG", "mnemonic": "IMAGE_ATOMIC_SMAX", "opcode": 22}],
  rationale="Both opcode tables give SMIN 20, UMIN 21, SMAX 22, UMAX 23; the sections say "
            "'Opcode: 21 (0x15)' for IMAGE_ATOMIC_SMAX and '22 (0x16)' for IMAGE_ATOMIC_UMIN, "
            "the two middle ones swapped. llvm-mc 14 encodes image_atomic_umin with 21 and "
            "image_atomic_smax with 22 on every generation.",
  probes=[asm(g, ("image_atomic_umin v1" + MIMG_RES, op("MIMG", 21)),
              ("image_atomic_smax v1" + MIMG_RES, op("MIMG", 22))) for g in GENS])

E(id="E279",
  title="IMAGE_SAMPLE_C_B_CL_O is opcode 62 (0x3e): its section writes 0x62",
  settles=["dec-hex-mismatch/MIMG/IMAGE_SAMPLE_C_B_CL_O"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="'Opcode: 62 (0x62)': the hex repeats the decimal's digits; 0x62 is 98, which no "
            "MIMG instruction has. The tables and the decimal give 62, and llvm-mc 14 encodes "
            "image_sample_c_b_cl_o with 62.",
  probes=[asm(g, ("image_sample_c_b_cl_o v[0:3], v[4:8], s[8:15], s[16:19] dmask:0xf",
                  op("MIMG", 62))) for g in GENS])

E(id="E280",
  title="IMAGE_ATOMIC_RSUB exists on GCN 1.1 too: the table ticks GCN 1.0 alone",
  settles=["availability/MIMG/IMAGE_ATOMIC_RSUB"],
  classification="doc-erratum",
  decisions=[{"op": "opcode", "encoding": "MIMG", "mnemonic": "IMAGE_ATOMIC_RSUB",
              "gens": ["gcn1.0", "gcn1.1"], "opcode": 19}],
  rationale="The GCN 1.0/1.1 table leaves GCN 1.1's cell of IMAGE_ATOMIC_RSUB (19) empty; its "
            "section says 'Opcode: 19 (0x13) for GCN 1.0/1.1', and llvm-mc 14 and 19 encode "
            "image_atomic_rsub with 19 on tahiti and on bonaire. (MUBUF's BUFFER_ATOMIC_RSUB, "
            "E210, is in no LLVM.)",
  probes=[asm(g, ("image_atomic_rsub v1" + MIMG_RES, op("MIMG", 19)), peer=p)
          for g in ["gcn1.0", "gcn1.1"] for p in ("llvm-mc-14", "llvm-mc-19")])

E(id="E281",
  title="MIMG's Operation blocks use an image notation the pseudocode grammar lacks",
  settles=["pseudocode-parse/MIMG/IMAGE_ATOMIC_ADD", "pseudocode-parse/MIMG/IMAGE_ATOMIC_CMPSWAP",
           "pseudocode-parse/MIMG/IMAGE_ATOMIC_FCMPSWAP", "pseudocode-parse/MIMG/IMAGE_ATOMIC_SMAX",
           "pseudocode-parse/MIMG/IMAGE_ATOMIC_SMIN", "pseudocode-parse/MIMG/IMAGE_ATOMIC_SWAP",
           "pseudocode-parse/MIMG/IMAGE_GATHER4"],
  classification="doc-erratum",
  decisions=[{"op": "none"}],
  rationale="The image sections declare variables of types the pages never define (PIXELTYPE, "
            "COMPTYPE), call functions they never define (VMIMG, VMIMG_SAMPLE, GET_SAMPLES, "
            "CONVERT_FROM_IMAGE), use sizeof and slices (VDATA[0:(VDATA_SIZE>>1)-1]); besides, "
            "IMAGE_ATOMIC_SMAX/SMIN write 'MAX(INT64)VDATA[i],...' (a '(' missing) and "
            "IMAGE_GATHER4 '{ X+1 Y, VADDR[2] }' (a ',' missing). The blocks need the image "
            "model issue 25 brings (resources, samplers, formats): until then MIMG is "
            "oracle_pending and the spec keeps the blocks as written.")
