"""Runs llvm-mc and turns each run into an EVIDENCE object, and reads the runs back.

An EVIDENCE object records exactly what a peer was given and what it printed:
    {"peer", "args", "stdin", "cmd", "stdout", "stderr"}
"cmd" is the shell line a person would type to reproduce it; tests/peer/test_evidence.c
rebuilds it with the same quoting rules (keep both in step).

The parsers map llvm-mc's output back to input lines so that each curated claim is
checked against what the peer printed, not typed by hand.
"""

import json
import os
import re
import subprocess
import sys

# Generation id -> the LLVM processor that stands for it.
GEN_CPU = {"gcn1.0": "tahiti", "gcn1.1": "bonaire", "gcn1.2": "tonga", "gcn1.4": "gfx900"}
GENS = ["gcn1.0", "gcn1.1", "gcn1.2", "gcn1.4"]
# LLVM 14 and 19 cannot disassemble gfx6/gfx7.
DISASM_GENS = ["gcn1.2", "gcn1.4"]
PRIMARY = "llvm-mc-14"
SECONDARY = "llvm-mc-19"
PEERS = [PRIMARY, SECONDARY]
TIMEOUT_S = 20

_SAFE_ARG = re.compile(r"^[A-Za-z0-9=+,._:/@%-]+$")


def printf_quote(text):
    """Body of a single-quoted printf format that prints `text` exactly."""
    out = []
    for ch in text:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "%":
            out.append("%%")
        elif ch == "'":
            out.append("'\\''")
        elif o < 0x20 or o == 0x7F:
            out.append("\\%03o" % o)
        else:
            out.append(ch)
    return "".join(out)


def shell_arg(arg):
    if _SAFE_ARG.match(arg):
        return arg
    return "'" + arg.replace("'", "'\\''") + "'"


def make_cmd(peer, args, stdin):
    words = [shell_arg(peer)] + [shell_arg(a) for a in args]
    return "printf '%s' | %s" % (printf_quote(stdin), " ".join(words))


def asm_args(cpu, extra=()):
    return ["-arch=amdgcn", "-mcpu=" + cpu] + list(extra) + ["-show-encoding"]


def dis_args(cpu, extra=()):
    return ["-arch=amdgcn", "-mcpu=" + cpu] + list(extra) + ["-disassemble", "-show-encoding"]


_cache = {}


def run(peer, args, stdin):
    """One peer run as an EVIDENCE dict (keys in the curated order)."""
    key = (peer, tuple(args), stdin)
    if key not in _cache:
        env = dict(os.environ, LC_ALL="C")
        proc = subprocess.run([peer] + list(args), input=stdin.encode("utf-8"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=TIMEOUT_S, env=env, check=False)
        _cache[key] = {
            "peer": peer,
            "args": list(args),
            "stdin": stdin,
            "cmd": make_cmd(peer, args, stdin),
            "stdout": proc.stdout.decode("utf-8"),
            "stderr": proc.stderr.decode("utf-8"),
        }
    return dict(_cache[key])


def peer_version(peer):
    out = subprocess.run([peer, "--version"], stdout=subprocess.PIPE, check=True).stdout.decode()
    for line in out.splitlines():
        if re.search(r"version \d", line):
            return line.strip()
    raise SystemExit("%s --version names no version" % peer)


def peers_header(used):
    return [{"peer": p, "version": peer_version(p)} for p in PEERS if p in used]


_DIAG = re.compile(r"^<stdin>:(\d+):(\d+): (error|warning): (.*)$")
_ENC = re.compile(r"^\t(.*?)\s*; encoding: \[([0-9a-fx,]*)\]$")


def _diags(stderr):
    diags = {}
    for line in stderr.splitlines():
        m = _DIAG.match(line)
        if m:
            diags.setdefault(int(m.group(1)), []).append((m.group(3), int(m.group(2)), m.group(4)))
    return diags


def _encodings(stdout):
    out = []
    for line in stdout.splitlines():
        m = _ENC.match(line)
        if m:
            out.append((m.group(1).strip(), bytes(int(b, 16) for b in m.group(2).split(","))))
    return out


class Result:
    """What the peer did with one input line."""

    def __init__(self, line, text=None, data=None, error=None):
        self.line, self.text, self.data, self.error = line, text, data, error

    def __repr__(self):
        if self.error is not None:
            return "<%r: error %r>" % (self.line, self.error)
        return "<%r: %r %s>" % (self.line, self.text, self.data.hex() if self.data else None)


def parse_asm(ev):
    """One Result per non-empty input line of an assembler run."""
    diags = _diags(ev["stderr"])
    encs = _encodings(ev["stdout"])
    results, k = [], 0
    for n, line in enumerate(ev["stdin"].splitlines(), 1):
        if not line.strip():
            continue
        errs = [d for d in diags.get(n, []) if d[0] == "error"]
        if errs:
            results.append(Result(line, error=errs[0][2]))
            continue
        if k >= len(encs):
            raise SystemExit("cannot map output of %s" % ev["cmd"])
        results.append(Result(line, text=encs[k][0], data=encs[k][1]))
        k += 1
    if k != len(encs):
        raise SystemExit("cannot map output of %s" % ev["cmd"])
    return results


def parse_dis(ev):
    """One Result per input line of a disassembler run; each line must hold one instruction."""
    diags = _diags(ev["stderr"])
    encs = _encodings(ev["stdout"])
    results, k = [], 0
    for n, line in enumerate(ev["stdin"].splitlines(), 1):
        if not line.strip():
            continue
        warns = diags.get(n, [])
        if warns:
            if len(warns) != 1 or warns[0][1] != 1:
                raise SystemExit("line %d of %s decodes partly" % (n, ev["cmd"]))
            results.append(Result(line, error=warns[0][2]))
            continue
        results.append(Result(line, text=encs[k][0], data=encs[k][1]))
        k += 1
    if k != len(encs):
        raise SystemExit("cannot map output of %s" % ev["cmd"])
    return results


def words_line(data):
    return ",".join("0x%02x" % b for b in data)


def le_bytes(word, literal=None):
    data = word.to_bytes(4, "little")
    if literal is not None:
        data += literal.to_bytes(4, "little")
    return data


def u32(data, at=0):
    return int.from_bytes(data[at:at + 4], "little")


def fail(msg):
    sys.stderr.write("curate: %s\n" % msg)
    raise SystemExit(1)


def to_json(val, indent=0):
    """2-space indent, keys in insertion order; arrays of scalars stay on one line."""
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(val, dict):
        if not val:
            return "{}"
        items = ["%s%s: %s" % (inner, json.dumps(k, ensure_ascii=False), to_json(v, indent + 1))
                 for k, v in val.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(val, list):
        if all(not isinstance(v, (dict, list)) for v in val):
            return "[" + ", ".join(json.dumps(v, ensure_ascii=False) for v in val) + "]"
        return "[\n" + ",\n".join(inner + to_json(v, indent + 1) for v in val) + "\n" + pad + "]"
    return json.dumps(val, ensure_ascii=False)


def write_json(path, doc):
    """Deterministic text (see to_json), trailing newline; temp file + rename."""
    text = to_json(doc) + "\n"
    if json.loads(text) != doc:
        fail("JSON writer lost data")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
