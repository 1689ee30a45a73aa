// How a notification reads (part 1 §2 notification panel, §3 notifications): its icon, its group for the filters,
// its line in the reader's language (the row keeps data, not text), where opening it leads, and the spec's
// relative times. Shared by the /notifications page and the bell's panel.

export const NOTIFICATION_FILTERS = ["all", "unread", "bookings", "messages"] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** Part 1 §9: the panel and page show the newest 50. */
export const NOTIFICATIONS_SHOWN = 50;

export function readFilter(value: string | null): NotificationFilter {
  return (NOTIFICATION_FILTERS as readonly string[]).includes(value ?? "") ? (value as NotificationFilter) : "all";
}

type Data = Record<string, string | number | null> | null;

/** The icons a notification shows, by name: components/ui/icons.tsx draws them (the type check keeps them in step). */
export type NotificationIcon =
  "car" | "check" | "alert" | "mail" | "arrowDown" | "search" | "heart" | "shield" | "info";

export interface NotificationLine {
  icon: NotificationIcon;
  /** A key of the "notifications" namespace and its values. */
  text: string;
  values: Record<string, string | number>;
  /** Where opening it leads. */
  href: string;
  /** Price drops show the old and the new price, in cents. */
  prices: { old: number; new: number } | null;
  /** An amount of money the line names as {{amount}} (cents), formatted in the reader's language where shown. */
  amount: number | null;
}

/** A notification as the lists show it: the row's id, whether it is read, when it came (ms), and how it reads. */
export interface ShownNotification extends NotificationLine {
  id: string;
  read: boolean;
  createdAt: number;
}

/** What /notifications answers, the page and the bell's panel (through a fetcher) alike. */
export interface NotificationsPage {
  title: string;
  filter: NotificationFilter;
  counts: { all: number; unread: number };
  /** The server's clock, so the page and its hydration agree on "2h ago". */
  now: number;
  notifications: ShownNotification[];
}

const str = (data: Data, key: string) => {
  const value = data?.[key];
  return value === null || value === undefined ? "" : String(value);
};
const num = (data: Data, key: string) => {
  const value = Number(data?.[key]);
  return Number.isFinite(value) ? value : null;
};

const ICONS: Record<string, NotificationIcon> = {
  booking_requested: "car",
  booking_confirmed: "check",
  booking_declined: "alert",
  booking_cancelled: "alert",
  booking_completed: "check",
  booking_expired: "alert",
  trip_check_in_overdue: "alert",
  trip_check_out_overdue: "alert",
  trip_auto_completed: "info",
  deposit_returned: "check",
  claim_filed: "alert",
  claim_answered: "info",
  claim_decided: "check",
  claim_referred: "info",
  new_message: "mail",
  price_drop: "arrowDown",
  new_listing: "search",
  saved_search_match: "search",
  review_received: "heart",
  listing_approved: "check",
  listing_rejected: "alert",
  verification_approved: "shield",
  verification_rejected: "shield",
  system: "info",
  trip_check_in: "car",
  trip_check_out: "check",
  trip_record_confirmed: "check",
  trip_record_disputed: "alert",
  payout_sent: "check",
  payout_failed: "alert",
};

/** The notifications of a trip after its booking was confirmed: its two ends, the deposit and a claim. */
export const isTripNotification = (type: string) => /^(trip|deposit|claim)_/.test(type);

export function describeNotification(n: {
  type: string;
  data: Data;
  title?: string | null;
  message?: string | null;
}): NotificationLine {
  const car = [str(n.data, "car_make"), str(n.data, "car_model")].filter(Boolean).join(" ");
  const carId = str(n.data, "car_id");
  const values: Record<string, string | number> = { car };
  let href = "/notifications";
  let prices: NotificationLine["prices"] = null;
  let amount: number | null = null;
  if (n.type.startsWith("booking_")) {
    const tab = n.type === "booking_requested" ? "&tab=pending" : "";
    href = n.type === "booking_requested" ? `/bookings?role=host${tab}` : "/bookings";
    values.start = str(n.data, "start_date");
  } else if (n.type.startsWith("claim_")) {
    // A damage claim's news opens the claim's page (claims/damage-claims.server.ts).
    const booking = str(n.data, "booking_id");
    href = booking ? `/bookings/${booking}/claim` : "/bookings";
  } else if (isTripNotification(n.type)) {
    // A trip's steps and its deposit: the booking's own page.
    const bookingId = str(n.data, "booking_id");
    href = bookingId ? `/bookings/${bookingId}` : "/bookings";
    values.start = str(n.data, "start_date");
  } else if (n.type.startsWith("payout_")) {
    // A host's payout, sent or stuck (payouts/payouts.server.ts): the booking's page shows where it stands.
    const bookingId = str(n.data, "booking_id");
    href = bookingId ? `/bookings/${bookingId}` : "/host-dashboard";
    amount = num(n.data, "amount") ?? 0;
    values.reason = str(n.data, "reason");
  } else if (n.type === "new_message") {
    const conversation = str(n.data, "conversation_id");
    href = conversation ? `/messages/${conversation}` : "/messages";
    values.count = num(n.data, "count") ?? 1;
    // Older lines (and the demo's) name the sender instead of quoting the message.
    values.preview = str(n.data, "preview") || str(n.data, "sender_name");
  } else if (n.type === "price_drop") {
    href = carId ? `/car/${carId}` : "/favorites";
    const old = num(n.data, "old_price");
    const now = num(n.data, "new_price");
    prices = old !== null && now !== null ? { old, new: now } : null;
  } else if (n.type === "saved_search_match" || n.type === "new_listing") {
    href = carId ? `/car/${carId}` : "/cars";
    values.search = str(n.data, "search_name");
  } else if (n.type === "review_received") {
    href = "/profile";
    values.rating = num(n.data, "rating") ?? 0;
  } else if (n.type === "listing_approved" || n.type === "listing_rejected") {
    href = "/my-listings";
    values.reason = str(n.data, "reason");
  } else if (n.type.startsWith("verification_")) {
    href = "/profile/verification";
  }
  const known = n.type in ICONS && n.type !== "system";
  return {
    icon: ICONS[n.type] ?? "info",
    text: known ? `types.${n.type}` : "types.system",
    values: known ? values : { ...values, title: n.title ?? "", message: n.message ?? "" },
    href,
    prices,
    amount,
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Part 1 §2: "Just now"; "Nh ago" under 24 hours; "Nd ago" under 7 days; otherwise the date. */
export function relativeTime(
  at: number,
  now: number,
): { key: "justNow" | "hoursAgo" | "daysAgo" | "date"; count: number } {
  const age = Math.max(0, now - at);
  if (age < HOUR) return { key: "justNow", count: 0 };
  if (age < DAY) return { key: "hoursAgo", count: Math.floor(age / HOUR) };
  if (age < 7 * DAY) return { key: "daysAgo", count: Math.floor(age / DAY) };
  return { key: "date", count: 0 };
}
