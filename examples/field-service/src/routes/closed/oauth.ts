import { Router } from "express";
import { sessionOnly } from "../../auth/index.js";

/** The OAuth endpoints third-party apps use. Closed to API keys. */
const oauth = Router();
oauth.use(sessionOnly);

oauth.get("/authorize", (_req, res) => {
  res.json({ consent: "required" });
});
oauth.post("/token", (_req, res) => {
  res.json({ access_token: "issued-by-session" });
});
oauth.post("/revoke", (_req, res) => {
  res.status(204).end();
});

export default oauth;
