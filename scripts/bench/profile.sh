#!/usr/bin/env bash
# Where Mixdown's time goes on the benchmark job: samples one run with
# `perf record --call-graph dwarf` and splits the samples by phase.
#
#   scripts/bench/profile.sh [mix|export|1h|range]     (default mix)
#
# Needs perf (Debian: linux-perf) and a workload (run scripts/bench.sh once).
# MIXDOWN=path picks the binary, as in scripts/bench.sh. Each sample goes to
# the first phase below that appears anywhere on its stack, so the phases
# add up to 100% of the process's samples (user and kernel).
set -euo pipefail
if [ -n "${MIXDOWN:-}" ] && [[ "$MIXDOWN" != /* ]]; then MIXDOWN=$PWD/$MIXDOWN; fi
cd "$(dirname "$0")/../.."
MIXDOWN=${MIXDOWN:-.build/release/mixdown}
WORK=bench/work
mode=${1:-mix}
command -v perf >/dev/null || { echo "profile: perf is missing (apt-get install linux-perf)" >&2; exit 1; }
[ -f "$WORK/clips.txt" ] || { echo "profile: no workload; run scripts/bench.sh first" >&2; exit 1; }
# shellcheck source=jobs.sh
source scripts/bench/jobs.sh
# (Help text is captured before grep: with pipefail, grep -q closing the pipe
# early can fail the whole test.)
mix_help=$("$MIXDOWN" mix --help 2>/dev/null || true)
[[ "$mix_help" == *--cut-fade* ]] && HAS_CUT_FADE=1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
case $mode in
    mix) mixdown_args mix 1 "$out/out.wav"; freq=1000 ;;
    export) mixdown_args export 1 "$out/out.mp4"; freq=400 ;;
    1h) mixdown_args mix 18 "$out/out.wav"; freq=150 ;;
    range) mixdown_args mix 18 "$out/out.wav" --range 3590-3600; freq=2000 ;;
    *) echo "profile: unknown mode $mode (mix, export, 1h or range)" >&2; exit 64 ;;
esac
perf record -q -F "$freq" --call-graph dwarf,16384 -o "$out/perf.data" "$MIXDOWN" "${MIX_ARGS[@]}" >/dev/null 2>&1
# FFmpeg's hand-written SIMD has no unwind info, so a sample in it has no
# usable stack: it goes by the library of its innermost frame (libavcodec is decoding, or in an
# export possibly AAC encoding).
perf script -i "$out/perf.data" -F comm,ip,sym,dso 2>/dev/null | swift demangle --simplified | awk -v mode="$mode" '
    function classify(s) {
        if (s ~ /Project\.plan|PlanBuilder|MediaProbe/) return "planning: probing the inputs"
        if (s ~ /AudioDecoder\.init|InputFile\.init/) return "opening decoders"
        if (s ~ /avcodec_send_frame|AACEncoder/) return "AAC encoding"
        if (s ~ /MovieWriter|av_interleaved_write_frame|av_write_trailer/) return "MP4 muxing, faststart"
        if (s ~ /WAVWriter/) return "WAV writing: conversion, libsndfile, write(2)"
        if (s ~ /swr_convert|Resampler/) return "resampling (libswresample)"
        if (s ~ /avcodec_send_packet|avcodec_receive_frame/) return "decoding (libavcodec)"
        if (s ~ /av_read_frame|av_seek_frame|avformat_seek_file/) return "demuxing: reading packets"
        if (s ~ /DSP\.|GainEnvelope|TrackRenderer|AudioRenderer|SegmentReader|AudioDecoder/) return "mixing: gains, envelopes, sums, FIFO"
        if (s ~ /_dl_start|_dl_relocate|dl_main/) return "process start: dynamic linking"
        return ""
    }
    /^[^ \t]/ { if (stack != "") tally(); stack = ""; next }
    NF { stack = stack "\n" $0 }
    END { if (stack != "") tally()
          for (c in n) printf "%6.1f%%  %s\n", 100 * n[c] / total, c | "sort -rn"
          close("sort -rn"); printf "(%d samples)\n", total }
    function tally(   order, i, c, k) {
        total++
        split("planning: probing the inputs|opening decoders|AAC encoding|MP4 muxing, faststart|WAV writing: conversion, libsndfile, write(2)|resampling (libswresample)|decoding (libavcodec)|demuxing: reading packets|mixing: gains, envelopes, sums, FIFO|process start: dynamic linking", order, "|")
        for (i = 1; i <= 10; i++) if (index(marks(stack), "[" order[i] "]")) { n[order[i]]++; return }
        if (stack ~ /^\n[^\n]*libswresample/) { n["resampling (libswresample)"]++; return }
        if (stack ~ /^\n[^\n]*libavcodec/) { n[mode == "export" ? "libavcodec SIMD without a stack (decoding or AAC encoding)" : "decoding (libavcodec)"]++; return }
        n["other: process start and exit, argument parsing, kernel"]++
    }
    function marks(s,   lines, m, j, c) {
        m = ""; k = split(s, lines, "\n")
        for (j = 1; j <= k; j++) { c = classify(lines[j]); if (c != "") m = m "[" c "]" }
        return m
    }'
