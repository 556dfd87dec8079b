#!/usr/bin/env bash
# `make bench`: Mixdown against the ffmpeg CLI on issue 7's reference job.
#
# Generates the workload once (scripts/bench/workload.sh, into bench/work/),
# then runs Mixdown and the equivalent ffmpeg command alternately, one
# warm-up each and BENCH_RUNS timed runs each, under GNU time, in two modes
# (WAV preview, MP4 export); the job measured by `mixdown loudness` beside
# ffmpeg's ebur128 filter on the job's WAV (measure); then the 1-hour variant (memory), a --range
# preview of the 1-hour timeline's last 10 s, and the kernel bandwidth bench.
# Prints a table with the issue's targets; docs/benchmarks.md explains it.
#
# Environment:
#   MIXDOWN=path          the mixdown binary (default .build/release/mixdown)
#   KERNEL_BENCH=path     the mixdown-kernel-bench binary (default: built here
#                         with `swift build -c release --static-swift-stdlib`, scratch path
#                         BENCH_SCRATCH if set)
#   BENCH_RUNS=N          timed runs per side and mode (default 5)
#   BENCH_RUNS_1H=N       timed Mixdown runs of the 1-hour variant (default 3)
#   BENCH_FFMPEG_1H_RUNS=N  ffmpeg runs of the 1-hour variant (default 1; 0 skips)
#   BENCH_MODES="mix measure export warm loudness dialogue transition titles reencode hevc 1h range kernel"   what to run (default: all)
#   BENCH_REENCODE_PAIRS="veryfast:17 …"  the reencode mode's other preset:CRF pairs, one run each
#                         (default: a few around the default; "" skips them)
#   BENCH_RESULTS=path    where the table is also written (default bench/work/results.txt)
#   BENCH_REVISION=text   what the table says was measured (default: the checkout's
#                         commit, "+ local changes" if Sources/ differs)
# `scripts/bench.sh --print-commands` prints both commands of the job and exits.
set -euo pipefail
# Paths given relative to where the script was started from.
for var in MIXDOWN KERNEL_BENCH BENCH_RESULTS BENCH_SCRATCH; do
    if [ -n "${!var:-}" ] && [[ "${!var}" != /* ]]; then printf -v "$var" '%s' "$PWD/${!var}"; fi
done
cd "$(dirname "$0")/.."

MIXDOWN=${MIXDOWN:-.build/release/mixdown}
RUNS=${BENCH_RUNS:-5}
RUNS_1H=${BENCH_RUNS_1H:-3}
FFMPEG_1H_RUNS=${BENCH_FFMPEG_1H_RUNS:-1}
MODES=" ${BENCH_MODES:-mix measure export warm loudness dialogue transition titles reencode hevc 1h range kernel} "
WORK=bench/work
OUT=$WORK/out
RESULTS=${BENCH_RESULTS:-$WORK/results.txt}
GNU_TIME=/usr/bin/time
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)

die() { echo "bench: $*" >&2; exit 1; }
note() { echo "bench: $*" >&2; }
want() { [[ "$MODES" == *" $1 "* ]]; }

[ -x "$GNU_TIME" ] || die "GNU time is missing: apt-get install time (or run scripts/bootstrap.sh)"
[ -x "$MIXDOWN" ] || die "$MIXDOWN not found: run \`make build\` or set MIXDOWN=path"
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive integer, got '$RUNS'"

scripts/bench/workload.sh "$WORK"
mkdir -p "$OUT"
rm -f "$OUT"/*.log   # never report a previous run's numbers
# shellcheck source=bench/jobs.sh
source scripts/bench/jobs.sh
# (Help text is captured before grep: with pipefail, grep -q closing the pipe
# early can fail the whole test.)
mix_help=$("$MIXDOWN" mix --help 2>/dev/null || true)
[[ "$mix_help" == *--cut-fade* ]] && HAS_CUT_FADE=1
HAS_EXPORT=""
# `mixdown export --help` succeeds (exit 0) even without an export command:
# ArgumentParser then prints the root help. So look for export's own usage line.
export_help=$("$MIXDOWN" export --help 2>/dev/null || true)
[[ "$export_help" == *"USAGE: mixdown export"* ]] && HAS_EXPORT=1
HAS_CACHE=""
[[ "$mix_help" == *--no-cache* ]] && HAS_CACHE=1
# Mixdown's conform cache lives in the bench's folder; every timed run but the
# warm mode's starts with it empty (cold), as a first render of new media does.
export MIXDOWN_CACHE_DIR=$PWD/$OUT/cache
COLD=1

if [ "${1:-}" = --print-commands ]; then
    for mode in mix export; do
        ext=wav; [ $mode = export ] && ext=mp4
        mixdown_args $mode 1 "out.$ext"; print_command mixdown "${MIX_ARGS[@]}"; echo
        ffmpeg_args $mode 1 "out.$ext"; print_command ffmpeg "${FF_ARGS[@]}"; echo
    done
    exit 0
fi

# --- measuring ---------------------------------------------------------------

# timed LOG CMD...: runs CMD under GNU time, appends "wall user sys maxrss_kb" to LOG.
# Mixdown's runs start with an empty conform cache unless COLD is empty.
timed() {
    local log=$1; shift
    local t=$OUT/time.tmp err=$OUT/stderr.tmp
    if [ -n "$COLD" ] && [ "$1" = "$MIXDOWN" ]; then rm -rf "$MIXDOWN_CACHE_DIR"; fi
    if ! "$GNU_TIME" -f '%e %U %S %M' -o "$t" "$@" 2>"$err" >/dev/null; then
        cat "$err" >&2
        die "failed: $1 ${2:-} … (the job's commands: scripts/bench.sh --print-commands)"
    fi
    tail -n 1 "$t" >> "$log"
}

# med LOG FIELD: median of a column; FIELD is wall, cpu (user+sys) or rss (MiB).
med() {
    awk -v f="$2" '{ v = f == "wall" ? $1 : f == "cpu" ? $2 + $3 : $4 / 1024; print v }' "$1" | sort -g |
        awk '{ a[NR] = $1 } END { if (NR == 0) exit 1; print NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# compare MODE PERIODS EXT RUNS FFRUNS: warm-up each, then RUNS alternating runs.
# Leaves the logs in $OUT/MODE-PERIODS-{mixdown,ffmpeg}.log.
compare() {
    local mode=$1 periods=$2 ext=$3 runs=$4 ffruns=$5 i
    local mlog=$OUT/$mode-$periods-mixdown.log flog=$OUT/$mode-$periods-ffmpeg.log
    : > "$mlog"; : > "$flog"
    mixdown_args "$mode" "$periods" "$OUT/mixdown.$ext"
    ffmpeg_args "$mode" "$periods" "$OUT/ffmpeg.$ext"
    note "$mode, $((periods * 200)) s timeline: warm-up"
    timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}"
    [ "$ffruns" -gt 0 ] && [ "$periods" -eq 1 ] && timed /dev/null ffmpeg "${FF_ARGS[@]}"
    for ((i = 1; i <= (runs > ffruns ? runs : ffruns); i++)); do
        note "$mode, $((periods * 200)) s timeline: run $i"
        if [ "$i" -le "$runs" ]; then timed "$mlog" "$MIXDOWN" "${MIX_ARGS[@]}"; fi
        if [ "$i" -le "$ffruns" ]; then timed "$flog" ffmpeg "${FF_ARGS[@]}"; fi
    done
}

# --- report ------------------------------------------------------------------

table=()
row() { table+=("$(printf "$@")"); }
verdict() { awk -v x="$1" -v op="$2" -v t="$3" 'BEGIN { ok = op == ">=" ? x >= t : x <= t; print ok ? "PASS" : "FAIL" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

side_rows() { # LABEL LOG
    row '%-22s %-8s %9.2f %9.2f %10.1f' "$1" "$2" "$(med "$3" wall)" "$(med "$3" cpu)" "$(med "$3" rss)"
}

ratio_rows() { # MODE-PERIODS TIME_TARGET
    local m=$OUT/$1-mixdown.log f=$OUT/$1-ffmpeg.log wall cpu rss
    wall=$(ratio "$(med "$f" wall)" "$(med "$m" wall)")
    cpu=$(ratio "$(med "$f" cpu)" "$(med "$m" cpu)")
    rss=$(ratio "$(med "$m" rss)" "$(med "$f" rss)")
    row '%-22s %-8s %8sx %8sx %9sx' "" ratio "$wall" "$cpu" "$rss"
    [ -n "$2" ] && row '%-22s target: ffmpeg/mixdown wall >= %s: %s' "" "$2" "$(verdict "$wall" '>=' "$2")"
    row '%-22s target: mixdown/ffmpeg peak RSS <= 1.00: %s' "" "$(verdict "$rss" '<=' 1)"
}

ffmpeg_version=$(ffmpeg -version | awk 'NR == 1 { print $3 }')
# What was measured: the checkout's revision, unless BENCH_REVISION says otherwise
# (for a MIXDOWN built elsewhere).
if [ -n "${BENCH_REVISION:-}" ]; then
    revision=$BENCH_REVISION
else
    revision=$(git rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")
    [ -n "$(git status --porcelain -- Sources Package.swift 2>/dev/null)" ] && revision+=" + local changes"
fi
row 'Mixdown vs ffmpeg %s CLI, issue 7 reference job (200 s timeline)' "$ffmpeg_version"
row 'median of %s runs after one warm-up each, alternating; peak RSS = median of the runs'"'"' max RSS' "$RUNS"
row 'mixdown runs as users run it (summary line, no --quiet), each with an empty conform cache but the warm rows''' 
row 'ratio: ffmpeg/mixdown for time (above 1 = Mixdown faster), mixdown/ffmpeg for RSS'
row 'mixdown: %s at %s' "$MIXDOWN" "$revision"
row ''
row '%-22s %-8s %9s %9s %10s' mode side 'wall s' 'CPU s' 'RSS MiB'

if want mix; then
    compare mix 1 wav "$RUNS" "$RUNS"
    side_rows 'WAV preview (s24)' mixdown "$OUT/mix-1-mixdown.log"
    side_rows '' ffmpeg "$OUT/mix-1-ffmpeg.log"
    ratio_rows mix-1 2.5
    if command -v sox >/dev/null; then
        # The same job on both sides: compare the first 60 s (clip 1, two takes,
        # fade-in, ducking). Later, ffmpeg's concat demuxer shifts the clips'
        # audio by a few samples at each join, so only this stretch compares.
        diff_db=$(sox -m -v 1 "|sox $OUT/mixdown.wav -p trim 0 60" -v -1 "|sox $OUT/ffmpeg.wav -p trim 0 60" -n stats 2>&1 |
            awk '/RMS lev dB/ { print $4 }')
        level_db=$(sox "$OUT/mixdown.wav" -n trim 0 60 stats 2>&1 | awk '/RMS lev dB/ { print $4 }')
        row '%-22s check: mixdown - ffmpeg over 0-60 s: %s dBFS RMS (mix %s dBFS)' "" "$diff_db" "$level_db"
    fi
    row ''
fi

if want measure; then
    loudness_help=$("$MIXDOWN" loudness --help 2>/dev/null || true)
    if [[ "$loudness_help" == *"USAGE: mixdown loudness"* ]]; then
        # ffmpeg meters the job's WAV, which Mixdown writes first when the mix mode did not.
        wav=$OUT/measure.wav
        mixdown_args mix 1 "$wav"
        "$MIXDOWN" "${MIX_ARGS[@]}"
        mixdown_args loudness 1 ""
        FF_ARGS=(-nostdin -hide_banner -nostats -i "$wav" -filter_complex "ebur128=peak=true" -f null -)
        mlog=$OUT/measure-mixdown.log flog=$OUT/measure-ffmpeg.log
        : > "$mlog"; : > "$flog"
        note "measure (mixdown loudness): warm-up"
        timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}"
        timed /dev/null ffmpeg "${FF_ARGS[@]}"
        for ((i = 1; i <= RUNS; i++)); do
            note "measure (mixdown loudness): run $i"
            timed "$mlog" "$MIXDOWN" "${MIX_ARGS[@]}"
            timed "$flog" ffmpeg "${FF_ARGS[@]}"
        done
        side_rows 'measure (R128)' mixdown "$mlog"
        side_rows '' 'ffmpeg' "$flog"
        row '%-22s (mixdown renders and meters the mix, 3 stems and the dialogue; ffmpeg meters the WAV)' ""
        ours=$("$MIXDOWN" "${MIX_ARGS[@]}" --json | python3 -c 'import json, sys; m = json.load(sys.stdin)["mix"]; print(m["integrated"], m["truePeak"])')
        theirs=$(ffmpeg "${FF_ARGS[@]}" 2>&1 | awk '/Summary:/ { s = 1 } s && $1 == "I:" { i = $2 } s && $1 == "Peak:" { p = $2 } END { print i, p }')
        row '%-22s check: mix I / true peak: mixdown %s LUFS / %s dBTP, ffmpeg %s LUFS / %s dBTP' "" \
            "${ours% *}" "${ours#* }" "${theirs% *}" "${theirs#* }"
        rm -f "$wav"
    else
        row '%-22s %-8s not available (no loudness command)' 'measure (R128)' mixdown
    fi
    row ''
fi

if want export; then
    if [ -n "$HAS_EXPORT" ]; then
        compare export 1 mp4 "$RUNS" "$RUNS"
        side_rows "MP4 export (AAC $AUDIO_BITRATE)" mixdown "$OUT/export-1-mixdown.log"
        side_rows '' ffmpeg "$OUT/export-1-ffmpeg.log"
        ratio_rows export-1 2.0
        for side in mixdown ffmpeg; do
            row '%-22s check: %-7s %s' "" "$side" "$(ffprobe -v error -show_entries stream=codec_type,codec_name,bit_rate:format=duration \
                -of csv=p=0 "$OUT/$side.mp4" | awk -F, 'NF == 3 { printf "%s %s %.0f kb/s, ", $2, $1, $3 / 1000 } NF == 1 { printf "%.3f s", $1 }')"
        done
    else
        row '%-22s %-8s not available yet (no export command)' "MP4 export (AAC $AUDIO_BITRATE)" mixdown
        row '%-22s target: ffmpeg/mixdown wall >= 2.0: not measured' ""
    fi
    row ''
fi

if want warm && [ -n "$HAS_CACHE" ]; then
    # Issue 24: a re-render after a change of mix (another duck depth and music
    # volume) reads every input from the conform cache that one cold render of
    # the job filled; ffmpeg runs the same changed job. Each warm output must be
    # bit-identical to the same render with --no-cache.
    for mode in mix export; do
        [ $mode = export ] && [ -z "$HAS_EXPORT" ] && continue
        ext=wav; label='warm WAV preview'; target=10
        [ $mode = export ] && { ext=mp4; label='warm MP4 export'; target=3; }
        mlog=$OUT/warm-$mode-mixdown.log flog=$OUT/warm-$mode-ffmpeg.log
        : > "$mlog"; : > "$flog"
        rm -rf "$MIXDOWN_CACHE_DIR"
        mixdown_args $mode 1 "$OUT/cold.$ext"
        "$MIXDOWN" "${MIX_ARGS[@]}" 2>/dev/null
        saved=("$DUCK_DB" "$MUSIC_VOLUME")
        DUCK_DB=$WARM_DUCK_DB MUSIC_VOLUME=$WARM_MUSIC_VOLUME
        mixdown_args $mode 1 "$OUT/warm.$ext"
        ffmpeg_args $mode 1 "$OUT/ffmpeg.$ext"
        COLD=""
        note "warm $mode: warm-up"
        timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}"
        timed /dev/null ffmpeg "${FF_ARGS[@]}"
        for ((i = 1; i <= RUNS; i++)); do
            note "warm $mode: run $i"
            timed "$mlog" "$MIXDOWN" "${MIX_ARGS[@]}"
            timed "$flog" ffmpeg "${FF_ARGS[@]}"
        done
        COLD=1
        mixdown_args $mode 1 "$OUT/uncached.$ext" --no-cache
        "$MIXDOWN" "${MIX_ARGS[@]}" 2>/dev/null
        DUCK_DB=${saved[0]} MUSIC_VOLUME=${saved[1]}
        side_rows "$label" mixdown "$mlog"
        side_rows '' ffmpeg "$flog"
        ratio_rows "warm-$mode" "$target"
        same=FAIL; cmp -s "$OUT/warm.$ext" "$OUT/uncached.$ext" && same=PASS
        row '%-22s target: bit-identical to the same render with --no-cache: %s' "" "$same"
        row '%-22s cache: %s' "" "$(du -sh "$MIXDOWN_CACHE_DIR" | cut -f1)"
        rm -f "$OUT/cold.$ext" "$OUT/warm.$ext" "$OUT/uncached.$ext"
        row ''
    done
fi

if want loudness && [ -n "$HAS_EXPORT" ]; then
    # Issue 14: a normalised export (--loudness podcast: -16 LUFS, -1 dBTP) against
    # ffmpeg's two-pass loudnorm (measure, then linear mode) and against the plain export.
    loudnorm_script "$OUT/ffmpeg.mp4" > "$OUT/loudnorm.sh"
    mlog=$OUT/loudness-1-mixdown.log flog=$OUT/loudness-1-ffmpeg.log plog=$OUT/export-1-mixdown.log
    : > "$mlog"; : > "$flog"
    mixdown_args export 1 "$OUT/mixdown.mp4" --loudness podcast
    if ! want export; then
        : > "$plog"
        mixdown_args export 1 "$OUT/plain.mp4"; PLAIN_ARGS=("${MIX_ARGS[@]}")
        mixdown_args export 1 "$OUT/mixdown.mp4" --loudness podcast
    fi
    note "normalised export: warm-up"
    timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}"
    timed /dev/null bash "$OUT/loudnorm.sh"
    for ((i = 1; i <= RUNS; i++)); do
        note "normalised export: run $i"
        timed "$mlog" "$MIXDOWN" "${MIX_ARGS[@]}"
        timed "$flog" bash "$OUT/loudnorm.sh"
        if ! want export; then timed "$plog" "$MIXDOWN" "${PLAIN_ARGS[@]}"; fi
    done
    side_rows 'normalised export' mixdown "$mlog"
    side_rows '(-16 LUFS, -1 dBTP)' ffmpeg "$flog"
    ratio_rows loudness-1 ""
    cost=$(ratio "$(med "$mlog" wall)" "$(med "$plog" wall)")
    row '%-22s target: normalised / plain export wall = %s <= 1.30: %s' "" "$cost" "$(verdict "$cost" '<=' 1.3)"
    for side in mixdown ffmpeg; do
        row '%-22s check: %-7s %s' "" "$side" "$(ffmpeg -nostats -nostdin -i "$OUT/$side.mp4" -filter_complex ebur128=peak=true -f null - 2>&1 |
            awk '/Summary:/ { s = 1 } s && $1 == "I:" { i = $2 } s && $1 == "Peak:" { p = $2 } END { printf "decoded %s LUFS, true peak %s dBTP (ebur128)", i, p }')"
    done
    row ''
fi

if want dialogue && [[ "$mix_help" == *--level-dialogue* ]]; then
    # Issue 26: the WAV preview with every take and clip levelled and cleaned, against the
    # plain preview; the same on one thread, as realtime (the job is 200 s); and warm:
    # issue 24's re-render (another duck depth and music volume) of both, after one cold
    # render of each filled the conform cache, the levelled one checked bit-identical to
    # the same render with --no-cache.
    dlog=$OUT/dialogue-1-mixdown.log slog=$OUT/dialogue-1t-mixdown.log plog=$OUT/mix-plain-mixdown.log
    wdlog=$OUT/dialogue-warm-mixdown.log wplog=$OUT/mix-plain-warm-mixdown.log
    : > "$dlog"; : > "$slog"; : > "$plog"; : > "$wdlog"; : > "$wplog"
    DIALOGUE=(--level-dialogue adaptive --denoise 12 --dehum auto --highpass 80)
    mixdown_args mix 1 "$OUT/plain.wav"; PLAIN_ARGS=("${MIX_ARGS[@]}")
    mixdown_args mix 1 "$OUT/dialogue.wav"
    note "dialogue: warm-up"
    timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}"
    for ((i = 1; i <= RUNS; i++)); do
        note "dialogue: run $i"
        timed "$dlog" "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}"
        timed "$slog" "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}" --threads 1
        timed "$plog" "$MIXDOWN" "${PLAIN_ARGS[@]}"
    done
    rm -rf "$MIXDOWN_CACHE_DIR"
    "$MIXDOWN" "${PLAIN_ARGS[@]}" 2>/dev/null
    "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}" 2>/dev/null
    saved=("$DUCK_DB" "$MUSIC_VOLUME")
    DUCK_DB=$WARM_DUCK_DB MUSIC_VOLUME=$WARM_MUSIC_VOLUME
    mixdown_args mix 1 "$OUT/plain-warm.wav"; PLAIN_ARGS=("${MIX_ARGS[@]}")
    mixdown_args mix 1 "$OUT/dialogue-warm.wav"
    COLD=""
    timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}"
    for ((i = 1; i <= RUNS; i++)); do
        note "dialogue, warm: run $i"
        timed "$wdlog" "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}"
        timed "$wplog" "$MIXDOWN" "${PLAIN_ARGS[@]}"
    done
    COLD=1
    mixdown_args mix 1 "$OUT/dialogue-uncached.wav" --no-cache
    "$MIXDOWN" "${MIX_ARGS[@]}" "${DIALOGUE[@]}" 2>/dev/null
    DUCK_DB=${saved[0]} MUSIC_VOLUME=${saved[1]}
    side_rows 'dialogue preview' mixdown "$dlog"
    side_rows '(levelled and cleaned)' plain "$plog"
    cost=$(ratio "$(med "$dlog" wall)" "$(med "$plog" wall)")
    row '%-22s target: dialogue / plain preview wall = %s <= 1.50: %s' "" "$cost" "$(verdict "$cost" '<=' 1.5)"
    speed=$(ratio "$JOB_PERIOD" "$(med "$slog" wall)")
    row '%-22s target: one thread, %sx realtime >= 30: %s' "" "$speed" "$(verdict "$speed" '>=' 30)"
    side_rows 'dialogue, warm' mixdown "$wdlog"
    side_rows '(re-render)' plain "$wplog"
    cost=$(ratio "$(med "$wdlog" wall)" "$(med "$wplog" wall)")
    row '%-22s warm: dialogue / plain preview wall = %s <= 1.50: %s' "" "$cost" "$(verdict "$cost" '<=' 1.5)"
    same=FAIL; cmp -s "$OUT/dialogue-warm.wav" "$OUT/dialogue-uncached.wav" && same=PASS
    row '%-22s warm: bit-identical to the same render with --no-cache: %s' "" "$same"
    rm -f "$OUT/plain-warm.wav" "$OUT/dialogue-warm.wav" "$OUT/dialogue-uncached.wav"
    row ''
fi

if want transition && [ -n "$HAS_EXPORT" ]; then
    # Issue 13: a 40 s 720p timeline of two clips with one 1 s dissolve, against
    # ffmpeg's xfade (and acrossfade) doing the same job with libx264 at the same
    # CRF and preset (medium, x264's default, not Mixdown's: the same encoder's work on
    # both sides). Target: mixdown's CPU time at most 0.2 of ffmpeg's.
    for side in a b; do
        clip=$WORK/dissolve-$side.mp4
        [ -f "$clip" ] || ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" \
            -f lavfi -i "aevalsrc=0.2*sin(2*PI*$([ $side = a ] && echo 440 || echo 554.37)*t):s=48000:c=stereo" -t 20.5 \
            -map 0:v -map 1:a -c:v libx264 -preset medium -crf 20 -g 30 -keyint_min 30 -sc_threshold 0 -pix_fmt yuv420p \
            -c:a aac -b:a 128k "$clip"
    done
    tlog=$OUT/transition-mixdown.log xlog=$OUT/transition-ffmpeg.log
    : > "$tlog"; : > "$xlog"
    T_ARGS=(export --video "$WORK/dissolve-a.mp4" --video "$WORK/dissolve-b.mp4" --transition dissolve:1 --video-quality 18 --video-preset medium --quiet -o "$OUT/transition.mp4")
    X_ARGS=(-nostdin -hide_banner -loglevel error -y -i "$WORK/dissolve-a.mp4" -i "$WORK/dissolve-b.mp4" -filter_complex
            "[0:v][1:v]xfade=transition=fade:duration=1:offset=19.5[v];[0:a][1:a]acrossfade=d=1[a]"
            -map "[v]" -map "[a]" -c:v libx264 -preset medium -crf 18 -c:a aac -b:a 192k "$OUT/xfade.mp4")
    note "transition: warm-up"
    timed /dev/null "$MIXDOWN" "${T_ARGS[@]}"
    for ((i = 1; i <= RUNS; i++)); do
        note "transition: run $i"
        timed "$tlog" "$MIXDOWN" "${T_ARGS[@]}"
        timed "$xlog" ffmpeg "${X_ARGS[@]}"
    done
    side_rows '40 s 720p, 1 s dissolve' mixdown "$tlog"
    side_rows '' 'ffmpeg xfade' "$xlog"
    share=$(ratio "$(med "$tlog" cpu)" "$(med "$xlog" cpu)")
    row '%-22s target: mixdown / ffmpeg CPU = %s <= 0.20: %s' "" "$share" "$(verdict "$share" '<=' 0.2)"
    row ''
fi

if want titles && [ -n "$HAS_EXPORT" ]; then
    # Issue 21: a 60 s 720p clip with a 5 s title (10–15 s) and a caption track,
    # against ffmpeg doing the same job in one full re-encode: drawtext for the
    # title (DejaVu Sans Bold, the same size), the captions as a mov_text track,
    # libx264 at the same CRF and preset. Target: mixdown's CPU time at most 0.2
    # of ffmpeg's. Mixdown smart-renders: only the GOPs under the title are encoded.
    clip=$WORK/titles-clip.mp4 srt=$WORK/titles.srt
    [ -f "$clip" ] || ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1280x720:rate=30" \
        -f lavfi -i "aevalsrc=0.2*sin(2*PI*440*t):s=48000:c=stereo" -t 60 \
        -map 0:v -map 1:a -c:v libx264 -preset medium -crf 20 -g 30 -keyint_min 30 -sc_threshold 0 -pix_fmt yuv420p \
        -c:a aac -b:a 128k "$clip"
    [ -f "$srt" ] || for i in $(seq 0 9); do
        printf '%d\n00:00:%02d,000 --> 00:00:%02d,500\nCaption number %d of the benchmark\n\n' $((i + 1)) $((i * 6 + 1)) $((i * 6 + 4)) $((i + 1))
    done > "$srt"
    font=$(fc-match -f '%{file}' 'DejaVu Sans:bold')
    tlog=$OUT/titles-mixdown.log xlog=$OUT/titles-ffmpeg.log
    : > "$tlog"; : > "$xlog"
    T_ARGS=(export --video "$clip" --title "Mixdown titles@10-15" --captions "$srt@eng" --video-quality 20 --video-preset medium --quiet -o "$OUT/titles.mp4")
    X_ARGS=(-nostdin -hide_banner -loglevel error -y -i "$clip" -i "$srt" -filter_complex
            "[0:v]drawtext=fontfile=$font:text='Mixdown titles':fontsize=56:fontcolor=white:shadowcolor=black@0.6:shadowx=2:shadowy=2:x=(w-text_w)/2:y=h-text_h-36:enable='between(t,10,15)'[v]"
            -map "[v]" -map 0:a -map 1:s -c:v libx264 -preset medium -crf 20 -c:a aac -b:a 192k -c:s mov_text -metadata:s:s:0 language=eng "$OUT/drawtext.mp4")
    note "titles: warm-up"
    timed /dev/null "$MIXDOWN" "${T_ARGS[@]}"
    for ((i = 1; i <= RUNS; i++)); do
        note "titles: run $i"
        timed "$tlog" "$MIXDOWN" "${T_ARGS[@]}"
        timed "$xlog" ffmpeg "${X_ARGS[@]}"
    done
    side_rows '60 s 720p, 5 s title' mixdown "$tlog"
    side_rows '+ 10 cues (soft)' 'ffmpeg drawtext' "$xlog"
    share=$(ratio "$(med "$tlog" cpu)" "$(med "$xlog" cpu)")
    row '%-22s target: mixdown / ffmpeg CPU = %s <= 0.20: %s' "" "$share" "$(verdict "$share" '<=' 0.2)"
    row ''
fi

if want reencode && [ -n "$HAS_EXPORT" ]; then
    # Issue 22: a conformed 1080p30 timeline re-encoded whole (--full-render), Mixdown
    # with its defaults (preset and CRF) against ffmpeg doing the same job with x264's
    # default preset at CRF 18. Targets: CPU at most 0.70 of ffmpeg's, peak RSS at most
    # ffmpeg's, PSNR against the source at most 0.5 dB below ffmpeg's. The source has
    # camera-like grain (temporal noise) so that the encoder has real work.
    clip=$WORK/reencode-1080p.mp4
    if [ ! -f "$clip" ]; then
        ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30,noise=alls=4:allf=t" \
            -f lavfi -i "aevalsrc=0.2*sin(2*PI*440*t):s=48000:c=stereo" -t 10 \
            -map 0:v -map 1:a -c:v libx264 -preset veryfast -crf 18 -g 30 -keyint_min 30 -sc_threshold 0 -pix_fmt yuv420p \
            -c:a aac -b:a 128k "$clip.part.mp4"
        mv "$clip.part.mp4" "$clip"
    fi
    # psnr FILE: the mean PSNR (all planes) of FILE's pictures against the source's.
    psnr() { ffmpeg -nostdin -hide_banner -i "$1" -i "$clip" -lavfi "[0:v][1:v]psnr" -f null - 2>&1 | awk -F'average:' '/PSNR/ { split($2, a, " "); print a[1] }'; }
    mib() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }
    rlog=$OUT/reencode-mixdown.log xlog=$OUT/reencode-ffmpeg.log
    : > "$rlog"; : > "$xlog"
    R_ARGS=(export --video "$clip" --full-render --quiet -o "$OUT/reencode.mp4")
    X_ARGS=(-nostdin -hide_banner -loglevel error -y -i "$clip" -map 0:v -map 0:a
            -c:v libx264 -preset medium -crf 18 -c:a aac -b:a 192k -movflags +faststart "$OUT/reencode-ffmpeg.mp4")
    note "reencode: warm-up"
    timed /dev/null "$MIXDOWN" "${R_ARGS[@]}"
    timed /dev/null ffmpeg "${X_ARGS[@]}"
    for ((i = 1; i <= RUNS; i++)); do
        note "reencode: run $i"
        timed "$rlog" "$MIXDOWN" "${R_ARGS[@]}"
        timed "$xlog" ffmpeg "${X_ARGS[@]}"
    done
    ours=$(psnr "$OUT/reencode.mp4") theirs=$(psnr "$OUT/reencode-ffmpeg.mp4")
    # The defaults measured, as `mixdown help export` shows them.
    export_help=$("$MIXDOWN" help export)
    # The option's text from its flag on, lines joined (the help wraps "(default: …)").
    shown() { awk -v flag="$1" '$1 == flag { p = 1 } p { text = text " " $0 } p && text ~ /default: [^)]*\)/ { sub(/.*default: */, "", text); sub(/\).*/, "", text); print text; exit }' <<< "$export_help"; }
    defaults="$(shown --video-preset)/$(shown --video-quality)"
    side_rows "1080p30 re-encode" mixdown "$rlog"
    side_rows '' ffmpeg "$xlog"
    row '%-22s (10 s, --full-render: mixdown at its defaults, %s; ffmpeg at medium/18)' "" "$defaults"
    share=$(ratio "$(med "$rlog" cpu)" "$(med "$xlog" cpu)")
    rss=$(ratio "$(med "$rlog" rss)" "$(med "$xlog" rss)")
    gap=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a - b }')
    row '%-22s target: mixdown / ffmpeg CPU = %s <= 0.70: %s' "" "$share" "$(verdict "$share" '<=' 0.7)"
    row '%-22s target: mixdown / ffmpeg peak RSS = %s <= 1.00: %s' "" "$rss" "$(verdict "$rss" '<=' 1)"
    row '%-22s target: PSNR mixdown %s dB - ffmpeg %s dB = %s >= -0.5: %s' "" "$ours" "$theirs" "$gap" "$(verdict "$gap" '>=' -0.5)"
    row '%-22s check: files mixdown %s MiB, ffmpeg %s MiB' "" "$(mib "$OUT/reencode.mp4")" "$(mib "$OUT/reencode-ffmpeg.mp4")"
    # Other preset:CRF pairs, one run each after the default's: what the default was chosen from.
    for pair in ${BENCH_REENCODE_PAIRS-superfast:15 veryfast:15 veryfast:17 faster:16 faster:17 medium:18}; do
        note "reencode: --video-preset ${pair%:*} --video-quality ${pair#*:}"
        plog=$OUT/reencode-pair.log; : > "$plog"
        timed "$plog" "$MIXDOWN" "${R_ARGS[@]:0:${#R_ARGS[@]}-2}" --video-preset "${pair%:*}" --video-quality "${pair#*:}" -o "$OUT/reencode-pair.mp4"
        row '%-22s %-8s %9.2f %9.2f %10.1f  CPU %s, PSNR %s dB, %s MiB' "  at $pair" mixdown "$(med "$plog" wall)" "$(med "$plog" cpu)" "$(med "$plog" rss)" \
            "$(ratio "$(med "$plog" cpu)" "$(med "$xlog" cpu)")" "$(psnr "$OUT/reencode-pair.mp4")" "$(mib "$OUT/reencode-pair.mp4")"
    done
    rm -f "$OUT/reencode-pair.mp4"
    row ''
fi

if want hevc && [ -n "$HAS_EXPORT" ]; then
    # Issue 22: the fixtures' two 10 s 1080p30 hvc1 clips with a 1 s dissolve, smart-rendered
    # (HEVC stretches spliced into the copied packets) against Mixdown re-encoding the same
    # timeline whole (--full-render, HEVC too). Target: the splice at most 0.2 of the CPU.
    hevc_a=fixtures/media/hevc-a.mov hevc_b=fixtures/media/hevc-b.mov
    slog=$OUT/hevc-smart.log flog=$OUT/hevc-full.log
    : > "$slog"; : > "$flog"
    H_ARGS=(export --video "$hevc_a" --video "$hevc_b" --transition dissolve:1 --quiet)
    note "hevc: warm-up"
    timed /dev/null "$MIXDOWN" "${H_ARGS[@]}" -o "$OUT/hevc-smart.mp4"
    for ((i = 1; i <= RUNS; i++)); do
        note "hevc: run $i"
        timed "$slog" "$MIXDOWN" "${H_ARGS[@]}" -o "$OUT/hevc-smart.mp4"
        timed "$flog" "$MIXDOWN" "${H_ARGS[@]}" --full-render -o "$OUT/hevc-full.mp4"
    done
    side_rows '2 x 10 s 1080p HEVC' 'smart' "$slog"
    side_rows '1 s dissolve' 'full' "$flog"
    share=$(ratio "$(med "$slog" cpu)" "$(med "$flog" cpu)")
    row '%-22s target: smart / full render CPU = %s <= 0.20: %s' "" "$share" "$(verdict "$share" '<=' 0.2)"
    row ''
fi

if want 1h; then
    compare mix 18 wav "$RUNS_1H" "$FFMPEG_1H_RUNS"
    rm -f "$OUT/mixdown.wav" "$OUT/ffmpeg.wav"   # 1 GiB each
    side_rows '1-hour variant (s24)' mixdown "$OUT/mix-18-mixdown.log"
    if [ "$FFMPEG_1H_RUNS" -gt 0 ]; then
        side_rows '' ffmpeg "$OUT/mix-18-ffmpeg.log"
        row '%-22s (1-hour medians: mixdown of %s runs, ffmpeg of %s)' "" "$RUNS_1H" "$FFMPEG_1H_RUNS"
    fi
    if [ -s "$OUT/mix-1-mixdown.log" ]; then
        flat=$(ratio "$(med "$OUT/mix-18-mixdown.log" rss)" "$(med "$OUT/mix-1-mixdown.log" rss)")
        row '%-22s target: mixdown RSS 1 h / 200 s = %s <= 1.10: %s' "" "$flat" "$(verdict "$flat" '<=' 1.10)"
    fi
    row ''
fi

if want range; then
    [ -s "$OUT/mix-18-mixdown.log" ] || die "the range mode needs the 1h mode (BENCH_MODES must include 1h)"
    # Cold: no entries (a range conforms nothing, so each run seeks the decoders);
    # warm: the entries the 1-hour render left in the cache (issue 24's target).
    mixdown_args mix 18 "$OUT/range.wav" --range 3590-3600
    for temperature in cold warm; do
        log=$OUT/range-$temperature-mixdown.log; : > "$log"
        if [ $temperature = warm ]; then
            [ -n "$HAS_CACHE" ] || continue
            COLD=""
            mixdown_args mix 18 "$OUT/mixdown.wav"
            note "range: the 1-hour render that fills the cache"
            "$MIXDOWN" "${MIX_ARGS[@]}" 2>/dev/null; rm -f "$OUT/mixdown.wav"
            mixdown_args mix 18 "$OUT/range.wav" --range 3590-3600
        fi
        note "range 3590-3600 of the 1-hour timeline ($temperature): warm-up"
        timed /dev/null "$MIXDOWN" "${MIX_ARGS[@]}"
        for ((i = 1; i <= RUNS; i++)); do
            note "range 3590-3600 of the 1-hour timeline ($temperature): run $i/$RUNS"
            timed "$log" "$MIXDOWN" "${MIX_ARGS[@]}"
        done
        COLD=1
        side_rows "--range 3590-3600, $temperature" mixdown "$log"
        share=$(awk -v r="$(med "$log" wall)" -v f="$(med "$OUT/mix-18-mixdown.log" wall)" 'BEGIN { printf "%.1f", 100 * r / f }')
        row '%-22s target: range / full 1-hour render = %s%% <= 2%%: %s' "" "$share" "$(verdict "$share" '<=' 2)"
    done
    row ''
fi

if want kernel; then
    if [ -z "${KERNEL_BENCH:-}" ]; then
        note "building mixdown-kernel-bench"
        scratch=()
        [ -n "${BENCH_SCRATCH:-}" ] && scratch=(--scratch-path "$BENCH_SCRATCH")
        # The flags of `make build`, so that the two builds share one build folder.
        swift build -c release --static-swift-stdlib "${scratch[@]}" --product mixdown-kernel-bench >/dev/null ||
            die "swift build --product mixdown-kernel-bench failed"
        KERNEL_BENCH=$(swift build -c release --static-swift-stdlib "${scratch[@]}" --show-bin-path)/mixdown-kernel-bench
    fi
    note "kernel bandwidth"
    while IFS= read -r line; do row '%s' "$line"; done < <("$KERNEL_BENCH" | grep -v '^kernel-bench-verdict')
    row ''
fi

row 'machine: %s, %s cores, %s RAM; load average before: %s, after: %s' \
    "$(lscpu | awk -F: '/Model name/ { gsub(/^ +/, "", $2); print $2; exit }')" "$(nproc)" \
    "$(free -h | awk '/^Mem:/ { print $2 }')" "$LOAD_BEFORE" "$(cut -d' ' -f1-3 /proc/loadavg)"

printf '%s\n' "${table[@]}" | tee "$RESULTS"
