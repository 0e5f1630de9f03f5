#!/usr/bin/env bash
# The window's CPU use while paused: opens the player under Xvfb, lets it start, presses Space
# (playback pauses), waits for it to settle, then reads the process's user + system time from
# /proc/PID/stat over a span of seconds and prints it as a share of one core. Exits 1 when the
# share is at or over the limit.
#
#   scripts/idle_cpu.sh [--seconds S] [--limit PERCENT] [--binary PATH] [-- FILES...]
#
# Defaults: 10 s, a limit of 5 %, target/release/mmd-player, the bundled dance. Needs Linux
# (/proc), xvfb-run and xdotool. The player's settings and recent files go to a temporary
# folder, never the user's. See docs/speed.md#the-window-while-paused.
set -euo pipefail

seconds=10
limit=5
binary="$(dirname "$0")/../target/release/mmd-player"
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --limit) limit="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --) shift; files=("$@"); break ;;
    *) echo "idle_cpu.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
binary="$(realpath "$binary")"

# The measurement itself runs inside Xvfb: this script again, with a display.
if [ -z "${IDLE_CPU_INSIDE:-}" ]; then
  config="$(mktemp -d)"
  trap 'rm -rf "$config"' EXIT
  IDLE_CPU_INSIDE=1 XDG_CONFIG_HOME="$config" MMD_PLAYER_CONFIG_DIR="$config/mmd-player" \
    xvfb-run -a -s "-screen 0 1600x900x24" \
    "$0" --seconds "$seconds" --limit "$limit" --binary "$binary" -- "${files[@]}"
  exit $?
fi

"$binary" "${files[@]}" &
app=$!
trap 'kill "$app" 2>/dev/null || true' EXIT
window=$(xdotool search --sync --name mmd-player | head -1)
# Starting the GPU (lavapipe without one) and the first frames take a few seconds.
sleep 4
xdotool windowfocus --sync "$window"
xdotool key space
sleep 2

# Fields 14 and 15 of /proc/PID/stat: user and system time of every thread, in clock ticks.
cpu_ticks() {
  awk '{ print $14 + $15 }' "/proc/$app/stat"
}
before=$(cpu_ticks)
sleep "$seconds"
after=$(cpu_ticks)
ticks_per_second=$(getconf CLK_TCK)
percent=$(awk -v d=$((after - before)) -v hz="$ticks_per_second" -v s="$seconds" \
  'BEGIN { printf "%.1f", 100 * d / (hz * s) }')
echo "paused for ${seconds} s: ${percent} % of one core (limit ${limit} %)"
awk -v p="$percent" -v l="$limit" 'BEGIN { exit !(p < l) }'
