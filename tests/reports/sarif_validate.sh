#!/usr/bin/env bash
# errata.sarif against Microsoft's SARIF validator (sarif-multitool validate) with its SARIF rules
# and GitHub code scanning's ingestion rules: no error and no warning, on the committed
# reports/errata.sarif, on one written now, and on one written from a copy of the documents
# outside the source tree (whose locations must resolve through the absolute base DOCS). Exit 77
# (skipped) without the validator
# (tools/sarif_multitool.sh --install, which tools/deps.sh runs). Run from the source root.
#   tests/reports/sarif_validate.sh GCNSPEC
set -euo pipefail
GCNSPEC="$1"
BIN="$(bash tools/sarif_multitool.sh --path)" || {
  echo "skipped: the SARIF validator is not installed (bash tools/sarif_multitool.sh --install)"
  exit 77
}
# .NET's globalization without ICU: the validator needs no locale data
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_CLI_TELEMETRY_OPTOUT=1
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
"$GCNSPEC" errata --out "$TMP/fresh" 2>"$TMP/errata.log" || {
  cat "$TMP/errata.log" >&2
  exit 1
}
# documents outside the directory gcnspec runs in: absolute file: bases (DOCS for the seeds,
# PAGES for the CLRX pages that joined them)
cp -r documents/seeds "$TMP/seeds"
cp -r documents/clrx "$TMP/clrx"
"$GCNSPEC" errata --docs "$TMP/seeds" --pages-docs "$TMP/clrx" --out "$TMP/outside" \
  2>"$TMP/errata.log" || {
  cat "$TMP/errata.log" >&2
  exit 1
}
status=0
python3 - "$TMP/outside/errata.sarif" <<'PY' || status=1
import json, os, sys, urllib.parse
run = json.load(open(sys.argv[1], encoding="utf-8"))["runs"][0]
bases = {k: v["uri"] for k, v in run["originalUriBaseIds"].items()}
assert set(bases) <= {"DOCS", "PAGES"} and "DOCS" in bases, bases
for base in bases.values():
    assert base.startswith("file:///") and base.endswith("/"), base
for r in run["results"]:
    for loc in r["locations"]:
        art = loc["physicalLocation"]["artifactLocation"]
        assert art["uriBaseId"] in bases, art
        path = urllib.parse.unquote(urllib.parse.urlparse(bases[art["uriBaseId"]] + art["uri"]).path)
        assert os.path.isfile(path), path
print("%s: every location resolves through %s to a file" % (sys.argv[1], ", ".join(
    "%s (%s)" % kv for kv in sorted(bases.items()))))
PY
for f in reports/errata.sarif "$TMP/fresh/errata.sarif" "$TMP/outside/errata.sarif"; do
  out="$TMP/validation.sarif"
  rm -f "$out"
  if ! "$BIN" validate --level "Error;Warning;Note" --rule-kind "Sarif;Gh" -o "$out" "$f" \
    >"$TMP/validate.log" 2>&1 || [ ! -s "$out" ]; then
    echo "$f: the validator did not run:" >&2
    cat "$TMP/validate.log" >&2
    exit 1
  fi
  # a result without a level is a warning (SARIF 2.1.0 3.27.10)
  python3 - "$f" "$out" <<'PY' || status=1
import collections, json, sys
name, path = sys.argv[1], sys.argv[2]
run = json.load(open(path, encoding="utf-8"))["runs"][0]
results = run.get("results", [])
rules = {r["id"]: r for r in run["tool"]["driver"].get("rules", [])}


def text(r):
    m = r["message"]
    if "text" in m:
        return m["text"]
    fmt = rules.get(r["ruleId"], {}).get("messageStrings", {}).get(m.get("id"), {})
    args = m.get("arguments", [])
    return fmt["text"].format(*args) if "text" in fmt else str(args)



bad = [r for r in results if r.get("level", "warning") in ("error", "warning")]
notes = collections.Counter(r["ruleId"] for r in results if r.get("level") == "note")
for r in bad:
    print("%s: %s %s: %s" % (name, r.get("level", "warning"), r["ruleId"], text(r)))
print("%s: %d errors and warnings; notes: %s" % (name, len(bad),
      ", ".join("%s %d" % kv for kv in sorted(notes.items())) or "none"))
sys.exit(1 if bad else 0)
PY
done
exit $status
