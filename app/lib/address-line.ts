// One line for an address, as lists and orders show it: "Av. de Mayo 525, 3 B — C1084
// Buenos Aires".
type AddressParts = {
  cCalle: string;
  cNumero: string;
  cPiso: string | null;
  cDepartamento: string | null;
  cCodigoPostal: string;
  cLocalidad: string;
};

export function addressLine(address: AddressParts): string {
  const unit = [address.cPiso, address.cDepartamento].filter(Boolean).join(" ");
  const street = `${address.cCalle} ${address.cNumero}${unit ? `, ${unit}` : ""}`;
  return `${street} — ${address.cCodigoPostal} ${address.cLocalidad}`;
}
