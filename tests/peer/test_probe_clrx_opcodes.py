"""Unit tests of tools/curate/probe_clrx_opcodes.py that need no llvm-mc: the checks fire."""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # ctest runs in the source tree: leave no __pycache__
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "curate"))
import probe_clrx_opcodes as probe  # noqa: E402


class ProbeChecks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.facts = probe.load_facts()
        with open(os.path.join(probe.ROOT, probe.OUT_JSON), encoding="utf-8") as f:
            cls.doc = json.load(f)

    def test_committed_json_covers_every_claim(self):
        self.assertEqual(probe.check_coverage(self.facts, self.doc), [])

    def test_a_dropped_claim_is_found(self):
        doc = dict(self.doc)
        dropped = next(e for e in doc["claims"] if e["claimed"])
        doc["claims"] = [e for e in doc["claims"] if e is not dropped]
        missing = probe.check_coverage(self.facts, doc)
        self.assertEqual(len(missing), 1)
        self.assertEqual(missing[0][0], dropped["at"])

    def test_a_changed_peer_line_is_found(self):
        text = probe.dump_json(self.doc)
        claim = self.doc["claims"][0]
        changed = json.loads(text)
        changed["claims"][0]["peers"]["llvm-mc-14"]["verdict"] = "opcode-differs"
        n = probe.first_difference(text, probe.dump_json(changed))
        self.assertIsNotNone(n)
        self.assertIn(claim["mnemonic"], text.splitlines()[n - 1])
        self.assertIsNone(probe.first_difference(text, probe.dump_json(self.doc)))

    def test_every_claim_has_a_class(self):
        for e in self.doc["claims"]:
            self.assertIn(e["class"], probe.CLASSES, e["at"])

    def test_classes(self):
        self.assertEqual(probe.classify(["agree", "lacks"], False), "agree")
        self.assertEqual(probe.classify(["agree", "opcode-differs"], False), "opcode-differs")
        self.assertEqual(probe.classify(["lacks", "lacks"], False), "llvm-lacks")
        self.assertEqual(probe.classify(["elsewhere", "lacks"], True), "availability-differs")
        self.assertEqual(probe.classify(["no-operands", "lacks"], False), "not-probed")

    def test_a_narrow_encoding_value_matches_the_top_bits(self):
        fact = {"bits": [25, 31], "value": "0b110111"}
        word = (0b110111 << 26) | (1 << 25)
        self.assertEqual(probe.encoding_match(fact, word.to_bytes(4, "little")), "high")
        self.assertIsNone(probe.encoding_match(fact, (0b110110 << 26).to_bytes(4, "little")))
        exact = {"bits": [26, 31], "value": "0b110110"}
        self.assertEqual(probe.encoding_match(exact, (0b110110 << 26).to_bytes(4, "little")),
                         "exact")

    def test_a_field_stated_for_an_earlier_generation_is_inferred(self):
        encs = {f["encoding"] for f in self.facts if f["kind"] == "field"}
        seen = False
        for enc in sorted(encs):
            for gen in probe.ev.GENS:
                f, inferred = probe.pick_field(self.facts, enc, enc, "OPCODE", gen)
                if inferred:
                    seen = True
                    self.assertTrue(all(probe.ev.GENS.index(g) < probe.ev.GENS.index(gen)
                                        for g in f["gens"]))
        self.assertTrue(seen, "no page states a field for an earlier generation only")


if __name__ == "__main__":
    unittest.main()
