// The gfx8 (tonga) counterpart of literals_gfx9.s: literals, SDWA/DPP dwords and second
// dwords that look like instructions; no line may appear where llvm-objdump shows none.
  .text
  .globl tricky8
  .p2align 8
  .type tricky8,@function
tricky8:
  s_add_u32 s0, 0xbe800001, s1            // literal = s_mov_b32 s0, s1
  v_add_u32 v0, vcc, 0xbe800001, v1       // VOP2 literal = SOP1
  s_or_b32 s2, s3, 0xd8000000             // literal = a DS word
  v_mov_b32 v2, 0xc0020002                // VOP1 literal = s_load_dword's first dword
  s_mov_b32 s4, 0xbf810000                // SOP1 literal = s_endpgm
  v_cmp_eq_u32 vcc, 0xdc508000, v3        // VOPC literal = a FLAT word
  v_madmk_f32 v4, v5, 0xbe800001, v6      // literal implied by the opcode
  v_madak_f16 v4, v5, v6, 0xd800          // GCN 1.2's f16 form
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xbe800001
  v_mov_b32_sdwa v7, v8 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_mov_b32_dpp v12, v13 row_shl:1 row_mask:0xf bank_mask:0xf
  v_fma_f32 v0, -s1, v0, -v250 div:2      // VOP3: second dword looks like SOPC/SOP1
  v_add_f32_e64 v0, -s1, v0 div:2         // a VOP2 instruction's VOP3 form
  v_mad_u32_u24 v17, s6, 6, v0
  flat_load_dword v24, v[25:26]
  ds_read_b32 v28, v29 offset:1020
  s_load_dwordx2 s[20:21], s[4:5], 0x40
  v_interp_p1_f32 v30, v31, attr0.x
  s_endpgm
.Lend8:
  .size tricky8, .Lend8-tricky8
