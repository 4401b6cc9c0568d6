/** The census's stated size (spec section 9: "about 10,000" in the hero and footer), not a live count. */
export const STATED_CENSUS_SIZE = 10_000;
