import { Router } from "express";
import { requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ValidationError } from "../http/errors.js";
import { crud } from "../http/crud.js";
import { bodyWith, text } from "../http/respond.js";

const WEBHOOKS_READ = "webhooks.read";
const WEBHOOKS_WRITE = "webhooks.write";

const webhooks = Router();

/** List webhook subscriptions */
webhooks.get("/", requirePermission(WEBHOOKS_READ), crud.list("webhooks"));

/** Subscribe a URL to events */
webhooks.post("/", requirePermission(WEBHOOKS_WRITE), (req, res) => {
  const body = bodyWith(req, "url", "events");
  const url = text(body.url, "url");
  if (!/^https:\/\//.test(url)) throw new ValidationError("Webhook URLs must use https.");
  res.status(201).json(db(req).webhooks.create({ url, events: Array.isArray(body.events) ? body.events.map(String) : [], active: true }));
});

/** Get a webhook subscription */
webhooks.get("/:webhook_id", requirePermission(WEBHOOKS_READ), crud.get("webhooks", "webhook_id"));

/** Change a webhook subscription */
webhooks.patch("/:webhook_id", requirePermission(WEBHOOKS_WRITE), (req, res) => {
  const body = bodyWith(req);
  res.json(db(req).webhooks.update(req.params.webhook_id, { ...(typeof body.active === "boolean" ? { active: body.active } : {}) }));
});

/** Delete a webhook subscription */
webhooks.delete("/:webhook_id", requirePermission(WEBHOOKS_WRITE), crud.remove("webhooks", "webhook_id"));

/** Send a test event to a webhook */
webhooks.post("/:webhook_id/test", requirePermission(WEBHOOKS_WRITE), (req, res) => {
  db(req).webhooks.get(req.params.webhook_id);
  res.status(202).json({ queued: true });
});

/** List recent deliveries of a webhook */
webhooks.get("/:webhook_id/deliveries", requirePermission(WEBHOOKS_READ), (req, res) => {
  db(req).webhooks.get(req.params.webhook_id);
  res.json({ data: [] });
});

/** Deliver an event to a webhook again */
webhooks.post("/:webhook_id/deliveries/:delivery_id/redeliver", requirePermission(WEBHOOKS_WRITE), (req, res) => {
  db(req).webhooks.get(req.params.webhook_id);
  res.status(202).json({ queued: true, delivery_id: req.params.delivery_id });
});

/** Rotate a webhook's signing secret */
webhooks.post("/:webhook_id/rotate-secret", requirePermission(WEBHOOKS_WRITE), (req, res) => {
  db(req).webhooks.get(req.params.webhook_id);
  res.json({ secret: "whsec_rotated" });
});

export default webhooks;
