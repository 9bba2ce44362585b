#!/bin/sh
# Regenerates the two sample films committed in db/seed/videos/ (our own artwork, from ffmpeg's
# synthetic sources). They stand in for the real films in local R2: `npm run dev` and
# `npm run preview` seed them (scripts/seed-local-videos.ts).
#
#   sh scripts/make-sample-videos.sh        (needs ffmpeg with libx264 and a DejaVu font; Debian: apt-get install ffmpeg)
#
# H.264 main profile + AAC-LC in MP4, moov atom at the front (+faststart) so a browser learns the
# duration from the first bytes and seeks with Range requests; a key frame every second so a seek
# lands close to where it was asked. One encoder thread keeps the output byte-for-byte reproducible.
set -eu

OUT_DIR="$(dirname "$0")/../db/seed/videos"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
DURATION=16
mkdir -p "$OUT_DIR"

# make_film <output> <video source> <tone Hz> <title>
make_film() {
  output=$1 source=$2 tone=$3 title=$4
  overlay="drawbox=x=0:y=ih-84:w=iw:h=84:color=black@0.6:t=fill"
  if [ -f "$FONT" ]; then
    overlay="$overlay,drawtext=fontfile=$FONT:text='$title':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=h-74"
    overlay="$overlay,drawtext=fontfile=$FONT:text='%{pts\\:hms}':fontcolor=0xF5C542:fontsize=24:x=(w-text_w)/2:y=h-36"
  fi
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$source=size=640x360:rate=24:duration=$DURATION" \
    -f lavfi -i "sine=frequency=$tone:beep_factor=4:sample_rate=44100:duration=$DURATION" \
    -vf "$overlay" \
    -c:v libx264 -threads 1 -profile:v main -level:v 3.0 -pix_fmt yuv420p -preset slow \
    -b:v 150k -maxrate 200k -bufsize 400k -g 24 -keyint_min 24 -sc_threshold 0 \
    -c:a aac -b:a 48k -ac 1 \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -movflags +faststart \
    "$OUT_DIR/$output"
  echo "$OUT_DIR/$output: $(wc -c < "$OUT_DIR/$output") bytes"
}

make_film workzone.mp4 testsrc2 440 "FACETS Workzone - sample film"
make_film facetsre-test.mp4 smptebars 660 "FACETS RE - sample film"
