// Where the logout's hidden frame ends (end-session.tsx): the city's end-session page sends
// the frame back to /endSession, which sends it here. No page of the shop may be framed
// (frame-ancestors 'none'), so loading one there would be refused and logged in the console
// as an error; an empty answer (204) leaves the frame on the provider's page, which is done.
export function loader() {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
