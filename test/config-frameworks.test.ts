import { describe, expect, it } from "vitest";
import { validateConfig } from "../generator/config/schema.js";
import { ADAPTERS } from "../generator/extract/index.js";

/**
 * `framework` forces one adapter by its name in ADAPTERS: every adapter must be a value the config accepts (an
 * adapter added without it could only be detected, never forced), and the config accepts no name that runs
 * nothing.
 */
describe("config framework names", () => {
  it.each(Object.keys(ADAPTERS))("accepts %s", (name) => {
    expect(validateConfig({ framework: name }, "apidex.config.json").framework).toBe(name);
  });

  it("refuses a name no adapter has", () => {
    expect(() => validateConfig({ framework: "not-a-framework" }, "apidex.config.json")).toThrow();
  });
});
