/** The field-service domain, as the API returns it. */

/** One page of a list. */
export interface Page<T> {
  data: T[];
  /** Whether more items follow this page. */
  has_more: boolean;
  /** Pass as `cursor` to get the next page. */
  next_cursor: string | null;
}

export type ListQuery = {
  /** At most this many items (1 to 100). */
  limit?: string;
  cursor?: string;
};

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  postal_code: string;
  country: string;
}

export type CustomerStatus = "active" | "inactive";

export interface Customer {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  status: CustomerStatus;
  billing_address: Address | null;
  tags: string[];
  created_at: string;
}

export interface Contact {
  id: string;
  customer_id: string;
  name: string;
  email: string | null;
  role: string | null;
}

export interface Note {
  id: string;
  subject_id: string;
  body: string;
  author: string;
  created_at: string;
}

export interface Attachment {
  id: string;
  subject_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
}

export type WorkOrderStatus = "open" | "scheduled" | "in_progress" | "completed" | "cancelled";

export interface LineItem {
  id: string;
  description: string;
  quantity: number;
  unit_price_cents: number;
}

export interface WorkOrder {
  id: string;
  customer_id: string;
  title: string;
  status: WorkOrderStatus;
  technician_id: string | null;
  scheduled_for: string | null;
  line_items: LineItem[];
  created_at: string;
}

export type InvoiceStatus = "draft" | "sent" | "paid" | "void";

export interface Invoice {
  id: string;
  customer_id: string;
  work_order_id: string | null;
  status: InvoiceStatus;
  currency: string;
  total_cents: number;
  due_date: string | null;
  line_items: LineItem[];
  sent_at: string | null;
}

export type EstimateStatus = "draft" | "sent" | "approved" | "declined" | "converted";

export interface Estimate {
  id: string;
  customer_id: string;
  status: EstimateStatus;
  total_cents: number;
  line_items: LineItem[];
}

export interface Technician {
  id: string;
  name: string;
  email: string;
  skills: string[];
  active: boolean;
}

export interface Availability {
  technician_id: string;
  weekly_hours: { day: string; start: string; end: string }[];
}

export interface Appointment {
  id: string;
  work_order_id: string;
  technician_id: string;
  starts_at: string;
  ends_at: string;
  status: "booked" | "cancelled";
}

export interface InventoryItem {
  id: string;
  sku: string;
  name: string;
  quantity_on_hand: number;
  warehouse_id: string;
}

export interface Warehouse {
  id: string;
  name: string;
}

export interface Payment {
  id: string;
  invoice_id: string;
  amount_cents: number;
  method: "card" | "ach" | "cash" | "check";
  status: "succeeded" | "refunded" | "partially_refunded";
  refunded_cents: number;
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  active: boolean;
}

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: "owner" | "admin" | "dispatcher" | "technician";
  active: boolean;
}

export interface PriceBookEntry {
  id: string;
  name: string;
  unit_price_cents: number;
  category: string;
}

export interface Vehicle {
  id: string;
  name: string;
  plate: string;
  technician_id: string | null;
}

export interface Timesheet {
  id: string;
  technician_id: string;
  week_of: string;
  hours: number;
  status: "open" | "submitted" | "approved";
}

export interface Tag {
  id: string;
  name: string;
  color: string;
}
