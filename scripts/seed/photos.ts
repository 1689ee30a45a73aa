// Stylised car photos and avatars drawn as SVG and encoded to WebP with sharp: nothing is downloaded, and the
// same inputs always give the same bytes. Rendering is the slow part of the seed, so results are cached.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

export const BODY_SHAPES = ["sedan", "hatchback", "estate", "suv", "coupe", "supercar", "classic"] as const;
export type BodyShape = (typeof BODY_SHAPES)[number];

export const BACKGROUNDS = ["sky", "sunset", "studio", "city", "forest", "winter", "coast"] as const;
export type Background = (typeof BACKGROUNDS)[number];

export interface PhotoSpec {
  shape: BodyShape;
  /** Body paint as #rrggbb. */
  colour: string;
  background: Background;
  /** Facing left instead of right: the other side of the car. */
  mirrored?: boolean;
}

export interface EncodedPhoto {
  card: Uint8Array;
  medium: Uint8Array;
  full: Uint8Array;
}

export const PHOTO_SIZES = {
  full: { width: 1600, height: 1200 },
  medium: { width: 800, height: 600 },
  card: { width: 640, height: 480 },
  avatar: { width: 256, height: 256 },
} as const;

/** The card size must stay small enough for listing grids; the test checks the same bound. */
export const CARD_MAX_BYTES = 40 * 1024;

// ------------------------------------------------------------------ colours

function clampByte(value: number) {
  return Math.max(0, Math.min(255, Math.round(value)));
}

function parseHex(colour: string): [number, number, number] {
  const n = Number.parseInt(colour.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Towards white for amount > 0, towards black for amount < 0. */
function shade(colour: string, amount: number): string {
  const [r, g, b] = parseHex(colour);
  const mix = (c: number) => (amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  return `#${[mix(r), mix(g), mix(b)].map((c) => clampByte(c).toString(16).padStart(2, "0")).join("")}`;
}

function luminance(colour: string): number {
  const [r, g, b] = parseHex(colour);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ------------------------------------------------------------------ body shapes
// Each shape is drawn facing right in a 1000 × 400 box whose ground line is y = 400.

interface ShapeDrawing {
  body: string;
  glass: string;
  /** Window pillars drawn over the glass in the body colour. */
  pillars: string[];
  wheels: [number, number];
  wheelRadius: number;
  archRadius: number;
  /** y of the sill, where the wheel arches are cut. */
  sill: number;
  doorLines: string[];
  handles: Array<[number, number]>;
  headlight: string;
  taillight: string;
  mirror: string;
  /** Extra dark details such as air intakes or a grille. */
  details?: string[];
  chrome?: string[];
  rim: "spokes" | "multi" | "hubcap" | "turbine";
  span: [number, number];
}

function arches(front: number, rear: number, radius: number, sill: number) {
  return {
    front: `L ${front + radius} ${sill} A ${radius} ${radius} 0 0 0 ${front - radius} ${sill}`,
    rear: `L ${rear + radius} ${sill} A ${radius} ${radius} 0 0 0 ${rear - radius} ${sill}`,
  };
}

function sedan(): ShapeDrawing {
  const a = arches(790, 210, 86, 340);
  return {
    body: `M 32 338 L 22 286 Q 22 246 62 234 L 250 214 Q 325 146 405 130 L 585 126 Q 640 130 735 206
      L 930 226 Q 984 236 992 270 L 990 330 Q 986 340 970 340 ${a.front} ${a.rear} L 40 340 Z`,
    glass: `M 272 212 Q 338 152 410 140 L 580 136 Q 628 140 712 206 Z`,
    pillars: ["M 482 138 L 492 138 L 500 210 L 486 210 Z"],
    wheels: [210, 790],
    wheelRadius: 68,
    archRadius: 86,
    sill: 340,
    doorLines: ["M 488 214 L 492 330", "M 712 212 L 700 318", "M 262 222 Q 268 280 300 330"],
    handles: [
      [540, 236],
      [320, 236],
    ],
    headlight: "M 928 236 L 984 246 Q 986 258 976 262 L 934 254 Z",
    taillight: "M 24 250 Q 40 238 70 236 L 68 256 L 26 264 Z",
    mirror: "M 712 206 L 744 200 Q 752 212 740 220 L 716 218 Z",
    details: ["M 955 300 L 990 300 L 988 318 L 958 318 Z"],
    rim: "multi",
    span: [22, 992],
  };
}

function hatchback(): ShapeDrawing {
  const a = arches(740, 250, 80, 336);
  return {
    body: `M 128 334 L 120 270 Q 120 226 138 186 Q 150 148 196 136 L 500 124 Q 556 128 668 204
      L 850 226 Q 900 236 906 266 L 904 326 Q 900 336 886 336 ${a.front} ${a.rear} L 134 336 Z`,
    glass: `M 150 196 Q 160 158 202 148 L 494 138 Q 544 144 646 206 L 152 210 Z`,
    pillars: ["M 220 146 L 250 144 L 256 210 L 214 210 Z", "M 436 138 L 448 138 L 454 210 L 440 210 Z"],
    wheels: [250, 740],
    wheelRadius: 64,
    archRadius: 80,
    sill: 336,
    doorLines: ["M 446 212 L 450 326", "M 650 212 L 638 314"],
    handles: [[494, 234]],
    headlight: "M 846 236 L 898 246 Q 900 258 890 262 L 852 254 Z",
    taillight: "M 122 206 L 142 204 L 144 250 L 124 254 Z",
    mirror: "M 640 206 L 672 200 Q 680 212 668 220 L 644 218 Z",
    details: ["M 866 298 L 904 298 L 902 316 L 870 316 Z"],
    rim: "spokes",
    span: [120, 906],
  };
}

function estate(): ShapeDrawing {
  const a = arches(790, 215, 86, 340);
  return {
    body: `M 34 338 L 26 270 Q 28 200 48 160 Q 60 134 110 130 L 585 124 Q 640 128 735 206
      L 930 226 Q 984 236 992 270 L 990 330 Q 986 340 970 340 ${a.front} ${a.rear} L 42 340 Z`,
    glass: `M 58 200 Q 66 152 114 142 L 580 134 Q 628 138 712 206 L 60 210 Z`,
    pillars: [
      "M 156 142 L 178 142 L 184 210 L 152 210 Z",
      "M 356 138 L 368 138 L 372 210 L 358 210 Z",
      "M 506 136 L 516 136 L 520 210 L 508 210 Z",
    ],
    wheels: [215, 790],
    wheelRadius: 68,
    archRadius: 86,
    sill: 340,
    doorLines: ["M 512 214 L 516 330", "M 712 212 L 700 318", "M 364 214 Q 370 280 330 332"],
    handles: [
      [556, 236],
      [398, 236],
    ],
    headlight: "M 928 236 L 984 246 Q 986 258 976 262 L 934 254 Z",
    taillight: "M 28 212 L 52 210 L 52 256 L 28 262 Z",
    mirror: "M 712 206 L 744 200 Q 752 212 740 220 L 716 218 Z",
    details: ["M 955 300 L 990 300 L 988 318 L 958 318 Z"],
    rim: "multi",
    span: [26, 992],
  };
}

function suv(): ShapeDrawing {
  const a = arches(780, 215, 98, 320);
  return {
    body: `M 30 318 L 24 220 Q 26 150 56 104 Q 70 84 118 82 L 590 78 Q 640 82 740 176
      L 930 196 Q 982 206 990 244 L 988 308 Q 984 320 966 320 ${a.front} ${a.rear} L 36 320 Z`,
    glass: `M 56 168 Q 64 104 120 94 L 586 90 Q 630 94 716 176 L 58 180 Z`,
    pillars: [
      "M 150 94 L 176 94 L 182 180 L 146 180 Z",
      "M 370 92 L 384 92 L 388 180 L 372 180 Z",
      "M 526 90 L 538 90 L 542 180 L 528 180 Z",
    ],
    wheels: [215, 780],
    wheelRadius: 80,
    archRadius: 98,
    sill: 320,
    doorLines: ["M 534 184 L 536 310", "M 716 182 L 700 296", "M 380 184 Q 384 260 350 314"],
    handles: [
      [574, 208],
      [414, 208],
    ],
    headlight: "M 922 206 L 982 216 Q 986 230 974 234 L 930 226 Z",
    taillight: "M 26 180 L 50 178 L 50 236 L 26 240 Z",
    mirror: "M 716 178 L 750 170 Q 760 186 746 194 L 720 192 Z",
    details: ["M 944 262 L 988 262 L 986 290 L 948 290 Z", "M 60 330 L 130 330 L 128 340 L 62 340 Z"],
    rim: "spokes",
    span: [24, 990],
  };
}

function coupe(): ShapeDrawing {
  const a = arches(790, 220, 84, 344);
  return {
    body: `M 34 340 L 26 290 Q 28 256 60 246 Q 170 222 300 170 Q 380 140 460 138 L 560 140
      Q 620 150 700 222 L 940 246 Q 990 256 996 290 L 994 334 Q 990 344 972 344 ${a.front} ${a.rear} L 42 344 Z`,
    glass: `M 300 184 Q 390 150 462 150 L 556 152 Q 606 160 676 222 L 322 222 Z`,
    pillars: ["M 548 152 L 560 152 L 572 222 L 556 222 Z"],
    wheels: [220, 790],
    wheelRadius: 70,
    archRadius: 84,
    sill: 344,
    doorLines: ["M 330 226 Q 332 290 342 334", "M 676 228 L 666 326"],
    handles: [[560, 248]],
    headlight: "M 930 254 L 988 264 Q 990 276 980 278 L 936 270 Z",
    taillight: "M 28 262 Q 44 250 84 246 L 80 262 L 30 270 Z",
    mirror: "M 672 222 L 704 216 Q 712 228 700 236 L 676 234 Z",
    details: ["M 960 312 L 994 312 L 992 328 L 962 328 Z", "M 360 300 L 440 296 L 436 312 L 364 314 Z"],
    rim: "turbine",
    span: [26, 996],
  };
}

function supercar(): ShapeDrawing {
  const a = arches(800, 230, 84, 350);
  return {
    body: `M 28 346 L 22 290 Q 24 252 70 244 Q 230 214 360 172 Q 430 152 500 152 L 560 156
      Q 620 170 690 236 Q 820 268 960 286 Q 996 294 998 318 L 996 340 Q 992 350 974 350 ${a.front} ${a.rear} L 36 350 Z`,
    glass: `M 372 184 Q 436 164 500 164 L 556 168 Q 604 182 660 236 L 470 238 Z`,
    pillars: [],
    wheels: [230, 800],
    wheelRadius: 72,
    archRadius: 84,
    sill: 350,
    doorLines: ["M 470 240 Q 460 300 480 338", "M 662 240 L 650 330"],
    handles: [],
    headlight: "M 920 282 L 984 294 Q 990 302 980 306 L 926 296 Z",
    taillight: "M 24 270 L 90 256 L 88 268 L 26 280 Z",
    mirror: "M 650 232 L 690 228 Q 698 240 684 246 L 654 244 Z",
    details: ["M 330 246 Q 380 236 440 240 L 420 300 Q 370 306 330 298 Z", "M 40 300 L 110 296 L 110 330 L 44 332 Z"],
    rim: "turbine",
    span: [22, 998],
  };
}

function classic(): ShapeDrawing {
  const a = arches(770, 230, 76, 326);
  return {
    body: `M 40 324 Q 26 300 34 262 Q 50 236 110 232 L 270 224 Q 330 148 400 140 L 560 138
      Q 620 142 680 216 L 860 222 Q 950 228 968 262 Q 978 300 960 324 ${a.front} ${a.rear} Z`,
    glass: `M 292 222 Q 340 158 404 150 L 556 148 Q 604 152 658 218 Z`,
    pillars: ["M 476 150 L 486 150 L 490 220 L 478 220 Z"],
    wheels: [230, 770],
    wheelRadius: 60,
    archRadius: 76,
    sill: 326,
    doorLines: ["M 486 224 L 490 316", "M 660 222 L 656 312"],
    handles: [[530, 244]],
    headlight: "M 946 244 m -14 0 a 14 14 0 1 0 28 0 a 14 14 0 1 0 -28 0",
    taillight: "M 34 248 L 56 244 L 56 268 L 34 272 Z",
    mirror: "M 660 214 L 684 208 Q 690 218 680 222 Z",
    chrome: [
      "M 922 316 Q 970 318 984 300 L 990 312 Q 974 334 922 332 Z",
      "M 18 300 L 60 302 L 60 320 L 22 318 Z",
      "M 120 272 L 930 268 L 930 274 L 120 278 Z",
    ],
    rim: "hubcap",
    span: [18, 990],
  };
}

const SHAPES: Record<BodyShape, () => ShapeDrawing> = { sedan, hatchback, estate, suv, coupe, supercar, classic };

// ------------------------------------------------------------------ backgrounds
// Each returns the scene behind the car on a 1600 × 1200 canvas; the car stands on y = GROUND.

const W = 1600;
const H = 1200;
const GROUND = 980;

function gradient(id: string, stops: Array<[number, string]>, vertical = true) {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${stops
    .map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`)
    .join("")}</linearGradient>`;
}

function treeline(y: number, colour: string, seed: number, peak = 60) {
  let d = `M 0 ${H} L 0 ${y}`;
  for (let x = 0; x <= W; x += 40) {
    const wobble = Math.sin(x * 0.013 + seed) * peak * 0.5 + Math.sin(x * 0.051 + seed * 3) * peak * 0.3;
    d += ` L ${x} ${(y - peak * 0.4 - wobble).toFixed(1)}`;
  }
  return `<path d="${d} L ${W} ${H} Z" fill="${colour}"/>`;
}

function pines(y: number, colour: string, seed: number, height: number, step: number) {
  let out = "";
  for (let x = -20, i = 0; x < W + 40; x += step, i++) {
    const h = height * (0.75 + 0.25 * Math.sin(i * 2.3 + seed));
    const w = h * 0.32;
    out += `M ${x - w} ${y} L ${x} ${(y - h).toFixed(1)} L ${x + w} ${y} Z `;
  }
  return `<path d="${out}" fill="${colour}"/>`;
}

function road(top: number, base: string, markings = true) {
  const lines = markings
    ? Array.from(
        { length: 9 },
        (_, i) => `<rect x="${i * 200 - 40}" y="${H - 90}" width="110" height="12" fill="#e8e8e0" opacity="0.8"/>`,
      ).join("")
    : "";
  return `<rect x="0" y="${top}" width="${W}" height="${H - top}" fill="url(#road)"/>
    <defs>${gradient("road", [
      [0, shade(base, 0.12)],
      [1, shade(base, -0.25)],
    ])}</defs>${lines}`;
}

function clouds(y: number) {
  return [
    [260, y, 160],
    [760, y - 60, 220],
    [1300, y + 10, 180],
  ]
    .map(
      ([x, cy, r]) =>
        `<g fill="#ffffff" opacity="0.75"><ellipse cx="${x}" cy="${cy}" rx="${r}" ry="${(r ?? 0) * 0.28}"/><ellipse cx="${(x ?? 0) + (r ?? 0) * 0.35}" cy="${(cy ?? 0) - (r ?? 0) * 0.16}" rx="${(r ?? 0) * 0.55}" ry="${(r ?? 0) * 0.26}"/></g>`,
    )
    .join("");
}

const BACKGROUND_SVG: Record<Background, () => string> = {
  sky: () => `<defs>${gradient("bg", [
    [0, "#4f8fcf"],
    [0.6, "#a9cdee"],
    [1, "#e4eff8"],
  ])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${clouds(220)}
    ${treeline(760, "#5d7d4a", 1.2, 70)}${treeline(800, "#3f5f35", 2.7, 50)}
    <rect x="0" y="820" width="${W}" height="60" fill="#6f9a4c"/>${road(870, "#6b6d70")}`,
  sunset: () => `<defs>${gradient("bg", [
    [0, "#2d2a5a"],
    [0.45, "#b8505a"],
    [0.72, "#f2a65a"],
    [1, "#f7d08a"],
  ])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="1150" cy="760" r="110" fill="#ffe3a1" opacity="0.9"/>
    ${treeline(800, "#3b2a3f", 0.4, 90)}${road(860, "#3a3438")}`,
  studio: () => `<defs>${gradient("bg", [
    [0, "#1b1e23"],
    [0.7, "#3d424a"],
    [1, "#50565e"],
  ])}<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 180 + 80}" y="0" width="4" height="840" fill="#000" opacity="0.25"/>`).join("")}
    <ellipse cx="800" cy="40" rx="520" ry="70" fill="#fffbe8" opacity="0.18"/>
    <rect x="0" y="840" width="${W}" height="${H - 840}" fill="#2a2d32"/>
    <ellipse cx="800" cy="990" rx="820" ry="170" fill="url(#spot)"/>`,
  city: () => {
    let buildings = "";
    let windows = "";
    for (let i = 0, x = 0; x < W; i++) {
      const width = 110 + ((i * 53) % 90);
      const height = 260 + ((i * 137) % 320);
      const top = 860 - height;
      buildings += `<rect x="${x}" y="${top}" width="${width - 8}" height="${height}" fill="${i % 2 ? "#232a3d" : "#2c3550"}"/>`;
      for (let wy = top + 24; wy < 820; wy += 46) {
        for (let wx = x + 14; wx < x + width - 30; wx += 34) {
          if ((wx * 7 + wy * 3 + i) % 5 < 2) windows += `M ${wx} ${wy} h 16 v 22 h -16 Z `;
        }
      }
      x += width;
    }
    return `<defs>${gradient("bg", [
      [0, "#141a33"],
      [0.6, "#3e3a66"],
      [1, "#9a6a8a"],
    ])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${buildings}<path d="${windows}" fill="#f6d486" opacity="0.85"/>
      <rect x="0" y="850" width="${W}" height="30" fill="#4a4f5c"/>${road(880, "#343842")}`;
  },
  forest: () => `<defs>${gradient("bg", [
    [0, "#c9d8d4"],
    [1, "#eef2ea"],
  ])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${pines(820, "#6f8f7a", 0.5, 330, 70)}${pines(850, "#35533f", 1.9, 420, 95)}
    <rect x="0" y="850" width="${W}" height="40" fill="#5b6b3f"/>${road(880, "#8d8573", false)}`,
  winter: () => `<defs>${gradient("bg", [
    [0, "#aab9c9"],
    [1, "#e9eef3"],
  ])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${pines(800, "#7d8f98", 2.2, 240, 80)}${treeline(820, "#f4f7fa", 0.9, 40)}
    ${road(880, "#7e848a")}<rect x="0" y="870" width="${W}" height="26" fill="#f8fafc"/>`,
  coast: () => `<defs>${gradient("bg", [
    [0, "#6fb1e4"],
    [1, "#d9ecf8"],
  ])}${gradient("sea", [
    [0, "#2f7fb3"],
    [1, "#5fa9cf"],
  ])}</defs><rect width="${W}" height="${H}" fill="url(#bg)"/>${clouds(260)}
    <rect x="0" y="700" width="${W}" height="120" fill="url(#sea)"/>
    <rect x="0" y="816" width="${W}" height="50" fill="#e8d8a8"/>${road(860, "#9a968c")}`,
};

// ------------------------------------------------------------------ the car

function wheel(cx: number, cy: number, r: number, rim: ShapeDrawing["rim"], rimColour: string) {
  const rimR = r * (rim === "hubcap" ? 0.55 : 0.68);
  let spokes = "";
  const count = rim === "multi" ? 10 : rim === "turbine" ? 7 : rim === "spokes" ? 5 : 0;
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2;
    const x = cx + Math.cos(angle) * rimR * 0.92;
    const y = cy + Math.sin(angle) * rimR * 0.92;
    spokes += `M ${cx.toFixed(1)} ${cy.toFixed(1)} L ${x.toFixed(1)} ${y.toFixed(1)} `;
  }
  const spokeWidth = rim === "spokes" ? r * 0.16 : rim === "turbine" ? r * 0.1 : r * 0.06;
  const whitewall = rim === "hubcap" ? `<circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="#eeeeea"/>` : "";
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#151515"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.93}" fill="none" stroke="#2a2a2a" stroke-width="${r * 0.05}"/>${whitewall}
    <circle cx="${cx}" cy="${cy}" r="${rimR}" fill="url(#rim)"/>
    <circle cx="${cx}" cy="${cy}" r="${rimR * 0.9}" fill="${shade(rimColour, -0.45)}"/>
    <path d="${spokes}" stroke="${rimColour}" stroke-width="${spokeWidth.toFixed(1)}" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.14}" fill="${shade(rimColour, -0.2)}"/>`;
}

function carSvg(shape: BodyShape, colour: string, mirrored: boolean): string {
  const s = SHAPES[shape]();
  const dark = luminance(colour) < 0.25;
  const rimColour = shape === "classic" ? "#d9dde2" : dark ? "#b8bec6" : "#c9ced4";
  const [left, right] = s.span;
  // One scale for every shape, so a hatchback looks shorter than an estate.
  const scale = 1.38;
  const offsetX = (W - (right - left) * scale) / 2 - left * scale;
  const centre = W / 2;
  const transform = mirrored
    ? `translate(${W - offsetX} ${GROUND - 400 * scale}) scale(${-scale} ${scale})`
    : `translate(${offsetX} ${GROUND - 400 * scale}) scale(${scale})`;
  const wells = s.wheels
    .map(
      (x) => `M ${x + s.archRadius} ${s.sill} A ${s.archRadius} ${s.archRadius} 0 0 0 ${x - s.archRadius} ${s.sill} Z`,
    )
    .join(" ");
  const stroke = shade(colour, -0.45);
  return `<defs>
      ${gradient("paint", [
        [0, shade(colour, 0.45)],
        [0.32, shade(colour, 0.1)],
        [0.55, colour],
        [1, shade(colour, -0.45)],
      ])}
      ${gradient("glass", [
        [0, "#b9c7d3"],
        [0.45, "#3c4a57"],
        [1, "#161c22"],
      ])}
      ${gradient("rim", [
        [0, "#f4f6f8"],
        [1, "#7d848c"],
      ])}
      <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.7" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
    </defs>
    <ellipse cx="${centre}" cy="${GROUND + 2}" rx="${(right - left) * scale * 0.56}" ry="34" fill="url(#shadow)"/>
    <g transform="${transform}">
      <path d="${wells}" fill="#0b0b0c"/>
      <path d="${s.body}" fill="url(#paint)" stroke="${stroke}" stroke-width="2"/>
      <path d="${s.glass}" fill="url(#glass)"/>
      ${s.pillars.map((d) => `<path d="${d}" fill="${shade(colour, -0.15)}"/>`).join("")}
      <path d="${s.glass}" fill="none" stroke="#0d1114" stroke-width="4"/>
      ${s.doorLines.map((d) => `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="2.5" opacity="0.8"/>`).join("")}
      ${s.handles.map(([x, y]) => `<rect x="${x}" y="${y}" width="34" height="7" rx="3.5" fill="${shade(colour, -0.3)}"/>`).join("")}
      ${(s.details ?? []).map((d) => `<path d="${d}" fill="#141618" opacity="0.85"/>`).join("")}
      ${(s.chrome ?? []).map((d) => `<path d="${d}" fill="url(#rim)"/>`).join("")}
      <path d="${s.headlight}" fill="#f5f7f2" stroke="#8a9096" stroke-width="2"/>
      <path d="${s.taillight}" fill="#c0182a" stroke="#5a0a12" stroke-width="2"/>
      <path d="${s.mirror}" fill="${shade(colour, -0.1)}" stroke="${stroke}" stroke-width="2"/>
      ${s.wheels.map((x) => wheel(x, 400 - s.wheelRadius, s.wheelRadius, s.rim, rimColour)).join("")}
    </g>`;
}

export function photoSvg(spec: PhotoSpec): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    ${BACKGROUND_SVG[spec.background]()}${carSvg(spec.shape, spec.colour, spec.mirrored ?? false)}</svg>`;
}

// ------------------------------------------------------------------ encoding

const photoCache = new Map<string, Promise<EncodedPhoto>>();

export function photoCacheKey(spec: PhotoSpec): string {
  return `${spec.shape}|${spec.colour.toLowerCase()}|${spec.background}|${spec.mirrored ? "l" : "r"}`;
}

async function encodePhoto(spec: PhotoSpec): Promise<EncodedPhoto> {
  const { data, info } = await sharp(Buffer.from(photoSvg(spec)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [full, medium, card] = await Promise.all([
    // The full size is only opened in the lightbox; a faster, slightly larger encode is the better trade here.
    sharp(data, raw).webp({ quality: 80, effort: 0 }).toBuffer(),
    // The car page's main photo on phones, its largest paint.
    sharp(data, raw)
      .resize(PHOTO_SIZES.medium.width, PHOTO_SIZES.medium.height)
      .webp({ quality: 76, effort: 2 })
      .toBuffer(),
    sharp(data, raw)
      .resize(PHOTO_SIZES.card.width, PHOTO_SIZES.card.height)
      .webp({ quality: 74, effort: 2 })
      .toBuffer(),
  ]);
  return { full: new Uint8Array(full), medium: new Uint8Array(medium), card: new Uint8Array(card) };
}

/**
 * Rendered photos kept on disk between processes (node_modules/.cache, where tools keep theirs): rendering is 95% of
 * a seed's time, and `npm test` seeds the demo in several processes (the seed's tests, the journeys' server), so the
 * first renders and the others read. The name is a hash of everything the bytes depend on — the drawing, the
 * encoding code and sizes, libvips's version — so a changed drawing or encoder is rendered anew, never read stale.
 */
export const PHOTO_DISK_CACHE = fileURLToPath(new URL("../../node_modules/.cache/ratai-seed-photos/", import.meta.url));

function diskCacheName(spec: PhotoSpec): string {
  const inputs = [photoSvg(spec), encodePhoto.toString(), JSON.stringify(PHOTO_SIZES), sharp.versions.vips];
  return `${createHash("sha256").update(inputs.join("\0")).digest("hex")}.bin`;
}

/** One file per photo: a little-endian u32 header length, a JSON header of [size name, byte length], the bytes. */
export function packPhoto(photo: EncodedPhoto): Uint8Array {
  const parts = Object.entries(photo) as Array<[string, Uint8Array]>;
  const header = new TextEncoder().encode(JSON.stringify(parts.map(([name, bytes]) => [name, bytes.length])));
  const packed = new Uint8Array(4 + header.length + parts.reduce((sum, [, bytes]) => sum + bytes.length, 0));
  new DataView(packed.buffer).setUint32(0, header.length, true);
  packed.set(header, 4);
  let offset = 4 + header.length;
  for (const [, bytes] of parts) {
    packed.set(bytes, offset);
    offset += bytes.length;
  }
  return packed;
}

/** The photo in a packed file, or null when the file is not one whole (a crash mid-write elsewhere, a bad disk). */
export function unpackPhoto(packed: Uint8Array): EncodedPhoto | null {
  try {
    const headerLength = new DataView(packed.buffer, packed.byteOffset, packed.byteLength).getUint32(0, true);
    const sizes = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + headerLength))) as Array<[string, number]>;
    let offset = 4 + headerLength;
    const photo: Record<string, Uint8Array> = {};
    for (const [name, length] of sizes) {
      photo[name] = new Uint8Array(packed.subarray(offset, offset + length)); // a plain copy, not a Buffer view
      offset += length;
    }
    const complete =
      offset === packed.length && Object.keys(PHOTO_SIZES).every((size) => size === "avatar" || photo[size]);
    return complete ? (photo as unknown as EncodedPhoto) : null;
  } catch {
    return null;
  }
}

/** The photo from the disk cache in `dir`, else rendered and stored there (written whole or not at all). */
export async function renderPhotoThroughDisk(spec: PhotoSpec, dir: string): Promise<EncodedPhoto> {
  const file = join(dir, diskCacheName(spec));
  let stored: Uint8Array | null = null;
  try {
    stored = readFileSync(file);
  } catch {
    // Not rendered yet.
  }
  const photo = stored && unpackPhoto(stored);
  if (photo) return photo;
  const rendered = await encodePhoto(spec);
  try {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, packPhoto(rendered));
    renameSync(partial, file); // atomic: a parallel reader sees no file or a whole one
  } catch {
    // A read-only or full disk: the seed still gets its photo.
  }
  return rendered;
}

/** Every size of one photo; the same spec is rendered once per process, and once per machine while it is unchanged. */
export function renderPhoto(spec: PhotoSpec): Promise<EncodedPhoto> {
  const key = photoCacheKey(spec);
  let cached = photoCache.get(key);
  if (!cached) {
    cached = renderPhotoThroughDisk(spec, PHOTO_DISK_CACHE);
    // A failed render must not poison the cache for the next caller.
    cached.catch(() => photoCache.delete(key));
    photoCache.set(key, cached);
  }
  return cached;
}

// ------------------------------------------------------------------ avatars

export interface AvatarSpec {
  background: string;
  skin: string;
  hair: string;
  hairStyle: "short" | "long" | "bald" | "bun";
  shirt: string;
}

const avatarCache = new Map<string, Promise<Uint8Array>>();

export function avatarSvg(spec: AvatarSpec): string {
  const hair: Record<AvatarSpec["hairStyle"], string> = {
    short: `<path d="M 84 112 Q 82 62 128 58 Q 176 60 172 112 Q 160 86 128 84 Q 98 86 84 112 Z" fill="${spec.hair}"/>`,
    long: `<path d="M 78 170 Q 66 64 128 56 Q 192 64 178 170 Q 170 120 166 100 Q 150 82 128 82 Q 104 84 90 102 Q 86 130 78 170 Z" fill="${spec.hair}"/>`,
    bald: `<path d="M 86 104 Q 92 70 128 66 Q 164 70 170 104 Q 150 86 128 86 Q 106 86 86 104 Z" fill="${spec.hair}" opacity="0.35"/>`,
    bun: `<circle cx="128" cy="48" r="22" fill="${spec.hair}"/><path d="M 84 112 Q 82 62 128 60 Q 174 62 172 112 Q 158 86 128 86 Q 98 86 84 112 Z" fill="${spec.hair}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <defs>${gradient("abg", [
      [0, shade(spec.background, 0.25)],
      [1, shade(spec.background, -0.2)],
    ])}</defs>
    <rect width="256" height="256" fill="url(#abg)"/>
    <path d="M 36 256 Q 40 184 100 172 L 156 172 Q 216 184 220 256 Z" fill="${spec.shirt}"/>
    <path d="M 110 150 L 146 150 L 148 180 Q 128 192 108 180 Z" fill="${shade(spec.skin, -0.12)}"/>
    <ellipse cx="128" cy="116" rx="44" ry="52" fill="${spec.skin}"/>
    <circle cx="112" cy="116" r="4.5" fill="#2b2b2b"/><circle cx="144" cy="116" r="4.5" fill="#2b2b2b"/>
    <path d="M 114 142 Q 128 152 142 142" fill="none" stroke="#8a4b3c" stroke-width="3.5" stroke-linecap="round"/>
    ${hair[spec.hairStyle]}</svg>`;
}

export function renderAvatar(spec: AvatarSpec): Promise<Uint8Array> {
  const key = JSON.stringify(spec);
  let cached = avatarCache.get(key);
  if (!cached) {
    cached = sharp(Buffer.from(avatarSvg(spec)))
      .webp({ quality: 82 })
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer));
    cached.catch(() => avatarCache.delete(key));
    avatarCache.set(key, cached);
  }
  return cached;
}
