// Debian's Chromium, headless, as the end-to-end tests and the bench drive it (never a browser
// Playwright would download): CHROMIUM_PATH, or /usr/bin/chromium.
import { chromium, type Browser } from 'playwright-core';

/**
 * Chromium as a window runs: frames at the display's rate. `unthrottled` takes the frame-rate
 * limit and vsync off, so that a frame's time is the work it took rather than the display's
 * 16.7 ms: only frame times are measured so. Unthrottled, Chromium draws as many frames as it
 * can while a page loads, and on two cores that work took the core's share of the CPU:
 * start-up measured 0.3 s slower than with the limit (median first row 1.34 s against 1.04 s,
 * 12 start-ups each, taking turns).
 */
export function launchChromium(unthrottled = false): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(unthrottled ? ['--disable-frame-rate-limit', '--disable-gpu-vsync'] : []),
    ],
  });
}
