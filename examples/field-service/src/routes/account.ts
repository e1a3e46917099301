import { Router } from "express";
import { keyOf, requirePermission, sessionOnly } from "../auth/index.js";
import { bodyWith } from "../http/respond.js";

/** The account (the field-service business) and the calling key itself. */
export const accountRouter = Router();

const ACCOUNT = { name: "FieldCo Services", timezone: "America/Los_Angeles", currency: "USD" };

/**
 * Describe the calling API key: its name and permissions
 * @public any valid key may ask what it is allowed to do
 */
accountRouter.get("/me", (req, res) => {
  const key = keyOf(req);
  res.json({ key_name: key?.name ?? null, permissions: [...(key?.permissions ?? [])].sort() });
});

/** Get the account's settings */
accountRouter.get("/account", requirePermission("account.read"), (_req, res) => {
  res.json(ACCOUNT);
});

/** Change the account's settings */
accountRouter.patch("/account", requirePermission("account.write"), (req, res) => {
  const body = bodyWith(req);
  res.json({ ...ACCOUNT, ...(typeof body.timezone === "string" ? { timezone: body.timezone } : {}) });
});

/** Get this month's API usage */
accountRouter.get("/account/usage", requirePermission("account.read"), (_req, res) => {
  res.json({ month: "2026-11", requests: 1234 });
});

/**
 * Transfer ownership of the account to another team member
 *
 * Only the owner can do this, from the dashboard.
 *
 * @closed
 */
accountRouter.post("/account/transfer-ownership", sessionOnly, (_req, res) => {
  res.status(202).json({ pending: true });
});
