// Words that look like instructions where they are not: literals of VOP/SOP2/SOPC/SOP1
// instructions equal to SOP1, DS, SMEM and SOPP words, SDWA and DPP dwords, and 64-bit
// encodings whose second dword looks like an instruction. gcnspec must print no line at an
// offset where llvm-objdump shows none (no phantom instruction). Assembled for gfx900.
  .text
  .globl tricky
  .p2align 8
  .type tricky,@function
  .globl tricky_alias                     // two symbols at one address: objdump shows one
tricky_alias:
tricky:
  s_add_u32 s0, 0xbe800001, s1            // literal = s_mov_b32 s0, s1
  v_add_u32 v0, 0xbe800001, v1            // VOP2 literal = s_mov_b32 s0, s1
  s_and_b32 s2, s3, 0xd8000000            // literal = a DS word
  v_mov_b32 v2, 0xc0020002                // VOP1 literal = s_load_dword's first dword
  .globl mid                              // a symbol inside the function starts a block
mid:
  s_mov_b32 s4, 0xbf810000                // SOP1 literal = s_endpgm
  s_cmp_eq_u32 s5, 0xd81a0000             // SOPC literal = ds_write_b32's first dword
  v_cmp_eq_u32 vcc, 0xbe800001, v3        // VOPC literal = SOP1
  v_madmk_f32 v4, v5, 0xbe800001, v6      // VOP2 whose literal is implied by the opcode
  v_madak_f32 v4, v5, v6, 0xd8000000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xbe800001  // SOPK with a literal
  v_mov_b32_sdwa v7, v8 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:WORD_1
  v_add_f32_sdwa v9, v10, v11 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:WORD_0
  v_mov_b32_dpp v12, v13 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
  v_add_u32_dpp v14, v15, v16 row_shr:1 row_mask:0xa bank_mask:0x5
  v_cmp_lt_f32_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:BYTE_0
  v_fma_f32 v0, -s1, v0, -v250 div:2      // VOP3: second dword 0xbe82xxxx, an SOP1 word
  v_add_f32_e64 v0, -s1, v0 div:2         // a VOP2 instruction's VOP3 form
  v_lshl_add_u32 v17, s6, 6, v0           // VOP3
  v_pk_add_u16 v18, v19, v20 op_sel:[1,0] // VOP3P
  global_load_dword v21, v[22:23], off offset:-8
  flat_load_dword v24, v[25:26]
  buffer_load_dword v27, off, s[8:11], s12 offset:4
  ds_read_b32 v28, v29 offset:1020        // modelled: DS, SMEM, SOP1
  s_load_dwordx2 s[20:21], s[4:5], 0x40
  s_mov_b32 s22, s23
  v_interp_p1_f32 v30, v31, attr0.x       // VINTRP
  image_load v[32:35], v36, s[16:23] dmask:0xf unorm
  s_endpgm
.Lend:
  .size tricky, .Lend-tricky
