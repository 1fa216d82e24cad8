/** The billboard's highlighted shows: the first `count` the API features (§9: 3, by brand). */
export function highlightsOf<T>(featured: readonly T[], count: number): T[] {
  return featured.slice(0, count);
}
