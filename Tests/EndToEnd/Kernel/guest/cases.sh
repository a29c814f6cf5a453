# The kernel tier's cases, run as root inside the VM by /init. Every case runs the real
# departure-board binary against a kernel device and leaves what the kernel saw in /share
# (the host's results folder): trace events, the SPI recorder's bytes, framebuffer dumps,
# exit codes and stderr. The host judges them (check/verdict.py); this script only
# records, and says so when a device is missing.
set -u
R=/share
DB=/payload/bin/departure-board
NOW=$(cat /payload/now)
T=/sys/kernel/tracing
REC=/sys/kernel/debug/db-spi-recorder
SIM=/sys/kernel/config/gpio-sim/board

uptime_s() { cut -d' ' -f1 /proc/uptime; }

# run_case NAME CMD...: runs CMD, keeps stdout, stderr, exit code and start/end uptime.
run_case() {
  name=$1; shift
  echo "case $name: $*"
  start=$(uptime_s)
  "$@" > "$R/$name.stdout" 2> "$R/$name.stderr"
  echo $? > "$R/$name.rc"
  echo "$start $(uptime_s)" > "$R/$name.time"
}

# wait_for_events PATTERN COUNT SECONDS: until the live trace holds COUNT lines matching
# PATTERN, so the cases do not depend on how fast the emulated CPU runs.
wait_for_events() {
  i=0
  while [ "$(grep -c "$1" $T/trace)" -lt "$2" ] && [ $i -lt $(($3 * 10)) ]; do
    sleep 0.1; i=$((i + 1))
  done
}

# Bus events in kernel order: GPIO values, SPI transfers (first 64 bytes), SMBus writes.
trace_start() {
  echo 0 > $T/tracing_on
  echo > $T/trace
  echo x > $REC/clear
  echo 1 > $T/tracing_on
}
trace_stop() {
  echo 0 > $T/tracing_on
  cat $T/trace > "$R/$1.ftrace"
  cat $T/per_cpu/cpu*/stats | grep overrun > "$R/$1.overrun"
  cat $REC/tx > "$R/$1.spi.bin"
  cat $REC/log > "$R/$1.spi.log"
}

# --- devices -----------------------------------------------------------------------------
modprobe i2c-dev
modprobe i2c-stub chip_addr=0x3c,0x70,0x10,0x29   # panels; VEML7700 and TSL2591
modprobe db_spi_recorder busnum=0
modprobe gpio-sim
mkdir -p $SIM/bank0
echo 8 > $SIM/bank0/num_lines
for line in 0:dc 1:reset 2:busy 3:next 4:refresh 5:speak; do
  mkdir -p $SIM/bank0/line${line%%:*}
  echo "${line#*:}" > $SIM/bank0/line${line%%:*}/name
done
echo 1 > $SIM/live
CHIP=$(cat $SIM/bank0/chip_name)
SIMDEV=/sys/devices/platform/$(cat $SIM/dev_name)/$CHIP
# The chip's global GPIO numbers, as the gpio_value trace event names lines.
BASE=$(sed -n "s/^$CHIP: GPIOs \([0-9]*\)-.*/\1/p" /sys/kernel/debug/gpio)
I2C=
for d in /sys/class/i2c-dev/*; do
  [ "$(cat $d/name)" = "SMBus stub driver" ] && I2C=/dev/${d##*/}
done
{
  echo "gpio_chip=$CHIP"
  echo "gpio_base=$BASE"
  echo "i2c_device=$I2C"
  echo "spi_device=$(ls /dev/spidev0.0 2>/dev/null)"
  echo "spidev_bufsiz=$(cat /sys/module/spidev/parameters/bufsiz 2>/dev/null)"
  echo "kernel=$(uname -r)"
} > $R/devices
cat $R/devices

for e in gpio/gpio_value spi/spi_transfer_start smbus/smbus_write; do echo 1 > $T/events/$e/enable; done
echo global > $T/trace_clock
echo 8192 > $T/buffer_size_kb

mkdir -p /payload/live
for b in /payload/boards/*.yaml; do
  sed -e "s|@I2C_DEVICE@|$I2C|" -e "s|@I2C_BUS@|${I2C#/dev/i2c-}|" -e "s|@GPIO_CHIP@|$CHIP|" "$b" > /payload/live/${b##*/}
done
sed -e 's|@BUSY_TIMEOUT@|20s|' /payload/live/uc8179.yaml > /payload/live/uc8179-held.yaml
sed -e 's|@BUSY_TIMEOUT@|2s|' /payload/live/uc8179.yaml > /payload/live/uc8179-stuck.yaml
busy_pull() { echo "$1" > $SIMDEV/sim_gpio2/pull; }   # BUSY_N: pull-down reads 0 = busy
sim_pull() { echo "$2" > $SIMDEV/sim_gpio$1/pull; }
i2c_writes() { grep -c smbus_write $T/trace; }

# panel_case NAME: `render --panel` of live/NAME.yaml with the bus traced.
panel_case() {
  trace_start
  run_case $1 $DB render --board /payload/live/$1.yaml --now "$NOW" --panel
  trace_stop $1
}

# --- framebuffer: vfb at 32 and 16 bpp ------------------------------------------------------
for bpp in 32 16; do
  modprobe vfb vfb_enable=1 videomemorysize=$((320 * 240 * bpp / 8)) mode_option=320x240-$bpp
  run_case fb$bpp $DB render --board /payload/live/fbdev.yaml --now "$NOW" --panel
  /payload/bin/fbinfo /dev/fb0 > $R/fb$bpp.info 2>&1
  cat /dev/fb0 > $R/fb$bpp.raw
  rmmod vfb
done

# --- I2C panels on i2c-stub: SSD1306 and SH1106 at 0x3c, HT16K33 at 0x70 ----------------------------------
panel_case ssd1306
panel_case sh1106
panel_case ht16k33

# `run` on the same panel until SIGTERM: the panel must be put to sleep last.
trace_start
$DB run --board /payload/live/ssd1306.yaml > $R/ssd1306-run.stdout 2> $R/ssd1306-run.stderr &
pid=$!
wait_for_events smbus_write 40 60   # initialisation and a whole frame (32-byte blocks)
sleep 1
kill -TERM $pid
wait $pid
echo $? > $R/ssd1306-run.rc
trace_stop ssd1306-run

# --- GPIO buttons: libgpiod edge events from gpio-sim lines 3 (next page) and 4 (refresh) ------
sim_pull 3 pull-up; sim_pull 4 pull-up
trace_start
$DB run --board /payload/live/ssd1306-buttons.yaml --log-level info \
  > $R/buttons.stdout 2> $R/buttons.stderr &
pid=$!
wait_for_events smbus_write 40 60
tries=0; previous=-1   # settle: loading, then data, then nothing until the next minute
while [ "$(i2c_writes)" != "$previous" ] && [ $tries -lt 30 ]; do
  previous=$(i2c_writes); sleep 1.5; tries=$((tries + 1))
done
while [ "$(date +%S)" -gt 40 ]; do sleep 1; done   # countdowns change on the minute
before=$(i2c_writes); sleep 2; idle=$(i2c_writes)
sim_pull 3 pull-down; sleep 0.2; sim_pull 3 pull-up   # press and release "next page"
sleep 2; after=$(i2c_writes)
sim_pull 4 pull-down; sleep 0.2; sim_pull 4 pull-up   # press and release "refresh"
sleep 2
kill -TERM $pid
wait $pid
echo $? > $R/buttons.rc
echo "$before $idle $after" > $R/buttons.counts
trace_stop buttons

# --- The voice: a speak press on gpio-sim line 5, speech through ALSA to snd-aloop ------------
# What the board plays on the loopback card's playback side comes out of its capture side,
# recorded whole (arecord opens first, so the format is fixed: espeak-ng's 22050 Hz mono).
modprobe snd-aloop pcm_substreams=1
cat /proc/asound/cards > $R/speech.cards
arecord -q -D hw:Loopback,1,0 -f S16_LE -c 1 -r 22050 -t raw -d 60 $R/speech.raw 2> $R/speech.arecord &
rec=$!
sim_pull 5 pull-up
$DB run --board /payload/live/speech.yaml --log-level info > $R/speech.stdout 2> $R/speech.stderr &
pid=$!
i=0; until grep -q "board started" $R/speech.stderr || [ $i -gt 300 ]; do sleep 0.1; i=$((i + 1)); done
sleep 2
while [ "$(date +%S)" -gt 30 ]; do sleep 1; done   # the words change on the minute
sim_pull 5 pull-down; sleep 0.2; sim_pull 5 pull-up   # press and release "speak"
# What `say` gives for this minute: the words and the speech the board should have played.
$DB say --board /payload/live/speech.yaml --output $R/speech-expected.txt 2> $R/speech-say.stderr
$DB say --board /payload/live/speech.yaml --output $R/speech-expected.wav 2>> $R/speech-say.stderr
sim_pull 5 pull-down; sleep 0.2; sim_pull 5 pull-up   # pressed again while it speaks: refused
i=0; until grep -q "announcement played" $R/speech.stderr || [ $i -gt 600 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.5
kill -TERM $pid
wait $pid
echo $? > $R/speech.rc
kill -INT $rec; wait $rec

# --- SSD1322 on the SPI recorder, D/C and RESET on gpio-sim -------------------------------------
panel_case ssd1322

# --- MAX7219 chain on the SPI recorder (no D/C) ------------------------------------------------
panel_case max7219

# --- SSD1680 e-paper: BUSY active high, idle -----------------------------------------------------
busy_pull pull-down
panel_case ssd1680

# --- UC8179 e-paper: BUSY_N held busy for 1.5 s, then released ---------------------------------
busy_pull pull-down
trace_start
start=$(uptime_s)
$DB render --board /payload/live/uc8179-held.yaml --now "$NOW" --panel > $R/uc8179-held.stdout 2> $R/uc8179-held.stderr &
pid=$!
sleep 1.5
wait_for_events "$((BASE + 2)) get 0" 20 60   # the driver is polling BUSY_N
if kill -0 $pid 2>/dev/null; then echo waiting > $R/uc8179-held.during; else echo exited > $R/uc8179-held.during; fi
echo "$(uptime_s)" > $R/uc8179-held.released
busy_pull pull-up
wait $pid
echo $? > $R/uc8179-held.rc
echo "$start $(uptime_s)" > $R/uc8179-held.time
trace_stop uc8179-held

# --- UC8179 e-paper: BUSY_N stuck busy; busy_timeout 2s must end it with a clear error ----------
busy_pull pull-down
trace_start
run_case uc8179-stuck $DB render --board /payload/live/uc8179-stuck.yaml --now "$NOW" --panel
trace_stop uc8179-stuck
busy_pull pull-up

# --- light sensors on i2c-stub beside the SSD1306 at 0x3c: the contrast follows the registers --
# i2c-stub answers SMBus byte and word transfers from its register array, so the guest sets
# what the datasheets say the chips answer and the board reads it through libi2c.
BUSNUM=${I2C#/dev/i2c-}
veml_counts() { i2cset -y "$BUSNUM" 0x10 0x04 "$1" w; }   # ALS (0x04): counts × 0.4608 lx
tsl_counts() { i2cset -y "$BUSNUM" 0x29 0xb4 "$1" w; i2cset -y "$BUSNUM" 0x29 0xb6 0 w; }   # C0, C1 via 0xA0
i2cset -y "$BUSNUM" 0x29 0xb2 0x50 b   # TSL2591 ID register 0x12 (command 0xB2) reads 0x50
mark() { echo "$1" > $T/trace_marker; }

# light_case NAME SETTER BRIGHT DARK: 1000 lx, then 10 lx for 15 s, then 1000 lx again.
light_case() {
  name=$1; set=$2
  $set "$3"
  trace_start
  $DB run --board /payload/live/$name.yaml --log-level info > $R/$name.stdout 2> $R/$name.stderr &
  pid=$!
  # The init sequence's contrast, then the sensor's first level (the trace shows an I2C
  # block's length byte first: [02-81-level]).
  wait_for_events 'a=03c .* c=0 I2C_BLOCK_DATA l=3 \[02-81-' 2 90
  sleep 3
  mark "light dark"; $set "$4"
  sleep 15
  mark "light bright"; $set "$3"
  sleep 8
  kill -TERM $pid
  wait $pid
  echo $? > $R/$name.rc
  trace_stop $name
}
light_case light-veml7700 veml_counts 2170 22   # 2170 × 0.4608 = 999.9 lx; 22 → 10.1 lx
light_case light-tsl2591 tsl_counts 6127 61     # 6127 / (100 ms × 25 / 408) = 1000 lx; 61 → 10 lx

# CPU and memory of a `run` for 30 s after start-up, with the sensor read every second and
# without it (emulated CPU: the difference matters, not the figures themselves).
figure() {
  $DB run --board /payload/live/$2.yaml > /dev/null 2>&1 &
  pid=$!
  sleep 8
  a=$(awk '{print $14 + $15}' /proc/$pid/stat)
  sleep 30
  b=$(awk '{print $14 + $15}' /proc/$pid/stat)
  hwm=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  rss=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
  kill -TERM $pid
  wait $pid
  echo "$1 board=$2 cpu_ticks_30s=$((b - a)) hz=$(getconf CLK_TCK 2>/dev/null || echo 100) vmhwm_kb=$hwm vmrss_kb=$rss" >> $R/figures
}
# Only when asked (KT_FIGURES=1): two minutes and a half that CI does not need every time.
if [ -e /payload/figures ]; then
  veml_counts 2170
  for round in 1 2; do
    figure "sensor$round" light-veml7700
    figure "nosensor$round" ssd1306-nosensor
  done
  cat $R/figures
fi

# --- a sensor that vanishes: i2c-stub removed under a running board, then loaded again ------
veml_counts 2170
$DB run --board /payload/live/light-vanish.yaml --output /tmp/vanish.png --log-level info \
  > $R/light-vanish.stdout 2> $R/light-vanish.stderr &
pid=$!
sleep 6
tries=0   # the sensor holds the adapter only during a transfer
until rmmod i2c-stub 2>/dev/null || [ $tries -ge 50 ]; do sleep 0.1; tries=$((tries + 1)); done
[ -e "$I2C" ] && echo present > $R/light-vanish.adapter || echo removed > $R/light-vanish.adapter
sleep 6
if kill -0 $pid 2>/dev/null; then echo running > $R/light-vanish.during; else echo exited > $R/light-vanish.during; fi
modprobe i2c-stub chip_addr=0x10
veml_counts 2170
sleep 6
kill -TERM $pid
wait $pid
echo $? > $R/light-vanish.rc

echo "cases done"
