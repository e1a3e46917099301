import { Router } from "express";

/** Managing API keys. A key must never mint or widen keys: closed. */
export const apiKeyRoutes = Router();

apiKeyRoutes
  .route("/")
  .get((_req, res) => {
    res.json({ data: [] });
  })
  .post((_req, res) => {
    res.status(201).json({ key: "created-in-dashboard" });
  });
apiKeyRoutes.delete("/:key_id", (_req, res) => {
  res.status(204).end();
});
apiKeyRoutes.post("/:key_id/roll", (_req, res) => {
  res.json({ rolled: true });
});
apiKeyRoutes.patch("/:key_id/permissions", (_req, res) => {
  res.json({ updated: true });
});
