// The gfx6 (tahiti) counterpart of literals_gfx9.s. No llvm-objdump reads gfx6: every line
// gcnspec prints must start where llvm-mc, assembling this file, starts an instruction.
  .text
  .globl tricky6
  .p2align 8
  .type tricky6,@function
tricky6:
  s_add_u32 s0, 0xbe800001, s1            // literal = s_mov_b32 s0, s1 (SOP1 opcode 3 here)
  s_mov_b32 s2, 0xbe830001                // SOP1 literal = an SOP1 word
  v_add_i32 v0, vcc, 0xc0020002, v1       // VOP2 literal = an SMRD word
  s_and_b32 s2, s3, 0xd8000000            // literal = a DS word
  v_mov_b32 v2, 0xbe800301                // VOP1 literal = s_mov_b32 s0, s1
  v_cmp_eq_u32 vcc, 0xd81a0000, v3        // VOPC literal = a DS word
  v_madmk_f32 v4, v5, 0xbe800301, v6      // literal implied by the opcode (GCN 1.0 numbering)
  v_madak_f32 v4, v5, v6, 0xc0020002
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xbe800301
  v_fma_f32 v0, -s1, v0, -v250 div:2      // VOP3: second dword looks like an SOP1/SOPC word
  buffer_load_dword v27, v[0:1], s[8:11], 0 addr64 offset:4
  ds_read_b32 v28, v29 offset:1020
  s_load_dwordx2 s[20:21], s[4:5], 0x10
  s_endpgm
.Lend6:
  .size tricky6, .Lend6-tricky6
