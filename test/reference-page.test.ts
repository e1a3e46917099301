/// <reference lib="dom" />
import { mkdirSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../examples/field-service/src/app.js";
import type { OperationsIndex } from "../generator/emit/index-artifact.js";
import { chromiumPath } from "./helpers/browser.js";
import { REPO_ROOT } from "./helpers/repo.js";

/** The reference page in a real browser (a system Chromium, provisioned when missing: helpers/browser.ts), served by the example service. */
const OUTPUT = path.join(REPO_ROOT, "test-output");
const index = JSON.parse(readFileSync(path.join(REPO_ROOT, "dist", "operations.json"), "utf8")) as OperationsIndex;

let server: Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  const executablePath = chromiumPath();
  server = createApp().listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/public/api-docs/`;
  browser = await chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  mkdirSync(OUTPUT, { recursive: true });
}, 900_000); // installing Chromium on a fresh machine takes minutes

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function open(target: string, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("requestfailed", (request) => errors.push(`request failed: ${request.url()}`));
  await page.goto(target);
  await page.waitForSelector("body[data-ready=true]", { timeout: 15_000 });
  return { page, errors };
}

describe("the interactive reference", () => {
  it("loads without console errors and lists every documented operation and every indexed one", async () => {
    const { page, errors } = await open(url);
    expect(errors).toEqual([]);
    const documented = index.operations
      .filter((o) => o.documented)
      .map((o) => o.operation_id)
      .sort();
    const shown = await page.$$eval("details.op", (nodes) => nodes.map((n) => n.getAttribute("data-operation-id")!));
    expect(shown.sort()).toEqual(documented);
    expect(await page.locator("#rows tr").count()).toBe(index.count);
    expect(await page.textContent("#count")).toBe(`${index.count} of ${index.count} operations`);
    await page.screenshot({ path: path.join(OUTPUT, "reference-page.png"), fullPage: false });
    await page.close();
  });

  it("filters the index by a permission key to exactly the operations that check it", async () => {
    const { page, errors } = await open(url);
    for (const key of ["invoices.send", "customers.notes.write", "reports.read"]) {
      await page.fill("#f-permission", key);
      const expected = index.operations.filter((o) => o.permissions.includes(key)).map((o) => o.operation_id);
      await page.waitForFunction((n) => document.getElementById("count")!.textContent!.startsWith(`${n} of`), expected.length);
      const visible = await page.$$eval("#rows tr:not([hidden])", (rows) => rows.map((r) => r.getAttribute("data-operation-id")!));
      expect(visible.sort(), key).toEqual(expected.sort());
    }
    // Words, path and method combine with it; Clear resets everything.
    await page.fill("#f-permission", "");
    await page.fill("#f-words", "note");
    await page.selectOption("#f-method", "DELETE");
    await page.fill("#f-path", "/work-orders/");
    await page.waitForFunction(() => document.getElementById("count")!.textContent!.startsWith("1 of"));
    expect(await page.$$eval("#rows tr:not([hidden])", (rows) => rows.map((r) => r.getAttribute("data-operation-id")))).toEqual([
      "delete_work_order_note",
    ]);
    await page.click("button[type=reset]");
    await page.waitForFunction((n) => document.getElementById("count")!.textContent === `${n} of ${n} operations`, index.count);
    await page.screenshot({ path: path.join(OUTPUT, "reference-page-filtered.png") });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens the right operation from a deep link, and moves focus to it", async () => {
    const { page, errors } = await open(`${url}#op/void_invoice`);
    const opened = await page.$$eval("details.op[open]", (nodes) => nodes.map((n) => n.getAttribute("data-operation-id")));
    expect(opened).toEqual(["void_invoice"]);
    expect(await page.isVisible("#op-void_invoice .badge.danger")).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest("details")?.id)).toBe("op-void_invoice");
    const box = await page.locator("#op-void_invoice").boundingBox();
    expect(box && box.y >= -1 && box.y < 900).toBe(true);
    await page.screenshot({ path: path.join(OUTPUT, "reference-page-deep-link.png") });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("is usable from the keyboard and fits a phone screen", async () => {
    const { page, errors } = await open(url, { width: 390, height: 844 });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the reference");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.focus("#op-list_customers > summary");
    await page.keyboard.press("Enter");
    expect(await page.$eval("#op-list_customers", (d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.screenshot({ path: path.join(OUTPUT, "reference-page-phone.png") });
    expect(errors).toEqual([]);
    await page.close();
  });
});
