// The spec's URLs exactly (§2). Named routes from the spec are the route ids.
// Static segments outrank dynamic ones, so the venue catch-all /:cSeo/:idEstablecimiento
// only gets two-segment paths no other route claims (e.g. not /BuyTicket/5 or /landing/x).
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { staticPages } from "./lib/static-pages";

export default [
  index("routes/billboard.tsx", { id: "cartelera" }),
  route("brand.css", "routes/brand-css.ts", { id: "brandCss" }),
  route("cartelera/resultados", "routes/billboard-results.ts", { id: "billboardResults" }),
  route("AdvancedSearch", "routes/advanced-search.tsx", { id: "advancedsearch" }),
  route("tienda", "routes/shop.tsx", { id: "CarteleraProductos" }),
  route("tienda/:idEstablecimiento", "routes/shop.tsx", {
    id: "CarteleraProductosEstablecimiento",
  }),
  route("funcionTienda", "routes/shop-performance.tsx", { id: "funcionTienda" }),
  route("establecimiento/:cSeo/:idEstablecimiento", "routes/venue.tsx", { id: "establecimiento" }),
  route("landing/:cSeo", "routes/landing.tsx", { id: "landing" }),
  route("funcion/:cSeo/:id", "routes/performance/route.tsx", { id: "funcion" }),
  route("funcion", "routes/performance/route.tsx", { id: "funcionQuery" }),
  route("login", "routes/login.tsx", { id: "login" }),
  route("signUp", "routes/sign-up.tsx", { id: "signUp" }),
  route("logout", "routes/logout.ts", { id: "logout" }),
  route("funcion/:cSeo/:id/vista/:idSector", "routes/sector-view/route.tsx", { id: "sectorView" }),
  route("funcion/:cSeo/:id/disponibilidad", "routes/performance/availability.ts", {
    id: "performanceAvailability",
  }),
  route("myPhone", "routes/my-phone/route.tsx", { id: "myPhone" }),
  route("myAddress", "routes/my-address/route.tsx", { id: "myAddress" }),
  route("recoverPassword", "routes/recover-password/route.tsx", { id: "recoverPassword" }),
  route("changePassword", "routes/change-password.tsx", { id: "changePassword" }),
  route("dev/outbox", "routes/dev-outbox/route.tsx", { id: "devOutbox" }),
  route("myData", "routes/my-data.tsx", { id: "myData" }),
  route("myAlias", "routes/my-alias.tsx", { id: "myAlias" }),
  route("myCards", "routes/my-cards/route.tsx", { id: "myCards" }),
  route("loginRedirect", "routes/login-redirect.tsx", { id: "loginRedirect" }),
  route("additionalData", "routes/additional-data.tsx", { id: "additionalData" }),
  route("endSession", "routes/end-session.tsx", { id: "endSession" }),
  route("endSession/frame", "routes/end-session-frame.ts", { id: "endSessionFrame" }),
  route("BuyTicket/:idProcesoDeCompra", "routes/buy-ticket/route.tsx", { id: "BuyTicket" }),
  route("BuyTicket/ok/:idProcesoDeCompra", "routes/buy-ticket-ok.tsx", { id: "BuyTicketOk" }),
  route("payFinish", "routes/pay-finish.tsx", { id: "payFinish" }),
  route("payConfirm", "routes/pay-result/confirm.tsx", { id: "payConfirm" }),
  route("payConfirmPool", "routes/pay-result/confirm.tsx", { id: "payConfirmPool" }),
  route("payError", "routes/pay-result/error.tsx", { id: "payError" }),
  // The spec's payment change page (§2) has no URL of its own there: named as its siblings.
  route("payChange/:idProcesoDeCompra", "routes/pay-change/route.tsx", { id: "payChange" }),
  route("bancard/finish3ds/:idProcesoDeCompra", "routes/pay-result/bank-return.tsx", {
    id: "bancardFinish3ds",
  }),
  route("bancard/finish/:idProcesoDeCompra", "routes/pay-result/bank-return.tsx", {
    id: "bancardFinish",
  }),
  route("paypal/finish/:idProcesoDeCompra", "routes/pay-result/paypal-return.tsx", {
    id: "paypalFinish",
  }),
  // Where the wallets' pages send the payer back: Apay's and Tigo Money's (spec §2).
  route("apay/cobro/finalizar", "routes/pay-result/wallet-return.tsx", { id: "apayFinish" }),
  route("payConfirmTigoMoney", "routes/pay-result/wallet-return.tsx", {
    id: "payConfirmTigoMoney",
  }),
  route("linkPago", "routes/payment-link/enter.tsx", { id: "linkPago" }),
  route("linkPago/:idProcesoDeCompra", "routes/payment-link/route.tsx", { id: "linkPagoProcess" }),
  route("payConfirmLinkPago", "routes/payment-link/confirm.tsx", { id: "payConfirmLinkPago" }),
  route("cart", "routes/cart.tsx", { id: "cart" }),
  route("buyingTab", "routes/buying-tab.ts", { id: "buyingTab" }),
  route("cancelPurchase", "routes/cancel-purchase.tsx", { id: "cancelPurchase" }),
  route("promocion", "routes/promotions/route.tsx", { id: "promocion" }),
  route("BuyTicketBox", "routes/box-office/sale.tsx", { id: "BuyTicketBox" }),
  route("BuyTicketBox/ok/:idPedido", "routes/box-office/sale-done.tsx", { id: "BuyTicketBoxOk" }),
  route("myBookingsBox", "routes/box-office/counter-sales.tsx", { id: "myBookingsBox" }),
  route("door", "routes/door/route.tsx", { id: "door" }),
  route("door/public-key.pem", "routes/door/public-key.ts", { id: "doorPublicKey" }),
  route("door/cancelled-tickets.json", "routes/door/cancelled-tickets.ts", {
    id: "doorCancelledTickets",
  }),
  route("myOrders", "routes/my-orders.tsx", { id: "myOrders" }),
  route("myBookings", "routes/my-bookings/route.tsx", { id: "myBookings" }),
  route("myOrders/:idPedido/eticket.pdf", "routes/eticket-download.ts", { id: "eticketDownload" }),
  route("myOrders/:idPedido/calendar.ics", "routes/order-calendar.ts", { id: "orderCalendar" }),
  // bill.pdf and credit-note.pdf (the files above are matched first).
  route("myOrders/:idPedido/:receiptFile", "routes/receipt-download.ts", { id: "receiptDownload" }),
  route("language", "routes/language.ts", { id: "language" }),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  ...staticPages.map((page) => route(page, "routes/static-page.tsx", { id: `page-${page}` })),
  // The spec's catch-all venue URL (named route funcionSeoEst).
  route(":cSeo/:idEstablecimiento", "routes/venue.tsx", { id: "funcionSeoEst" }),
  route("*", "routes/not-found.tsx", { id: "notFound" }),
] satisfies RouteConfig;
