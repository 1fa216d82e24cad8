// Generated show posters: an SVG built from the show's title, category and seo alone, so
// every show has a distinct, stable image without storing or downloading any file.
import { showTypeSeeds } from "./data.ts";

export type PosterInput = { title: string; typeId: number; seo: string };

const WIDTH = 600;
const HEIGHT = 800;
const MARGIN = 44;

type Palette = { from: string; to: string; accent: string; soft: string };

// Deep gradients so white lettering always reads; accents chosen to sit on both ends.
const palettes: Palette[] = [
  { from: "#1b1f4b", to: "#6a1b4d", accent: "#ffb347", soft: "#f7d6e0" },
  { from: "#0f3d3e", to: "#1f7a6d", accent: "#f2c14e", soft: "#c8f0e4" },
  { from: "#3a0ca3", to: "#7209b7", accent: "#4cc9f0", soft: "#f1d3ff" },
  { from: "#2b2d42", to: "#8d0801", accent: "#edf2f4", soft: "#ffb4a2" },
  { from: "#14213d", to: "#3d5a80", accent: "#fca311", soft: "#e0fbfc" },
  { from: "#4a1942", to: "#c0392b", accent: "#f9e79f", soft: "#fadbd8" },
  { from: "#1a3a1a", to: "#4f772d", accent: "#ecf39e", soft: "#dfe7c9" },
  { from: "#22223b", to: "#4a4e69", accent: "#f4a261", soft: "#f2e9e4" },
  { from: "#03045e", to: "#0077b6", accent: "#ffd60a", soft: "#caf0f8" },
  { from: "#5f0f40", to: "#9a031e", accent: "#fb8b24", soft: "#ffe5d9" },
];

/** FNV-1a: a small stable hash, so the same seo always gives the same poster. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: deterministic numbers in [0, 1) from a 32-bit seed. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters XML 1.0 forbids even when escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const invalidXmlChars = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(value: string): string {
  return value
    .replace(invalidXmlChars, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Greedy word wrap; words longer than a line are cut so nothing overflows the poster. */
export function wrapWords(text: string, maxChars: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (let word of words) {
    while (word.length > maxChars) {
      if (line) {
        lines.push(line);
        line = "";
      }
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest font size at which the title fits in at most four lines. */
function layoutTitle(title: string): { size: number; lines: string[] } {
  const usable = WIDTH - 2 * MARGIN;
  for (const size of [68, 60, 52, 46, 40]) {
    // A serif glyph is about 0.55 em wide on average.
    const lines = wrapWords(title, Math.floor(usable / (size * 0.55)));
    if (lines.length <= 4) return { size, lines };
  }
  const size = 34;
  const lines = wrapWords(title, Math.floor(usable / (size * 0.55)));
  if (lines.length <= 5) return { size, lines };
  const kept = lines.slice(0, 5);
  kept[4] = `${kept[4].slice(0, -1)}…`;
  return { size, lines: kept };
}

/** Draws the artwork; `clear` is the y above which it should stay to leave the title legible. */
type Motif = (random: () => number, palette: Palette, clear: number) => string;

const curtains: Motif = (random, p) => {
  const drop = 380 + random() * 160;
  const spot = 140 + random() * 60;
  return [
    `<circle cx="300" cy="${round(drop - 60)}" r="${round(spot)}" fill="${p.soft}" opacity="0.14"/>`,
    `<path d="M0 0 H260 C200 ${round(drop * 0.5)} 120 ${round(drop * 0.8)} 0 ${round(drop)} Z" fill="${p.accent}" opacity="0.32"/>`,
    `<path d="M600 0 H340 C400 ${round(drop * 0.5)} 480 ${round(drop * 0.8)} 600 ${round(drop)} Z" fill="${p.accent}" opacity="0.32"/>`,
    `<rect x="0" y="0" width="600" height="36" fill="${p.accent}" opacity="0.5"/>`,
  ].join("");
};

const rings: Motif = (random, p) => {
  const cx = 180 + random() * 240;
  const cy = 230 + random() * 120;
  const parts: string[] = [];
  for (let i = 1; i <= 7; i++) {
    parts.push(
      `<circle cx="${round(cx)}" cy="${round(cy)}" r="${i * 34}" fill="none" stroke="${i % 2 ? p.accent : p.soft}" stroke-width="${round(2 + random() * 6)}" opacity="${round(0.55 - i * 0.05)}"/>`,
    );
  }
  parts.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="18" fill="${p.accent}"/>`);
  return parts.join("");
};

const ribbons: Motif = (random, p) => {
  const parts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const y = 90 + i * 70 + random() * 30;
    const c1 = round(y - 160 + random() * 120);
    const c2 = round(y + 60 + random() * 160);
    parts.push(
      `<path d="M-20 ${round(y)} C160 ${c1} 380 ${c2} 620 ${round(y - 40 + random() * 80)}" fill="none" stroke="${i % 2 ? p.soft : p.accent}" stroke-width="${round(6 + random() * 18)}" stroke-linecap="round" opacity="0.45"/>`,
    );
  }
  return parts.join("");
};

const confetti: Motif = (random, p) => {
  const parts: string[] = [];
  for (let i = 0; i < 26; i++) {
    const color = [p.accent, p.soft, "#ffffff"][i % 3];
    parts.push(
      `<circle cx="${round(random() * 600)}" cy="${round(random() * 480)}" r="${round(6 + random() * 34)}" fill="${color}" opacity="${round(0.25 + random() * 0.45)}"/>`,
    );
  }
  return parts.join("");
};

const frames: Motif = (random, p, clear) => {
  const parts: string[] = [];
  const y = 70 + random() * 40;
  const height = Math.max(200, Math.min(340, clear - y));
  const width = height * 0.88;
  const x = (WIDTH - width) / 2 + (random() - 0.5) * 80;
  for (let i = 0; i < 4; i++) {
    const inset = i * 24;
    parts.push(
      `<rect x="${round(x + inset)}" y="${round(y + inset)}" width="${round(width - 2 * inset)}" height="${round(height - 2 * inset)}" fill="none" stroke="${i % 2 ? p.soft : p.accent}" stroke-width="${i === 0 ? 10 : 3}" opacity="${round(0.7 - i * 0.12)}"/>`,
    );
  }
  return parts.join("");
};

const filmStrip: Motif = (random, p) => {
  const x = 60 + random() * 380;
  const parts = [
    `<rect x="${round(x)}" y="-10" width="110" height="520" fill="#000000" opacity="0.35" transform="rotate(-12 ${round(x + 55)} 250)"/>`,
  ];
  for (let i = 0; i < 12; i++) {
    const y = i * 44;
    parts.push(
      `<rect x="${round(x + 8)}" y="${y}" width="14" height="22" rx="3" fill="${p.soft}" opacity="0.8" transform="rotate(-12 ${round(x + 55)} 250)"/>`,
      `<rect x="${round(x + 88)}" y="${y}" width="14" height="22" rx="3" fill="${p.soft}" opacity="0.8" transform="rotate(-12 ${round(x + 55)} 250)"/>`,
    );
  }
  parts.push(
    `<circle cx="${round(560 - random() * 80)}" cy="${round(80 + random() * 60)}" r="46" fill="${p.accent}" opacity="0.55"/>`,
  );
  return parts.join("");
};

const moon: Motif = (random, p) => {
  const cx = 200 + random() * 200;
  const r = 110 + random() * 50;
  return [
    `<circle cx="${round(cx)}" cy="210" r="${round(r + 40)}" fill="${p.soft}" opacity="0.12"/>`,
    `<circle cx="${round(cx)}" cy="210" r="${round(r)}" fill="${p.accent}" opacity="0.8"/>`,
    `<path d="M0 430 Q150 ${round(360 + random() * 40)} 300 420 T600 410 V520 H0 Z" fill="#000000" opacity="0.25"/>`,
  ].join("");
};

const bunting: Motif = (random, p) => {
  const parts: string[] = [];
  for (let row = 0; row < 3; row++) {
    const y = 60 + row * 120 + random() * 30;
    const sag = 30 + random() * 30;
    parts.push(
      `<path d="M0 ${round(y)} Q300 ${round(y + sag * 2)} 600 ${round(y)}" fill="none" stroke="${p.soft}" stroke-width="2" opacity="0.7"/>`,
    );
    for (let i = 0; i < 10; i++) {
      const t = (i + 0.5) / 10;
      const x = t * 600;
      // Point on the quadratic curve above, so the flags hang from the string.
      const top = (1 - t) * (1 - t) * y + 2 * (1 - t) * t * (y + sag * 2) + t * t * y;
      const color = [p.accent, p.soft, "#ffffff"][(i + row) % 3];
      parts.push(
        `<path d="M${round(x - 20)} ${round(top)} L${round(x + 20)} ${round(top)} L${round(x)} ${round(top + 48)} Z" fill="${color}" opacity="0.75"/>`,
      );
    }
  }
  return parts.join("");
};

/** Shop products: diagonal stripes behind a hanging price tag. */
const priceTag: Motif = (random, p, clear) => {
  const parts: string[] = [];
  const gap = 46 + Math.floor(random() * 20);
  for (let x = -600; x < 600; x += gap) {
    parts.push(
      `<path d="M${x} 520 L${x + 520} 0" stroke="${p.soft}" stroke-width="${round(gap / 4)}" opacity="0.16"/>`,
    );
  }
  const cx = 260 + random() * 80;
  const top = 110;
  const height = Math.max(160, Math.min(250, clear - top - 10));
  const tilt = round(-14 + random() * 28);
  parts.push(
    `<path d="M${round(cx)} 0 V${top + 26}" stroke="${p.soft}" stroke-width="3" opacity="0.8"/>`,
    `<g transform="rotate(${tilt} ${round(cx)} ${top + 26})">`,
    `<path d="M${round(cx)} ${top} L${round(cx + 80)} ${top + 60} V${top + height} H${round(cx - 80)} V${top + 60} Z" fill="${p.accent}" opacity="0.85"/>`,
    `<circle cx="${round(cx)}" cy="${top + 40}" r="12" fill="${p.from}"/>`,
    `<path d="M${round(cx - 44)} ${top + 110} H${round(cx + 44)} M${round(cx - 44)} ${top + 140} H${round(cx + 24)}" stroke="${p.from}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`,
    "</g>",
  );
  return parts.join("");
};

const motifByType: Record<number, Motif> = {
  1: curtains,
  2: rings,
  3: ribbons,
  4: confetti,
  5: frames,
  6: filmStrip,
  7: moon,
  8: bunting,
  100: priceTag,
};

const categoryLabels = new Map(showTypeSeeds.map((t) => [t.id, t.name.es]));

/** A 600×800 poster for a show; the same input always gives the same bytes. */
export function posterSvg(show: PosterInput): string {
  const hash = hashString(show.seo);
  const random = randomFrom(hash);
  const palette = palettes[hash % palettes.length];
  const id = hash.toString(16);
  const motif = motifByType[show.typeId] ?? confetti;
  const angle = random() * Math.PI;
  const gx = round(50 + Math.cos(angle) * 50);
  const gy = round(50 + Math.sin(angle) * 50);

  const { size, lines } = layoutTitle(show.title);
  const lineHeight = Math.round(size * 1.08);
  const lastBaseline = HEIGHT - 96;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight;
  const titleText = lines
    .map(
      (line, i) =>
        `<tspan x="${MARGIN}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`,
    )
    .join("");
  const label = categoryLabels.get(show.typeId);
  const labelText = label
    ? `<text x="${MARGIN}" y="${firstBaseline - size - 18}" font-family="Helvetica, Arial, sans-serif" font-size="20" font-weight="700" letter-spacing="5" fill="${palette.accent}">${escapeXml(label.toLocaleUpperCase("es"))}</text>`
    : "";

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="title-${id}">`,
    `<title id="title-${id}">${escapeXml(show.title)}</title>`,
    "<defs>",
    `<linearGradient id="bg-${id}" x1="${100 - gx}%" y1="${100 - gy}%" x2="${gx}%" y2="${gy}%">`,
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>`,
    "</linearGradient>",
    `<linearGradient id="shade-${id}" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.6"/>`,
    "</linearGradient>",
    "</defs>",
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg-${id})"/>`,
    motif(random, palette, firstBaseline - size - 50),
    // Darkens the lower part so the title reads over any motif.
    `<rect y="${HEIGHT / 2}" width="${WIDTH}" height="${HEIGHT / 2}" fill="url(#shade-${id})"/>`,
    `<rect x="18" y="18" width="${WIDTH - 36}" height="${HEIGHT - 36}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.35"/>`,
    labelText,
    `<text font-family="Georgia, 'Times New Roman', serif" font-size="${size}" font-weight="700" fill="#ffffff">${titleText}</text>`,
    `<rect x="${MARGIN}" y="${HEIGHT - 66}" width="72" height="6" fill="${palette.accent}"/>`,
    "</svg>",
  ].join("");
}
