import { ALL_PERMISSIONS } from "../auth/permissions.js";
import type { KeyRecord } from "../auth/authenticate.js";
import type { Customer, Estimate, InventoryItem, Invoice, Payment, Technician, WorkOrder } from "../models.js";

/**
 * Demo API keys and what each may do. `npm run example` accepts these; tests build their own.
 */
export const DEMO_KEYS: ReadonlyMap<string, KeyRecord> = new Map([
  ["fsk_demo_full", { name: "Full access", permissions: ALL_PERMISSIONS }],
  ["fsk_demo_readonly", { name: "Read only", permissions: ALL_PERMISSIONS.filter((p) => p.endsWith(".read")) }],
  [
    "fsk_demo_dispatch",
    {
      name: "Dispatcher",
      permissions: [
        "work_orders.read",
        "work_orders.write",
        "work_orders.assign",
        "technicians.read",
        "schedules.read",
        "schedules.write",
        "customers.read",
      ],
    },
  ],
  [
    "fsk_demo_billing",
    {
      name: "Billing",
      permissions: ["invoices.read", "invoices.write", "invoices.send", "payments.read", "payments.write", "customers.read"],
    },
  ],
]);

export const SEED_CUSTOMERS: Customer[] = [
  {
    id: "cus_0001",
    name: "Harbor Dental",
    email: "office@harbordental.example",
    phone: "+1 555 0100",
    status: "active",
    billing_address: { line1: "12 Pier St", city: "Portland", postal_code: "97201", country: "US" },
    tags: ["vip"],
    created_at: "2026-01-04T09:00:00.000Z",
  },
  {
    id: "cus_0002",
    name: "Maple Street Bakery",
    email: null,
    phone: "+1 555 0101",
    status: "active",
    billing_address: null,
    tags: [],
    created_at: "2026-02-11T14:30:00.000Z",
  },
  {
    id: "cus_0003",
    name: "Northside Gym",
    email: "ops@northside.example",
    phone: null,
    status: "inactive",
    billing_address: null,
    tags: ["hvac"],
    created_at: "2026-03-20T08:15:00.000Z",
  },
];

export const SEED_TECHNICIANS: Technician[] = [
  { id: "tec_0001", name: "Ana Ruiz", email: "ana@fieldco.example", skills: ["hvac", "electrical"], active: true },
  { id: "tec_0002", name: "Sam Okafor", email: "sam@fieldco.example", skills: ["plumbing"], active: true },
];

export const SEED_WORK_ORDERS: WorkOrder[] = [
  {
    id: "wo_0001",
    customer_id: "cus_0001",
    title: "Replace HVAC filter",
    status: "scheduled",
    technician_id: "tec_0001",
    scheduled_for: "2026-11-24T10:00:00.000Z",
    line_items: [{ id: "li_1", description: "Filter 20x25", quantity: 2, unit_price_cents: 2400 }],
    created_at: "2026-11-01T10:00:00.000Z",
  },
  {
    id: "wo_0002",
    customer_id: "cus_0002",
    title: "Leaking sink",
    status: "open",
    technician_id: null,
    scheduled_for: null,
    line_items: [],
    created_at: "2026-11-10T16:20:00.000Z",
  },
];

export const SEED_INVOICES: Invoice[] = [
  {
    id: "inv_0001",
    customer_id: "cus_0001",
    work_order_id: "wo_0001",
    status: "draft",
    currency: "USD",
    total_cents: 4800,
    due_date: "2026-12-01",
    line_items: [{ id: "li_1", description: "Filter 20x25", quantity: 2, unit_price_cents: 2400 }],
    sent_at: null,
  },
  {
    id: "inv_0002",
    customer_id: "cus_0002",
    work_order_id: null,
    status: "paid",
    currency: "USD",
    total_cents: 12500,
    due_date: "2026-10-15",
    line_items: [],
    sent_at: "2026-10-01T12:00:00.000Z",
  },
];

export const SEED_ESTIMATES: Estimate[] = [{ id: "est_0001", customer_id: "cus_0003", status: "sent", total_cents: 98000, line_items: [] }];

export const SEED_PAYMENTS: Payment[] = [
  { id: "pay_0001", invoice_id: "inv_0002", amount_cents: 12500, method: "card", status: "succeeded", refunded_cents: 0 },
];

export const SEED_INVENTORY: InventoryItem[] = [
  { id: "itm_0001", sku: "FLT-2025", name: "Filter 20x25", quantity_on_hand: 40, warehouse_id: "wh_0001" },
  { id: "itm_0002", sku: "VLV-050", name: "Ball valve 1/2in", quantity_on_hand: 12, warehouse_id: "wh_0001" },
];
