#!/usr/bin/env bash
# gcnspec check's reports stay valid for their consumers whatever the checked tool does: the
# JUnit XML against vectors/junit.xsd (xmllint), the JSON through a strict parser (UTF-8
# decoded strictly, no raw control character), the Markdown as UTF-8; on a tool that passes
# everything, one that fails one instruction, one that dies (killed by a signal), one that hangs
# (timed out) and one that prints random bytes and control characters. A failed answer is a
# <failure>, an unanswered one an <error>; class names are gcnspec.PEER.GFX.ENCODING.
#   tests/vectors/check_outputs.sh GCNSPEC      (from the source root)
set -euo pipefail
GCNSPEC="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
command -v xmllint >/dev/null || {
  echo "skipped: xmllint is missing (Debian's libxml2-utils; tools/deps.sh installs it)"
  exit 77
}
XSD="$PWD/vectors/junit.xsd"
TMP="$(mktemp -d)"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$TMP"' EXIT
"$GCNSPEC" vectors --gen gcn1.4 --encoding SOP1 --no-lit -q --out "$TMP/all"
# 3 exact vectors of each of the first two instructions: two test cases
grep '"tag":"exact"' "$TMP/all/jsonl/sop1-gcn1.4.jsonl" | grep '"mnemonic":"s_abs_i32"' |
  sed -n 1,3p >"$TMP/six.jsonl"
grep '"tag":"exact"' "$TMP/all/jsonl/sop1-gcn1.4.jsonl" | grep -v '"mnemonic":"s_abs_i32"' |
  sed -n 1,3p >>"$TMP/six.jsonl"
[ "$(wc -l <"$TMP/six.jsonl")" = 6 ]

ASM="[ \"\$GCNSPEC_MODE\" = asm ] || exit 77;"
ANSWER="echo \"\$a\" | '$GCNSPEC' asm --gen \"\$GCNSPEC_GEN\""
# each: name, the cmd: adapter
declare -A IMPL=(
  [pass]="$ASM while read -r a; do $ANSWER; done"
  [fail]="$ASM while read -r a; do case \"\$a\" in s_abs_i32*) echo error: no;; *) $ANSWER;; esac; done"
  [crash]="$ASM read -r a; $ANSWER; read -r a; $ANSWER; kill -SEGV \$\$"
  [hang]="$ASM read -r a; $ANSWER; read -r a; $ANSWER; sleep 30"
  [bytes]="$ASM while read -r a; do printf 'x\\377\\376\\001\\033[31m\\300\\257\\355\\240\\200\\357\\277\\276 &<>\"'; head -c 300 /dev/urandom | tr -d '\\n'; echo; done"
)
status=0
for name in pass fail crash hang bytes; do
  rc=0
  "$GCNSPEC" check --impl "cmd:${IMPL[$name]}" --timeout 1 --timeout-per-vector 1 --jobs 1 -q \
    --report "$TMP/$name" "$TMP/six.jsonl" 2>"$TMP/$name.log" || rc=$?
  if ! xmllint --noout --schema "$XSD" "$TMP/$name.junit.xml" 2>"$TMP/$name.xmllint"; then
    echo "$name: the JUnit XML does not pass vectors/junit.xsd:" >&2
    cat "$TMP/$name.xmllint" >&2
    status=1
  fi
  python3 - "$name" "$rc" "$TMP/$name" <<'PY' || status=1
import json, sys
import xml.etree.ElementTree as ET
name, rc, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def fail(msg):
    sys.exit("%s: %s" % (name, msg))
# strict: invalid UTF-8 raises, and json.loads refuses raw control characters in strings
report = json.loads(open(prefix + ".json", "rb").read().decode("utf-8", "strict"))
open(prefix + ".md", "rb").read().decode("utf-8", "strict")
root = ET.parse(prefix + ".junit.xml").getroot()
suites = root.findall("testsuite")
cases = [c for s in suites for c in s.findall("testcase")]
def total(attr):
    return sum(int(s.get(attr)) for s in suites)
for attr in ("tests", "failures", "errors", "skipped"):
    if int(root.get(attr)) != total(attr):
        fail("testsuites %s=%s, its suites say %d" % (attr, root.get(attr), total(attr)))
if total("tests") != len(cases) or len(cases) != 2:
    fail("%d test cases, 2 expected (one per instruction)" % len(cases))
for c in cases:
    if c.get("classname") != "gcnspec." + suites[0].get("name"):
        fail("class name %s is not gcnspec.<suite>" % c.get("classname"))
    if c.get("classname") != "gcnspec.cmd.gfx9.SOP1":
        fail("class name %s is not gcnspec.PEER.GFX.ENCODING" % c.get("classname"))
kinds = {c.get("name"): [e.tag for e in c if e.tag in ("failure", "error", "skipped")] for c in cases}
errors = [e for c in cases for e in c.findall("error")]
want_rc = 0 if name == "pass" else 1
if rc != want_rc:
    fail("gcnspec check exited %d, expected %d" % (rc, want_rc))
if name == "pass" and any(kinds.values()):
    fail("a passing tool has %s" % kinds)
if name == "fail" and kinds != {"s_abs_i32": ["failure"], cases[1].get("name"): []}:
    fail("expected one <failure> on s_abs_i32: %s" % kinds)
if name in ("crash", "hang"):
    why = "signal" if name == "crash" else "timed out"
    if not errors or any(k == ["failure"] for k in kinds.values()):
        fail("an unanswered vector is an <error>, not a <failure>: %s" % kinds)
    if not all(why in e.get("message") for e in errors):
        fail("the <error> says %s, not '%s'" % ([e.get("message") for e in errors], why))
if name == "bytes":
    got = [m["got"] for i in report["implementations"] for m in i["unexplained"]]
    if len(got) != 6 or not all("\ufffd" in g for g in got):
        fail("each of the 6 answers should be in the JSON with U+FFFD for its invalid bytes")
    if not all("\x01" in g and "\x1b[31m" in g for g in got):
        fail("the JSON should keep the control characters (escaped)")
    text = open(prefix + ".junit.xml", encoding="utf-8").read()
    if "\x01" in text or "\x1b" in text or "\ufffe" in text:
        fail("the XML holds characters XML 1.0 forbids")
print("%s: exit %d, JUnit %s tests, %s failures, %s errors; JSON, XML and Markdown valid"
      % (name, rc, root.get("tests"), root.get("failures"), root.get("errors")))
PY
done
exit $status
