// The shipped feature catalogue (part 1 §2): 15 basic and 63 premium features in groups. Listings store the codes
// (cars.features); labels live in the `features` translation namespace, so codes must never be renamed.

export interface FeatureGroup {
  code: string;
  premium: boolean;
  features: readonly string[];
}

export const FEATURE_GROUPS = [
  {
    code: "basic",
    premium: false,
    features: [
      "air_conditioning",
      "power_windows",
      "central_locking",
      "power_steering",
      "abs",
      "airbags",
      "radio",
      "usb_port",
      "bluetooth",
      "cruise_control",
      "electric_mirrors",
      "isofix",
      "immobilizer",
      "spare_wheel",
      "winter_tyres",
    ],
  },
  {
    code: "comfort",
    premium: true,
    features: [
      "heated_seats",
      "ventilated_seats",
      "heated_steering_wheel",
      "dual_zone_climate",
      "multi_zone_climate",
      "leather_seats",
      "electric_seats",
      "memory_seats",
      "keyless_entry",
      "keyless_start",
    ],
  },
  {
    code: "technology",
    premium: true,
    features: [
      "navigation",
      "apple_carplay",
      "android_auto",
      "premium_sound",
      "head_up_display",
      "digital_cockpit",
      "wireless_charging",
      "wifi_hotspot",
      "voice_control",
      "rear_entertainment",
    ],
  },
  {
    code: "safety",
    premium: true,
    features: [
      "adaptive_cruise_control",
      "blind_spot_monitor",
      "lane_keep_assist",
      "lane_departure_warning",
      "emergency_braking",
      "traffic_sign_recognition",
      "driver_fatigue_alert",
      "night_vision",
    ],
  },
  {
    code: "parking",
    premium: true,
    features: [
      "front_parking_sensors",
      "rear_parking_sensors",
      "rear_camera",
      "camera_360",
      "park_assist",
      "power_tailgate",
    ],
  },
  {
    code: "exterior",
    premium: true,
    features: [
      "led_headlights",
      "matrix_led_headlights",
      "alloy_wheels",
      "panoramic_roof",
      "sunroof",
      "privacy_glass",
      "tow_bar",
      "roof_rails",
    ],
  },
  {
    code: "performance",
    premium: true,
    features: [
      "all_wheel_drive",
      "sport_mode",
      "sport_suspension",
      "adaptive_suspension",
      "air_suspension",
      "launch_control",
      "sport_exhaust",
      "limited_slip_differential",
    ],
  },
  {
    code: "electric",
    premium: true,
    features: ["fast_charging", "heat_pump", "type2_cable", "one_pedal_driving", "battery_preconditioning"],
  },
  {
    code: "luxury",
    premium: true,
    features: [
      "massage_seats",
      "soft_close_doors",
      "ambient_lighting",
      "cooled_glovebox",
      "executive_rear_seats",
      "high_end_audio",
      "carbon_ceramic_brakes",
      "heated_armrests",
    ],
  },
] as const satisfies readonly FeatureGroup[];

export type FeatureGroupCode = (typeof FEATURE_GROUPS)[number]["code"];
export type FeatureCode = (typeof FEATURE_GROUPS)[number]["features"][number];

/** Part 1 §2: the luxury group is hidden when the listing's sale price is under 20,000 €. */
export const LUXURY_GROUP: FeatureGroupCode = "luxury";
export const LUXURY_MIN_SALE_PRICE_CENTS = 2_000_000;

export const allFeatureCodes: readonly FeatureCode[] = FEATURE_GROUPS.flatMap((group) => group.features);

const FEATURE_SET: ReadonlySet<string> = new Set(allFeatureCodes);
const GROUP_OF: ReadonlyMap<string, FeatureGroupCode> = new Map(
  FEATURE_GROUPS.flatMap((group) => group.features.map((feature) => [feature, group.code] as const)),
);

export function isFeatureCode(value: unknown): value is FeatureCode {
  return typeof value === "string" && FEATURE_SET.has(value);
}

export function featureGroupOf(code: FeatureCode): FeatureGroupCode {
  return GROUP_OF.get(code) as FeatureGroupCode;
}

/** The groups the wizard and edit form offer: without luxury when a sale price under 20,000 € is set. */
export function featureGroupsFor(salePriceCents: number | null | undefined): readonly FeatureGroup[] {
  const hideLuxury = salePriceCents != null && salePriceCents < LUXURY_MIN_SALE_PRICE_CENTS;
  return hideLuxury ? FEATURE_GROUPS.filter((group) => group.code !== LUXURY_GROUP) : FEATURE_GROUPS;
}

/** Keeps known codes once each, in catalogue order: what a submitted feature list is stored as. */
export function normaliseFeatures(values: readonly unknown[]): FeatureCode[] {
  const wanted = new Set(values.filter(isFeatureCode));
  return allFeatureCodes.filter((code) => wanted.has(code));
}

/** A car's features in the catalogue's groups and order, empty groups left out (the car page shows them so). */
export function groupFeatures(codes: readonly string[]): { code: FeatureGroupCode; features: string[] }[] {
  const have = new Set(codes);
  return FEATURE_GROUPS.map((group) => ({
    code: group.code,
    features: group.features.filter((f) => have.has(f)),
  })).filter((group) => group.features.length > 0);
}
