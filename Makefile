# The README's two commands: `make run` and `make test`.
SWIFT ?= swift
BIN = .build/release/mixdown
FIX = fixtures/media

.PHONY: run test build bootstrap clean bench

bootstrap:
	@scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build -c release --product mixdown

run: build
	@mkdir -p out
	$(BIN) mix --video $(FIX)/clip-a.mp4 --video $(FIX)/clip-c.mp4 \
	    --video $(FIX)/clip-b.mp4 --voiceover $(FIX)/vo-short.wav@1.5 --voiceover $(FIX)/vo-pauses.wav@6.0 \
	    --music $(FIX)/music.mp3 --clip-volume 0.5 --music-volume 0.8 --fade-in 2 --fade-out 3 \
	    -o out/demo-preview.wav
	$(BIN) export --video $(FIX)/clip-a.mp4 --video $(FIX)/clip-c.mp4 \
	    --video $(FIX)/clip-b.mp4 --voiceover $(FIX)/vo-short.wav@1.5 --voiceover $(FIX)/vo-pauses.wav@6.0 \
	    --music $(FIX)/music.mp3 --clip-volume 0.5 --music-volume 0.8 --fade-in 2 --fade-out 3 \
	    -o out/demo.mp4

test: bootstrap
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

# Mixdown against the ffmpeg CLI (issue 7); not a test. docs/benchmarks.md.
bench: build
	scripts/bench.sh

clean:
	rm -rf .build out
