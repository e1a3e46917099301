import { createServer } from "node:http";
import { createApiDocsHandler } from "./handler.js";
import { loadApiDocsAssets } from "./load-assets.js";

/** `apidex serve`: the api-docs handler on a plain Node server; `/` redirects to the reference page. */
export async function serveApiDocs(
  folder: string,
  options: { port: number; host: string; mount: string },
): Promise<{ port: number; close: () => Promise<void> }> {
  const handler = createApiDocsHandler(loadApiDocsAssets(folder), { mount: options.mount });
  const server = createServer((req, res) => {
    if (req.url === "/" && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(302, { Location: `${options.mount}/` }).end();
      return;
    }
    handler.node(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
