// The system programs `npm test` needs beyond npm's own packages: Chromium for Playwright and Lighthouse,
// and a Java runtime for the W3C Nu HTML checker (vnu-jar). On Debian as root they are installed with apt-get
// (and the run says so); anywhere else the run stops with the one command that installs them.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (process.env.CHROMIUM_PATH && !existsSync(chromiumPath)) {
  console.error(
    `CHROMIUM_PATH is ${chromiumPath}, which does not exist; run: unset CHROMIUM_PATH (or point it at a Chromium)`,
  );
  process.exit(1);
}

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

const missing: { what: string; debian: string; brew: string }[] = [];
if (!existsSync(chromiumPath)) {
  missing.push({ what: `Chromium (${chromiumPath})`, debian: "chromium", brew: "--cask chromium" });
}
if (!onPath("java")) {
  missing.push({ what: "a Java runtime", debian: "default-jre-headless", brew: "openjdk" });
}

if (missing.length > 0) {
  const debian = existsSync("/etc/debian_version") && onPath("apt-get");
  const packages = missing.map((item) => item.debian);
  if (debian && process.getuid?.() === 0) {
    console.log(
      `Installing ${missing.map((item) => item.what).join(" and ")}: apt-get install ${packages.join(" ")}`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", ...packages], {
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
  } else {
    const command = debian
      ? `sudo apt-get install -y ${packages.join(" ")}`
      : process.platform === "darwin"
        ? `${missing.map((item) => `brew install ${item.brew}`).join(" && ")}${existsSync(chromiumPath) ? "" : " && export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium"}`
        : `install ${missing.map((item) => item.what).join(" and ")} (set CHROMIUM_PATH to the browser)`;
    console.error(`npm test needs ${missing.map((item) => item.what).join(" and ")}; run: ${command}`);
    process.exit(1);
  }
}
