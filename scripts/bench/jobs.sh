# Sourced by scripts/bench.sh: issue 7's reference job, written once for each
# side. Needs $WORK (the generated workload) and $MIXDOWN.
#
# The job: clips 1-3 stitched (200 s), their camera audio at 0.5; five takes
# at 5.0, 40.0, 75.5, 120.25 and 180.0 s at unity; the music bed at 0.8 with
# a 2 s fade-in and a 3 s fade-out ending at the timeline's end, ducked
# -12 dB under each take, 0.5 s down (ending where the take starts) and
# 0.8 s up (starting where it ends).
#
# The 1-hour variant is the same job scaled up: the three clips repeated 18
# times (3600 s), the five takes repeated every 200 s (90 takes), and one bed
# (music-1h.mp3, music.mp3 looped) faded in at 0 and out at 3600.

TAKE_STARTS=(5.0 40.0 75.5 120.25 180.0)
CLIP_VOLUME=0.5
MUSIC_VOLUME=0.8
FADE_IN=2
FADE_OUT=3
DUCK_DB=-12
DUCK_DOWN=0.5
DUCK_UP=0.8
# The warm re-render's changes (issue 24): another duck depth and music volume.
WARM_DUCK_DB=-9
WARM_MUSIC_VOLUME=0.6
JOB_PERIOD=200          # seconds; the 200 s job is one period
AUDIO_BITRATE=${BENCH_AUDIO_BITRATE:-192k}

duration_of() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }

# Take durations, measured once.
TAKE_DURATIONS=()
for i in 1 2 3 4 5; do TAKE_DURATIONS+=("$(duration_of "$WORK/vo$i.wav")"); done
CLIPS_DURATION=$(awk -v a="$(duration_of "$WORK/clip1.mp4")" -v b="$(duration_of "$WORK/clip2.mp4")" \
    -v c="$(duration_of "$WORK/clip3.mp4")" 'BEGIN { printf "%.6f", a + b + c }')

# job_items PERIODS: one "path start duration" line per take on the timeline.
job_items() {
    local k i
    for ((k = 0; k < $1; k++)); do
        for i in 0 1 2 3 4; do
            awk -v p="$WORK/vo$((i + 1)).wav" -v s="${TAKE_STARTS[$i]}" -v d="${TAKE_DURATIONS[$i]}" \
                -v o="$((k * JOB_PERIOD))" 'BEGIN { printf "%s %.10g %s\n", p, o + s, d }'
        done
    done
}

# mixdown_args MODE PERIODS OUT [extra...]: sets MIX_ARGS. MODE is mix, export
# or loudness (which writes nothing: OUT is ignored).
mixdown_args() {
    local mode=$1 periods=$2 out=$3; shift 3
    local k path start dur music=$WORK/music.mp3
    [ "$periods" -gt 1 ] && music=$WORK/music-1h.mp3
    MIX_ARGS=("$mode")
    for ((k = 0; k < periods; k++)); do
        MIX_ARGS+=(--video "$WORK/clip1.mp4" --video "$WORK/clip2.mp4" --video "$WORK/clip3.mp4")
    done
    while read -r path start dur; do MIX_ARGS+=(--voiceover "$path@$start"); done < <(job_items "$periods")
    MIX_ARGS+=(--music "$music" --clip-volume "$CLIP_VOLUME" --music-volume "$MUSIC_VOLUME"
               --fade-in "$FADE_IN" --fade-out "$FADE_OUT"
               --duck "$DUCK_DB" --duck-fade-down "$DUCK_DOWN" --duck-fade-up "$DUCK_UP")
    # ffmpeg's concat demuxer makes hard cuts; so does Mixdown with --cut-fade 0.
    [ -n "${HAS_CUT_FADE:-}" ] && MIX_ARGS+=(--cut-fade 0)
    if [ "$mode" = mix ]; then
        MIX_ARGS+=(--format s24)
    elif [ "$mode" = export ]; then
        MIX_ARGS+=(--audio-bitrate "$AUDIO_BITRATE")
    fi
    if [ "$mode" = loudness ]; then
        MIX_ARGS+=("$@")
    else
        # As users run it: the summary line (and the loudness it reports) included.
        MIX_ARGS+=("$@" -o "$out")
    fi
}

# duck_filters PERIODS: the music's ducking as users write it for ffmpeg's
# volume filter (eval=frame): 1 - (1 - g) * min(1, sum of per-take pieces),
# each piece a linear ramp down, a hold and a linear ramp up on between(t,a,b).
# FFmpeg's expression parser refuses an expression of much more than 30 takes
# ("Missing ')' or too many args"), so the 1-hour variant chains one volume
# filter per 200 s period; the ducked stretches never overlap, so the product
# equals the single expression.
duck_filters() {
    job_items "$1" | awk -v db="$DUCK_DB" -v down="$DUCK_DOWN" -v up="$DUCK_UP" -v per=5 '
        function flush() { if (pieces != "") { out = out osep sprintf("volume=\x27" "1-%.6f*min(1,%s)" "\x27:eval=frame", 1 - 10 ^ (db / 20), pieces); osep = "," } pieces = ""; sep = "" }
        { s = $2; e = $2 + $3
          pieces = pieces sep sprintf("between(t,%.4f,%.4f)*(t-%.4f)/%s+between(t,%.4f,%.4f)+between(t,%.4f,%.4f)*(%.4f-t)/%s",
              s - down, s, s - down, down, s, e, e, e + up, e + up, up)
          sep = "+"
          if (NR % per == 0) flush() }
        END { flush(); printf "%s", out }'
}

# ffmpeg_args MODE PERIODS OUT: sets FF_ARGS. MODE is mix (24-bit WAV) or export (MP4).
ffmpeg_args() {
    local mode=$1 periods=$2 out=$3
    local list=$WORK/clips.txt music=$WORK/music.mp3 end n=0 path start dur graph="" mixins=""
    if [ "$periods" -gt 1 ]; then list=$WORK/clips-1h.txt; music=$WORK/music-1h.mp3; fi
    end=$(awk -v c="$CLIPS_DURATION" -v p="$periods" 'BEGIN { printf "%.6f", c * p }')
    FF_ARGS=(-nostdin -hide_banner -loglevel error -y -f concat -safe 0 -i "$list")
    graph="[0:a]aresample=48000,volume=$CLIP_VOLUME[clips];"
    mixins="[clips]"
    while read -r path start dur; do
        n=$((n + 1))
        FF_ARGS+=(-i "$path")
        graph+="[$n:a]aresample=48000,pan=stereo|c0=c0|c1=c0,adelay=delays=$(awk -v s="$start" 'BEGIN { printf "%g", s * 1000 }'):all=1[vo$n];"
        mixins+="[vo$n]"
    done < <(job_items "$periods")
    n=$((n + 1))
    FF_ARGS+=(-i "$music")
    graph+="[$n:a]aresample=48000,afade=t=in:st=0:d=$FADE_IN,"
    graph+="afade=t=out:st=$(awk -v e="$end" -v d="$FADE_OUT" 'BEGIN { printf "%g", e - d }'):d=$FADE_OUT,"
    graph+="volume=$MUSIC_VOLUME,$(duck_filters "$periods")[music];"
    mixins+="[music]"
    graph+="${mixins}amix=inputs=$((n + 1)):normalize=0:duration=first[mix]"
    FF_ARGS+=(-filter_complex "$graph")
    if [ "$mode" = mix ]; then
        FF_ARGS+=(-map "[mix]" -c:a pcm_s24le "$out")
    else
        FF_ARGS+=(-map 0:v -c:v copy -map "[mix]" -c:a aac -b:a "$AUDIO_BITRATE" -movflags +faststart "$out")
    fi
}

# print_command ARGS...: a command line to paste into a shell.
print_command() {
    local arg out=""
    for arg in "$@"; do
        if [[ "$arg" =~ ^[A-Za-z0-9_./:+=@,-]+$ ]]; then out+="$arg "; else out+="\"$arg\" "; fi
    done
    echo "${out% }"
}

# loudnorm_script OUT: writes to stdout a bash script that normalises the job's
# export with ffmpeg as its documentation recommends for files: loudnorm's
# pass 1 measures (print_format=json), pass 2 applies the measured values in
# linear mode (one gain, then its limiter), resampled back to 48 kHz (loudnorm
# works at 192 kHz). Target as `--loudness podcast`: -16 LUFS, -1 dBTP.
loudnorm_script() {
    local out=$1 graph measure
    ffmpeg_args export 1 "$out"
    local args=("${FF_ARGS[@]}")
    local i
    for i in "${!args[@]}"; do [ "${args[$i]}" = -filter_complex ] && graph=${args[$((i + 1))]}; done
    measure=("${args[@]}")
    echo 'set -euo pipefail'
    # Pass 1: the mix only, measured.
    local pass1=() skip=0 a
    for ((i = 0; i < ${#args[@]}; i++)); do
        a=${args[$i]}
        if [ "$a" = -filter_complex ]; then
            pass1+=(-filter_complex "${graph/%\[mix\]/[mix0]};[mix0]loudnorm=I=-16:TP=-1:LRA=20:print_format=json[mix]")
            i=$((i + 1)); continue
        fi
        [ "$a" = -map ] && break
        pass1+=("$a")
    done
    printf 'json=$(ffmpeg %s -map "[mix]" -f null - 2>&1 | sed -n "/^{/,/^}/p")\n' "$(printf '%q ' "${pass1[@]}" | sed 's/-loglevel error/-loglevel info/')"
    echo 'get() { echo "$json" | awk -F\" -v k="$1" '"'"'$2 == k { print $4 }'"'"'; }'
    # Pass 2: linear mode with the measured values, into the MP4.
    local pass2=()
    for ((i = 0; i < ${#args[@]}; i++)); do
        a=${args[$i]}
        if [ "$a" = -filter_complex ]; then
            pass2+=(-filter_complex "${graph/%\[mix\]/[mix0]};[mix0]loudnorm=I=-16:TP=-1:LRA=20:linear=true:measured_I=MI:measured_TP=MTP:measured_LRA=MLRA:measured_thresh=MT:offset=OFF,aresample=48000,aformat=channel_layouts=stereo[mix]")
            i=$((i + 1)); continue
        fi
        pass2+=("$a")
    done
    printf 'ffmpeg %s\n' "$(printf '%q ' "${pass2[@]}" | sed 's/MI/$(get input_i)/; s/MTP/$(get input_tp)/; s/MLRA/$(get input_lra)/; s/MT/$(get input_thresh)/; s/OFF/$(get target_offset)/')"
}
