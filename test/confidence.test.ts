import Confidence from "confidence";
import { describe, expect, it } from "vitest";
import { type ConfidenceContext, confidenceGet } from "../generator/resolve/confidence.js";
import { jsonValue, type Value } from "../generator/resolve/values.js";
import { ts } from "../generator/typescript.js";

/**
 * apidex's reading of a Confidence store (generator/resolve/confidence.ts) against the real package: for static
 * documents and criteria, `get(key, criteria)` gives what Confidence gives. Where a criterion is only known at
 * run time, apidex gives unknown at the filter it decides, and only there.
 */
const node = ts.factory.createIdentifier("store");

/** A value as JSON, `unknown` marked so a comparison shows where. */
function plain(value: Value): unknown {
  switch (value.kind) {
    case "string":
    case "number":
    case "boolean":
      return value.value;
    case "null":
      return null;
    case "undefined":
      return undefined;
    case "array":
      return value.items.map(plain);
    case "object":
      return Object.fromEntries([...value.props].map(([k, v]) => [k, plain(v)]));
    default:
      return `<${value.kind}>`;
  }
}

const documents: Record<string, object> = {
  filters: {
    $meta: "dropped",
    server: {
      port: { $env: "PORT", $default: 8000 },
      debug: { $filter: "env", production: false, $default: { request: ["error"] } },
      host: { $filter: "region", eu: "eu.example.com", us: "us.example.com" },
    },
    plugins: [{ plugin: "./a", options: { size: { $filter: "env", production: 50, $default: 10 } } }, "./b"],
  },
  base: {
    routes: { $filter: "env", $base: { cors: true, prefix: "/api" }, production: { prefix: "/v2" }, $default: {} },
    level: { $param: "log.level", $default: "info" },
  },
};

const cases: { name: string; doc: string; key: string; criteria: Record<string, unknown>; env?: Record<string, string> }[] = [
  {
    name: "the whole document, a filter's branch by its criterion",
    doc: "filters",
    key: "/",
    criteria: { env: "production", region: "eu" },
    env: {},
  },
  { name: "$default where no branch matches", doc: "filters", key: "/", criteria: { env: "staging", region: "us" }, env: { PORT: "9000" } },
  {
    name: "$default where the criterion is not given, a filter with no $default gives nothing",
    doc: "filters",
    key: "/server",
    criteria: {},
    env: {},
  },
  { name: "a key below the root", doc: "filters", key: "/server/debug", criteria: { env: "production" }, env: {} },
  { name: "a key inside an array's item", doc: "filters", key: "/plugins", criteria: { env: "dev" }, env: {} },
  { name: "$base under the chosen branch", doc: "base", key: "/", criteria: { env: "production", log: { level: "debug" } } },
  { name: "$base under $default, $param's default", doc: "base", key: "/", criteria: { env: "test" } },
];

describe("Confidence stores as the confidence package reads them", () => {
  it.each(cases)("$name", ({ doc, key, criteria, env }) => {
    const document = documents[doc]!;
    const expected = new Confidence.Store(structuredClone(document)).get(key, criteria);
    // apidex reads `$env` from the config's environment: the real store reads process.env.
    const saved = process.env.PORT;
    const context: ConfidenceContext = { env: env ?? {}, node };
    const actual = plain(confidenceGet(jsonValue(document), jsonValue(key), jsonValue(criteria), context));
    if (env?.PORT) {
      process.env.PORT = env.PORT;
      try {
        expect(actual).toEqual(new Confidence.Store(structuredClone(document)).get(key, criteria));
      } finally {
        if (saved === undefined) delete process.env.PORT;
        else process.env.PORT = saved;
      }
    } else expect(actual).toEqual(expected);
  });

  it("a filter on a criterion only known at run time is unknown there, and only there", () => {
    const criteria: Value = { kind: "object", props: new Map([["env", { kind: "runtime", what: "process.env.NODE_ENV" }]]) };
    const value = confidenceGet(jsonValue(documents.filters), jsonValue("/"), criteria, { env: undefined, node });
    expect(plain(value)).toEqual({
      server: { port: 8000, debug: "<unknown>", host: undefined },
      plugins: [{ plugin: "./a", options: { size: "<unknown>" } }, "./b"],
    });
    const port = confidenceGet(jsonValue(documents.filters), jsonValue("/server/port"), criteria, { env: undefined, node });
    // `$env` with a default and no configured environment: the default, as where the variable is unset.
    expect(plain(port)).toBe(8000);
  });

  it("a directive apidex does not read is unknown, with its name", () => {
    const value = confidenceGet(jsonValue({ a: { $range: [{ limit: 10, value: 1 }], $default: 0 } }), jsonValue("/a"), jsonValue({}), {
      env: {},
      node,
    });
    expect(value.kind === "unknown" && value.reason).toMatch(/\$range/);
  });
});
