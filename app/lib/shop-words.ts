// The first words of the shop's own addresses (app/routes.ts). The venue catch-all
// /{cSeo}/{idEstablecimiento} sends any other word to the venue's address, but a path that
// starts with one of these (/BuyTicketBox/1, /payConfirm/3) is a mistyped page of the shop,
// not a venue: it stays a 404. routes.test.ts keeps this list in step with the routes.
import { staticPages } from "./static-pages";

const words = [
  "cartelera",
  "AdvancedSearch",
  "tienda",
  "funcionTienda",
  "establecimiento",
  "landing",
  "funcion",
  "login",
  "signUp",
  "logout",
  "myPhone",
  "myAddress",
  "recoverPassword",
  "changePassword",
  "dev",
  "myData",
  "myAlias",
  "myCards",
  "loginRedirect",
  "additionalData",
  "endSession",
  "BuyTicket",
  "payFinish",
  "payConfirm",
  "payConfirmPool",
  "payError",
  "payChange",
  "bancard",
  "paypal",
  "apay",
  "payConfirmTigoMoney",
  "linkPago",
  "payConfirmLinkPago",
  "cart",
  "cancelPurchase",
  "buyingTab",
  "promocion",
  "BuyTicketBox",
  "myBookingsBox",
  "door",
  "myOrders",
  "myBookings",
  "language",
  "sitemap.xml",
  "robots.txt",
  "brand.css",
  ...staticPages,
];

const lowerWords = new Set(words.map((word) => word.toLowerCase()));

/** Whether `word` starts one of the shop's own addresses (in any capitals). */
export const isShopWord = (word: string) => lowerWords.has(word.toLowerCase());
