// Draws Outpost's app and tray icons (a flag on a hill) as SVG, renders them with the system's
// Chromium through playwright-core, and writes every size packaging needs into resources/:
//   resources/icon.png (1024), resources/icons/<size>x<size>.png (16..1024, Linux),
//   resources/icon.ico (Windows), resources/icon.icns (macOS),
//   resources/tray/tray-<state>.png and @2x (one per sync state).
// The PNGs are committed; run `node scripts/make-icons.mjs` again after changing a drawing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'resources');

const APP_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const TRAY_STATES = {
  synced: { dot: '#22a06b', mark: 'check' },
  syncing: { dot: '#2f7de1', mark: 'arrows' },
  pending: { dot: '#e8a317', mark: 'dots' },
  offline: { dot: '#8a8f98', mark: 'slash' },
  attention: { dot: '#d93a3a', mark: 'bang' },
};

/** The app icon: a rounded tile, a hill, a pole and a waving flag. */
function appSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1f6f78"/><stop offset="1" stop-color="#0f3d4a"/>
    </linearGradient>
    <linearGradient id="flag" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#ffb347"/><stop offset="1" stop-color="#ff7a45"/>
    </linearGradient>
  </defs>
  <rect x="64" y="64" width="896" height="896" rx="200" fill="url(#sky)"/>
  <circle cx="760" cy="300" r="70" fill="#f6f1d5" opacity="0.9"/>
  <path d="M64 780 C 260 640, 520 620, 960 760 L 960 760 L 960 760 C 960 870 870 960 760 960 L 264 960 C 154 960 64 870 64 760 Z" fill="#2f9e7a"/>
  <path d="M64 840 C 300 760, 640 760, 960 860 C 950 916 900 960 760 960 L 264 960 C 154 960 64 916 64 840 Z" fill="#24805f"/>
  <rect x="452" y="250" width="40" height="470" rx="20" fill="#f3f5f7"/>
  <circle cx="472" cy="246" r="30" fill="#f3f5f7"/>
  <path d="M492 280 C 580 240, 640 320, 760 290 L 760 500 C 640 530, 580 450, 492 490 Z" fill="url(#flag)"/>
  <ellipse cx="472" cy="722" rx="110" ry="26" fill="#1b5e47"/>
</svg>`;
}

/** A tray icon: the flag glyph, plus a status badge in the corner. */
function traySvg(state) {
  const { dot, mark } = TRAY_STATES[state];
  const dim = state === 'offline' ? ' opacity="0.55"' : '';
  const marks = {
    check:
      '<path d="M21 25.5 l2.6 2.6 l5 -5.2" stroke="#fff" stroke-width="2.2" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
    arrows:
      '<path d="M20.5 25 a4.5 4.5 0 0 1 8 -2.6 M29.5 27 a4.5 4.5 0 0 1 -8 2.6" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/><path d="M28.9 20.2 l0.1 2.9 l-2.9 -0.1 Z M21.1 31.8 l-0.1 -2.9 l2.9 0.1 Z" fill="#fff"/>',
    dots: '<circle cx="21.5" cy="26" r="1.5" fill="#fff"/><circle cx="25" cy="26" r="1.5" fill="#fff"/><circle cx="28.5" cy="26" r="1.5" fill="#fff"/>',
    slash: '<path d="M21 22 l8 8" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>',
    bang: '<path d="M25 20.5 v6.5" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><circle cx="25" cy="30.6" r="1.5" fill="#fff"/>',
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <g${dim}>
    <rect x="6" y="3" width="3" height="25" rx="1.5" fill="#7f8c99"/>
    <path d="M9 4.5 C 13 2.5, 16 6.5, 22 4.8 L 22 14.8 C 16 16.5, 13 12.5, 9 14.5 Z" fill="#ff8a3d"/>
    <path d="M2 29.5 C 8 26, 16 26, 22 29.5 Z" fill="#7f8c99"/>
  </g>
  <circle cx="25" cy="25.5" r="5.9" fill="${dot}" stroke="#fff" stroke-width="1"/>
  ${marks[mark]}
</svg>`;
}

async function render(page, svg, size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** A Windows .ico holding PNG images (Vista and later read PNG entries). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, e);
    header.writeUInt8(size >= 256 ? 0 : size, e + 1);
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** A macOS .icns with PNG entries of the types current macOS reads. */
function icns(bySize) {
  const types = [
    ['icp4', 16],
    ['icp5', 32],
    ['icp6', 64],
    ['ic07', 128],
    ['ic08', 256],
    ['ic09', 512],
    ['ic10', 1024],
    ['ic11', 32],
    ['ic12', 64],
    ['ic13', 256],
    ['ic14', 512],
  ];
  const chunks = types.map(([type, size]) => {
    const png = bySize.get(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    mkdirSync(join(out, 'icons'), { recursive: true });
    mkdirSync(join(out, 'tray'), { recursive: true });
    const bySize = new Map();
    for (const size of APP_SIZES) {
      const png = await render(page, appSvg(), size);
      bySize.set(size, png);
      writeFileSync(join(out, 'icons', `${size}x${size}.png`), png);
    }
    writeFileSync(join(out, 'icon.png'), bySize.get(1024));
    writeFileSync(join(out, 'icon.svg'), appSvg());
    writeFileSync(
      join(out, 'icon.ico'),
      ico([16, 24, 32, 48, 64, 128, 256].map((size) => ({ size, png: bySize.get(size) }))),
    );
    writeFileSync(join(out, 'icon.icns'), icns(bySize));
    for (const state of Object.keys(TRAY_STATES)) {
      writeFileSync(join(out, 'tray', `tray-${state}.png`), await render(page, traySvg(state), 16));
      writeFileSync(join(out, 'tray', `tray-${state}@2x.png`), await render(page, traySvg(state), 32));
    }
    console.log(`icons written to ${out}`);
  } finally {
    await browser.close();
  }
}

await main();
