/* Reading AMDGPU code objects with libelf. Every check that libelf leaves to its caller is made
 * here (the machine, the class, each section's bytes lying inside the file, the string and
 * symbol tables' sizes), so a truncated or garbage file is refused with a message, never read
 * past its end. */
#define _POSIX_C_SOURCE 200809L
#include "gcnspec/codeobj.h"

#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "gcnspec/codec.h"

/* EF_AMDGPU_MACH and its gfx names, read from LLVM's ELF.h at configure time (ABI constants). */
typedef struct gcn_amdgpu_mach {
    const char *name;
    unsigned value;
} gcn_amdgpu_mach;
#include "gcn_amdgpu_mach.inc"

int gcn_codeobj_is_elf(const uint8_t *data, size_t len)
{
    return len >= 4 && memcmp(data, ELFMAG, SELFMAG) == 0;
}

static gcn_status refuse(gcn_diag *diag, const char *name, const char *msg)
{
    gcn_diag_set(diag, name, 0, 0, "%s", msg);
    return GCN_ERR_INVALID;
}

static int by_addr(const void *x, const void *y)
{
    const gcn_codeobj_symbol *a = x, *b = y;
    int d;
    if (a->addr != b->addr)
        return a->addr < b->addr ? -1 : 1;
    d = strcmp(a->name, b->name);
    if (d)
        return d;
    return a->type < b->type ? -1 : a->type > b->type;
}

/* The generation a gfx name belongs to: gfx900 -> gfx9 -> GCN 1.4 (all but the last two
 * characters, as LLVM numbers its targets). */
static int gen_of_mach(const char *mach)
{
    char major[16];
    size_t n = strlen(mach);
    if (n < 5 || n - 2 >= sizeof(major))
        return -1;
    memcpy(major, mach, n - 2);
    major[n - 2] = '\0';
    return gcn_gen_lookup(major);
}

static gcn_status read_symbols(Elf *e, Elf_Scn *symscn, const GElf_Shdr *symsh, gcn_codeobj *o,
                               const size_t *scn_index, const char *name, gcn_diag *diag)
{
    Elf_Data *d = elf_getdata(symscn, NULL);
    size_t i, n;
    if (!d || !symsh->sh_entsize)
        return refuse(diag, name, "the symbol table cannot be read (a truncated file?)");
    n = d->d_size / symsh->sh_entsize;
    for (i = 1; i < n; i++) {
        GElf_Sym s;
        const char *sname;
        size_t k;
        int type;
        if (!gelf_getsym(d, (int)i, &s))
            return refuse(diag, name, "a symbol cannot be read (a truncated file?)");
        type = GELF_ST_TYPE(s.st_info);
        if (type == STT_SECTION || type == STT_FILE || s.st_shndx == SHN_UNDEF ||
            s.st_shndx >= SHN_LORESERVE)
            continue;
        sname = elf_strptr(e, symsh->sh_link, s.st_name);
        if (!sname || !*sname)
            continue;
        for (k = 0; k < o->nsections; k++) {
            gcn_codeobj_section *sec = &o->sections[k];
            gcn_codeobj_symbol *grown;
            if (scn_index[k] != s.st_shndx || s.st_value < sec->addr ||
                s.st_value >= sec->addr + sec->size)
                continue;
            grown = realloc(sec->syms, (sec->nsyms + 1) * sizeof(*grown));
            if (!grown)
                return refuse(diag, name, "out of memory");
            sec->syms = grown;
            grown[sec->nsyms].addr = s.st_value;
            grown[sec->nsyms].type = (unsigned)type;
            grown[sec->nsyms].name = strdup(sname);
            if (!grown[sec->nsyms].name)
                return refuse(diag, name, "out of memory");
            sec->nsyms++;
        }
    }
    return GCN_OK;
}

gcn_status gcn_codeobj_read(const char *name, const uint8_t *data, size_t len, gcn_codeobj *o,
                            gcn_diag *diag)
{
    Elf *e = NULL;
    GElf_Ehdr eh;
    Elf_Scn *scn = NULL, *symscn = NULL;
    GElf_Shdr symsh = {0};
    size_t shstrndx, *scn_index = NULL, k;
    gcn_status st = GCN_OK;
    int symtab_kind = 0;
    memset(o, 0, sizeof(*o));
    o->gen = -1;
    if (!gcn_codeobj_is_elf(data, len))
        return refuse(diag, name,
                      "not an ELF file (give a code object, or --binary for raw words)");
    if (len < EI_NIDENT || data[EI_CLASS] != ELFCLASS64)
        return refuse(diag, name, "not a 64-bit ELF file: AMDGPU code objects are ELF64");
    if (data[EI_DATA] != ELFDATA2LSB)
        return refuse(diag, name, "not a little-endian ELF file: AMDGPU code objects are");
    if (elf_version(EV_CURRENT) == EV_NONE)
        return refuse(diag, name, "libelf cannot be initialised");
    o->image = malloc(len ? len : 1);
    if (!o->image)
        return refuse(diag, name, "out of memory");
    memcpy(o->image, data, len);
    o->size = len;
    e = elf_memory((char *)o->image, len);
    if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh)) {
        st = refuse(diag, name, "the ELF header cannot be read (a truncated file?)");
        goto done;
    }
    if (eh.e_machine != EM_AMDGPU) {
        char msg[160];
        snprintf(msg, sizeof(msg),
                 "not an AMDGPU code object (ELF machine %u, AMDGPU is %u): compile with "
                 "-target amdgcn-amd-amdhsa",
                 (unsigned)eh.e_machine, (unsigned)EM_AMDGPU);
        st = refuse(diag, name, msg);
        goto done;
    }
    if (eh.e_type != ET_REL && eh.e_type != ET_DYN && eh.e_type != ET_EXEC) {
        st = refuse(diag, name, "neither a relocatable object nor a shared code object");
        goto done;
    }
    o->e_flags = (uint32_t)eh.e_flags;
    for (k = 0; k < sizeof(gcn_amdgpu_machs) / sizeof(gcn_amdgpu_machs[0]); k++)
        if (gcn_amdgpu_machs[k].value == (o->e_flags & GCN_EF_AMDGPU_MACH)) {
            snprintf(o->mach, sizeof(o->mach), "%s", gcn_amdgpu_machs[k].name);
            o->gen = gen_of_mach(o->mach);
        }
    if (elf_getshdrstrndx(e, &shstrndx) != 0) {
        st = refuse(diag, name, "the section name table cannot be read (a truncated file?)");
        goto done;
    }
    {
        size_t nscn = 0;
        if (elf_getshdrnum(e, &nscn) != 0) {
            st = refuse(diag, name, "the section headers cannot be read (a truncated file?)");
            goto done;
        }
        o->sections = calloc(nscn + 1, sizeof(*o->sections));
        scn_index = calloc(nscn + 1, sizeof(*scn_index));
        if (!o->sections || !scn_index) {
            st = refuse(diag, name, "out of memory");
            goto done;
        }
    }
    while ((scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        const char *sname;
        if (!gelf_getshdr(scn, &sh)) {
            st = refuse(diag, name, "a section header cannot be read (a truncated file?)");
            goto done;
        }
        if (sh.sh_type == SHT_SYMTAB || (sh.sh_type == SHT_DYNSYM && symtab_kind == 0)) {
            if (sh.sh_type != SHT_NOBITS &&
                (sh.sh_offset > len || sh.sh_size > len - sh.sh_offset)) {
                st = refuse(diag, name,
                            "the symbol table lies past the end of the file "
                            "(a truncated file?)");
                goto done;
            }
            symscn = scn;
            symsh = sh;
            symtab_kind = sh.sh_type == SHT_SYMTAB ? 2 : 1;
        }
        /* an empty one too is left out, as llvm-objdump leaves it out */
        if (!(sh.sh_flags & SHF_EXECINSTR) || sh.sh_type != SHT_PROGBITS || !sh.sh_size)
            continue;
        sname = elf_strptr(e, shstrndx, sh.sh_name);
        if (!sname) {
            st = refuse(diag, name, "a section name cannot be read (a truncated file?)");
            goto done;
        }
        if (sh.sh_offset > len || sh.sh_size > len - sh.sh_offset) {
            char msg[200];
            snprintf(msg, sizeof(msg),
                     "section %.60s lies past the end of the file (offset %llu, %llu bytes, the "
                     "file has %zu): a truncated file?",
                     sname, (unsigned long long)sh.sh_offset, (unsigned long long)sh.sh_size, len);
            st = refuse(diag, name, msg);
            goto done;
        }
        {
            gcn_codeobj_section *sec = &o->sections[o->nsections];
            sec->name = strdup(sname);
            if (!sec->name) {
                st = refuse(diag, name, "out of memory");
                goto done;
            }
            sec->addr = sh.sh_addr;
            sec->data = o->image + sh.sh_offset;
            sec->size = (size_t)sh.sh_size;
            scn_index[o->nsections] = elf_ndxscn(scn);
            o->nsections++;
        }
    }
    if (!o->nsections) {
        st = refuse(diag, name,
                    "the code object has no executable section (no .text): nothing "
                    "to disassemble");
        goto done;
    }
    if (symscn && (st = read_symbols(e, symscn, &symsh, o, scn_index, name, diag)) != GCN_OK)
        goto done;
    for (k = 0; k < o->nsections; k++)
        if (o->sections[k].nsyms > 1)
            qsort(o->sections[k].syms, o->sections[k].nsyms, sizeof(gcn_codeobj_symbol), by_addr);
done:
    free(scn_index);
    if (e)
        elf_end(e);
    if (st != GCN_OK)
        gcn_codeobj_free(o);
    return st;
}

void gcn_codeobj_free(gcn_codeobj *o)
{
    size_t k, i;
    for (k = 0; o->sections && k < o->nsections; k++) {
        for (i = 0; i < o->sections[k].nsyms; i++)
            free(o->sections[k].syms[i].name);
        free(o->sections[k].syms);
        free(o->sections[k].name);
    }
    free(o->sections);
    free(o->image);
    memset(o, 0, sizeof(*o));
    o->gen = -1;
}
