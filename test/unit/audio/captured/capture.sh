#!/usr/bin/env bash
# Re-captures the real ffmpeg stderr that the parser tests read (ffmpeg-*.txt here).
# Run from anywhere: bash test/unit/audio/captured/capture.sh   (needs ffmpeg on PATH)
# The chain is the preflight's own (see main/audio/measure-take.ts preflightFilterChain).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
ff() { ffmpeg -hide_banner -nostdin -y -loglevel error "$@"; }
chain='silencedetect=noise=-50dB:duration=0.05,astats=measure_perchannel=none:measure_overall=Peak_level+Number_of_samples,ebur128=framelog=verbose'
tone() { echo "aevalsrc=exprs=$1*sin(2*PI*1000*t):s=48000:d=$2"; }
sil() { echo "aevalsrc=exprs=0:s=48000:d=$1"; }
# 1.2 s silence, 2 s tone at -20 dBFS, 0.7 s pause, 1 s tone, 2.5 s tail silence = 7.4 s
ff -filter_complex "$(sil 1.2)[a];$(tone 0.1 2)[b];$(sil 0.7)[c];$(tone 0.1 1)[d];$(sil 2.5)[e];[a][b][c][d][e]concat=n=5:v=0:a=1" -c:a pcm_s24le take.wav
ff -i take.wav -ac 2 -c:a libmp3lame -b:a 128k take.mp3
ff -i take.wav -c:a aac -b:a 96k take.m4a
ff -i take.wav -ac 2 -c:a flac -sample_fmt s32 -bits_per_raw_sample 24 take.flac
ff -i take.wav -ac 6 -c:a pcm_s16le -ar 44100 surround.wav
ff -f lavfi -i "$(sil 3)" -c:a pcm_s16le silent.wav
ff -f lavfi -i testsrc=size=64x48:rate=5:d=1 -f lavfi -i "$(tone 0.1 1)" -map 0 -map 1 -c:v mpeg4 -c:a aac -shortest video-first.mp4
ff -f lavfi -i testsrc=size=64x48:rate=5:d=1 -c:v mpeg4 video-only.mp4
head -c $((102 + 3 * 96000)) take.wav > truncated.wav
head -c 20000 take.mp3 > truncated.mp3
echo 'not audio at all' > text.wav
for f in take.wav take.mp3 take.m4a take.flac surround.wav silent.wav video-first.mp4 video-only.mp4 truncated.wav truncated.mp3 text.wav; do
  ffmpeg -hide_banner -nostdin -nostats -i "file:$work/$f" -map 0:a:0 -af "$chain" -f null - 2>&1 \
    | sed -e "s#$work/##g" -e 's/@ 0x[0-9a-f]*/@ 0xADDR/g' -e 's/speed= *[^ ]*x/speed=NNx/g' > "$here/ffmpeg-${f//./-}.txt" || true
done
ffmpeg -version | head -1 > "$here/ffmpeg-version.txt"
# ebur128 with both peak meters, on a spoken take (espeak-ng)
cd "$work"
espeak-ng -w voice.wav 'Thirty seconds of fresh coffee, every morning, only at Booth Roasters.'
ffmpeg -hide_banner -nostdin -nostats -i voice.wav -af ebur128=peak=sample+true:framelog=verbose -f null - 2>&1 \
  | sed -e 's/@ 0x[0-9a-f]*/@ 0xADDR/g' -e 's/speed= *[^ ]*x/speed=NNx/g' > "$here/ffmpeg-ebur128-peaks.txt"
