#!/usr/bin/env bash
# Runs the whole suite in parallel and ends with one plain line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests || exit 1
report=.build/xunit.xml
rm -f "$report"
swift test --skip-build --parallel --disable-swift-testing --xunit-output "$report"
status=$?
python3 - "$report" <<'PY'
import sys, xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except Exception as error:
    print(f"no test report: {error}")
    sys.exit(0)
cases = root.iter("testcase")
total = failed = skipped = 0
for case in cases:
    total += 1
    if case.find("failure") is not None or case.find("error") is not None:
        failed += 1
        print(f"FAILED: {case.get('classname')}.{case.get('name')}")
    elif case.find("skipped") is not None:
        skipped += 1
print(f"{total - failed - skipped} passed, {failed} failed, {skipped} skipped")
PY
exit $status
