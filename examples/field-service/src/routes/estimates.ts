import { Router, type Request, type Response } from "express";
import { Perm, requirePermission, requirePermissions } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError } from "../http/errors.js";
import { bodyWith, paginate, text } from "../http/respond.js";
import type { Estimate } from "../models.js";
import { notesRouter } from "./notes.js";

const estimates = Router();

/** Converting needs both sides of the conversion. */
const CONVERT_PERMISSIONS = [Perm.EstimatesWrite, Perm.InvoicesWrite] as const;

/**
 * Get an estimate
 *
 * @documented
 * @scope estimates:read
 * @tag Estimates
 * @example response 200 {"id": "est_0001", "customer_id": "cus_0003", "status": "sent", "total_cents": 98000, "line_items": []}
 */
export function getEstimate(req: Request<{ estimate_id: string }, Estimate>, res: Response<Estimate>) {
  res.json(db(req).estimates.get(req.params.estimate_id));
}

/**
 * Approve an estimate on the customer's behalf
 *
 * Only sent estimates can be approved.
 *
 * @documented
 * @scope estimates:write
 * @tag Estimates
 * @example response 200 {"id": "est_0001", "customer_id": "cus_0003", "status": "approved", "total_cents": 98000, "line_items": []}
 */
export function approveEstimate(req: Request<{ estimate_id: string }, Estimate>, res: Response<Estimate>) {
  const estimate = db(req).estimates.get(req.params.estimate_id);
  if (estimate.status !== "sent") throw new ConflictError("Only sent estimates can be approved.");
  res.json(db(req).estimates.update(estimate.id, { status: "approved" }));
}

estimates
  .route("/")
  /** List estimates */
  .get(requirePermission(Perm.EstimatesRead), (req, res) => {
    res.json(paginate(db(req).estimates.list(), req.query));
  })
  /** Create an estimate */
  .post(requirePermission(Perm.EstimatesWrite), (req, res) => {
    const body = bodyWith(req, "customer_id");
    db(req).customers.get(text(body.customer_id, "customer_id"));
    res
      .status(201)
      .json(db(req).estimates.create({ customer_id: body.customer_id as string, status: "draft", total_cents: 0, line_items: [] }));
  });

estimates
  .route("/:estimate_id")
  .get(requirePermission(Perm.EstimatesRead), getEstimate)
  /** Update a draft estimate */
  .patch(requirePermission(Perm.EstimatesWrite), (req, res) => {
    const body = bodyWith(req);
    res.json(
      db(req).estimates.update(req.params.estimate_id, {
        ...(typeof body.total_cents === "number" ? { total_cents: body.total_cents } : {}),
      }),
    );
  })
  /** Delete an estimate */
  .delete(requirePermission(Perm.EstimatesDelete), (req, res) => {
    db(req).estimates.remove(req.params.estimate_id);
    res.status(204).end();
  });

/** Send an estimate to the customer */
estimates.post("/:estimate_id/send", requirePermission(Perm.EstimatesSend), (req, res) => {
  res.json(db(req).estimates.update(req.params.estimate_id, { status: "sent" }));
});
estimates.post("/:estimate_id/approve", requirePermission(Perm.EstimatesApprove), approveEstimate);
/** Record that the customer declined an estimate */
estimates.post("/:estimate_id/decline", requirePermission(Perm.EstimatesApprove), (req, res) => {
  res.json(db(req).estimates.update(req.params.estimate_id, { status: "declined" }));
});

/** Convert an approved estimate into a draft invoice */
estimates.post("/:estimate_id/convert", requirePermissions(CONVERT_PERMISSIONS), (req, res) => {
  const data = db(req);
  const estimate = data.estimates.get(req.params.estimate_id);
  if (estimate.status !== "approved") throw new ConflictError("Only approved estimates can be converted.");
  data.estimates.update(estimate.id, { status: "converted" });
  const invoice = data.invoices.create({
    customer_id: estimate.customer_id,
    work_order_id: null,
    status: "draft",
    currency: "USD",
    total_cents: estimate.total_cents,
    due_date: null,
    line_items: estimate.line_items,
    sent_at: null,
  });
  res.status(201).json(invoice);
});

/** Download an estimate as PDF */
estimates.get("/:estimate_id/pdf", requirePermission(Perm.EstimatesRead), (req, res) => {
  res.type("application/pdf").send(Buffer.from(`%PDF-1.4\n% estimate ${db(req).estimates.get(req.params.estimate_id).id}\n`));
});

estimates.use("/:estimate_id/notes", notesRouter("estimates", "estimate_id"));

export { estimates as estimatesRouter };
