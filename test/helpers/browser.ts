import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * The Chromium the browser tests drive, provisioned when the machine has none, so `npm ci && npm test`
 * passes on a fresh machine with Node and the package registries only:
 *
 * 1. `APIDEX_CHROMIUM`, else a system Chromium or Chrome on the usual paths;
 * 2. else Debian's `chromium` through apt-get, when this user may install packages (root, or
 *    password-less sudo) — as on the project's own machines and CI;
 * 3. else an error naming the one command to run.
 *
 * No browser is downloaded from anywhere but the distribution's package registry (playwright's own
 * browser downloads are not reachable here, and a browser shipped in an npm package was tried and hangs).
 */
export function chromiumPath(): string {
  const found = findChromium();
  if (found) return found;
  const install = installCommand();
  if (install) {
    process.stderr.write(`No Chromium on this machine: installing Debian's chromium (${install.join(" ")} ...).\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync(install[0]!, [...install.slice(1), "update", "-qq"], { stdio: "inherit", env });
    const run =
      update.status === 0
        ? spawnSync(install[0]!, [...install.slice(1), "install", "-y", "-qq", "chromium"], { stdio: "inherit", env })
        : update;
    const installed = run.status === 0 ? findChromium() : undefined;
    if (installed) return installed;
  }
  throw new Error(
    "The reference-page tests need Chromium, and this machine has none that apidex may install. Run: sudo apt-get install chromium (Debian/Ubuntu), or set APIDEX_CHROMIUM to a Chromium or Chrome executable.",
  );
}

const CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

function findChromium(): string | undefined {
  const configured = process.env.APIDEX_CHROMIUM;
  if (configured) return existsSync(configured) ? configured : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/** `apt-get` as root, or through password-less sudo; undefined when packages cannot be installed here. */
function installCommand(): string[] | undefined {
  if (process.platform !== "linux" || spawnSync("sh", ["-c", "command -v apt-get"]).status !== 0) return undefined;
  if (process.getuid?.() === 0) return ["apt-get"];
  if (spawnSync("sudo", ["-n", "true"]).status === 0) return ["sudo", "-n", "apt-get"];
  return undefined;
}
