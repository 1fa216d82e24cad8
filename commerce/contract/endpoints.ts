// Every /v2 endpoint, by area: what the API registers, what /v2/openapi.json and /v2/docs
// describe, and what the storefront's client may call.
import {
  changePasswordEndpoint,
  recoveryCodeEndpoint,
  resetPasswordEndpoint,
} from "./account-security.ts";
import {
  bookByPerformanceEndpoint,
  bookByPositionEndpoint,
  bookingsEndpoint,
  releaseBookingEndpoint,
  resumeBookingEndpoint,
} from "./bookings.ts";
import {
  boxChargeEndpoint,
  boxChargeFormEndpoint,
  cancelOrderEndpoint,
  counterSalesEndpoint,
} from "./box-office.ts";
import {
  billboardEndpoint,
  contactEndpoint,
  searchEndpoint,
  shopActiveForEndpoint,
  shopEndpoint,
  shopForEndpoint,
  venuesEndpoint,
} from "./browse.ts";
import { cardPlansEndpoint } from "./card-plans.ts";
import {
  performanceEndpoint,
  posterEndpoint,
  showCardsEndpoint,
  showEndpoint,
  showTypesEndpoint,
} from "./catalog.ts";
import {
  deleteAddressEndpoint,
  deletePhoneEndpoint,
  insertAddressEndpoint,
  insertPhoneEndpoint,
  updateAddressEndpoint,
  updatePhoneEndpoint,
} from "./contacts.ts";
import {
  aliasEndpoint,
  customerInfoEndpoint,
  loginEndpoint,
  logoutEndpoint,
  personalDataEndpoint,
  signUpEndpoint,
} from "./customers.ts";
import {
  doorCancelledTicketsEndpoint,
  doorCheckEndpoint,
  doorPerformancesEndpoint,
  ticketKeyEndpoint,
} from "./door.ts";
import { defineEndpoint, type EndpointDefinition } from "./endpoint.ts";
import { additionalDataEndpoint, externalLoginEndpoint } from "./external-login.ts";
import {
  acquirerFormEndpoint,
  bancardConfirmationEndpoint,
  deleteCardEndpoint,
  payPalConfirmEndpoint,
  payPalOrderEndpoint,
  payPalWebhookEndpoint,
  registerCardEndpoint,
  savedCardsEndpoint,
} from "./hosted-payments.ts";
import { eticketEndpoint, orderEndpoint, ordersEndpoint, receiptPdfEndpoint } from "./orders.ts";
import {
  acquirerNotificationEndpoint,
  awaitingPaymentsEndpoint,
  cancel3dsEndpoint,
  cancelChargeEndpoint,
  confirm3dsEndpoint,
  payAgainEndpoint,
  payAgainFormEndpoint,
  paymentChangeEndpoint,
} from "./payment-follow-up.ts";
import {
  createPaymentLinkEndpoint,
  payByLinkEndpoint,
  payByLinkFormEndpoint,
  paymentLinkCardPlansEndpoint,
  paymentLinkEndpoint,
} from "./payment-links.ts";
import {
  charge2Endpoint,
  confirmWalletEndpoint,
  paymentMethods2Endpoint,
  preValidation2Endpoint,
  walletNotificationEndpoint,
} from "./payments-v2.ts";
import {
  changeSectorEndpoint,
  heldPlacesEndpoint,
  releaseGroupEndpoint,
  takeGroupEndpoint,
} from "./positions.ts";
import { answerQuestionsEndpoint, processQuestionsEndpoint } from "./process-answers.ts";
import { assignedProductsEndpoint, selectProductsEndpoint } from "./products.ts";
import {
  chooseGroupPromotionsEndpoint,
  chooseProcessPromotionsEndpoint,
  performancePromotionsEndpoint,
} from "./promotions.ts";
import {
  chargeEndpoint,
  deliveryTypesEndpoint,
  extendEndpoint,
  invalidateEndpoint,
  paymentMethodsEndpoint,
  preValidationEndpoint,
  processEndpoint,
  releasePerformanceEndpoint,
  selectDeliveryEndpoint,
  selectPaymentMethodEndpoint,
  takePlacesEndpoint,
} from "./purchase.ts";
import {
  fairnessEndpoint,
  leaveQueueEndpoint,
  queuedPerformancesEndpoint,
  queueKeyEndpoint,
  queueSettingsEndpoint,
  turnEndpoint,
} from "./queue.ts";
import {
  availabilityEndpoint,
  hallEndpoint,
  hallSectorSeatsEndpoint,
  sectorPlacesEndpoint,
} from "./seat-map.ts";

export const openApiEndpoint = defineEndpoint({
  id: "openApi",
  method: "GET",
  path: "/openapi.json",
  area: "meta",
  summary: "This API described as an OpenAPI 3.1 document, generated from its contract.",
  access: "public",
  response: { file: "application/json" },
});

export const docsEndpoint = defineEndpoint({
  id: "docs",
  method: "GET",
  path: "/docs",
  area: "meta",
  summary: "This API's reference as a web page.",
  access: "public",
  response: { file: "text/html" },
});

/** The endpoints by the name the storefront calls them with. */
export const endpoints = {
  // catalog
  showTypes: showTypesEndpoint,
  showCards: showCardsEndpoint,
  show: showEndpoint,
  performance: performanceEndpoint,
  poster: posterEndpoint,
  // catalog: the seat map
  hall: hallEndpoint,
  hallSectorSeats: hallSectorSeatsEndpoint,
  sectorPlaces: sectorPlacesEndpoint,
  availability: availabilityEndpoint,
  // browse
  billboard: billboardEndpoint,
  venues: venuesEndpoint,
  search: searchEndpoint,
  shop: shopEndpoint,
  shopActiveFor: shopActiveForEndpoint,
  shopFor: shopForEndpoint,
  contact: contactEndpoint,
  // customers
  signUp: signUpEndpoint,
  login: loginEndpoint,
  logout: logoutEndpoint,
  customerInfo: customerInfoEndpoint,
  // customers: phones and addresses
  insertPhone: insertPhoneEndpoint,
  updatePhone: updatePhoneEndpoint,
  deletePhone: deletePhoneEndpoint,
  insertAddress: insertAddressEndpoint,
  updateAddress: updateAddressEndpoint,
  deleteAddress: deleteAddressEndpoint,
  recoveryCode: recoveryCodeEndpoint,
  resetPassword: resetPasswordEndpoint,
  changePassword: changePasswordEndpoint,
  updatePersonalData: personalDataEndpoint,
  updateAlias: aliasEndpoint,
  externalLogin: externalLoginEndpoint,
  additionalData: additionalDataEndpoint,
  // purchase
  takePlaces: takePlacesEndpoint,
  process: processEndpoint,
  releasePerformance: releasePerformanceEndpoint,
  invalidate: invalidateEndpoint,
  extend: extendEndpoint,
  deliveryTypes: deliveryTypesEndpoint,
  selectDelivery: selectDeliveryEndpoint,
  paymentMethods: paymentMethodsEndpoint,
  selectPaymentMethod: selectPaymentMethodEndpoint,
  cardPlans: cardPlansEndpoint,
  processQuestions: processQuestionsEndpoint,
  answerQuestions: answerQuestionsEndpoint,
  createPaymentLink: createPaymentLinkEndpoint,
  paymentLink: paymentLinkEndpoint,
  paymentLinkCardPlans: paymentLinkCardPlansEndpoint,
  payByLink: payByLinkEndpoint,
  payByLinkForm: payByLinkFormEndpoint,
  preValidation: preValidationEndpoint,
  charge: chargeEndpoint,
  // purchase: after a charge that did not end at once
  confirm3ds: confirm3dsEndpoint,
  cancel3ds: cancel3dsEndpoint,
  cancelCharge: cancelChargeEndpoint,
  acquirerNotification: acquirerNotificationEndpoint,
  paymentChange: paymentChangeEndpoint,
  awaitingPayments: awaitingPaymentsEndpoint,
  payAgain: payAgainEndpoint,
  payAgainForm: payAgainFormEndpoint,
  // purchase: the second payment calls, cards and wallets in one shape
  paymentMethods2: paymentMethods2Endpoint,
  preValidation2: preValidation2Endpoint,
  charge2: charge2Endpoint,
  confirmWallet: confirmWalletEndpoint,
  walletNotification: walletNotificationEndpoint,
  acquirerForm: acquirerFormEndpoint,
  payPalOrderCreate: payPalOrderEndpoint,
  payPalConfirm: payPalConfirmEndpoint,
  bancardConfirmation: bancardConfirmationEndpoint,
  payPalWebhook: payPalWebhookEndpoint,
  savedCards: savedCardsEndpoint,
  registerCard: registerCardEndpoint,
  deleteCard: deleteCardEndpoint,
  // purchase: positions by group
  heldPlaces: heldPlacesEndpoint,
  takeGroup: takeGroupEndpoint,
  releaseGroup: releaseGroupEndpoint,
  changeSector: changeSectorEndpoint,
  // purchase: bookings (spec §7 TomarReserva*, idReserva)
  bookByPerformance: bookByPerformanceEndpoint,
  bookByPosition: bookByPositionEndpoint,
  bookings: bookingsEndpoint,
  resumeBooking: resumeBookingEndpoint,
  releaseBooking: releaseBookingEndpoint,
  // purchase: products with a performance
  assignedProducts: assignedProductsEndpoint,
  selectProducts: selectProductsEndpoint,
  // purchase: promotions
  performancePromotions: performancePromotionsEndpoint,
  chooseGroupPromotions: chooseGroupPromotionsEndpoint,
  chooseProcessPromotions: chooseProcessPromotionsEndpoint,
  // the box office (clerks only)
  boxCharge: boxChargeEndpoint,
  boxChargeForm: boxChargeFormEndpoint,
  counterSales: counterSalesEndpoint,
  cancelOrder: cancelOrderEndpoint,
  // orders
  orders: ordersEndpoint,
  order: orderEndpoint,
  eticket: eticketEndpoint,
  receiptPdf: receiptPdfEndpoint,
  // the door check (door staff only, but for the public key)
  ticketKey: ticketKeyEndpoint,
  doorPerformances: doorPerformancesEndpoint,
  doorCheck: doorCheckEndpoint,
  doorCancelledTickets: doorCancelledTicketsEndpoint,
  // the virtual waiting room (issue 12)
  queuedPerformances: queuedPerformancesEndpoint,
  queueKey: queueKeyEndpoint,
  turn: turnEndpoint,
  leaveQueue: leaveQueueEndpoint,
  queueSettings: queueSettingsEndpoint,
  queueFairness: fairnessEndpoint,
  // about the API itself
  openApi: openApiEndpoint,
  docs: docsEndpoint,
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof endpoints;

export const allEndpoints: readonly EndpointDefinition[] = Object.values(endpoints);
