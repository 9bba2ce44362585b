// Renders the PNG copies of the email signature images, committed in public/email/: most mail clients
// show no SVG, so the copyable signature uses these. Each is drawn at twice its display size (the page
// and the snippet give width and height at 1x) by the Chromium the end-to-end suite uses.
//
//   node scripts/signature-images.ts        (after changing one of the SVGs)
//
// The sizes match signatureOrganisation in app/content/email-signatures.ts.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";

const SCALE = 2;
const images = [
  { svg: "public/favicon.svg", png: "public/email/facets-logo.png", width: 48, height: 48 },
  {
    svg: "public/email/facets-signature.svg",
    png: "public/email/facets-signature.png",
    width: 600,
    height: 150,
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const image of images) {
    const page = await browser.newPage({
      viewport: { width: image.width, height: image.height },
      deviceScaleFactor: SCALE,
    });
    await page.goto(pathToFileURL(path.resolve(image.svg)).href);
    await page.screenshot({ path: image.png, omitBackground: true });
    await page.close();
    console.log(`${image.svg} → ${image.png} (${image.width * SCALE}×${image.height * SCALE})`);
  }
} finally {
  await browser.close();
}
