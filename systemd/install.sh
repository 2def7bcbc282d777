#!/usr/bin/env bash
# Install santorini-hw as a systemd service on a Raspberry Pi (Raspberry Pi OS Bookworm).
#
#   sudo systemd/install.sh            # install or upgrade, then (re)start the daemon
#   systemd/install.sh --dry-run       # print every step instead (no root needed)
#
# Idempotent: run it again after `git pull` to upgrade. Steps: apt packages (the venv
# uses apt's python3-lgpio, hence --system-site-packages), the `santorini` system user
# in the gpio, spi and dialout groups, a venv in /opt/santorini-hw with this checkout
# installed (not editable: the unit's ProtectHome= hides a checkout under /home), the
# unit and the udev rule of the bridge, then daemon-reload, enable and restart.
set -euo pipefail

readonly SERVICE=santorini-hw
readonly SERVICE_USER=santorini
readonly GROUPS_NEEDED=(gpio spi dialout)
readonly PREFIX=/opt/santorini-hw
readonly VENV="$PREFIX/venv"
readonly UNIT_DIR=/etc/systemd/system
readonly UDEV_DIR=/etc/udev/rules.d
readonly UDEV_RULE=99-santorini-bridge.rules
SOURCE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly SOURCE

dry_run=0
for argument in "$@"; do
    case "$argument" in
        --dry-run) dry_run=1 ;;
        -h | --help)
            sed -n '2,11p' "$0"
            exit 0
            ;;
        *)
            echo "install.sh: unknown option '$argument' (try --help)" >&2
            exit 2
            ;;
    esac
done

if [[ $dry_run -eq 0 && $EUID -ne 0 ]]; then
    echo "install.sh: must run as root to create a user and install a service:" \
        "sudo $0 (or $0 --dry-run to see what it would do)" >&2
    exit 1
fi

# Print a step, and run it unless this is a dry run.
step() {
    echo "+ $*"
    if [[ $dry_run -eq 0 ]]; then
        "$@"
    fi
}

step apt-get install --yes --no-install-recommends python3-venv python3-pip python3-lgpio \
    gcc python3-dev  # build the hint engine's C inputs (santorini_hw/hints/_inputs.c)

for group in "${GROUPS_NEEDED[@]}"; do
    getent group "$group" >/dev/null || step groupadd --system "$group"
done
if ! id "$SERVICE_USER" >/dev/null 2>&1; then
    step useradd --system --user-group --no-create-home --home-dir "/var/lib/$SERVICE" \
        --shell /usr/sbin/nologin "$SERVICE_USER"
fi
step usermod --append --groups "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "$SERVICE_USER"

if [[ ! -x "$VENV/bin/python" ]]; then
    step python3 -m venv --system-site-packages "$VENV"
fi
step "$VENV/bin/python" -m pip install --quiet --upgrade "${SOURCE}"

step install -m 0644 "$SOURCE/systemd/$SERVICE.service" "$UNIT_DIR/$SERVICE.service"
step install -m 0644 "$SOURCE/systemd/$UDEV_RULE" "$UDEV_DIR/$UDEV_RULE"
step udevadm control --reload-rules
step udevadm trigger --subsystem-match=tty --action=add

step systemctl daemon-reload
# enable, then restart rather than `enable --now`: an upgrade must replace the running code.
step systemctl enable "$SERVICE.service"
step systemctl restart "$SERVICE.service"

if [[ ! -e /dev/spidev0.0 ]]; then
    echo "note: SPI is off (no /dev/spidev0.0); the worker sensors and NeoPixels need it:" \
        "sudo raspi-config nonint do_spi 0, then reboot" >&2
fi
if [[ $dry_run -eq 1 ]]; then
    echo "dry run: nothing was changed"
else
    echo "installed: systemctl status $SERVICE; journal in /var/lib/$SERVICE"
fi
