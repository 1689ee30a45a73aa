// The tabs of /my-listings (part 1 §2): all listings, then one per review status.
export type OwnListingTab = "all" | "pending" | "approved" | "rejected";
export const OWN_LISTING_TABS: readonly OwnListingTab[] = ["all", "pending", "approved", "rejected"];
