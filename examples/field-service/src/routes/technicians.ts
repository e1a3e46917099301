import { Router, type Request, type Response } from "express";
import { Permissions, requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { bodyWith, paginate, text } from "../http/respond.js";
import type { ListQuery, Page, Technician } from "../models.js";
import { notesRouter } from "./notes.js";

export const techniciansRouter = Router();

/**
 * List technicians
 *
 * @documented
 * @scope technicians:read
 * @tag Technicians
 * @example response 200 {"data": [{"id": "tec_0001", "name": "Ana Ruiz", "email": "ana@fieldco.example", "skills": ["hvac", "electrical"], "active": true}], "has_more": false, "next_cursor": null}
 */
export function listTechnicians(
  req: Request<Record<string, never>, Page<Technician>, unknown, ListQuery & { skill?: string }>,
  res: Response<Page<Technician>>,
) {
  const skill = req.query.skill;
  res.json(
    paginate(
      db(req).technicians.list((t) => !skill || t.skills.includes(skill)),
      req.query,
    ),
  );
}

techniciansRouter.get("/", requirePermission(Permissions.TechniciansRead), listTechnicians);

/** Add a technician */
techniciansRouter.post("/", requirePermission(Permissions.TechniciansWrite), (req, res) => {
  const body = bodyWith(req, "name", "email");
  res
    .status(201)
    .json(db(req).technicians.create({ name: text(body.name, "name"), email: text(body.email, "email"), skills: [], active: true }));
});

/** Get a technician */
techniciansRouter.get("/:technician_id", requirePermission(Permissions.TechniciansRead), (req, res) => {
  res.json(db(req).technicians.get(req.params.technician_id));
});

/** Update a technician */
techniciansRouter.patch("/:technician_id", requirePermission(Permissions.TechniciansWrite), (req, res) => {
  const body = bodyWith(req);
  res.json(
    db(req).technicians.update(req.params.technician_id, {
      ...(typeof body.name === "string" ? { name: body.name } : {}),
      ...(typeof body.active === "boolean" ? { active: body.active } : {}),
    }),
  );
});

/** Remove a technician */
techniciansRouter.delete("/:technician_id", requirePermission(Permissions.TechniciansDelete), (req, res) => {
  db(req).technicians.remove(req.params.technician_id);
  res.status(204).end();
});

techniciansRouter
  .route("/:technician_id/availability")
  /** Get a technician's weekly availability */
  .get(requirePermission(Permissions.TechniciansRead), (req, res) => {
    const row = db(req).availability.find(req.params.technician_id);
    res.json(row ?? { technician_id: req.params.technician_id, weekly_hours: [] });
  })
  /** Set a technician's weekly availability */
  .put(requirePermission(Permissions.TechniciansWrite, Permissions.SchedulesWrite), (req, res) => {
    const body = bodyWith(req, "weekly_hours");
    db(req).technicians.get(req.params.technician_id);
    const weekly_hours = Array.isArray(body.weekly_hours) ? (body.weekly_hours as { day: string; start: string; end: string }[]) : [];
    const existing = db(req).availability.find(req.params.technician_id);
    if (existing) db(req).availability.update(existing.id, { weekly_hours });
    res.json({ technician_id: req.params.technician_id, weekly_hours });
  });

techniciansRouter
  .route("/:technician_id/skills")
  /** List a technician's skills */
  .get(requirePermission(Permissions.TechniciansRead), (req, res) => {
    res.json({ skills: db(req).technicians.get(req.params.technician_id).skills });
  })
  /** Add a skill to a technician */
  .post(requirePermission(Permissions.TechniciansWrite), (req, res) => {
    const body = bodyWith(req, "skill");
    const technician = db(req).technicians.get(req.params.technician_id);
    res
      .status(201)
      .json(db(req).technicians.update(technician.id, { skills: [...new Set([...technician.skills, text(body.skill, "skill")])] }));
  });

/** Remove a skill from a technician */
techniciansRouter.delete("/:technician_id/skills/:skill", requirePermission(Permissions.TechniciansWrite), (req, res) => {
  const technician = db(req).technicians.get(req.params.technician_id);
  db(req).technicians.update(technician.id, { skills: technician.skills.filter((s) => s !== req.params.skill) });
  res.status(204).end();
});

/** Get a technician's last known location */
techniciansRouter.get("/:technician_id/location", requirePermission(Permissions.TechnicianLocationRead), (req, res) => {
  db(req).technicians.get(req.params.technician_id);
  res.json({ technician_id: req.params.technician_id, lat: 45.52, lng: -122.68, recorded_at: "2026-11-21T08:00:00.000Z" });
});

/** Get a technician's upcoming appointments */
techniciansRouter.get("/:technician_id/schedule", requirePermission(Permissions.TechniciansRead, Permissions.SchedulesRead), (req, res) => {
  res.json(
    paginate(
      db(req).appointments.list((a) => a.technician_id === req.params.technician_id),
      req.query,
    ),
  );
});

techniciansRouter.use("/:technician_id/notes", notesRouter("technicians", "technician_id"));
