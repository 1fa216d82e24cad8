// What the checkout's "change sector" forms show, shared by the server and the screen.

export type SectorOption = { idSector: number; cNombre: string; fPrecio: number };

/** The seats of one sector of a held performance, and where they could go. */
export type SectorMove = {
  idFuncion: number;
  idSectorOrigen: number;
  cSectorNombre: string;
  nCantidad: number;
  opciones: SectorOption[];
};

/** What the form shows after a refused move: which group it was, and why. */
export type ChangeSectorRefusal = { changeSector: { key: string; message: string } };

/** Names one group of held seats (a performance and the sector they are in). */
export const moveKey = (move: { idFuncion: unknown; idSectorOrigen: unknown }) =>
  `${move.idFuncion}-${move.idSectorOrigen}`;
