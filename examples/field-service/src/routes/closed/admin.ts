import { Router } from "express";

/** Platform administration (our staff, across tenants). Closed. */
export const adminRoutes = Router();

adminRoutes.get("/tenants", (_req, res) => {
  res.json({ data: [] });
});
adminRoutes.get("/tenants/:tenant_id", (req, res) => {
  res.json({ id: req.params.tenant_id });
});
adminRoutes.post("/tenants/:tenant_id/suspend", (_req, res) => {
  res.status(202).json({ suspended: true });
});
adminRoutes.post("/impersonate", (_req, res) => {
  res.status(403).json({ error: "forbidden" });
});
