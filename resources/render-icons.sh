#!/usr/bin/env bash
# Renders the app icons from icon.svg (the one source): the PNG sizes Linux wants (icons/), and
# icon.png and icon.ico for electron-builder (it makes the macOS .icns from icon.png). Run it
# after editing icon.svg and commit the results: `npm run dist` reads them, it does not render.
#   Needs: rsvg-convert (librsvg2-bin) and convert (imagemagick).
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rsvg-convert -w 1024 -h 1024 icon.svg -o "$tmp/1024.png"
# Below 64 px the macOS margin around the rounded square wastes a third of the pixels: small
# sizes are cut from the square itself.
convert "$tmp/1024.png" -crop 856x856+84+84 +repage "$tmp/tight.png"

mkdir -p icons
for size in 16 24 32 48 64 128 256 512 1024; do
  if ((size < 64)); then src="$tmp/tight.png"; else src="$tmp/1024.png"; fi
  convert "$src" -filter Lanczos -resize "${size}x${size}" -strip PNG32:"icons/${size}x${size}.png"
done
cp icons/1024x1024.png icon.png
convert icons/16x16.png icons/24x24.png icons/32x32.png icons/48x48.png icons/64x64.png \
  icons/128x128.png icons/256x256.png icon.ico
rm icons/1024x1024.png
echo "Icons written in $(pwd)."
