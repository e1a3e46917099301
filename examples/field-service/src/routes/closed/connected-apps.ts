import { Router } from "express";

/** Third-party apps connected through OAuth. Closed. */
export const connectedAppRoutes = Router();

connectedAppRoutes.get("/", (_req, res) => {
  res.json({ data: [] });
});
connectedAppRoutes.get("/:app_id", (req, res) => {
  res.json({ id: req.params.app_id });
});
connectedAppRoutes.post("/:app_id/revoke", (_req, res) => {
  res.status(204).end();
});
