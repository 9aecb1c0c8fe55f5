/* The bump allocator every AST node, token and summary list comes from. */
#include "spec/pseudo/pseudo_internal.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#define PS_CHUNK_MIN 16384u
#define PS_ALLOC_MAX ((size_t)1 << 30)

struct ps_arena_chunk {
    ps_arena_chunk *next;
    size_t used, cap;
    alignas(max_align_t) unsigned char data[];
};

void ps_arena_init(ps_arena *arena)
{
    arena->head = NULL;
    arena->total = 0;
}

void ps_arena_free(ps_arena *arena)
{
    ps_arena_chunk *c = arena->head;
    while (c) {
        ps_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    arena->head = NULL;
    arena->total = 0;
}

void *ps_arena_alloc(ps_arena *arena, size_t size)
{
    const size_t align = alignof(max_align_t);
    ps_arena_chunk *c = arena->head;
    void *p;
    if (size > PS_ALLOC_MAX)
        return NULL;
    size = (size + align - 1) & ~(align - 1);
    if (size == 0)
        size = align;
    if (!c || c->cap - c->used < size) {
        size_t cap = size > PS_CHUNK_MIN ? size : PS_CHUNK_MIN;
        c = malloc(sizeof(*c) + cap);
        if (!c)
            return NULL;
        c->next = arena->head;
        c->used = 0;
        c->cap = cap;
        arena->head = c;
        arena->total += sizeof(*c) + cap;
    }
    p = c->data + c->used;
    c->used += size;
    memset(p, 0, size);
    return p;
}

char *ps_arena_strndup(ps_arena *arena, const char *s, size_t n)
{
    char *p = ps_arena_alloc(arena, n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

bool ps_ptr_vec_push(ps_arena *arena, ps_ptr_vec *v, void *item)
{
    if (v->count == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        void **items = ps_arena_alloc(arena, cap * sizeof(*items));
        if (!items)
            return false;
        if (v->count)
            memcpy(items, v->items, v->count * sizeof(*items));
        v->items = items;
        v->cap = cap;
    }
    v->items[v->count++] = item;
    return true;
}
