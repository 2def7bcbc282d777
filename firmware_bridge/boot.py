"""CircuitPython boot: enable the binary data port next to the REPL console.

Without this `usb_cdc.data` is None. The data port shows up on the Pi as a second
ttyACM ("CircuitPython CDC2 data"), which the udev rule links to /dev/santorini-bridge.
"""

import usb_cdc

usb_cdc.enable(console=True, data=True)
