#!/usr/bin/env bash
# Generates the benchmark workload of issue 7 into $1 (default bench/work),
# once: a stamp file records a complete generation, and a changed recipe
# (WORKLOAD_VERSION) regenerates everything.
#
#   clip1.mp4 clip2.mp4 clip3.mp4   1280x720 30 fps H.264 (keyframe every 30
#                                   frames) + AAC 48 kHz stereo camera audio,
#                                   60 s / 90 s / 50 s, a sine tone each at 0.2
#   vo1.wav … vo5.wav               espeak-ng takes, 22.05 kHz mono 16-bit
#   music.mp3                       220 s, 44.1 kHz stereo MP3 (192 kb/s)
#   music-1h.mp3                    music.mp3 looped (stream copy) to 3620 s,
#                                   the bed of the 1-hour variant
#   clips.txt, clips-1h.txt         concat-demuxer lists (3 clips; 18 x 3 clips)
set -euo pipefail

WORKLOAD_VERSION=1
work=${1:-bench/work}
stamp="$work/.workload-v$WORKLOAD_VERSION"
[ -f "$stamp" ] && exit 0

for tool in ffmpeg ffprobe espeak-ng; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is missing (run scripts/bootstrap.sh)" >&2; exit 1; }
done

mkdir -p "$work"
rm -f "$work"/.workload-v*
echo "bench: generating the workload in $work (once)…" >&2
ff=(ffmpeg -nostdin -hide_banner -loglevel error -y)

# Camera clips: test pattern video, a different tone per clip at 0.2 on both channels.
clip() { # name seconds frequency
    "${ff[@]}" -f lavfi -i "testsrc2=size=1280x720:rate=30" \
        -f lavfi -i "aevalsrc=0.2*sin(2*PI*$3*t)|0.2*sin(2*PI*$3*t):s=48000:c=stereo" \
        -t "$2" -map 0:v -map 1:a \
        -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 30 -keyint_min 30 -sc_threshold 0 \
        -c:a aac -b:a 128k -ar 48000 \
        "$work/$1.tmp.mp4"
    mv "$work/$1.tmp.mp4" "$work/$1.mp4"
}
clip clip1 60 440 &
clip clip2 90 554.37 &
clip clip3 50 659.25 &

# Voice-over takes: a few sentences each, all shorter than the 15 s before the next item.
takes=(
    "Welcome to the workshop. Today we build a small wooden box. First, we measure the boards twice and cut once."
    "Here the glue goes on thinly. Too much glue squeezes out and stains the wood. Clamp the corners and wait an hour."
    "Now the lid. It sits on two brass hinges. Drill the pilot holes before you drive the screws."
    "Sanding comes next. Start with a coarse grit and work up to a fine one. Always sand along the grain."
    "That is the finished box. Thanks for watching, and see you next time."
)
for i in "${!takes[@]}"; do
    espeak-ng -v en-us -s 150 -w "$work/vo$((i + 1)).tmp.wav" "${takes[$i]}"
    mv "$work/vo$((i + 1)).tmp.wav" "$work/vo$((i + 1)).wav"
done

# Music bed: a slowly pulsing chord, different on each side.
"${ff[@]}" -f lavfi \
    -i "aevalsrc=(0.12*sin(2*PI*220*t)+0.08*sin(2*PI*277.18*t))*(0.7+0.3*sin(2*PI*0.5*t))|(0.12*sin(2*PI*329.63*t)+0.08*sin(2*PI*164.81*t))*(0.7+0.3*sin(2*PI*0.25*t)):s=44100:c=stereo" \
    -t 220 -c:a libmp3lame -b:a 192k "$work/music.tmp.mp3"
mv "$work/music.tmp.mp3" "$work/music.mp3"
"${ff[@]}" -stream_loop 16 -i "$work/music.mp3" -t 3620 -c copy "$work/music-1h.tmp.mp3"
mv "$work/music-1h.tmp.mp3" "$work/music-1h.mp3"

wait
for c in clip1 clip2 clip3; do [ -f "$work/$c.mp4" ] || { echo "bench: generating $c.mp4 failed" >&2; exit 1; }; done

abs=$(cd "$work" && pwd)
: > "$work/clips.txt"
for c in clip1 clip2 clip3; do echo "file '$abs/$c.mp4'" >> "$work/clips.txt"; done
: > "$work/clips-1h.txt"
for _ in $(seq 18); do cat "$work/clips.txt" >> "$work/clips-1h.txt"; done

touch "$stamp"
echo "bench: workload ready" >&2
