import { Router } from "express";
import { requirePermission } from "../auth/index.js";
import { db } from "../data/database.js";
import { crud } from "../http/crud.js";
import { bodyWith, text } from "../http/respond.js";

const VEHICLE_PERMISSIONS = { read: "vehicles.read", write: "vehicles.write" } as const;
const vehicles = Router();

vehicles
  .route("/")
  /** List fleet vehicles */
  .get(requirePermission(VEHICLE_PERMISSIONS.read), crud.list("vehicles"))
  /** Add a vehicle */
  .post(requirePermission(VEHICLE_PERMISSIONS.write), (req, res) => {
    const body = bodyWith(req, "name", "plate");
    res.status(201).json(db(req).vehicles.create({ name: text(body.name, "name"), plate: text(body.plate, "plate"), technician_id: null }));
  });

vehicles
  .route("/:vehicle_id")
  /** Get a vehicle */
  .get(requirePermission(VEHICLE_PERMISSIONS.read), crud.get("vehicles", "vehicle_id"))
  /** Change a vehicle */
  .patch(requirePermission(VEHICLE_PERMISSIONS.write), (req, res) => {
    const body = bodyWith(req);
    res.json(db(req).vehicles.update(req.params.vehicle_id, { ...(typeof body.name === "string" ? { name: body.name } : {}) }));
  })
  /** Retire a vehicle */
  .delete(requirePermission(VEHICLE_PERMISSIONS.write), crud.remove("vehicles", "vehicle_id"));

/** Assign a vehicle to a technician */
vehicles.post("/:vehicle_id/assign", requirePermission(VEHICLE_PERMISSIONS.write, "technicians.read"), (req, res) => {
  const body = bodyWith(req, "technician_id");
  db(req).technicians.get(text(body.technician_id, "technician_id"));
  res.json(db(req).vehicles.update(req.params.vehicle_id, { technician_id: body.technician_id as string }));
});

export default vehicles;
