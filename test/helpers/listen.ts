import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Starts an app (Express, or any `listen`-able) on 127.0.0.1 at a port chosen at run time. */
export async function listenOnLoopback(app: {
  listen: (port: number, host: string) => Server;
}): Promise<{ base: string; close: () => Promise<void> }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
