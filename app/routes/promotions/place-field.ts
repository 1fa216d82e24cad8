/** The name of the select that chooses a place's promotion (page and action agree on it). */
export const placeField = (positionId: number) => `promotion-${positionId}`;
