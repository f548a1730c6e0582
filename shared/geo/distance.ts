/** Distances on the ground: the great-circle distance, and minutes on foot as the catalogue estimates them. */

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = 6371;
  const dLat = ((lat2 - lat1) * Math.PI) / 180;
  const dLng = ((lng2 - lng1) * Math.PI) / 180;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((lat1 * Math.PI) / 180) * Math.cos((lat2 * Math.PI) / 180) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(a));
}

/** Streets are not straight: a walk is this much longer than the straight line. */
export const WALK_DETOUR = 1.3;
/** A walking pace of 5 km/h. */
export const WALK_KMH = 5;

/** Whole minutes on foot for a straight-line distance, at least one. */
export const walkMinutes = (km: number) => Math.max(1, Math.round(((km * WALK_DETOUR) / WALK_KMH) * 60));
