/** Query parameter that opens the newsletter's thank-you dialog when JavaScript is off. */
export const newsletterParam = "newsletter";
export const newsletterThanks = "thanks";
