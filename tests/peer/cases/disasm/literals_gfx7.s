// The gfx7 (bonaire) counterpart: GCN 1.1's SMRD with a 32-bit literal offset (IMM=0 and
// OFFSET=0xff), FLAT, and literals that look like instructions. Every line gcnspec prints must
// start where llvm-mc, assembling this file, starts an instruction.
  .text
  .globl tricky7
  .p2align 8
  .type tricky7,@function
tricky7:
  s_load_dword s22, s[4:5], 0xbe800301    // SMRD literal = an SOP1 word
  s_load_dwordx2 s[20:21], s[4:5], 0xd8000000
  s_add_u32 s0, 0xc0020002, s1            // literal = an SMRD word
  v_mov_b32 v2, 0xbe800301                // VOP1 literal = SOP1
  v_madak_f32 v4, v5, v6, 0xdc508000      // literal = a FLAT word
  flat_load_dword v24, v[25:26]
  ds_read_b32 v28, v29 offset:1020
  s_endpgm
.Lend7:
  .size tricky7, .Lend7-tricky7
