import { expect } from "@playwright/test";
import { test } from "./browser-test";

test.skip(({ isMobile }) => isMobile, "the films are played once, at desktop width");

const films = [
  { path: "/workzone", src: "/api/video/workzone" },
  { path: "/facetsre", src: "/api/video/facetsre-test" },
];

for (const { path, src } of films) {
  test(`${path}: the film plays and seeks to its middle through range requests`, async ({
    page,
    request,
  }) => {
    const answers: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === src) answers.push(response.status());
    });

    await page.goto(path);
    const video = page.locator("video").filter({ has: page.locator(`source[src="${src}"]`) });
    await expect(video).toHaveAttribute("controls", "");
    await expect(video).toHaveAttribute("preload", "metadata");
    await expect(video).toHaveAttribute("playsinline", "");
    const poster = await video.getAttribute("poster");
    expect(poster).toBeTruthy();
    expect((await request.get(poster ?? "")).status()).toBe(200);

    await video.scrollIntoViewIfNeeded();
    const boxBefore = await video.boundingBox();

    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);

    const middle = await video.evaluate(async (element: HTMLVideoElement) => {
      element.pause();
      const target = element.duration / 2;
      const seeked = new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
      element.currentTime = target;
      await seeked;
      return target;
    });
    expect(middle).toBeGreaterThan(4);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThanOrEqual(2); // HAVE_CURRENT_DATA: a frame at the new position
    const position = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    expect(Math.abs(position - middle)).toBeLessThan(0.5);

    // Width and height are set before the film loads, so nothing moved.
    expect(await video.boundingBox()).toEqual(boxBefore);

    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 206)).toBe(true);
  });
}
