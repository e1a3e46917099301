import { Router, type Request, type Response } from "express";
import { assertPermission, Permissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError, ValidationError } from "../http/errors.js";
import { bodyWith, now, paginate, text } from "../http/respond.js";
import type { LineItem, ListQuery, Page, WorkOrder, WorkOrderStatus } from "../models.js";
import { attachmentsRouter } from "./attachments.js";
import { notesRouter } from "./notes.js";

const router = Router();
const read = requirePermission(Permissions.WorkOrdersRead);
const write = requirePermission(Permissions.WorkOrdersWrite);

export interface CreateWorkOrderBody {
  customer_id: string;
  title: string;
  scheduled_for?: string | null;
}

export interface AssignBody {
  technician_id: string;
}

/**
 * List work orders
 *
 * @documented
 * @scope work_orders:read
 * @tag Work orders
 * @example response 200 {"data": [{"id": "wo_0002", "customer_id": "cus_0002", "title": "Leaking sink", "status": "open", "technician_id": null, "scheduled_for": null, "line_items": [], "created_at": "2026-11-10T16:20:00.000Z"}], "has_more": false, "next_cursor": null}
 */
export function listWorkOrders(
  req: Request<Record<string, never>, Page<WorkOrder>, unknown, ListQuery & { status?: WorkOrderStatus }>,
  res: Response<Page<WorkOrder>>,
) {
  const status = req.query.status;
  res.json(
    paginate(
      db(req).workOrders.list((w) => !status || w.status === status),
      req.query,
    ),
  );
}

/**
 * Create a work order
 *
 * @documented
 * @scope work_orders:write
 * @tag Work orders
 * @example request {"customer_id": "cus_0001", "title": "Annual boiler service"}
 */
export function createWorkOrder(req: Request<Record<string, never>, WorkOrder, CreateWorkOrderBody>, res: Response<WorkOrder>) {
  const body = bodyWith(req, "customer_id", "title");
  db(req).customers.get(text(body.customer_id, "customer_id"));
  const workOrder = db(req).workOrders.create({
    customer_id: body.customer_id as string,
    title: text(body.title, "title"),
    status: "open",
    technician_id: null,
    scheduled_for: typeof body.scheduled_for === "string" ? body.scheduled_for : null,
    line_items: [],
    created_at: now(),
  });
  res.status(201).json(workOrder);
}

/**
 * Get a work order
 *
 * @documented
 * @scope work_orders:read
 * @tag Work orders
 * @example response 200 {"id": "wo_0001", "customer_id": "cus_0001", "title": "Replace HVAC filter", "status": "scheduled", "technician_id": "tec_0001", "scheduled_for": "2026-11-24T10:00:00.000Z", "line_items": [{"id": "li_1", "description": "Filter 20x25", "quantity": 2, "unit_price_cents": 2400}], "created_at": "2026-11-01T10:00:00.000Z"}
 */
export function getWorkOrder(req: Request<{ work_order_id: string }, WorkOrder>, res: Response<WorkOrder>) {
  res.json(db(req).workOrders.get(req.params.work_order_id));
}

/**
 * Assign a technician to a work order
 *
 * The technician must be active. Assigning again replaces the previous technician.
 *
 * @documented
 * @scope work_orders:write
 * @tag Work orders
 * @example request {"technician_id": "tec_0002"}
 */
export function assignWorkOrder(req: Request<{ work_order_id: string }, WorkOrder, AssignBody>, res: Response<WorkOrder>) {
  const body = bodyWith(req, "technician_id");
  const technician = db(req).technicians.get(text(body.technician_id, "technician_id"));
  if (!technician.active) throw new ConflictError("The technician is not active.");
  res.json(db(req).workOrders.update(req.params.work_order_id, { technician_id: technician.id, status: "scheduled" }));
}

/**
 * Complete a work order
 *
 * Marks the job done. An invoice can then be created from it.
 *
 * @documented
 * @scope work_orders:write
 * @tag Work orders
 * @example response 200 {"id": "wo_0001", "customer_id": "cus_0001", "title": "Replace HVAC filter", "status": "completed", "technician_id": "tec_0001", "scheduled_for": "2026-11-24T10:00:00.000Z", "line_items": [], "created_at": "2026-11-01T10:00:00.000Z"}
 */
export function completeWorkOrder(req: Request<{ work_order_id: string }, WorkOrder>, res: Response<WorkOrder>) {
  assertPermission(req, Permissions.WorkOrdersComplete);
  const order = db(req).workOrders.get(req.params.work_order_id);
  if (order.status === "cancelled") throw new ConflictError("A cancelled work order cannot be completed.");
  res.json(db(req).workOrders.update(order.id, { status: "completed" }));
}

function setStatus(status: WorkOrderStatus) {
  return (req: Request<{ work_order_id: string }>, res: Response) => {
    res.json(db(req).workOrders.update(req.params.work_order_id, { status }));
  };
}

router.get("/", read, listWorkOrders);
router.post("/", write, createWorkOrder);
router.get("/:work_order_id", read, getWorkOrder);

/** Update a work order's title or schedule */
router.patch("/:work_order_id", write, (req, res) => {
  const body = bodyWith(req);
  res.json(
    db(req).workOrders.update(req.params.work_order_id, {
      ...(typeof body.title === "string" ? { title: body.title } : {}),
      ...(typeof body.scheduled_for === "string" ? { scheduled_for: body.scheduled_for } : {}),
    }),
  );
});

/** Delete a work order */
router.delete("/:work_order_id", requirePermission(Permissions.WorkOrdersDelete), (req, res) => {
  db(req).workOrders.remove(req.params.work_order_id);
  res.status(204).end();
});

router.post("/:work_order_id/assign", write, requirePermission(Permissions.WorkOrdersAssign), assignWorkOrder);

/** Remove the technician from a work order */
router.post("/:work_order_id/unassign", write, requirePermission(Permissions.WorkOrdersAssign), (req, res) => {
  res.json(db(req).workOrders.update(req.params.work_order_id, { technician_id: null, status: "open" }));
});

/** Start work on a work order */
router.post("/:work_order_id/start", write, setStatus("in_progress"));
router.post("/:work_order_id/complete", write, completeWorkOrder);
/** Cancel a work order */
router.post("/:work_order_id/cancel", write, setStatus("cancelled"));
/** Reopen a cancelled or completed work order */
router.post("/:work_order_id/reopen", write, setStatus("open"));

/** Show the status history of a work order */
router.get("/:work_order_id/history", read, (req, res) => {
  const order = db(req).workOrders.get(req.params.work_order_id);
  res.json({ data: [{ status: order.status, at: order.created_at }] });
});

router
  .route("/:work_order_id/line-items")
  /** List a work order's line items */
  .get(read, (req, res) => {
    res.json({ data: db(req).workOrders.get(req.params.work_order_id).line_items });
  })
  /** Add a line item to a work order */
  .post(write, (req, res) => {
    const body = bodyWith(req, "description", "quantity", "unit_price_cents");
    if (typeof body.quantity !== "number" || typeof body.unit_price_cents !== "number")
      throw new ValidationError("quantity and unit_price_cents must be numbers.");
    const order = db(req).workOrders.get(req.params.work_order_id);
    const item: LineItem = {
      id: `li_${order.line_items.length + 1}`,
      description: text(body.description, "description"),
      quantity: body.quantity,
      unit_price_cents: body.unit_price_cents,
    };
    db(req).workOrders.update(order.id, { line_items: [...order.line_items, item] });
    res.status(201).json(item);
  });

router
  .route("/:work_order_id/line-items/:line_item_id")
  /** Change a line item of a work order */
  .patch(write, (req, res) => {
    const body = bodyWith(req);
    const order = db(req).workOrders.get(req.params.work_order_id);
    const items = order.line_items.map((li) =>
      li.id === req.params.line_item_id && typeof body.quantity === "number" ? { ...li, quantity: body.quantity } : li,
    );
    res.json(db(req).workOrders.update(order.id, { line_items: items }));
  })
  /** Remove a line item from a work order */
  .delete(write, (req, res) => {
    const order = db(req).workOrders.get(req.params.work_order_id);
    db(req).workOrders.update(order.id, { line_items: order.line_items.filter((li) => li.id !== req.params.line_item_id) });
    res.status(204).end();
  });

router.use("/:work_order_id/notes", notesRouter("work_orders", "work_order_id"));
router.use("/:work_order_id/attachments", attachmentsRouter("work_orders", "work_order_id"));

export default router;
