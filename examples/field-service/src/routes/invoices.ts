import express, { type Request, type Response } from "express";
import { assertPermission, Perm, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError, ValidationError } from "../http/errors.js";
import { bodyWith, now, paginate, text } from "../http/respond.js";
import type { Invoice, InvoiceStatus, ListQuery, Page, Payment } from "../models.js";

const invoices = express.Router();

export interface CreateInvoiceBody {
  customer_id: string;
  work_order_id?: string | null;
  currency?: string;
  due_date?: string | null;
}

export interface SendInvoiceBody {
  /** Send to this address instead of the customer's email. */
  to?: string;
  message?: string;
}

export interface VoidInvoiceBody {
  reason: string;
}

/**
 * List invoices
 *
 * @documented
 * @scope invoices:read
 * @tag Invoices
 * @example response 200 {"data": [{"id": "inv_0001", "customer_id": "cus_0001", "work_order_id": "wo_0001", "status": "draft", "currency": "USD", "total_cents": 4800, "due_date": "2026-12-01", "line_items": [], "sent_at": null}], "has_more": false, "next_cursor": null}
 */
function listInvoices(
  req: Request<Record<string, never>, Page<Invoice>, unknown, ListQuery & { status?: InvoiceStatus }>,
  res: Response<Page<Invoice>>,
) {
  const status = req.query.status;
  res.json(
    paginate(
      db(req).invoices.list((i) => !status || i.status === status),
      req.query,
    ),
  );
}

/**
 * Create an invoice
 *
 * Creates a draft. Line items are copied from the work order when one is given.
 *
 * @documented
 * @scope invoices:write
 * @tag Invoices
 * @example request {"customer_id": "cus_0001", "work_order_id": "wo_0001", "due_date": "2026-12-15"}
 */
function createInvoice(req: Request<Record<string, never>, Invoice, CreateInvoiceBody>, res: Response<Invoice>) {
  const body = bodyWith(req, "customer_id");
  const data = db(req);
  data.customers.get(text(body.customer_id, "customer_id"));
  const workOrder = typeof body.work_order_id === "string" ? data.workOrders.get(body.work_order_id) : undefined;
  const lineItems = workOrder?.line_items ?? [];
  const invoice = data.invoices.create({
    customer_id: body.customer_id as string,
    work_order_id: workOrder?.id ?? null,
    status: "draft",
    currency: typeof body.currency === "string" ? body.currency : "USD",
    total_cents: lineItems.reduce((sum, li) => sum + li.quantity * li.unit_price_cents, 0),
    due_date: typeof body.due_date === "string" ? body.due_date : null,
    line_items: lineItems,
    sent_at: null,
  });
  res.status(201).json(invoice);
}

/**
 * Get an invoice
 *
 * @documented
 * @scope invoices:read
 * @tag Invoices
 * @example response 200 {"id": "inv_0001", "customer_id": "cus_0001", "work_order_id": "wo_0001", "status": "draft", "currency": "USD", "total_cents": 4800, "due_date": "2026-12-01", "line_items": [{"id": "li_1", "description": "Filter 20x25", "quantity": 2, "unit_price_cents": 2400}], "sent_at": null}
 */
function getInvoice(req: Request<{ invoice_id: string }, Invoice>, res: Response<Invoice>) {
  res.json(db(req).invoices.get(req.params.invoice_id));
}

/**
 * Send an invoice to the customer
 *
 * Emails the invoice as a PDF and marks it sent. Sending again re-sends the same invoice.
 *
 * @documented
 * @scope invoices:write
 * @tag Invoices
 * @example request {"to": "billing@harbordental.example", "message": "Thanks for your business."}
 */
function sendInvoice(req: Request<{ invoice_id: string }, Invoice, SendInvoiceBody>, res: Response<Invoice>) {
  const invoice = db(req).invoices.get(req.params.invoice_id);
  if (invoice.status === "void") throw new ConflictError("A void invoice cannot be sent.");
  res.json(db(req).invoices.update(invoice.id, { status: invoice.status === "paid" ? "paid" : "sent", sent_at: now() }));
}

/**
 * Void an invoice
 *
 * A void invoice can no longer be paid or sent, and cannot be un-voided.
 *
 * @documented
 * @scope invoices:write
 * @destructive
 * @tag Invoices
 * @example request {"reason": "Duplicate of inv_0007"}
 */
function voidInvoice(req: Request<{ invoice_id: string }, Invoice, VoidInvoiceBody>, res: Response<Invoice>) {
  assertPermission(req, Perm.InvoicesVoid);
  const body = bodyWith(req, "reason");
  text(body.reason, "reason");
  const invoice = db(req).invoices.get(req.params.invoice_id);
  if (invoice.status === "paid") throw new ConflictError("A paid invoice cannot be voided; refund the payment instead.");
  res.json(db(req).invoices.update(invoice.id, { status: "void" }));
}

invoices.route("/").get(requirePermission(Perm.InvoicesRead), listInvoices).post(requirePermission(Perm.InvoicesWrite), createInvoice);

invoices
  .route("/:invoice_id")
  .get(requirePermission(Perm.InvoicesRead), getInvoice)
  /** Update a draft invoice */
  .patch(requirePermission(Perm.InvoicesWrite), (req, res) => {
    const body = bodyWith(req);
    const invoice = db(req).invoices.get(req.params.invoice_id);
    if (invoice.status !== "draft") throw new ConflictError("Only draft invoices can be changed.");
    res.json(db(req).invoices.update(invoice.id, { ...(typeof body.due_date === "string" ? { due_date: body.due_date } : {}) }));
  })
  /** Delete a draft invoice */
  .delete(requirePermission(Perm.InvoicesDelete), (req, res) => {
    const invoice = db(req).invoices.get(req.params.invoice_id);
    if (invoice.status !== "draft") throw new ConflictError("Only draft invoices can be deleted; void the others.");
    db(req).invoices.remove(invoice.id);
    res.status(204).end();
  });

invoices.post("/:invoice_id/send", requirePermission(Perm.InvoicesWrite, Perm.InvoicesSend), sendInvoice);
invoices.post("/:invoice_id/void", requirePermission(Perm.InvoicesWrite), voidInvoice);

/** Record that an invoice was paid outside the API */
invoices.post("/:invoice_id/mark-paid", requirePermission(Perm.InvoicesWrite), (req, res) => {
  assertPermission(req, Perm.PaymentsWrite);
  res.json(db(req).invoices.update(req.params.invoice_id, { status: "paid" }));
});

/** Send a payment reminder for an invoice */
invoices.post("/:invoice_id/remind", requirePermission(Perm.InvoicesSend), (req, res) => {
  const invoice = db(req).invoices.get(req.params.invoice_id);
  if (invoice.status !== "sent") throw new ConflictError("Only sent, unpaid invoices get reminders.");
  res.status(202).json({ queued: true });
});

/** Download an invoice as PDF */
invoices.get("/:invoice_id/pdf", requirePermission(Perm.InvoicesRead), (req, res) => {
  const invoice = db(req).invoices.get(req.params.invoice_id);
  res.type("application/pdf").send(Buffer.from(`%PDF-1.4\n% invoice ${invoice.id}\n`));
});

/** List the payments of an invoice */
invoices.get("/:invoice_id/payments", requirePermission(Perm.InvoicesRead, Perm.PaymentsRead), (req, res) => {
  const rows: Payment[] = db(req).payments.list((p) => p.invoice_id === req.params.invoice_id);
  res.json(paginate(rows, req.query));
});

/** Add a line item to a draft invoice */
invoices.post("/:invoice_id/line-items", requirePermission(Perm.InvoicesWrite), (req, res) => {
  const body = bodyWith(req, "description", "quantity", "unit_price_cents");
  if (typeof body.quantity !== "number" || typeof body.unit_price_cents !== "number")
    throw new ValidationError("quantity and unit_price_cents must be numbers.");
  const invoice = db(req).invoices.get(req.params.invoice_id);
  const item = {
    id: `li_${invoice.line_items.length + 1}`,
    description: text(body.description, "description"),
    quantity: body.quantity,
    unit_price_cents: body.unit_price_cents,
  };
  res.status(201).json(
    db(req).invoices.update(invoice.id, {
      line_items: [...invoice.line_items, item],
      total_cents: invoice.total_cents + item.quantity * item.unit_price_cents,
    }),
  );
});

/** Remove a line item from a draft invoice */
invoices.delete("/:invoice_id/line-items/:line_item_id", requirePermission(Perm.InvoicesWrite), (req, res) => {
  const invoice = db(req).invoices.get(req.params.invoice_id);
  db(req).invoices.update(invoice.id, { line_items: invoice.line_items.filter((li) => li.id !== req.params.line_item_id) });
  res.status(204).end();
});

/** Copy an invoice into a new draft */
invoices.post("/:invoice_id/duplicate", requirePermission(Perm.InvoicesRead, Perm.InvoicesWrite), (req, res) => {
  const { id: _id, ...rest } = db(req).invoices.get(req.params.invoice_id);
  res.status(201).json(db(req).invoices.create({ ...rest, status: "draft", sent_at: null }));
});

export default invoices;
