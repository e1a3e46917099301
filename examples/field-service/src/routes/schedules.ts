import { Router, type Request, type Response } from "express";
import { Permissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { ConflictError } from "../http/errors.js";
import { bodyWith, paginate, text } from "../http/respond.js";
import type { Appointment, ListQuery, Page } from "../models.js";

const schedules = Router();

// Every scheduling route reads the schedule; writes add schedules.write.
schedules.use(requirePermission(Permissions.SchedulesRead));

const canWrite = requirePermission(Permissions.SchedulesWrite);

export type AppointmentQuery = ListQuery & {
  /** Only this technician's appointments. */
  technician_id?: string;
  /** ISO date; appointments starting on or after it. */
  from?: string;
};

/**
 * List appointments
 *
 * @documented
 * @scope schedules:read
 * @tag Scheduling
 * @example response 200 {"data": [{"id": "apt_0001", "work_order_id": "wo_0001", "technician_id": "tec_0001", "starts_at": "2026-11-24T10:00:00.000Z", "ends_at": "2026-11-24T12:00:00.000Z", "status": "booked"}], "has_more": false, "next_cursor": null}
 */
export function listAppointments(
  req: Request<Record<string, never>, Page<Appointment>, unknown, AppointmentQuery>,
  res: Response<Page<Appointment>>,
) {
  const { technician_id, from } = req.query;
  const rows = db(req).appointments.list((a) => (!technician_id || a.technician_id === technician_id) && (!from || a.starts_at >= from));
  res.json(paginate(rows, req.query));
}

schedules.get("/appointments", listAppointments);

/** Book an appointment */
schedules.post("/appointments", canWrite, (req, res) => {
  const body = bodyWith(req, "work_order_id", "technician_id", "starts_at", "ends_at");
  const data = db(req);
  data.workOrders.get(text(body.work_order_id, "work_order_id"));
  data.technicians.get(text(body.technician_id, "technician_id"));
  const appointment = data.appointments.create({
    work_order_id: body.work_order_id as string,
    technician_id: body.technician_id as string,
    starts_at: text(body.starts_at, "starts_at"),
    ends_at: text(body.ends_at, "ends_at"),
    status: "booked",
  });
  res.status(201).json(appointment);
});

/** Get an appointment */
schedules.get("/appointments/:appointment_id", (req, res) => {
  res.json(db(req).appointments.get(req.params.appointment_id));
});

/** Change an appointment */
schedules.patch("/appointments/:appointment_id", canWrite, (req, res) => {
  const body = bodyWith(req);
  res.json(
    db(req).appointments.update(req.params.appointment_id, {
      ...(typeof body.technician_id === "string" ? { technician_id: body.technician_id } : {}),
    }),
  );
});

/** Move an appointment to another time */
schedules.post("/appointments/:appointment_id/reschedule", canWrite, (req, res) => {
  const body = bodyWith(req, "starts_at", "ends_at");
  const appointment = db(req).appointments.get(req.params.appointment_id);
  if (appointment.status === "cancelled") throw new ConflictError("A cancelled appointment cannot be rescheduled.");
  res.json(
    db(req).appointments.update(appointment.id, { starts_at: text(body.starts_at, "starts_at"), ends_at: text(body.ends_at, "ends_at") }),
  );
});

/** Cancel an appointment */
schedules.post("/appointments/:appointment_id/cancel", canWrite, (req, res) => {
  res.json(db(req).appointments.update(req.params.appointment_id, { status: "cancelled" }));
});

/** Delete an appointment */
schedules.delete("/appointments/:appointment_id", canWrite, (req, res) => {
  db(req).appointments.remove(req.params.appointment_id);
  res.status(204).end();
});

/** Get the dispatch board: today's work orders by technician */
schedules.get("/dispatch-board", requirePermission(Permissions.WorkOrdersRead, Permissions.TechniciansRead), (req, res) => {
  const data = db(req);
  res.json({
    columns: data.technicians.list().map((t) => ({ technician: t, work_orders: data.workOrders.list((w) => w.technician_id === t.id) })),
  });
});

/** Find free slots across technicians */
schedules.get("/availability", requirePermission(Permissions.TechniciansRead), (req, res) => {
  res.json({
    slots: db(req)
      .technicians.list((t) => t.active)
      .map((t) => ({ technician_id: t.id, starts_at: "2026-11-25T09:00:00.000Z" })),
  });
});

/** Optimize the order of today's appointments */
schedules.post("/optimize", canWrite, (_req, res) => {
  res.status(202).json({ queued: true });
});

export default schedules;
