#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -x oformat=json: one JSON object per line, records in clause order
# with printa( ) inline, the other aggregations at exit. Times, CPUs and
# probe IDs vary, so they are checked for type and then dropped.
set -eu
"$DTRACE" -x oformat=json -n 'BEGIN { trace(7); printf("a\"b\n");
	@c["k"] = count(); @q = quantize(5); @q = quantize(0); @s = sum(3);
	exit(0); }
	END { printa(@s); }' >"$TMPDIR/out" 2>/dev/null
python3 - "$TMPDIR/out" <<'PY'
import json, sys
want = [
 {"type": "probe", "provider": "dtrace", "module": "", "function": "",
  "name": "BEGIN", "data": [{"trace": 7}, {"printf": "a\"b\n"}]},
 {"type": "probe", "provider": "dtrace", "module": "", "function": "",
  "name": "END", "data": [{"printa": [{"type": "aggregation", "name": "s",
   "function": "sum", "entries": [{"keys": [], "value": 3}]}]}]},
 {"type": "aggregation", "name": "c", "function": "count",
  "entries": [{"keys": ["k"], "value": 1}]},
 {"type": "aggregation", "name": "q", "function": "quantize",
  "entries": [{"keys": [], "buckets": [{"value": 0, "count": 1},
                                       {"value": 4, "count": 1}]}]},
]
got = []
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] == "probe":
        assert o.pop("timestamp") > 0 and o.pop("cpu") >= 0
        assert o.pop("id") > 0
    got.append(o)
if got != want:
    print("got:", *map(json.dumps, got), sep="\n")
    sys.exit(1)
PY
