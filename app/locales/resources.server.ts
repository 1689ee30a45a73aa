// Every translation, bundled into the Worker (no file system at the edge).
import enAuth from "./en/auth.json";
import enCars from "./en/cars.json";
import enCommon from "./en/common.json";
import enEmail from "./en/email.json";
import enFeatures from "./en/features.json";
import enLightbox from "./en/lightbox.json";
import enListings from "./en/listings.json";
import enPages from "./en/pages.json";
import enProfile from "./en/profile.json";
import enAgreement from "./en/agreement.json";
import enBookings from "./en/bookings.json";
import enPayment from "./en/payment.json";
import enReviews from "./en/reviews.json";
import enMessages from "./en/messages.json";
import enNotifications from "./en/notifications.json";
import enAdmin from "./en/admin.json";
import enDashboard from "./en/dashboard.json";
import enInformation from "./en/information.json";
import enClaims from "./en/claims.json";
import enTrips from "./en/trips.json";
import enPayouts from "./en/payouts.json";
import enStatements from "./en/statements.json";
import ltAuth from "./lt/auth.json";
import ltCars from "./lt/cars.json";
import ltCommon from "./lt/common.json";
import ltEmail from "./lt/email.json";
import ltFeatures from "./lt/features.json";
import ltLightbox from "./lt/lightbox.json";
import ltListings from "./lt/listings.json";
import ltPages from "./lt/pages.json";
import ltProfile from "./lt/profile.json";
import ltAgreement from "./lt/agreement.json";
import ltBookings from "./lt/bookings.json";
import ltPayment from "./lt/payment.json";
import ltReviews from "./lt/reviews.json";
import ltMessages from "./lt/messages.json";
import ltNotifications from "./lt/notifications.json";
import ltAdmin from "./lt/admin.json";
import ltDashboard from "./lt/dashboard.json";
import ltInformation from "./lt/information.json";
import ltClaims from "./lt/claims.json";
import ltTrips from "./lt/trips.json";
import ltPayouts from "./lt/payouts.json";
import ltStatements from "./lt/statements.json";

export const resources = {
  lt: {
    common: ltCommon,
    auth: ltAuth,
    pages: ltPages,
    email: ltEmail,
    features: ltFeatures,
    cars: ltCars,
    lightbox: ltLightbox,
    listings: ltListings,
    profile: ltProfile,
    bookings: ltBookings,
    payment: ltPayment,
    reviews: ltReviews,
    agreement: ltAgreement,
    messages: ltMessages,
    notifications: ltNotifications,
    admin: ltAdmin,
    dashboard: ltDashboard,
    information: ltInformation,
    claims: ltClaims,
    trips: ltTrips,
    payouts: ltPayouts,
    statements: ltStatements,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    pages: enPages,
    email: enEmail,
    features: enFeatures,
    cars: enCars,
    lightbox: enLightbox,
    listings: enListings,
    profile: enProfile,
    bookings: enBookings,
    payment: enPayment,
    reviews: enReviews,
    agreement: enAgreement,
    messages: enMessages,
    notifications: enNotifications,
    admin: enAdmin,
    dashboard: enDashboard,
    information: enInformation,
    claims: enClaims,
    trips: enTrips,
    payouts: enPayouts,
    statements: enStatements,
  },
};
