import { Router, type Request, type Response } from "express";
import { assertPermission, Perm, Permissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError, ValidationError } from "../http/errors.js";
import { bodyWith, paginate, text } from "../http/respond.js";
import type { Payment } from "../models.js";

export const paymentsRouter = Router();

export interface RefundBody {
  /** Amount to refund in cents; the whole remaining amount when omitted. */
  amount_cents?: number;
  reason?: string;
}

/**
 * Refund a payment
 *
 * Sends the money back to the payer. Refunds cannot be reversed.
 *
 * @documented
 * @scope payments:write
 * @destructive
 * @tag Payments
 * @example request {"amount_cents": 2500, "reason": "Partial service"}
 * @example response 200 {"id": "pay_0001", "invoice_id": "inv_0002", "amount_cents": 12500, "method": "card", "status": "partially_refunded", "refunded_cents": 2500}
 */
export function refundPayment(req: Request<{ payment_id: string }, Payment, RefundBody>, res: Response<Payment>) {
  assertPermission(req, Perm.PaymentsRefund);
  const body = bodyWith(req);
  const payment = db(req).payments.get(req.params.payment_id);
  const remaining = payment.amount_cents - payment.refunded_cents;
  const amount = body.amount_cents === undefined ? remaining : body.amount_cents;
  if (typeof amount !== "number" || amount <= 0) throw new ValidationError("amount_cents must be a positive number.");
  if (amount > remaining) throw new ConflictError(`At most ${remaining} cents can still be refunded.`);
  const refunded = payment.refunded_cents + amount;
  res.json(
    db(req).payments.update(payment.id, {
      refunded_cents: refunded,
      status: refunded === payment.amount_cents ? "refunded" : "partially_refunded",
    }),
  );
}

/** List payments */
paymentsRouter.get("/", requirePermission(Perm.PaymentsRead), (req, res) => {
  res.json(paginate(db(req).payments.list(), req.query));
});

/** Record a payment against an invoice */
paymentsRouter.post("/", requirePermission(Perm.PaymentsWrite, Perm.InvoicesRead), (req, res) => {
  const body = bodyWith(req, "invoice_id", "amount_cents");
  db(req).invoices.get(text(body.invoice_id, "invoice_id"));
  if (typeof body.amount_cents !== "number") throw new ValidationError("amount_cents must be a number.");
  res.status(201).json(
    db(req).payments.create({
      invoice_id: body.invoice_id as string,
      amount_cents: body.amount_cents,
      method: "card",
      status: "succeeded",
      refunded_cents: 0,
    }),
  );
});

/** Get a payment */
paymentsRouter.get("/:payment_id", requirePermission(Perm.PaymentsRead), (req, res) => {
  res.json(db(req).payments.get(req.params.payment_id));
});

paymentsRouter.post("/:payment_id/refund", requirePermission(Perm.PaymentsWrite), refundPayment);

/** List the refunds of a payment */
paymentsRouter.get("/:payment_id/refunds", requirePermission(Perm.PaymentsRead), (req, res) => {
  const payment = db(req).payments.get(req.params.payment_id);
  res.json({ data: payment.refunded_cents ? [{ amount_cents: payment.refunded_cents }] : [] });
});

/** Get the receipt of a payment */
paymentsRouter.get("/:payment_id/receipt", requirePermission(Perm.PaymentsRead), (req, res) => {
  const payment = db(req).payments.get(req.params.payment_id);
  res.json({ payment_id: payment.id, text: `Received ${payment.amount_cents} cents by ${payment.method}.` });
});

/** Saved payment methods of one customer, mounted at /v1/customers/:customer_id/payment-methods. */
export const paymentMethodsRouter = Router({ mergeParams: true });

/** List a customer's saved payment methods */
paymentMethodsRouter.get("/", requirePermission(Permissions.CustomersRead, Perm.PaymentsRead), (req, res) => {
  const { customer_id } = req.params as { customer_id: string };
  db(req).customers.get(customer_id);
  res.json({ data: [{ id: "pm_1", brand: "visa", last4: "4242" }] });
});

/** Save a payment method for a customer */
paymentMethodsRouter.post("/", requirePermission(Permissions.CustomersRead, Perm.PaymentsWrite), (req, res) => {
  const body = bodyWith(req, "token");
  res.status(201).json({ id: `pm_${text(body.token, "token").slice(0, 6)}`, brand: "visa", last4: "4242" });
});

/** Remove a saved payment method */
paymentMethodsRouter.delete("/:payment_method_id", requirePermission(Permissions.CustomersRead, Perm.PaymentsWrite), (_req, res) => {
  res.status(204).end();
});
