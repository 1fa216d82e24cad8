// The spec's URLs exactly (§2). Named routes from the spec are the route ids.
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { staticPages } from "./lib/static-pages";

export default [
  index("routes/billboard.tsx", { id: "cartelera" }),
  route("landing/:cSeo", "routes/landing.tsx", { id: "landing" }),
  route("funcion/:cSeo/:id", "routes/performance.tsx", { id: "funcion" }),
  route("funcion", "routes/performance.tsx", { id: "funcionQuery" }),
  route("login", "routes/login.tsx", { id: "login" }),
  route("signUp", "routes/sign-up.tsx", { id: "signUp" }),
  route("logout", "routes/logout.ts", { id: "logout" }),
  route("BuyTicket/:idProcesoDeCompra", "routes/buy-ticket.tsx", { id: "BuyTicket" }),
  route("BuyTicket/ok/:idProcesoDeCompra", "routes/buy-ticket-ok.tsx", { id: "BuyTicketOk" }),
  route("payFinish", "routes/pay-finish.tsx", { id: "payFinish" }),
  route("myOrders", "routes/my-orders.tsx", { id: "myOrders" }),
  route("myOrders/:idPedido/eticket.pdf", "routes/eticket-download.ts", { id: "eticketDownload" }),
  route("language", "routes/language.ts", { id: "language" }),
  ...staticPages.map((page) => route(page, "routes/static-page.tsx", { id: `page-${page}` })),
  route("*", "routes/not-found.tsx", { id: "notFound" }),
] satisfies RouteConfig;
