import { defineConfig } from "apidex/config";

/** apidex's own config: the bundled example service, whose artifacts are committed in dist/. */
export default defineConfig({
  root: "examples/field-service",
  include: ["src/**/*.ts"],
  out: "dist",
  service: { name: "field-service", version: "2.4.0" },
  closed: ["/v1/auth/**", "/oauth/**", "/v1/admin/**", "/v1/api-keys/**", "/v1/agents/**", "/v1/connected-apps/**"],
  openapi: {
    info: {
      title: "FieldCo Field Service API",
      description:
        "Customers, work orders, invoices, estimates, technicians, scheduling, inventory and payments for field-service businesses.",
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "https://api.fieldco.example", description: "Production" }],
    tags: {
      Customers: "People and businesses you do work for.",
      Estimates: "Quotes sent before the work.",
      Inventory: "Parts and stock across warehouses.",
      Invoices: "Bills for completed work.",
      Payments: "Money received against invoices.",
      Scheduling: "Appointments and the dispatch board.",
      Technicians: "The people in the field.",
      "Work orders": "Jobs to be done at a customer's site.",
    },
  },
});
