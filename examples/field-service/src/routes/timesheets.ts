import { Router } from "express";
import { assertPermission, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError } from "../http/errors.js";
import { crud } from "../http/crud.js";
import { bodyWith, text } from "../http/respond.js";

const READ = ["timesheets.read"] as const;
const WRITE = [...READ, "timesheets.write"] as const;

const timesheets = Router();

/** List timesheets */
timesheets.get("/", requirePermission(...READ), crud.list("timesheets"));

/** Start a timesheet for a technician's week */
timesheets.post("/", requirePermission(...WRITE), (req, res) => {
  const body = bodyWith(req, "technician_id", "week_of");
  db(req).technicians.get(text(body.technician_id, "technician_id"));
  res.status(201).json(
    db(req).timesheets.create({
      technician_id: body.technician_id as string,
      week_of: text(body.week_of, "week_of"),
      hours: 0,
      status: "open",
    }),
  );
});

/** Get a timesheet */
timesheets.get("/:timesheet_id", requirePermission(...READ), crud.get("timesheets", "timesheet_id"));

/** Change the hours on an open timesheet */
timesheets.patch("/:timesheet_id", requirePermission(...WRITE), (req, res) => {
  const body = bodyWith(req, "hours");
  const sheet = db(req).timesheets.get(req.params.timesheet_id);
  if (sheet.status !== "open") throw new ConflictError("Only open timesheets can change.");
  res.json(db(req).timesheets.update(sheet.id, { hours: Number(body.hours) }));
});

/** Submit a timesheet for approval */
timesheets.post("/:timesheet_id/submit", requirePermission(...WRITE), (req, res) => {
  res.json(db(req).timesheets.update(req.params.timesheet_id, { status: "submitted" }));
});

/** Approve a submitted timesheet */
timesheets.post("/:timesheet_id/approve", (req, res) => {
  assertPermission(req, "timesheets.read", "timesheets.approve");
  const sheet = db(req).timesheets.get(req.params.timesheet_id);
  if (sheet.status !== "submitted") throw new ConflictError("Only submitted timesheets can be approved.");
  res.json(db(req).timesheets.update(sheet.id, { status: "approved" }));
});

/** Delete an open timesheet */
timesheets.delete("/:timesheet_id", requirePermission(...WRITE), crud.remove("timesheets", "timesheet_id"));

export default timesheets;
