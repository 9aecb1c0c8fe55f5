#!/usr/bin/env python3
"""Writes spec/curated/semantics.json: the semantics of the instructions the documents give no
Operation block for, so that every instruction of spec/gcn.json can execute in the oracle.

Each entry is one of:
  same_as      the instruction is the documents' instruction of that name in another encoding
               (GCN 1.0/1.1 SMRD is scalar memory in an older encoding: the same operation; the
               offset units differ, which operands.json records, not the pseudocode)
  code         pseudocode in the documents' own conventions, derived from a named source (the
               global wave sync blocks use the oracle's GWS[], GWSFLAG[] and GWSWAIT, and
               DS_ORDERED_COUNT DSMEM: spec/curated/pseudocode.json)
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
AMD_RDNA3 = "AMD 'RDNA3' Instruction Set Architecture Reference Guide, 16.15 LDS & GDS Instructions,"
AMD_CDNA4 = "AMD 'CDNA4' Instruction Set Architecture, 12.12 LDS Instructions,"

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
             "UINT32 B = A + (INT32)(INT16)((OFFSET&0x8000) ? ((ADDR>>17) | ((ADDR>>16)&0x8000)) : "
             "((OFFSET&0x7fff) | (OFFSET<<1)&0x8000)) * 4\n"
             "FLOAT* V = (FLOAT*)(DS + A)\n"
             "*V = *V + *(FLOAT*)(DS + B) // atomic operation",
     "note": "the DS page's DS_ADD_SRC2_U32 addressing with a float add; the 16-bit index is "
             "sign-extended before '* 4', as erratum E051 corrects the page's SRC2 blocks",
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
     "code": "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&0xfff8))\n"
             "VDST[0] = *V; VDST[1] = *(V+1)\n"
             "if (VDATA0[0] & 0x80000000) *V = VDATA0[0] & 0x7fffffff\n"
             "if (VDATA0[1] & 0x80000000) *(V+1) = VDATA0[1] & 0x7fffffff // atomic operation",
     "note": "two conditional 32-bit write exchanges on the two dwords at (ADDR+OFFSET) & "
             "0xfff8: each old dword is returned, and each is replaced by its half of VDATA0 with "
             "bit 31 cleared only when that half's bit 31 is set. The documents list only the "
             "opcode; the AMD manuals of later generations, which keep the instruction at the "
             "same opcode, define it",
     "sources": [AMD_RDNA3 + " DS_CONDXCHG32_RTN_B64 (opcode 126): ADDR0 = (ADDR + {OFFSET1, "
                 "OFFSET0}) & 0xfff8, ADDR1 = ADDR0 + 4; RETURN_DATA[0] = LDS[ADDR0], written "
                 "with {0, DATA[30:0]} if DATA[31]; RETURN_DATA[1] = LDS[ADDR1], written with "
                 "{0, DATA[62:32]} if DATA[63]",
                 AMD_CDNA4 + " DS_CONDXCHG32_RTN_B64: the same definition ('Perform 2 "
                 "conditional write exchanges ... iff the most significant bit of the data value "
                 "is set')",
                 GEM5 + "ds.cc:3574: 'Conditional write exchange.' (the Vega description names "
                        "it only)"]},
    {"encoding": "DS", "name": "DS_CONDXCHG32_RTN_B128",
     "code": "UINT32* V = (UINT32*)(DS + ((ADDR+OFFSET)&0xfff0))\n"
             "VDST[0] = *V; VDST[1] = *(V+1); VDST[2] = *(V+2); VDST[3] = *(V+3)\n"
             "if (VDATA0[0] & 0x80000000) *V = VDATA0[0] & 0x7fffffff\n"
             "if (VDATA0[1] & 0x80000000) *(V+1) = VDATA0[1] & 0x7fffffff\n"
             "if (VDATA0[2] & 0x80000000) *(V+2) = VDATA0[2] & 0x7fffffff\n"
             "if (VDATA0[3] & 0x80000000) *(V+3) = VDATA0[3] & 0x7fffffff // atomic operation",
     "note": "NOT from a source: no document or manual defines the B128 form (the documents list "
             "its opcode only, no AMD manual found has it, and no LLVM version assembles it: "
             "erratum E041). This is DS_CONDXCHG32_RTN_B64's definition extended to four dwords "
             "at the 16-byte-aligned address, as the other *_B128 forms align; treat its "
             "results as the oracle's assumption, not as the hardware's",
     "sources": [AMD_RDNA3 + " DS_CONDXCHG32_RTN_B64 (the B64 form this extends)"]},
    {"encoding": "DS", "name": "DS_ORDERED_COUNT",
     "code": "UINT32 D = 0 // scalar operation\n"
             "for (BYTE i = 0; i < 64; i++) if ((EXEC>>i)&1) { D = ADDR[i]; break }\n"
             "UINT32* V = (UINT32*)(DSMEM + ((M0>>16)&0xfffc) + (OFFSET&0xfc))\n"
             "UINT32 OP = (OFFSET>>12)&3\n"
             "VDST = *V\n"
             "if (OP == 0) *V = *V + D\n"
             "if (OP == 1) *V = D",
     "note": "one wave's view of the ordered append unit: with a single wave its request is "
             "always the oldest, so it is dispatched at once (wave_release OFFSET[8] and "
             "wave_done OFFSET[9] only advance the queue of other waves and change nothing the "
             "oracle keeps). The counter is the GDS dword at M0[31:18]*4 (the ordered-count "
             "base, M0[15:0] being the wave id, not a size: no M0 window) + OFFSET[7:2]*4; the "
             "data is the ADDR VGPR of the first active lane (0 when EXEC is 0); OFFSET[13:12] "
             "selects add (0) or exchange (1), and the old value goes to VDST of every active "
             "lane. Not modelled: OFFSET[13:12] = 3 (the RDNA3 manual names DS_WRAP_RTN_B32, "
             "whose second operand the instruction does not have) and 2 (no source): both "
             "return the counter and leave it unchanged. The Vega description (gem5) says the "
             "unit adds the active-lane count instead; LLVM's GCN 1.0-1.4 code generation and "
             "the RDNA3 manual both take the value from the ADDR VGPR, which the model follows. "
             "Without the GDS bit the same address is used in LDS (no source says what happens)",
     "sources": [AMD_RDNA3 + " DS_ORDERED_COUNT (opcode 63): 'OFFSET0[7:2] contains the "
                 "ordered_count_index (in dwords)', 'OFFSET1[0] ... wave_release', 'OFFSET1[1] "
                 "... wave_done', 'OFFSET1[5:4] contains the ord_idx_opcode: 2'b00 = "
                 "DS_ADD_RTN_U32, 2'b01 = DS_STOREXCHG_RTN_B32, 2'b11 = DS_WRAP_RTN_B32', "
                 "'VGPR_ADDR specifies the increment in the first valid lane. If no lanes are "
                 "valid (EXEC = 0) then the increment is zero', 'gds_base[15:2] is "
                 "ordered_count_base[13:0] (in dwords) and gds_size is used to hold the "
                 "logical_wave_id'",
                 "LLVM IntrinsicsAMDGPU.td, llvm.amdgcn.ds.ordered.add/swap (reviews.llvm.org/"
                 "D52944): 'M0 = {hi16:address, lo16:waveID}', 'value to add or swap', 'ordered "
                 "count index (OA index), also added to the address'; LLVM's "
                 "test/CodeGen/AMDGPU/llvm.amdgcn.ds.ordered.add.ll and .swap.ll (tahiti, "
                 "bonaire, tonga, gfx900): index 1 with release and done is offset:772, the swap "
                 "offset:4868 (OFFSET[12] set)",
                 "llvm-mc-19 -mcpu=bonaire/gfx900: 'ds_ordered_count v1, v5 offset:772 gds' puts "
                 "v5 in the ADDR field (byte 4 = 0x05) and v1 in VDST",
                 GEM5 + "ds.cc:4175: 'GDS-only. Add (count_bits(exec_mask)) to one of 4 "
                        "dedicated ordered-count counters (aka 'packers').' (the Vega wording "
                        "the model does not follow for the increment; see the note)"]},
]

AMD_GWS_NOTE = ("global wave sync, one wave's view (docs/oracle.md): the resource is "
                "rid = (M0[21:16] + OFFSET) mod 64 (the ISA's opaque base taken as 0); GWS[rid] "
                "is its counter (read as signed where compared with 0, as the description's "
                "'<= 0' and '> 0' do), GWSFLAG[rid] its barrier phase bit, and GWSWAIT records "
                "whether the instruction would have queued the wave (1) or let it go on (0): "
                "the oracle never stalls. The data value is the ADDR VGPR (the field llvm-mc "
                "puts the data register in) of the first active lane, 0 when EXEC is 0. ")
GWS_RID = ("LLVM AMDGPUISelDAGToDAG.cpp (SelectDS_GWS): 'The resource id offset is computed as "
           "(<isa opaque base> + M0[21:16] + offset field) % 64'")
GWS_DATA = ("llvm-mc-19 -mcpu=bonaire/gfx900: 'ds_gws_init v5 offset:3 gds' puts v5 in the ADDR "
            "field (byte 4 = 0x05), as for ds_gws_barrier and ds_gws_sema_br")
RID = "UINT32 R = ((M0>>16) + OFFSET) & 63 // scalar operation\n"
FIRST = "UINT32 D = 0\nfor (BYTE i = 0; i < 64; i++) if ((EXEC>>i)&1) { D = ADDR[i]; break }\n"
GWS_CODE = {
    "DS_GWS_INIT": (RID + FIRST + "GWS[R] = D\nGWSFLAG[R] = 0\nGWSWAIT = 0",
                    "sets the resource's counter to the data value (LLVM: 'the total number of "
                    "waves that will wait on this barrier, minus 1') and clears its flag",
                    "ds.cc:3981-3990: 'Initialize a barrier or semaphore resource', value = "
                    "DATA of the first valid thread, state.counter[rid] = lsb(value), "
                    "state.flag[rid] = 0, the wave is released",
                    ["LLVM IntrinsicsAMDGPU.td, llvm.amdgcn.ds.gws.init: 'bar_val is the total "
                     "number of waves that will wait on this barrier, minus 1'"]),
    "DS_GWS_SEMA_V": (RID + "GWS[R] = GWS[R] + 1\nGWSWAIT = 0",
                      "adds 1 to the counter (no other wave is queued to release)",
                      "ds.cc:4007-4016: state.counter[rid]++, labelled a semaphore, the wave is "
                      "released ('This action will release one waved if any are queued')", []),
    "DS_GWS_SEMA_BR": (RID + FIRST + "GWS[R] = GWS[R] + D\nGWSWAIT = 0",
                       "adds the data value to the counter (a bulk release)",
                       "ds.cc:4033-4046: count = DATA of the first valid thread, "
                       "state.counter[rid] += count, the wave is released", []),
    "DS_GWS_SEMA_P": (RID + "if ((INT32)GWS[R] > 0) { GWS[R] = GWS[R] - 1; GWSWAIT = 0 } "
                      "else GWSWAIT = 1",
                      "takes one from a positive counter and goes on; on a counter <= 0 the wave "
                      "would queue until another wave's V: GWSWAIT = 1, the counter unchanged",
                      "ds.cc:4063-4072: 'ENQUEUE until(state[rid].counter > 0)', then "
                      "state[rid].counter--", []),
    "DS_GWS_SEMA_RELEASE_ALL": (RID + "GWS[R] = 0\nGWSWAIT = 0",
                                "sets the counter to the number of queued waves and releases "
                                "them all: none are queued with one wave, so the counter "
                                "becomes 0",
                                "ds.cc:3954-3964: state.counter[rid] = state.wave_in_queue, "
                                "'This action will release ALL queued waves'", []),
    "DS_GWS_BARRIER": (RID + FIRST + "if ((INT32)GWS[R] <= 0) { GWSFLAG[R] = GWSFLAG[R] ^ 1; "
                       "GWS[R] = D; GWSWAIT = 0 } else { GWS[R] = GWS[R] - 1; GWSWAIT = 1 }",
                       "the last wave to arrive (counter <= 0) flips the phase bit, reloads the "
                       "counter with the data value (the next barrier's size) and releases "
                       "everyone, itself included; an earlier one takes 1 from the counter and "
                       "would wait for the flip (GWSWAIT = 1)",
                       "ds.cc:4089-4115: the Input Decision Machine (counter <= 0: flag = "
                       "!flag, counter = value, return; else counter--, ENQUEUE) and the Release "
                       "Machine (released when state.flag != thread.flag)",
                       ["LLVM IntrinsicsAMDGPU.td, llvm.amdgcn.ds.gws.barrier: 'bar_val is the "
                        "total number of waves that will wait on this barrier, minus 1'"]),
}

for name in ["DS_GWS_INIT", "DS_GWS_SEMA_V", "DS_GWS_SEMA_BR", "DS_GWS_SEMA_P",
             "DS_GWS_SEMA_RELEASE_ALL", "DS_GWS_BARRIER"]:
    code, what, gem5, extra = GWS_CODE[name]
    ENTRIES.append({
        "encoding": "DS", "name": name,
        "code": code,
        "note": AMD_GWS_NOTE + "This instruction " + what + ".",
        "sources": [GEM5 + gem5 + " (AMD's Vega description)", GWS_RID, GWS_DATA] + extra,
    })

ENTRIES.append({
    "encoding": "SOP2", "name": "S_RFE_RESTORE_B64",
    "unsupported": "the documents do not know what it does: GcnInstrsSop2.md:682 'Return from "
                   "exception handler and set: INST_ATC = SSRC1.U32[0] ???' names a source the "
                   "syntax line (SDST(2), SSRC0(1)) does not have and gives no Operation block",
    "note": "Trap-handler return that restores state the oracle does not keep (INST_ATC).",
    "sources": ["documents/clrx/GcnInstrsSop2.md:678-682"],
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
