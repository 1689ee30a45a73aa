/** Part 2 §9: the car page shows the owner's 3 latest reviews until "Show all" (which brings at most 50). */
export const REVIEWS_SHOWN = 3;
export const REVIEWS_ALL = 50;
/** Part 2 §9: the public profile shows the latest 10 reviews. */
export const PROFILE_REVIEWS = 10;
