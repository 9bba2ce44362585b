import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { test } from "./browser-test";
import { demoAdminCookie } from "./demo-admin";
import { publicPages } from "./routes";

// Every page, as served, is valid HTML by the W3C Nu checker (vnu-jar, the checker behind
// validator.w3.org/nu), CSS findings aside: the stylesheet is Tailwind's, written for browsers newer
// than the checker's CSS grammar. Pages are fetched as a visitor and as the signed-in admin (held pages
// and the dashboard), then checked in one run of the checker.

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

test.beforeEach(() => {
  test.skip(test.info().project.name === "phone", "HTTP only, no browser page: once is enough");
});

interface Message {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

const adminCookie = (baseURL: string) => demoAdminCookie(baseURL);

test("every page is valid HTML (W3C Nu checker)", async ({ baseURL }) => {
  test.slow();
  const dir = mkdtempSync(join(tmpdir(), "facets-html-"));
  const cookie = await adminCookie(baseURL ?? "");
  const pages: [string, string | null][] = [
    ...publicPages.map((path): [string, null] => [path, null]),
    ["/login?tab=register", null],
    ["/privacy/request", null],
    ["/confirm-email-change", null],
    ["/zz-no-such-page", null],
    ...[
      "/",
      "/insure",
      "/admin",
      "/admin?tab=contacts",
      "/admin?tab=activity",
      "/account",
      "/account/security",
      "/confirm-its-you",
    ].map((path): [string, string] => [path, cookie]),
  ];
  const files: string[] = [];
  for (const [path, session] of pages) {
    const response = await fetch(new URL(path, baseURL), session ? { headers: { Cookie: session } } : {});
    expect(new URL(response.url).pathname, `${path} answered itself, not by a redirect`).toBe(
      new URL(path, baseURL).pathname,
    );
    const name = `${session ? "signed-in" : "visitor"}${path.replace(/[^a-z0-9]+/gi, "_")}.html`;
    const file = join(dir, name);
    writeFileSync(file, await response.text());
    files.push(file);
  }

  // The checker writes its JSON report to stderr.
  const run = spawnSync("java", ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error, "the Nu checker needs Java (apt-get install -y default-jre-headless)").toBeUndefined();
  rmSync(dir, { recursive: true, force: true });
  const { messages } = JSON.parse(run.stderr) as { messages: Message[] };
  const findings = messages
    .filter((m) => m.type === "error" || (m.type === "info" && m.subType === "warning"))
    .filter((m) => !m.message.startsWith("CSS:"))
    .map((m) => `${m.url.split("/").pop()}: ${m.message}${m.extract ? `\n    ${m.extract.trim()}` : ""}`);
  expect(findings).toEqual([]);
});
