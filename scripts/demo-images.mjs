// Renders the demo's vector art (public/demo/*.svg but the logos) to the raster pictures the demo tenants use,
// so the image pipeline is exercised the way tenant uploads are: JPEG photographs of 1200 px
// (products) and 480 px (specialists). Each file is named by its content hash — a picture that
// changes gets a new address, which is what lets the image route cache it for good — and
// platform/seed/demo-images.ts records the names. Run after changing the art:
// `node scripts/demo-images.mjs`.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public/demo");

for (const old of readdirSync(out).filter((f) => /\.[0-9a-f]{10}\.jpg$/.test(f))) rmSync(path.join(out, old));

const names = {};
// The vector files are kept: data folders seeded with their names keep showing them.
for (const file of readdirSync(out)
  .filter((f) => f.endsWith(".svg") && !f.endsWith("-logo.svg"))
  .sort()) {
  const base = file.replace(/\.svg$/, "");
  const width = base.startsWith("specialist-") ? 480 : 1200;
  const jpeg = await sharp(readFileSync(path.join(out, file)), { density: 72 * (width / 400) })
    .resize(width, width)
    // A fine grain, as a photograph has: flat vector colour would compress unrealistically well.
    .composite([{ input: await grain(width), blend: "soft-light" }])
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
  const hash = createHash("sha256").update(jpeg).digest("hex").slice(0, 10);
  const name = `${base}.${hash}.jpg`;
  writeFileSync(path.join(out, name), jpeg);
  names[base.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = `/demo/${name}`;
}

writeFileSync(
  path.join(root, "platform/seed/demo-images.ts"),
  `// Written by scripts/demo-images.mjs: the demo's pictures, named by their content hash.\nexport const DEMO_IMAGES = ${JSON.stringify(names, null, 2)} as const;\n`,
);
console.log(names);

async function grain(width) {
  const pixels = Buffer.alloc(width * width);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = 118 + (seed % 21);
  }
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .png()
    .toBuffer();
}
