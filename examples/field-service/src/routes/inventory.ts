import { Router, type Request, type Response } from "express";
import { requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError, ValidationError } from "../http/errors.js";
import { bodyWith, paginate, text } from "../http/respond.js";
import type { InventoryItem, ListQuery, Page } from "../models.js";

/** Inventory uses plain string keys, as older route files often do. */
const inventory = Router();

/**
 * List inventory items
 *
 * Items with their quantity on hand, optionally in one warehouse.
 *
 * @documented
 * @scope inventory:read
 * @tag Inventory
 * @example response 200 {"data": [{"id": "itm_0001", "sku": "FLT-2025", "name": "Filter 20x25", "quantity_on_hand": 40, "warehouse_id": "wh_0001"}], "has_more": false, "next_cursor": null}
 */
export function listItems(
  req: Request<Record<string, never>, Page<InventoryItem>, unknown, ListQuery & { warehouse_id?: string }>,
  res: Response<Page<InventoryItem>>,
) {
  const warehouse = req.query.warehouse_id;
  res.json(
    paginate(
      db(req).inventory.list((i) => !warehouse || i.warehouse_id === warehouse),
      req.query,
    ),
  );
}

inventory.get("/items", requirePermission("inventory.read"), listItems);

/** Add an inventory item */
inventory.post("/items", requirePermission("inventory.write"), (req, res) => {
  const body = bodyWith(req, "sku", "name");
  res.status(201).json(
    db(req).inventory.create({
      sku: text(body.sku, "sku"),
      name: text(body.name, "name"),
      quantity_on_hand: 0,
      warehouse_id: typeof body.warehouse_id === "string" ? body.warehouse_id : "wh_0001",
    }),
  );
});

/** Get an inventory item */
inventory.get("/items/:item_id", requirePermission("inventory.read"), (req, res) => {
  res.json(db(req).inventory.get(req.params.item_id));
});

/** Update an inventory item */
inventory.patch("/items/:item_id", requirePermission("inventory.write"), (req, res) => {
  const body = bodyWith(req);
  res.json(db(req).inventory.update(req.params.item_id, { ...(typeof body.name === "string" ? { name: body.name } : {}) }));
});

/** Delete an inventory item */
inventory.delete("/items/:item_id", requirePermission("inventory.write"), (req, res) => {
  db(req).inventory.remove(req.params.item_id);
  res.status(204).end();
});

/** Adjust the stock of an item after a count */
inventory.post("/items/:item_id/adjust", requirePermission("inventory.write", "inventory.adjust"), (req, res) => {
  const body = bodyWith(req, "delta");
  if (typeof body.delta !== "number") throw new ValidationError("delta must be a number.");
  const item = db(req).inventory.get(req.params.item_id);
  if (item.quantity_on_hand + body.delta < 0) throw new ConflictError("Stock cannot go below zero.");
  res.json(db(req).inventory.update(item.id, { quantity_on_hand: item.quantity_on_hand + body.delta }));
});

/** List the stock movements of an item */
inventory.get("/items/:item_id/movements", requirePermission("inventory.read"), (req, res) => {
  db(req).inventory.get(req.params.item_id);
  res.json({ data: [] });
});

inventory
  .route("/transfers")
  /** List stock transfers between warehouses */
  .get(requirePermission("inventory.read"), (_req, res) => {
    res.json({ data: [] });
  })
  /** Move stock between warehouses */
  .post(requirePermission("inventory.write", "inventory.transfer"), (req, res) => {
    const body = bodyWith(req, "item_id", "to_warehouse_id");
    const item = db(req).inventory.get(text(body.item_id, "item_id"));
    db(req).warehouses.get(text(body.to_warehouse_id, "to_warehouse_id"));
    res.status(201).json(db(req).inventory.update(item.id, { warehouse_id: body.to_warehouse_id as string }));
  });

inventory
  .route("/warehouses")
  /** List warehouses */
  .get(requirePermission("inventory.read"), (req, res) => {
    res.json(paginate(db(req).warehouses.list(), req.query));
  })
  /** Add a warehouse */
  .post(requirePermission("inventory.write"), (req, res) => {
    const body = bodyWith(req, "name");
    res.status(201).json(db(req).warehouses.create({ name: text(body.name, "name") }));
  });

inventory
  .route("/warehouses/:warehouse_id")
  /** Get a warehouse */
  .get(requirePermission("inventory.read"), (req, res) => {
    res.json(db(req).warehouses.get(req.params.warehouse_id));
  })
  /** Rename a warehouse */
  .patch(requirePermission("inventory.write"), (req, res) => {
    const body = bodyWith(req, "name");
    res.json(db(req).warehouses.update(req.params.warehouse_id, { name: text(body.name, "name") }));
  })
  /** Delete an empty warehouse */
  .delete(requirePermission("inventory.write"), (req, res) => {
    if (db(req).inventory.list((i) => i.warehouse_id === req.params.warehouse_id).length)
      throw new ConflictError("The warehouse still holds items.");
    db(req).warehouses.remove(req.params.warehouse_id);
    res.status(204).end();
  });

/** List items below their reorder point */
inventory.get("/low-stock", requirePermission("inventory.read"), (req, res) => {
  res.json(
    paginate(
      db(req).inventory.list((i) => i.quantity_on_hand < 5),
      req.query,
    ),
  );
});

export default inventory;
