# The README's two commands: `make run` and `make test`.
SWIFT ?= swift
BIN = .build/release/mixdown
FIX = fixtures/media

.PHONY: run test build bootstrap clean bench

bootstrap:
	@scripts/bootstrap.sh

# The Swift runtime and Foundation linked in: 6 MB less resident memory and a
# faster start than loading them as shared libraries (docs/benchmarks.md).
build: bootstrap
	$(SWIFT) build -c release --static-swift-stdlib --product mixdown

run: build
	@mkdir -p out
	$(BIN) mix fixtures/demo/project.json -o out/demo-preview.wav
	$(BIN) export fixtures/demo/project.json -o out/demo.mp4
	@echo "wrote out/demo-preview.wav and out/demo.mp4"

test: bootstrap
	scripts/test.sh

# Mixdown against the ffmpeg CLI (issue 7); not a test. docs/benchmarks.md.
bench: build
	scripts/bench.sh

clean:
	rm -rf .build out
