import { createApp } from "./app.js";

const port = Number(process.env.PORT ?? 4100);
const host = process.env.HOST ?? "127.0.0.1";

const app = createApp();
const server = app.listen(port, host, () => {
  const address = server.address();
  const where = typeof address === "object" && address ? `http://${address.address}:${address.port}` : String(address);
  process.stdout.write(`field-service listening on ${where}\n  try: curl -H 'Authorization: Bearer fsk_demo_full' ${where}/v1/customers\n`);
});
