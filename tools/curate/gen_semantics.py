#!/usr/bin/env python3
"""Writes spec/curated/semantics.json: the semantics of the instructions the documents give no
Operation block for, so that every instruction of spec/gcn.json can execute in the oracle.

Each entry is one of:
  same_as      the instruction is the documents' instruction of that name in another encoding
               (GCN 1.0/1.1 SMRD is scalar memory in an older encoding: the same operation; the
               offset units differ, which operands.json records, not the pseudocode)
  code         pseudocode in the documents' own conventions, derived from a named source
  none         no effect on the state the oracle keeps (the reason says why)
  unsupported  no source defines what it does; executing it is an error naming this reason

Sources are quoted as they read, with where they are. The gem5 quotes are the AMD Vega ISA
descriptions gem5 carries in src/arch/amdgpu/vega/insts/*.cc ("description from .arch file"), at
gem5 v24.0.0.1. The resolver parses and checks every code block like an erratum's correction.
"""

import json
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(ROOT, "spec", "curated", "semantics.json")

GEM5 = "gem5 v24.0.0.1 src/arch/amdgpu/vega/insts/"

SMRD_SAME_AS_SMEM = [
    "S_LOAD_DWORD", "S_LOAD_DWORDX2", "S_LOAD_DWORDX4", "S_LOAD_DWORDX8", "S_LOAD_DWORDX16",
    "S_BUFFER_LOAD_DWORD", "S_BUFFER_LOAD_DWORDX2", "S_BUFFER_LOAD_DWORDX4",
    "S_BUFFER_LOAD_DWORDX8", "S_BUFFER_LOAD_DWORDX16", "S_MEMTIME", "S_DCACHE_INV",
    "S_DCACHE_INV_VOL",
]

# where each cache instruction's own words are: the SMEM page where it has a section, else the
# Vega ISA description gem5 carries
CACHE_NONE = {
    "S_DCACHE_INV": "004_f05d49f6c840f2a3.txt:995: 'Description: Invalidate entire L1 K cache.'",
    "S_DCACHE_INV_VOL": "004_f05d49f6c840f2a3.txt:1001: 'Description: Invalidate all volatile "
                        "lines in L1 K cache.'",
    "S_DCACHE_WB": GEM5 + "smem.cc:893: 'Write back dirty data in the scalar data cache.'",
    "S_DCACHE_WB_VOL": GEM5 + "smem.cc:929: 'Write back dirty data in the scalar data cache "
                              "volatile lines.'",
    "S_DCACHE_DISCARD": "004_f05d49f6c840f2a3.txt:979: 'Description: Discard one dirty scalar "
                        "data cache line.'",
    "S_DCACHE_DISCARD_X2": "004_f05d49f6c840f2a3.txt:987: 'Description: Discard two dirty "
                           "scalar data cache lines.'",
}

ENTRIES = []

for name in SMRD_SAME_AS_SMEM:
    ENTRIES.append({
        "encoding": "SMRD", "name": name,
        "same_as": {"encoding": "SMEM", "name": name},
        "note": "GCN 1.0/1.1 scalar memory (SMRD) performs the operation GCN 1.2/1.4 SMEM does for "
                "the same mnemonic; only the encoding differs. Its immediate and literal offsets "
                "count dwords, its SGPR offset bytes (operands.json, SMRD OFFSET 'scale'), so the "
                "pseudocode's byte OFFSET is the same.",
        "sources": ["LLVM AMDGPU: SMRD and SMEM instructions share one pseudo instruction per "
                    "mnemonic (SMInstructions.td) and llvm-mc assembles the same mnemonics for "
                    "tahiti/bonaire as for tonga/gfx900 (spec/curated/smrd.json evidence)"],
    })

for name, what in CACHE_NONE.items():
    ENTRIES.append({
        "encoding": "SMEM", "name": name,
        "none": "cache maintenance: the oracle keeps no scalar data cache, so the instruction "
                "changes nothing it models (registers, SCC, memory contents)",
        "sources": [what],
    })

ENTRIES += [
    {"encoding": "SMEM", "name": "S_ATC_PROBE",
     "none": "an address-translation probe or prefetch: no register, SCC or memory contents change",
     "sources": [GEM5 + "smem.cc:987: 'Probe or prefetch an address into the SQC data cache.'"]},
    {"encoding": "SMEM", "name": "S_ATC_PROBE_BUFFER",
     "none": "an address-translation probe or prefetch through a buffer descriptor: no register, "
             "SCC or memory contents change",
     "sources": [GEM5 + "smem.cc:1006: 'Probe or prefetch an address into the SQC data "
                        "cache.'"]},
    {"encoding": "DS", "name": "DS_NOP",
     "none": "the DS page: 'Description: Do nothing.'",
     "sources": ["003_0fdec2520ee21c48.txt:1120: 'Description: Do nothing.'"]},
    {"encoding": "DS", "name": "DS_ADD_RTN_F32",
     "code": "FLOAT* V = (FLOAT*)(DS + ((ADDR+OFFSET)&~3))\n"
             "VDST = *V; *V = *V + ASFLOAT(VDATA0) // atomic operation",
     "note": "the DS page's DS_ADD_F32 with the old value returned to VDST, as every *_RTN_* "
             "instruction of the page does (e.g. DS_MIN_RTN_F32: 'VDST = *V; *V = MIN(*V, "
             "ASFLOAT(VDATA0))')",
     "sources": [GEM5 + "ds.cc:1445: 'tmp = MEM[ADDR]; MEM[ADDR] += DATA; RETURN_DATA = tmp. "
                        "Floating point add that handles NaN/INF/denormal values.'"]},
    {"encoding": "DS", "name": "DS_ADD_SRC2_F32",
     "code": "UINT32 A = (OFFSET&0x8000) ? ADDR&0x1fffc : ADDR&~3\n"
             "UINT32 B = A + ((OFFSET&0x8000) ? ((ADDR>>17) | ((ADDR>>16)&0x8000)) : "
             "((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)) * 4\n"
             "FLOAT* V = (FLOAT*)(DS + A)\n"
             "*V = *V + *(FLOAT*)(DS + B) // atomic operation",
     "note": "the DS page's DS_ADD_SRC2_U32 addressing with a float add",
     "sources": [GEM5 + "ds.cc:3931: 'A = ADDR_BASE; B = A + 4*(offset1[7] ? {A[31],A[31:17]} : "
                        "{offset1[6],offset1[6:0],offset0}); MEM[A] = MEM[B] + MEM[A]. Float, "
                        "handles NaN/INF/denorm.'"]},
    {"encoding": "SOP1", "name": "S_MOV_FED_B32",
     "code": "SDST = SSRC0",
     "note": "a move that also injects an EDC double-detect error on the destination write; the "
             "oracle models no EDC, so it is the move",
     "sources": [GEM5 + "sop1.cc:1476: 'D.u = S0.u. Introduce an EDC double-detect error on "
                        "write to the destination SGPR.'"]},
    {"encoding": "SOP1", "name": "S_MOV_REGRD_B32",
     "code": "SDST = SSRC0",
     "note": "the documents give only the opcode table row; the name and its place beside "
             "S_MOV_FED_B32 (a move with a side effect the oracle does not model) make it a move",
     "sources": ["001_628456b47dc66b22.txt:67: the SOP1 opcode table's S_MOV_REGRD_B32 (it has "
                 "no section)"]},
    {"encoding": "DS", "name": "DS_CONDXCHG32_RTN_B64",
     "unsupported": "no source defines it beyond 'Conditional write exchange' (" + GEM5 +
                    "ds.cc:3574); the documents list only its opcode",
     "sources": [GEM5 + "ds.cc:3574"]},
    {"encoding": "DS", "name": "DS_CONDXCHG32_RTN_B128",
     "unsupported": "no source defines it; the documents list only its opcode (and no LLVM "
                    "version assembles it: erratum E041)",
     "sources": []},
    {"encoding": "DS", "name": "DS_ORDERED_COUNT",
     "unsupported": "GDS-internal ordered-count counters ('packers') shared by waves, which no "
                    "source describes enough to model",
     "sources": [GEM5 + "ds.cc:4175: 'GDS-only. Add (count_bits(exec_mask)) to one of 4 dedicated "
                        "ordered-count counters (aka 'packers'). Additional bits of instr.offset "
                        "field are overloaded to hold packer-id, 'last'.'"]},
]

for name in ["DS_GWS_INIT", "DS_GWS_SEMA_V", "DS_GWS_SEMA_BR", "DS_GWS_SEMA_P",
             "DS_GWS_SEMA_RELEASE_ALL", "DS_GWS_BARRIER"]:
    ENTRIES.append({
        "encoding": "DS", "name": name,
        "unsupported": "global wave sync: it operates on GWS resources (a counter and a flag per "
                       "resource, rid = gds_base + offset0[5:0]) shared by the waves of a "
                       "dispatch and can stall the wave until others arrive; the oracle runs one "
                       "wave and keeps no GWS state",
        "sources": [GEM5 + "ds.cc: %s ('GDS Only: ... state.counter[rid] ...')" % name],
    })


def main():
    doc = {
        "schema": "gcnspec-curated/1",
        "topic": "semantics",
        "title": "Semantics of the instructions the documents give no Operation block for",
        "instructions": ENTRIES,
    }
    tmp = OUT + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, OUT)


if __name__ == "__main__":
    main()
