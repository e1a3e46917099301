import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../generator/mcp/catalog.js";
import { CallRefused, ServiceClient, type ServiceClientOptions } from "../generator/mcp/service-client.js";

/** The request side of call_service_operation, with a fetch that records what would leave the process. */
const KEY = "fsk_secret_abc123";
const entry: CatalogEntry = {
  operation_id: "get_invoice",
  method: "GET",
  path: "/v1/invoices/{invoice_id}",
  permissions: ["invoices.read"],
  summary: "Get an invoice",
  path_params: ["invoice_id"],
  effect: "read",
  documented: true,
};

function client(respond: (url: string, init: RequestInit) => Response | Promise<Response>, overrides: Partial<ServiceClientOptions> = {}) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const fake = (async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
    return respond(String(input), init ?? {});
  }) as typeof fetch;
  const c = new ServiceClient({
    baseUrl: "http://127.0.0.1:9/api/",
    key: KEY,
    authHeader: "Authorization",
    authScheme: "Bearer",
    refusalField: "permission",
    timeoutMs: 200,
    maxBodyBytes: 64,
    fetch: fake,
    ...overrides,
  });
  return { c, sent };
}

describe("ServiceClient", () => {
  it("stays under the base URL's path and sends the key as configured", async () => {
    const { c, sent } = client(() => Response.json({ ok: true }), { authHeader: "X-Api-Key", authScheme: "" });
    await c.call(entry, { path_params: { invoice_id: "inv_1" }, query: { expand: ["lines", "payments"], draft: false } });
    expect(sent).toEqual([
      {
        url: "http://127.0.0.1:9/api/v1/invoices/inv_1?expand=lines&expand=payments&draft=false",
        headers: { accept: "application/json", "X-Api-Key": KEY },
      },
    ]);
  });

  it("refuses, before sending, any value that could leave its path segment", () => {
    const { c } = client(() => Response.json({}));
    for (const bad of ["..", ".", "a/b", "a\\b", "?x", "#x", "%2F", "a\tb", ""]) {
      expect(() => c.url(entry, { path_params: { invoice_id: bad } }), JSON.stringify(bad)).toThrow(CallRefused);
    }
    expect(() => c.url(entry, {})).toThrow(/Missing path parameter invoice_id/);
  });

  it("refuses, before sending, an operation whose path is relative to a mount prefix apidex could not read", async () => {
    const { c, sent } = client(() => Response.json({}));
    const relative: CatalogEntry = { ...entry, unresolved: ["path"] };
    expect(() => c.url(relative, { path_params: { invoice_id: "inv_1" } })).toThrow(/path prefix apidex could not read/);
    await expect(c.call(relative, { path_params: { invoice_id: "inv_1" } })).rejects.toThrow(CallRefused);
    expect(sent).toEqual([]);
    // Other marks do not stop a call.
    await c.call({ ...entry, unresolved: ["registration"] }, { path_params: { invoice_id: "inv_1" } });
    expect(sent).toHaveLength(1);
  });

  it("does not follow a redirect to another origin, and never sends the key there", async () => {
    const { c, sent } = client(() => new Response(null, { status: 302, headers: { location: "http://evil.example/steal" } }));
    await expect(c.call(entry, { path_params: { invoice_id: "inv_1" } })).rejects.toThrow(/redirected outside the configured base URL/);
    expect(sent.map((s) => s.url)).toEqual(["http://127.0.0.1:9/api/v1/invoices/inv_1"]);
  });

  it("follows a redirect that stays under the base URL", async () => {
    const { c, sent } = client((url) =>
      url.endsWith("inv_1")
        ? new Response(null, { status: 301, headers: { location: "/api/v1/invoices/inv_2" } })
        : Response.json({ id: "inv_2" }),
    );
    const outcome = await c.call(entry, { path_params: { invoice_id: "inv_1" } });
    expect(outcome.body).toEqual({ id: "inv_2" });
    expect(sent.map((s) => s.url)).toEqual(["http://127.0.0.1:9/api/v1/invoices/inv_1", "http://127.0.0.1:9/api/v1/invoices/inv_2"]);
  });

  it("caps large bodies with a note", async () => {
    const { c } = client(() => new Response("x".repeat(1000), { headers: { "content-type": "text/plain", "content-length": "1000" } }));
    const outcome = await c.call(entry, { path_params: { invoice_id: "inv_1" } });
    expect(outcome).toMatchObject({ status: 200, truncated: true, body: "x".repeat(64) });
    expect(outcome.note).toMatch(/cut at 64 bytes of 1000/);
  });

  it("removes the key from anything the service echoes back", async () => {
    const { c } = client(() => Response.json({ error: "bad_key", message: `The key ${KEY} is revoked` }, { status: 401 }), {
      maxBodyBytes: 4096,
    });
    const outcome = await c.call(entry, { path_params: { invoice_id: "inv_1" } });
    expect(JSON.stringify(outcome)).not.toContain(KEY);
    expect(outcome.body).toEqual({ error: "bad_key", message: "The key [redacted] is revoked" });
  });

  it("reads the missing permission from a refusal, with a configurable field", async () => {
    const { c } = client(() => Response.json({ code: "forbidden", needs: "invoices.read" }, { status: 403 }), {
      refusalField: "needs",
      maxBodyBytes: 4096,
    });
    expect(await c.call(entry, { path_params: { invoice_id: "inv_1" } })).toMatchObject({
      status: 403,
      missing_permission: "invoices.read",
    });
  });

  it("gives up after the timeout", async () => {
    const { c } = client(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(Object.assign(new Error("timed out"), { name: "TimeoutError" })));
        }),
    );
    await expect(c.call(entry, { path_params: { invoice_id: "inv_1" } })).rejects.toThrow(/did not answer within 200 ms/);
  });
});
