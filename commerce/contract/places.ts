// Countries a customer's address may be in, and their first-level subdivisions (provinces,
// departments, regions, states) with their ISO 3166-2 codes. Data in the contract, so the
// API checks that a province belongs to its country and the storefront draws the same lists.
// Subdivision names are proper names, the same in every language; country names are
// translated (locales/*/places.json, key countries.<code>).

export const countryCodes = ["AR", "UY", "PY", "CL", "BR"] as const;
export type CountryCode = (typeof countryCodes)[number];

export type Subdivision = { code: string; name: string };

export const subdivisionsByCountry: Record<CountryCode, readonly Subdivision[]> = {
  // The 23 provinces and the Autonomous City of Buenos Aires.
  AR: [
    { code: "AR-C", name: "Ciudad Autónoma de Buenos Aires" },
    { code: "AR-B", name: "Buenos Aires" },
    { code: "AR-K", name: "Catamarca" },
    { code: "AR-H", name: "Chaco" },
    { code: "AR-U", name: "Chubut" },
    { code: "AR-X", name: "Córdoba" },
    { code: "AR-W", name: "Corrientes" },
    { code: "AR-E", name: "Entre Ríos" },
    { code: "AR-P", name: "Formosa" },
    { code: "AR-Y", name: "Jujuy" },
    { code: "AR-L", name: "La Pampa" },
    { code: "AR-F", name: "La Rioja" },
    { code: "AR-M", name: "Mendoza" },
    { code: "AR-N", name: "Misiones" },
    { code: "AR-Q", name: "Neuquén" },
    { code: "AR-R", name: "Río Negro" },
    { code: "AR-A", name: "Salta" },
    { code: "AR-J", name: "San Juan" },
    { code: "AR-D", name: "San Luis" },
    { code: "AR-Z", name: "Santa Cruz" },
    { code: "AR-S", name: "Santa Fe" },
    { code: "AR-G", name: "Santiago del Estero" },
    { code: "AR-V", name: "Tierra del Fuego, Antártida e Islas del Atlántico Sur" },
    { code: "AR-T", name: "Tucumán" },
  ],
  // The 19 departments.
  UY: [
    { code: "UY-AR", name: "Artigas" },
    { code: "UY-CA", name: "Canelones" },
    { code: "UY-CL", name: "Cerro Largo" },
    { code: "UY-CO", name: "Colonia" },
    { code: "UY-DU", name: "Durazno" },
    { code: "UY-FS", name: "Flores" },
    { code: "UY-FD", name: "Florida" },
    { code: "UY-LA", name: "Lavalleja" },
    { code: "UY-MA", name: "Maldonado" },
    { code: "UY-MO", name: "Montevideo" },
    { code: "UY-PA", name: "Paysandú" },
    { code: "UY-RN", name: "Río Negro" },
    { code: "UY-RV", name: "Rivera" },
    { code: "UY-RO", name: "Rocha" },
    { code: "UY-SA", name: "Salto" },
    { code: "UY-SJ", name: "San José" },
    { code: "UY-SO", name: "Soriano" },
    { code: "UY-TA", name: "Tacuarembó" },
    { code: "UY-TT", name: "Treinta y Tres" },
  ],
  // The 17 departments and the capital district.
  PY: [
    { code: "PY-ASU", name: "Asunción" },
    { code: "PY-16", name: "Alto Paraguay" },
    { code: "PY-10", name: "Alto Paraná" },
    { code: "PY-13", name: "Amambay" },
    { code: "PY-19", name: "Boquerón" },
    { code: "PY-5", name: "Caaguazú" },
    { code: "PY-6", name: "Caazapá" },
    { code: "PY-14", name: "Canindeyú" },
    { code: "PY-11", name: "Central" },
    { code: "PY-1", name: "Concepción" },
    { code: "PY-3", name: "Cordillera" },
    { code: "PY-4", name: "Guairá" },
    { code: "PY-7", name: "Itapúa" },
    { code: "PY-8", name: "Misiones" },
    { code: "PY-12", name: "Ñeembucú" },
    { code: "PY-9", name: "Paraguarí" },
    { code: "PY-15", name: "Presidente Hayes" },
    { code: "PY-2", name: "San Pedro" },
  ],
  // The 16 regions.
  CL: [
    { code: "CL-AP", name: "Arica y Parinacota" },
    { code: "CL-TA", name: "Tarapacá" },
    { code: "CL-AN", name: "Antofagasta" },
    { code: "CL-AT", name: "Atacama" },
    { code: "CL-CO", name: "Coquimbo" },
    { code: "CL-VS", name: "Valparaíso" },
    { code: "CL-RM", name: "Región Metropolitana de Santiago" },
    { code: "CL-LI", name: "Libertador General Bernardo O'Higgins" },
    { code: "CL-ML", name: "Maule" },
    { code: "CL-NB", name: "Ñuble" },
    { code: "CL-BI", name: "Biobío" },
    { code: "CL-AR", name: "La Araucanía" },
    { code: "CL-LR", name: "Los Ríos" },
    { code: "CL-LL", name: "Los Lagos" },
    { code: "CL-AI", name: "Aysén del General Carlos Ibáñez del Campo" },
    { code: "CL-MA", name: "Magallanes y de la Antártica Chilena" },
  ],
  // The 26 states and the Federal District.
  BR: [
    { code: "BR-AC", name: "Acre" },
    { code: "BR-AL", name: "Alagoas" },
    { code: "BR-AP", name: "Amapá" },
    { code: "BR-AM", name: "Amazonas" },
    { code: "BR-BA", name: "Bahia" },
    { code: "BR-CE", name: "Ceará" },
    { code: "BR-DF", name: "Distrito Federal" },
    { code: "BR-ES", name: "Espírito Santo" },
    { code: "BR-GO", name: "Goiás" },
    { code: "BR-MA", name: "Maranhão" },
    { code: "BR-MT", name: "Mato Grosso" },
    { code: "BR-MS", name: "Mato Grosso do Sul" },
    { code: "BR-MG", name: "Minas Gerais" },
    { code: "BR-PA", name: "Pará" },
    { code: "BR-PB", name: "Paraíba" },
    { code: "BR-PR", name: "Paraná" },
    { code: "BR-PE", name: "Pernambuco" },
    { code: "BR-PI", name: "Piauí" },
    { code: "BR-RJ", name: "Rio de Janeiro" },
    { code: "BR-RN", name: "Rio Grande do Norte" },
    { code: "BR-RS", name: "Rio Grande do Sul" },
    { code: "BR-RO", name: "Rondônia" },
    { code: "BR-RR", name: "Roraima" },
    { code: "BR-SC", name: "Santa Catarina" },
    { code: "BR-SP", name: "São Paulo" },
    { code: "BR-SE", name: "Sergipe" },
    { code: "BR-TO", name: "Tocantins" },
  ],
};

export const subdivisionCodes: readonly string[] = Object.values(subdivisionsByCountry).flatMap(
  (list) => list.map((s) => s.code),
);

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && (countryCodes as readonly string[]).includes(value);
}

/** Whether the subdivision code is one of the country's (an unknown country has none). */
export function provinceBelongsToCountry(country: string, province: string): boolean {
  return isCountryCode(country) && subdivisionsByCountry[country].some((s) => s.code === province);
}

/** The subdivision's name, or undefined for a code we do not know. */
export function subdivisionName(code: string): string | undefined {
  for (const list of Object.values(subdivisionsByCountry)) {
    const found = list.find((s) => s.code === code);
    if (found) return found.name;
  }
  return undefined;
}
