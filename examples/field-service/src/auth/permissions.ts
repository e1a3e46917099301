/**
 * The permission keys an API key can hold. Route files use them three ways, as real code bases drift
 * into: members of this `as const` object, members of the `Perm` string enum, and plain literals.
 */
export const Permissions = {
  CustomersRead: "customers.read",
  CustomersWrite: "customers.write",
  CustomersDelete: "customers.delete",
  CustomersExport: "customers.export",
  CustomersMerge: "customers.merge",
  ContactsWrite: "contacts.write",
  WorkOrdersRead: "work_orders.read",
  WorkOrdersWrite: "work_orders.write",
  WorkOrdersDelete: "work_orders.delete",
  WorkOrdersAssign: "work_orders.assign",
  WorkOrdersComplete: "work_orders.complete",
  TechniciansRead: "technicians.read",
  TechniciansWrite: "technicians.write",
  TechniciansDelete: "technicians.delete",
  TechnicianLocationRead: "technicians.location.read",
  SchedulesRead: "schedules.read",
  SchedulesWrite: "schedules.write",
  TeamRead: "team.read",
  TeamWrite: "team.write",
  TeamInvite: "team.invite",
} as const;

export type PermissionKey = (typeof Permissions)[keyof typeof Permissions] | `${Perm}` | string;

/** Billing permissions, as a string enum. */
export enum Perm {
  InvoicesRead = "invoices.read",
  InvoicesWrite = "invoices.write",
  InvoicesDelete = "invoices.delete",
  InvoicesSend = "invoices.send",
  InvoicesVoid = "invoices.void",
  EstimatesRead = "estimates.read",
  EstimatesWrite = "estimates.write",
  EstimatesDelete = "estimates.delete",
  EstimatesSend = "estimates.send",
  EstimatesApprove = "estimates.approve",
  PaymentsRead = "payments.read",
  PaymentsWrite = "payments.write",
  PaymentsRefund = "payments.refund",
}

/** Reports share a prefix; the keys are built from it. */
export const REPORTS = "reports";
export const ReportPermissions = {
  read: `${REPORTS}.read`,
  export: `${REPORTS}.export`,
  financial: `${REPORTS}.financial`,
} as const;

/** Every key, for the demo key that holds them all. */
export const ALL_PERMISSIONS: readonly string[] = [
  ...Object.values(Permissions),
  ...Object.values(Perm),
  ...Object.values(ReportPermissions),
  "inventory.read",
  "inventory.write",
  "inventory.adjust",
  "inventory.transfer",
  "webhooks.read",
  "webhooks.write",
  "pricebook.read",
  "pricebook.write",
  "vehicles.read",
  "vehicles.write",
  "timesheets.read",
  "timesheets.write",
  "timesheets.approve",
  "account.read",
  "account.write",
  "tags.read",
  "tags.write",
  "customers.notes.read",
  "customers.notes.write",
  "work_orders.notes.read",
  "work_orders.notes.write",
  "estimates.notes.read",
  "estimates.notes.write",
  "technicians.notes.read",
  "technicians.notes.write",
  "customers.attachments.read",
  "customers.attachments.write",
  "work_orders.attachments.read",
  "work_orders.attachments.write",
];
