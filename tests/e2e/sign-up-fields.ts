// The sign-up form's fields for a new adult buyer, as a browser posts them: the suites and the
// page benchmarks sign up through the real form (only the e-mail and password differ).
export function signUpFields(email: string, password = "Entradas2026"): Record<string, string> {
  return {
    cNombre: "Ana",
    cApellido: "Pereyra",
    cEmail: email,
    cEmailConfirmacion: email,
    cClave: password,
    cClaveConfirmacion: password,
    cGenero: "FEMENINO",
    cTipoDocumento: "DNI",
    cNumeroDocumento: "30123456",
    nNacimientoDia: "14",
    nNacimientoMes: "3",
    nNacimientoAnio: "1988",
    redirectTo: "/",
  };
}
