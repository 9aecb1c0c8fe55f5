/* What the peer tests share about classified disagreements: an entry's keys matched against a
 * disagreement, and the instructions spec/gcn.json marks as lacking in a peer. */
#ifndef GCN_TESTS_PEER_KNOWN_H
#define GCN_TESTS_PEER_KNOWN_H

#include <cjson/cJSON.h>

#include "util/json.h"

/* A key of a known entry matches val: absent, a shell pattern, or a list of them (any). */
int peer_key_matches(const cJSON *entry, const char *key, const char *val);
/* The spec (spec/gcn.json's root) marks the instruction spelled mnemonic (any case) as one the
 * peer lacks ("peer_lacks"). */
int peer_lacks(const cJSON *spec, const char *peer, const char *mnemonic);
/* As peer_lacks, on generation gen alone (its printed mnemonic there, the lack's "gens"). */
int peer_lacks_gen(const cJSON *spec, const char *peer, const char *gen, const char *mnemonic);

/* Loads a file of the source tree (GCN_SOURCE_DIR, else .): 0, with file:line:col: why on
 * stderr, when it cannot be read or is no JSON. */
int peer_load(gcn_json_doc *doc, const char *rel);

#endif
