/* What the peer tests share about classified disagreements: an entry's keys matched against a
 * disagreement, and the instructions spec/gcn.json marks as lacking in a peer. */
#ifndef GCN_TESTS_PEER_KNOWN_H
#define GCN_TESTS_PEER_KNOWN_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "util/json.h"

/* A key of a known entry matches val: absent, a shell pattern, or a list of them (any). */
int peer_key_matches(const cJSON *entry, const char *key, const char *val);
/* The same on the key's value itself (NULL: the key is absent, which matches anything). */
int peer_pattern_matches(const cJSON *pat, const char *val);

/* Known entries with their keys looked up once: a test matches every disagreement against every
 * entry, and a lookup by name per key and entry cost most of its time. */
#define PEER_KEYS_MAX 12
typedef struct peer_entry {
    const cJSON *entry;
    const cJSON *pat[PEER_KEYS_MAX]; /* per key of peer_entries_init, NULL where absent */
} peer_entry;
typedef struct peer_entries {
    peer_entry *v;
    size_t n, nkeys;
} peer_entries;
/* keys: NULL-terminated, at most PEER_KEYS_MAX; 0 when there are more or memory runs out. */
int peer_entries_init(peer_entries *pe, const cJSON *list, const char *const *keys);
/* Entry i matches: vals[k] (one per key, in keys' order) matches key k's pattern. */
int peer_entry_matches(const peer_entries *pe, size_t i, const char *const *vals);
void peer_entries_free(peer_entries *pe);
/* The spec (spec/gcn.json's root) marks the instruction spelled mnemonic (any case) as one the
 * peer lacks ("peer_lacks"). */
int peer_lacks(const cJSON *spec, const char *peer, const char *mnemonic);
/* As peer_lacks, on generation gen alone (its printed mnemonic there, the lack's "gens"). The
 * answers come from an index built on the first call for a spec document. */
int peer_lacks_gen(const cJSON *spec, const char *peer, const char *gen, const char *mnemonic);

/* Loads a file of the source tree (GCN_SOURCE_DIR, else .): 0, with file:line:col: why on
 * stderr, when it cannot be read or is no JSON. */
int peer_load(gcn_json_doc *doc, const char *rel);

#endif
