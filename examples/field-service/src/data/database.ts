import type { Request } from "express";
import type {
  Appointment,
  Attachment,
  Availability,
  Contact,
  Customer,
  Estimate,
  InventoryItem,
  Invoice,
  Note,
  Payment,
  PriceBookEntry,
  Tag,
  TeamMember,
  Technician,
  Timesheet,
  Vehicle,
  Warehouse,
  Webhook,
  WorkOrder,
} from "../models.js";
import { Collection } from "./collection.js";
import {
  SEED_CUSTOMERS,
  SEED_ESTIMATES,
  SEED_INVENTORY,
  SEED_INVOICES,
  SEED_PAYMENTS,
  SEED_TECHNICIANS,
  SEED_WORK_ORDERS,
} from "./seed.js";

/** Every table of the example service; each app gets its own, seeded afresh. */
export function createDatabase() {
  return {
    customers: new Collection<Customer>("customer", "cus", SEED_CUSTOMERS),
    contacts: new Collection<Contact>("contact", "con"),
    notes: new Collection<Note>("note", "note"),
    attachments: new Collection<Attachment>("attachment", "att"),
    workOrders: new Collection<WorkOrder>("work order", "wo", SEED_WORK_ORDERS),
    invoices: new Collection<Invoice>("invoice", "inv", SEED_INVOICES),
    estimates: new Collection<Estimate>("estimate", "est", SEED_ESTIMATES),
    technicians: new Collection<Technician>("technician", "tec", SEED_TECHNICIANS),
    availability: new Collection<Availability & { id: string }>("availability", "avl"),
    appointments: new Collection<Appointment>("appointment", "apt"),
    inventory: new Collection<InventoryItem>("inventory item", "itm", SEED_INVENTORY),
    warehouses: new Collection<Warehouse>("warehouse", "wh", [{ id: "wh_0001", name: "Main depot" }]),
    payments: new Collection<Payment>("payment", "pay", SEED_PAYMENTS),
    webhooks: new Collection<Webhook>("webhook", "whk"),
    team: new Collection<TeamMember>("team member", "usr", [
      { id: "usr_0001", name: "Dana Owner", email: "dana@fieldco.example", role: "owner", active: true },
    ]),
    priceBook: new Collection<PriceBookEntry>("price book entry", "pb"),
    vehicles: new Collection<Vehicle>("vehicle", "veh"),
    timesheets: new Collection<Timesheet>("timesheet", "ts"),
    tags: new Collection<Tag>("tag", "tag"),
  };
}

export type Database = ReturnType<typeof createDatabase>;

export function db(req: Request): Database {
  return req.app.locals.db as Database;
}
