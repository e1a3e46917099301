import { Router } from "express";

/** AI agents acting for the account, and their grants. Closed. */
export const agentRoutes = Router();

agentRoutes.get("/", (_req, res) => {
  res.json({ data: [] });
});
agentRoutes.post("/", (_req, res) => {
  res.status(201).json({ id: "agt_0001" });
});
agentRoutes.delete("/:agent_id", (_req, res) => {
  res.status(204).end();
});
agentRoutes.put("/:agent_id/grants", (_req, res) => {
  res.json({ updated: true });
});
