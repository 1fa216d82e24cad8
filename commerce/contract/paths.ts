// Paths of the /v2 API (spec §7), relative to the API base. One place for both sides.
export const apiPaths = {
  showTypes: () => "/EspectaculoCartelTipos",
  shows: () => "/EspectaculosCartel",
  show: (idOrSeo: number | string) => `/EspectaculoCartel/${encodeURIComponent(String(idOrSeo))}`,
  performance: (id: number) => `/Funcion/${id}`,
  signUp: () => "/Cliente/Insertar",
  login: () => "/Cliente/Ingreso/Token",
  customerInfo: () => "/Cliente/Informacion",
  takePlaces: (processId: number | 0) => `/Proceso/${processId}/Posiciones/Tomar`,
  process: (id: number) => `/Proceso/${id}`,
  releasePerformance: (id: number) => `/Proceso/${id}/Posiciones/SoltarFuncion`,
  invalidate: (id: number) => `/Proceso/${id}/invalidar`,
  deliveryTypes: (id: number) => `/Proceso/${id}/TiposDeEntrega`,
  selectDelivery: (id: number) => `/Proceso/${id}/EntregaTipo/Seleccionar`,
  paymentMethods: (id: number) => `/Proceso/${id}/FormasDePago`,
  selectPaymentMethod: (id: number) => `/Proceso/${id}/FormaDePago/Seleccionar`,
  charge: (id: number) => `/Proceso/${id}/Cobrar`,
  orders: () => "/Historial2",
  eticket: (orderId: number) => `/Pedido/${orderId}/ETicket`,
  image: (file: string) => `/Imagenes/${file}`,
  billboard: () => "/Cartelera",
  venues: () => "/Establecimientos",
  search: (page: number, perPage: number) =>
    `/EspectaculosCartel/Buscar?cantXpagina=${perPage}&pagina=${page}`,
  shop: (venueId?: number) => (venueId ? `/Tienda?idEstablecimiento=${venueId}` : "/Tienda"),
  shopActiveFor: (performanceId: number) => `/Tienda/ActivaParaFuncion/${performanceId}`,
  shopFor: (performanceId: number) => `/Tienda/ParaFuncion/${performanceId}`,
  contact: () => "/Contacto",
} as const;

/** Headers the storefront sends on every call. */
export const apiHeaders = {
  fingerprint: "X-Device-Fingerprint",
  countryCode: "X-Country-Code",
  idempotencyKey: "Idempotency-Key",
} as const;
