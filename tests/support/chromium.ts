/**
 * Debian's Chromium and the flags every test and benchmark launches it with: headless, no
 * sandbox (root in CI), and none of the background connections a closed network refuses.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
