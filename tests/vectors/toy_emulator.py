#!/usr/bin/env python3
"""A toy emulator for the checker's exec protocol (docs/vectors.md): it wraps `gcnspec exec`
(the oracle) and can be told to go wrong, so the tests can show the checker catches it.

  GCNSPEC=path/to/gcnspec   the binary to wrap (required)
  TOY_FLIP=MNEMONIC         flip bit 0 of the first scalar register the instruction changes
  TOY_SEMANTICS=written     run the documents' pseudocode as written (default: corrected)
  TOY_HANG_ON=ID            stop answering (sleep) at the vector with this id
  TOY_CRASH_ON=ID           die of SIGSEGV at the vector with this id
  TOY_GARBLE_ON=ID          answer the vector with this id with a line that is not JSON
Not in GCNSPEC_MODE=exec: exit 77 (the mode is not claimed)."""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

if os.environ.get("GCNSPEC_MODE") != "exec":
    sys.exit(77)
gcnspec = os.environ["GCNSPEC"]
flip = os.environ.get("TOY_FLIP", "")
semantics = os.environ.get("TOY_SEMANTICS", "corrected")
hang = os.environ.get("TOY_HANG_ON", "-")
crash = os.environ.get("TOY_CRASH_ON", "-")
garble = os.environ.get("TOY_GARBLE_ON", "-")

with tempfile.TemporaryDirectory() as tmp:
    state_path = os.path.join(tmp, "state.json")
    for line in sys.stdin:
        req = json.loads(line)
        if req["id"] == hang:
            time.sleep(3600)
        if req["id"] == crash:
            os.kill(os.getpid(), signal.SIGSEGV)
        if req["id"] == garble:
            print("{not json", flush=True)
            continue
        state = dict(req["state"])
        state["generation"] = req["gen"]
        with open(state_path, "w") as f:
            json.dump(state, f)
        # one instruction, one step: `gcnspec exec` runs until PC leaves the program, so an
        # instruction that jumps back to itself stops at --max-steps 1; then its changes are
        # the --trace line's, with the clock's tick and the PC it stopped at
        p = subprocess.run([gcnspec, "exec", "--gen", req["gen"], "--state", state_path,
                            "--semantics", semantics, "--max-steps", "1", "--trace"],
                           input=req["asm"] + "\n", capture_output=True, text=True)
        err = p.stderr.strip().splitlines()
        if p.returncode == 0:
            out = json.loads(p.stdout)
        elif len(err) == 2 and "stopped after 1 steps at pc " in err[1]:
            out = json.loads(err[0][err[0].index("{"):])
            out["clock"] = hex(int(str(state.get("clock", "0")), 0) + 1)
            out["pc"] = err[1].rsplit(" ", 1)[1]
        else:
            print("error: " + (err or ["failed"])[-1], flush=True)
            continue
        if flip and req["asm"].split()[0] == flip:
            for name, value in out.get("sgprs", {}).items():
                if isinstance(value, str):
                    out["sgprs"][name] = hex(int(value, 0) ^ 1)
                    break
        print(json.dumps(out, separators=(",", ":")), flush=True)
