#!/usr/bin/env bash
# Runs the whole suite in parallel, then builds the documentation (scripts/docs.sh),
# and ends with one plain line: "N passed, N failed".
#
# A debug build, in .build like `swift build` (`make build` uses .build/release,
# so neither rebuilds the other's products). Nothing in Package.swift forces
# optimisation (no unsafeFlags: ConsumerPackageTests), so the C kernels compile
# at -O0 here; they stay vectorised, and the suite's time goes to FFmpeg. A
# release build of the suite ran it 15-20 CPU-s faster but took 70-80 CPU-s
# longer to build from a fresh clone (docs/benchmarks.md, "Kernels in C").
set -uo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests || exit 1
report=.build/xunit.xml
rm -f "$report"
swift test --skip-build --parallel --disable-swift-testing --xunit-output "$report"
status=$?
# The documentation is part of the suite: every module's DocC catalog must build
# without warnings, which checks each ``symbol`` link in the doc comments.
docs_log=.build/docs.log
if scripts/docs.sh >"$docs_log" 2>&1; then docs=passed; else docs=failed; status=1; cat "$docs_log"; fi
python3 - "$report" "$docs" <<'PY'
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
total += 1  # the documentation build
if sys.argv[2] != "passed":
    failed += 1
    print("FAILED: scripts/docs.sh (DocC catalogs with warnings as errors)")
print(f"{total - failed - skipped} passed, {failed} failed, {skipped} skipped")
PY
exit $status
